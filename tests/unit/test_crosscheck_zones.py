"""A zone the original names that the translation leaves out (kb.crosscheck.zones): judged by what the ways the
document writes it share, on rules written as the Chinese translation writes the hand (手牌, 手上, 手中; 702.185a of
its state of 2025-07-25, which lost "from your hand")."""

from __future__ import annotations

from kb.crosscheck.qa import terminology
from kb.crosscheck.termbase import TermBase
from kb.crosscheck.texts import DocText, RuleText
from kb.crosscheck.zones import missing_zones
from kb.terms import TermDictionary, TermName
from kb.terms.names import english_key
from kb.terms.vocabulary import GLOSSARY, ZONE, CrTerm

_TERMS = {"hand": ("手牌", ZONE), "player": ("牌手", GLOSSARY)}
# the ways the document writes "hand": none of them in enough rules for the terminology check to judge by it; every
# one holds 牌 ("card") too, as every rule about cards does
_WAYS = [
    ("将此牌从你手上放逐。", "Exile this card from your hand."),
    ("该牌手将其手牌洗入牌库。", "That player shuffles their hand into their library."),
    ("你可以展示你手中的此牌。", "You may reveal this card in your hand."),
    ("每位牌手弃掉其手牌。", "Each player discards their hand."),
]
_CARDS = [(f"200.{i + 1}", "此牌是红色的。", "This card is red.") for i in range(40)]
WARP = (
    "702.185a",
    "“跃迁[费用]”意指“你可以支付[费用]来施放此牌，而非支付其法术力费用”。",
    "“Warp [cost]” means “You may cast this card from your hand by paying [cost] rather than its mana cost.”",
)
WARP_CORRECTED = ("702.185a", "“跃迁[费用]”意指“你可以支付[费用]来从手上施放此牌，而非支付其法术力费用”。", WARP[2])


def _dictionary() -> TermDictionary:
    names = [TermName("zh", form, en, english_key(en), "glossary", "test") for en, (form, _c) in _TERMS.items()]
    return TermDictionary(names, {english_key(en): CrTerm(english_key(en), en, c) for en, (_f, c) in _TERMS.items()})


def _documents(rules, lang: str = "zh") -> tuple[DocText, DocText]:
    rows = [(f"100.{i + 1}", *_WAYS[i % len(_WAYS)]) for i in range(24)] + _CARDS + list(rules)
    tr = DocText(2, lang, lang, None, [RuleText(n, "rule", None, t, 0, i) for i, (n, t, _e) in enumerate(rows)])
    en = DocText(1, "en", "en", None, [RuleText(n, "rule", None, e, 0, i) for i, (n, _t, e) in enumerate(rows)])
    return tr, en


def _missing(rules, lang: str = "zh") -> dict[str, tuple]:
    tr, en = _documents(rules, lang)
    base = TermBase(_dictionary(), tr, en, {})
    return {found[0]: found for found in missing_zones(tr, en, base, lambda key: False)}


def test_a_rule_naming_the_hand_with_nothing_of_its_ways_is_found():
    found = _missing([WARP])
    assert list(found) == ["702.185a"]
    number, english, stats, shared, held = found["702.185a"]
    assert english == "hand" and stats.key == "hand" and shared == "手" and held == 24


def test_the_shared_part_is_the_zone_s_own():
    # 牌 of 手牌 stands in every rule naming the hand, and in forty rules about cards besides: not the hand's
    assert _missing([WARP])["702.185a"][3] == "手"


def test_the_corrected_rule_is_not():
    assert _missing([WARP_CORRECTED]) == {}


def test_the_player_s_form_holding_the_zone_s_character_says_no_hand():
    rule = ("100.90", "每位牌手抓一张牌。", "Each player draws a card from their hand.")
    assert list(_missing([rule])) == ["100.90"]  # 牌手 is "player": the hand is gone


def test_the_english_word_must_be_the_zone():
    rules = [
        (
            "201.3c",
            "后印刷的版本将在左下角具有标识。",
            "The later printings have an indicator in the bottom left-hand corner.",
        ),
        (
            "701.12b",
            "另一方面，若这些永久物都由同一位牌手操控，则没有效果。",
            "If, on the other hand, one player controls them, ...",
        ),
        ("807.4b", "直到所有回合标记都分发完毕。", "until all the turn markers have been handed out."),
    ]
    for rule in rules:  # one at a time: three rules without 手 would leave it in too few of the hand's rules
        assert _missing([rule]) == {}, rule[0]


def test_a_language_written_in_letters_is_not_read():
    assert _missing([WARP], lang="de") == {}


def test_the_terminology_check_reports_it_at_its_own_level():
    tr, en = _documents([WARP])
    base = TermBase(_dictionary(), tr, en, {})
    found = [f for f in terminology(tr, en, base) if f.number == "702.185a"]
    assert len(found) == 1
    detail = found[0].detail
    assert detail["level"] == "shared" and detail["tier"] == "possible" and detail["expected"] == ["手"]
    evidence = detail["evidence"]
    assert (evidence["held"], evidence["rules"], evidence["forms"], evidence["shared"]) == (24, 25, {"手": 24}, "手")
    assert "手" in found[0].message
