"""The backlog as people read it: text for the terminal, CSV for spreadsheets, one HTML page.

Text marks word changes the way `mtgkb diff` does: [-removed-] in the old English and
{+inserted+} in the new one. The HTML page shows the same with <del> and <ins>, the
current translation beside the English, and machine-updated proposals marked.
"""

from __future__ import annotations

import csv
import io
from html import escape

from kb.backlog.model import EXAMPLE, GLOSSARY, KIND_LABELS, KINDS, Backlog, Item
from kb.history.text import mark
from kb.i18n import _
from kb.i18n.wrap import display_width, ljust, table

CSV_FIELDS = (
    "section",
    "part",
    "kind",
    "number",
    "old_number",
    "position",
    "term",
    "old_english",
    "new_english",
    "translation",
    "proposed",
    "machine_updated",
    "note",
)


def kind_label(kind: str) -> str:
    return _(KIND_LABELS[kind]) if kind in KIND_LABELS else kind


def where(item: Item) -> str:
    """ "702.26b", "601.5 -> 601.6", "702.26b example 2" or "glossary: Phasing"."""
    if item.part == GLOSSARY:
        terms = " -> ".join(t for t in dict.fromkeys([item.old_term, item.term]) if t)
        return _("glossary: {terms}").format(terms=terms)
    numbers = " -> ".join(n for n in dict.fromkeys([item.old_number, item.number]) if n)
    if item.part == EXAMPLE:
        position = item.position or item.old_position
        return _("{numbers} example {position}").format(numbers=numbers, position=position)
    return numbers


def header(result: Backlog) -> str:
    t, old, new = result.translation, result.english_old, result.english_new
    return _("{document} ({lang}, {edition}) -> English {new_edition} ({new}); made from {old} ({how})").format(
        document=t.document,
        lang=t.lang,
        edition=t.edition or _("undated"),
        new_edition=new.edition,
        new=new.document,
        old=old.document,
        how=result.pivot,
    )


def summary_lines(result: Backlog) -> list[str]:
    kinds = [k for k in KINDS if k in result.totals]
    rows = [[_("section"), *(kind_label(k) for k in kinds)]]
    for section, counts in result.summary.items():
        rows.append([_("glossary") if section == GLOSSARY else section, *(str(counts.get(k, "")) for k in kinds)])
    rows.append([_("total"), *(str(result.totals[k]) for k in kinds)])
    return table(rows, right=set(range(1, len(kinds) + 1)), sep="  ")


def render_text(result: Backlog) -> str:
    lines = [header(result), ""]
    if not result.items:
        lines.append(_("Nothing to do: the translation is up to date."))
        return "\n".join(lines) + "\n"
    lines += summary_lines(result) + [""]
    width = max(display_width(kind_label(k)) for k in KINDS) + 1
    for item in result.items:
        lines.append(ljust(kind_label(item.kind), width) + " " + where(item))
        lines += _item_lines(item)
    return "\n".join(lines) + "\n"


def _item_lines(item: Item, indent: str = "    ") -> list[str]:
    lines = []
    if item.old_english and item.old_english != item.new_english:
        lines.append(f"{indent}- {mark(item.old_english, item.old_spans, '[-', '-]')}")
    if item.new_english:
        lines.append(f"{indent}+ {mark(item.new_english, item.new_spans, '{+', '+}')}")
    if item.translation is not None:
        lines.append(f"{indent}= {item.translation}")
    if item.proposed is not None:
        lines.append(f"{indent}> {item.proposed}  " + _("(machine-updated)"))
    for related in item.related:
        lines.append(f"{indent}  {related.number}: {related.english}")
    if item.note:
        lines.append(f"{indent}({item.note})")
    return lines


def render_csv(result: Backlog) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, extrasaction="ignore")
    writer.writeheader()
    for item in result.items:
        row = item.to_dict()
        row["term"] = item.term or item.old_term
        writer.writerow({k: ("" if row.get(k) is None else row[k]) for k in CSV_FIELDS})
    return out.getvalue()


_STYLE = """
body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5em; color: #1a202c; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; margin-bottom: 1.5em; }
th, td { border: 1px solid #cbd5e0; padding: .35em .5em; vertical-align: top; text-align: left; }
th { background: #edf2f7; } td.kind { width: 11em; } td.num { width: 9em; font-weight: 600; }
ins { background: #c6f6d5; text-decoration: none; } del { background: #fed7d7; }
.machine { color: #2f855a; } .note { color: #4a5568; font-size: .92em; }
table.summary { width: auto; } table.summary td { text-align: right; }
"""


def _marked(text: str | None, spans, tag: str) -> str:
    if not text:
        return ""
    out, pos = [], 0
    for span in spans:
        out.append(escape(text[pos : span.start]))
        out.append(f"<{tag}>{escape(text[span.start : span.end])}</{tag}>")
        pos = span.end
    out.append(escape(text[pos:]))
    return "".join(out)


def render_html(result: Backlog) -> str:
    kinds = [k for k in KINDS if k in result.totals]
    parts = [
        f"<!DOCTYPE html><html lang='{escape(result.translation.lang)}'><head><meta charset='utf-8'>",
        f"<title>{escape(_('Backlog'))}: {escape(result.translation.document)}</title>",
        f"<style>{_STYLE}</style></head><body>",
        f"<h1>{escape(header(result))}</h1>",
        "<table class='summary'><tr><th>"
        + escape(_("section"))
        + "</th>"
        + "".join(f"<th>{escape(kind_label(k))}</th>" for k in kinds)
        + "</tr>",
    ]
    for section, counts in result.summary.items():
        name = _("glossary") if section == GLOSSARY else section
        parts.append(f"<tr><th>{escape(name)}</th>" + "".join(f"<td>{counts.get(k, '')}</td>" for k in kinds) + "</tr>")
    parts.append(
        "</table><table><tr>"
        + "".join(
            f"<th>{escape(h)}</th>"
            for h in (_("change"), _("rule"), _("English then"), _("English now"), _("translation"))
        )
        + "</tr>"
    )
    for item in result.items:
        translation = escape(item.translation or "")
        if item.proposed is not None:
            translation += f"<div class='machine'>→ {escape(item.proposed)} ({escape(_('machine-updated'))})</div>"
        if item.note:
            translation += f"<div class='note'>{escape(item.note)}</div>"
        related = "".join(f"<div class='note'>{escape(r.number)}: {escape(r.english)}</div>" for r in item.related)
        anchor = escape((item.number or item.old_number or item.term or "").replace(" ", "-"))
        parts.append(
            f"<tr id='{anchor}'><td class='kind'>{escape(kind_label(item.kind))}</td>"
            f"<td class='num'>{escape(where(item))}</td>"
            f"<td>{_marked(item.old_english, item.old_spans, 'del')}</td>"
            f"<td>{_marked(item.new_english, item.new_spans, 'ins')}{related}</td><td>{translation}</td></tr>"
        )
    parts.append("</table></body></html>\n")
    return "".join(parts)
