"""One identity per rule: "also in", suggestions and the JSON shape follow the renumbering chain.

Units run on three small documents (tests/data/identity): English 2010-07-16 with Phasing at
702.23, English 2026-08-07 with Rampage at 702.23 and Phasing at 702.24, and a German
translation of 2010-07-16. The corpus tests check the cases users met on the whole corpus.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase, RuleNotFound
from kb.cli import cli
from kb.core.model import data_relative
from tests.history_fixtures import open_history_db

FILES = Path(__file__).parents[1] / "data" / "identity"


def build(path) -> KnowledgeBase:
    kb = KnowledgeBase.open(path)
    kb.import_paths([FILES / "MiniRules_20100716.txt", FILES / "MiniRules_20260807.txt"], format="cr-text")
    kb.import_file(FILES / "Regeln_de_20100716.txt", lang="de", format="cr-text")
    return kb


@pytest.fixture
def kb():
    kb = build(":memory:")
    yield kb
    kb.close()


@pytest.fixture
def db_file(tmp_path):
    build(tmp_path / "identity.db").close()
    return tmp_path / "identity.db"


def numbers_by_document(rule) -> dict[str, str]:
    return {v["document"]: v["number"] for v in rule.other_versions}


# ---- also in ------------------------------------------------------------------------------------


def test_also_in_follows_the_chain_not_the_number(kb):
    german = kb.rule("702.23a", lang="de")
    assert numbers_by_document(german) == {"MiniRules_20260807": "702.24a", "MiniRules_20100716": "702.23a"}
    assert [v["title"] for v in german.other_versions] == ["Phasing", "Phasing"]
    rampage = kb.rule("702.23a")  # today's 702.23a is Rampage: no German or older version of it
    assert rampage.text.startswith("Rampage") and rampage.other_versions == []


def test_also_in_lists_translations_through_their_english_pivot(kb):
    today = kb.rule("702.24b", lang="en")
    assert numbers_by_document(today) == {"MiniRules_20100716": "702.23b", "Regeln_de_20100716": "702.23b"}
    assert [(v["lang"], v["source"]) for v in today.other_versions] == [("en", "official"), ("de", "translation")]


def test_also_in_is_grouped_by_language_newest_first(kb):
    versions = kb.rule("702.23b", lang="de").other_versions
    assert [(v["lang"], v["edition"]) for v in versions] == [("en", "2026-08-07"), ("en", "2010-07-16")]
    lines = _show(kb, ["show", "702.23a", "--lang", "de"]).output.splitlines()
    start = lines.index("Also in (2 other documents):")
    assert lines[start + 1].split() == ["en", "702.24a", "Phasing:", "August", "7,", "2026"]
    assert lines[start + 2].split() == ["702.23a", "Phasing:", "July", "16,", "2010"]


def test_current_number_and_link(kb):
    german = kb.rule("702.23a", lang="de").payload()
    assert german["current"] == {"number": "702.24a", "edition": "2026-08-07", "document": "MiniRules_20260807"}
    assert german["link"] == "https://yawgatog.com/resources/magic-rules/#R70224a"
    assert german["anchor"] == "#R70223a"


# ---- suggestions --------------------------------------------------------------------------------


def test_an_older_edition_names_the_rule_by_its_number_then(kb):
    with pytest.raises(RuleNotFound) as caught:
        kb.rule("702.24b", edition="2010-07-16")
    error = caught.value
    assert error.suggestions[0] == "702.23b"
    assert error.counterparts[0]["number"] == "702.23b"
    assert error.counterparts[0]["of"] == {
        "number": "702.24b",
        "document": "MiniRules_20260807",
        "lang": "en",
        "edition": "2026-08-07",
    }
    assert "in July 16, 2010 this rule is 702.23b (702.24b of August 7, 2026)" in str(error)


def test_suggestions_run_both_ways_and_into_translations(kb):
    with pytest.raises(RuleNotFound) as newer:
        kb.rule("702.23b", edition="2026-08-07")  # 2010's Phasing subrule, asked of today
    assert newer.value.suggestions[0] == "702.24b"
    with pytest.raises(RuleNotFound) as german:
        kb.rule("702.24b", lang="de")
    assert german.value.counterparts[0]["number"] == "702.23b" and german.value.counterparts[0]["lang"] == "de"
    with pytest.raises(RuleNotFound) as new_rule:  # added in 2026: nothing to point at, the nearest numbers only
        kb.rule("702.24c", lang="de")
    assert new_rule.value.counterparts == [] and "702.23b" in new_rule.value.suggestions


def test_suggestions_as_json_and_exit_code(kb):
    result = _show(kb, ["show", "702.24b", "--edition", "2010-07-16", "--json"])
    assert result.exit_code == 1
    answer = json.loads(result.output)
    assert answer["kind"] == "RuleNotFound" and answer["counterparts"][0]["number"] == "702.23b"
    assert answer["suggestions"][0] == "702.23b"


def test_suggestions_over_http(db_file):
    from fastapi.testclient import TestClient

    from kb.http.app import create_app

    client = TestClient(create_app(db_file))
    response = client.get("/rules/702.24b", params={"lang": "de"})
    assert response.status_code == 404
    assert response.json()["counterparts"][0]["number"] == "702.23b"
    rule = client.get("/rules/702.23a", params={"lang": "de"}).json()
    kb = KnowledgeBase.open(db_file)
    try:
        assert rule == kb.rule("702.23a", lang="de").payload()
    finally:
        kb.close()


# ---- the JSON shape ------------------------------------------------------------------------------


def test_show_json_is_the_payload(kb):
    result = _show(kb, ["show", "702.24", "--json"])
    assert result.exit_code == 0
    answer = json.loads(result.output)
    assert answer == kb.rule("702.24").payload()
    assert answer["ruleNumber"] == "702.24" and answer["title"] == "Phasing"
    assert answer["navigation"] == {"previousRule": "702.23a", "nextRule": "702.24a", "parentRule": "702"}
    assert answer["children"] == ["702.24a", "702.24b", "702.24c"]


def test_glossary_mentions_are_kept_apart_from_rule_citations(kb):
    payload = kb.rule("702.24").payload()
    assert payload["citedBy"] == [] and payload["glossaryMentions"] == ["Phasing"]


def test_scenario_files_are_relative_to_the_data_folder():
    assert data_relative("/home/someone/mtgkb/data/scenarios/phasing.yaml") == "scenarios/phasing.yaml"
    assert data_relative("C:\\work\\data\\scenarios\\x.yaml".replace("\\", "/")) == "scenarios/x.yaml"
    assert data_relative("/tmp/mine.yaml") == "mine.yaml"


# ---- the trailing dot ------------------------------------------------------------------------------


def test_a_trailing_dot_means_without_subrules(kb):
    whole, alone = kb.rule("702.24"), kb.rule("702.24.")
    assert [c.number for c in whole.children] == ["702.24a", "702.24b", "702.24c"]
    assert alone.children == [] and alone.subrules is False and alone.text == whole.text
    assert alone.payload()["withoutSubrules"] is True and whole.payload()["withoutSubrules"] is False
    assert [r.number for r in kb.rules("702.24")] == ["702.24", "702.24a", "702.24b", "702.24c"]
    assert [r.number for r in kb.rules("702.24.")] == ["702.24"]
    assert kb.rule("CR 702.24b").number == "702.24b"
    text = _show(kb, ["show", "CR 702.24."]).output
    assert "(without its subrules)" in text and "Children" not in text


def _show(kb, args):
    return (
        CliRunner().invoke(cli, ["--db", str(kb.path), *args]) if str(kb.path) != ":memory:" else _memory_show(kb, args)
    )


def _memory_show(kb, args):
    """The CLI over a copy of the in-memory database (the CLI opens a database by path)."""
    import tempfile

    folder = Path(tempfile.mkdtemp())
    target = KnowledgeBase.open(folder / "copy.db")
    kb.conn.backup(target.conn)
    target.close()
    return CliRunner().invoke(cli, ["--db", str(folder / "copy.db"), *args])


# ---- the whole corpus ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def history_db():
    yield from open_history_db()


def test_corpus_german_702_23a_is_also_todays_702_26a(history_db):
    german = history_db.rule("702.23a", lang="de")
    by_doc = numbers_by_document(german)
    assert by_doc["MagicCompRules_20260807"] == "702.26a"
    assert by_doc["CompRules_ja_20260116.0_lines"] == "702.26a"
    assert by_doc["MagicCompRules_20100716"] == "702.23a"
    newer = [v for v in german.other_versions if v["lang"] == "en" and v["edition"] > "2011-06-01"]
    assert newer and all(v["number"] != "702.23a" for v in newer)  # never Rampage
    assert all(v["title"] == "Phasing" for v in german.other_versions if v["lang"] == "en")
    assert {v["lang"] for v in german.other_versions} == {"en", "ja", "zh"}
    editions = [v["edition"] for v in german.other_versions if v["lang"] == "en" and v["source"] == "official"]
    assert editions == sorted(editions, reverse=True) and len(editions) >= 130
    assert german.payload()["link"].endswith("#R70226a")


def test_corpus_suggestions_through_the_chain(history_db):
    with pytest.raises(RuleNotFound) as old:
        history_db.rule("702.26b", edition="2017-09-29")
    assert old.value.suggestions[0] == "702.25b"
    assert "in September 29, 2017 this rule is 702.25b" in str(old.value)
    with pytest.raises(RuleNotFound) as german:
        history_db.rule("702.26k", lang="de")
    assert german.value.suggestions[0] == "702.23i"


def test_corpus_show_text_lists_every_language(history_db):
    result = CliRunner().invoke(cli, ["--db", str(history_db.path), "show", "702.23a", "--lang", "de"])
    lines = result.output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Also in ("))
    block = lines[start + 1 :]
    assert block[0].split()[:3] == ["en", "702.26a", "Phasing:"]
    assert any(line.split()[:2] == ["ja", "702.26a"] for line in block)
    assert any(line.split()[:2] == ["zh", "702.26a"] for line in block)
    assert "..." not in result.output
