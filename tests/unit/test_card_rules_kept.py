"""The rules of what a named card's text says reach the fusion however many texts a long question
matches: they are kept among the candidates (kb.search.engine._group), not cut with the weakly
matched texts before the fusion could place them.

The question is real (tests/data/search_questions_real_round6.tsv, r6046: Cranial Insertion, article
2940); the cards are real Scryfall objects (tests/data/cards/README.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.search.engine import CANDIDATES
from tests.conftest import ROOT, corpus_path

REAL_CARDS = ROOT / "tests" / "data" / "cards" / "scryfall-2019-named-in-real-questions.json"
QUESTION = (
    "I have an Experimental Frenzy in play, and the top card of my library is Sacred Foundry. If I play the "
    "Foundry, do I get to see the next card down before I decide whether or not to pay 2 life?"
)


@pytest.fixture(scope="module")
def cards_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("card-rules-kept") / "cards.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), REAL_CARDS], keep_going=False)
    kb.close()
    return path


def test_a_long_question_keeps_the_rules_its_cards_texts_say(cards_db):
    kb = KnowledgeBase.open(cards_db, readonly=True)
    try:
        found = kb.search(QUESTION, limit=200)
    finally:
        kb.close()
    numbers = [result.number for result in found.results]
    said = found.expansions.get("Sacred Foundry's text", [])
    assert any("614.1c" in item for item in said)  # the card's "As Sacred Foundry enters" was read
    assert found.matched > 10 * CANDIDATES  # the question matched far more texts than the fusion's candidates
    assert {"614.1c", "614.1d", "614.12"} <= set(numbers)
