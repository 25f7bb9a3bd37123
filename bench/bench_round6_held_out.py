"""Round 6's held-out questions one by one (issue 41): where the first rule the answer cites ranks (up to
200), what ranks first, and what the reader made of the question (its expansions and the cards it
found), on each database given. Read after the one measurement (bench/RESULTS.md, "real questions
(round 6)") to sort the misses into causes; nothing in kb/ is changed from it.

Run: python bench/bench_round6_held_out.py DB [DB ...]   (the databases of bench/build_question_dbs.py)
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

ROUND6 = ROOT / "tests" / "data" / "search_questions_real_round6.tsv"
DEPTH = 200


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("databases", nargs="+", type=Path)
    args = parser.parse_args()
    cases = real_questions(ROUND6, "held_out")
    for path in args.databases:
        kb = KnowledgeBase.open(path, readonly=True)
        print(f"== {path}: {len(cases)} held-out questions")
        found_3 = found_10 = 0
        for case in cases:
            wanted = {case.expected, *case.also}
            found = search(kb, case.query, limit=DEPTH)
            numbers = [result.number for result in found.results]
            rank = next((place for place, number in enumerate(numbers, 1) if number in wanted), None)
            found_3 += rank is not None and rank <= 3
            found_10 += rank is not None and rank <= 10
            print(f"\n[{case.lang}] {case.query[:90]}")
            print(f"  cited {'/'.join(sorted(wanted))}: rank {rank if rank else f'> {DEPTH}'}; first {numbers[:3]}")
            if found.expansions:
                shown = "; ".join(f"{words} -> {', '.join(read)}" for words, read in list(found.expansions.items())[:6])
                print(f"  read as: {shown}")
        print(f"\n{path}: {found_3} found at 3, {found_10} at 10, of {len(cases)}")
        kb.close()


if __name__ == "__main__":
    main()
