"""The kinds of wording that the table of what a card's text says (data/oracle_rules.tsv) reads beyond
its first rows: layouts told by their wording (transforming, split, flip), cost symbols (Phyrexian,
hybrid), combat restrictions and requirements, copies of spells, counters, costs changed, choices
of names, emblems. Each on real card texts of tests/data/cards (Scryfall's objects of 2019 and
MTGJSON's own test output), read as the import stores them."""

from __future__ import annotations

import json

import pytest

from kb.api import KnowledgeBase
from kb.cards import oracle
from tests.conftest import ROOT, corpus_path

CARDS = ROOT / "tests" / "data" / "cards"
REAL_CARDS = CARDS / "scryfall-2019-named-in-real-questions.json"
VARIANT_WORDS = CARDS / "scryfall-2019-variant-words-in-names.json"  # Two-Headed Giant, Commander's Sphere
MTGJSON = CARDS / "mtgjson-atomic-golden.json"  # Wear // Tear, a split card


@pytest.fixture(scope="module")
def cards() -> dict[str, dict]:
    found: dict[str, dict] = {}
    for path in (REAL_CARDS, VARIANT_WORDS):
        found.update({card["name"]: card for card in json.loads(path.read_text(encoding="utf-8"))})
    return found


def said_of(card: dict) -> list[oracle.Said]:
    """What the table says of a Scryfall card object, its faces joined as the import joins them."""
    faces = card.get("card_faces") or []
    text = card.get("oracle_text") or "\n//\n".join(face.get("oracle_text") or "" for face in faces)
    cost = card.get("mana_cost") or " // ".join(face["mana_cost"] for face in faces if face.get("mana_cost"))
    return oracle.said(text, card.get("type_line") or "", cost)


def rules_of(card: dict) -> list[str]:
    return [rule for item in said_of(card) for rule in item.rules]


def said_rules(card: dict, words: str) -> tuple[str, ...]:
    """The rules of the wording of ``card`` that is ``words``, else the first that begins with them."""
    said = said_of(card)
    matched = [item for item in said if item.words.lower() == words.lower()]
    matched = matched or [item for item in said if item.words.lower().startswith(words.lower())]
    assert matched, f"{card['name']}: nothing said for {words!r}; said {[item.words for item in said_of(card)]}"
    return matched[0].rules


# ---- layouts, by their wording ---------------------------------------------------------------------


def test_a_transforming_card_says_the_characteristics_of_the_face_up(cards):
    bolas = cards["Nicol Bolas, the Ravager // Nicol Bolas, the Arisen"]  # "... return him ... transformed"
    assert bolas["layout"] == "transform"
    assert said_rules(bolas, "transformed") == ("712.8e", "712.8", "701.27a")
    jace = cards["Jace, Vryn's Prodigy // Jace, Telepath Unbound"]
    # "... exile Jace, Vryn's Prodigy, then return him to the battlefield transformed ..."
    assert said_rules(jace, "transformed") == ("712.8e", "712.8", "701.27a")
    assert "712.8e" not in rules_of(cards["Platinum Angel"])


def test_a_split_card_is_told_by_its_type_line_of_two_halves(tmp_path):
    kb = KnowledgeBase.open(tmp_path / "kb.db", build=False)
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), MTGJSON], keep_going=False)
    wear = kb.card("Wear // Tear")
    said = [item for item in wear.says if item.field == "type"]
    assert [rule.rule for rule in said[0].rules] == ["709.3", "709.4b"]
    assert wear.type_line[said[0].start : said[0].end].startswith("Instant")
    bolt = kb.card("Lightning Bolt")  # one face, "Instant": no split card
    assert not any(rule.rule == "709.3" for item in bolt.says for rule in item.rules)
    kb.close()


def test_a_coin_flip_is_no_flip_card(cards):
    giant = cards["Two-Headed Giant"]  # "... flip two coins. If both coins come up heads, ..."
    assert said_rules(giant, "flip two coins") == ("705.1", "705.2")
    assert "710.2" not in rules_of(giant)


# ---- costs --------------------------------------------------------------------------------------------


