"""Cross-check figures (issue 4 targets): rule against rule (de:702.23 against ja@2023-11-17:702.26)
at most 200 ms in-process; the whole Japanese translation against English 2026-01-16 at most 10 s.

Run: python bench/bench_crosscheck.py [--corpus ../shared/corpus] [--db FILE]
Without --db a temporary database is built from the seeds and the corpus files the checks need.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.crosscheck import crosscheck, crosscheck_document  # noqa: E402
from kb.history import update_chain  # noqa: E402
from kb.terms import rebuild_terms  # noqa: E402


def build(db: Path, corpus: Path) -> KnowledgeBase:
    kb = KnowledgeBase.open(db)
    sources = [ROOT / "data" / "000_a3c90cc092d5a721.txt", ROOT / "data" / "001_b91ea460c0a74603.txt",
               corpus / "ja" / "CompRules_ja_20260116.0_lines.txt",
               *(corpus / "en" / "full" / f"MagicCompRules_{d}.txt" for d in ("20100716", "20231117", "20260116"))]
    started = time.perf_counter()
    for path in sources:
        kb.import_file(path)
    update_chain(kb)
    rebuild_terms(kb)
    print(f"setup: {len(sources)} documents imported, chain and terms stored in {time.perf_counter() - started:.1f} s")
    return kb


def timed(call, runs: int) -> tuple[float, list[float]]:
    """(first call, later calls) in seconds."""
    started = time.perf_counter()
    call()
    first = time.perf_counter() - started
    later = []
    for _ in range(runs):
        started = time.perf_counter()
        call()
        later.append(time.perf_counter() - started)
    return first, later


def report(label: str, first: float, later: list[float], target: float) -> None:
    median = statistics.median(later)
    print(f"{label}: first {first * 1000:.0f} ms, then median {median * 1000:.0f} ms, "
          f"max {max(later) * 1000:.0f} ms over {len(later)} runs (target <= {target * 1000:.0f} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--db", type=Path, help="an existing database that holds those documents")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        kb = KnowledgeBase.open(args.db) if args.db else build(Path(folder) / "bench.db", args.corpus)
        first, later = timed(lambda: crosscheck(kb.conn, "de:702.23", "ja@2023-11-17:702.26"), 20)
        report("crosscheck de:702.23 ja@2023-11-17:702.26", first, later, 0.2)
        first, later = timed(lambda: crosscheck_document(kb.conn, "ja@2026-01-16", "en@2026-01-16"), 3)
        report("crosscheck --document ja@2026-01-16 --against en@2026-01-16", first, later, 10)
        kb.close()


if __name__ == "__main__":
    main()
