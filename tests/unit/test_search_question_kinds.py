"""English questions of the kinds the real questions' tune halves missed (bench/RESULTS.md, "2026-12-07,
issue 41: misses by kind (English)"), each read through a players' words row (data/players_words.tsv) and
answered by its rule over today's English rules. The questions are written here in other words than
the real questions they stand for."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.search import players, rebuild_index, search
from tests.conftest import corpus_path

KINDS = [
    # (question, the rule that answers, a word of what the players' words are searched as)
    ("Do dual lands that enter the battlefield tapped work with Amulet?", "614.12", "replacement"),
    ("My land enters tapped, is that a replacement effect?", "614.12", "replacement"),
    ("Is my opponent forced to use his two untapped creatures to block it?", "509.1c", "requirements"),
    ("Can I fail to find when I search my library for a basic land?", "701.23b", "hidden"),
    ("Who decides the order of the cards put on the bottom of a library?", "401.4", "arrange"),
    ("Is there any difference between damage and life loss?", "120.3a", "lose"),
    ("Does a cost reducer make a face-down spell cheaper?", "708.4", "characteristics"),
    ("If a face-down creature becomes a copy of a dragon, is it face up?", "708.10", "copiable"),
    ("Can I pay for hybrid mana with either colour?", "107.4e", "symbol"),
    ("Does the lifelink of my creature work from the graveyard?", "113.6", "function"),
    ("Would its static ability still work if it wasn't in play?", "113.6", "function"),
    # forms of kinds the table had in other words ("0 toughness", "empty library", "blink")
    ("What if a creature's toughness becomes 0?", "704.5f", "or less"),
    ("What happens when I have to draw with no cards left in my library?", "704.5b", "library with no cards"),
    ("Does the counter stay on it when it's blinked?", "400.7", "new object"),
]


@pytest.mark.parametrize("question, rule, means", KINDS)
def test_a_kind_of_question_is_read_as_the_rules_words_and_names_its_rule(question, rule, means):
    reading = players.read(question, "en")
    assert rule in reading.rules
    assert means in reading.text


def test_parts_apart_hold_only_in_their_order():
    assert "401.4" in players.read("Can I order them when I put cards on the bottom of my library?", "en").rules
    assert "401.4" not in players.read("At the bottom of my library, is there an order?", "en").rules


@pytest.mark.parametrize(
    "question, rule",
    [
        ("In what order do my triggers go on top of the stack?", "401.4"),  # the stack's top, not a library's
        ("Is a creature not on the battlefield a permanent?", "113.6"),  # no ability asked about
        ("Am I forced to attack, or can my creature block?", "509.1c"),  # attacking is what is forced
    ],
)
def test_a_kind_is_not_read_where_its_words_mean_something_else(question, rule):
    assert rule not in players.read(question, "en").rules


def test_a_story_in_which_something_dies_after_blocking_is_not_about_when_state_based_actions_happen():
    """Tried and dropped: "dies after" as 704.3 (when state-based actions are checked) read a story."""
    reading = players.read("one of the tokens dies after blocking, then Nicole casts a spell", "en")
    assert "704.3" not in reading.rules
    assert "700.4" in reading.rules


@pytest.fixture(scope="module")
def rules_db(tmp_path_factory) -> KnowledgeBase:
    kb = KnowledgeBase.open(Path(tmp_path_factory.mktemp("kinds")) / "kb.db", build=False)
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt")], keep_going=False)
    rebuild_index(kb.store)
    yield kb
    kb.close()


@pytest.mark.parametrize("question, rule, _means", KINDS)
def test_a_kind_of_question_finds_its_rule_in_the_first_three(rules_db, question, rule, _means):
    found = search(rules_db.store, question, langs=["en"], limit=10)
    assert rule in [result.number for result in found.results][:3]
