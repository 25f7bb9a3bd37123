"""Lookup figures (issue 7): in-process rule lookups per second, `mtgkb show` as a fresh process.

Run: python bench/bench_lookup.py [--corpus ../shared/corpus]
Targets: >= 50,000 lookups per second in-process; `mtgkb show 702.26b` in at most twice the time
of `python -c "import sqlite3"`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402


def lookups_per_second(kb: KnowledgeBase, numbers: list[str], rounds: int) -> tuple[float, float]:
    start = time.perf_counter()
    for number in numbers:
        kb.rule(number)
    cold = len(numbers) / (time.perf_counter() - start)
    start = time.perf_counter()
    for _ in range(rounds):
        for number in numbers:
            kb.rule(number)
    warm = rounds * len(numbers) / (time.perf_counter() - start)
    return cold, warm


def process_time(args: list[str], runs: int, env: dict) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True, env=env)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "lookup.db"
        kb = KnowledgeBase.open(db)
        kb.import_file(args.corpus / "en" / "full" / "MagicCompRules_20260807.txt")
        numbers = [row[0] for row in kb.conn.execute("select number from rules")]
        cold, warm = lookups_per_second(kb, numbers, rounds=5)
        print(f"in-process rule lookups over all {len(numbers)} rules: first pass {cold:,.0f}/s, "
              f"then {warm:,.0f}/s (target >= 50,000/s)")
        kb.close()
        env = dict(os.environ, MTGKB_DB=str(db))
        # An installed package has its bytecode compiled by pip; an editable checkout under
        # PYTHONDONTWRITEBYTECODE would recompile every module on every call.
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "kb"), str(ROOT / "importers")],
                       check=True, capture_output=True)
        baseline = process_time([sys.executable, "-c", "import sqlite3"], args.runs, env)
        show = process_time([str(Path(sys.executable).parent / "mtgkb"), "show", "702.26b"], args.runs, env)
        print(f"python -c 'import sqlite3': {baseline * 1000:.0f} ms; mtgkb show 702.26b: {show * 1000:.0f} ms; "
              f"ratio {show / baseline:.2f} (target <= 2)")


if __name__ == "__main__":
    main()
