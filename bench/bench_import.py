"""Import figures: parse and store the newest edition, all 135 editions, size per edition.

Run: python bench/bench_import.py [--corpus ../shared/corpus] [--parse-only]
Targets (issue 2): newest edition parsed and stored in <= 0.25 s; mightstone 0.12.0 (parse
only) measured in the same run for the ratio; all 135 editions into one database in <= 40 s.
Issue 12: the repairs of source anomalies keep the parse of all 135 editions (no database)
within a few percent of what it was; --parse-only prints just that figure.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402


def time_newest(path: Path, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            kb = KnowledgeBase.open(Path(tmp) / "bench.db")
            start = time.perf_counter()
            kb.import_file(path, update_history=False)
            times.append(time.perf_counter() - start)
            kb.close()
    return times


def time_mightstone(path: Path, runs: int) -> list[float] | None:
    try:
        from mightstone.services.wotc.models import ComprehensiveRules
    except ImportError:
        return None
    text = path.read_text(encoding="utf-8-sig")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        ComprehensiveRules.parse(io.StringIO(text))
        times.append(time.perf_counter() - start)
    return times


def time_all(folder: Path) -> tuple[float, float, int, int]:
    """Import every edition, then pair the chain; the two timed apart."""
    files = sorted(folder.glob("*.txt"))
    with tempfile.TemporaryDirectory() as tmp:
        db_path = Path(tmp) / "all.db"
        kb = KnowledgeBase.open(db_path)
        start = time.perf_counter()
        kb.import_paths(files, keep_going=False, update_history=False)
        elapsed = time.perf_counter() - start
        start = time.perf_counter()
        kb.update_history()
        chain = time.perf_counter() - start
        kb.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        kb.close()
        return elapsed, chain, len(files), db_path.stat().st_size


def time_parse_all(folder: Path, runs: int) -> tuple[list[float], int, int]:
    """Parse every edition (bytes read beforehand, no database): CPU seconds per run, repairs, anomalies left."""
    from kb.importers import cr_text
    from kb.importers.repairs import LEFT_AS_PRINTED

    sources = [(path.read_bytes(), str(path)) for path in sorted(folder.glob("*.txt"))]
    times, warnings = [], []
    for _ in range(runs):
        start = time.process_time()
        warnings = [w for data, path in sources for w in cr_text.parse(data, path).warnings]
        times.append(time.process_time() - start)
    left = sum(w.kind in LEFT_AS_PRINTED for w in warnings)
    return times, len(warnings) - left, left


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--parse-only", action="store_true", help="only the parse of all editions (issue 12)")
    args = parser.parse_args()
    folder = args.corpus / "en" / "full"
    parse_times, repaired, left = time_parse_all(folder, min(args.runs, 3))
    print(
        f"all English editions parsed, no database: median {statistics.median(parse_times):.2f} s CPU, "
        f"best {min(parse_times):.2f} s; {repaired} anomalies repaired, {left} reported and left as printed"
    )
    if args.parse_only:
        return
    newest = args.corpus / "en" / "full" / "MagicCompRules_20260807.txt"
    ours = time_newest(newest, args.runs)
    print(
        f"newest edition, parse + store (examples, glossary, references): median {statistics.median(ours):.3f} s, "
        f"best {min(ours):.3f} s (target <= 0.25 s)"
    )
    theirs = time_mightstone(newest, args.runs)
    if theirs:
        print(f"mightstone 0.12.0, parse only: median {statistics.median(theirs):.3f} s, best {min(theirs):.3f} s")
        print(f"ratio ours / mightstone (medians): {statistics.median(ours) / statistics.median(theirs):.2f}")
    else:
        print("mightstone not installed (pip install -e '.[bench]'): no ratio")
    elapsed, chain, count, size = time_all(folder)
    print(
        f"all {count} English editions into one database: {elapsed:.1f} s (target <= 40 s); "
        f"then the renumbering chain: {chain:.1f} s (issue 3 target <= 60 s)"
    )
    print(f"database size with the chain: {size / 1e6:.1f} MB in all, {size / count / 1e6:.2f} MB per edition")


if __name__ == "__main__":
    main()
