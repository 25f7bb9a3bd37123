"""HTTP figures (issue 7): rule lookups through `mtgkb serve` (one uvicorn worker) on loopback.

A bounded load test: a fixed number of requests over a few keep-alive connections from
this script, then it stops. Target: >= 1,000 requests per second, p99 < 20 ms, no errors.
Run: python bench/bench_http.py [--corpus ../shared/corpus] [--requests 6000]
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/editions")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def load(port: int, paths: list[str], connections: int) -> tuple[list[float], int, float]:
    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()
    share = [paths[i::connections] for i in range(connections)]

    def worker(mine: list[str]) -> None:
        nonlocal errors
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        local, failed = [], 0
        for path in mine:
            start = time.perf_counter()
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            local.append(time.perf_counter() - start)
            failed += response.status != 200
        with lock:
            latencies.extend(local)
            errors += failed

    threads = [threading.Thread(target=worker, args=(mine,)) for mine in share]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, errors, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--requests", type=int, default=6000)
    parser.add_argument("--connections", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "http.db"
        kb = KnowledgeBase.open(db)
        kb.import_file(args.corpus / "en" / "full" / "MagicCompRules_20260807.txt")
        numbers = [n for (n,) in kb.conn.execute("select number from rules")]
        kb.close()
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "kb", "--db", str(db), "serve", "--port", str(port)],
            env=dict(os.environ),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_until_up(port)
            rng = random.Random(7)
            load(port, [f"/rules/{rng.choice(numbers)}" for _ in range(500)], args.connections)  # warm-up
            paths = [f"/rules/{rng.choice(numbers)}" for _ in range(args.requests)]
            latencies, errors, elapsed = load(port, paths, args.connections)
        finally:
            server.terminate()
            server.wait(timeout=10)
    latencies.sort()
    p50 = latencies[len(latencies) // 2] * 1000
    p99 = latencies[int(len(latencies) * 0.99)] * 1000
    print(
        f"HTTP GET /rules/{{number}}: {len(latencies)} requests over {args.connections} connections in "
        f"{elapsed:.2f} s = {len(latencies) / elapsed:,.0f} requests/s; p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
        f"errors {errors} (target >= 1,000/s, p99 < 20 ms, no errors)"
    )


if __name__ == "__main__":
    main()
