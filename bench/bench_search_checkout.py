"""The questions in other languages and warm search CPU, measured with the search code of another
checkout on the same database: how figures "before" (main, an earlier branch) are made beside this
branch's, whose own bench (bench_search.py) may know query sets the other checkout does not.

Prints, per split and language of tests/data/search_questions_real_world.tsv (this checkout's file):
recall@3, recall@10 and MRR; then the warm CPU per query (best of 3 passes, p50 and p95) over the
hand-written, written-blind and other-language queries.

Run: python bench/bench_search_checkout.py --db full.db [--root /path/to/other/checkout]
(--root: the checkout whose kb package searches; default this one).
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
DATA = HERE / "tests" / "data"


def rows(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as handle:
        lines = (line for line in handle if not line.startswith("#"))
        return list(csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True, help="A database built with `mtgkb build`.")
    parser.add_argument("--root", type=Path, default=HERE, help="The checkout whose search code is measured.")
    args = parser.parse_args()
    sys.path.insert(0, str(args.root.resolve()))
    import kb
    from kb.api import KnowledgeBase  # the other checkout's, imported once its root leads sys.path
    from kb.search import search

    print(f"search code: {Path(kb.__file__).parent}")
    base = KnowledgeBase.open(args.db, readonly=True)
    world = rows(DATA / "search_questions_real_world.tsv")
    for split in ("tune", "held_out"):
        for lang in dict.fromkeys(row["lang"] for row in world):
            own = [row for row in world if row["split"] == split and row["lang"] == lang]
            if not own:
                continue
            ranks = []
            for row in own:
                found = [result.number for result in search(base, row["question"]).results]
                wanted = set(row["cited"].split(";"))
                ranks.append(next((i for i, number in enumerate(found, 1) if number in wanted), None))
            n = len(own)
            at_3 = sum(1 for rank in ranks if rank and rank <= 3) / n
            at_10 = sum(1 for rank in ranks if rank) / n
            mrr = sum(1 / rank for rank in ranks if rank) / n
            print(f"{split:9} {lang} {n:3}  r@3 {at_3:.3f}  r@10 {at_10:.3f}  MRR {mrr:.3f}")
    queries = [row["query"] for row in rows(DATA / "search_queries.tsv") + rows(DATA / "search_queries_blind.tsv")]
    queries += [row["question"] for row in world]
    for query in queries:  # the first pass loads what a warm process holds
        search(base, query)
    best = [float("inf")] * len(queries)
    for _ in range(3):
        for i, query in enumerate(queries):
            started = time.thread_time()
            search(base, query)
            best[i] = min(best[i], time.thread_time() - started)
    ordered = sorted(best)
    p50 = ordered[len(ordered) // 2] * 1000
    p95 = ordered[int(round(0.95 * (len(ordered) - 1)))] * 1000
    print(f"warm CPU over {len(ordered)} queries, best of 3: p50 {p50:.2f} ms, p95 {p95:.2f} ms")


if __name__ == "__main__":
    main()
