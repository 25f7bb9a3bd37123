"""Behaviours the docs promise that no other test would notice breaking: a glossary entry that only says
"See X." answers X (docs/bots.md), the bots' `/cr/r 100.1a` (docs/bots.md), phrases in „…“ «…» 「…」
and `prefix*` of at least two letters (docs/search.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from kb.api import KnowledgeBase
from kb.cli import cli
from kb.http.app import create_app
from kb.search.parse import parse
from tests.conftest import MINI


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    """The small document with a glossary entry whose whole text is "See Phasing."."""
    folder = tmp_path_factory.mktemp("documented")
    text = (MINI / "MiniRules_20260807.txt").read_text(encoding="utf-8")
    source = folder / "MiniRules_20260807.txt"
    source.write_text(text.replace("\nCredits", "\nPhase Out\nSee Phasing.\n\nCredits", 1), encoding="utf-8")
    path = folder / "kb.db"
    kb = KnowledgeBase.open(path)
    kb.import_file(source)
    kb.close()
    return path


def test_a_see_x_entry_answers_the_entry_it_names(db):
    kb = KnowledgeBase.open(db, readonly=True)
    try:
        found = kb.glossary("Phase Out")
        direct = kb.glossary("Phasing")
    finally:
        kb.close()
    assert found.see == "Phase Out" and direct.see is None
    assert [e.to_dict() for e in found.entries] == [e.to_dict() for e in direct.entries]
    assert found.entries[0].term == "Phasing" and found.entries[0].rules == ["702.26"]
    shown = json.loads(CliRunner().invoke(cli, ["--db", str(db), "glossary", "phase out", "--json"]).output)
    assert shown["see"] == "Phase Out" and [e["term"] for e in shown["entries"]] == ["Phasing"]


def test_the_bots_r_form_of_a_rule(db):
    # docs/bots.md: "r 100.1a" is one of the forms a bot types; mtgkb's own route reads it. Academy
    # Ruins' /cr/{id} takes a bare number only and answers anything else 404 with its own body, and so
    # does mtgkb's copy of that route (docs/bots.md, "Academy Ruins' API").
    client = TestClient(create_app(db))
    answer = client.get("/rules/r 100.1a")
    assert answer.status_code == 200
    assert answer.json()["ruleNumber"] == "100.1a"
    assert answer.json()["ruleText"] == "A two-player game is a game that begins with only two players."
    assert client.get("/rules/r 100.99").status_code == 404
    refused = client.get("/cr/r 100.1a")
    assert refused.status_code == 404
    assert refused.json() == {"detail": "Rule not found", "ruleNumber": "r 100.1a"}


@pytest.mark.parametrize("quoted", ['"phased out"', "„phased out“", "«phased out»", "「phased out」"])
def test_phrases_in_every_documented_quotation_mark(quoted):
    terms = parse(f"{quoted} token").root.children
    assert [(t.text, t.kind) for t in terms] == [("phased out", "phrase"), ("token", "word")]


def test_a_prefix_needs_two_letters():
    assert [(t.text, t.kind) for t in parse("ph* token").root.children] == [("ph", "prefix"), ("token", "word")]
    assert [(t.text, t.kind) for t in parse("p* token").root.children] == [("p", "word"), ("token", "word")]
