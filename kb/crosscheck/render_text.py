"""Cross-check reports as terminal text that fits 100 columns.

Japanese and Chinese characters take two columns in a terminal, so lines are
measured and wrapped by display width, not by len().
"""

from __future__ import annotations

import unicodedata

from kb.crosscheck.model import FINDING_LABELS, FLAG_LABELS, Cell, DocumentCrosscheck, Finding, Row, RuleCrosscheck
from kb.crosscheck.tiers import POSSIBLE, SURE, TIERS
from kb.history.diff import CHANGE_LABELS
from kb.i18n import N_, _, ngettext

WIDTH = 100
_LABEL = 12  # "ja 702.26i │ " is the label column of a text line
_SPACE_BREAK = 20  # break at a space only if it is this near the end (CJK lines break anywhere)


def width(text: str) -> int:
    """Terminal columns of ``text``: two for wide and full-width characters."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 0 if unicodedata.combining(ch) else 1 for ch in text)


# Line-breaking rules of Japanese and Chinese (JIS X 4051 kinsoku): no line starts with these ...
NO_START = frozenset(
    "、。，．,.・･：；:;！？!?)）]］｝〕〉》」』】〙〗〟’”»ヽヾーァィゥェォッャュョヮヵヶ"
    "ぁぃぅぇぉっゃゅょゎゕゖ々〻‐゠–〜～"
)
# ... and none ends with these.
NO_END = frozenset("(（[［｛〔〈《「『【〘〖〝‘“«")
_PUSH = 4  # at most this many characters move to the next line to keep a break legal


def wrap(text: str, columns: int) -> list[str]:
    """Lines of at most ``columns`` display columns, broken at spaces where the script has them;
    where it has none (Japanese, Chinese), between characters as the line-breaking rules allow:
    no small kana, ー, ・, 、 or 。 at the start of a line, no opening bracket at its end."""
    lines: list[str] = []
    line, used, last_space = "", 0, -1
    for ch in " ".join(text.split()):
        w = width(ch)
        if used + w > columns:
            if last_space > 0 and ch != " " and width(line[last_space:]) <= _SPACE_BREAK:
                lines.append(line[:last_space].rstrip())
                line = line[last_space + 1 :]
            elif ch == " ":
                lines.append(line.rstrip())
                line = ""
            else:
                head, line = _legal_break(line, ch)
                lines.append(head.rstrip())
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


def _legal_break(line: str, following: str) -> tuple[str, str]:
    """``line`` split into what stays and what moves on, so that neither the next line starts with
    a character of NO_START (``following`` comes next) nor this one ends with one of NO_END."""
    for moved in range(_PUSH + 1):
        head, tail = line[: len(line) - moved], line[len(line) - moved :]
        start = (tail + following)[:1]
        if head and start not in NO_START and head[-1] not in NO_END and head[-1] != " ":
            return head, tail
    return line, ""


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
    """The row's texts in order, each text once: an English side is its own English text, and the
    English of both editions is shown once where it reads the same."""
    cells = [(report.a.lang, row.a), ("en", row.en_a), ("en", row.en_b), (report.b.lang, row.b)]
    shown: list[tuple[str, Cell | None]] = []
    for lang, cell in cells:
        if cell is not None and any(
            c is not None and (c.lang, c.number, c.text) == (cell.lang, cell.number, cell.text) for _, c in shown
        ):
            continue
        shown.append((lang, cell))
    return shown


def _side_lines(side, name: str, columns: int) -> list[str]:
    """A side on lines of its own, so no document name is broken: "A: ja 312 現象", then the
    document and edition, then the English pivot."""
    out = wrap(f"{name}: {side.lang} {side.number} {side.title or ''}".rstrip(), columns)
    for part in (f"{side.document}, {side.edition or _('undated')}", english_pivot(side)):
        out += ["   " + line for line in wrap(part, columns - 3)]
    return out


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
    out = [*_side_lines(report.a, "A", columns), *_side_lines(report.b, "B", columns)]
    flags = ", ".join(f"{k} {n}" for k, n in report.counts.items() if n) or _("none")
    out.append(_("{aligned}; flags: {flags}").format(aligned=aligned(report), flags=flags))
    out += [line for note in report.notes for line in wrap(_("Note: {note}").format(note=note), columns)]
    out.append("")
    head = f"{pad('A ' + report.a.lang, 10)} {pad('B ' + report.b.lang, 10)} {pad(_('English change'), 18)} " + _(
        "flags"
    )
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
    """Counts per finding class (sure + possible), then the sure findings of each class, the surest first, then
    the possible ones under their own heading (``limit`` per class and tier; None for all)."""
    tr, en = report.translation, report.original
    out = wrap(
        _("Translation: {document} ({lang}, {edition})").format(
            document=tr["document"], lang=tr["lang"], edition=tr["edition"] or _("undated")
        ),
        columns,
    )
    out += wrap(
        _("Original:    {document} ({lang}, {edition})").format(
            document=en["document"], lang=en["lang"], edition=en["edition"] or _("undated")
        ),
        columns,
    )
    rules = report.rules
    out.append(
        _("Rules: {translation} in the translation, {original} in the original, {paired} paired by number").format(
            **rules
        )
    )
    out += wrap(shares_line(report), columns)
    out.append("")
    for kind, n in report.counts.items():
        sure, possible = report.tiers(kind)
        split = f"{sure} + {possible}" if n else ""
        head = f"{n:6}  {kind:13} {split:9} "
        label = wrap(_(FINDING_LABELS[kind]), columns - width(head))  # the longest label would pass 100 columns
        out += [(head if at == 0 else " " * len(head)) + line for at, line in enumerate(label)]
    for tier in TIERS:
        shown_any = [kind for kind in report.counts if report.of_kind(kind, tier)]
        if not shown_any:
            continue
        heading = f"══ {_(TIER_HEADINGS[tier])} "
        out += ["", heading + "═" * max(0, columns - width(heading))]
        for kind in shown_any:
            found = ranked(report.of_kind(kind, tier))
            title = f"── {kind} ({len(found)}) "
            out += ["", title + "─" * max(0, columns - width(title))]
            shown = found[: limit if limit is not None else None]
            for finding in shown:
                out += wrap(finding.message, columns)
            if len(shown) < len(found):
                more = len(found) - len(shown)
                out.append(
                    ngettext(
                        "… {n} more (--all or --json for every finding)",
                        "… {n} more (--all or --json for every finding)",
                        more,
                    ).format(n=more)
                )
    return "\n".join(out)


# The headings of the two tiers, sure first (kb.crosscheck.tiers).
TIER_HEADINGS = {
    SURE: N_("Sure findings (of a kind a person confirmed 19 times in 20 or more)"),
    POSSIBLE: N_("Possible findings (worth a look; often a paraphrase)"),
}


def ranked(findings: list[Finding]) -> list[Finding]:
    """The surest first; a finding without a confidence (the structural classes) counts as sure, and findings of
    equal confidence keep the document's order."""
    return sorted(findings, key=lambda f: -(1.0 if f.confidence is None else f.confidence))


def shares_line(report: DocumentCrosscheck) -> str:
    """The summary a translator reads first: how much of the document each tier asks to read."""
    shares = report.shares
    sure = len({f.number for f in report.findings if f.tier == SURE})
    return _(
        "Flagged: {sure} rules with a sure finding ({sure_share:.1%}), {any} with any finding ({any_share:.1%})"
    ).format(sure=sure, sure_share=shares["sure"], any=len(report.flagged), any_share=shares["any"])


def legend() -> str:
    return "\n".join(f"{kind:13} {_(label)}" for kind, label in FLAG_LABELS.items())
