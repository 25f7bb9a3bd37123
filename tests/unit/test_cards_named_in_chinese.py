"""Cards named in Chinese (issue 41): the real MTGJSON printings of the cards the Chinese real questions
name, with their Simplified and Traditional Chinese names in `foreignData`
(tests/data/cards/mtgjson-2019-named-in-zh-questions.json; origin in tests/data/cards/README.md), and
short quotes of those questions: each name is found as the card, in Traditional or Simplified
characters, in brackets or run into the sentence, and the search reads the card, not the words of its
name (不死斯奎 is Squee, the Immortal, not 不死 "undying")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.importers.cards import read_cards
from kb.search.cards import mentioned_cards
from tests.conftest import ROOT, corpus_path

ZH_CARDS = ROOT / "tests" / "data" / "cards" / "mtgjson-2019-named-in-zh-questions.json"
CHINESE_RULES = ("zh", "MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt")


@pytest.fixture(scope="module")
def zh_db(tmp_path_factory) -> Path:
    """Today's English and Simplified Chinese rules (a card's terms are linked to the English rules)
    and the real sample."""
    path = tmp_path_factory.mktemp("cards-named-in-chinese") / "zh.db"
    kb = KnowledgeBase.open(path)
    english = corpus_path("en", "full", "MagicCompRules_20260807.txt")
    kb.import_paths([english, corpus_path(*CHINESE_RULES), ZH_CARDS], keep_going=False)
    kb.close()
    return path


def named(kb: KnowledgeBase, question: str) -> list[tuple[str, str]]:
    return [(m.name, question[m.start : m.end]) for m in mentioned_cards(kb.store, question)]


def test_the_sample_is_real_mtgjson_printings_with_both_chinese_names():
    data = json.loads(ZH_CARDS.read_text(encoding="utf-8"))
    cards = data["data"]["cards"]
    assert len(cards) == 85
    assert all(card.get("uuid") and card.get("scryfallOracleId") for card in cards)  # printings, unchanged
    records = {record.name: record for record in read_cards(ZH_CARDS)}
    assert len(records) == 85
    assert ("zh-Hant", "不死斯奎") in records["Squee, the Immortal"].names
    assert ("zh", "不死斯奎") in records["Squee, the Immortal"].names
    assert ("zh", "徘徊灵魂") in records["Lingering Souls"].names
    assert ("zh-Hant", "仿生妖") in records["Clone"].names
    assert [name for lang, name in records["Blood Moon"].names if lang.startswith("zh")] == [
        "腥红之月"
    ]  # Simplified only
    assert "from your graveyard or from exile" in records["Squee, the Immortal"].oracle_text


@pytest.mark.parametrize(
    "question, expected",
    [
        # round 6, r6031 (Traditional, run into the sentence; said twice)
        (
            "假若對手的依夏蘭的束縛放逐了我的不死斯奎，那我還能從放逐區施放不死斯奎嗎?",
            [
                ("Ixalan's Binding", "依夏蘭的束縛"),
                ("Squee, the Immortal", "不死斯奎"),
                ("Squee, the Immortal", "不死斯奎"),
            ],
        ),
        # round 6, r6033 (Simplified)
        (
            "我返照施放徘徊灵魂,但是我的对手响应施放镇咒灵放逐了它。",
            [("Lingering Souls", "徘徊灵魂"), ("Spell Queller", "镇咒灵")],
        ),
        # round 6, r6010: Traditional 腥紅之月 against the file's Simplified 腥红之月 only
        (
            "因達沙群系在場上有腥紅之月的情況下，又被貼附了海域蔓延",
            [("Blood Moon", "腥紅之月"), ("Spreading Seas", "海域蔓延")],
        ),
        # round 3, r3046: a name of two characters (逮捕, Arrest) is a card when set in brackets
        (
            "如果我操控<鉻銅林王侯>而把我其中一張地變成生物,那當這張地被我的對手<逮捕>的時候",
            [("Liege of the Tangle", "<鉻銅林王侯>"), ("Arrest", "<逮捕>")],
        ),
        # round 3, r3045 (Traditional, in ASCII angle brackets)
        ("我用<重獲自由的卡恩>放逐了", [("Karn Liberated", "<重獲自由的卡恩>")]),
        # the world set, rw036 (Traditional, two names in one sentence)
        (
            "如果我透過奇跡來施放厄亡者葬火,那麼願景齊現的異能會觸發嗎?",
            [("Bonfire of the Damned", "厄亡者葬火"), ("Possibility Storm", "願景齊現")],
        ),
        # round 4, r4039 (Simplified, two names with nothing between them)
        (
            "你能突发衰败飞升尼可波拉斯吗?",
            [("Abrupt Decay", "突发衰败"), ("Nicol Bolas, the Arisen", "飞升尼可波拉斯")],
        ),
    ],
)
def test_a_chinese_name_in_a_real_question_is_the_card(zh_db, question, expected):
    kb = KnowledgeBase.open(zh_db, readonly=True)
    assert named(kb, question) == expected


def test_a_name_that_starts_with_a_keyword_is_the_card_not_the_keyword(zh_db):
    """不死 is undying (702.93); before the card's Chinese name was held, 不死斯奎 was searched as Undying."""
    kb = KnowledgeBase.open(zh_db, readonly=True)
    found = kb.search("假若對手的依夏蘭的束縛放逐了我的不死斯奎，那我還能從放逐區施放不死斯奎嗎?")
    assert "Squee, the Immortal" in found.cards
    assert not any("Undying" in terms for terms in found.expansions.values())
    assert any(word.startswith("Squee, the Immortal") for word in found.expansions)  # its text joins the search
