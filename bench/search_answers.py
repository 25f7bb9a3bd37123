"""Every answer of the search quality sets, whole, as JSON lines: for comparing two checkouts byte for byte.

A change that must not change ranking (a refactoring of kb/search) is checked by writing the answers
of the same database with the code before and after it and comparing the two files: every query of
the hand-written and blind sets, the set derived from the glossaries, the judge bots' cases and the
players' questions, and a few forms of the query language, each with its results, versions, scores,
snippets, corrections and expansions (or its error).

Run, from the checkout to measure (the database is only read, its index updated if stale):
    python bench/search_answers.py --db DB --out answers.jsonl
then `cmp before.jsonl after.jsonl`. The figures of bench/RESULTS.md, issue 47, were made so.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.core.errors import MtgkbError  # noqa: E402
from tests.search_quality import derived_cases, load_queries, peer_cases, real_questions  # noqa: E402

DATA = ROOT / "tests" / "data"
FORMS = (
    '"phased out" -token',
    "phas* AND token",
    "(flying OR reach) NOT trample",
    'token OR "phased out"',
    "702.26 token",
    "deathtoch",
    "London Mulligan",
    "时间跳跃",
    "フェイズ・アウト",
)


def queries(kb: KnowledgeBase) -> list[str]:
    cases = load_queries(DATA / "search_queries.tsv") + load_queries(DATA / "search_queries_blind.tsv")
    cases += derived_cases(kb.store)
    cases += peer_cases(kb.store, ROOT.parent / "shared" / "peer-cases" / "bots.tsv")
    cases += real_questions(DATA / "search_questions_real.tsv")
    cases += real_questions(DATA / "search_questions_real_more.tsv")
    return [case.query for case in cases] + list(FORMS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", required=True, type=Path)
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--limit", type=int, default=20)
    args = parser.parse_args()
    kb = KnowledgeBase.open(args.db)
    asked = queries(kb)
    with open(args.out, "w", encoding="utf-8") as out:
        for query in asked:
            try:
                answer = kb.search(query, limit=args.limit).to_dict()
            except MtgkbError as error:
                answer = {"error": type(error).__name__, "message": str(error)}
            out.write(json.dumps({"query": query, "answer": answer}, ensure_ascii=False, sort_keys=True) + "\n")
    kb.close()
    print(f"{len(asked)} answers written to {args.out}")


if __name__ == "__main__":
    main()