def test_a_phyrexian_cost_is_read_from_the_mana_cost(cards):
    growth = cards["Mutagenic Growth"]  # {G/P}
    assert said_rules(growth, "{G/P}") == ("107.4f", "202.3g")
    assert "107.4e" not in rules_of(growth)  # a Phyrexian symbol is no hybrid one


def test_costs_changed_paid_or_counted(cards):
    assert said_rules(cards["Emrakul, the Promised End"], "costs {1} less") == ("601.2f", "118.7")
    charm = cards["Izzet Charm"]  # "Counter target noncreature spell unless its controller pays {2}."
    assert said_rules(charm, "unless its controller pays") == ("118.12a",)
    assert said_rules(charm, "Counter target noncreature spell") == ("701.6a", "701.6b")
    assert said_rules(cards["Abrupt Decay"], "converted mana cost") == ("202.3",)  # the wording before 2021
    assert said_rules(cards["As Foretold"], "where X is") == ("107.3c",)


def test_a_tap_ability_and_a_restricted_activation(cards):
    factory = cards["Mishra's Factory"]  # "{T}: Add {C}." and becomes a creature
    assert said_rules(factory, "{T}") == ("602.5a", "302.6")
    assert said_rules(cards["Firemane Angel"], "Activate this ability only") == ("602.5b",)


# ---- combat, copies, counters, names, emblems ------------------------------------------------------


def test_restrictions_and_requirements_of_attacking_and_blocking(cards):
    pacifism = cards["Pacifism"]  # "Enchanted creature can't attack or block."
    assert said_rules(pacifism, "can't attack or block") == ("509.1b",)
    assert said_rules(pacifism, "can't attack") == ("508.1c",)
    assert said_rules(cards["Merciless Javelineer"], "can't block") == ("509.1b",)
    assert said_rules(cards["Lure"], "able to block") == ("509.1c",)  # "All creatures able to block ... do so."
    assert "509.1c" not in rules_of(pacifism)


def test_a_copy_of_a_spell_says_it_ceases_to_exist_outside_the_stack(cards):
    assert said_rules(cards["Fork"], "Copy target instant or sorcery spell") == ("707.10", "704.5e", "707.10c")


def test_counters_distributed_and_an_emblem(cards):
    gearhulk = cards["Verdurous Gearhulk"]  # "distribute four +1/+1 counters among any number of target creatures"
    assert said_rules(gearhulk, "distribute") == ("601.2d",)
    assert said_rules(gearhulk, "+1/+1 counters") == ("122.1a", "704.5q")
    assert said_rules(cards["Elspeth, Sun's Champion"], "emblem") == ("114.1", "114.4")
    # "gets +1/+1" is a power change in layer 7c, not a counter
    assert "122.1a" not in rules_of(cards["Platinum Angel"])


def test_most_real_cards_say_something(cards):
    """Of the 109 real cards of the questions, the table said something of 78 before the kinds
    counted over every card of 2019 were added (bench/RESULTS.md, "card wording by kind"), of 82 after."""
    real = json.loads(REAL_CARDS.read_text(encoding="utf-8"))
    assert len(real) == 109
    saying = sum(bool(said_of(card)) for card in real)
    assert saying >= 82


# ---- in search ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def with_cards(tmp_path_factory) -> KnowledgeBase:
    path = tmp_path_factory.mktemp("oracle-kinds") / "kb.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), REAL_CARDS], keep_going=False)
    yield kb
    kb.close()


def test_a_question_about_a_copied_spell_finds_that_the_copy_ceases_to_exist(with_cards):
    found = with_cards.search("If I Fork a spell, what happens to the copy?", langs=["en"])
    assert "Copy target instant or sorcery spell → 707.10" in found.expansions["Fork's text"]
    assert "704.5e" in [result.number for result in found.results[:5]]


def test_a_question_about_distributing_counters_finds_the_division_as_cast(with_cards):
    found = with_cards.search("How do I divide the counters of Verdurous Gearhulk?", langs=["en"])
    assert [result.number for result in found.results[:1]] == ["601.2d"]
