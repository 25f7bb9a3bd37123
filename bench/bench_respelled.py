"""How often a real question is searched as respelled ("Showing results for ..."), and into what.

Did-you-mean respells a question's words that match nothing in the rules. Most such words in a
player's question are not slips but words the rules never use; this counts, per file of real
questions and per half, the questions the code respells, and with --list prints each respelled word
of the TUNE halves (word → replacement) so that a person can tell a slip from a player's word. The
held-out halves are counted only. A respelled word is shown as the words the searched text gained.

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

DATA = ROOT / "tests" / "data"


def question_files() -> list[Path]:
    return sorted(DATA.glob("search_questions_real*.tsv"))


def rows(path: Path) -> list[tuple[str, str]]:
    """(question, split) of each row."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    header = lines[0].split("\t")
    at_question, at_split = header.index("question"), header.index("split")
    return [(fields[at_question], fields[at_split]) for fields in (line.split("\t") for line in lines[1:])]


def respelled(question: str, found) -> list[str]:
    """The words the searched text has that neither the question nor the players' words' readings have: the
    replacements (the searched text is the question as read, with the readings in place)."""
    fold = lambda text: re.findall(r"\w+", text.casefold())  # noqa: E731
    known = set(fold(question)) | {w for means in found.expansions.values() for m in means for w in fold(m)}
    known |= {w for card in found.cards for w in fold(card)}
    return sorted({w for w in fold(found.corrected) if w not in known and w not in {"or", "and", "not"}})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("db")
    parser.add_argument("--list", action="store_true", help="print the tune halves' respelled words")
    args = parser.parse_args()
    kb = KnowledgeBase.open(args.db)
    total = {"tune": [0, 0], "held_out": [0, 0]}
    for path in question_files():
        counts = {"tune": [0, 0], "held_out": [0, 0]}
        for question, split in rows(path):
            found = search(kb.store, question)
            counts[split][1] += 1
            if found.corrected is None:
                continue
            counts[split][0] += 1
            if args.list and split == "tune":
                print(f"  {path.stem}: {', '.join(respelled(question, found))}  ←  {question[:90]}")
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
