"""HTTP load figures (issues 17, 26, 32): `mtgkb serve` (real uvicorn, one worker or --workers N) under
20 concurrent clients.

Bounded and loopback only: the script starts the server on 127.0.0.1 over a copy of the
database (the original is never written), sends a fixed number of requests from keep-alive
connections, stops the server and prints:

- rule lookups: requests/s and p50/p99 (target >= 1,000/s, p99 <= 100 ms, issue 26);
- rule lookups while whole-document pages load one after another on another connection;
- searches: requests/s and p50/p99 (target >= 300/s, p99 <= 100 ms);
- other requests' p99 while one 1 MB POST /cite runs (target <= 100 ms), for a 1 MB text within
  the limits and for one that cites too many rules (refused with 413);
- the server's memory (RSS) before and after, per worker process.

The clients are one asyncio process of their own (this script), on keep-alive connections.
Run: python bench/bench_http_load.py --db /path/to/corpus.db [--clients 20] [--requests 6000] [--workers N]
Without --db it builds a small database from the newest English file of ../shared/corpus.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench_http import free_port, wait_until_up  # noqa: E402  (this folder)

QUERIES = [
    "phasing",
    "phased out token",
    "planeswalk",
    "trample",
    "deathtouch",
    "combat damage",
    "state-based actions",
    "mana ability",
    "Instabilität",
    "フェイズ・アウト",
    "indirectly phased",
    "legend rule",
    "commander tax",
    "the stack",
    "hexproof",
    "protection from",
    "first strike",
    "double strike",
    "priority",
    "cleanup step",
    "untap step",
    "flashback",
    "cascade",
    "ward",
    "replacement effect",
    "copy of a spell",
    "face-down",
    "day and night",
    "planar die",
    "phenomenon",
]


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (load on the machine does not change it)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def request(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, method: str, path: str, body: bytes = b""
) -> tuple[int, bytes]:
    """One HTTP/1.1 request on a kept-alive connection: (status, body)."""
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n"
    if body:
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    writer.write(head.encode() + b"\r\n" + body)
    await writer.drain()
    header = await reader.readuntil(b"\r\n\r\n")
    lines = header.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length = next(int(line.split(":", 1)[1]) for line in lines if line.lower().startswith("content-length:"))
    return status, await reader.readexactly(length)


async def client(
    port: int, paths: list[str], latencies: list[float], errors: list[str], stop: asyncio.Event | None = None
) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        for path in paths:
            if stop is not None and stop.is_set():
                break
            start = time.perf_counter()
            status, _body = await request(reader, writer, "GET", path)
            latencies.append(time.perf_counter() - start)
            if status != 200:
                errors.append(f"{status} {path}")
    finally:
        writer.close()


async def load(port: int, paths: list[str], clients: int) -> tuple[list[float], list[str], float]:
    latencies: list[float] = []
    errors: list[str] = []
    began = time.perf_counter()
    await asyncio.gather(*(client(port, paths[i::clients], latencies, errors) for i in range(clients)))
    return latencies, errors, time.perf_counter() - began


def stop(server: subprocess.Popen) -> None:
    """End a server the bench started: SIGTERM, then SIGKILL if it has not ended in 15 s."""
    server.terminate()
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()


def tree_cpu_seconds(pid: int) -> float:
    """CPU time of the server and its worker processes."""
    return cpu_seconds(pid) + sum(cpu_seconds(child) for child in children(pid))


def page_in_thread(port: int, path: str, stop: threading.Event, result: dict) -> threading.Thread:
    """GET a slow page again and again on a connection of its own, in a thread, until ``stop``."""

    def run() -> None:
        import http.client

        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        pages, seconds = 0, 0.0
        while not stop.is_set():
            started = time.perf_counter()
            connection.request("GET", path, headers={"Accept": "text/html"})
            response = connection.getresponse()
            result["size"] = len(response.read())
            result["status"] = response.status
            pages += 1
            seconds += time.perf_counter() - started
        result.update(pages=pages, seconds=seconds)

    thread = threading.Thread(target=run)
    thread.start()
    return thread


async def during_pages(
    port: int, page: str, paths: list[str], clients: int
) -> tuple[dict, list[float], list[str], float]:
    """``paths`` from ``clients - 1`` connections while one more loads ``page`` over and over."""
    result: dict = {}
    stop = threading.Event()
    thread = page_in_thread(port, page, stop, result)
    await asyncio.sleep(0.2)  # the first page is under way
    latencies, errors, elapsed = await load(port, paths, clients - 1)
    stop.set()
    await asyncio.to_thread(thread.join)
    return result, latencies, errors, elapsed


def figures(name: str, latencies: list[float], errors: list[str], elapsed: float, target: str) -> str:
    ordered = sorted(latencies)
    p50 = ordered[len(ordered) // 2] * 1000
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
    line = (
        f"{name}: {len(ordered)} requests in {elapsed:.2f} s = {len(ordered) / elapsed:,.0f}/s; "
        f"p50 {p50:.1f} ms, p99 {p99:.1f} ms, errors {len(errors)} ({target})"
    )
    if errors:
        line += f"; first error: {errors[0]}"
    return line


def post_in_thread(port: int, body: bytes, result: dict) -> threading.Thread:
    """POST /cite on a connection of its own, in a thread (the timing of the others is what counts)."""

    def run() -> None:
        import http.client

        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        started = time.perf_counter()
        connection.request("POST", "/cite", body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        data = response.read()
        result.update(status=response.status, seconds=time.perf_counter() - started, size=len(data))

    thread = threading.Thread(target=run)
    thread.start()
    return thread


async def during_cite(port: int, body: bytes, paths: list[str], clients: int) -> tuple[dict, list[float], list[str]]:
    """Lookups and searches from ``clients - 1`` connections for as long as one big /cite runs."""
    result: dict = {}
    thread = post_in_thread(port, body, result)
    await asyncio.sleep(0.05)  # the big request is in
    latencies: list[float] = []
    errors: list[str] = []
    stop = asyncio.Event()

    async def watch() -> None:
        while thread.is_alive():
            await asyncio.sleep(0.01)
        stop.set()

    endless = [paths[i % len(paths)] for i in range(len(paths) * 20)]
    await asyncio.gather(
        watch(), *(client(port, endless[i :: clients - 1], latencies, errors, stop) for i in range(clients - 1))
    )
    thread.join()
    return result, latencies, errors


def citing_text(numbers: list[str], size: int, citations: int, rng: random.Random) -> str:
    """About ``size`` characters of prose that cite ``citations`` rules."""
    filler = (
        "The active player untaps their permanents, then the game continues as usual and nothing "
        "else of note happens here. "
    )
    parts, length, cited = [], 0, 0
    every = max(1, size // max(citations, 1))
    while length < size:
        if cited < citations and length >= cited * every:
            piece = f"See rule {rng.choice(numbers)}. "
            cited += 1
        else:
            piece = filler
        parts.append(piece)
        length += len(piece)
    return "".join(parts)[:size]


def prepare(args, tmp: Path) -> Path:
    db = tmp / "load.db"
    if args.db:
        source = Path(args.db)
        if not source.is_file():
            raise SystemExit(f"--db {source}: no such file")
        shutil.copy(source, db)
        index = Path(f"{source}.search")
        if index.is_dir():
            shutil.copytree(index, Path(f"{db}.search"))
    else:
        from kb.api import KnowledgeBase

        kb = KnowledgeBase.open(db)
        kb.import_file(args.corpus / "en" / "full" / "MagicCompRules_20260807.txt")
        kb.close()
    from kb.api import KnowledgeBase

    kb = KnowledgeBase.open(db)
    if kb.search_index_status() != "ready":  # the server never builds it; the bench does, beforehand
        print("building the search index of the copy first ...", flush=True)
        kb.update_search_index()
    kb.close()
    return db


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", help="database to copy (with its .search index when there is one)")
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--requests", type=int, default=6000, help="rule lookups (searches: half as many)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes of the server (serve --workers)")
    args = parser.parse_args()
    rng = random.Random(17)
    with tempfile.TemporaryDirectory(prefix="mtgkb-load-") as tmp:
        db = prepare(args, Path(tmp))
        from kb.api import KnowledgeBase

        kb = KnowledgeBase.open(db, readonly=True)
        newest = kb.resolve(None, lang="en")
        numbers = [n for (n,) in kb.conn.execute("select number from rules where document_id = ?", [newest["id"]])]
        page = f"/read/doc/{quote(newest['name'])}"
        kb.close()
        port = free_port()
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "kb",
                "--db",
                str(db),
                "serve",
                "--port",
                str(port),
                *(["--workers", str(args.workers)] if args.workers != 1 else []),
            ],
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        try:
            wait_until_up(port)
            idle = rss_mb(server.pid)
            idle_workers = ", ".join(f"{rss_mb(child):.0f} MB" for child in children(server.pid))
            lookups = [f"/rules/{rng.choice(numbers)}" for _ in range(args.requests)]
            searches = [f"/search?q={quote(rng.choice(QUERIES))}&limit=10" for _ in range(args.requests // 2)]
            asyncio.run(load(port, lookups[:500] + searches[:200], args.clients))  # warm-up
            for label, paths, target in (
                ("GET /rules/{number}, first time (few answers kept)", lookups, "target >= 1,000/s, p99 <= 100 ms"),
                ("GET /rules/{number}, asked again (answers kept)", lookups, "target >= 1,000/s, p99 <= 100 ms"),
                ("GET /search, 30 queries", searches, "target >= 300/s, p99 <= 100 ms"),
            ):
                cpu = tree_cpu_seconds(server.pid)
                latencies, errors, elapsed = asyncio.run(load(port, paths, args.clients))
                used = (tree_cpu_seconds(server.pid) - cpu) / len(paths) * 1000
                print(figures(label, latencies, errors, elapsed, target) + f"; server CPU {used:.2f} ms per request")
            fresh = [f"/rules/{number}?lang=en" for number in rng.sample(numbers, min(len(numbers), args.requests))]
            for label, paths in (
                ("GET /rules/702.26b", ["/rules/702.26b"] * args.requests),
                ("GET /rules/{number}?lang=en, each number once", fresh),
            ):
                result, latencies, errors, elapsed = asyncio.run(during_pages(port, page, paths, args.clients))
                print(
                    figures(
                        f"{label} from {args.clients - 1} clients while whole-document pages load "
                        f"({result.get('pages', 0)} pages of {result.get('size', 0):,} bytes, HTTP "
                        f"{result.get('status')}, {result.get('seconds', 0) / max(result.get('pages', 1), 1):.1f} s each)",
                        latencies,
                        errors,
                        elapsed,
                        target="target >= 1,000/s, p99 <= 100 ms",
                    )
                )
            mixed = [p for pair in zip(lookups, searches) for p in pair]
            within = json.dumps({"text": citing_text(numbers, 1_000_000, 900, rng)}).encode()
            too_many = json.dumps({"text": ("See rule 702.26b. " * 60_000)[:1_000_000]}).encode()
            for label, body in (("1 MB /cite within the limits", within), ("1 MB /cite of 55,555 citations", too_many)):
                result, latencies, errors = asyncio.run(during_cite(port, body, mixed, args.clients))
                print(
                    figures(
                        f"while a {label} runs (HTTP {result.get('status')}, {result.get('seconds', 0):.1f} s, "
                        f"{result.get('size', 0):,} bytes answered), lookups and searches",
                        latencies,
                        errors,
                        result.get("seconds", 1),
                        target="target p99 <= 100 ms",
                    )
                )
            workers = ", ".join(f"{rss_mb(child):.0f} MB" for child in children(server.pid))
            print(
                f"server memory (RSS): {idle:.0f} MB idle after start, {rss_mb(server.pid):.0f} MB after the load; "
                f"its child processes (uvicorn's workers with --workers 2 or more): {idle_workers or 'none'} idle, "
                f"{workers or 'none'} after the load"
            )
        finally:
            stop(server)
    print(f"machine load average while it ran: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
