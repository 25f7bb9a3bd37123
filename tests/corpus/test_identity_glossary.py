"""The glossary by concept: one entry per term and language, found by any name, near spellings,
limits stated (kb.terms.glossary), through the Python API, the CLI and HTTP."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli import cli
from tests.corpus.test_identity import build
from tests.history_fixtures import open_history_db


@pytest.fixture
def db_file(tmp_path):
    build(tmp_path / "glossary.db").close()
    return tmp_path / "glossary.db"


@pytest.fixture
def kb(db_file):
    kb = KnowledgeBase.open(db_file)
    yield kb
    kb.close()


def terms(result) -> list[tuple[str, str, str]]:
    return [(e.term, e.lang, e.edition) for e in result]


def test_one_entry_per_language_of_the_newest_edition(kb):
    result = kb.glossary("phasing")
    assert terms(result) == [("Phasing", "en", "2026-08-07"), ("Instabilität", "de", "2010-07-16")]
    assert result.matched == "name" and result.concepts == ["Phasing"] and result.other_editions == 1
    assert result[0].rules == ["702.24"]


def test_every_edition_or_one_edition_when_asked(kb):
    assert terms(kb.glossary("Phasing", all_editions=True)) == [
        ("Phasing", "en", "2026-08-07"),
        ("Phasing", "en", "2010-07-16"),
        ("Instabilität", "de", "2010-07-16"),
    ]
    old = kb.glossary("Phasing", edition="2010-07-16")
    assert terms(old) == [("Phasing", "en", "2010-07-16"), ("Instabilität", "de", "2010-07-16")]
    assert old.other_editions == 0


def test_found_by_a_name_in_another_language(kb):
    german = kb.glossary("Instabilität")  # the German glossary gives no English name: the dictionary does
    assert terms(german) == [("Instabilität", "de", "2010-07-16"), ("Phasing", "en", "2026-08-07")]  # its own first
    only_german = kb.glossary("Phasing", lang="de")
    assert terms(only_german) == [("Instabilität", "de", "2010-07-16")]


def test_a_misspelling_says_did_you_mean(kb):
    result = kb.glossary("Phasign")
    assert result.did_you_mean == "Phasing" and result.matched == "near"
    assert terms(result)[0] == ("Phasing", "en", "2026-08-07")
    assert kb.glossary("zzzzzzzz").entries == [] and kb.glossary("zzzzzzzz").did_you_mean is None


def test_a_part_of_names_lists_the_concepts_and_counts_the_rest(kb):
    result = kb.glossary("ing")
    assert result.matched == "contains"
    assert sorted(result.concepts) == ["Flanking", "Phasing"] and result.more_concepts == []
    from kb.terms.glossary import lookup

    capped = lookup(kb.store, "a", limit=1)  # one letter: too short to be a part of names
    assert capped.entries == []
    limited = lookup(kb.store, "ing", limit=1)
    assert limited.concepts == ["Phasing"] and limited.more_concepts == ["Flanking"]  # shortest first


def test_cli_text_and_json(db_file):
    runner = CliRunner()
    text = runner.invoke(cli, ["--db", str(db_file), "glossary", "Phasign"])
    assert text.exit_code == 0
    lines = text.output.splitlines()
    assert lines[0] == "No entry for 'Phasign'. Did you mean: Phasing?"
    assert "1 more entry in other editions: --all lists it, --edition picks one." in lines
    answer = json.loads(runner.invoke(cli, ["--db", str(db_file), "glossary", "Phasign", "--json"]).output)
    assert answer["did_you_mean"] == "Phasing" and answer["other_editions"] == 1
    assert [e["lang"] for e in answer["entries"]] == ["en", "de"]
    every = json.loads(runner.invoke(cli, ["--db", str(db_file), "glossary", "Phasing", "--all", "--json"]).output)
    assert len(every["entries"]) == 3 and every["other_editions"] == 0
    missing = runner.invoke(cli, ["--db", str(db_file), "glossary", "zzzzzzzz"])
    assert missing.exit_code == 1


def test_http(db_file):
    from fastapi.testclient import TestClient

    from kb.http.app import create_app

    client = TestClient(create_app(db_file))
    answer = client.get("/glossary/Phasign").json()
    assert answer["did_you_mean"] == "Phasing" and [e["term"] for e in answer["entries"]] == ["Phasing", "Instabilität"]
    assert len(client.get("/glossary/Phasing", params={"all": "true"}).json()["entries"]) == 3
    assert client.get("/glossary/zzzzzzzz").status_code == 404


# ---- the whole corpus ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def history_db():
    yield from open_history_db()


def test_corpus_deathtouch_in_chinese(history_db):
    result = history_db.glossary("Deathtouch", lang="zh")
    assert terms(result) == [("死触", "zh", "2026-04-17")] and result.other_editions == 1
    assert terms(history_db.glossary("死触", lang="en")) == [("Deathtouch", "en", "2026-08-07")]


def test_corpus_deaftouch(history_db):
    result = history_db.glossary("deaftouch")
    assert result.did_you_mean == "Deathtouch"
    assert [(e.term, e.lang) for e in result] == [("Deathtouch", "en"), ("死触", "zh"), ("接死", "ja")]
    assert result[0].edition == "2026-08-07" and result.other_editions > 100
    every = history_db.glossary("deaftouch", all_editions=True)
    assert len(every) == len(result) + result.other_editions and every.other_editions == 0
    text = CliRunner().invoke(cli, ["--db", str(history_db.path), "glossary", "deaftouch"]).output
    assert text.count("\nDeathtouch\n") + text.startswith("Deathtouch\n") == 1
    assert "Did you mean: Deathtouch?" in text
