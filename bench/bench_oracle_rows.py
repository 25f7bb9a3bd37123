"""Each row of the table of what a card's text says, one at a time, on the real questions' TUNE halves
(issue 41, data/oracle_rules.tsv): the rows of the table that another table (--before, main's) lacks,
each added alone to that table and each taken alone out of this one, with the tune questions naming
a card whose cited rule moved.

Run: python bench/bench_oracle_rows.py CARDS_DB --before OLD_TABLE.tsv
(CARDS_DB: bench/build_question_dbs.py's cards.db). Reads the tune halves only, never the held-out
ones (bench_search.py's `--quality --only real` measures them, once, after).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_oracle_rules import TUNE  # noqa: E402
from kb.api import KnowledgeBase  # noqa: E402
from kb.cards import oracle  # noqa: E402
from kb.search import search  # noqa: E402
from kb.search.cards import mentioned_cards  # noqa: E402
from tests.search_quality import real_questions  # noqa: E402


def ranks(database: Path, rows: tuple[oracle.Row, ...], cases: list) -> list[int | None]:
    """The place of each case's first cited rule in the first ten (None below), with ``rows`` as the
    table (the cards' said rules kept for the database's state are dropped first)."""
    original = oracle.load
    oracle.load = lambda path=oracle.ORACLE_RULES: rows  # type: ignore[assignment]
    try:
        kb = KnowledgeBase.open(database, readonly=True)
        kb.store.forget("search.card_terms", None)  # every store of the file shares the cards' said rules
        found = []
        for case in cases:
            numbers = [result.number for result in search(kb.store, case.query, limit=10).results]
            found.append(next((i + 1 for i, number in enumerate(numbers) if case.answered_by(number)), None))
        kb.close()
        return found
    finally:
        oracle.load = original  # type: ignore[assignment]


def summary(found: list[int | None]) -> str:
    at3 = sum(rank is not None and rank <= 3 for rank in found) / len(found)
    at10 = sum(rank is not None for rank in found) / len(found)
    mrr = sum(1 / rank for rank in found if rank) / len(found)
    return f"{at3:.3f} / {at10:.3f} / {mrr:.3f}"


def moved(cases: list, base: list[int | None], other: list[int | None]) -> list[str]:
    return [f"      {case.query[:70]!r}: {b} → {o}" for case, b, o in zip(cases, base, other, strict=True) if b != o]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("database", type=Path)
    parser.add_argument("--before", type=Path, required=True)
    args = parser.parse_args()
    before = tuple(oracle.parse_table(args.before.read_text(encoding="utf-8"), str(args.before)))
    after = oracle.load()
    kb = KnowledgeBase.open(args.database, readonly=True)
    cases = [
        case for path in TUNE.values() for case in real_questions(path, "tune") if mentioned_cards(kb.store, case.query)
    ]
    kb.close()
    old = {(row.field, row.pattern.pattern if row.pattern else "", row.rules) for row in before}
    new = [row for row in after if (row.field, row.pattern.pattern if row.pattern else "", row.rules) not in old]
    base_before = ranks(args.database, before, cases)
    base_after = ranks(args.database, after, cases)
    print(f"{len(cases)} tune questions naming a card held (r@3 / r@10 / MRR)")
    print(f"  before ({args.before}): {summary(base_before)}")
    print(f"  after (data/oracle_rules.tsv): {summary(base_after)}")
    print("\n".join(moved(cases, base_before, base_after)))
    for row in new:
        label = f"line {row.line} {row.field} {row.pattern.pattern[:50] if row.pattern else ''} → {';'.join(row.rules)}"
        alone = ranks(args.database, tuple(sorted((*before, row), key=_place(after))), cases)
        without = ranks(args.database, tuple(r for r in after if r is not row), cases)
        print(f"\n{label}\n  added alone: {summary(alone)}; taken out: {summary(without)}")
        print("\n".join(moved(cases, base_before, alone)))
        print("\n".join(moved(cases, base_after, without)))


def _place(after: tuple[oracle.Row, ...]):
    """Rows in this table's order (a row of the old table that this one changed keeps its old place)."""
    order = {(row.field, row.pattern.pattern if row.pattern else ""): i for i, row in enumerate(after)}
    return lambda row: order.get((row.field, row.pattern.pattern if row.pattern else ""), row.line)


if __name__ == "__main__":
    main()
