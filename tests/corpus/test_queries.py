"""One reading of what bots and people type (kb.core.queries), through show, cite and the facade."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.core.errors import BadRuleNumber, ExampleNotFound
from kb.core.numbers import RuleNumber, RuleRange
from kb.core.queries import Span, read_query
from tests.conftest import corpus_path


@pytest.mark.parametrize(
    "text, number, index",
    [
        ("ex 101.2", "101.2", None),
        ("ex101.2", "101.2", None),
        ("example 101.2", "101.2", None),
        ("ex. 101.2", "101.2", None),
        ("101.2 ex", "101.2", None),
        ("614.12 ex", "614.12", None),
        ("ex 2 613.6", "613.6", 2),
        ("ex 613.6 2", "613.6", 2),
        ("613.6 ex 2", "613.6", 2),
        ("ex 111.3 1", "111.3", 1),
        ("ex 1 111.3", "111.3", 1),
        ("example 3 614.12", "614.12", 3),
        ("Ex 2 613.6", "613.6", 2),
        ("613.6, ex 2", "613.6", 2),
    ],
)
def test_example_forms(text, number, index):
    query = read_query(text)
    assert (query.target, query.examples, query.example, query.whole) == (RuleNumber.parse(number), True, index, True)


@pytest.mark.parametrize(
    "text, number, whole",
    [
        ("100.1a", "100.1a", True),
        ("r 100.1a", "100.1a", True),
        ("cr 100.1a", "100.1a", True),
        ("CR 702.26b", "702.26b", True),
        ("rule 100.1a", "100.1a", True),
        ("rules 702.26", "702.26", True),
        ("!cr 702.26.", "702.26", False),
        ("702.3.", "702.3", False),
        ("r: 702.26b", "702.26b", True),
        ("Regel 702.23a", "702.23a", True),
        ("правило 702.26b", "702.26b", True),
    ],
)
def test_prefixes_and_trailing_dot(text, number, whole):
    query = read_query(text)
    assert (query.target, query.whole, query.examples) == (RuleNumber.parse(number), whole, False)


def test_ranges_of_any_span():
    assert read_query("rules 100-300").target == RuleRange.parse("100-300")  # chapters are one run
    assert RuleNumber.parse("205") in RuleRange.parse("100-300")
    assert read_query("601.2a-h").target == RuleRange.parse("601.2a-h")
    assert read_query("702.26b-703.1").target == Span(RuleNumber.parse("702.26b"), RuleNumber.parse("703.1"))
    assert str(read_query("r 100 to 300").target) == "100–300"
    with pytest.raises(BadRuleNumber, match="ends before it starts"):
        read_query("300-100")
    with pytest.raises(BadRuleNumber, match="'ex 101.2.3'|not a rule"):
        read_query("ex 101.2.3")
    with pytest.raises(BadRuleNumber):
        read_query("r")
    with pytest.raises(BadRuleNumber):
        read_query("Absorb")


@pytest.fixture(scope="module")
def kb():
    base = KnowledgeBase.open(":memory:")
    base.import_file(corpus_path("en", "full", "MagicCompRules_20260807.txt"))
    yield base
    base.close()


def test_examples_through_the_facade(kb):
    rule = kb.rule("ex 2 613.6")
    assert rule.number == "613.6" and rule.asked_examples == [2]
    assert rule.payload()["askedExamples"] == [{"index": 2, "text": rule.examples[1]}]
    assert rule.examples[1].startswith("Act of Treason")
    assert kb.rule("ex 101.2").asked_examples == [1]
    assert kb.rule("614.12 ex").asked_examples == [1, 2, 3]
    assert "askedExamples" not in kb.rule("101.2").payload()
    with pytest.raises(ExampleNotFound, match="rule 112.4 has 1 example; there is no example 2") as error:
        kb.rule("ex 112.4 2")
    assert error.value.count == 1 and error.value.to_dict()["examples"] == 1
    assert (error.value.exit_code, error.value.http_status) == (1, 404)
    with pytest.raises(ExampleNotFound, match="rule 104.3a has no examples"):
        kb.rule("ex 104.3a")


def test_ranges_in_document_order(kb):
    numbers = [r.number for r in kb.rules("rules 100-300")]
    assert numbers[0] == "100" and "2" in numbers and "200" in numbers and numbers[-1].startswith("300.")
    assert numbers.index("122") < numbers.index("2") < numbers.index("200") < numbers.index("300")
    assert "301" not in numbers and len(numbers) > 600
    assert [r.number for r in kb.rules("601.2a-h")] == [f"601.2{c}" for c in "abcdefgh"]
    across = [r.number for r in kb.rules("702.26p-702.27a")]
    assert across == ["702.26p", "702.27", "702.27a"]
    with pytest.raises(BadRuleNumber, match="is a range"):
        kb.rule("100-300")


def test_cite_reads_every_example_form(kb):
    found = kb.cite("See ex 101.2, ex101.2, ex 111.3 1 and ex 2 112.4; also ex 104.3a.")
    assert [(c.target, c.kind, c.example, c.status) for c in found] == [
        ("101.2", "example", None, "resolved"),
        ("101.2", "example", None, "resolved"),
        ("111.3", "example", 1, "resolved"),
        ("112.4", "example", 2, "not found"),
        ("104.3a", "example", None, "not found"),
    ]
    assert found[2].example_text.startswith("Jade Mage")
    assert found[3].note == "rule 112.4 has 1 example" and found[4].note == "rule 104.3a has no examples"
    ranged = kb.cite("See rules 100-300.")
    assert [(c.target, c.status) for c in ranged] == [("100–300", "resolved")]
    assert ranged[0].rules[0].number == "100" and ranged[0].rules[-1].number.startswith("300.")


def test_show_prints_the_examples_asked_for(kb):
    from kb.cli import cli

    runner = CliRunner()
    out = runner.invoke(cli, ["--db", str(_file_db(kb)), "show", "ex 2 613.6"])
    assert out.exit_code == 0
    lines = out.output.splitlines()
    assert lines[0] == "613.6" and lines[2].startswith("Example 2: Act of Treason") and len(lines) == 3
    missing = runner.invoke(cli, ["--db", str(_file_db(kb)), "show", "ex 112.4 2", "--json"])
    assert missing.exit_code == 1
    assert json.loads(missing.output)["kind"] == "ExampleNotFound"
    ranged = runner.invoke(cli, ["--db", str(_file_db(kb)), "show", "601.2a-c", "--json"])
    assert [r["ruleNumber"] for r in json.loads(ranged.output)] == ["601.2a", "601.2b", "601.2c"]


_FILES: dict[int, object] = {}


def _file_db(kb):
    """The module's database as a file, for the CLI (one backup per module)."""
    import sqlite3
    import tempfile
    from pathlib import Path

    if id(kb) not in _FILES:
        path = Path(tempfile.mkdtemp()) / "kb.db"
        target = sqlite3.connect(path)
        kb.conn.backup(target)
        target.close()
        _FILES[id(kb)] = path
    return _FILES[id(kb)]


