"""The server's memory under distinct lookups: the RSS curve of `mtgkb serve` over 50,000 (document, rule)
lookups that are all different, so no cache answers twice and every bound is reached (goal: under 600 MB).

Bounded and loopback only: the server runs on 127.0.0.1 over a copy of the database (the original is
never written); the lookups are GET /rules/{number}?edition={document} over every stored document, in a
fixed shuffled order, from keep-alive connections. After each step it prints the lookups done, the
server's RSS, its children's and the sum; at the end the growth per 1,000 lookups of the last half
(zero when every cache is full and bounded: kb/store/lookup.py, kb/http/cache.py).

Run: python bench/bench_memory.py --db /path/to/corpus.db [--lookups 50000] [--step 5000] [--clients 8]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench_http import free_port, wait_until_up  # noqa: E402  (this folder)
from bench_http_load import children, load, prepare, rss_mb, stop  # noqa: E402


def distinct_paths(db: Path, count: int, seed: int = 17) -> list[str]:
    """``count`` different lookups, spread over every document."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    pairs = conn.execute(
        "select d.name, r.number from rules r join documents d on d.id = r.document_id group by d.name, r.number"
    ).fetchall()
    conn.close()
    random.Random(seed).shuffle(pairs)
    if len(pairs) < count:
        raise SystemExit(f"the database holds only {len(pairs):,} distinct (document, rule) pairs")
    return [f"/rules/{quote(number)}?edition={quote(name)}" for name, number in pairs[:count]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", required=True, help="database to copy (a whole-corpus build: mtgkb build)")
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--lookups", type=int, default=50_000)
    parser.add_argument("--step", type=int, default=5_000)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mtgkb-memory-") as tmp:
        db = prepare(args, Path(tmp))
        paths = distinct_paths(db, args.lookups)
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "kb", "--db", str(db), "serve", "--port", str(port)],
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        curve = []
        try:
            wait_until_up(port)
            print(f"{'lookups':>8} {'server MB':>10} {'children MB':>12} {'total MB':>9} {'failed':>7}")
            for done in range(0, args.lookups + 1, args.step):
                failed = 0
                if done:
                    _latencies, errors, _elapsed = asyncio.run(load(port, paths[done - args.step : done], args.clients))
                    failed = len(errors)
                own = rss_mb(server.pid)
                kids = sum(rss_mb(child) for child in children(server.pid))
                curve.append((done, own + kids))
                print(f"{done:>8,} {own:>10.0f} {kids:>12.0f} {own + kids:>9.0f} {failed:>7}", flush=True)
        finally:
            stop(server)
    half = [point for point in curve if point[0] >= args.lookups // 2]
    if len(half) > 1:
        growth = (half[-1][1] - half[0][1]) / max(1, (half[-1][0] - half[0][0]) / 1000)
        print(
            f"peak {max(total for _, total in curve):.0f} MB; last half: {growth:+.1f} MB per 1,000 lookups "
            f"(goal: under 600 MB after {args.lookups:,})"
        )


if __name__ == "__main__":
    main()
