"""Cross-check reports as one standalone HTML file: side by side, flags coloured, rule numbers linked.

No scripts and no external files: the page opens anywhere and can be mailed. Every
row and every rule number has an anchor; cited rules inside the texts link to their
row when the report has it, else to the Yawgatog page of the current rules.
"""

from __future__ import annotations

import re
from html import escape

from kb.crosscheck.model import FINDING_LABELS, FLAG_LABELS, Cell, DocumentCrosscheck, Flag, Row, RuleCrosscheck
from kb.crosscheck.render_text import aligned, english_pivot
from kb.history.text import word_diff
from kb.i18n import _, ngettext, ui_language
from kb.core.numbers import RuleNumber

YAWGATOG = "https://yawgatog.com/resources/magic-rules/"
_NUMBER = re.compile(r"(?<![\d.])\d{3}(?:\.\d{1,3}[a-z]{0,2})?(?![\d])")
COLOURS = {
    "one-side": "#d9822b", "rules-change": "#2b6cb0", "citations": "#b83280", "numbers": "#c53030",
    "terms": "#6b46c1", "untranslated": "#2f855a", "missing": "#d9822b", "extra": "#b7791f",
    "duplicate": "#744210", "subrules": "#dd6b20", "examples": "#319795",
}
_STYLE = """
body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5em; color: #1a202c; }
h1 { font-size: 1.3em; } h2 { font-size: 1.1em; margin-top: 1.6em; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { border: 1px solid #cbd5e0; padding: .35em .5em; vertical-align: top; text-align: left; }
th { background: #edf2f7; position: sticky; top: 0; }
td.en { color: #4a5568; background: #f7fafc; }
td.missing-cell { background: repeating-linear-gradient(45deg, #fff, #fff 6px, #f1f1f1 6px, #f1f1f1 12px); }
a.num { font-weight: 600; text-decoration: none; margin-right: .4em; }
ins { background: #c6f6d5; text-decoration: none; } del { background: #fed7d7; }
ul.flags { list-style: none; margin: 0; padding: 0; } ul.flags li { margin: 0 0 .3em; padding-left: .4em; }
.legend span, .count { display: inline-block; margin: 0 .6em .3em 0; padding: 0 .4em; }
.legend span, ul.flags li.flag, h2 { border-left-width: 6px; border-left-style: solid; }
tr.flagged td:first-child { box-shadow: inset 4px 0 0 #e53e3e; }
.notes { color: #4a5568; } .note { color: #2f855a; font-size: .92em; }
""" + "".join(f".k-{kind} {{ border-left-color: {colour}; }}\n"
              for kind, colour in COLOURS.items())


def _anchor(prefix: str, number: str) -> str:
    return prefix + RuleNumber.parse(number).anchor.lstrip("#")


def _page(title: str, body: list[str]) -> str:
    return (f"<!DOCTYPE html>\n<html lang=\"{ui_language().replace('_', '-')}\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width\"><title>{escape(title)}</title>"
            f"<style>{_STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")


def _marked(text: str, lang: str, spans=(), tag: str = "", anchors: dict[str, str] | None = None) -> str:
    """Escaped ``text``, changed ``spans`` wrapped in <ins>/<del>, rule numbers linked."""
    marks: list[tuple[int, int, str, str]] = [(s.start, s.end, tag, "") for s in spans]
    for match in _NUMBER.finditer(text):
        number = match.group()
        target = (anchors or {}).get(number) or YAWGATOG + RuleNumber.parse(number).anchor
        marks.append((match.start(), match.end(), "a", target))
    cuts = sorted({0, len(text), *(m[0] for m in marks), *(m[1] for m in marks)})
    out = []
    for start, end in zip(cuts, cuts[1:]):
        piece = escape(text[start:end])
        for m_start, m_end, name, href in marks:
            if m_start <= start and end <= m_end:
                piece = f'<a href="{escape(href)}">{piece}</a>' if name == "a" else f"<{name}>{piece}</{name}>"
        out.append(piece)
    return "".join(out)


def _cell(cell: Cell | None, prefix: str, css: str, spans=(), tag: str = "", anchors=None) -> str:
    if cell is None:
        return f'<td class="{css} missing-cell">—</td>'
    anchor = _anchor(prefix, cell.number)
    return (f'<td class="{css}" lang="{escape(cell.lang)}"><a class="num" id="{anchor}" href="#{anchor}">'
            f'{escape(cell.number)}</a>{_marked(cell.text, cell.lang, spans, tag, anchors)}</td>')


def _flags(flags: list[Flag], notes: list[str]) -> str:
    items = [f'<li class="flag k-{f.kind}" data-kind="{f.kind}"><b>{escape(f.kind)}</b>'
             + (f" [{f.side.upper()}]" if f.side else "") + f": {escape(f.message)}</li>" for f in flags]
    items += [f'<li class="note">= {escape(n)}</li>' for n in notes]
    return '<td class="flags"><ul class="flags">' + "".join(items) + "</ul></td>"


