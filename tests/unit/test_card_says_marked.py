"""`mtgkb card NAME` marks, in the printed text, each wording of what the text says about the rules
after its words, as it marks the rules terms ("can't lose the game [→104.3]"), one mark a place;
`--json` stays as it was. Real cards (tests/data/cards/README.md), English rules of 2026-08-07."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli.app import cli
from kb.cli.cards import marked
from tests.conftest import ROOT, corpus_path

REAL_CARDS = ROOT / "tests" / "data" / "cards" / "scryfall-2019-named-in-real-questions.json"
MARK = re.compile(r" \[→([^\]]+)\]")


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("card-marks") / "cards.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths(
        [corpus_path("en", "full", "MagicCompRules_20260807.txt"), REAL_CARDS], keep_going=False, index=False
    )
    kb.close()
    return path


def card(db: Path, name: str) -> tuple[str, dict]:
    runner = CliRunner()
    shown = runner.invoke(cli, ["--db", str(db), "card", name])
    assert shown.exit_code == 0, shown.output
    as_json = runner.invoke(cli, ["--db", str(db), "card", name, "--json"])
    assert as_json.exit_code == 0, as_json.output
    return shown.output, json.loads(as_json.output)


def marks_after(printed: str, words: str) -> list[str]:
    """The rules of the mark right after ``words`` in the printed text (the marks between its words
    taken out first)."""
    plain, ends = "", []
    last = 0
    for found in MARK.finditer(printed):
        plain += printed[last : found.start()]
        ends.append((len(plain), found.group(1).split(", ")))
        last = found.end()
    plain += printed[last:]
    at = plain.index(words) + len(words)
    return next(rules for end, rules in ends if end == at)


@pytest.mark.parametrize("name", ["Platinum Angel", "Blood Moon", "Lightning Greaves"])
def test_each_wording_of_what_the_text_says_is_marked_with_its_first_rule(db, name):
    printed, as_json = card(db, name)
    text = printed.split("\n\n", 1)[0]
    said = [item for item in as_json["says"] if item["field"] == "text" and item["start"] >= 0]
    assert said
    for item in said:
        words = as_json["oracle_text"][item["start"] : item["end"]]
        assert item["rules"][0]["rule"] in marks_after(text, words)
    assert "[→" not in as_json["oracle_text"]  # --json unchanged: the text as the card file has it


def test_platinum_angel_reads_as_the_issue_says(db):
    printed, _ = card(db, "Platinum Angel")
    # "game" is a term (104) and "can't lose the game" a wording (104.3, then 101.2): one mark, both rules
    assert "You can't [→101.2] lose the game [→104, 104.3] and your opponents" in printed


def test_a_wording_on_the_second_face_is_marked_in_that_faces_text(db):
    printed, as_json = card(db, "Jace, Vryn's Prodigy")
    item = next(item for item in as_json["says"] if item["face"] == "Jace, Telepath Unbound")
    second = printed.split("\nJace, Telepath Unbound", 1)[1].split("\n\n", 1)[0]
    first = printed.split("\nJace, Telepath Unbound", 1)[0]
    words = as_json["oracle_text"][item["start"] : item["end"]]
    assert item["rules"][0]["rule"] in marks_after(second, words)
    assert item["rules"][0]["rule"] not in " ".join(m.group(1) for m in MARK.finditer(first))


def term(start: int, end: int, rule: str):
    return SimpleNamespace(start=start, end=end, rule=rule)


def test_one_mark_at_a_place():
    text = "You can't lose the game."
    terms = [term(19, 23, "104")]
    assert marked(text, terms, [(23, "104.3")]) == "You can't lose the game [→104, 104.3]."
    assert marked(text, terms, [(23, "104")]) == "You can't lose the game [→104]."  # the term's mark names it
    assert marked(text, [], [(23, "104.3")]) == "You can't lose the game [→104.3]."
    assert marked(text, terms) == "You can't lose the game [→104]."


@pytest.mark.parametrize("name", ["Lightning Greaves", "Jace, Vryn's Prodigy"])
def test_a_wording_of_the_type_line_is_marked_in_the_type_line(db, name):
    printed, as_json = card(db, name)
    said = [item for item in as_json["says"] if item["field"] == "type" and item["start"] >= 0]
    assert said
    type_line = next(line for line in printed.splitlines() if MARK.sub("", line) == as_json["type_line"])
    for item in said:
        words = as_json["type_line"][item["start"] : item["end"]]
        assert item["rules"][0]["rule"] in marks_after(type_line, words)
    assert "[→" not in as_json["type_line"]
