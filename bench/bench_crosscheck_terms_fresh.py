"""Precision of the terminology and swaps classes, per level and language, on findings no older label file holds:
two states of the youbeebee Korean translation (its last state, 2022-01-20, and its first in UTF-8, 2016-11-15,
each against the English edition its header names) and, with --db, the findings of zh 2023-11-17, zh 2026-04-17 and
ja 2026-01-16 at rules no label file lists.

The labels (tests/data/crosscheck_terms_fresh.tsv) were made on the findings of main before any change; crc32 of the
rule number splits them (even: tune, read for the causes of false findings; odd: held-out, measured at the end). A
finding the code reports without a label is printed; a label whose finding the code no longer reports leaves the
count. A terminology finding's level is the surest level of the rule's terminology findings.

Run: python bench/bench_crosscheck_terms_fresh.py GIT_DIR [--db FILE] [--list] [--half tune|held-out] [--tiers]
GIT_DIR: a clone of youbeebee/kormtgcr (a bare git directory will do); FILE: a database built as
tests/corpus/test_crosscheck_db.py builds it, then kb.terms.rebuild_terms. --list prints every finding with both
texts, for labelling. --tiers prints recall on the
zh keys (with --db) and the Korean key, counting every finding and only the sure tier (kb.crosscheck.termevidence).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_crosscheck_fresh import labelled_elsewhere  # noqa: E402
from bench.ko_history_corrections import state_report  # noqa: E402
from kb.api import KnowledgeBase  # noqa: E402
from kb.crosscheck import crosscheck_document  # noqa: E402
from kb.crosscheck.corrections import SPLITS, qa_split, read_qa_labels  # noqa: E402
from kb.crosscheck.model import Finding  # noqa: E402
from kb.crosscheck.termevidence import LEVELS  # noqa: E402

DATA = ROOT / "tests" / "data"
LABELS = DATA / "crosscheck_terms_fresh.tsv"
CORPUS = ROOT.parent / "shared" / "corpus"
FILE = "MagicCompRules_KR.txt"
STATES = ("a011d64", "1d1a320")  # the last state of the file, and the first one in UTF-8
KINDS = ("terminology", "swaps")
DOCUMENTS = ("zh@2023-11-17", "zh@2026-04-17", "ja@2026-01-16")


def korean_findings(git_dir: str, commit: str, folder: Path) -> list[Finding]:
    """The terminology and swaps findings of one state of the Korean translation."""
    report, _edition = state_report(git_dir, commit, folder, kinds=KINDS)
    return report.findings


def level_of(findings: list[Finding]) -> str:
    """The class's level of one rule's findings: a swap is "swaps"; terminology the surest level among them."""
    levels = [f.detail.get("level", "-") for f in findings]
    known = [level for level in levels if level in LEVELS]
    return min(known, key=LEVELS.index) if known else levels[0]


def gather(args: argparse.Namespace) -> dict[str, dict[tuple[str, str], list[Finding]]]:
    """{document: {(class, number): findings}}, the corpus documents' only at rules no older file labels."""
    reported: dict[str, dict[tuple[str, str], list[Finding]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for commit in STATES:
            by_rule: dict[tuple[str, str], list[Finding]] = defaultdict(list)
            for finding in korean_findings(args.git_dir, commit, Path(folder)):
                by_rule[(finding.kind, finding.number)].append(finding)
            reported[f"ko@{commit}"] = by_rule
    if args.db:
        elsewhere = {(d, n) for d, _, n in labelled_elsewhere()}
        kb = KnowledgeBase.open(args.db)
        for document in DOCUMENTS:
            by_rule = defaultdict(list)
            for finding in crosscheck_document(kb.conn, document, kinds=KINDS).findings:
                if (document, finding.number) not in elsewhere:
                    by_rule[(finding.kind, finding.number)].append(finding)
            reported[document] = by_rule
        kb.close()
    return reported


def sure_rules(findings: list[Finding]) -> set[str]:
    """The rules flagged by a finding of the sure tier (every class but terminology and swaps is sure)."""
    return {f.number for f in findings if f.detail.get("tier", "sure") == "sure"}


def tiers(args: argparse.Namespace) -> None:
    """Recall on every key and flagged share, with every finding and with the sure tier alone."""
    from bench.bench_crosscheck_ko import KEY, state_of
    from kb.crosscheck.corrections import Correction, read_corrections, score

    def line(name: str, rows: list[Correction], flagged: set[str], sure: set[str]) -> None:
        for split in SPLITS:
            every, only = score(rows, flagged, split), score(rows, sure, split)
            print(
                f"  {name} {split:8}: every finding {every.found}/{every.errors} = {every.recall:.2f}; "
                f"sure tier {only.found}/{only.errors} = {only.recall:.2f}"
            )

    if args.db:
        kb = KnowledgeBase.open(args.db)
        report = crosscheck_document(kb.conn, "zh@2023-11-17")
        kb.close()
        flagged, sure = set(report.flagged), sure_rules(report.findings)
        total = report.rules["translation"]
        print(f"zh 2023-11-17: flagged {len(flagged) / total:.3f} (every finding), {len(sure) / total:.3f} (sure)")
        for key in ("crosscheck_corrections_zh.tsv", "crosscheck_corrections_zh_history.tsv"):
            line(key, read_corrections(DATA / key), flagged, sure)
    rows = read_corrections(KEY)
    every: set[str] = set()
    only: set[str] = set()
    shares = []
    with tempfile.TemporaryDirectory() as folder:
        for commit, edition in sorted({state_of(row) for row in rows}):
            report, _edition = state_report(args.git_dir, commit, Path(folder), edition=edition)
            total = report.rules["translation"]
            shares.append((len(report.flagged) / total, len(sure_rules(report.findings)) / total))
            every |= {f"{n}@{commit}" for n in report.flagged}
            only |= {f"{n}@{commit}" for n in sure_rules(report.findings)}
    ours = [dataclasses.replace(row, number=f"{row.number}@{state_of(row)[0]}") for row in rows]
    print(
        f"{KEY.name}: {len(shares)} states; flagged share every finding {min(s[0] for s in shares):.3f}-"
        f"{max(s[0] for s in shares):.3f}, sure tier {min(s[1] for s in shares):.3f}-{max(s[1] for s in shares):.3f}"
    )
    line("ko key", ours, every, only)


def list_for_labelling(
    reported: dict[str, dict[tuple[str, str], list[Finding]]],
    half: str | None,
    level: Callable[[list[Finding]], str] | None = None,
) -> None:
    """Every rule's findings with both texts, for a person to label (``half``: only that half; ``level``:
    a column more, the evidence level of the rule's findings)."""
    for document, by_rule in reported.items():
        for (kind, number), found in sorted(by_rule.items(), key=lambda x: x[0][1]):
            if half and qa_split(number) != half:
                continue
            shown = f"\t{level(found)}" if level else ""
            print(f"== {document}\t{kind}\t{number}\t{qa_split(number)}{shown}")
            for finding in found:
                print(f"   {finding.message}")
            print(f"   EN: {found[0].original}\n   TR: {found[0].translation}")


Counts = dict[tuple[str, str, str], list[int]]  # (half, level, document) -> [confirmed, labelled]


def tally(
    reported: dict[str, dict[tuple[str, str], list[Finding]]],
    labels: dict,
    half: str | None,
    level: Callable[[str, list[Finding]], str],
) -> tuple[Counts, list[str]]:
    """Each rule's findings against its label, counted by half, ``level(kind, findings)`` and document; and the
    rules found that no label holds."""
    counts: Counts = defaultdict(lambda: [0, 0])
    unlabelled = []
    for document, by_rule in reported.items():
        for (kind, number), found in by_rule.items():
            split = qa_split(number)
            if half and split != half:
                continue
            label = labels.get((document, kind, number))
            if label is None:
                unlabelled.append(f"{document} {kind} {number}")
                continue
            counts[(split, level(kind, found), document)][0] += label.real
            counts[(split, level(kind, found), document)][1] += 1
    return counts, unlabelled


def confirmed(parts: list[tuple[str, int, int]]) -> str:
    """The share a person confirmed over (document, confirmed, labelled) parts, with each part."""
    real, total = sum(p[1] for p in parts), sum(p[2] for p in parts)
    detail = ", ".join(f"{d} {r}/{t}" for d, r, t in parts)
    return f"confirmed {real}/{total} = {real / total:.2f} ({detail})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("git_dir")
    parser.add_argument("--db", type=Path, help="also the corpus documents of this database (zh, ja)")
    parser.add_argument("--list", action="store_true", help="print every finding with both texts, for labelling")
    parser.add_argument("--half", choices=SPLITS, help="only this half (tuning reads the tune half alone)")
    parser.add_argument("--tiers", action="store_true", help="recall on the keys with every finding and sure ones")
    args = parser.parse_args()
    if args.tiers:
        tiers(args)
        return
    reported = gather(args)
    if args.list:
        list_for_labelling(reported, args.half, level_of)
        return
    labels = {(x.document, x.kind, x.number): x for x in read_qa_labels(LABELS)} if LABELS.exists() else {}
    counts, unlabelled = tally(
        reported, labels, args.half, lambda kind, found: "swaps" if kind == "swaps" else level_of(found)
    )
    print(f"{LABELS.name}: {len(labels)} labels; {', '.join(KINDS)} on {', '.join(reported)}")
    for split in [args.half] if args.half else SPLITS:
        for lang in sorted({document.split("@")[0] for _s, _l, document in counts}):
            for level in (*LEVELS, "swaps", "-"):
                parts = [
                    (d, *v)
                    for (s, lv, d), v in counts.items()
                    if (s, lv) == (split, level) and d.startswith(lang + "@")
                ]
                if parts:
                    print(f"  {split:8} {lang} {level:10}: {confirmed(parts)}")
    if unlabelled:
        print(f"  findings without a label ({len(unlabelled)}): {', '.join(sorted(unlabelled))}")


if __name__ == "__main__":
    main()
