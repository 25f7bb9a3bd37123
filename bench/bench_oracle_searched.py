"""A trial, not a feature (issue 41): rows of one card searched with words of their own, as the table's
`together` rows are ("layer" for two cards' continuous effects), on the real questions' TUNE halves.

A rule that a named card's text says but whose text shares no word with the question never joins
the results: the fusion reorders what the question's words found. "Can you Abrupt Decay Nicol
Bolas, the Arisen?" cites 712.8e (a transformed permanent's mana value is its front face's); Nicol
Bolas's "transformed" says 712.8e, and no word of the question reaches it. Here the words of a few
rows (WORDS, by the row's first rule) are added to kb.search.cards.text_rules's searched words for
the run, and the tune halves are measured with and without them, each question that moved printed.

Run: python bench/bench_oracle_searched.py CARDS_DB (bench/build_question_dbs.py's cards.db).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_oracle_rules import TUNE  # noqa: E402
from kb.api import KnowledgeBase  # noqa: E402
from kb.search import cards as search_cards  # noqa: E402
from kb.search import search  # noqa: E402
from kb.search.cards import mentioned_cards  # noqa: E402
from tests.search_quality import real_questions  # noqa: E402

# A row's first rule -> the words its rules use for what the card does, which players do not write.
WORDS = {
    "712.8e": ["back face"],
    "707.10": ["copy of a spell"],
    "603.4": ["intervening if"],
    "709.3": ["split card"],
    "602.5a": ["tap symbol"],
    "601.2i": ["becomes cast"],
    "118.12a": ["unless"],
    "601.2d": ["divide"],
}


def with_words(mentions: list) -> search_cards.TextRules:
    found = _TEXT_RULES(mentions)
    extra = [
        word
        for mention in mentions
        for item in mention.said
        for word in WORDS.get(item.rules[0], [])
        if word not in found.words
    ]
    found.words = found.words + list(dict.fromkeys(extra))
    return found


_TEXT_RULES = search_cards.text_rules


def ranks(kb: KnowledgeBase, cases: list) -> list[int | None]:
    kb.store.forget("search.card_terms", None)
    found = []
    for case in cases:
        numbers = [result.number for result in search(kb.store, case.query, limit=10).results]
        found.append(next((i + 1 for i, number in enumerate(numbers) if case.answered_by(number)), None))
    return found


def summary(found: list[int | None]) -> str:
    at3 = sum(rank is not None and rank <= 3 for rank in found) / len(found)
    at10 = sum(rank is not None for rank in found) / len(found)
    return f"{at3:.3f} / {at10:.3f} / {sum(1 / rank for rank in found if rank) / len(found):.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("database", type=Path)
    args = parser.parse_args()
    kb = KnowledgeBase.open(args.database, readonly=True)
    every = [case for path in TUNE.values() for case in real_questions(path, "tune")]
    naming = [case for case in every if mentioned_cards(kb.store, case.query)]
    plain_naming, plain_every = ranks(kb, naming), ranks(kb, every)
    search_cards.text_rules = with_words  # type: ignore[assignment]
    try:
        worded_naming, worded_every = ranks(kb, naming), ranks(kb, every)
    finally:
        search_cards.text_rules = _TEXT_RULES  # type: ignore[assignment]
    kb.close()
    print(f"{len(every)} tune questions, {len(naming)} naming a card held (r@3 / r@10 / MRR)")
    print(f"  naming a card: {summary(plain_naming)} → with the rows' words {summary(worded_naming)}")
    print(f"  every tune question: {summary(plain_every)} → {summary(worded_every)}")
    for case, before, after in zip(every, plain_every, worded_every, strict=True):
        if before != after:
            print(f"    {case.query[:80]!r}: {before} → {after}")


if __name__ == "__main__":
    main()
