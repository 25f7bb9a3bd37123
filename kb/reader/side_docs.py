"""Whole documents side by side: two or three documents aligned rule by rule.

Each document pairs with an English edition of the chain (its own; a translation's of its date;
an undated one's newest inferred edition) and its rules with that edition's by number; the
English editions are aligned through the renumbering chain (kb.api.KnowledgeBase.number_map).
So German 702.23a (2010 numbering) sits beside Japanese 702.26a and today's English 702.26a.
The rows follow the first document; a rule only another document has comes after the row of the
rule before it. Each translation's cross-check findings (against its own original) flag its
cells. The page streams: the head and contents go out before the rows are aligned.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from kb.api import KnowledgeBase, MtgkbError, RuleLink
from kb.core.errors import BadInput
from kb.i18n import _
from kb.reader.links import Segment, segments
from kb.reader.views import pivot_document

HEADINGS = ("section", "chapter")


@dataclass
class DocCell:
    number: str
    kind: str
    title: str | None
    text: str
    flags: list[str] = field(default_factory=list)  # cross-check findings of this cell
    pieces: list[Segment] = field(default_factory=list)  # the text cut at its citations, set as the row goes out


@dataclass
class DocRow:
    cells: list[DocCell | None]
    anchor: str | None  # the first document's number, for its anchor

    @property
    def flagged(self) -> bool:
        return any(cell and cell.flags for cell in self.cells)

    @property
    def heading(self) -> str | None:
        first = next((c for c in self.cells if c), None)
        return first.kind if first and first.kind in HEADINGS else None


@dataclass
class DocSide:
    info: Any  # kb.api.DocumentInfo (with ``inferred`` for an undated one)
    pivot: str  # the English edition it pairs with
    pivot_document: str | None = None  # that edition's document, where its citations of rules it lacks go


@dataclass
class DocsView:
    sides: list[DocSide]
    contents: list  # kb.api.RuleLink of the first document's sections and chapters
    rows: Iterator[DocRow]


def pivot_of(info) -> str:
    """The English edition a document pairs with by number."""
    edition = info.edition or (info.inferred or {}).get("last")
    if not edition:
        raise BadInput(_("{name} has no edition and none was inferred: it cannot be aligned").format(name=info.name))
    return info.name if info.lang == "en" else edition


def _findings(kb: KnowledgeBase, name: str, stamp: str | None) -> dict[str, list[str]]:
    """A translation's cross-check findings by rule number.

    Kept in the store's derived cache per version of the document (``stamp``, when it was imported),
    shared by every facade on the database: a server opens a facade for each streamed page, and the
    cross-check of a whole translation takes one to two seconds, which every side-by-side page waited for."""
    return kb.derived("reader.findings", (name, stamp), lambda: _read_findings(kb, name))


def _read_findings(kb: KnowledgeBase, name: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for finding in kb.crosscheck_document(name).findings:
        if finding.kind in ("missing",):
            continue  # a rule the translation lacks shows as an empty cell
        found.setdefault(finding.number, []).append(finding.message)
    return found


def docs_view(kb: KnowledgeBase, names: list[str], documents: list | None = None) -> DocsView:
    """The side-by-side view of two or three documents; rows are aligned when first asked for."""
    if not 2 <= len(names) <= 3:
        raise BadInput(
            _("side by side needs two or three documents, such as d=000_a3c90cc092d5a721&d=MagicCompRules_20260807")
        )
    held = {d.name: d for d in (documents if documents is not None else kb.documents())}
    sides = []
    for name in names:
        if name not in held:
            raise MtgkbError(_("no document named {name!r}").format(name=name), sorted(held)[:10])
        pivot = pivot_of(held[name])
        sides.append(DocSide(held[name], pivot, pivot_document(kb, held[name].lang, pivot)))
    first = kb.rule_texts(names[0])
    contents = [RuleLink(number, title) for number, kind, title, _text in first if kind in HEADINGS]
    return DocsView(sides, contents, _rows(kb, sides, first))


def _rows(kb: KnowledgeBase, sides: list[DocSide], first_texts: list) -> Iterator[DocRow]:
    first = sides[0]
    texts = [once(first_texts), *(once(kb.rule_texts(side.info.name)) for side in sides[1:])]
    maps = [None] + [kb.number_map(first.pivot, side.pivot) for side in sides[1:]]
    flags = [_findings(kb, side.info.name, side.info.imported_at) if side.info.lang != "en" else {} for side in sides]
    cells = [
        {row[0]: DocCell(row[0], row[1], row[2], row[3], flags=list(flags[k].get(row[0], []))) for row in texts[k]}
        for k in range(len(sides))
    ]
    rows = [DocRow([cells[0][number], *[None] * (len(sides) - 1)], number) for number, *_rest in texts[0]]
    at = {row.anchor: i for i, row in enumerate(rows)}
    extras: dict[int, list[DocRow]] = {}
    alone: list[dict[str, DocRow]] = [{} for _side in sides]  # per side: its number -> its row of its own
    for k in range(1, len(sides)):
        back = {other: mine for mine, other in (maps[k] or {}).items()}  # this side's number -> the first side's
        # A rule the first document lacks but an earlier side has (the German seed lacks 100.1; the
        # Japanese and English texts have it) joins that side's row: one row per rule, not one per side.
        joins: dict[str, DocRow] = {}
        for j in range(1, k):
            across = kb.number_map(sides[j].pivot, sides[k].pivot)
            for number_j, row in alone[j].items():
                other = across.get(number_j)
                if other and row.cells[k] is None:
                    joins.setdefault(other, row)
        last = -1
        for number, *_rest in texts[k]:
            mine = back.get(number)
            i = at.get(mine) if mine else None
            if i is not None and rows[i].cells[k] is None:
                rows[i].cells[k] = cells[k][number]
                last = i
            elif number in joins and joins[number].cells[k] is None:
                joins[number].cells[k] = cells[k][number]
                alone[k][number] = joins[number]
            else:
                row = DocRow([None] * len(sides), None)
                row.cells[k] = cells[k][number]
                extras.setdefault(last, []).append(row)
                alone[k][number] = row
    langs = [side.info.lang for side in sides]
    wheres = [_where(set(cells[k]), sides[k].pivot_document) for k in range(len(sides))]

    def cut(row: DocRow) -> DocRow:
        for k, cell in enumerate(row.cells):
            if cell is not None:
                cell.pieces = segments(cell.text, langs[k], wheres[k])
        return row

    for row in extras.get(-1, []):
        yield cut(row)
    for i, row in enumerate(rows):
        yield cut(row)
        for extra in extras.get(i, []):
            yield cut(extra)


def once(texts: list) -> list:
    """A document's rules with each number once, at its first place: a source that repeats a line
    (the Japanese translation of 2026-01-16 has 505.4 twice) gave the rule two rows, one of them
    beside nothing, and the first rule's cell twice."""
    seen: set[str] = set()
    kept = []
    for row in texts:
        if row[0] not in seen:
            seen.add(row[0])
            kept.append(row)
    return kept


def _where(numbers: set[str], pivot: str | None):
    """Where a cell's citation goes: a rule of its own document, else of its English pivot."""
    return lambda number: "" if number in numbers else pivot
