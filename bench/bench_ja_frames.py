"""Why what the Japanese tune halves teach does not carry to their held-out halves (issue 41,
Japanese questions): for each half of the files that hold Japanese questions, what the questions look
like (length, sentences, card names in 《》) and how often the table of players' words reads anything
into them (a row that names rules; a row that names a rule the answer cites). Reads the questions and
the table only, no database: the figures say how much of each half the table reaches at all.

Run: python bench/bench_ja_frames.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.search import players  # noqa: E402
from tests.search_quality import real_questions  # noqa: E402

DATA = ROOT / "tests" / "data"
FILES = {
    "world": DATA / "search_questions_real_world.tsv",
    "r3": DATA / "search_questions_real_round3.tsv",
    "r4": DATA / "search_questions_real_round4.tsv",
}
_ENDS = "。？！?!"


def sentences(question: str) -> int:
    """How many sentences ``question`` tells (its marks of a sentence end, the last one counted once)."""
    body = question.rstrip().rstrip(_ENDS)
    return 1 + sum(body.count(mark) for mark in _ENDS)


def main() -> None:
    print(
        "set    half      n  chars  sentences>1  named《》  a row names rules  names a cited rule  frame rows (this issue)"
    )
    frames = ("前に…対応", "前に…妨害", "したところで…妨害", "したところで…対応")
    for name, path in FILES.items():
        for half in ("tune", "held_out"):
            cases = [case for case in real_questions(path, half) if case.lang == "ja"]
            if not cases:
                continue
            n = len(cases)
            chars = sum(len(case.query) for case in cases) / n
            longer = sum(sentences(case.query) > 1 for case in cases)
            named = sum("《" in case.query for case in cases)
            naming = cited = framed = 0
            for case in cases:
                reading = players.read(case.query, "ja")
                naming += bool(reading.rules)
                cited += any(case.answered_by(rule) for rule in reading.rules)
                framed += any(found.entry.words in frames for found in reading.found)
            print(f"{name:6} {half:8} {n:3} {chars:6.1f}  {longer:11}  {named:8}  {naming:17}  {cited:18}  {framed:5}")


if __name__ == "__main__":
    main()