def _row(index: int, row: Row, anchors: dict[str, dict[str, str]]) -> str:
    old_spans, new_spans = ([], [])
    if row.en_a is not None and row.en_b is not None and "rules-change" in row.kinds():
        old_spans, new_spans = word_diff(row.en_a.text, row.en_b.text)
    css = "row flagged" if row.flags else "row"
    kinds = " ".join(sorted(set(row.kinds())))
    return (f'<tr id="row-{index}" class="{css}" data-flags="{kinds}">'
            + _cell(row.a, "a-", "text a", anchors=anchors["a"])
            + _cell(row.en_a, "ea-", "text en", old_spans, "del", anchors["a"])
            + _cell(row.en_b, "eb-", "text en", new_spans, "ins", anchors["b"])
            + _cell(row.b, "b-", "text b", anchors=anchors["b"])
            + _flags(row.flags, row.notes) + "</tr>")


def _legend(labels: dict[str, str], counts: dict[str, int]) -> str:
    return '<p class="legend">' + "".join(
        f'<span class="count k-{kind}" data-kind="{kind}">{escape(_(label))}: <b>{counts.get(kind, 0)}</b></span>'
        for kind, label in labels.items()) + "</p>"


def _side(side, name: str) -> str:
    return (f"<dt>{name}</dt><dd>{escape(side.lang)} {escape(side.number)} {escape(side.title or '')} — "
            f"{escape(side.document)}, {escape(side.edition or _('undated'))}; {escape(english_pivot(side))}</dd>")


def render_rule_html(report: RuleCrosscheck) -> str:
    a, b = report.a, report.b
    anchors = {
        side: {cell.number: "#" + _anchor(prefix, cell.number) for row in report.rows
               for cell in (getattr(row, key),) if cell is not None}
        for side, prefix, key in (("a", "a-", "a"), ("b", "b-", "b"))
    }
    label = {side: (s.pivot or {}).get("edition") or s.edition or _("undated") for side, s in (("a", a), ("b", b))}
    english = {side: escape(_("English {edition}").format(edition=label[side])) for side in label}
    head = (f"<tr><th>A: {escape(a.lang)} {escape(a.number)}</th><th>{english['a']}</th>"
            f"<th>{english['b']}</th><th>B: {escape(b.lang)} {escape(b.number)}</th><th>{escape(_('Flags'))}</th></tr>")
    title = _("Cross-check {a} ⇄ {b}").format(a=a.spec, b=b.spec)
    body = [
        f"<h1>{escape(title)}</h1>",
        f"<dl>{_side(a, 'A')}{_side(b, 'B')}</dl>",
        f'<p class="notes">{escape(aligned(report))}.' + "".join(f" {escape(n)}." for n in report.notes) + "</p>",
        _legend(FLAG_LABELS, report.counts),
        f'<table class="crosscheck"><colgroup><col><col><col><col><col style="width:22%"></colgroup>'
        f"<thead>{head}</thead><tbody>",
        *(_row(i, row, anchors) for i, row in enumerate(report.rows)),
        "</tbody></table>",
    ]
    return _page(title, body)


def _texts(finding, lang: str) -> str:
    """The translation's text; every text of a number printed more than once."""
    texts = finding.detail.get("texts") if finding.detail.get("side") == "translation" else None
    return "<hr>".join(_marked(t, lang) for t in texts) if texts else _marked(finding.translation or "", lang)


def render_document_html(report: DocumentCrosscheck) -> str:
    tr, en = report.translation, report.original
    title = _("Cross-check {document} against {original}").format(document=tr["document"], original=en["document"])
    rules = report.rules
    summary = ngettext("{translation} rule in the translation ({lang}, {edition}), {original} in the original, "
                       "{paired} paired by number.",
                       "{translation} rules in the translation ({lang}, {edition}), {original} in the original, "
                       "{paired} paired by number.", rules["translation"]).format(
        **rules, lang=tr["lang"], edition=tr["edition"] or _("undated"))
    body = [f"<h1>{escape(title)}</h1>", f"<p>{escape(summary)}</p>", _legend(FINDING_LABELS, report.counts)]
    for kind, n in report.counts.items():
        if not n:
            continue
        body.append(f'<h2 id="{kind}" class="k-{kind}">{escape(_(FINDING_LABELS[kind]))} ({n})</h2>')
        heads = "".join(f"<th>{escape(head)}</th>" for head in (_("Rule"), _("Finding"), _("Translation"), _("Original")))
        body.append('<table class="findings"><colgroup><col style="width:8%"><col style="width:24%"><col><col>'
                    f"</colgroup><thead><tr>{heads}</tr></thead><tbody>")
        for finding in report.of_kind(kind):
            anchor = f"{kind}-" + RuleNumber.parse(finding.number).anchor.lstrip("#")
            body.append(
                f'<tr class="finding k-{kind}" data-kind="{kind}" id="{anchor}"><td><a class="num" '
                f'href="{YAWGATOG}{RuleNumber.parse(finding.number).anchor}">{escape(finding.number)}</a></td>'
                f"<td>{escape(finding.message)}</td>"
                f'<td lang="{escape(tr["lang"])}">{_texts(finding, tr["lang"])}</td>'
                f'<td lang="{escape(en["lang"])}">{_marked(finding.original or "", en["lang"])}</td></tr>')
        body.append("</tbody></table>")
    return _page(title, body)
