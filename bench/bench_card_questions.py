"""Questions that name a card, and `cite --cards` on a long text (bench/RESULTS.md, issue 41: questions
naming cards).

Usage: python bench/bench_card_questions.py --db DB, where DB holds the rules and the made cards of
tests/data/cards/made-known-cards.json (`mtgkb import` it). Prints, for each question, what it was
also searched as and where the rules of the card's keywords rank; then the time of the cards named
in a 1 MB text. The questions are ours, written for these cards: not a measure of real questions
(bench_search.py --quality --only real is that).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kb.api import KnowledgeBase  # noqa: E402

QUESTIONS = [
    ("can Stormbreath Dragon attack the turn it is cast", ["702.9b", "702.10b"]),
    ("If Stormbreath Dragon attacks the turn it comes out, can my opponent block it?", ["702.9b", "702.10b"]),
    ("what happens if my creature with Lightning Greaves dies", ["700.4", "702.10b", "702.18a"]),
    ("Humility is in play and someone plays Quicksilver Dagger. Which is it?", ["702.5a", "613.1"]),
    ("does Platinum Angel stop me from losing at 0 life", ["104.3a", "101.2"]),
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", type=Path, required=True)
    args = parser.parse_args()
    kb = KnowledgeBase.open(args.db, readonly=True)
    for query, wanted in QUESTIONS:
        found = kb.search(query, langs=["en"])
        numbers = [r.number for r in found.results]
        ranks = {rule: (numbers.index(rule) + 1 if rule in numbers else None) for rule in wanted}
        print(f"{query}\n  also searched as: {found.expansions}\n  ranks in the top 10: {ranks}")
    text = "Platinum Angel says lots of words here and there about nothing in particular, see 104.3a. " * 12000
    start = time.perf_counter()
    named = kb.cite_cards(text)
    took = time.perf_counter() - start
    print(f"cite --cards on {len(text):,} characters: {[(c.name, c.mentions) for c in named.cards]}, {took:.2f} s")


if __name__ == "__main__":
    main()
