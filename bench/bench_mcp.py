"""MCP figures (issues 16 and 28): answer sizes and `rule` tool calls to `mtgkb mcp` over stdio, through the SDK's own client.

First the size of each answer an agent gets for a set of typical calls (characters of the
text block, as a client puts it into the agent's context; goal for `rule 702.26b`: under
4,000). Then one client drives a fresh `python -m kb mcp` subprocess: the time from spawn to a finished
handshake, then 1,000 `rule` calls of random rule numbers one after another (each answer
checked: not an error, the asked number, an edition stamp), with per-call latency
percentiles and calls per second. The database is built from the corpus in a temporary
folder (the newest English edition, the Japanese translation and the seeds), or --db.
Run: python bench/bench_mcp.py [--corpus ../shared/corpus] [--calls 1000] [--db FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402


def build(db: Path, corpus: Path) -> None:
    kb = KnowledgeBase.open(db)
    try:
        kb.import_paths(
            [
                corpus / "en" / "full" / "MagicCompRules_20260807.txt",
                corpus / "ja" / "CompRules_ja_20260116.0_lines.txt",
            ],
            keep_going=False,
        )
        kb.build()
        kb.search("phasing", limit=1)  # the search index, which the server would otherwise build at start
    finally:
        kb.close()


def english_numbers(db: Path) -> list[str]:
    kb = KnowledgeBase.open(db, readonly=True)
    try:
        newest = max((d for d in kb.documents(lang="en") if d.edition), key=lambda d: d.edition)
        return [
            n
            for (n,) in kb.conn.execute(
                "select r.number from rules r join documents d on d.id = r.document_id where d.name = ?", [newest.name]
            )
        ]
    finally:
        kb.close()


SIZED = [  # (tool, arguments): the calls whose answer sizes are printed
    ("rule", {"number": "702.26b"}),
    ("rule", {"number": "702.26b", "versions": True}),
    ("rule", {"number": "702.26"}),
    ("rule", {"number": "7"}),
    ("rules", {"reference": "601.2a-h"}),
    ("trace", {"number": "702.26", "back": True}),
    ("trace", {"number": "702.26", "back": True, "every_edition": True}),
    ("search", {"query": "phased out token"}),
    (
        "cite",
        {
            "text": "A phased-out permanent is treated as though it does not exist (CR 702.26b); see also "
            "rule 506.4 and ex 2 613.6."
        },
    ),
    ("check", {"text": "rule 702.25d", "since": "2015-01-23"}),
    ("diff", {"old": "2026-04-17", "new": "2026-08-07"}),
    ("glossary", {"term": "Phasing"}),
    ("editions", {}),
]


def _params(db: Path):
    from mcp import StdioServerParameters

    env = {"PYTHONPATH": str(ROOT), "MTGKB_LANG": "en", "PATH": os.environ.get("PATH", "")}
    return StdioServerParameters(
        command=sys.executable, args=["-m", "kb", "--db", str(db), "mcp"], env=env, cwd=str(ROOT)
    )


async def sizes(db: Path) -> list[tuple[str, int, bool]]:
    """The text size of each SIZED call's answer (and whether it was an error)."""
    from mcp import Client

    found = []
    async with Client(_params(db)) as client:
        for tool, arguments in SIZED:
            result = await client.call_tool(tool, arguments)
            shown = " ".join(f"{key}={value!r}" for key, value in arguments.items())
            found.append((f"{tool} {shown}"[:90], len(result.content[0].text), bool(result.is_error)))
    return found


def percentile(sorted_values: list[float], fraction: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * fraction))]


async def drive(db: Path, numbers: list[str], subrules: bool) -> tuple[float, list[float], int, float]:
    from mcp import Client

    params = _params(db)
    spawned = time.perf_counter()
    async with Client(params) as client:
        started = time.perf_counter() - spawned
        for number in numbers[:50]:  # warm-up: the first calls fill the document caches
            await client.call_tool("rule", {"number": number, "subrules": subrules})
        latencies: list[float] = []
        errors = 0
        began = time.perf_counter()
        for number in numbers:
            before = time.perf_counter()
            result = await client.call_tool("rule", {"number": number, "subrules": subrules})
            latencies.append(time.perf_counter() - before)
            answer = result.structured_content or {}
            errors += bool(result.is_error or answer.get("ruleNumber") != number or not answer.get("edition"))
        elapsed = time.perf_counter() - began
    return started, latencies, errors, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--db", type=Path, help="An existing database instead of a temporary one.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db
        if db is None:
            db = Path(tmp) / "mcp.db"
            build(db, args.corpus)
        rng = random.Random(16)
        all_numbers = english_numbers(db)
        numbers = [rng.choice(all_numbers) for _ in range(args.calls)]
        print(f"database: {db if args.db else 'temporary'}, {len(all_numbers)} rules in the newest English edition")
        for call, size, error in asyncio.run(sizes(db)):
            print(f"answer size: {size:>9,} characters  {call}{'  (error)' if error else ''}")
        for subrules in (False, True):
            started, latencies, errors, elapsed = asyncio.run(drive(db, numbers, subrules))
            latencies.sort()
            ms = [percentile(latencies, f) * 1000 for f in (0.50, 0.95, 0.99)]
            print(
                f"stdio `rule` (subrules={str(subrules).lower()}): {len(latencies)} calls in {elapsed:.2f} s = "
                f"{len(latencies) / elapsed:,.0f} calls/s; per call p50 {ms[0]:.2f} ms, p95 {ms[1]:.2f} ms, "
                f"p99 {ms[2]:.2f} ms, max {latencies[-1] * 1000:.1f} ms; errors {errors}; "
                f"spawn to handshake {started:.2f} s"
            )


if __name__ == "__main__":
    main()
