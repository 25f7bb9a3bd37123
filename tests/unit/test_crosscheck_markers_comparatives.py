"""Comparatives and prohibitions in Chinese and Japanese (kb.crosscheck.markers), on short quotes of the corpus
translations (../shared/corpus/zh, ja) and the English of the same date."""

from __future__ import annotations

from kb.crosscheck.markers import lost_markers

LETHAL = "If the total damage marked on a creature is greater than or equal to its toughness, that creature has been dealt lethal damage."


def found(translation: str, original: str, lang: str) -> list[tuple[str, str | None]]:
    return [(x.marker, x.found) for x in lost_markers(translation, original, lang)]


def test_greater_than_or_equal_said_as_greater_than():
    # 120.6 of zh 2023-11-17 (kept in 2026-04-17); 302.7 of the same text says it right, 等于或大于
    assert found("如果标记在生物总伤害大于其防御力，该生物便受到了致命伤害。", LETHAL, "zh") == [("at least", "大于")]
    assert found("如果标记在一个生物上的总伤害等于或大于它的防御力，该生物受到致命伤害。", LETHAL, "zh") == []


def test_or_less_said_as_equal_to_or_less_is_right():
    # 702.46a of zh 2023-11-17: "mana value N or less" as 法术力值等于或小于N
    original = "you may return target Spirit card with mana value N or less from your graveyard to your hand."
    assert found("你可以将目标法术力值等于或小于N的精怪牌从你的坟墓场移回你手上。", original, "zh") == []
    assert found("你可以将目标法术力值小于N的精怪牌从你的坟墓场移回你手上。", original, "zh") == [("at most", "小于")]


def test_a_japanese_prohibition_said_by_a_negative_prefix():
    # 107.2 of ja 2026-01-16: "a number that can't be determined" as 未定義の数字
    original = "If anything needs to use a number that can’t be determined, either as a result or in a calculation, it uses 0 instead."
    assert found("未定義の数字が結果であれ計算中であれ出てきた場合、代わりに0を用いる。", original, "ja") == []
    assert found("数字が結果であれ計算中であれ出てきた場合、代わりに0を用いる。", original, "ja") == [("can't", None)]


def test_a_less_than_that_is_part_of_or_equal_is_no_less_than():
    # 305.2b: "equal to or less than" is "at most"; 以下 renders it
    original = "If the number of lands the player can play this turn is equal to or less than the number of lands"
    assert (
        found("プレイヤーがこのターンにプレイできる土地の数が既にプレイした土地の数以下である場合", original, "ja")
        == []
    )
