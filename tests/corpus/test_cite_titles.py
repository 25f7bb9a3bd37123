"""`cite` finds rules cited by their titles alone (kb.citing.titles): a title in quotes of any language,
or after "rule on" and the like, in any language held; the exact title only, several rules bearing it
listed as ambiguous, never a guess; a quoted title beside a number is that number's title. The
database is the small one a first command builds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli import cli
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
    ("text", "quoted", "number", "lang"),
    [
        ("See the rule on “Phasing” for this.", "“Phasing”", "702.26", "en"),
        ('the rule on "the stack"', '"the stack"', "405", "en"),
        ("see the rule on state-based actions for details", "state-based actions", "704", "en"),
        ("Das steht in der Regel zu „Instabilität“.", "„Instabilität“", "702.23", "de"),
        ("「フェイジング」のルールを参照してください。", "「フェイジング」", "702.26", "ja"),
        ("参见“时间跳跃”。", "“时间跳跃”", "702.26", "zh"),
        ("см. правило о «Phasing»", "«Phasing»", "702.26", "en"),
    ],
)
def test_a_title_alone_cites_its_rule(kb, text, quoted, number, lang):
    (found,) = kb.cite(text)
    assert (found.kind, found.status, found.target, found.lang) == ("title", "resolved", number, lang)
    assert text[found.start : found.end] == found.raw == quoted
    assert found.rules[0].number == number and found.rules[0].title
    if number == "702.26" and lang == "en":  # the rule with its subrules, as "rule 702.26" gives them
        assert [r.number for r in found.rules[:3]] == ["702.26", "702.26a", "702.26b"]


def test_the_readers_language_first(kb):
    (found,) = kb.cite("the rule on “Phasing”", lang="en")
    assert found.lang == "en"
    (found,) = kb.cite("「フェイジング」", lang="en")  # no English rule has that title: the Japanese one
    assert (found.lang, found.target) == ("ja", "702.26")


def test_a_title_several_rules_bear_lists_them_all(kb):
    (found,) = kb.cite("read the rule on “Exile”")
    assert found.status == "ambiguous" and {r.number for r in found.rules} == {"406", "701.13"}
    assert "406" in found.note and "701.13" in found.note


def test_a_quoted_phrase_that_is_no_title_is_no_citation(kb):
    assert kb.cite("It says “phased out” and “hello”, and 'Phasing' in straight single quotes.") == []
    assert kb.cite("the rule on something nobody wrote") == []


def test_a_cued_title_that_no_rule_bears_is_not_found(kb):
    (found,) = kb.cite("the rule on “Phasng”")
    assert (found.kind, found.status, found.rules) == ("title", "not found", [])
    assert "Phasng" in found.note


def test_a_quoted_title_beside_a_number_is_that_numbers_title(kb):
    (numbered,) = kb.cite("see “Phasing” (702.26)")
    assert (numbered.kind, numbered.target, numbered.title) == ("rule", "702.26", "Phasing")
    (numbered,) = kb.cite("CR 702.26 (“Trample”)")
    assert numbered.title == "Trample" and numbered.rules[0].title == "Phasing"


def test_the_cli_lists_says_and_exits(small_db):
    runner = CliRunner()
    shown = runner.invoke(cli, ["--db", str(small_db), "cite", "see “Trample” (702.26), and the rule on “Exile”"])
    assert shown.exit_code == 0
    assert "(the quoted title 'Trample' differs: 702.26 is 'Phasing')" in shown.stdout
    assert "(ambiguous)" in shown.stdout and "406 Exile" in shown.stdout and "701.13 Exile" in shown.stdout
    missing = runner.invoke(cli, ["--db", str(small_db), "cite", "--json", "the rule on “Phasng”"])
    assert missing.exit_code == 1
    assert [(c["kind"], c["status"]) for c in json.loads(missing.stdout)] == [("title", "not found")]
