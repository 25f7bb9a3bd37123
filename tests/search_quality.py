"""Search quality: the query sets and their measures.

Three sets: the hand-written one (tests/data/search_queries.tsv); one derived from the
documents themselves (every glossary entry that cites a rule, its name and separately its
definition, answered by the cited rule: nobody chose these queries); and the search-like cases
of the judge bots (../shared/peer-cases/bots.tsv). Shared by the tests, which assert floors,
and bench/bench_search.py, which prints the figures: mean reciprocal rank and recall at 3 per
language, and the misses.
"""

from __future__ import annotations

import csv
import hashlib
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from kb.search.documents import retargeted
from kb.search.scope import resolve_scope
from kb.store import Store

# The documents the figures are measured on, relative to the corpus folder; the seeds come
# from KnowledgeBase.build().
NEWEST = (
    ("en", "full", "MagicCompRules_20260807.txt"),
    ("ja", "CompRules_ja_20260116.0_lines.txt"),
    ("zh", "MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt"),
)


@dataclass(frozen=True)
class QueryCase:
    lang: str
    query: str
    expected: str
    within: int  # the rank the expected rule must reach
    kind: str
    note: str = ""
    subtree: bool = False  # a rule below the expected one answers too (a glossary cites "rule 702.26")
    also: tuple[str, ...] = ()  # further rules that answer as well (an answer that cites several)

    def answered_by(self, number: str) -> bool:
        return any(self._answers(expected, number) for expected in (self.expected, *self.also))

    def _answers(self, expected: str, number: str) -> bool:
        if number == expected:
            return True
        return self.subtree and number.startswith(expected) and not number[len(expected)].isdigit()


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
    recall_at_10: float = 0.0


@dataclass
class QualityReport:
    outcomes: list[Outcome]
    languages: dict[str, LanguageFigures] = field(default_factory=dict)

    @property
    def failures(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.passed]


