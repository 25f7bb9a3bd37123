"""Cross-check reports as terminal text that fits 100 columns.

Japanese and Chinese characters take two columns in a terminal, so lines are
measured and wrapped by display width, not by len().
"""

from __future__ import annotations

import unicodedata

from kb.crosscheck.model import FINDING_LABELS, FLAG_LABELS, Cell, DocumentCrosscheck, Row, RuleCrosscheck
from kb.history.diff import CHANGE_LABELS
from kb.i18n import _, ngettext

WIDTH = 100
_LABEL = 12  # "ja 702.26i │ " is the label column of a text line
_SPACE_BREAK = 20  # break at a space only if it is this near the end (CJK lines break anywhere)


def width(text: str) -> int:
    """Terminal columns of ``text``: two for wide and full-width characters."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 0 if unicodedata.combining(ch) else 1
               for ch in text)


def wrap(text: str, columns: int) -> list[str]:
    """Lines of at most ``columns`` display columns, broken at spaces where the script has them."""
    lines: list[str] = []
    line, used, last_space = "", 0, -1
    for ch in " ".join(text.split()):
        w = width(ch)
        if used + w > columns:
            if last_space > 0 and ch != " " and width(line[last_space:]) <= _SPACE_BREAK:
                lines.append(line[:last_space].rstrip())
                line = line[last_space + 1:]
            else:
                lines.append(line.rstrip())
                line = ""
            used, last_space = width(line), -1
            if ch == " ":
                continue
        if ch == " ":
            last_space = len(line)
        line += ch
        used += w
    if line.strip():
        lines.append(line.rstrip())
    return lines or [""]


def pad(text: str, columns: int) -> str:
    """``text`` cut or padded to exactly ``columns`` display columns."""
    out, used = "", 0
    for ch in text:
        w = width(ch)
        if used + w > columns:
            break
        out += ch
        used += w
    return out + " " * (columns - used)


def _block(label: str, text: str, columns: int) -> list[str]:
    body = wrap(text, columns - _LABEL - 3)
    return [f"{pad(label if i == 0 else '', _LABEL)} │ {line}" for i, line in enumerate(body)]


def _cells(row: Row, report: RuleCrosscheck) -> list[tuple[str, Cell | None]]:
    return [(report.a.lang, row.a), ("en", row.en_a), ("en", row.en_b), (report.b.lang, row.b)]


def _side_line(side, name: str) -> str:
    return (f"{name}: {side.lang} {side.number} {side.title or ''} [{side.document}, "
            f"{side.edition or _('undated')}; {english_pivot(side)}]")


def english_pivot(side) -> str:
    """How a side reaches English: "English MagicCompRules_20231117 (same edition)" (text and HTML)."""
    pivot = side.pivot
    if not pivot:
        return _("no English edition")
    return _("English {document} ({how})").format(document=pivot["document"], how=pivot["how"])


def aligned(report: RuleCrosscheck) -> str:
    """How the rows were aligned, as a sentence without its full stop."""
    return _("Aligned through the English editions") if report.method == "pivot" else _("Aligned by structure")


def change_label(change: str | None) -> str:
    return _(CHANGE_LABELS[change]) if change in CHANGE_LABELS else (change or "")


def render_rule(report: RuleCrosscheck, columns: int = WIDTH) -> str:
    """Overview table of the alignment, then each row's four texts with its flags."""
    out = [*wrap(_side_line(report.a, "A"), columns), *wrap(_side_line(report.b, "B"), columns)]
    flags = ", ".join(f"{k} {n}" for k, n in report.counts.items() if n) or _("none")
    out.append(_("{aligned}; flags: {flags}").format(aligned=aligned(report), flags=flags))
    out += [line for note in report.notes for line in wrap(_("Note: {note}").format(note=note), columns)]
    out.append("")
    head = (f"{pad('A ' + report.a.lang, 10)} {pad('B ' + report.b.lang, 10)} {pad(_('English change'), 18)} "
            + _("flags"))
    out += [head, "─" * min(columns, width(head) + 40)]
    for row in report.rows:
        a = row.a.number if row.a else (f"({row.en_a.number})" if row.en_a else "—")
        b = row.b.number if row.b else (f"({row.en_b.number})" if row.en_b else "—")
        kinds = ", ".join(dict.fromkeys(row.kinds()))
        out.append((f"{pad(a, 10)} {pad(b, 10)} {pad(change_label(row.change), 18)} " + kinds).rstrip()[:columns])
    for row in report.rows:
        out += ["", "═" * columns]
        for lang, cell in _cells(row, report):
            if cell is not None:
                out += _block(f"{lang} {cell.number}", cell.text, columns)
        for flag in row.flags:
            side = f"[{flag.side.upper()}] " if flag.side else ""
            out += wrap(f"! {flag.kind}: {side}{flag.message}", columns)
        out += [line for note in row.notes for line in wrap(f"= {note}", columns)]
    return "\n".join(out)


def render_document(report: DocumentCrosscheck, columns: int = WIDTH, limit: int | None = 20) -> str:
    """Counts per finding class, then the findings of each class (``limit`` per class; None for all)."""
    tr, en = report.translation, report.original
    out = wrap(_("Translation {document} ({lang}, {edition}) against {original} ({original_lang}, "
                 "{original_edition})").format(
        document=tr["document"], lang=tr["lang"], edition=tr["edition"] or _("undated"), original=en["document"],
        original_lang=en["lang"], original_edition=en["edition"] or _("undated")), columns)
    rules = report.rules
    out.append(_("Rules: {translation} in the translation, {original} in the original, {paired} paired by "
                 "number").format(**rules))
    out.append("")
    for kind, n in report.counts.items():
        out.append(f"{n:6}  {kind:13} {_(FINDING_LABELS[kind])}")
    for kind, n in report.counts.items():
        if not n:
            continue
        title = f"── {kind} ({n}) "
        out += ["", title + "─" * max(0, columns - width(title))]
        shown = report.of_kind(kind)[: limit if limit is not None else None]
        for finding in shown:
            out += wrap(finding.message, columns)
        if len(shown) < n:
            more = n - len(shown)
            out.append(ngettext("… {n} more (--all or --json for every finding)",
                                "… {n} more (--all or --json for every finding)", more).format(n=more))
    return "\n".join(out)


def legend() -> str:
    return "\n".join(f"{kind:13} {_(label)}" for kind, label in FLAG_LABELS.items())
