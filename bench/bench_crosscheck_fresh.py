"""Precision of the numbers, markers, untranslated and coverage classes on a document no label file had read:
the Korean translation of youbeebee/kormtgcr (its last state, 2022-01-20, and its first state in UTF-8, 2016-11-15),
each checked against the English edition its header names.

The labels (tests/data/crosscheck_precision_fresh.tsv) were made on the findings of main before any change: each
finding read in both texts and labelled real or false with a reason; the rule number's crc32 splits them (even:
tune, read for the causes of false findings; odd: held-out, measured once at the end). A finding the code reports
that has no label is printed (so that a change bringing new findings is seen); a label whose finding the code no
longer reports leaves the count.

A second round (tests/data/crosscheck_precision_fresh2.tsv, `--labels` that file): the untranslated, markers and
consistency findings of the states no label file had read, each finding keyed to the newest state reporting it; the
bench then checks the states that file names, and a finding whose class and rule another state's label holds is
counted there, not printed as unlabelled.

Run: python bench/bench_crosscheck_fresh.py GIT_DIR [--list] [--half tune|held-out] [--db FILE] [--labels FILE]
[--states COMMIT ...]
GIT_DIR: a clone of youbeebee/kormtgcr (a bare git directory will do). --list prints every finding for labelling;
--half keeps to one half (tuning reads the tune half alone); --labels reads another label file of this shape (its
classes are the ones checked, its states the ones read unless --states names others).
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
from kb.crosscheck import crosscheck_document  # noqa: E402
from kb.crosscheck.corrections import SPLITS, QaLabel, qa_split, read_qa_labels  # noqa: E402
from kb.crosscheck.model import FINDINGS  # noqa: E402

DATA = ROOT / "tests" / "data"
LABELS = DATA / "crosscheck_precision_fresh.tsv"
CORPUS = ROOT.parent / "shared" / "corpus"
FILE = "MagicCompRules_KR.txt"
# the last state of the file, and the first one in UTF-8 (the states before are CP949)
STATES = ("a011d64", "1d1a320")
KINDS = ("numbers", "markers", "untranslated", "coverage")
# with --db: the corpus documents, for their findings that the older label files do not hold (a database built as
# tests/corpus/test_crosscheck_db.py builds it, then kb.terms.rebuild_terms)
DOCUMENTS = ("zh@2023-11-17", "zh@2026-04-17")


def findings(
    git_dir: str, commit: str, folder: Path, kinds: tuple[str, ...] = KINDS
) -> tuple[str, list[tuple[str, str, str]]]:
    """(document label, [(class, number, message)]) of one state of the Korean translation."""
    report, _edition = state_report(git_dir, commit, folder, kinds=kinds)
    return f"ko@{commit}", [(f.kind, f.number, f.message) for f in report.findings]


def labelled_elsewhere() -> set[tuple[str, str, str]]:
    """(document, class, number) of the findings the older label files hold (a corpus document's)."""
    found = {
        (x.document, x.kind, x.number) for f in DATA.glob("crosscheck_qa_precision*.tsv") for x in read_qa_labels(f)
    }
    with open(DATA / "crosscheck_labels.tsv", encoding="utf-8") as handle:
        for line in handle:
            fields = line.split("\t")
            if len(fields) > 2 and fields[0].startswith("document ") and fields[1].startswith("document/"):
                found.add((fields[0].removeprefix("document "), fields[1].removeprefix("document/"), fields[2]))
    return found


def label_plan(labels: list[QaLabel], states: list[str] | None) -> tuple[tuple[str, ...], list[str]]:
    """(classes, states) a label file measures: the classes it labels, in report order, and the Korean states its
    rows name, newest-labelled first as written (``states`` instead, if given)."""
    kinds = tuple(k for k in FINDINGS if k in {x.kind for x in labels})
    named = [x.document.removeprefix("ko@") for x in labels if x.document.startswith("ko@")]
    return kinds, states or list(dict.fromkeys(named))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("git_dir")
    parser.add_argument("--list", action="store_true", help="print every finding with its half, for labelling")
    parser.add_argument("--half", choices=SPLITS, help="only this half (tuning reads the tune half alone)")
    parser.add_argument("--db", type=Path, help="also the corpus documents of this database (zh, ja; see DOCUMENTS)")
    parser.add_argument("--labels", type=Path, default=LABELS, help=f"the label file (default {LABELS.name})")
    parser.add_argument("--states", nargs="+", help="the Korean states to check (default: those the labels name)")
    args = parser.parse_args()
    labelled = read_qa_labels(args.labels)
    kinds, states = (
        (KINDS, args.states or list(STATES)) if args.labels.resolve() == LABELS else label_plan(labelled, args.states)
    )
    reported: dict[str, list[tuple[str, str, str]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for commit in states:
            document, found = findings(args.git_dir, commit, Path(folder), kinds)
            reported[document] = found
    if args.db:
        kb = KnowledgeBase.open(args.db)
        for document in DOCUMENTS:
            report = crosscheck_document(kb.conn, document, kinds=kinds)
            reported[document] = [(f.kind, f.number, f.message) for f in report.findings]
        kb.close()
    if args.list:
        for document, found in reported.items():
            for kind, number, message in found:
                if args.half and qa_split(number) != args.half:
                    continue
                print(f"{document}\t{kind}\t{number}\t{qa_split(number)}\t{message}")
        return
    labels = {(x.document, x.kind, x.number): x for x in labelled}
    elsewhere = labelled_elsewhere()
    # a finding of one Korean state whose class and rule a label of another state holds (the first round's or this
    # file's): counted at the state its label names, not printed as unlabelled
    korean = {
        (x.kind, x.number)
        for path in {LABELS, args.labels}
        for x in read_qa_labels(path)
        if x.document.startswith("ko@")
    }
    counts: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0])
    unlabelled = []
    for document, found in reported.items():
        for kind, number, _ in {(k, n, "") for k, n, _ in found}:
            label = labels.get((document, kind, number))
            if args.half and qa_split(number) != args.half:
                continue
            if label is None:
                if (document, kind, number) not in elsewhere and not (
                    document.startswith("ko@") and (kind, number) in korean
                ):
                    unlabelled.append(f"{document} {kind} {number}")
                continue
            counts[(kind, qa_split(number), document)][0] += label.real
            counts[(kind, qa_split(number), document)][1] += 1
    print(f"{args.labels.name}: {len(labels)} labels; findings of {', '.join(kinds)} on {', '.join(reported)}")
    for kind in kinds:
        for split in [args.half] if args.half else SPLITS:
            parts = [(d, *counts[(kind, split, d)]) for d in reported if counts[(kind, split, d)][1]]
            real, total = sum(p[1] for p in parts), sum(p[2] for p in parts)
            share = f"{real / total:.2f}" if total else "-"
            detail = ", ".join(f"{d} {r}/{t}" for d, r, t in parts) or "no finding"
            print(f"  {kind:12} {split:8}: confirmed {real}/{total} = {share} ({detail})")
    if unlabelled:
        print(f"  findings without a label ({len(unlabelled)}): {', '.join(sorted(unlabelled))}")


if __name__ == "__main__":
    main()
