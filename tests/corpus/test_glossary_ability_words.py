"""The glossary lookup and the ability words of rule 207.2c: each is answered as what it is (an ability
word, or the entry of its own name where the glossary has one, as Imprint), never as the near spelling of
another entry (landfall is not Landwalk, rally not Wall, void not Devoid); near spellings of real entries
still find them, and "the X" and "X from Y" forms find X."""

from __future__ import annotations

import re

import pytest

from kb.api import KnowledgeBase
from kb.terms.glossary import fold
from tests.http_fixtures import http_db


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    base = KnowledgeBase.open(http_db(tmp_path_factory), readonly=True)
    yield base
    base.close()


def listed_words(kb: KnowledgeBase) -> list[str]:
    text = kb.rule("207.2c", lang="en").text
    return re.split(r", (?:and )?", re.search(r"The ability words are (.+?)\.?$", text)[1])


def test_every_ability_word_is_answered_as_what_it_is(kb):
    words = listed_words(kb)
    assert len(words) == 61
    for word in words:
        result = kb.glossary(word, lang="en")
        if result.entries:  # the glossary's own entry of that name (an older keyword: Imprint, Threshold)
            assert fold(result.entries[0].term).removesuffix(" (obsolete)") == fold(word) and result.matched == "name"
        else:
            assert result.ability_word == "207.2c" and result.to_dict()["ability_word"] == "207.2c", word


@pytest.mark.parametrize("word", ["landfall", "rally", "void", "valiant", "converge", "Council's dilemma"])
def test_the_reported_ones(kb, word):
    result = kb.glossary(word, lang="en")
    assert result.entries == [] and result.ability_word == "207.2c" and result.did_you_mean is None


@pytest.mark.parametrize(
    "typed, entry", [("adsorb", "Absorb"), ("deaftouch", "Deathtouch"), ("Phasign", "Phasing"), ("define", None)]
)
def test_near_spellings_of_entries_still_find_them(kb, typed, entry):
    result = kb.glossary(typed, lang="en")
    assert (result.entries[0].term if result.entries else None) == entry


def test_a_near_spelling_must_be_near_enough(kb):
    for typed in ("landfal", "cohorts", "sweeps"):  # 0.75 or less from Landwalk, Color, Steps
        result = kb.glossary(typed, lang="en")
        assert result.matched != "near", (typed, result.did_you_mean)


@pytest.mark.parametrize(
    "typed, entry",
    [
        ("the stack", "Stack"),
        ("protection from red", "Protection"),
        ("hexproof from white", "Hexproof"),
        ("The Monarch", "Monarch"),
        ("the battlefield", "Battlefield"),
    ],
)
def test_the_article_and_the_quality_are_read_past(kb, typed, entry):
    assert kb.glossary(typed, lang="en").entries[0].term == entry
