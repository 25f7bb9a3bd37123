"""Cross-check reports as one standalone HTML file: side by side, flags coloured, rule numbers linked.

No scripts and no external files: the page opens anywhere and can be mailed. Every
row and every rule number has an anchor; cited rules inside the texts link to their
row when the report has it, else to the cited edition's page in the project's reader
(``LINKS``, a template; ``MTGKB_RULE_LINKS`` or ``--links`` changes it, "yawgatog" links
to today's rules on Yawgatog).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from urllib.parse import quote

from kb.core import settings
from kb.core.numbers import RuleNumber
from kb.crosscheck.model import FINDING_LABELS, FLAG_LABELS, Cell, DocumentCrosscheck, Flag, Row, RuleCrosscheck
from kb.crosscheck.render_text import TIER_HEADINGS, aligned, english_pivot, ranked, shares_line
from kb.crosscheck.tiers import SURE, TIERS
from kb.history.text import Span, word_diff
from kb.i18n import _, ngettext, ui_language

YAWGATOG = "https://yawgatog.com/resources/magic-rules/"
# Where a rule number links: the reader's page of the rule in the cited edition and language.
# Fields: {number} (702.26b), {anchor} (R70226b, Yawgatog's), {lang}, {edition}, {document}.
LINKS = "/rules/{number}?lang={lang}&edition={edition}"
LINK_STYLES = {
    "reader": LINKS,
    "static": "/documents/{document}.html#{anchor}",  # static document pages with Yawgatog anchors
    "yawgatog": YAWGATOG + "#{anchor}",  # today's English rules, whatever the edition
}
LINKS_ENV = settings.variable("rule_links")


@dataclass(frozen=True)
class Edition:
    """What a cited number in one text refers to: a rule of this language, edition and document."""

    lang: str
    edition: str | None
    document: str | None = None


def link_template(links: str | None = None) -> str:
    """A template or a style name ("reader", "static", "yawgatog"); default $MTGKB_RULE_LINKS, else the reader.

    Raises ValueError for a template with other fields than those ``rule_link`` fills."""
    chosen = links or settings.value("rule_links")
    template = LINK_STYLES.get(chosen, chosen)
    try:
        rule_link("702.26b", Edition("ja", "2026-01-16", "x"), template)
    except (KeyError, IndexError, ValueError) as error:
        raise ValueError(
            _(
                "link template {template!r}: {error}; expected a style ({styles}) or a template with "
                "{{number}}, {{anchor}}, {{lang}}, {{edition}}, {{document}}"
            ).format(template=chosen, error=error, styles=", ".join(LINK_STYLES))
        ) from None
    return template


def rule_link(number: str, where: Edition | None, template: str) -> str:
    """The link of a cited rule number in the edition the citing text belongs to."""
    where = where or Edition("en", None)
    return template.format(
        number=quote(number),
        anchor=RuleNumber.parse(number).anchor.lstrip("#"),
        lang=quote(where.lang or "en"),
        edition=quote(where.edition or ""),
        document=quote(where.document or ""),
    )


_NUMBER = re.compile(r"(?<![\d.])\d{3}(?:\.\d{1,3}[a-z]{0,2})?(?![\d])")
COLOURS = {
    "one-side": "#d9822b",
    "rules-change": "#2b6cb0",
    "citations": "#b83280",
    "numbers": "#c53030",
    "terms": "#6b46c1",
    "untranslated": "#2f855a",
    "missing": "#d9822b",
    "extra": "#b7791f",
    "duplicate": "#744210",
    "subrules": "#dd6b20",
    "examples": "#319795",
    "titles": "#97266d",
    # The translation QA classes (kb.crosscheck.qa): without a colour their legend and headings were black.
    "terminology": "#2c7a7b",
    "consistency": "#5a67d8",
    "markers": "#e53e3e",
    "coverage": "#a0aec0",
    "swaps": "#d53f8c",
    "spelling": "#805ad5",
    "garbled": "#4a5568",
}
_STYLE = """
body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5em; color: #1a202c; }
h1 { font-size: 1.3em; } h2 { font-size: 1.1em; margin-top: 1.6em; } h3 { font-size: 1em; margin-top: 1.2em; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { border: 1px solid #cbd5e0; padding: .35em .5em; vertical-align: top; text-align: left; }
th { background: #edf2f7; position: sticky; top: 0; }
td.en { color: #4a5568; background: #f7fafc; }
td.missing-cell { background: repeating-linear-gradient(45deg, #fff, #fff 6px, #f1f1f1 6px, #f1f1f1 12px); }
a.num { font-weight: 600; text-decoration: none; margin-right: .4em; }
ins { background: #c6f6d5; text-decoration: none; } del { background: #fed7d7; }
ul.flags { list-style: none; margin: 0; padding: 0; } ul.flags li { margin: 0 0 .3em; padding-left: .4em; }
.legend span, .count { display: inline-block; margin: 0 .6em .3em 0; padding: 0 .4em; }
.legend span, ul.flags li.flag, h2, h3[class^="k-"] { border-left-width: 6px; border-left-style: solid; }
tr.flagged td:first-child { box-shadow: inset 4px 0 0 #e53e3e; }
.notes { color: #4a5568; } .note { color: #2f855a; font-size: .92em; }
""" + "".join(f".k-{kind} {{ border-left-color: {colour}; }}\n" for kind, colour in COLOURS.items())


def _anchor(prefix: str, number: str) -> str:
    return prefix + RuleNumber.parse(number).anchor.lstrip("#")


def _page(title: str, body: list[str]) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{ui_language().replace("_", "-")}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width"><title>{escape(title)}</title>'
        f"<style>{_STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n"
    )


def _marked(
    text: str,
    lang: str,
    spans=(),
    tag: str = "",
    anchors: dict[str, str] | None = None,
    where: Edition | None = None,
    template: str = LINKS,
) -> str:
    """Escaped ``text``, changed ``spans`` wrapped in <ins>/<del>, rule numbers linked (to their row
    in the report, else to the rule in ``where``'s edition)."""
    marks: list[tuple[int, int, str, str]] = [(s.start, s.end, tag, "") for s in spans]
    for match in _NUMBER.finditer(text):
        number = match.group()
        target = (anchors or {}).get(number) or rule_link(number, where, template)
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


def _cell(
    cell: Cell | None,
    prefix: str,
    css: str,
    spans=(),
    tag: str = "",
    anchors=None,
    where: Edition | None = None,
    template: str = LINKS,
) -> str:
    if cell is None:
        return f'<td class="{css} missing-cell">—</td>'
    anchor = _anchor(prefix, cell.number)
    return (
        f'<td class="{css}" lang="{escape(cell.lang)}"><a class="num" id="{anchor}" href="#{anchor}">'
        f"{escape(cell.number)}</a>{_marked(cell.text, cell.lang, spans, tag, anchors, where, template)}</td>"
    )


def _flags(flags: list[Flag], notes: list[str]) -> str:
    items = [
        f'<li class="flag k-{f.kind}" data-kind="{f.kind}"><b>{escape(f.kind)}</b>'
        + (f" [{f.side.upper()}]" if f.side else "")
        + f": {escape(f.message)}</li>"
        for f in flags
    ]
    items += [f'<li class="note">= {escape(n)}</li>' for n in notes]
    return '<td class="flags"><ul class="flags">' + "".join(items) + "</ul></td>"


def _row(index: int, row: Row, anchors: dict[str, dict[str, str]], where: dict[str, Edition], template: str) -> str:
    old_spans: list[Span] = []
    new_spans: list[Span] = []
    if row.en_a is not None and row.en_b is not None and "rules-change" in row.kinds():
        old_spans, new_spans = word_diff(row.en_a.text, row.en_b.text)
    css = "row flagged" if row.flags else "row"
    kinds = " ".join(sorted(set(row.kinds())))
    return (
        f'<tr id="row-{index}" class="{css}" data-flags="{kinds}">'
        + _cell(row.a, "a-", "text a", anchors=anchors["a"], where=where["a"], template=template)
        + _cell(row.en_a, "ea-", "text en", old_spans, "del", anchors["a"], where["en_a"], template)
        + _cell(row.en_b, "eb-", "text en", new_spans, "ins", anchors["b"], where["en_b"], template)
        + _cell(row.b, "b-", "text b", anchors=anchors["b"], where=where["b"], template=template)
        + _flags(row.flags, row.notes)
        + "</tr>"
    )


def _legend(labels: dict[str, str], counts: dict[str, int]) -> str:
    return (
        '<p class="legend">'
        + "".join(
            f'<span class="count k-{kind}" data-kind="{kind}">{escape(_(label))}: <b>{counts.get(kind, 0)}</b></span>'
            for kind, label in labels.items()
        )
        + "</p>"
    )


def _side(side, name: str) -> str:
    return (
        f"<dt>{name}</dt><dd>{escape(side.lang)} {escape(side.number)} {escape(side.title or '')} — "
        f"{escape(side.document)}, {escape(side.edition or _('undated'))}; {escape(english_pivot(side))}</dd>"
    )


def _editions(side) -> tuple[Edition, Edition]:
    """The edition a side's translation cites in, and its English pivot's."""
    pivot = side.pivot or {}
    edition = side.edition or pivot.get("edition")
    return (
        Edition(side.lang, edition, side.document),
        Edition("en", pivot.get("edition") or edition, pivot.get("document") or side.document),
    )


def render_rule_html(report: RuleCrosscheck, links: str | None = None) -> str:
    """The rule report side by side; ``links``: a link template or style (see ``link_template``)."""
    a, b = report.a, report.b
    template = link_template(links)
    (ta, ea), (tb, eb) = _editions(a), _editions(b)
    where = {"a": ta, "en_a": ea, "b": tb, "en_b": eb}
    anchors = {
        side: {
            cell.number: "#" + _anchor(prefix, cell.number)
            for row in report.rows
            for cell in (getattr(row, key),)
            if cell is not None
        }
        for side, prefix, key in (("a", "a-", "a"), ("b", "b-", "b"))
    }
    label = {side: (s.pivot or {}).get("edition") or s.edition or _("undated") for side, s in (("a", a), ("b", b))}
    english = {side: escape(_("English {edition}").format(edition=label[side])) for side in label}
    head = (
        f"<tr><th>A: {escape(a.lang)} {escape(a.number)}</th><th>{english['a']}</th>"
        f"<th>{english['b']}</th><th>B: {escape(b.lang)} {escape(b.number)}</th><th>{escape(_('Flags'))}</th></tr>"
    )
    title = _("Cross-check {a} ⇄ {b}").format(a=a.spec, b=b.spec)
    body = [
        f"<h1>{escape(title)}</h1>",
        f"<dl>{_side(a, 'A')}{_side(b, 'B')}</dl>",
        f'<p class="notes">{escape(aligned(report))}.' + "".join(f" {escape(n)}." for n in report.notes) + "</p>",
        _legend(FLAG_LABELS, report.counts),
        f'<table class="crosscheck"><colgroup><col><col><col><col><col style="width:22%"></colgroup>'
        f"<thead>{head}</thead><tbody>",
        *(_row(i, row, anchors, where, template) for i, row in enumerate(report.rows)),
        "</tbody></table>",
    ]
    return _page(title, body)


def _texts(finding, where: Edition, template: str) -> str:
    """The translation's text; every text of a number printed more than once."""
    texts = finding.detail.get("texts") if finding.detail.get("side") == "translation" else None
    if texts:
        return "<hr>".join(_marked(t, where.lang, where=where, template=template) for t in texts)
    return _marked(finding.translation or "", where.lang, where=where, template=template)


def render_document_html(report: DocumentCrosscheck, links: str | None = None) -> str:
    """Findings per class with both texts; rule numbers link as ``links`` says (see ``link_template``)."""
    tr, en = report.translation, report.original
    template = link_template(links)
    tr_where = Edition(tr["lang"], tr["edition"], tr["document"])
    en_where = Edition(en["lang"], en["edition"], en["document"])
    title = _("Cross-check {document} against {original}").format(document=tr["document"], original=en["document"])
    rules = report.rules
    summary = ngettext(
        "{translation} rule in the translation ({lang}, {edition}), {original} in the original, "
        "{paired} paired by number.",
        "{translation} rules in the translation ({lang}, {edition}), {original} in the original, "
        "{paired} paired by number.",
        rules["translation"],
    ).format(**rules, lang=tr["lang"], edition=tr["edition"] or _("undated"))
    body = [
        f"<h1>{escape(title)}</h1>",
        f"<p>{escape(summary)}</p>",
        f'<p class="shares">{escape(shares_line(report))}</p>',
        _tier_legend(report),
    ]
    for tier in TIERS:
        kinds = [kind for kind in report.counts if report.of_kind(kind, tier)]
        if kinds:
            body.append(f'<h2 id="tier-{tier}" class="tier">{escape(_(TIER_HEADINGS[tier]))}</h2>')
        for kind in kinds:
            found = ranked(report.of_kind(kind, tier))
            # the first heading of a class keeps the bare anchor (#citations) that links already use
            first = tier == SURE or not report.of_kind(kind, SURE)
            ident = kind if first else f"{tier}-{kind}"
            body.append(
                f'<h3 id="{ident}" class="k-{kind}" data-tier="{tier}">'
                f"{escape(_(FINDING_LABELS[kind]))} ({len(found)})</h3>"
            )
            body += _findings_table(found, kind, tr, en, tr_where, en_where, template)
    return _page(title, body)


def _tier_legend(report: DocumentCrosscheck) -> str:
    """Each class with its count split "sure + possible"."""
    spans = []
    for kind, label in FINDING_LABELS.items():
        sure, possible = report.tiers(kind) if kind in report.counts else (0, 0)
        spans.append(
            f'<span class="count k-{kind}" data-kind="{kind}" data-sure="{sure}" data-possible="{possible}">'
            f"{escape(_(label))}: <b>{sure + possible}</b> ({sure} + {possible})</span>"
        )
    return '<p class="legend">' + "".join(spans) + "</p>"


def _findings_table(found, kind: str, tr: dict, en: dict, tr_where: Edition, en_where: Edition, template: str):
    heads = "".join(f"<th>{escape(head)}</th>" for head in (_("Rule"), _("Finding"), _("Translation"), _("Original")))
    rows = [
        '<table class="findings"><colgroup><col style="width:8%"><col style="width:24%"><col><col>'
        f"</colgroup><thead><tr>{heads}</tr></thead><tbody>"
    ]
    for finding in found:
        anchor = f"{kind}-" + RuleNumber.parse(finding.number).anchor.lstrip("#")
        rows.append(
            f'<tr class="finding k-{kind}" data-kind="{kind}" data-tier="{finding.tier}" id="{anchor}"><td><a class="num" '
            f'href="{escape(rule_link(finding.number, tr_where, template))}">{escape(finding.number)}</a></td>'
            f"<td>{escape(finding.message)}</td>"
            f'<td lang="{escape(tr["lang"])}">{_texts(finding, tr_where, template)}</td>'
            f'<td lang="{escape(en["lang"])}">'
            f"{_marked(finding.original or '', en['lang'], where=en_where, template=template)}</td></tr>"
        )
    rows.append("</tbody></table>")
    return rows
