"""A card's name that is also a rules term, or inside one, in a query (kb.search.cards): with a whole card file
imported, "Remove from Combat" holds the card Remove, the German "Todesberührung" (deathtouch) is the printed name
of the card Touch of Death, and "Exil" that of the card Exile; each is the rules' word. Cards made for the test in
MTGJSON's AtomicCards form: real names, types and printed names, shortened texts."""

from __future__ import annotations

import json

import pytest

from kb.api import KnowledgeBase
from tests.conftest import corpus_path

CARDS = {
    "Remove": [{"name": "Remove", "layout": "normal", "type": "Instant", "text": "Return target attacking creature."}],
    "Touch of Death": [
        {
            "name": "Touch of Death",
            "layout": "normal",
            "type": "Sorcery",
            "text": "Touch of Death deals 1 damage to target player. You gain 1 life.\nDraw a card.",
            "foreignData": [{"language": "German", "name": "Todesberührung"}],
        }
    ],
    "Exile": [
        {
            "name": "Exile",
            "layout": "normal",
            "type": "Instant",
            "text": "Exile target nonwhite attacking creature. You gain life equal to its toughness.",
            "foreignData": [{"language": "German", "name": "Exil"}],
        }
    ],
    "Stun": [{"name": "Stun", "layout": "normal", "type": "Instant", "text": "Target creature can't block this turn."}],
}


def _database(folder, cards: dict, texts: list):
    """A database of the rules ``texts`` and the ``cards`` (written as an AtomicCards file)."""
    card_file = folder / "AtomicCards.json"
    card_file.write_text(json.dumps({"meta": {"version": "test"}, "data": cards}), encoding="utf-8")
    kb = KnowledgeBase.open(folder / "terms.db")
    kb.import_paths([*texts, card_file], keep_going=False)
    kb.close()
    return folder / "terms.db"


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    english = corpus_path("en", "full", "MagicCompRules_20260807.txt")
    return _database(tmp_path_factory.mktemp("card-terms"), CARDS, [english])


def numbers(found, top: int) -> list[str]:
    return [result.number for result in found.results[:top]]


def test_a_card_name_inside_a_rules_term_is_the_term(db):
    kb = KnowledgeBase.open(db, readonly=True)
    removed = kb.search("Remove from Combat", langs=["en"])
    assert removed.cards == [] and "506.4" in numbers(removed, 3)
    deathtouch = kb.search("Todesberührung", langs=["en"])
    assert deathtouch.cards == [] and any(n.startswith("702.2") for n in numbers(deathtouch, 3))


def test_the_card_is_still_read_where_no_term_holds_its_name(db):
    kb = KnowledgeBase.open(db, readonly=True)
    assert kb.search("Can I Stun an attacking creature?", langs=["en"]).cards == ["Stun"]
    assert kb.search("can I Remove a blocked creature", langs=["en"]).cards == ["Remove"]


def test_a_card_whose_english_name_is_a_rules_term_is_not_read_from_another_language(db):
    kb = KnowledgeBase.open(db, readonly=True)
    assert kb.search("Was passiert mit einer Kreatur im Exil?", langs=["en"]).cards == []


CJK_CARDS = {
    "Two-Headed Giant": [
        {
            "name": "Two-Headed Giant",
            "layout": "normal",
            "type": "Creature — Ogre Warrior",
            "text": "Whenever Two-Headed Giant attacks, flip two coins.",
            "foreignData": [{"language": "Chinese Simplified", "name": "双头巨人"}],
        }
    ],
    "Intimidation": [
        {
            "name": "Intimidation",
            "layout": "normal",
            "type": "Enchantment",
            "text": "Creatures you control have fear.",
            "foreignData": [{"language": "Japanese", "name": "威嚇"}],
        }
    ],
}


@pytest.fixture(scope="module")
def cjk_db(tmp_path_factory):
    texts = [
        corpus_path("en", "full", "MagicCompRules_20260807.txt"),
        corpus_path("zh", "MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt"),
        corpus_path("ja", "CompRules_ja_20260116.0_lines.txt"),
    ]
    return _database(tmp_path_factory.mktemp("cjk-card-terms"), CJK_CARDS, texts)


def test_a_chinese_or_japanese_name_in_a_sentence_that_a_term_holds_is_the_term(cjk_db):
    kb = KnowledgeBase.open(cjk_db, readonly=True)
    variant = kb.search("双头巨人玩法")  # the Two-Headed Giant variant holds the card's Chinese name
    assert variant.cards == [] and numbers(variant, 1) == ["810"]
    keyword = kb.search("威嚇を持つクリーチャーはどうブロックされる?")  # intimidate, the card Intimidation's name
    assert keyword.cards == [] and "702.13b" in numbers(keyword, 3)
    # the card where no term holds its name, and in brackets whatever the term
    assert kb.search("双头巨人攻击时掷两个硬币吗").cards == ["Two-Headed Giant"]
    assert kb.search("《威嚇》の効果は?").cards == ["Intimidation"]
