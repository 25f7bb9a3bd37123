"""Cross-check figures: rule against rule (de:702.23 against ja@2023-11-17:702.26) at most 200 ms
in-process; the whole Japanese translation against English 2026-01-16 at most 10 s; and the
precision of every finding class on the hand-labelled sample (tests/data/crosscheck_labels.tsv,
floor 0.95), with the counts of the three whole-document checks.

Run: python bench/bench_crosscheck.py [--db FILE]
Without --db a temporary database is built as the tests build theirs (seeds, the Japanese and both
Chinese translations, six English editions, the glossary and the keyword list, from ../shared/corpus).
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
from kb.terms import rebuild_terms  # noqa: E402


def build(folder: Path) -> KnowledgeBase:
    from tests.corpus.test_crosscheck_db import build as build_test_database

    started = time.perf_counter()
    kb = build_test_database(folder)
    rebuild_terms(kb)
    count = kb.conn.execute("select count(*) from documents").fetchone()[0]
    print(f"setup: {count} documents imported, chain and terms stored in {time.perf_counter() - started:.1f} s")
    return kb


def report_precision(kb: KnowledgeBase) -> None:
    from kb.crosscheck.sample import DOCUMENT_CHECKS, draw, precision, read_labels

    for spec in DOCUMENT_CHECKS:
        counts = crosscheck_document(kb.conn, spec).counts
        print(f"--document {spec}: " + ", ".join(f"{k} {n}" for k, n in counts.items()))
    sample = draw(kb.conn)
    labels = read_labels(ROOT / "tests" / "data" / "crosscheck_labels.tsv")
    unlabelled = sum(1 for item in sample if item.key not in labels)
    print(f"precision on the labelled sample ({len(sample)} findings, {unlabelled} unlabelled; floor 0.95):")
    for kind, (real, total) in precision(sample, labels).items():
        print(f"  {kind:24} {real:3}/{total:<3} = {real / total:.2f}")


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
    print(
        f"{label}: first {first * 1000:.0f} ms, then median {median * 1000:.0f} ms, "
        f"max {max(later) * 1000:.0f} ms over {len(later)} runs (target <= {target * 1000:.0f} ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", type=Path, help="an existing database that holds those documents")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        kb = KnowledgeBase.open(args.db) if args.db else build(Path(folder))
        first, later = timed(lambda: crosscheck(kb.conn, "de:702.23", "ja@2023-11-17:702.26"), 20)
        report("crosscheck de:702.23 ja@2023-11-17:702.26", first, later, 0.2)
        first, later = timed(lambda: crosscheck_document(kb.conn, "ja@2026-01-16", "en@2026-01-16"), 3)
        report("crosscheck --document ja@2026-01-16 --against en@2026-01-16", first, later, 10)
        report_precision(kb)
        kb.close()


if __name__ == "__main__":
    main()
