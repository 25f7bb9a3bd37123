"""Search quality: the query set (tests/data/search_queries.tsv) and its measures.

Shared by the tests, which assert floors, and bench/bench_search.py, which prints the
figures: mean reciprocal rank and recall at 3 per language, and the misses.
"""

from __future__ import annotations

import csv
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

# The documents the figures are measured on, relative to the corpus folder; the seeds come
# from KnowledgeBase.build().
NEWEST = (("en", "full", "MagicCompRules_20260807.txt"), ("ja", "CompRules_ja_20260116.0_lines.txt"),
          ("zh", "MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt"))
OLDER = (("zh", "MagicCompRules_20231117_zh-CN_HeliumOctahelide.txt"),)


@dataclass(frozen=True)
class QueryCase:
    lang: str
    query: str
    expected: str
    within: int  # the rank the expected rule must reach
    kind: str
    note: str = ""


@dataclass
class Outcome:
    case: QueryCase
    rank: int | None
    top: list[str]
    seconds: float

    @property
    def passed(self) -> bool:
        return self.rank is not None and self.rank <= self.case.within


@dataclass
class LanguageFigures:
    lang: str
    queries: int
    mrr: float
    recall_at_3: float
    passed: int


@dataclass
class QualityReport:
    outcomes: list[Outcome]
    languages: dict[str, LanguageFigures] = field(default_factory=dict)

    @property
    def failures(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.passed]

    def to_dict(self) -> dict:
        return {"languages": {k: asdict(v) for k, v in self.languages.items()},
                "failures": [{"query": o.case.query, "expected": o.case.expected, "rank": o.rank, "top": o.top}
                             for o in self.failures]}


def load_queries(path: Path) -> list[QueryCase]:
    """The cases of a query set file (tab-separated, '#' comments, a header line)."""
    with open(path, encoding="utf-8", newline="") as handle:
        rows = csv.DictReader((line for line in handle if not line.startswith("#")), delimiter="\t",
                              quoting=csv.QUOTE_NONE)
        return [QueryCase(row["lang"], row["query"], row["expected"], int(row["within"]), row["kind"],
                          row.get("note") or "") for row in rows]


def measure(cases: list[QueryCase], ranked: Callable[[str], list[str]]) -> QualityReport:
    """Run every case through ``ranked`` (query -> rule numbers, best first) and sum up per language."""
    outcomes = []
    for case in cases:
        started = time.perf_counter()
        numbers = ranked(case.query)
        seconds = time.perf_counter() - started
        rank = numbers.index(case.expected) + 1 if case.expected in numbers else None
        outcomes.append(Outcome(case, rank, numbers[:5], seconds))
    report = QualityReport(outcomes)
    for lang in dict.fromkeys(case.lang for case in cases):
        own = [o for o in outcomes if o.case.lang == lang]
        report.languages[lang] = LanguageFigures(
            lang=lang, queries=len(own),
            mrr=round(sum(1.0 / o.rank for o in own if o.rank) / len(own), 3),
            recall_at_3=round(sum(1 for o in own if o.rank and o.rank <= 3) / len(own), 3),
            passed=sum(1 for o in own if o.passed),
        )
    return report
