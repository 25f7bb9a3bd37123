"""Two more kinds of Academy Ruins client, switched to mtgkb by their base URL alone: an ingestion
pipeline that loads the rules into a vector store, and an app's rules module that copies them into its
own SQLite tables. Their request and parsing logic is reproduced here in our own words from their source
at a pinned commit, run against mtgkb's app over two neighbouring English editions, and what each needs
is checked against the published text itself.

- The ingestion pipeline: krflorian/planeswalker_data_service @ 8dd06481df07b95caab663084a4769dd6e77e478
  (2024-07-02), etl/extractors/rules_extractor.py (get_data, full_extract, get_delta, transform_data),
  etl/extractors/glossary_extractor.py (full_extract, transform_data) and etl/extractors/utils.py
  (get_request: None for an error status or a body that is no JSON). It asks ``/diff/cr`` whether the
  rules changed since its last load (``creationDay`` read as ``%Y-%m-%d``), then ``/cr/toc`` and ``/cr``,
  and files every rule and every example under the chapter ``/cr/toc`` gives for the rule's first
  number part; ``/cr/glossary`` and ``/cr/unofficial-glossary`` merged become glossary documents. A rule
  whose chapter is missing stops the whole load (``chapters.get(...)[...]`` on None).
- The rules module: gregario/mtg-oracle @ 66834f54f7cc86040bfd368dd7645ad42ffc2189 (2026-03-16, MIT),
  src/data/rules.ts (fetchComprehensiveRules, fetchGlossary, getParentSection, extractTitle,
  extractKeywordName, ingestKeywords): ``/cr`` and ``/cr/glossary`` with ``Accept: application/json``, an
  error status thrown; the flat objects' values as (ruleNumber, ruleText) and (term, definition); a
  keyword is a 701.N or 702.N rule whose text is a short title without a full stop, its subrules' texts
  joined after it.
"""

from __future__ import annotations

import re
from datetime import datetime

import pytest
from fastapi.testclient import TestClient

from kb.api import KnowledgeBase
from kb.http.app import create_app
from tests.conftest import corpus_path

OLDER, NEWER = "MagicCompRules_20260619.txt", "MagicCompRules_20260807.txt"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    path = tmp_path_factory.mktemp("pipelines") / "two.db"
    kb = KnowledgeBase.open(path)
    for name in (OLDER, NEWER):
        kb.import_file(corpus_path("en", "full", name))
    kb.close()
    with TestClient(create_app(path)) as client:
        yield client


def published() -> list[str]:
    """The lines of the newest published text (BOM and line ends dropped)."""
    return corpus_path("en", "full", NEWER).read_text(encoding="utf-8-sig").splitlines()


def rules_part(lines: list[str]) -> list[str]:
    """The lines between the contents' "Credits" and the glossary (where the rules are)."""
    start = lines.index("Credits") + 1
    return lines[start : lines.index("Glossary", start)]


def glossary_terms(lines: list[str]) -> int:
    """The number of entries of the published glossary: blocks between blank lines after the second
    "Glossary" line, up to the last "Credits"."""
    start = lines.index("Glossary", lines.index("Credits") + 1) + 1
    end = len(lines) - 1 - lines[::-1].index("Credits")
    blocks, current = 0, False
    for line in lines[start:end]:
        if line.strip() and not current:
            blocks += 1
        current = bool(line.strip())
    return blocks


# ---- the ingestion pipeline (planeswalker_data_service) -------------------------------------------


