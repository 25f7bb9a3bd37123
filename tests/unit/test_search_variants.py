"""The multiplayer and casual variants' rules below the core rules for a question that names no
variant (kb.search.variants, kb.search.engine._variants_below), over a small rules text written here
in the layout of the CR: a two-player question about an opponent is answered by the core rules; the
same question "in Commander" keeps the Commander rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.search import engine, rebuild_index, search, variants
from kb.search.cards import set_apart

# Read as the CR (kb.importers.cr_text) when it has 20 numbered rules or more: 100.2-100.9 are there for that.
RULES = """Magic: The Gathering Comprehensive Rules

These rules are effective as of August 7, 2026.

Contents

1. Game Concepts
7. Additional Rules
8. Multiplayer Rules
9. Casual Variants
Glossary
Credits

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game with two or more players.

100.2. General rule 2 of this small document.

100.3. General rule 3 of this small document.

100.4. General rule 4 of this small document.

100.5. General rule 5 of this small document.

100.6. General rule 6 of this small document.

100.7. General rule 7 of this small document.

100.8. General rule 8 of this small document.

100.9. General rule 9 of this small document.

102. Players

102.1. A player is one of the people in the game. The active player is the player whose turn it is.

102.2. In a two-player game, a player's opponent is the other player.

7. Additional Rules

723. Controlling Another Player

723.1. Some cards allow a player to control another player during that player's next turn.

723.2. The controlling player makes all choices and decisions the controlled player is allowed to make.

8. Multiplayer Rules

800. General

800.1. A multiplayer game is a game that begins with more than two players.

800.2. In a multiplayer game, a player's opponents are the players on other teams.

807. Grand Melee Variant

807.1. The Grand Melee variant is a multiplayer game of ten or more players.

807.4. Turn markers show whose turn it is.

807.4j. If an opponent would take an extra turn after their next turn while you control their next turn, that extra turn is not yours to control.

810. Two-Headed Giant Variant

810.1. Two-Headed Giant is a multiplayer variant played by teams of two.

9. Casual Variants

900. General

900.1. The casual variants are played by groups of friends.

903. Commander

903.1. In the Commander variant, each deck is led by a legendary creature called its commander.

903.14. A player who controls an opponent's next turn in a Commander game also controls that opponent's extra turn after their next turn.

Glossary

Commander Tax
The additional cost a player pays to cast a commander from the command zone. See rule 903.1.

General
An emperor's team's general. See rule 807.1.

Planar Die
A six-sided die used in the Planechase variant. See rule 810.1.

Turn
A player's turn. See rule 102.1 and rule 807.4.

Credits