def test_defining_subrule_of_a_keyword(kb):
    """Academy Ruins' find_definition, from the texts: the first subrule that does more than say
    what kind of ability the keyword is; a keyword action's first subrule."""
    defining = {
        number: kb.rule(number).defining_rule
        for number in (
            "702.31",
            "702.22",
            "702.3",
            "702.57",
            "702.14",
            "702.20",
            "702.29",
            "701.8",
            "702.1",
            "100.1",
            "702.31b",
        )
    }
    assert defining == {
        "702.31": "702.31b",
        "702.22": "702.22c",
        "702.3": "702.3b",
        "702.57": "702.57b",
        "702.14": "702.14c",
        "702.20": "702.20b",
        "702.29": "702.29a",
        "701.8": "701.8a",
        "702.1": None,
        "100.1": None,
        "702.31b": None,
    }
    assert kb.rule("702.31").payload()["definingRule"] == "702.31b"
    assert kb.rule("702.31.").defining_rule == "702.31b"  # without its subrules, it still names the one


def test_defining_subrule_in_show_and_http(kb):
    from fastapi.testclient import TestClient

    from kb.cli import cli
    from kb.http.app import create_app

    out = CliRunner().invoke(cli, ["--db", str(_file_db(kb)), "show", "702.31", "--defining"])
    assert out.output.splitlines()[0] == "702.31b" and "can’t be blocked by creatures without" in out.output
    plain = CliRunner().invoke(cli, ["--db", str(_file_db(kb)), "show", "702.31"])
    assert "Defined in: 702.31b" in plain.output
    with TestClient(create_app(_file_db(kb))) as client:
        assert client.get("/rules/702.31").json()["definingRule"] == "702.31b"
        answer = client.get("/rules/702.31", params={"defining": "true"}).json()
        assert answer["ruleNumber"] == "702.31b" and answer["ruleText"].startswith("A creature with horsemanship")
        assert client.get("/rules/702.31", params={"defining": "true", "lang": "en"}).json()["ruleNumber"] == "702.31b"
