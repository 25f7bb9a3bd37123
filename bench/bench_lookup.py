"""Lookup figures (issues 7 and 12): in-process rule lookups per second, each with its "also in"
through the renumbering chain, and `mtgkb show` as a fresh process.

Run: python bench/bench_lookup.py [--corpus ../shared/corpus] [--db a-whole-corpus.db]
Without --db, two English editions and the Japanese translation are imported (so every rule has
versions elsewhere); with --db, a copy of that database is measured (it is never written to).
Targets: >= 50,000 lookups per second in-process; `mtgkb show 702.26b` in at most three times the
time of `python -c "import sqlite3"`.
"""

from __future__ import annotations

import argparse
import os
import shutil
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


def glossary_times(db: Path) -> list[tuple[str, float]]:
    """Milliseconds of glossary lookups in one open database (a server's case), after a first one."""
    kb = KnowledgeBase.open(db, readonly=True)
    kb.glossary("Phasing")
    found = []
    for query in ("Deathtouch", "deaftouch", "死触", "Instabilität", "phase"):
        start = time.perf_counter()
        kb.glossary(query)
        found.append((query, (time.perf_counter() - start) * 1000))
    kb.close()
    return found


def process_times(commands: list[list[str]], runs: int, env: dict) -> list[float]:
    """The median wall time of each command, run in turn round after round: a change in the
    machine's speed during the measurement then moves all of them alike, not one ratio."""
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for args, found in zip(commands, times):
            start = time.perf_counter()
            subprocess.run(args, check=True, capture_output=True, env=env)
            found.append(time.perf_counter() - start)
    return [statistics.median(found) for found in times]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--db", type=Path, help="Measure a copy of this database instead of importing.")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "lookup.db"
        if args.db:
            shutil.copyfile(args.db, db)
            kb = KnowledgeBase.open(db)  # migrates the copy (the counterparts table is filled then)
        else:
            kb = KnowledgeBase.open(db)
            kb.import_paths(
                [
                    args.corpus / "en" / "full" / "MagicCompRules_20260116.txt",
                    args.corpus / "en" / "full" / "MagicCompRules_20260807.txt",
                    args.corpus / "ja" / "CompRules_ja_20260116.0_lines.txt",
                ]
            )
        newest = kb.resolve(lang="en")
        numbers = [row[0] for row in kb.conn.execute("select number from rules where document_id = ?", [newest["id"]])]
        cold, warm = lookups_per_second(kb, numbers, rounds=5)
        versions = sum(len(kb.rule(number).other_versions) for number in numbers) / len(numbers)
        print(
            f"in-process rule lookups over all {len(numbers)} rules of {newest['name']}, each with its "
            f"'also in' ({versions:.1f} other documents on average): first pass {cold:,.0f}/s, "
            f"then {warm:,.0f}/s (target >= 50,000/s)"
        )
        kb.close()
        env = dict(os.environ, MTGKB_DB=str(db))
        # An installed package has its bytecode compiled by pip; an editable checkout under
        # PYTHONDONTWRITEBYTECODE would recompile every module on every call.
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(ROOT / "kb")],
            check=True,
            capture_output=True,
        )
        mtgkb = str(Path(sys.executable).parent / "mtgkb")
        commands = [[sys.executable, "-c", "import sqlite3"], [mtgkb, "show", "702.26b"]]
        if args.db:
            commands.append([mtgkb, "show", "702.23a", "--lang", "de"])
        baseline, show, *rest = process_times(commands, args.runs, env)
        german = rest[0] if rest else None
        print(
            f"python -c 'import sqlite3': {baseline * 1000:.0f} ms; mtgkb show 702.26b: {show * 1000:.0f} ms; "
            f"ratio {show / baseline:.2f} (target <= 3)"
            + (
                f"; mtgkb show 702.23a --lang de: {german * 1000:.0f} ms, ratio {german / baseline:.2f}"
                if german
                else ""
            )
        )
        glossary = glossary_times(db)
        print("glossary lookups in one process (ms): " + ", ".join(f"{q} {t:.1f}" for q, t in glossary))


if __name__ == "__main__":
    main()
