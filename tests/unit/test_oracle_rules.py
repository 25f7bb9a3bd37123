"""What a card's Oracle text says about the rules (kb.cards.oracle, data/oracle_rules.tsv): the table,
real card texts of tests/data/cards, and a question whose answer comes only from a named card's text."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.cards import oracle
from kb.core.errors import BadInputFile
from tests.conftest import ROOT, corpus_path

REAL_CARDS = ROOT / "tests" / "data" / "cards" / "scryfall-2019-named-in-real-questions.json"
MADE_CARDS = ROOT / "tests" / "data" / "cards" / "made-known-cards.json"  # Humility and Quicksilver Dagger
HEADER = "field\tpattern\trules\teffect\tsearched\twhy\n"


@pytest.fixture(scope="module")
def real_cards() -> dict[str, dict]:
    return {card["name"]: card for card in json.loads(REAL_CARDS.read_text(encoding="utf-8"))}


def said_of(card: dict) -> list[oracle.Said]:
    return oracle.said(card.get("oracle_text") or "", card.get("type_line") or "", card.get("mana_cost") or "")


def rules_of(card: dict) -> list[str]:
    return [rule for item in said_of(card) for rule in item.rules]


# ---- the table ------------------------------------------------------------------------------------


def test_every_rule_of_the_table_exists_in_the_english_rules_of_2026_08_07():
    text = corpus_path("en", "full", "MagicCompRules_20260807.txt").read_text(encoding="utf-8-sig")
    numbered = set(re.findall(r"^(\d{3}\.\d+[a-z]?)\.? ", text, re.MULTILINE))
    rows = oracle.load()
    assert len(rows) >= 40
    missing = [(row.line, rule) for row in rows for rule in row.rules if rule not in numbered]
    assert missing == []


def test_the_table_has_rows_for_how_the_effects_of_several_cards_interact():
    pairs = {row.pair: row.rules for row in oracle.load() if row.pair}
    assert pairs[("continuous", "continuous")][0] == "613.1"
    assert pairs[("replacement", "replacement")] == ("616.1",)
    assert pairs[("trigger", "trigger")] == ("603.3b",)


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ("text\t(unclosed\t614.1a\treplacement\t\twhy", "line 2: the pattern is no regular expression"),
        ("text\tinstead\t614.1a\tstatic\t\twhy", "line 2: unknown effect 'static'"),
        ("face\tinstead\t614.1a\t-\t\twhy", "line 2: unknown field 'face'"),
        ("text\tinstead\t6x4\t-\t\twhy", "line 2: '6x4' is not a rule number"),
        ("text\tinstead\t\t-\t\twhy", "line 2: expected at least one rule number"),
        ("text\tinstead\t614.1a\t-\twhy", "line 2: expected 6 tab-separated columns, found 5"),
        ("text\tinstead\t614.1a\t-\tlayer\twhy", "line 2: only a together row has searched words"),
        ("text\t(x)?\t614.1a\t-\t\twhy", "line 2: the pattern matches an empty text"),
        ("together\tcontinuous\t613.1\t-\t\twhy", "line 2: expected two effects joined by +"),
        ("together\tcontinuous+static\t613.1\t-\t\twhy", "line 2: expected two effects joined by +"),
    ],
)
def test_a_bad_row_is_refused_naming_the_file_the_line_and_what_was_expected(row, expected):
    with pytest.raises(BadInputFile) as refused:
        oracle.parse_table(HEADER + row + "\n", "oracle_rules.tsv")
    assert f"oracle_rules.tsv, {expected}" in str(refused.value)


def test_a_table_without_its_header_is_refused():
    with pytest.raises(BadInputFile, match="oracle_rules.tsv, line 1: expected the header"):
        oracle.parse_table("pattern\trules\n", "oracle_rules.tsv")
    with pytest.raises(BadInputFile, match="no header line"):
        oracle.parse_table("# only a comment\n", "oracle_rules.tsv")


def test_a_table_is_read_again_when_its_file_changes(tmp_path: Path):
    path = tmp_path / "rules.tsv"
    path.write_text(HEADER + "text\tinstead\t614.1a\treplacement\t\twhy\n", encoding="utf-8")
    assert [row.rules for row in oracle.load(path)] == [("614.1a",)]
    path.write_text(HEADER + "text\tskip\t614.1b\treplacement\t\twhy\n", encoding="utf-8")
    os.utime(path, ns=(1, 10**18))
    assert [row.rules for row in oracle.load(path)] == [("614.1b",)]


# ---- real card texts ------------------------------------------------------------------------------


def test_platinum_angel_cant_lose_the_game(real_cards):
    said = said_of(real_cards["Platinum Angel"])
    assert said[0].rules == ("104.3", "101.2")
    assert said[0].shown() == "can't lose the game → 104.3"
    assert said[0].effect == "continuous"
    # its "can't win the game" is no effect that says a player wins (104.2b)
    assert "104.2b" not in rules_of(real_cards["Platinum Angel"])


def test_an_intervening_if_is_read_before_any_trigger(real_cards):
    rules = rules_of(real_cards["Nether Shadow"])  # "At the beginning of your upkeep, if Nether Shadow is ..."
    assert rules.index("603.4") < rules.index("603.2")
    assert {item.effect for item in said_of(real_cards["Nether Shadow"])} == {"trigger"}


def test_a_replacement_an_enters_with_and_an_x_in_the_cost(real_cards):
    assert rules_of(real_cards["Aven Mindcensor"])[0] == "614.1a"  # "... instead."
    hydra = rules_of(real_cards["Hooded Hydra"])  # "enters the battlefield with X +1/+1 counters", {X}{G}{G}
    assert {"614.1c", "614.1e", "603.10a", "107.3a"} <= set(hydra)
    assert hydra.index("614.1c") < hydra.index("603.2")


def test_the_type_line_says_aura_and_legendary(real_cards):
    assert rules_of(real_cards["Pacifism"])[:2] == ["303.4", "303.4f"]  # Enchantment — Aura
    assert "704.5j" in rules_of(real_cards["Aetherworks Marvel"])  # Legendary Artifact
    assert "704.5j" not in rules_of(real_cards["Pacifism"])


def test_lands_that_lose_their_abilities_or_become_mountains_are_layers(real_cards):
    assert "613.1f" in rules_of(real_cards["Blood Sun"])  # "All lands lose all abilities except mana abilities."
    assert rules_of(real_cards["Blood Moon"])[:2] == ["305.7", "613.1d"]  # "Nonbasic lands are Mountains."


def test_reminder_text_says_nothing(real_cards):
    mist = real_cards["Primordial Mist"]
    assert "(Put it onto the battlefield face down" in mist["oracle_text"]
    assert "111.1" not in rules_of(mist) and "608.2h" not in rules_of(mist)


def test_each_rule_is_given_once_by_the_first_row_that_gives_it():
    rules = [
        rule
        for item in oracle.said("Whenever a creature dies, exile it. When this enters, draw.")
        for rule in item.rules
    ]
    assert len(rules) == len(set(rules))


def test_several_cards_effects_add_the_rules_of_how_they_interact():
    assert oracle.together([{"continuous"}, {"continuous"}])[:3] == ["613.1", "613.7", "613.8"]
    assert oracle.together([{"trigger"}, {"trigger", "continuous"}]) == ["603.3b"]
    assert "614.6" in oracle.together([{"replacement"}, {"trigger"}])
    assert oracle.together([{"continuous", "trigger"}]) == []  # one card alone
    assert oracle.together([{"continuous"}, set()]) == []
    assert oracle.together_words([{"continuous"}, {"continuous"}]) == ["layer", "timestamp", "dependency"]
    assert oracle.together_words([{"continuous", "trigger"}]) == []


# ---- in search: a question whose answer comes only from the card's text ---------------------------


@pytest.fixture(scope="module")
def with_cards(tmp_path_factory) -> KnowledgeBase:
    path = tmp_path_factory.mktemp("oracle-rules") / "kb.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), REAL_CARDS], keep_going=False)
    yield kb
    kb.close()


def top(found, count: int = 3) -> list[str]:
    return [result.number for result in found.results[:count]]


def test_a_question_about_platinum_angel_is_answered_by_what_its_text_says(with_cards):
    found = with_cards.search("Can my opponent still win if I control Platinum Angel?", langs=["en"])
    assert found.expansions["Platinum Angel's text"][:2] == [
        "can't lose the game → 104.3",
        "can't win the game → 104.2",
    ]
    assert {"104.2", "104.3"} <= set(top(found))


def test_an_aura_returned_by_another_card_finds_how_an_aura_enters_without_being_cast(with_cards):
    found = with_cards.search("what happens to my Pacifism if Sun Titan returns it", langs=["en"])
    assert "303.4" in top(found) and "303.4f" in top(found, 5)  # without the card's text: neither in the six
    assert found.expansions["Pacifism's text"] == [
        "Aura → 303.4",
        "can't attack or block → 509.1b",  # a restriction on blocking, then on attacking
        "can't attack → 508.1c",
    ]


def test_a_query_of_nothing_but_a_card_name_adds_no_text_rules(with_cards):
    found = with_cards.search("Platinum Angel", langs=["en"])
    assert found.cards == ["Platinum Angel"]
    assert not any(key.endswith("'s text") for key in found.expansions)


def test_two_cards_whose_continuous_effects_meet_find_the_layers(tmp_path):
    """The issue's own example: Humility (creatures lose all abilities, base 1/1) and Quicksilver
    Dagger (the enchanted creature has an ability) both make continuous effects: how they interact
    is 613 (layers, timestamps, dependency), which neither card's words name."""
    kb = KnowledgeBase.open(tmp_path / "kb.db")
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), MADE_CARDS], keep_going=False)
    found = kb.search("Humility is in play and someone plays Quicksilver Dagger. Which is it?", langs=["en"])
    together = found.expansions["Humility, Quicksilver Dagger together"]
    assert together == ["layer", "timestamp", "dependency", "613.1", "613.7", "613.8"]
    assert {"613.7", "613.8"} & set(top(found, 5))
    assert sum(number.startswith("613.") for number in top(found, 5)) >= 3
    kb.close()


# ---- in the fusion: the cards' text rules are a list of their own ---------------------------------


def test_a_rule_of_the_cards_texts_rises_by_its_place_in_their_list():
    from kb.search.engine import _with_sections

    results = [
        (("newest", number), [score, {("doc", number): score}])
        for number, score in (("702.9b", 10.0), ("810.8a", 9.0), ("104.2a", 8.5), ("801.14", 8.0), ("104.3", 1.0))
    ]
    plain = [key[1] for key, _value in _with_sections(results, [], [])]
    said = [key[1] for key, _value in _with_sections(results, [], [], ["104.3", "101.2"])]
    assert plain.index("104.3") == 4
    assert said.index("104.3") < 3
    assert "101.2" not in said  # the list reorders what the question found; it adds no result itself
    assert [key[1] for key, _value in _with_sections(results, [], [], [])] == plain
