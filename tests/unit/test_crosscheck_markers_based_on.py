"""The marker "based on" (kb.crosscheck.markers), on 704.5w of the Chinese translators' state of 2023-11-17
(HeliumOctahelide, 20231117_Zh.txt at 2022089, corrected at 663085d: 基于战役类别 added) beside the English of
2023-11-17."""

from __future__ import annotations

from kb.crosscheck.markers import lost_markers

EN_704_5W = (
    "If a battle has no player in the game designated as its protector and no attacking creatures are currently "
    "attacking that battle, that battle’s controller chooses an appropriate player to be its protector based on its "
    "battle type. If no player can be chosen this way, the battle is put into its owner’s graveyard. See rule 310, "
    "“Battles.”"
)
ZH_704_5W = (
    "如果一个战役未被任何攻击生物攻击且没有牌手被指定为防卫者，则其操控者指定一位适当的牌手作为防卫者。"
    "如果无法以此法选择任何牌手，此战役置入其拥有者的坟墓场。参见规则310，“战役”。"
)
ZH_704_5W_CORRECTED = (
    "如果一个战役未被任何攻击生物攻击且游戏内没有牌手被指定为防卫者，则其操控者基于战役类别选择一位适当的牌手作为防卫者。"
    "如果无法以此法选择任何牌手，此战役置入其拥有者的坟墓场。参见规则310，“战役”。"
)


def test_what_a_choice_depends_on_left_out_is_a_finding():
    [lost] = lost_markers(ZH_704_5W, EN_704_5W, "zh")
    assert (lost.marker, lost.english, lost.found) == ("based on", "based on", None)


def test_the_corrected_rule_and_other_ways_of_saying_it_are_no_finding():
    assert lost_markers(ZH_704_5W_CORRECTED, EN_704_5W, "zh") == []
    # 106.7 of 2023-11-17 says it as 基于
    zh = "一些异能所产生法术力将基于另一个或数个永久物所能够产生的法术力。"
    en = "Some abilities produce mana based on the type of mana another permanent or permanents “could produce.”"
    assert lost_markers(zh, en, "zh") == []


def test_japanese_and_korean_are_not_judged_by_it():
    assert lost_markers("そのプレイヤーは適正なプレイヤーを選ぶ。", EN_704_5W, "ja") == []
    assert lost_markers("그 플레이어는 적절한 플레이어를 선택합니다.", EN_704_5W, "ko") == []