def load_queries(path: Path) -> list[QueryCase]:
    """The cases of a query set file (tab-separated, '#' comments, a header line)."""
    with open(path, encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(
            (line for line in handle if not line.startswith("#")), delimiter="\t", quoting=csv.QUOTE_NONE
        )
        return [
            QueryCase(
                row["lang"], row["query"], row["expected"], int(row["within"]), row["kind"], row.get("note") or ""
            )
            for row in rows
        ]


def measure(cases: list[QueryCase], ranked: Callable[[str], list]) -> QualityReport:
    """Run every case through ``ranked`` (query -> rule numbers or search results, best first) and sum
    up per language; a search result counts with its number in the case's language (read_as)."""
    outcomes = []
    for case in cases:
        started = time.perf_counter()
        found = ranked(case.query)
        seconds = time.perf_counter() - started
        numbers = [read_as(item, case.lang) for item in found]
        rank = next((place for place, number in enumerate(numbers, 1) if case.answered_by(number)), None)
        outcomes.append(Outcome(case, rank, numbers[:10], seconds))
    report = QualityReport(outcomes)
    for lang in dict.fromkeys(case.lang for case in cases):
        own = [o for o in outcomes if o.case.lang == lang]
        report.languages[lang] = LanguageFigures(
            lang=lang,
            queries=len(own),
            mrr=round(sum(1.0 / o.rank for o in own if o.rank) / len(own), 3),
            recall_at_3=round(sum(1 for o in own if o.rank and o.rank <= 3) / len(own), 3),
            passed=sum(1 for o in own if o.passed),
            recall_at_10=round(sum(1 for o in own if o.rank and o.rank <= 10) / len(own), 3),
        )
    return report


def read_as(result, lang: str) -> str:
    """A search result's rule number as a reader of ``lang`` finds it: the number of its version in
    that language's dated text (the Japanese 730 Day and Night, grouped under today's English 731),
    else the result's own; a plain number as it is."""
    if isinstance(result, str):
        return result
    return next((v.number for v in result.versions if v.lang == lang and v.edition), result.number)


# ---- the set derived from the glossaries ---------------------------------------------------------

# The first rule an entry cites, per language: "See rule 702.26", "rule 702.26〔…〕参照" or
# "700.13. 参照", "参见规则702.26". A Japanese entry lists its rules before one 参照, each with its
# title ("rule 702.37〔変異〕、rule 708〔裏向きの呪文やパーマネント〕参照"): the first of the list is meant.
_NUMBER = r"(\d{3}(?:\.\d+[a-z]?)?)"
CITED = {
    "en": re.compile(r"\b[Ss]ee rule " + _NUMBER),
    "ja": re.compile(
        r"(?:rule\s*)?" + _NUMBER + r"\.?\s*(?:〔[^〕]*〕)?(?:[、,]\s*(?:rule\s*)?[\d.a-z]+\.?\s*(?:〔[^〕]*〕)?)*"
        r"\s*参照"
    ),
    "zh": re.compile(r"参见规则\s*" + _NUMBER),
}
# Where the definition ends and its references begin.
_REFERENCES = {
    "en": re.compile(r"\b(?:[Ss]ee rules? |For more information)"),
    "ja": re.compile(r"(?:rule\s*)?\d{3}(?:\.\d+[a-z]?)?\.?\s*(?:〔|[、,]|参照)"),
    "zh": re.compile(r"参见"),
}
# Rule numbers left in a definition would narrow the search to the answer's subtree.
_CITATION = re.compile(r"(?:\b[Rr]ules?\s*|规则|第)?\d{3}(?:\.\d+[a-z]?)?(?:条)?")
HELD_OUT_SEED = "mtgkb-derived-1"
HELD_OUT_SHARE = 0.3


def held_out(lang: str, name: str) -> bool:
    """Whether an entry belongs to the held-out part: a fixed hash of a seed, the language and the
    entry's name (the same on every machine and run, and unchanged when other entries come or go);
    both queries of an entry fall on the same side."""
    digest = hashlib.sha256(f"{HELD_OUT_SEED}|{lang}|{name}".encode()).digest()
    return int.from_bytes(digest[:4], "big") / 2**32 < HELD_OUT_SHARE


def derived_cases(store: Store, langs: tuple[str, ...] = ("en", "ja", "zh")) -> list[QueryCase]:
    """Every glossary entry of each language's newest text that cites a rule, as two queries (its name;
    its definition without its references) whose answer is the first rule it cites, or a rule below it.

    The glossary of the default search scope's document with the most entries per language; an entry
    whose cited rule that document does not hold is left out. A stale number whose title names another
    rule is answered by that rule (:func:`kb.search.documents.retargeted`: the Japanese glossary of
    2026-01-16 kept the numbers 722–732 had before 721 came, "rule 729〔行動の省略〕" for 731).
    ``kind`` is "name" or "definition"; ``note`` is "held-out" or "tune" (:func:`held_out`).
    """
    cases: list[QueryCase] = []
    for lang in langs:
        documents = [d.id for d in resolve_scope(store).documents if d.lang == lang]
        counted = [
            (store.conn.execute("select count(*) from glossary where document_id = ?", [d]).fetchone()[0], d)
            for d in documents
        ]
        if not counted or max(counted)[0] == 0:
            continue
        document = max(counted)[1]
        rules = {row[0] for row in store.conn.execute("select number from rules where document_id = ?", [document])}
        moved = retargeted(store.conn, document)
        for entry, name, text in store.conn.execute(
            "select id, term, text from glossary where document_id = ? order by seq", [document]
        ):
            cited = CITED[lang].search(text or "")
            if not cited:
                continue
            answer = moved.get((entry, cited.group(1)), cited.group(1))
            if answer not in rules:
                continue
            side = "held-out" if held_out(lang, name) else "tune"
            cases.append(QueryCase(lang, name, answer, 3, "name", side, subtree=True))
            definition = _definition(lang, text)
            if definition:
                cases.append(QueryCase(lang, definition, answer, 3, "definition", side, subtree=True))
    return cases


def _definition(lang: str, text: str) -> str:
    ends = _REFERENCES[lang].search(text)
    kept = _CITATION.sub(" ", text[: ends.start()] if ends else text)
    return " ".join(kept.split()).strip(" .,;:。、，")


# ---- the judge bots' cases ---------------------------------------------------------------------

_ASKED = re.compile(r"^(?:def|define|rule)\s+", re.IGNORECASE)
_EDITIONS = re.compile(r"CR editions (\d{8})\.\.(\d{8})")


def peer_cases(store: Store, path: Path) -> list[QueryCase]:
    """The bots' glossary lookups whose answer cites a rule ("def Rampage" → "See rule 702.23"): the
    term as a search query, answered by the cited rule or a rule below it. Only cases whose note says
    they hold for the newest English edition searched ("CR editions 20210419..20260807"): cycling was
    702.28 before."""
    newest = max((d.edition or "" for d in resolve_scope(store).documents if d.lang == "en"), default="")
    cases = []
    with open(path, encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            cited = CITED["en"].search(row["expected"])
            editions = _EDITIONS.search(row["note"] or "")
            if row["kind"] != "glossary" or not cited or not editions:
                continue
            if not editions.group(1) <= newest.replace("-", "") <= editions.group(2):
                continue
            query = _ASKED.sub("", row["input"]).strip()
            cases.append(QueryCase("en", query, cited.group(1), 3, "peer", row["source_repo"], subtree=True))
    return cases


# ---- real questions ------------------------------------------------------------------------------


def real_questions(path: Path, split: str | None = None) -> list[QueryCase]:
    """The questions players asked in public (tests/data/search_questions_real.tsv), each answered by
    any rule its published answer cites (today's numbers); ``split`` "tune" or "held_out" keeps one
    half. ``within`` is 10: the figures are recall at 3 and at 10 and the mean reciprocal rank."""
    with open(path, encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(
            (line for line in handle if not line.startswith("#")), delimiter="\t", quoting=csv.QUOTE_NONE
        )
        cases = []
        for row in rows:
            if split is not None and row["split"] != split:
                continue
            cited = row["cited"].split(";")
            cases.append(
                QueryCase(row["lang"], row["question"], cited[0], 10, "real", row["split"], also=tuple(cited[1:]))
            )
        return cases
