"""What a named card's text says about the rules (issue 41, data/oracle_rules.tsv): the real
questions' TUNE halves on a database holding their cards, for each weight of the cards' text rules
in the fusion (kb.search.engine.TEXT_WEIGHT, 0: the list left out) and the share of the best score at
which a rule of the list that the question's words did not find joins the results (TEXT_SHARE).

Run: python bench/bench_oracle_rules.py CARDS_DB [--weights 0,0.3,0.5,1] [--shares 0,0.5,0.9]
(CARDS_DB: bench/build_question_dbs.py's cards.db). Reads the tune halves only, never the held-out
ones; the held-out figures are bench_search.py's (`--quality --only real`), measured once, after.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.search import cards as search_cards  # noqa: E402
from kb.search import engine, search  # noqa: E402
from kb.search.cards import mentioned_cards  # noqa: E402
from tests.search_quality import real_questions  # noqa: E402

DATA = ROOT / "tests" / "data"
TUNE = {
    "r1 tune": DATA / "search_questions_real.tsv",
    "r2 tune": DATA / "search_questions_real_round2.tsv",
    "r3 tune": DATA / "search_questions_real_round3.tsv",
    "world tune": DATA / "search_questions_real_world.tsv",
}


def figures(kb: KnowledgeBase, cases: list) -> tuple[float, float, float]:
    """Recall at 3 and 10 and MRR (at 10) over ``cases``."""
    at3 = at10 = 0
    mrr = 0.0
    for case in cases:
        numbers = [result.number for result in search(kb.store, case.query, limit=10).results]
        rank = next((i + 1 for i, number in enumerate(numbers) if case.answered_by(number)), None)
        at3 += rank is not None and rank <= 3
        at10 += rank is not None
        mrr += 1 / rank if rank else 0.0
    return at3 / len(cases), at10 / len(cases), mrr / len(cases)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("database", type=Path)
    parser.add_argument("--weights", default="0,0.3,0.5,1")
    parser.add_argument("--shares", default="0,0.5,0.9")
    args = parser.parse_args()
    kb = KnowledgeBase.open(args.database, readonly=True)
    sets = {label: real_questions(path, "tune") for label, path in TUNE.items()}
    naming = [case for cases in sets.values() for case in cases if mentioned_cards(kb.store, case.query)]
    print(f"{sum(len(c) for c in sets.values())} tune questions, {len(naming)} naming a card held")
    every = [case for cases in sets.values() for case in cases]
    for weight, share in itertools.product(
        [float(w) for w in args.weights.split(",")], [float(s) for s in args.shares.split(",")]
    ):
        if weight == 0 and share:
            continue
        engine.TEXT_WEIGHT, engine.TEXT_SHARE = weight, share
        at3, at10, mrr = figures(kb, naming) if weight else _without_list(kb, naming)
        all3, all10, allmrr = figures(kb, every) if weight else _without_list(kb, every)
        print(
            f"weight {weight:.2f} share {share:.2f}: naming a card "
            f"{at3:.3f} / {at10:.3f} / {mrr:.3f}; every tune question {all3:.3f} / {all10:.3f} / {allmrr:.3f}"
        )
    kb.close()


def _without_list(kb: KnowledgeBase, cases: list) -> tuple[float, float, float]:
    """The figures without the cards' text rules: the list emptied before it is used."""
    original = search_cards.text_rules
    search_cards.text_rules = lambda mentions: search_cards.TextRules()  # type: ignore[assignment]
    try:
        return figures(kb, cases)
    finally:
        search_cards.text_rules = original


if __name__ == "__main__":
    main()