class Pipeline:
    """The pipeline's extractors, asking ``client`` instead of api.academyruins.com."""

    def __init__(self, client: TestClient):
        self.client = client

    def get(self, path: str):
        """get_request: the JSON body, or None for an error status or a body that is no JSON."""
        answer = self.client.get(path)
        if answer.status_code >= 400:
            return None
        try:
            return answer.json()
        except ValueError:
            return None

    def needs_load(self, last_update: float) -> bool:
        """get_data's test: the newest diff is dated after the collection's last load."""
        updates = self.get("/diff/cr")
        return last_update < datetime.strptime(updates["creationDay"], "%Y-%m-%d").timestamp()

    def changed(self) -> tuple[set[str], list[tuple[str, str]]]:
        """get_delta's loop: the rule numbers of the changes, and the moves (from, to) it reads."""
        updates = self.get("/diff/cr")
        numbers: set[str] = set()
        for entry in updates["changes"]:
            for side in ("old", "new"):
                if entry[side] and "ruleNumber" in entry[side]:
                    numbers.add(entry[side]["ruleNumber"])
        return numbers, [(move["from"], move["to"]) for move in updates["moves"]]

    def rule_documents(self) -> list[dict]:
        """full_extract and transform_data: a document per rule and per example, each filed under
        the chapter of the rule's first number part."""
        toc, rules = self.get("/cr/toc"), self.get("/cr")
        chapters = {}
        for section in toc:
            for subsection in section["subsections"]:
                chapters[f"{subsection['number']}"] = {
                    "sectionNumber": str(section["number"]),
                    "sectionTitle": section["title"],
                    "subsectionNumber": str(subsection["number"]),
                    "subsectionTitle": subsection["title"],
                }
        documents = []
        for rule in rules.values():
            chapter = chapters[rule["ruleNumber"].split(".")[0]]  # the client fails here on a missing chapter
            url = "https://yawgatog.com/resources/magic-rules/#R" + rule["ruleNumber"].replace(".", "")
            documents.append(
                {
                    "id": rule["ruleNumber"],
                    "document": f"{rule['ruleNumber']}: {rule['ruleText']}",
                    "metadata": {"documentType": "rule", **chapter, "url": url},
                }
            )
            for count, example in enumerate(rule["examples"] or [], start=1):
                documents.append(
                    {
                        "id": f"{rule['ruleNumber']} - Example {count}",
                        "document": f"{rule['ruleNumber']} - Example {count}: {example}",
                        "metadata": {"documentType": "example", **chapter, "url": url},
                    }
                )
        return documents

    def glossary_documents(self) -> list[dict]:
        """The glossary extractor: the official and unofficial glossaries merged, a document per term."""
        merged = {**self.get("/cr/glossary"), **self.get("/cr/unofficial-glossary")}
        return [
            {"id": entry["term"], "document": f"{entry['term']}: {entry['definition']}", "letter": entry["term"][0]}
            for entry in merged.values()
        ]


def test_the_pipeline_loads_every_rule_under_its_chapter(client):
    documents = Pipeline(client).rule_documents()
    table = client.get("/cr").json()
    rules = [d for d in documents if d["metadata"]["documentType"] == "rule"]
    examples = [d for d in documents if d["metadata"]["documentType"] == "example"]
    assert len(rules) == len(table) > 3000
    assert len(examples) == sum(len(rule["examples"] or []) for rule in table.values())
    # A vector store refuses an upsert whose ids repeat; each metadata value must be text.
    assert len({d["id"] for d in documents}) == len(documents)
    assert all(isinstance(value, str) and value for d in documents for value in d["metadata"].values())
    first = next(d for d in rules if d["id"] == "100.1")
    assert first["metadata"]["sectionTitle"] == "Game Concepts" and first["metadata"]["subsectionTitle"] == "General"
    assert first["metadata"]["url"].endswith("#R1001")
    phasing = next(d for d in rules if d["id"] == "702.26a")
    assert phasing["metadata"]["subsectionTitle"] == "Keyword Abilities"
    assert phasing["document"].startswith("702.26a: Phasing is a static ability")
    # Every example of the published text is a document (mtgkb keeps more than three a rule).
    assert len(examples) == sum(line.startswith("Example:") for line in rules_part(published()))


def test_the_pipeline_loads_the_glossary(client):
    documents = Pipeline(client).glossary_documents()
    assert len(documents) == glossary_terms(published()) > 700
    assert len({d["id"] for d in documents}) == len(documents) and all(d["letter"] for d in documents)
    assert any(d["document"].startswith("Phasing: A keyword ability that causes a permanent") for d in documents)


