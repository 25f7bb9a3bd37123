"""The tune halves' real questions one by one: where the rule the answer cites ranks (up to 200) and
what ranks above it, on each database given (issue 41, round 5: sorting the misses into causes).

Run: python bench/bench_tune_misses.py DB [DB ...] [--all]   (--all: every tune question, not only
those whose cited rule is below the third place). Reads the tune halves only, never the held-out ones.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.search import search  # noqa: E402
from tests.search_quality import real_questions  # noqa: E402

DATA = ROOT / "tests" / "data"
TUNE = [DATA / "search_questions_real.tsv", DATA / "search_questions_real_round2.tsv"]
ROUND3 = DATA / "search_questions_real_round3.tsv"
# Japanese questions live in the world file and rounds 3 and 4 (issue 41, Japanese questions)
JAPANESE = [DATA / "search_questions_real_world.tsv", ROUND3, DATA / "search_questions_real_round4.tsv"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("databases", nargs="+", type=Path)
    parser.add_argument("--all", action="store_true")
    parser.add_argument(
        "--round3", action="store_true", help="add round 3's English tune half (issue 41, misses by kind)"
    )
    parser.add_argument("--lang", default="en", help="the questions' language (ja: the world file and rounds 3, 4)")
    parser.add_argument("--every-round", action="store_true", help="the tune halves of every file of real questions")
    args = parser.parse_args()
    files = TUNE + ([ROUND3] if args.round3 else [])
    if args.lang == "ja":
        files = JAPANESE
    if args.every_round:
        files = sorted(DATA.glob("search_questions_real*.tsv"))
    cases = [case for path in files for case in real_questions(path, "tune") if case.lang == args.lang]
    if not cases:
        parser.error(f"no tune question in {args.lang!r} in the files read (--every-round reads every round)")
    for path in args.databases:
        kb = KnowledgeBase.open(path, readonly=True)
        print(f"== {path}")
        at3 = at10 = 0
        mrr = 0.0
        for case in cases:
            found = search(kb.store, case.query, limit=200)
            numbers = [result.number for result in found.results]
            rank = next((i + 1 for i, number in enumerate(numbers) if case.answered_by(number)), None)
            at3 += rank is not None and rank <= 3
            at10 += rank is not None and rank <= 10
            mrr += 1 / rank if rank is not None and rank <= 10 else 0.0
            if rank is not None and rank <= 3 and not args.all:
                continue
            cited = ";".join((case.expected, *case.also))
            print(f"\n[{rank}] {case.query[:160]}\n    cited {cited}; top: {' '.join(numbers[:8])}")
            print(f"    searched as: {found.query[:200]!r}; cards {found.cards}")
            print(f"    expansions: {str(found.expansions)[:300]}")
        print(
            f"\n{len(cases)} tune questions: recall@3 {at3 / len(cases):.3f}, recall@10 {at10 / len(cases):.3f}, MRR {mrr / len(cases):.3f}"
        )
        kb.close()


if __name__ == "__main__":
    main()
