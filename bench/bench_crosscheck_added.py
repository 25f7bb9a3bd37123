"""Added terms and trigger words: the findings of two checks thought of after reading the answer keys' errors
(Korean 110.4b, land added to a list of permanent spells; Korean 702.81a, devour's "As this object enters" said as
"when it enters"), measured on labels no check was tuned on, and what they add to each document's flagged share.

- ``coverage`` findings with ``detail.check == "added"`` (kb/crosscheck/added.py), by level (``list item``,
  ``added term``);
- ``markers`` findings of the markers "as, not when" and "when, not as" (kb/crosscheck/markers.py).

Documents: two states of the Korean translation of youbeebee/kormtgcr (a011d64, 2022-01-20; 1d1a320, 2016-11-15,
each against the English edition its header names) and, with --db, zh 2023-11-17, zh 2026-04-17 and ja 2026-01-16.
Labels: tests/data/crosscheck_precision_fresh.tsv (classes coverage and markers), split by zlib.crc32 of the rule
number (kb.crosscheck.corrections.qa_split) before reading. With --shares, each document is checked with every class
and the share of its rules with any finding is printed with and without the two checks.

Run: python bench/bench_crosscheck_added.py GIT_DIR [--db FILE] [--list] [--half tune|held-out] [--shares]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ko_history_corrections import state_report  # noqa: E402
from kb.api import KnowledgeBase  # noqa: E402
from kb.crosscheck import FINDINGS, crosscheck_document  # noqa: E402
from kb.crosscheck.corrections import SPLITS, qa_split, read_qa_labels  # noqa: E402
from kb.crosscheck.model import DocumentCrosscheck, Finding  # noqa: E402

LABELS = ROOT / "tests" / "data" / "crosscheck_precision_fresh.tsv"
STATES = ("a011d64", "1d1a320")
DOCUMENTS = ("zh@2023-11-17", "zh@2026-04-17", "ja@2026-01-16")
TRIGGER_MARKERS = ("as, not when", "when, not as")


def level(finding: Finding) -> str | None:
    """The new check a finding comes from ("list item", "added term", "trigger words"), or None."""
    if finding.kind == "coverage" and finding.detail.get("check") == "added":
        return str(finding.detail["level"])
    if finding.kind == "markers" and finding.detail.get("marker") in TRIGGER_MARKERS:
        return "trigger words"
    return None


def shares(report: DocumentCrosscheck) -> tuple[int, int, int]:
    """(rules with any finding, ... without the two new checks' findings, rules of either side)."""
    rules = max(report.rules["translation"], report.rules["original"])
    flagged = {f.number for f in report.findings}
    without = {f.number for f in report.findings if level(f) is None}
    return len(flagged), len(without), rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("git_dir", help="a clone of youbeebee/kormtgcr (a bare git directory will do)")
    parser.add_argument("--db", type=Path, help="also the corpus documents of this database (zh, ja)")
    parser.add_argument("--list", action="store_true", help="print every new finding with both texts")
    parser.add_argument("--half", choices=SPLITS, help="only this half (tuning reads the tune half alone)")
    parser.add_argument("--shares", action="store_true", help="check every class; print the flagged shares")
    args = parser.parse_args()
    kinds = FINDINGS if args.shares else ("coverage", "markers")
    reports: dict[str, DocumentCrosscheck] = {}
    with tempfile.TemporaryDirectory() as folder:
        for commit in STATES:
            reports[f"ko@{commit}"], _edition = state_report(args.git_dir, commit, Path(folder), kinds=kinds)
    if args.db:
        kb = KnowledgeBase.open(args.db)
        for document in DOCUMENTS:
            reports[document] = crosscheck_document(kb.conn, document, kinds=kinds)
        kb.close()
    labels = {(x.document, x.kind, x.number): x for x in read_qa_labels(LABELS)}
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    unlabelled = []
    for document, report in reports.items():
        for finding in report.findings:
            name = level(finding)
            if name is None or (args.half and qa_split(finding.number) != args.half):
                continue
            if args.list:
                print(f"{document}\t{finding.kind}\t{finding.number}\t{qa_split(finding.number)}\t{finding.message}")
                print(f"    EN: {finding.original}\n    TR: {finding.translation}")
            label = labels.get((document, finding.kind, finding.number))
            if label is None:
                unlabelled.append(f"{document} {finding.kind} {finding.number}")
                continue
            counts[(name, qa_split(finding.number))][0] += label.real
            counts[(name, qa_split(finding.number))][1] += 1
    print(f"{LABELS.name}: the new findings on {', '.join(reports)}")
    for name in ("list item", "added term", "trigger words"):
        for split in [args.half] if args.half else SPLITS:
            real, total = counts[(name, split)]
            share = f"{real / total:.2f}" if total else "-"
            print(f"  {name:14} {split:8}: confirmed {real}/{total} = {share}")
    if unlabelled:
        print(f"  findings without a label ({len(unlabelled)}): {', '.join(sorted(unlabelled))}")
    if args.shares:
        print("flagged share (rules with any finding / rules): every class; without the two new checks")
        for document, report in reports.items():
            flagged, without, rules = shares(report)
            print(
                f"  {document:16} {flagged}/{rules} = {flagged / rules:.1%}; without {without}/{rules} = "
                f"{without / rules:.1%}"
            )


if __name__ == "__main__":
    main()
