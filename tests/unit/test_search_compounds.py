"""German compounds read as their parts (kb.search.compounds): a question's compound the dictionary does not know
is cut where both sides are names it knows. The words are written for these tests."""

from __future__ import annotations

import pytest

from kb.search import search
from kb.search.compounds import compound_parts
from tests.unit.test_search_question_kinds import rules_db  # noqa: F401  (English rules, indexed)

KNOWN = {"spielstein", "kreaturen", "kreatur", "friedhof", "karte", "kampf", "schaden", "spielsteinkreatur"}


def _knows(text: str) -> bool:
    return text.lower() in KNOWN


@pytest.mark.parametrize(
    "word, parts",
    [
        ("Spielsteinkreaturen", ("Spielstein", "kreaturen")),
        ("Friedhofskarte", ("Friedhof", "karte")),  # the linking s
        ("Kreaturenkarte", ("Kreatur", "karte")),  # the linking en; the head found without it
        ("Kampfschaden", ("Kampf", "schaden")),
    ],
)
def test_a_compound_of_two_known_names_is_cut_between_them(word, parts):
    head_end, tail_start = compound_parts(word, _knows)
    assert (word[:head_end], word[tail_start:]) == parts


@pytest.mark.parametrize(
    "word",
    [
        "Spielsteinkreatur",  # known whole
        "Kampfzone",  # the tail unknown
        "Zugkarte",  # a head shorter than four letters
        "Friedhof",  # too short to be two names
    ],
)
def test_a_word_known_whole_or_not_made_of_two_names_is_left_whole(word):
    assert compound_parts(word, _knows) is None


def test_a_german_question_with_a_compound_is_searched_as_both_terms(rules_db):  # noqa: F811
    found = search(rules_db.store, "Was passiert mit Spielsteinkreaturen im Friedhof?", limit=10)
    assert found.expansions.get("Spielstein") == ["Token"] and found.expansions.get("kreaturen") == ["Creature"]
    # an English question's words are never cut: "Battlefield" stays one word
    found = search(rules_db.store, "what is a battlefield", limit=10)
    assert "Battle" not in found.expansions
