"""Precision of the term forms learnt from a translation's own aligned rules (kb.crosscheck.learnt), measured where
the answer is known: the Chinese and Japanese documents, whose terms the term dictionary and the translation's
glossary give forms for.

For every English term the rules of a document name, a form is learnt as if no source gave one (the learner never
sees the dictionary); the form counts as right when the dictionary or the glossary gives it for that term
(``exact``), or, more leniently, when one holds the other (``overlap``: 攻击生物 against 进行攻击的生物). Terms are
split by crc32 of their key (even: tune, odd: held-out), fixed before the learner was first run on these documents.
Printed per document and half: the forms learnt, the shares, the terms with a known form that got none (coverage),
and the learning time. ``--show N`` prints N wrong forms of the tune half.

Run: python bench/bench_crosscheck_learnt.py --db FILE [--show N]
(FILE: a database holding zh 2023-11-17, zh 2026-04-17, ja 2026-01-16 and their English editions, with terms built,
such as the one bench/bench_crosscheck.py builds.)
"""

from __future__ import annotations

import argparse
import sys
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.crosscheck.learnt import MIN_BOTH, learn  # noqa: E402
from kb.crosscheck.pivot import english_pivot  # noqa: E402
from kb.crosscheck.specs import DocSpec, resolve  # noqa: E402
from kb.crosscheck.termbase import TermBase, own_glossary, unglossed  # noqa: E402
from kb.crosscheck.texts import load_text  # noqa: E402
from kb.terms import dictionary  # noqa: E402
from kb.terms.names import english_key  # noqa: E402

DOCUMENTS = ("zh@2023-11-17", "zh@2026-04-17", "ja@2026-01-16")


def half(key: str) -> str:
    return "tune" if zlib.crc32(key.encode("utf-8")) % 2 == 0 else "held-out"


def measure(kb: KnowledgeBase, spec: str, show: int) -> None:
    tr_doc = resolve(kb.conn, DocSpec.parse(spec))
    en_doc = english_pivot(kb.conn, tr_doc)
    tr, en = load_text(kb.conn, tr_doc.id), load_text(kb.conn, en_doc.id)
    glossary = own_glossary(kb.conn, tr, en)
    base = TermBase(dictionary(kb.conn), tr, en, glossary)
    term_rules: dict[str, list[str]] = {}
    titles: dict[str, list[str]] = {}
    for number, keys in base.english_keys.items():
        for key in keys:
            term_rules.setdefault(key, []).append(number)
        english, title = en.by_number[number].title, tr.by_number[number].title
        if english and title and english_key(english) in keys:
            titles.setdefault(english_key(english), []).append(title)
    texts = {number: unglossed(tr.by_number[number].full) for number in base.english_keys}
    started = time.perf_counter()
    learnt = learn(texts, base.lang, term_rules, titles)
    seconds = time.perf_counter() - started
    known = {key: set(stats.forms) for key, stats in base.stats.items() if stats.forms}
    print(f"{spec}: {len(term_rules)} terms named, {len(learnt)} forms learnt in {seconds:.2f} s")
    for split in ("tune", "held-out"):
        judged = [f for key, f in learnt.items() if key in known and half(key) == split]
        exact = [f for f in judged if f.form in known[f.key]]
        overlap = [f for f in judged if any(f.form in k or k in f.form for k in known[f.key])]
        askable = [k for k in known if half(k) == split and len(term_rules.get(k, ())) >= MIN_BOTH]
        print(
            f"  {split:8}: exact {len(exact)}/{len(judged)} = {len(exact) / max(1, len(judged)):.2f}; "
            f"overlap {len(overlap)}/{len(judged)} = {len(overlap) / max(1, len(judged)):.2f}; "
            f"coverage {len(judged)}/{len(askable)} terms with a known form named in {MIN_BOTH}+ rules"
        )
        if split == "tune" and show:
            wrong = [f for f in judged if f not in overlap][:show]
            for f in wrong:
                print(
                    f"      {f.key!r}: learnt {f.form} ({f.both}/{f.term_rules}, dice {f.dice}); known "
                    f"{', '.join(sorted(known[f.key])[:3])}"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", required=True, help="a database holding the documents and their English editions")
    parser.add_argument("--show", type=int, default=0, help="print this many wrong forms of the tune half")
    args = parser.parse_args()
    kb = KnowledgeBase.open(args.db)
    for spec in DOCUMENTS:
        measure(kb, spec, args.show)
    kb.close()


if __name__ == "__main__":
    main()
