"""Precision of the learnt terminology level and of swaps where only the learnt term base runs: the Japanese and
Chinese documents checked with the term dictionary's names in their language and their own glossary switched off,
as a translation we have never seen is checked (every term's form learnt from the aligned rules,
kb.crosscheck.learnt).

The labels (tests/data/crosscheck_learnt_fresh.tsv) were made on the findings of main before any change; crc32 of
the rule number (kb.crosscheck.corrections.qa_split) splits them (even: tune, read for the causes of false findings;
odd: held-out, measured once at the end). A swaps finding at a rule an older label file holds for the same document
is left out (it was read with the dictionary on). A finding the code reports without a label is printed; a label whose
finding the code no longer reports leaves the count.

Run: python bench/bench_crosscheck_learnt_fresh.py --db FILE [--list] [--half tune|held-out]
(FILE: a database built as tests/corpus/test_crosscheck_db.py builds it, terms rebuilt.) --list prints every
finding with both texts, for labelling.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_crosscheck_fresh import labelled_elsewhere  # noqa: E402
from bench.bench_crosscheck_terms_fresh import confirmed, list_for_labelling, tally  # noqa: E402
from kb.api import KnowledgeBase  # noqa: E402
from kb.crosscheck.corrections import SPLITS, read_qa_labels  # noqa: E402
from kb.crosscheck.document import DocContext, crosscheck_documents  # noqa: E402
from kb.crosscheck.model import Finding  # noqa: E402
from kb.crosscheck.pivot import english_pivot  # noqa: E402
from kb.crosscheck.specs import DocSpec, resolve  # noqa: E402
from kb.crosscheck.texts import load_text  # noqa: E402
from kb.terms import TermDictionary, dictionary  # noqa: E402

DATA = ROOT / "tests" / "data"
LABELS = DATA / "crosscheck_learnt_fresh.tsv"
DOCUMENTS = ("ja@2026-01-16", "zh@2026-04-17")
KINDS = ("terminology", "swaps")


# The label files read before these labels were made (the rules they hold were read with the dictionary on). Named,
# not globbed: the spelling class's label files, made later, hold Korean slips in another shape.
OLDER = ("crosscheck_precision_fresh.tsv", "crosscheck_terms_fresh.tsv")


def without_language(terms: TermDictionary, lang: str) -> TermDictionary:
    """The dictionary with no name in ``lang``: every term of the document is then learnt from its rules."""
    return TermDictionary([name for name in terms.names if name.lang != lang], terms.vocabulary)


def learnt_only(kb: KnowledgeBase, spec: str) -> list[Finding]:
    """The terminology and swaps findings of ``spec`` with only the learnt term base."""
    tr_doc = resolve(kb.conn, DocSpec.parse(spec))
    en_doc = english_pivot(kb.conn, tr_doc)
    tr, en = load_text(kb.conn, tr_doc.id), load_text(kb.conn, en_doc.id)
    terms = without_language(dictionary(kb.conn), tr.lang.split("-")[0])
    return crosscheck_documents(tr, en, KINDS, DocContext(terms, None, {})).findings


def gather(db: Path) -> dict[str, dict[tuple[str, str], list[Finding]]]:
    """{document: {(class, number): findings}}; swaps at rules an older label file holds are left out."""
    elsewhere = {(d, n) for d, _, n in labelled_elsewhere()}
    for name in OLDER:
        elsewhere |= {(x.document, x.number) for x in read_qa_labels(DATA / name)}
    kb = KnowledgeBase.open(db)
    reported: dict[str, dict[tuple[str, str], list[Finding]]] = {}
    for spec in DOCUMENTS:
        by_rule: dict[tuple[str, str], list[Finding]] = defaultdict(list)
        for finding in learnt_only(kb, spec):
            if finding.kind == "terminology" and finding.detail.get("level") != "learnt":
                continue  # with no name in the language every term is learnt; a weak level would be another's
            if finding.kind == "swaps" and (spec, finding.number) in elsewhere:
                continue
            by_rule[(finding.kind, finding.number)].append(finding)
        reported[spec] = by_rule
    kb.close()
    return reported


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--list", action="store_true", help="print every finding with both texts, for labelling")
    parser.add_argument("--half", choices=SPLITS, help="only this half (tuning reads the tune half alone)")
    args = parser.parse_args()
    reported = gather(args.db)
    if args.list:
        list_for_labelling(reported, args.half)
        return
    labels = {(x.document, x.kind, x.number): x for x in read_qa_labels(LABELS)} if LABELS.exists() else {}
    counts, unlabelled = tally(
        reported, labels, args.half, lambda kind, _found: "learnt" if kind == "terminology" else kind
    )
    print(f"{LABELS.name}: {len(labels)} labels; {', '.join(KINDS)} on {', '.join(reported)}, learnt base only")
    for split in [args.half] if args.half else SPLITS:
        for level in ("learnt", "swaps"):
            parts = [(d, *v) for (s, lv, d), v in counts.items() if (s, lv) == (split, level)]
            if parts:
                print(f"  {split:8} {level:7}: {confirmed(parts)}")
    if unlabelled:
        print(f"  findings without a label ({len(unlabelled)}): {', '.join(sorted(unlabelled))}")


if __name__ == "__main__":
    main()
