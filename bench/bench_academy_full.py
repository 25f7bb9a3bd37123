"""Academy Ruins' /file/cr and /cr/trace on a database of every edition (`mtgkb build`).

    python bench/bench_academy_full.py --db FULL.db [--starts 5] [--runs 15]

1. ``GET /file/cr`` (the newest English text) and ``GET /file/cr/2022-11-18`` (the largest file the package
   carries, 1.7 MB; also with ``Accept-Encoding: gzip``) as the first request of a freshly started `mtgkb serve` (the server restarted for
   each sample: the bundled archive is one xz stream read up to the member), then warm; and the
   facade's ``published_file`` alone, in process, for the same two documents (where the time goes).
2. ``GET /cr/trace/{rule}`` for rules with long and short histories, first after the start and warm.

Each request on a fresh connection, timed to its last byte; medians and the slowest.
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402

FILES = ("/file/cr", "/file/cr/2022-11-18", "/file/cr/2022-11-18 gzip")
TRACES = (
    "/cr/trace/702.26b",
    "/cr/trace/702.26",
    "/cr/trace/704.5a",
    "/cr/trace/100.1",
    "/cr/trace/613.1",
    "/cr/trace/702.26?find_definition=true",
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def timed_get(port: int, request: str) -> tuple[float, int]:
    """Milliseconds from sending the request ("PATH" or "PATH gzip") to the last byte, and the body's size."""
    path, _space, encoding = request.partition(" ")
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    start = time.perf_counter()
    connection.request("GET", path, headers={"Accept-Encoding": encoding or "identity"})
    answer = connection.getresponse()
    body = answer.read()
    elapsed = (time.perf_counter() - start) * 1000
    connection.close()
    assert answer.status == 200, (path, answer.status, body[:200])
    return elapsed, len(body)


def started(db: Path) -> tuple[subprocess.Popen, int]:
    """A fresh `mtgkb serve` over ``db``, once it answers a cheap request (/editions)."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "kb", "--db", str(db), "serve", "--port", str(port)],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/editions")
            connection.getresponse().read()
            connection.close()
            return server, port
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("the server did not start")


def stop(server: subprocess.Popen) -> None:
    server.terminate()
    server.wait()


def summary(times: list[float]) -> str:
    return f"median {statistics.median(times):.1f} ms, slowest {max(times):.1f} ms ({len(times)} runs)"


def first_requests(db: Path, paths: tuple[str, ...], starts: int) -> dict[str, list[float]]:
    """Each path as the first request of a fresh server, ``starts`` times."""
    found: dict[str, list[float]] = {path: [] for path in paths}
    for _ in range(starts):
        for path in paths:
            server, port = started(db)
            try:
                found[path].append(timed_get(port, path)[0])
            finally:
                stop(server)
    return found


def warm(db: Path, paths: tuple[str, ...], runs: int) -> dict[str, tuple[list[float], int]]:
    server, port = started(db)
    try:
        found = {}
        for path in paths:
            timed_get(port, path)
            times, size = [], 0
            for _ in range(runs):
                elapsed, size = timed_get(port, path)
                times.append(elapsed)
            found[path] = (times, size)
        return found
    finally:
        stop(server)


def in_process(db: Path, runs: int) -> None:
    kb = KnowledgeBase.open(db, readonly=True)
    try:
        for edition in (None, "2022-11-18"):
            name = kb.resolve(edition, lang="en")["name"]
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                data, _charset = kb.published_file(name)
                times.append((time.perf_counter() - start) * 1000)
            print(f"| published_file({name}) | {len(data):,} bytes | {summary(times)} |")
    finally:
        kb.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True, help="a database of every edition (mtgkb build)")
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}\n")
    print("| request | first after a start | warm | bytes |\n| --- | --- | --- | --- |")
    firsts = first_requests(args.db, FILES + TRACES, args.starts)
    warmed = warm(args.db, FILES + TRACES, args.runs)
    for path in FILES + TRACES:
        times, size = warmed[path]
        print(f"| GET {path} | {summary(firsts[path])} | {summary(times)} | {size:,} |")
    print("\n| in process | size | time |\n| --- | --- | --- |")
    in_process(args.db, max(3, args.starts))
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
