"""Rules by name: a rule's title or a glossary term in any language held names the rule, in `show`,
`/rules/{name}`, the reader's "Go to rule" box and MCP's `rule` (all through KnowledgeBase.rule);
several rules give the list (exit 1), never a guess; nothing gives suggestions; a number and a
title that disagree say so. The database is the small one a first command builds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from kb.api import AmbiguousName, BadRuleNumber, KnowledgeBase, TitleMismatch
from kb.cli import cli
from kb.http.app import create_app
from tests.shared_databases import small_database


@pytest.fixture(scope="module")
def small_db() -> Path:
    return small_database()


@pytest.fixture(scope="module")
def kb(small_db):
    knowledge = KnowledgeBase.open(small_db, readonly=True)
    yield knowledge
    knowledge.close()


@pytest.mark.parametrize(
    ("name", "number", "lang"),
    [
        ("phasing", "702.26", "en"),
        ("Phasing", "702.26", "en"),
        ("state-based actions", "704", "en"),
        ("State based actions", "704", "en"),
        ("the stack", "405", "en"),
        ("フェイジング", "702.26", "ja"),
        ("时间跳跃", "702.26", "zh"),
        ("Instabilität", "702.23", "de"),  # the German wiki quotes the rule in its old numbering
        ("deathtouch", "702.2", "en"),  # a glossary term whose entry names one rule
        ("死触", "702.2", "zh"),
    ],
)
def test_a_title_or_term_names_its_rule(kb, name, number, lang):
    rule = kb.rule(name)
    assert (rule.number, rule.lang) == (number, lang)


def test_several_rules_give_the_list_never_a_guess(kb):
    with pytest.raises(AmbiguousName) as raised:
        kb.rule("exile")
    assert {c["number"] for c in raised.value.candidates} == {"406", "701.13"}
    assert "406 Exile" in str(raised.value) and "701.13 Exile" in str(raised.value)


def test_nothing_gives_suggestions_and_a_near_spelling_is_no_answer(kb):
    with pytest.raises(BadRuleNumber) as raised:
        kb.rule("phasng")
    assert "no rule is titled 'phasng'" in str(raised.value)
    assert raised.value.suggestions == ["Phasing"]
    with pytest.raises(BadRuleNumber):
        kb.rule("foo")  # a part of "Food Token", no whole word of it


def test_a_number_and_a_title_that_disagree_say_so(kb):
    assert kb.rule("702.26 Phasing").number == "702.26"
    with pytest.raises(TitleMismatch) as raised:
        kb.rule("702.26 Trample")
    assert "702.26 is titled 'Phasing', not 'Trample'" in str(raised.value)
    assert raised.value.suggestions == ["702.19"]


def test_show_by_name_and_the_list_with_exit_1(small_db):
    runner = CliRunner()
    found = runner.invoke(cli, ["--db", str(small_db), "show", "フェイジング"])
    assert found.exit_code == 0 and found.stdout.startswith("702.26 フェイジング\n[ja, January 16, 2026")
    several = runner.invoke(cli, ["--db", str(small_db), "show", "exile", "--json"])
    assert several.exit_code == 1
    payload = json.loads(several.stdout)
    assert payload["kind"] == "AmbiguousName" and payload["suggestions"] == ["406", "701.13"]


def test_cite_says_when_a_quoted_title_differs_and_cuts_at_a_word(small_db):
    runner = CliRunner()
    out = runner.invoke(cli, ["--db", str(small_db), "cite", "See rule 702.26, “Trample”, and 702.26b."]).stdout
    assert "the quoted title 'Trample' differs: 702.26 is 'Phasing'" in out
    line = next(line for line in out.splitlines() if line.strip().startswith("702.26b "))
    assert line.endswith("…") and not line.endswith(" …")
    full = runner.invoke(cli, ["--db", str(small_db), "cite", "--full", "See 702.26b."]).stdout
    assert "A permanent that phases out is removed from combat. (See rule 506.4.)" in full


def test_http_and_the_go_to_rule_box_take_names(small_db):
    client = TestClient(create_app(small_db))
    answer = client.get("/rules/state-based actions").json()
    assert (answer["ruleNumber"], answer["title"]) == ("704", "State-Based Actions")
    several = client.get("/rules/exile")
    assert several.status_code == 404 and several.json()["kind"] == "AmbiguousName"
    assert client.get("/rules/702.26 Trample").status_code == 400
    jump = client.get("/read/jump", params={"n": "フェイジング"}, follow_redirects=False)
    assert jump.headers["location"] == "/rules/702.26?lang=ja"
    listed = client.get("/read/jump", params={"n": "exile"}, follow_redirects=False)
    assert listed.headers["location"].startswith("/read/search?")


def test_a_translation_is_searched_by_its_titles_without_a_language(kb):
    """The Japanese and Chinese translations' names carry parts after their dates
    (CompRules_ja_20260116.0_lines); they are the newest of their languages all the same, so their
    titles answer before the glossary's forgiving match is needed."""
    from kb.store.titles import titled

    found = {(hit["lang"], hit["number"]) for hit in titled(kb.store, "フェイジング")}
    assert found == {("ja", "702.26")}
    assert {(hit["lang"], hit["number"]) for hit in titled(kb.store, "时间跳跃")} == {("zh", "702.26")}