def test_the_pipeline_reads_the_newest_diff_as_its_update_signal(client):
    pipeline = Pipeline(client)
    day = datetime(2026, 8, 7).timestamp()
    assert pipeline.needs_load(day - 86400) and not pipeline.needs_load(day + 1)
    numbers, moves = pipeline.changed()
    newer, older = client.get("/cr").json(), client.get("/cr", params={"edition": "2026-06-19"}).json()
    assert numbers and numbers <= set(newer) | set(older)
    assert moves and all(old in older and new in newer for old, new in moves)


# ---- the rules module (mtg-oracle) ----------------------------------------------------------------


def oracle_fetch(client: TestClient, path: str, fields: tuple[str, str]) -> list[dict]:
    """fetchComprehensiveRules and fetchGlossary: an error status throws; a ``data`` list is taken as
    it is, else the values of the flat object, reduced to the two fields."""
    answer = client.get(path, headers={"Accept": "application/json"})
    if not 200 <= answer.status_code < 300:
        raise AssertionError(f"Academy Ruins request failed: {answer.status_code}")
    body = answer.json()
    if isinstance(body, dict) and isinstance(body.get("data"), list):
        return body["data"]
    return [{field: entry[field] for field in fields} for entry in body.values()]


def parent_section(number: str) -> str | None:
    """getParentSection: 100.1a → 100.1, 100.1 → 100, 100 → None."""
    without = re.sub(r"[a-z]+$", "", number, flags=re.I)
    if without != number:
        return without
    return number[: number.rindex(".")] if number.rfind(".") > 0 else None


def keyword_name(text: str) -> str | None:
    """extractKeywordName: a short text without a full stop is a keyword's name."""
    text = text.strip()
    return text if text and len(text) < 50 and "." not in text else None


def oracle_keywords(rules: list[dict]) -> dict[str, tuple[str, list[str]]]:
    """ingestKeywords: number → (name, texts), the 701.N/702.N titles followed by their subrules."""
    found: dict[str, tuple[str, list[str]]] = {}
    for rule in rules:
        number = rule["ruleNumber"]
        if not number.startswith(("701.", "702.")):
            continue
        top = re.match(r"^(70[12]\.\d+)\.?$", number)
        if top:
            name = keyword_name(rule["ruleText"])
            if name:
                found[top[1]] = (name, [rule["ruleText"]])
            continue
        sub = re.match(r"^(70[12]\.\d+)[a-z]", number)
        if sub and sub[1] in found:
            found[sub[1]][1].append(rule["ruleText"])
    return found


def test_the_rules_module_copies_rules_and_parents(client):
    rules = oracle_fetch(client, "/cr", ("ruleNumber", "ruleText"))
    numbers = {rule["ruleNumber"] for rule in rules}
    assert len(rules) == len(client.get("/cr").json()) and all(rule["ruleText"] for rule in rules)
    # Each parent is a rule of the table, or a chapter (100, 702), which /cr does not list.
    for rule in rules:
        parent = parent_section(rule["ruleNumber"])
        assert parent is None or parent in numbers or re.fullmatch(r"\d{3}", parent), rule


def test_the_rules_module_finds_each_keyword_of_the_published_text(client):
    keywords = oracle_keywords(oracle_fetch(client, "/cr", ("ruleNumber", "ruleText")))
    expected = {}
    for line in rules_part(published()):
        match = re.match(r"^(70[12]\.\d+)\. (.+)$", line)
        if match and keyword_name(match[2]):
            expected[match[1]] = match[2]
    assert {number: name for number, (name, _texts) in keywords.items()} == expected
    assert len(expected) > 200
    name, texts = keywords["702.26"]
    assert name == "Phasing" and texts[1].startswith("Phasing is a static ability") and len(texts) > 10


def test_the_rules_module_copies_the_glossary(client):
    entries = oracle_fetch(client, "/cr/glossary", ("term", "definition"))
    assert len(entries) == glossary_terms(published())
    assert all(entry["term"] and entry["definition"] for entry in entries)
