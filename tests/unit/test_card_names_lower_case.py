"""A card's name written all in lower case in a question is the card unless the rules themselves
write those words: "platinum angel" is the card (the rules name it only in an example of 810.8a, and the
index holds the examples too), "two-headed giant" is the variant (810.1 writes it). Real cards
(tests/data/cards/README.md), English rules of 2026-08-07."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.search import engine, search
from kb.search.cards import mentioned_cards
from tests.conftest import ROOT, corpus_path

CARDS = ROOT / "tests" / "data" / "cards"


def opened(folder: Path, cards: str) -> KnowledgeBase:
    kb = KnowledgeBase.open(folder / "kb.db")
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), CARDS / cards], keep_going=False)
    return kb


@pytest.fixture(scope="module")
def real(tmp_path_factory):
    kb = opened(tmp_path_factory.mktemp("lower-real"), "scryfall-2019-named-in-real-questions.json")
    yield kb
    kb.close()


@pytest.fixture(scope="module")
def giant(tmp_path_factory):
    kb = opened(tmp_path_factory.mktemp("lower-giant"), "scryfall-2019-variant-words-in-names.json")
    yield kb
    kb.close()


def named(kb, question: str) -> list[str]:
    indexed = engine._indexed(engine.index.postings(kb.store), engine.lexicon(kb.store))
    return [mention.name for mention in mentioned_cards(kb.store, question, indexed)]


def test_a_card_the_rules_name_only_in_an_example_is_the_card_in_lower_case(real):
    rule = real.rule("810.8a")
    assert "Platinum Angel" in " ".join(rule.examples) and "Platinum Angel" not in rule.text  # in an example
    assert named(real, "does platinum angel work in two-headed giant") == ["Platinum Angel"]
    assert "Platinum Angel" in search(real, "does platinum angel stop me from losing").cards


def test_words_the_rules_write_stay_the_rules_words(real, giant):
    assert named(real, "does lightning bolt count") == []  # 107.10: "a lightning bolt" is the instant's icon
    assert named(giant, "my two-headed giant partner attacks") == []  # 810.1
    assert named(giant, "my two headed giant partner attacks") == []  # with a space for the hyphen
    assert named(giant, "Two-Headed Giant attacks alone") == ["Two-Headed Giant"]  # capitalised: the card
