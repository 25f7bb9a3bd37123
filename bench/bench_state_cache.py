"""Issue 47: derived data kept by the store (kb/store/state.py) instead of module dictionaries.

Measures, on one database, for the checkout named by --checkout (default: this one), so that the
same script compares a branch with main:
- warm in-process search latency over tests/data/search_queries.tsv (each query's best of three warm
  passes: p50, p95, mean; the best, because seven other programs share the machine's two cores);
- CPU time per search over five queries (best of seven passes of 200 searches: the least disturbed);
- the first search of a second facade opened on the same file (a server's page or thread);
- warm completions over 33 prefixes (mean of the best of five passes);
- in-process rule lookups per second (bench/bench_lookup.py's loop, best of three passes);
- a fresh `python -m kb show 702.26b` beside `python -c "import sqlite3"` (medians, in turn).

Run: python bench/bench_state_cache.py --db /tmp/state.db [--checkout ../main] [--runs 11]
A --db that does not exist is made: the two newest English editions, the Japanese translation and
the newer Chinese one imported, then indexed; an existing one is only read.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def make_database(db: Path, corpus: Path) -> None:
    from kb.api import KnowledgeBase
    from kb.search import rebuild_index

    kb = KnowledgeBase.open(db)
    kb.import_paths(
        [
            corpus / "en" / "full" / "MagicCompRules_20260116.txt",
            corpus / "en" / "full" / "MagicCompRules_20260807.txt",
            corpus / "ja" / "CompRules_ja_20260116.0_lines.txt",
            corpus / "zh" / "MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt",
        ]
    )
    rebuild_index(kb.store)
    kb.close()


def process_medians(commands: list[list[str]], runs: int, env: dict) -> list[float]:
    """Median wall time of each command, run in turn round after round."""
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for args, found in zip(commands, times):
            start = time.perf_counter()
            subprocess.run(args, check=True, capture_output=True, env=env)
            found.append(time.perf_counter() - start)
    return [statistics.median(found) for found in times]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--checkout", type=Path, default=HERE, help="The checkout whose kb is measured.")
    parser.add_argument("--corpus", type=Path, default=HERE.parent / "shared" / "corpus")
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    checkout = args.checkout.resolve()
    sys.path.insert(0, str(checkout))
    sys.path.insert(1, str(HERE))  # tests.search_quality, if the checkout is older

    from kb.api import KnowledgeBase
    from kb.search import complete, search
    from tests.search_quality import load_queries, measure

    if not args.db.exists():
        make_database(args.db, args.corpus)
    print(f"checkout {checkout} (kb from {Path(sys.modules['kb'].__file__).parent}); load {os.getloadavg()[0]:.1f}")

    kb = KnowledgeBase.open(args.db, readonly=True)
    cases = load_queries(HERE / "tests" / "data" / "search_queries.tsv")
    run = lambda query: search(kb, query).results  # noqa: E731
    measure(cases, run)
    passes = [[o.seconds * 1000 for o in measure(cases, run).outcomes] for _ in range(3)]
    warm = [min(times) for times in zip(*passes)]
    print(
        f"warm search over {len(warm)} queries: p50 {percentile(warm, 0.5):.2f} ms, "
        f"p95 {percentile(warm, 0.95):.2f} ms, mean {statistics.mean(warm):.2f} ms"
    )

    queries = ["phasing", "deathtouch", "trample tokens", "フェイジング", "combat damage"]
    best = float("inf")
    for _ in range(7):
        cpu = time.process_time()
        for _ in range(40):
            for query in queries:
                search(kb, query)
        best = min(best, time.process_time() - cpu)
    print(f"CPU per search over {len(queries)} queries (best of 7 passes of 200): {best * 1000 / 200:.3f} ms")

    second = KnowledgeBase.open(args.db, readonly=True)
    start = time.perf_counter()
    search(second, "phasing tokens")
    print(f"first search of a second facade on the same file: {(time.perf_counter() - start) * 1000:.1f} ms")
    second.close()

    prefixes = [
        word[:n]
        for word in ("phasing", "deathtouch", "trample", "フェイジング", "相位", "cycling")
        for n in range(2, 12)
    ]
    prefixes = [p for p in dict.fromkeys(prefixes) if len(p) >= 2][:60]
    for prefix in prefixes:
        complete(kb.store, prefix)
    start = time.perf_counter()
    for prefix in prefixes:
        complete(kb.store, prefix)
    print(
        f"warm completions: {(time.perf_counter() - start) * 1000 / len(prefixes):.3f} ms each over {len(prefixes)} prefixes"
    )

    newest = kb.resolve(lang="en")
    numbers = [row[0] for row in kb.conn.execute("select number from rules where document_id = ?", [newest["id"]])]
    for number in numbers:
        kb.rule(number)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for number in numbers:
            kb.rule(number)
        best = min(best, time.perf_counter() - start)
    print(f"rule lookups, warm: {len(numbers) / best:,.0f}/s over {len(numbers)} rules")
    kb.close()

    env = dict(os.environ, MTGKB_DB=str(args.db), PYTHONPATH=str(checkout))
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(checkout / "kb")], check=True, capture_output=True)
    baseline, show = process_medians(
        [[sys.executable, "-c", "import sqlite3"], [sys.executable, "-m", "kb", "show", "702.26b"]], args.runs, env
    )
    print(
        f"python -c 'import sqlite3' {baseline * 1000:.0f} ms; fresh show 702.26b {show * 1000:.0f} ms; "
        f"ratio {show / baseline:.2f}"
    )


if __name__ == "__main__":
    main()
