"""The Chinese real questions one by one (issue 41): for each zh row of a split of the real question
sets (rounds 3, 4 and 6 and the world set), the rank of the first cited rule mtgkb gives, the rank
FTS5 gives over the same rule texts, the question as searched and mtgkb's first three. For sorting the
misses of the tune half into causes; the summary line per split is what bench/RESULTS.md reports.

Run: python bench/bench_zh_questions.py --db FOLDER/world.db [--split tune|held_out] [--brief]
(FOLDER from bench/build_question_dbs.py; world.db holds today's Simplified Chinese rules.)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_search import build_fts_baseline, fts_baseline_search  # noqa: E402
from kb.api import KnowledgeBase  # noqa: E402
from kb.search import players, search  # noqa: E402
from kb.search.compile import query_language  # noqa: E402
from kb.search.index import lexicon  # noqa: E402
from tests.search_quality import measure, real_questions  # noqa: E402

SETS = {
    "r3": ROOT / "tests" / "data" / "search_questions_real_round3.tsv",
    "r4": ROOT / "tests" / "data" / "search_questions_real_round4.tsv",
    "r6": ROOT / "tests" / "data" / "search_questions_real_round6.tsv",
    "world": ROOT / "tests" / "data" / "search_questions_real_world.tsv",
}


def searched_as(kb: KnowledgeBase, query: str) -> str:
    """The question as the players' words read it (kb.search.players), in the language the search gives it."""
    lang = query_language(query, None, lexicon(kb.store))
    return players.read(query, lang).text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--split", default="tune", choices=["tune", "held_out"])
    parser.add_argument("--brief", action="store_true", help="Only the figures per set, not each question.")
    args = parser.parse_args()
    kb = KnowledgeBase.open(args.db, readonly=True)
    with tempfile.TemporaryDirectory() as temporary:
        fts = build_fts_baseline(kb, Path(temporary) / "fts.db")
        print(f"{'set':6} {'split':8} {'zh':>3} {'mtgkb r@3':>9} {'r@10':>6} {'MRR':>6}   {'FTS5 r@3':>8} {'r@10':>6}")
        every = []
        for name, path in SETS.items():
            cases = [case for case in real_questions(path, args.split) if case.lang == "zh"]
            if not cases:
                continue
            every += cases
            ours = measure(cases, lambda query: search(kb, query).results)
            theirs = measure(cases, lambda query: fts_baseline_search(fts, query))
            a, b = ours.languages["zh"], theirs.languages["zh"]
            print(
                f"{name:6} {args.split:8} {a.queries:3} {a.recall_at_3:9.3f} {a.recall_at_10:6.3f} {a.mrr:6.3f}"
                f"   {b.recall_at_3:8.3f} {b.recall_at_10:6.3f}"
            )
            if args.brief:
                continue
            for outcome, other in zip(ours.outcomes, theirs.outcomes, strict=True):
                case = outcome.case
                found = search(kb, case.query)
                wanted = ";".join((case.expected, *case.also))
                print(f"  [{outcome.rank or '-'}|fts {other.rank or '-'}] want {wanted} got {outcome.top[:3]}")
                print(f"    Q: {case.query}")
                print(f"    as: {searched_as(kb, case.query)} | {found.expansions} | cards {found.cards}")
        ours = measure(every, lambda query: search(kb, query).results)
        theirs = measure(every, lambda query: fts_baseline_search(fts, query))
        a, b = ours.languages["zh"], theirs.languages["zh"]
        print(
            f"{'all':6} {args.split:8} {a.queries:3} {a.recall_at_3:9.3f} {a.recall_at_10:6.3f} {a.mrr:6.3f}"
            f"   {b.recall_at_3:8.3f} {b.recall_at_10:6.3f}"
        )
        fts.close()


if __name__ == "__main__":
    main()
