"""Rows of a rule-level cross-check: which subrule of one side goes with which of the other.

Through the pivot, a translated subrule sits beside the English subrule of its own
edition (same number), and the two English subrules are paired by the renumbering
chain. Without a chain, the two sides are aligned by structure: in order, by how
alike their English texts are where both have one, else by the game terms and
numbers they state.
"""

from __future__ import annotations

from typing import Callable

from kb.core.numbers import RuleNumber
from kb.crosscheck.model import Cell, Row
from kb.crosscheck.pivot import Mapping
from kb.crosscheck.texts import DocText

MATCH_MIN = 0.12  # least score for two subrules to share a row when aligning by structure
POSITION = 0.1  # what the same relative place adds: it decides between weakly similar candidates


def cell(doc: DocText | None, number: str | None) -> Cell | None:
    if doc is None or number is None or number not in doc.by_number:
        return None
    return Cell(number, doc.by_number[number].full, doc.lang)


def _ordered(*docs: DocText | None) -> list[str]:
    numbers = {n for doc in docs if doc is not None for n in doc.by_number}
    return [str(n) for n in sorted(RuleNumber.parse(x) for x in numbers)]


def pivot_rows(a: DocText, en_a: DocText, en_b: DocText, b: DocText, mapping: Mapping) -> list[Row]:
    """Rows in the order of side A, with rows only side B has placed by their number."""
    rows: list[Row] = []
    used: set[str] = set()
    for number in _ordered(a, en_a):
        target = mapping.get(number) if number in en_a.by_number else None
        if target is not None:
            used.add(target)
        rows.append(
            Row(
                cell(a, number),
                cell(b, target),
                cell(en_a, number),
                cell(en_b, target),
                mapping.changes.get(number) if number in en_a.by_number else None,
            )
        )
    for number in _ordered(b, en_b):
        if number not in used:
            _insert(
                rows,
                Row(None, cell(b, number), None, cell(en_b, number), "added" if number in en_b.by_number else None),
            )
    return rewritten_in_place(rows, mapping)


def rewritten_in_place(rows: list[Row], mapping: Mapping) -> list[Row]:
    """One row for a rule the chain calls removed at a number and added anew at the same number
    (903.12c of 2023-11-17 and of 2026-01-16, reworded): that is an edit of the rule, not two rules.
    A rule the chain follows to another number (728.1 became 724.1) is left alone."""
    only_b = {r.en_b.number: r for r in rows if r.a is None and r.en_a is None and r.en_b is not None}
    merged: set[int] = set()
    for row in rows:
        if row.en_a is None or row.en_b is not None or mapping.numbers.get(row.en_a.number, "") is not None:
            continue  # not gone
        partner = only_b.get(row.en_a.number)
        if partner is None or id(partner) in merged:
            continue
        row.b, row.en_b, row.change = partner.b, partner.en_b, "edited"
        merged.add(id(partner))
    return [r for r in rows if id(r) not in merged]


def _insert(rows: list[Row], row: Row) -> None:
    """After the last row whose B-side number comes before the new row's."""
    placed = row.b or row.en_b
    assert placed is not None, "a row of side B alone has a cell of side B"
    number = RuleNumber.parse(placed.number)
    at = len(rows)
    for index in range(len(rows) - 1, -1, -1):
        other = rows[index].b or rows[index].en_b
        if other is not None and RuleNumber.parse(other.number) < number:
            at = index + 1
            break
        if other is not None:
            at = index
    rows.insert(at, row)


Similarity = Callable[[Row, Row], float]


def structure_rows(
    a: DocText, en_a: DocText | None, b: DocText, en_b: DocText | None, similarity: Similarity
) -> list[Row]:
    """Both sides aligned in order, maximising the summed similarity of the rows that pair; the
    same relative place in the rule counts a little (alone it is not enough to pair)."""
    left = [Row(cell(a, n), None, cell(en_a, n), None) for n in _ordered(a, en_a)]
    right = [Row(None, cell(b, n), None, cell(en_b, n)) for n in _ordered(b, en_b)]
    n, m = max(len(left) - 1, 1), max(len(right) - 1, 1)
    pairs = align_sequences(
        len(left), len(right), lambda i, j: similarity(left[i], right[j]) + POSITION * (1 - abs(i / n - j / m))
    )
    rows: list[Row] = []
    for i, j in pairs:
        if i is not None and j is not None:
            rows.append(Row(left[i].a, right[j].b, left[i].en_a, right[j].en_b))
        elif i is not None:
            rows.append(left[i])
        else:
            assert j is not None, "an aligned pair has at least one side"
            rows.append(right[j])
    return rows


def align_sequences(n: int, m: int, score: Callable[[int, int], float]) -> list[tuple[int | None, int | None]]:
    """Order-keeping alignment (Needleman–Wunsch without gap cost): pairs scoring below MATCH_MIN stay apart."""
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    scores = [[score(i, j) for j in range(m)] for i in range(n)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            take = scores[i][j] + best[i + 1][j + 1] if scores[i][j] >= MATCH_MIN else float("-inf")
            best[i][j] = max(take, best[i + 1][j], best[i][j + 1])
    pairs: list[tuple[int | None, int | None]] = []
    i = j = 0
    while i < n and j < m:
        if scores[i][j] >= MATCH_MIN and best[i][j] == scores[i][j] + best[i + 1][j + 1]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif best[i][j] == best[i + 1][j]:
            pairs.append((i, None))
            i += 1
        else:
            pairs.append((None, j))
            j += 1
    pairs += [(k, None) for k in range(i, n)] + [(None, k) for k in range(j, m)]
    return pairs
