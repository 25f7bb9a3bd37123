"""The flagged share per tier, per document: the Korean states of the third answer key and the corpus documents.

For each document, ``crosscheck --document`` against the English of its edition, then: the share of rules with a
sure finding and with any finding (``DocumentCrosscheck.shares``, over the rules of either side, and the bench's
older measure, flagged rules over the translation's rules), and with ``--classes`` per class the rules it flags and
the rules it alone flags (what removing it would save), split by tier. The Korean states are read from a clone of
youbeebee/kormtgcr as bench/bench_crosscheck_ko.py reads them.

Run: python bench/bench_crosscheck_tiers.py GIT_DIR [--db FILE] [--state COMMIT] [--classes]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_crosscheck_ko import KEY, state_of  # noqa: E402
from bench.ko_history_corrections import state_report  # noqa: E402
from kb.api import KnowledgeBase  # noqa: E402
from kb.crosscheck import crosscheck_document  # noqa: E402
from kb.crosscheck.corrections import read_corrections  # noqa: E402
from kb.crosscheck.model import DocumentCrosscheck  # noqa: E402
from kb.crosscheck.tiers import SURE  # noqa: E402

CORPUS_DOCUMENTS = ("zh@2023-11-17", "zh@2026-04-17", "ja@2026-01-16")


def line(name: str, report: DocumentCrosscheck) -> str:
    shares = report.shares
    old = len(report.flagged) / report.rules["translation"]
    return (
        f"{name:22} sure {shares['sure']:.3f}  any {shares['any']:.3f}  "
        f"(flagged / translation's rules: {old:.3f}; {len(report.flagged)} rules)"
    )


def classes(report: DocumentCrosscheck) -> list[str]:
    """Per class: rules flagged (sure, possible) and rules flagged by that class alone."""
    kinds_of: dict[str, set[str]] = {}
    for finding in report.findings:
        kinds_of.setdefault(finding.number, set()).add(finding.kind)
    alone = Counter(next(iter(kinds)) for kinds in kinds_of.values() if len(kinds) == 1)
    out = []
    for kind in report.counts:
        found = report.of_kind(kind)
        if not found:
            continue
        rules = {f.number for f in found}
        sure = {f.number for f in found if f.tier == SURE}
        out.append(f"    {kind:13} rules {len(rules):4} (sure {len(sure)}), alone {alone[kind]}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("git_dir", help="a clone of youbeebee/kormtgcr (a bare git directory will do)")
    parser.add_argument("--db", help="a database holding the corpus documents (as tests/corpus/test_crosscheck_db.py)")
    parser.add_argument("--state", help="only this Korean state (a commit prefix of the key)")
    parser.add_argument("--classes", action="store_true", help="print the rules each class flags")
    args = parser.parse_args()
    if args.db:
        kb = KnowledgeBase.open(args.db)
        for spec in CORPUS_DOCUMENTS:
            report = crosscheck_document(kb.conn, spec)
            print(line(spec, report))
            if args.classes:
                print("\n".join(classes(report)))
        kb.close()
    states = sorted({state_of(row) for row in read_corrections(KEY)})
    shares = []
    with tempfile.TemporaryDirectory() as folder:
        for commit, edition in states:
            if args.state and not commit.startswith(args.state):
                continue
            report, _edition = state_report(args.git_dir, commit, Path(folder), edition=edition)
            shares.append(report.shares)
            print(line(f"KR@{commit[:7]} en {edition}", report))
            if args.classes:
                print("\n".join(classes(report)))
    if len(shares) > 1:
        for tier in ("sure", "any"):
            values = sorted(s[tier] for s in shares)
            print(f"Korean, {tier}: {values[0]:.3f}–{values[-1]:.3f} (median {values[len(values) // 2]:.3f})")


if __name__ == "__main__":
    main()
