"""The real questions on databases with and without cards (issue 41, round 3): how many name a card
that mtgkb finds, and the warm CPU time of their searches.

Run: python bench/bench_real_cards.py DB [DB ...]   (each a database built with `mtgkb build`, one
of them with a card file imported; bench/RESULTS.md, "cards measured (round 3)").
The quality figures of the same questions are bench_search.py's (`--quality --only real`).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.search import search  # noqa: E402
from kb.search.cards import mentioned_cards  # noqa: E402
from tests.search_quality import real_questions  # noqa: E402

DATA = ROOT / "tests" / "data"
SETS = {
    "r1 tune": (DATA / "search_questions_real.tsv", "tune"),
    "r1 held out": (DATA / "search_questions_real.tsv", "held_out"),
    "r2 tune": (DATA / "search_questions_real_round2.tsv", "tune"),
    "r2 held out": (DATA / "search_questions_real_round2.tsv", "held_out"),
    "never tuned": (DATA / "search_questions_real_more.tsv", None),
}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("databases", nargs="+", type=Path)
    args = parser.parse_args()
    sets = {
        label: real_questions(path, split) if split else real_questions(path) for label, (path, split) in SETS.items()
    }
    every = [case for cases in sets.values() for case in cases]
    for path in args.databases:
        kb = KnowledgeBase.open(path, readonly=True)
        held = kb.conn.execute("select count(*) from sqlite_master where name = 'cards'").fetchone()[0]
        count = kb.conn.execute("select count(*) from cards").fetchone()[0] if held else 0
        print(f"{path}: {count:,} cards")
        for label, cases in sets.items():
            naming = sum(1 for case in cases if mentioned_cards(kb.store, case.query))
            print(f"  {label}: {naming} of {len(cases)} questions name a card found")
        for case in every:  # the first pass warms the caches
            search(kb.store, case.query)
        cpu = []
        for case in every:
            started = time.thread_time()
            search(kb.store, case.query)
            cpu.append(time.thread_time() - started)
        print(
            f"  warm CPU over {len(every)} questions: p50 {percentile(cpu, 0.5) * 1000:.1f} ms, "
            f"p95 {percentile(cpu, 0.95) * 1000:.1f} ms; load average {os.getloadavg()[0]:.1f}"
        )
        kb.close()


if __name__ == "__main__":
    main()
