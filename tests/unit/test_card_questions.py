"""Questions that name a card: the card set apart on the raw text, the rest read as a question, both
applied (kb.search.engine._read), on cards made for the test (tests/data/cards/README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.search.cards import set_apart
from tests.conftest import ROOT, corpus_path

MADE = ROOT / "tests" / "data" / "cards" / "made-known-cards.json"


@pytest.fixture(scope="module")
def made_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("card-questions") / "made.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), MADE], keep_going=False)
    kb.close()
    return path


def numbers(found, top: int) -> list[str]:
    return [result.number for result in found.results[:top]]


def test_the_cards_are_set_apart_from_the_rest_of_the_question(made_db):
    kb = KnowledgeBase.open(made_db, readonly=True)
    apart = set_apart(kb.store, "Humility is in play and someone plays Quicksilver Dagger. Which is it?")
    assert apart.rest == "is in play and someone plays . Which is it?"
    assert list(apart.named) == ["Humility", "Quicksilver Dagger"]
    assert "Enchant" in apart.named["Quicksilver Dagger"] and "(Enchant OR" in apart.terms
    assert apart.rules == ["702.5a"]  # Enchant, the one keyword of the two
    plain = set_apart(kb.store, "what does haste do")
    assert (plain.rest, plain.terms, plain.named, plain.rules) == ("what does haste do", "", {}, [])


def test_a_question_naming_a_card_is_read_as_a_question_and_as_the_card(made_db):
    kb = KnowledgeBase.open(made_db, readonly=True)
    found = kb.search("what happens if my creature with Lightning Greaves dies", langs=["en"])
    assert found.expansions["dies"] == ["put into a graveyard from the battlefield"]  # the players' words
    assert found.expansions["Lightning Greaves"] == ["Haste", "Shroud", "Equip"]  # and the card's terms
    assert found.cards == ["Lightning Greaves"]
    top = numbers(found, 3)
    assert top[0] == "700.4" and "702.10b" in top and "702.18a" in top


def test_a_card_with_flying_and_haste_asked_about_finds_both_keywords(made_db):
    kb = KnowledgeBase.open(made_db, readonly=True)
    found = kb.search("can Stormbreath Dragon attack the turn it is cast", langs=["en"])
    assert found.expansions["Stormbreath Dragon"] == ["Flying", "Haste", "Protection"]
    assert {"702.9b", "702.10b"} <= set(numbers(found, 3))


def test_a_query_in_the_query_language_keeps_the_card_in_place(made_db):
    kb = KnowledgeBase.open(made_db, readonly=True)
    found = kb.search('Stormbreath Dragon AND "protection from"', langs=["en"])
    assert found.cards == ["Stormbreath Dragon"]
    assert numbers(found, 1) and numbers(found, 1)[0].startswith("702.16")
