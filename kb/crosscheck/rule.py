"""The rule-level cross-check: one rule of one translation against one of another.

    crosscheck_rules(conn, "de:702.23", "ja@2023-11-17:702.26")

Resolves both sides, finds each side's English pivot, pairs the subrules (through
the renumbering chain, else by structure) and flags every row.
"""

from __future__ import annotations

from kb.crosscheck.align import pivot_rows, structure_rows
from kb.crosscheck.flags import Context, flag_row
from kb.crosscheck.model import FLAGS, Row, RuleCrosscheck, Side, count
from kb.crosscheck.pivot import Mapping, Pivot, english_pivot, map_numbers
from kb.crosscheck.signals import citations, numerals
from kb.crosscheck.specs import DocRef, RuleSpec, resolve
from kb.crosscheck.texts import DocText, load_text
from kb.history.text import words
from kb.i18n import _
from kb.terms import TermDictionary, dictionary


def crosscheck_rules(
    conn, a: str | RuleSpec, b: str | RuleSpec, *, terms: TermDictionary | None = None, method: str = "auto"
) -> RuleCrosscheck:
    """Align and flag ``a`` against ``b``; ``method`` "structure" skips the English pivot."""
    specs = {"a": _spec(a), "b": _spec(b)}
    docs = {side: resolve(conn, spec.doc, spec.number) for side, spec in specs.items()}
    texts = {side: load_text(conn, docs[side].id, within=specs[side].number) for side in specs}
    pivots = {side: english_pivot(conn, docs[side]) if method != "structure" else None for side in specs}
    english = {side: _english_text(conn, pivots[side], texts[side], specs[side]) for side in specs}
    terms = terms if terms is not None else dictionary(conn)
    notes: list[str] = []
    mapping = None
    pivot_a, pivot_b, english_a, english_b = pivots["a"], pivots["b"], english["a"], english["b"]
    # an English text is only found through a pivot
    if pivot_a is not None and pivot_b is not None and english_a is not None and english_b is not None:
        # every rule of a chapter too: a chapter's trace brings its rules but not their subrules
        mapping = map_numbers(
            conn, pivot_a, pivot_b, [r.number for r in english_a.rules], family=str(specs["a"].number)
        )
        if mapping is None:
            notes.append(
                _("the renumbering chain between {a} and {b} is not stored: aligned by structure").format(
                    a=pivot_a.document, b=pivot_b.document
                )
            )
        else:
            rows = pivot_rows(texts["a"], english_a, english_b, texts["b"], mapping)
            became = mapping.get(str(specs["a"].number))
            if became != str(specs["b"].number):
                message = (
                    _("{a} of {a_edition} is {became} in {b_edition}, not {b}")
                    if became
                    else _("{a} of {a_edition} is gone in {b_edition}, not {b}")
                )
                notes.append(
                    message.format(
                        a=specs["a"].number,
                        a_edition=pivot_a.edition,
                        became=became,
                        b_edition=pivot_b.edition,
                        b=specs["b"].number,
                    )
                )
    if mapping is None:
        rows = structure_rows(texts["a"], english["a"], texts["b"], english["b"], _similarity(terms))
    for side in specs:
        if pivots[side] is None and docs[side].lang != "en" and method != "structure":
            notes.append(
                _("no English edition stored for {document} ({edition})").format(
                    document=docs[side].name, edition=docs[side].edition or _("undated")
                )
            )
    ctx = _context(conn, docs, pivots, terms, rows, mapping)
    if mapping is not None and pivot_a is not None and pivot_b is not None:  # as when it was made
        ctx.elsewhere = _elsewhere(conn, pivot_a, pivot_b, specs, mapping, rows)
    for row in rows:
        flag_row(row, ctx)
    return RuleCrosscheck(
        a=_side(specs["a"], docs["a"], texts["a"], pivots["a"]),
        b=_side(specs["b"], docs["b"], texts["b"], pivots["b"]),
        method="pivot" if mapping is not None else "structure",
        notes=notes,
        rows=rows,
        counts=count([k for row in rows for k in dict.fromkeys(row.kinds())], FLAGS),
    )


