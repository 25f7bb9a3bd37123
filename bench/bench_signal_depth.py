"""Why recall@10 is barely above recall@3 on the real questions: where the cited rule stands in each
signal the fusion of a question's results reads (issue 41, misses by kind).

For each English tune question (the three rounds' tune halves, never a held-out row) it records, from
the search's own steps:
- matched: whether the cited rule scored at all (its place among every rule version the question's
  words reached, not only the CANDIDATES best that are grouped into results);
- own: the cited rule's place by its own score among all those rules;
- section: the place of the cited rule's section (a numbered rule with its lettered subrules) by the
  sum of its members' scores, among all sections reached;
- final: its place in the results (limit 200);
and prints recall at 3, 10, 50 and 150 of each, and how many rules each question reached. With
``--candidates N`` the results are computed with N candidate texts instead of engine.CANDIDATES, with
``--set NAME=VALUE`` with another value of one of kb.search.engine's weights.

Run: python bench/bench_signal_depth.py DB [--candidates N] [--set NAME=VALUE ...] [--each]
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.api import KnowledgeBase  # noqa: E402
from kb.search import engine, search  # noqa: E402
from tests.search_quality import real_questions  # noqa: E402

DATA = ROOT / "tests" / "data"
TUNE = [
    DATA / "search_questions_real.tsv",
    DATA / "search_questions_real_round2.tsv",
    DATA / "search_questions_real_round3.tsv",
]
DEPTHS = (3, 10, 50, 150)


def _place(ordered: list[str], case) -> int | None:
    return next((i + 1 for i, number in enumerate(ordered) if case.answered_by(number)), None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("database", type=Path)
    parser.add_argument("--candidates", type=int, default=None)
    parser.add_argument("--each", action="store_true", help="print each question's places")
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE: one of kb.search.engine's weights")
    args = parser.parse_args()
    if args.candidates:
        engine.CANDIDATES = args.candidates
    for setting in args.set:  # a weight tried on the tune halves, e.g. SECTION_WEIGHT=0.8
        name, value = setting.split("=")
        setattr(engine, name, type(getattr(engine, name))(value))
    seen: dict[str, object] = {}
    grouping = engine._group

    def recording_group(store, scores, postings, *rest):
        seen["scores"] = {doc: score for doc, score in scores.items()}
        seen["postings"] = postings
        return grouping(store, scores, postings, *rest)

    engine._group = recording_group  # a bench's probe of its own project's step, not a library's
    cases = [case for path in TUNE for case in real_questions(path, "tune") if case.lang == "en"]
    kb = KnowledgeBase.open(args.database, readonly=True)
    places: dict[str, list[int | None]] = defaultdict(list)
    reached: list[int] = []
    for case in cases:
        found = search(kb.store, case.query, limit=200)
        scores, postings = seen["scores"], seen["postings"]
        best: dict[str, float] = {}
        for doc, score in scores.items():  # type: ignore[attr-defined]
            number = postings.number(doc)  # type: ignore[attr-defined]
            best[number] = max(best.get(number, 0.0), score)
        own = sorted(best, key=lambda n: -best[n])
        sections: dict[str, float] = defaultdict(float)
        for number, score in best.items():
            sections[engine._section(number)] += score
        by_section = sorted(sections, key=lambda s: -sections[s])
        section_place = next(
            (
                i + 1
                for i, s in enumerate(by_section)
                if any(case.answered_by(n) and engine._section(n) == s for n in best)
            ),
            None,
        )
        places["matched"].append(1 if _place(own, case) else None)
        places["own"].append(_place(own, case))
        places["section"].append(section_place)
        places["final"].append(_place([r.number for r in found.results], case))
        reached.append(len(best))
        if args.each:
            print(
                f"own {places['own'][-1]} section {section_place} final {places['final'][-1]} "
                f"reached {len(best)}: {case.query[:90]}"
            )
    kb.close()
    n = len(cases)
    print(f"{n} English tune questions; candidates {engine.CANDIDATES}; {' '.join(args.set)}")
    print(f"rules reached per question: median {sorted(reached)[n // 2]}, min {min(reached)}, max {max(reached)}")
    print(f"cited rule matched at all: {sum(1 for p in places['matched'] if p) / n:.3f}")
    for signal in ("own", "section", "final"):
        shares = [sum(1 for p in places[signal] if p is not None and p <= k) / n for k in DEPTHS]
        print(f"{signal:8} " + "  ".join(f"@{k} {share:.3f}" for k, share in zip(DEPTHS, shares, strict=True)))


if __name__ == "__main__":
    main()