Magic: The Gathering was designed by Richard Garfield.
"""

QUESTION = "Can I control my opponent's next turn and their extra turn?"


@pytest.fixture
def kb(tmp_path: Path):
    path = tmp_path / "MagicCompRules_20260807.txt"
    path.write_text(RULES, encoding="utf-8")
    opened = KnowledgeBase.open(tmp_path / "kb.db")  # a search reads the index beside a database file
    opened.import_file(path)
    rebuild_index(opened.store)
    yield opened
    opened.close()


def numbers(kb, query: str) -> list[str]:
    return [result.number for result in search(kb, query).results]


def test_a_two_player_question_about_an_opponent_ranks_the_core_rule_above_the_variants(kb, monkeypatch):
    monkeypatch.setattr(engine, "VARIANT_SHARE", 1.0)  # the ranking before: the variants' words win
    before = numbers(kb, QUESTION)
    assert before.index("807.4j") < before.index("723.1")
    monkeypatch.undo()
    after = numbers(kb, QUESTION)
    assert after[0] == "723.1"
    named = variants.names(kb, [doc["id"] for doc in kb.store.cache.documents()])
    assert all(after.index(n) > after.index("723.1") for n in after if named.variant_rule(n))
    assert "807.4j" in after  # below, not gone


def test_the_general_rules_of_the_chapters_are_no_variants_rules(kb):
    named = variants.names(kb, [doc["id"] for doc in kb.store.cache.documents()])
    assert named.sections == {"807", "810", "903"}  # "General" heads 800 and 900
    assert named.variant_rule("807.4j") and named.variant_rule("903")
    assert not named.variant_rule("800.1") and not named.variant_rule("900.1") and not named.variant_rule("723.1")


@pytest.mark.parametrize("where", ["In Commander, ", "In EDH, "])  # a section's title; players' words of 903
def test_the_same_question_in_commander_keeps_the_commander_rules(kb, monkeypatch, where):
    question = where + QUESTION[0].lower() + QUESTION[1:]
    found = numbers(kb, question)
    assert found[0].startswith("903.")
    assert found.index("903.14") < found.index("723.1")
    monkeypatch.setattr(engine, "VARIANT_SHARE", 1.0)
    assert numbers(kb, question) == found  # kept where they were


def test_a_question_narrowed_to_a_section_keeps_its_order(kb, monkeypatch):
    narrowed = [result.number for result in search(kb, QUESTION, section="8").results]
    monkeypatch.setattr(engine, "VARIANT_SHARE", 1.0)
    assert [result.number for result in search(kb, QUESTION, section="8").results] == narrowed
    assert narrowed[0] == "807.4j"


def test_a_query_in_the_query_language_is_left_as_it_is(kb):
    assert numbers(kb, '"next turn"')[0] == "807.4j"  # a phrase is no question: rule order, as written


@pytest.mark.parametrize(
    "question, named",
    [
        ("In commander, what happens to my commander's counters?", True),  # section title 903
        ("Do teams share a life total?", True),  # "team", the multiplayer game's word, as a plural
        ("my two-headed giant partner attacks", True),  # 810's title less "Variant", which ends two titles
        ("in edh can I do this", True),  # players' words whose rules are all 903
        ("in 2HG, who loses?", True),  # players' words of 810
        ("how much is my commander tax", True),  # a glossary term whose rules are all in chapter 9
        ("when do I roll the planar die", True),
        ("in general, can my opponent respond?", False),  # "General" titles 100 as well as 800 and 900
        ("what is the turn order?", False),  # "Turn" points to a core rule too
        ("is it free to cast this?", False),  # no variant is called "free"
        ("Can I control my opponent's next turn?", False),
    ],
)
def test_what_names_a_variant_comes_from_the_rules_titles_the_glossary_and_the_players_words(kb, question, named):
    found = variants.names(kb, [doc["id"] for doc in kb.store.cache.documents()])
    assert found.named_in(question) is named


def test_the_variants_rules_are_those_of_chapters_8_and_9():
    assert all(map(variants.is_variant_rule, ["8", "9", "800", "807.4j", "903.14", "999.1"]))
    assert not any(map(variants.is_variant_rule, ["7", "723.1", "100.1a", "80", "8000", "702.8a"]))


@pytest.mark.parametrize(
    "title, ending",
    [
        ("Two-Headed Giant Variant", "Variant"),
        ("Commander", ""),
        ("統率者戦", "戦"),  # Japanese "Commander game": a question says 統率者
        ("「双頭巨人戦」変種ルール", ""),  # its quoted name is what names it
        ("総則", ""),
    ],
)
def test_the_ending_a_title_may_share_with_others_is_its_last_word_or_character(title, ending):
    assert variants._ending(title) == ending


# Real cards whose names hold a variant's words (tests/data/cards/README.md).
VARIANT_WORD_CARDS = Path(__file__).parents[1] / "data" / "cards" / "scryfall-2019-variant-words-in-names.json"


@pytest.fixture
def kb_with_cards(kb):
    kb.import_cards(VARIANT_WORD_CARDS)
    yield kb


@pytest.mark.parametrize(
    "question, named",
    [
        ("Can I sacrifice Commander's Sphere to draw a card on my opponent's next turn?", False),
        ("Two-Headed Giant attacks: does my opponent's next turn change?", False),
        ("In Commander, can I sacrifice Commander's Sphere?", True),  # the variant named beside the card
        ("my two-headed giant partner attacks", True),  # in lower case, as the rules write it: the variant
    ],
)
def test_a_card_whose_name_holds_a_variants_word_does_not_name_the_variant(kb_with_cards, question, named):
    found = variants.names(kb_with_cards, [doc["id"] for doc in kb_with_cards.store.cache.documents()])
    indexed = engine._indexed(engine.index.postings(kb_with_cards.store), engine.lexicon(kb_with_cards.store))
    assert found.named_in(question)  # the raw text holds the variant's words
    assert found.named_in(set_apart(kb_with_cards.store, question, indexed).unnamed) is named


def test_a_question_naming_commanders_sphere_ranks_the_core_rule_above_the_commander_rules(kb_with_cards):
    found = numbers(kb_with_cards, "Commander's Sphere: can I control my opponent's next turn and their extra turn?")
    assert "903.14" in found and "723.1" in found
    assert found.index("723.1") < found.index("903.14")
