"""How often a real question is searched as respelled ("Showing results for ..."), and into what.

Did-you-mean respells a question's words that match nothing in the rules. Most such words in a
player's question are not slips but words the rules never use; this counts, per file of real
questions and per half, the questions the code respells, and with --list prints each respelled word
of the TUNE halves (word → replacement) so that a person can tell a slip from a player's word. The
held-out halves are counted only. A respelled word is shown as the word it became.

Run: python bench/bench_respelled.py DB [--list]   (DB: a database built by bench/build_question_dbs.py)
Run it once with each checkout on PYTHONPATH to compare two states of the code.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.search import search  # noqa: E402
from tests.search_quality import real_questions  # noqa: E402

DATA = ROOT / "tests" / "data"


def question_files() -> list[Path]:
    return sorted(DATA.glob("search_questions_real*.tsv"))


def respelled(question: str, corrected: str) -> list[str]:
    """The words the corrected query has that the question has not: the replacements ("Showing results for" is
    the question as typed with its slips respelled)."""
    asked = set(re.findall(r"\w+", question.casefold()))
    return sorted({word for word in re.findall(r"\w+", corrected.casefold()) if word not in asked})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("db")
    parser.add_argument("--list", action="store_true", help="print the tune halves' respelled words")
    args = parser.parse_args()
    kb = KnowledgeBase.open(args.db)
    total = {"tune": [0, 0], "held_out": [0, 0]}
    for path in question_files():
        counts = {"tune": [0, 0], "held_out": [0, 0]}
        for case in real_questions(path):
            question, split = case.query, case.note  # a real question's note is its half
            found = search(kb.store, question)
            counts[split][1] += 1
            if found.corrected is None:
                continue
            counts[split][0] += 1
            if args.list and split == "tune":
                print(f"  {path.stem}: {', '.join(respelled(question, found.corrected))}  ←  {question[:90]}")
        for split, (hit, of) in counts.items():
            total[split][0] += hit
            total[split][1] += of
        print(
            f"{path.stem}: respelled tune {counts['tune'][0]}/{counts['tune'][1]}, held out {counts['held_out'][0]}/{counts['held_out'][1]}"
        )
    print(
        f"all: respelled tune {total['tune'][0]}/{total['tune'][1]}, held out {total['held_out'][0]}/{total['held_out'][1]}"
    )
    kb.close()


if __name__ == "__main__":
    main()
