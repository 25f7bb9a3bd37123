"""History figures (issue 3 targets): all 134 consecutive-edition pairings computed and stored
(<= 60 s), one diff of 2009-07-11 against 2026-08-07 (<= 5 s), a trace in-process (<= 20 ms).

Run: python bench/bench_history.py [--corpus ../shared/corpus] [--db existing.db]

Without --db the English editions and the bundled seeds are imported into a temporary
database first (not timed). With --db the database is copied and its history dropped,
so the chain is always computed from scratch.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.history import diff, infer_edition, trace, update_chain  # noqa: E402
from kb.history.chain import update_pairings  # noqa: E402

SEEDS = ("000_a3c90cc092d5a721.txt", "004_87f96431dc6e8d24.txt")


def prepare(args, folder: Path) -> Path:
    path = folder / "bench_history.db"
    if args.db:
        source, conn = sqlite3.connect(args.db), sqlite3.connect(path)
        source.backup(conn)  # a consistent copy, WAL included
        source.close()
        with conn:
            for table in ("pairings", "pairing_runs", "edition_inference"):
                conn.execute(f"drop table if exists {table}")
        conn.close()
        return path
    from kb.api import KnowledgeBase

    started = time.perf_counter()
    kb = KnowledgeBase.open(path)
    kb.import_paths([args.corpus / "en" / "full", *(args.corpus.parent / "seeds" / s for s in SEEDS)], keep_going=False)
    with kb.conn:  # in case the import already computed the chain
        for table in ("pairings", "pairing_runs", "edition_inference"):
            kb.conn.execute(f"drop table if exists {table}")
    kb.close()
    print(f"(import of the corpus, not timed: {time.perf_counter() - started:.1f} s)")
    return path


def timed(call, repeat: int = 1) -> tuple[list[float], object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = call()
        times.append(time.perf_counter() - start)
    return times, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--db", type=Path, help="an existing database with the English editions")
    args = parser.parse_args()
    from kb.api import KnowledgeBase

    with tempfile.TemporaryDirectory() as folder:
        kb = KnowledgeBase.open(prepare(args, Path(folder)))  # in-process use goes through the facade
        conn = kb.conn
        (seconds,), chain = timed(lambda: update_pairings(conn))
        worst = conn.execute(
            "select seconds, old_edition, new_edition from pairing_runs order by seconds desc"
        ).fetchone()
        print(
            f"chain: {chain.computed} consecutive pairings computed and stored in {seconds:.1f} s "
            f"(target <= 60 s; slowest pairing {worst[1]} -> {worst[2]}: {worst[0]:.2f} s)"
        )
        again, result = timed(lambda: update_chain(conn))
        print(
            f"chain again: {result.computed} pairings computed, {len(result.inferred)} undated documents "
            f"inferred, {again[0] * 1000:.0f} ms"
        )
        again, result = timed(lambda: update_chain(conn))
        print(f"chain again, nothing stale: {again[0] * 1000:.1f} ms")

        times, result = timed(lambda: diff(conn, "2009-07-11", "2026-08-07"), repeat=3)
        print(
            f"diff 2009-07-11 -> 2026-08-07 ({len(result.rules)} rules, {result.method}): first {times[0]:.2f} s, "
            f"median {statistics.median(times):.2f} s (target <= 5 s)"
        )

        for number, edition, back in (
            ("702.23", "2010-07-16", False),
            ("702.26", "2026-08-07", True),
            ("310", "2017-08-25", False),
            ("100.1", "1999-04-23", False),
        ):
            times, result = timed(lambda: trace(conn, number, edition, back=back), repeat=30)
            steps = len(result.steps) + sum(len(s.steps) for s in result.subrules)
            print(
                f"trace {number} of {edition} {'back' if back else 'forward'} ({1 + len(result.subrules)} rules, "
                f"{steps} steps): first {times[0] * 1000:.1f} ms, median {statistics.median(times) * 1000:.1f} ms "
                f"(target <= 20 ms)"
            )

        for name in (s.removesuffix(".txt") for s in SEEDS):
            if conn.execute("select 1 from documents where name = ?", [name]).fetchone():
                times, result = timed(lambda: infer_edition(conn, name, save=False), repeat=3)
                print(f"infer {name}: {result.first} … {result.last}, median {statistics.median(times) * 1000:.0f} ms")
        kb.close()


if __name__ == "__main__":
    main()
