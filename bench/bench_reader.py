"""Reader figures (issue 20): rule pages and a whole document through `mtgkb serve` (one uvicorn
worker) on loopback, and the static export.

- rule page: GET /rules/{number} with Accept: text/html, random numbers of today's English CR,
  one keep-alive connection; target p99 <= 30 ms.
- whole document: time to the first byte of /read/doc/<today's CR>, the first request after the
  server started and a later one; target <= 1 s.
- whole documents side by side: first byte of /read/side/docs for Japanese 2026-01-16 beside today's
  English, and German (2010 numbering) beside Japanese beside today's English; target first byte <= 1 s,
  the three documents complete <= 2 s.
- history overview: the first visit of /read/history on a copy of a database holding every edition
  (--full-db, e.g. /work/corpus.db; copied first, its counts stored by one chain update); target <= 1 s.
- export: `mtgkb export html --side` of the newest document in four languages (en, de, ja, zh, each
  translation beside today's English) with Pagefind's search (the default), its size and its search
  index's seconds and size, then the same with --no-search; and of one edition (2026-01-16, English and
  Japanese); target four languages with side pages and search <= 60 s.
Run: python bench/bench_reader.py [--corpus ../shared/corpus] [--requests 2000] [--full-db /work/corpus.db]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_http import free_port, wait_until_up  # noqa: E402
from kb.api import KnowledgeBase  # noqa: E402

TODAY = "MagicCompRules_20260807"
JAPANESE = "CompRules_ja_20260116.0_lines"
GERMAN = "000_a3c90cc092d5a721"
HTML = {"Accept": "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8"}


def build(db: Path, corpus: Path) -> list[str]:
    kb = KnowledgeBase.open(db)
    sources = [
        corpus.parent / "seeds" / "000_a3c90cc092d5a721.txt",
        corpus.parent / "seeds" / "001_b91ea460c0a74603.txt",
        corpus / "ja" / "CompRules_ja_20260116.0_lines.txt",
        corpus / "zh" / "MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt",
        *(
            corpus / "en" / "full" / f"MagicCompRules_{d}.txt"
            for d in ("20100716", "20231117", "20260116", "20260417", "20260807")
        ),
    ]
    kb.import_paths(sources, keep_going=False)
    kb.run_scenarios()
    numbers = [r.number for r in kb.document_rules(TODAY)]
    kb.close()
    return numbers


def first_byte(port: int, path: str) -> tuple[float, float, int]:
    """Seconds to the first byte and to the last, and the size."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    start = time.perf_counter()
    connection.request("GET", path, headers=HTML)
    response = connection.getresponse()
    response.read(1)
    first = time.perf_counter() - start
    size = 1 + len(response.read())
    return first, time.perf_counter() - start, size


def rule_pages(port: int, paths: list[str], headers: dict = HTML) -> tuple[list[float], int]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    latencies, errors = [], 0
    kind = "text/html" if headers is HTML else "application/json"
    for path in paths:
        start = time.perf_counter()
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.read()
        latencies.append(time.perf_counter() - start)
        errors += response.status != 200 or not response.getheader("content-type", "").startswith(kind)
    return latencies, errors


def in_process(db: Path, numbers: list[str]) -> list[float]:
    """The rule page built without HTTP: what the reader itself costs."""
    from kb.reader import pages
    from kb.reader.urls import Urls

    kb = KnowledgeBase.open(db, readonly=True)
    rng = random.Random(5)
    for number in rng.sample(numbers, 200):
        pages.rule_or_missing(kb, Urls(), number)
    latencies = []
    for number in rng.sample(numbers, 1000):
        start = time.perf_counter()
        pages.rule_or_missing(kb, Urls(), number)
        latencies.append(time.perf_counter() - start)
    kb.close()
    return latencies


def percentiles(latencies: list[float]) -> tuple[float, float]:
    ordered = sorted(latencies)
    return ordered[len(ordered) // 2] * 1000, ordered[int(len(ordered) * 0.99)] * 1000


def export(db: Path, folder: Path, *args: str) -> tuple[float, dict]:
    """Seconds of a fresh `mtgkb export html` process, and its --json report."""
    start = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "kb", "--db", str(db), "export", "html", str(folder), "--json", *args],
        check=True,
        stdout=subprocess.PIPE,
        env=dict(os.environ),
    )
    return time.perf_counter() - start, json.loads(run.stdout)


def serve(db: Path):
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "kb", "--db", str(db), "serve", "--port", str(port)],
        env=dict(os.environ),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wait_until_up(port)
    return port, server


