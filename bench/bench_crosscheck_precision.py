"""Precision of the translation QA classes on hand-labelled findings, and recall of the Chinese translators'
corrections, for one version of the code.

Precision: the labelled findings (tests/data/crosscheck_qa_precision.tsv, all of its held-out half; and the
held-out half, crc32 of the rule number odd, of crosscheck_qa_precision_round2.tsv and _round3.tsv) that the code
still reports, per document and class: real / reported; terminology also per level of the finding (confident,
corpus, weak: kb.crosscheck.termevidence). A labelled finding the code no longer reports leaves the count; the
labels were made on the code before the changes, so that code reports every one of them.
Recall: the errors of each answer key (tests/data/crosscheck_corrections_zh.tsv and _zh_history.tsv) at a rule
of zh 2023-11-17 the report flags, per half, with the share of the document flagged.

Run: python bench/bench_crosscheck_precision.py --db FILE
FILE holds the documents the corpus tests import (tests/corpus/test_crosscheck_db.py: build(FILE), then
kb.terms.rebuild_terms). To measure another version of the code, run this script with that version first on
sys.path (PYTHONPATH=DIR); the data files are read from this checkout.
"""

from __future__ import annotations

import argparse
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.crosscheck import crosscheck_document  # noqa: E402

DOCUMENTS = ("zh@2023-11-17", "zh@2026-04-17", "ja@2026-01-16")
KINDS = ("terminology", "consistency", "swaps", "markers")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", type=Path, required=True, help="a database holding the corpus test documents")
    args = parser.parse_args()
    import kb

    # imported here: the line above may have put another version of the code first on sys.path
    from kb.crosscheck.corrections import SPLITS, read_corrections, read_qa_labels, score

    try:
        from kb.crosscheck.corrections import qa_split
    except ImportError:  # code older than the second round of labels: the same rule, stated here

        def qa_split(number: str) -> str:
            return "held-out" if zlib.crc32(number.encode()) % 2 else "tune"

    print(f"code: {Path(kb.__file__).parent.parent}")
    labels = [x for x in read_qa_labels(DATA / "crosscheck_qa_precision.tsv")]
    labels += [
        x for x in read_qa_labels(DATA / "crosscheck_qa_precision_round2.tsv") if qa_split(x.number) == "held-out"
    ]
    if (DATA / "crosscheck_qa_precision_round3.tsv").exists():  # terminology, every held-out finding of both codes
        labels += [
            x for x in read_qa_labels(DATA / "crosscheck_qa_precision_round3.tsv") if qa_split(x.number) == "held-out"
        ]
    connection = KnowledgeBase.open(args.db)
    reports = {spec: crosscheck_document(connection.conn, spec) for spec in DOCUMENTS}
    print("precision on the held-out labels (real/reported of the labelled findings):")
    for spec, report in reports.items():
        found = {(f.kind, f.number) for f in report.findings}
        cells = []
        for kind in KINDS:
            mine = [x for x in labels if x.document == spec and x.kind == kind]
            kept = [x for x in mine if (x.kind, x.number) in found]
            if mine:
                cells.append(f"{kind} {sum(x.real for x in kept)}/{len(kept)} (of {len(mine)} labelled)")
        print(f"  {spec}: " + "; ".join(cells))
        print(f"    terminology by level: {_by_level(report, [x for x in labels if x.document == spec])}")
    chinese = reports["zh@2023-11-17"]
    flagged = set(chinese.flagged)
    share = len(flagged) / chinese.rules["translation"]
    print(f"zh 2023-11-17: {len(flagged)} rules flagged ({share:.3f} of the document)")
    for key in ("crosscheck_corrections_zh.tsv", "crosscheck_corrections_zh_history.tsv"):
        corrections = read_corrections(DATA / key)
        parts = []
        for split in SPLITS:
            result = score(corrections, flagged, split)
            parts.append(f"{split} {result.found}/{result.errors} = {result.recall:.2f}")
        print(f"  recall, {key}: " + "; ".join(parts))
    connection.close()


LEVELS = ("confident", "glossary", "corpus", "learnt", "weak")


def _by_level(report, labels) -> str:
    """Real/reported of the labelled terminology findings per level (detail["level"]; the surest finding at a rule
    counts); code without levels has every finding under "-"."""
    levels: dict[str, str] = {}
    for finding in report.of_kind("terminology"):
        level = finding.detail.get("level", "-")
        known = levels.get(finding.number)
        if known is None or (level in LEVELS and (known not in LEVELS or LEVELS.index(level) < LEVELS.index(known))):
            levels[finding.number] = level
    cells = {}
    for label in labels:
        if label.kind == "terminology" and label.number in levels:
            real, total = cells.get(levels[label.number], (0, 0))
            cells[levels[label.number]] = (real + label.real, total + 1)
    order = [level for level in (*LEVELS, "-") if level in cells]
    return "; ".join(f"{level} {cells[level][0]}/{cells[level][1]}" for level in order) or "none"


if __name__ == "__main__":
    main()
