"""Real Scryfall card objects of the cards the real questions name (tests/data/cards/README.md:
scryfall-2019-named-in-real-questions.json): imported, found in questions, and the names that are
not cards in a question left alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.search.cards import mentioned_cards
from tests.conftest import ROOT, corpus_path

SAMPLE = ROOT / "tests" / "data" / "cards" / "scryfall-2019-named-in-real-questions.json"


@pytest.fixture(scope="module")
def real_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("real-cards") / "real.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), SAMPLE], keep_going=False)
    kb.close()
    return path


def test_every_card_of_the_sample_is_imported_with_its_oracle_text(real_db):
    cards = json.loads(SAMPLE.read_text(encoding="utf-8"))
    kb = KnowledgeBase.open(real_db, readonly=True)
    held = dict(kb.conn.execute("select name, oracle_text from cards"))
    assert len(held) == len(cards) == 109
    angel = next(card for card in cards if card["name"] == "Platinum Angel")
    assert held["Platinum Angel"] == angel["oracle_text"]
    assert "can't lose the game" in held["Platinum Angel"]


def test_the_cards_a_judges_question_names_are_found_with_their_keywords(real_db):
    kb = KnowledgeBase.open(real_db, readonly=True)
    found = mentioned_cards(kb.store, "Amy equips Lightning Greaves to her Raging Goblin. Can it attack?")
    assert [m.name for m in found] == ["Lightning Greaves", "Raging Goblin"]
    assert {"Haste", "Shroud"} <= set(found[0].terms)
    assert "702.10b" in found[0].rules and "702.10b" in found[1].rules


def test_common_words_that_name_a_card_face_are_not_cards_in_a_question(real_db):
    kb = KnowledgeBase.open(real_db, readonly=True)
    held = {name for (name,) in kb.conn.execute("select name from card_names")}
    assert {"What", "When", "Who", "X"} <= held  # faces of "Who // What // When // Where // Why", and "X"
    question = "What happens when Amy casts Lightning Bolt for X? Who chooses?"
    assert [m.name for m in mentioned_cards(kb.store, question)] == ["Lightning Bolt"]
    assert mentioned_cards(kb.store, "What") == []  # typed alone too: a question word is no card's name
    whole = mentioned_cards(kb.store, "Who // What // When // Where // Why")  # the whole name is
    assert [m.name for m in whole] == ["Who // What // When // Where // Why"]


def test_a_token_is_not_a_card_a_question_names(real_db):
    kb = KnowledgeBase.open(real_db, readonly=True)
    layout = kb.conn.execute("select layout from cards where name = 'Elemental'").fetchone()
    assert layout == ("token",)
    found = mentioned_cards(kb.store, "Does an Elemental token with haste keep it? Amy casts Fiery Temper.")
    assert [m.name for m in found] == ["Fiery Temper"]


def test_a_cards_own_name_in_its_text_is_not_one_of_its_terms(real_db):
    kb = KnowledgeBase.open(real_db, readonly=True)
    rhino, elenda = mentioned_cards(kb.store, "Amy casts Siege Rhino, then Elenda, the Dusk Rose. Who wins?")
    text = kb.conn.execute("select oracle_text from cards where name = 'Siege Rhino'").fetchone()[0]
    assert "When Siege Rhino enters" in text  # "Siege" is a glossary term (a battle's subtype) ...
    assert "Siege" not in rhino.terms  # ... but here only the card's name
    assert rhino.terms[0] == "Trample"
    assert "Lifelink" in elenda.terms


def test_words_that_begin_a_cards_name_are_not_a_near_spelling_of_it(real_db):
    kb = KnowledgeBase.open(real_db, readonly=True)
    assert kb.conn.execute("select 1 from cards where name = 'Spell Counter'").fetchone()
    assert mentioned_cards(kb.store, "does a copied spell count as casting a spell") == []
    near = mentioned_cards(kb.store, "does Platinum Angle stop me from losing?")
    assert [m.name for m in near] == ["Platinum Angel"]  # a letter swapped is still a near spelling


def test_a_lower_case_name_the_rules_write_is_their_words_not_the_card(real_db):
    kb = KnowledgeBase.open(real_db, readonly=True)
    assert kb.search("Does Platinum Angel stop me from losing?", langs=["en"]).cards == ["Platinum Angel"]
    # only the rules' examples write "Platinum Angel" (810.8a): typed in lower case it is still the card
    assert kb.search("does platinum angel stop me from losing?", langs=["en"]).cards == ["Platinum Angel"]
    # no rule writes "lightning greaves": in lower case it is still the card
    assert kb.search("what happens when my creature with lightning greaves dies", langs=["en"]).cards == [
        "Lightning Greaves"
    ]
