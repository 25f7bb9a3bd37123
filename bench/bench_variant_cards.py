"""What setting the named cards apart costs a question (issue 41, kb.search.cards.set_apart: the cards'
terms and texts, and the question without the names, which is what is asked whether it names a
variant): its time per question, beside a whole warm search,
over every real question of tests/data/search_questions_real*.tsv (both halves: a time, not a
quality). Also counts the questions whose answer to "names a variant?" changes.

Run: python bench/bench_variant_cards.py --db DB   (DB: bench/build_question_dbs.py's cards.db)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_search  # noqa: E402

from kb.api import KnowledgeBase  # noqa: E402
from kb.search import engine, variants  # noqa: E402
from kb.search.cards import set_apart  # noqa: E402

FILES = sorted((ROOT / "tests" / "data").glob("search_questions_real*.tsv"))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", type=Path, required=True)
    args = parser.parse_args()
    kb = KnowledgeBase.open(args.db, readonly=True)
    store = kb.store
    questions = [case.query for path in FILES for case in bench_search.real_questions(path)]
    postings = engine.index.postings(store)
    words = engine.lexicon(store)
    indexed = engine._indexed(postings, words)
    named = variants.names(store, [d["id"] for d in store.cache.documents()])
    for question in questions[:20]:  # warm: the card terms and the lookup cache
        kb.search(question)
        set_apart(store, question, indexed).unnamed
    apart, whole, changed = [], [], []
    for question in questions:
        start = time.perf_counter()
        rest = set_apart(store, question, indexed).unnamed
        apart.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        kb.search(question)
        whole.append((time.perf_counter() - start) * 1000)
        if named.named_in(question) != named.named_in(rest):
            changed.append(question)
    print(f"{len(questions)} questions ({len(FILES)} files, both halves)")
    for label, values in (("set_apart", apart), ("whole search", whole)):
        print(f"{label:14} p50 {statistics.median(values):6.2f} ms  p95 {percentile(values, 0.95):6.2f} ms")
    print(f"questions whose 'names a variant' changes: {len(changed)}")
    for question in changed:
        print(f"  {question[:100]}")
    kb.close()


if __name__ == "__main__":
    main()
