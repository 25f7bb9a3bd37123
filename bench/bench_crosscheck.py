"""Cross-check figures: rule against rule (de:702.23 against ja@2023-11-17:702.26) at most 200 ms
in-process; the whole Japanese translation against English 2026-01-16 at most 10 s; and the
precision of every finding class on the hand-labelled sample (tests/data/crosscheck_labels.tsv,
floor 0.95), with the counts of the three whole-document checks; the recall of the Chinese translators'
own later corrections (tests/data/crosscheck_corrections_zh.tsv, and crosscheck_corrections_zh_history.tsv from
the versions of their repository) on their tuning and held-out halves, beside a
length-ratio baseline, with the share of the document flagged, for zh 2023-11-17 and ja 2026-01-16.

Last, the time of a fresh ``mtgkb crosscheck --document`` process for zh 2023-11-17 and ja 2026-01-16 on that
database (what a user waits for; target 10 s). The third answer key (Korean) has its own script,
bench/bench_crosscheck_ko.py, for it needs a clone of the translation's repository.

Run: python bench/bench_crosscheck.py [--db FILE]
Without --db a temporary database is built as the tests build theirs (seeds, the Japanese and both
Chinese translations, six English editions, the glossary and the keyword list, from ../shared/corpus).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.crosscheck import crosscheck, crosscheck_document  # noqa: E402
from kb.crosscheck.corrections import Score  # noqa: E402
from kb.terms import rebuild_terms  # noqa: E402

# The translators' corrections: 2023-11-17 against 2026-04-17, and between consecutive versions of their repository.
ANSWER_KEYS = ("crosscheck_corrections_zh.tsv", "crosscheck_corrections_zh_history.tsv")


def build(folder: Path) -> KnowledgeBase:
    from tests.corpus.test_crosscheck_db import build as build_test_database

    started = time.perf_counter()
    path = folder / "crosscheck.db"
    build_test_database(path)
    kb = KnowledgeBase.open(path)
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


def recall_line(split: str, ours: Score, plain: Score) -> str:
    """One half of an answer key: recall of its errors, per class, the style rules flagged, and the length-ratio
    baseline given as many rules to read (``ours`` and ``plain``: kb.crosscheck.corrections.score's results)."""
    classes = ", ".join(f"{k} {f}/{n}" for k, (f, n) in ours.by_class.items())
    return (
        f"  {split:8}: recall {ours.found}/{ours.errors} = {ours.recall:.2f} ({classes}); "
        f"style rules flagged {ours.style_flagged}/{ours.style}; "
        f"length-ratio baseline, same budget: {plain.found}/{plain.errors} = {plain.recall:.2f}"
    )


def report_corrections(kb: KnowledgeBase) -> None:
    """Recall of the Chinese translators' later corrections, per half of the answer key, beside a length-ratio
    baseline given the same number of rules to read; flagged share of the Chinese and Japanese documents."""
    from kb.crosscheck.corrections import (
        SPLITS,
        length_ratio_baseline,
        qa_precision,
        read_corrections,
        read_qa_labels,
        score,
    )
    from kb.crosscheck.specs import DocSpec, resolve
    from kb.crosscheck.texts import load_text

    corrections = read_corrections(ROOT / "tests" / "data" / ANSWER_KEYS[0])
    started, cpu = time.perf_counter(), time.process_time()
    report = crosscheck_document(kb.conn, "zh@2023-11-17")
    wall, used = time.perf_counter() - started, time.process_time() - cpu
    flagged = set(report.flagged)
    total = report.rules["translation"]
    print(
        f"zh 2023-11-17 against en 2023-11-17: {len(flagged)} of {total} rules flagged ({len(flagged) / total:.3f}); "
        f"{wall:.1f} s ({used:.1f} s CPU); " + ", ".join(f"{k} {n}" for k, n in report.counts.items() if n)
    )
    tr = load_text(kb.conn, resolve(kb.conn, DocSpec.parse("zh@2023-11-17")).id)
    en = load_text(kb.conn, resolve(kb.conn, DocSpec.parse("en@2023-11-17")).id)
    baseline = length_ratio_baseline(tr, en, len(flagged))
    for key in ANSWER_KEYS:
        if key != ANSWER_KEYS[0]:
            corrections = read_corrections(ROOT / "tests" / "data" / key)
        print(f"  {key}:")
        for split in SPLITS:
            ours, plain = score(corrections, flagged, split), score(corrections, baseline, split)
            print(recall_line(split, ours, plain))
            print(f"            missed: {', '.join(ours.missed) or '-'}")
    started, cpu = time.perf_counter(), time.process_time()
    japanese = crosscheck_document(kb.conn, "ja@2026-01-16")
    wall, used = time.perf_counter() - started, time.process_time() - cpu
    rules = japanese.rules["translation"]
    print(
        f"ja 2026-01-16 against en 2026-01-16: {len(japanese.flagged)} of {rules} rules flagged "
        f"({len(japanese.flagged) / rules:.3f}); {wall:.1f} s ({used:.1f} s CPU); "
        + ", ".join(f"{k} {n}" for k, n in japanese.counts.items() if n)
    )
    labels = read_qa_labels(ROOT / "tests" / "data" / "crosscheck_qa_precision.tsv")
    for spec, checked in (("zh@2023-11-17", report), ("ja@2026-01-16", japanese)):
        found = {(f.kind, f.number) for f in checked.findings}
        shares = qa_precision(labels, spec, found)
        print(
            f"  QA precision on the labelled held-out findings of {spec}: "
            + ", ".join(f"{kind} {real}/{total}" for kind, (real, total) in shares.items())
        )


def fresh_process(db: Path, spec: str, runs: int = 3) -> None:
    """``mtgkb crosscheck --document SPEC --json`` as a user runs it: a fresh process each time (imports, the
    term dictionary and the term base built anew), wall and CPU time of the child."""
    command = [sys.executable, "-c", "from kb.cli.entry import main; main()", "crosscheck", "--document", spec]
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run([*command, "--json"], env={**os.environ, "MTGKB_DB": str(db)}, capture_output=True, check=True)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    print(
        f"fresh mtgkb crosscheck --document {spec} --json: wall {min(walls):.1f}–{max(walls):.1f} s, "
        f"CPU {min(cpus):.1f}–{max(cpus):.1f} s over {runs} runs (target <= 10 s; load average "
        f"{os.getloadavg()[0]:.1f})"
    )


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
        report_corrections(kb)
        kb.close()
        for spec in ("zh@2023-11-17", "ja@2026-01-16"):
            fresh_process(args.db or Path(folder) / "crosscheck.db", spec)


if __name__ == "__main__":
    main()
