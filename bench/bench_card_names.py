"""Card names found in the real questions, per file, language and half (issue 41: names in other languages).

For each question of tests/data/search_questions_real*.tsv: how many set a name in brackets (any
kind players use: kb.search.players), how many name a card the database holds (kb.search.cards), and
the time `mentioned_cards` takes on it, warm (second pass). The search figures themselves are
bench/bench_search.py's (`--quality --only world`, `--only r3`).

With --ranks: instead, the rank of the first cited rule among the first 20 for each tune question
not in English (tune half only: what a change is tuned on), with the cards it names.

Run: python bench/bench_card_names.py --db DB [--root CHECKOUT] [--ranks]
(--root: the checkout whose kb/ is measured, to compare a branch with main on the same database.)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--ranks", action="store_true", help="The rank of each non-English tune question.")
    args = parser.parse_args()
    sys.path.insert(0, str(args.root.resolve()))
    from kb.api import KnowledgeBase
    from kb.search import players
    from kb.search.cards import mentioned_cards
    from tests.search_quality import real_questions

    brackets = getattr(players, "_BRACKETED")
    kb = KnowledgeBase.open(args.db, readonly=True)
    files = sorted((args.root / "tests" / "data").glob("search_questions_real*.tsv"))
    if args.ranks:
        from kb.search import search

        for path in files:
            for case in real_questions(path, "tune"):
                if case.lang == "en":
                    continue
                found = search(kb, case.query)
                numbers = [result.number for result in found.results[:20]]
                wanted = (case.expected, *case.also)
                rank = next((i + 1 for i, number in enumerate(numbers) if number in wanted), None)
                print(path.name, case.lang, rank or "-", ";".join(wanted), case.query[:40], list(found.cards), sep="\t")
        kb.close()
        return
    print(f"{'file':40} {'lang':4} {'half':8} {'n':>3} {'bracketed':>9} {'named':>5}")
    seconds: dict[str, list[float]] = {}
    for path in files:
        for half in ("tune", "held_out"):
            cases = real_questions(path, half)
            for lang in sorted({case.lang for case in cases}):
                asked = [case.query for case in cases if case.lang == lang]
                bracketed = sum(1 for query in asked if brackets.search(query))
                named = 0
                for query in asked:
                    mentioned_cards(kb.store, query)  # warm: the store's lookups kept
                    started = time.perf_counter()
                    found = mentioned_cards(kb.store, query)
                    seconds.setdefault(lang, []).append(time.perf_counter() - started)
                    named += bool(found)
                print(f"{path.name:40} {lang:4} {half:8} {len(asked):>3} {bracketed:>9} {named:>5}")
    print("\nmentioned_cards, warm, per language: p50 / p95 / max (ms)")
    for lang, values in sorted(seconds.items()):
        ordered = sorted(values)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(f"  {lang}: {statistics.median(ordered) * 1000:.2f} / {p95 * 1000:.2f} / {ordered[-1] * 1000:.2f}")
    kb.close()


if __name__ == "__main__":
    main()