def overview_first_visit(full_db: Path, tmp: str) -> tuple[float, float, int]:
    """/read/history on a copy of a database with every edition: stored counts, first and second visit."""
    copy = Path(tmp) / "full.db"
    shutil.copy(full_db, copy)
    kb = KnowledgeBase.open(copy)  # migrates; the chain update stores the counts it lacks
    kb.update_history()
    releases = len(kb.release_counts())
    kb.close()
    port, server = serve(copy)
    try:
        _first, _all, _size = first_byte(port, "/read/history")
        again = first_byte(port, "/read/history")[1]
    finally:
        server.terminate()
        server.wait(timeout=10)
    return _all, again, releases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--full-db", type=Path, help="a database with every edition, for the overview (copied)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "reader.db"
        numbers = build(db, args.corpus)
        built = in_process(db, numbers)
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "kb", "--db", str(db), "serve", "--port", str(port)],
            env=dict(os.environ),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_until_up(port)
            cold_first, cold_all, size = first_byte(port, f"/read/doc/{TODAY}")
            warm_first, warm_all, _size = first_byte(port, f"/read/doc/{TODAY}")
            pair = f"/read/side/docs?d={JAPANESE}&d={TODAY}"
            three = f"/read/side/docs?d={GERMAN}&d={JAPANESE}&d={TODAY}"
            side_cold, side_cold_all, side_size = first_byte(port, pair)
            side_warm, side_warm_all, _size = first_byte(port, pair)
            three_first, three_all, _size = first_byte(port, three)
            rng = random.Random(20)
            rule_pages(port, [f"/rules/{rng.choice(numbers)}" for _ in range(300)])  # warm-up
            paths = [f"/rules/{rng.choice(numbers)}" for _ in range(args.requests)]
            latencies, errors = rule_pages(port, paths)
            json_latencies, json_errors = rule_pages(port, paths, {"Accept": "application/json"})
        finally:
            server.terminate()
            server.wait(timeout=10)
        four, report = export(db, Path(tmp) / "four", "--side")
        site = sum(f.stat().st_size for f in (Path(tmp) / "four").rglob("*") if f.is_file())
        without, _report = export(db, Path(tmp) / "plain", "--side", "--no-search")
        edition, _report = export(db, Path(tmp) / "edition", "--edition", "2026-01-16")
        overview = overview_first_visit(args.full_db, tmp) if args.full_db else None
    p50, p99 = percentiles(latencies)
    j50, j99 = percentiles(json_latencies)
    b50, b99 = percentiles(built)
    print(
        f"rule page GET /rules/{{number}} (text/html): {len(latencies)} requests, one connection, one worker; "
        f"p50 {p50:.1f} ms, p99 {p99:.1f} ms, errors {errors} (target p99 <= 30 ms)"
    )
    print(
        f"  the same numbers as JSON on the same server: p50 {j50:.1f} ms, p99 {j99:.1f} ms, errors {json_errors}; "
        f"the page built in process: p50 {b50:.1f} ms, p99 {b99:.1f} ms"
    )
    print(
        f"whole document {TODAY} ({size / 1e6:.1f} MB): first byte {cold_first * 1000:.0f} ms on the first "
        f"request, {warm_first * 1000:.0f} ms later; complete {cold_all:.2f} s / {warm_all:.2f} s (target first byte <= 1 s)"
    )
    print(
        f"whole documents side by side, ja 2026-01-16 beside en {TODAY} ({side_size / 1e6:.1f} MB): first byte "
        f"{side_cold * 1000:.0f} ms on the first request, {side_warm * 1000:.0f} ms later; complete {side_cold_all:.2f} s "
        f"(cross-checked on the way) / {side_warm_all:.2f} s; de beside ja beside en: first byte {three_first * 1000:.0f} ms, "
        f"complete {three_all:.2f} s (target first byte <= 1 s; three documents complete <= 2 s)"
    )
    if overview:
        print(
            f"history overview on {args.full_db} ({overview[2]} releases): first visit {overview[0] * 1000:.0f} ms, "
            f"second {overview[1] * 1000:.0f} ms (target first visit <= 1 s)"
        )
    search = report["search"]
    print(
        f"export html --side: newest document of en, de, ja, zh with 3 side pages and search {four:.1f} s, "
        f"site {site / 1e6:.1f} MB, of which Pagefind's index of {search['pages']} pages in {', '.join(search['languages'])} "
        f"{search['seconds']:.1f} s, {search['bytes'] / 1e6:.1f} MB; without search {without:.1f} s; edition 2026-01-16 "
        f"(en, ja, with search) {edition:.1f} s (fresh processes; target four languages with side pages and search <= 60 s)"
    )


if __name__ == "__main__":
    main()