def _elsewhere(
    conn, pivot_a: Pivot, pivot_b: Pivot, specs: dict[str, RuleSpec], mapping: Mapping, rows: list[Row]
) -> dict[str, dict[str, str]]:
    """Numbers of one side's English that the other edition has under a number outside the compared
    rule: "728.1a of 2026-01-16 is 724.1a in 2023-11-17" when 728 is checked against a 728 that is
    another rule. A side -> {English number: the other edition's number}."""
    compared = {side: {c.number for r in rows for c in ((r.en_a,) if side == "a" else (r.en_b,)) if c} for side in "ab"}
    found = {"a": {n: m for n, m in mapping.numbers.items() if m and m not in compared["b"]}, "b": {}}
    if any(r.b is not None and r.a is None for r in rows):
        english_b = [c.en_b.number for c in rows if c.en_b is not None]
        back = map_numbers(conn, pivot_b, pivot_a, english_b, family=str(specs["b"].number))
        if back is not None:
            found["b"] = {n: m for n, m in back.numbers.items() if m and m not in compared["a"]}
    return found


def _spec(spec: str | RuleSpec) -> RuleSpec:
    return spec if isinstance(spec, RuleSpec) else RuleSpec.parse(spec)


def _english_text(conn, pivot: Pivot | None, text: DocText, spec: RuleSpec) -> DocText | None:
    if pivot is None:
        return None
    if pivot.id == text.id:
        return text
    english = load_text(conn, pivot.id, within=spec.number)
    return english if english.rules else None


def _context(
    conn,
    docs: dict[str, DocRef],
    pivots: dict[str, Pivot | None],
    terms: TermDictionary,
    rows: list[Row],
    mapping: Mapping | None,
) -> Context:
    """Labels, and the renumbering of every rule side A cites (into side B's edition)."""
    edition = {
        side: docs[side].edition or (pivot.edition if pivot else "") or _("undated") for side, pivot in pivots.items()
    }
    for side, pivot in pivots.items():
        if docs[side].edition is None and pivot is not None:
            edition[side] = _("{edition} (inferred)").format(edition=pivot.edition)
    ctx = Context(
        lang={side: docs[side].lang for side in docs},
        edition=edition,
        terms=terms,
        notes=dict(mapping.notes) if mapping else {},
    )
    if pivots["a"] is not None and pivots["b"] is not None:
        cited = sorted(
            {n for row in rows for cell in (row.a, row.en_a) if cell for n in citations(cell.text, cell.lang)}
        )
        renumbered = map_numbers(conn, pivots["a"], pivots["b"], cited)
        if renumbered is not None:
            ctx.cite_map = renumbered.get
    return ctx


def _similarity(terms: TermDictionary):
    """How alike two rows are: their English texts' words where both have one, else the terms,
    numbers and cited rules of the translations."""

    def features(row: Row) -> set[str]:
        cell = row.a or row.b
        if cell is None:
            return set()
        return (
            {f"#{n}" for n in numerals(cell.text, cell.lang).digits}
            | {f"cites {n}" for n in citations(cell.text, cell.lang)}
            | terms.implied(terms.matcher(cell.lang).keys(cell.text))
        )

    def similarity(x: Row, y: Row) -> float:
        if x.en_a is not None and y.en_b is not None:
            return _jaccard(set(words(x.en_a.text)), set(words(y.en_b.text)))
        return _jaccard(features(x), features(y))

    return similarity


def _jaccard(x: set, y: set) -> float:
    return len(x & y) / len(x | y) if x or y else 0.0


def _side(spec: RuleSpec, doc: DocRef, text: DocText, pivot: Pivot | None) -> Side:
    top = text.by_number.get(str(spec.number))
    return Side(
        str(spec),
        doc.name,
        doc.lang,
        doc.edition,
        doc.chosen,
        str(spec.number),
        top.title if top else None,
        pivot.to_dict() if pivot else None,
    )
