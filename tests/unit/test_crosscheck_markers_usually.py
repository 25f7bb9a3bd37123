"""The marker "usually" (kb.crosscheck.markers), on 207.2b of the Chinese translators' state of 2022-06-10
(HeliumOctahelide, 20220610_Zh.txt; corrected in 2023-10-13) beside the English of 2022-06-10."""

from __future__ import annotations

from kb.crosscheck.markers import lost_markers

EN_207_2B = (
    "Flavor text is italicized text that, like the illustration, adds artistic appeal to the game. "
    "It usually appears below the rules text."
)
ZH_207_2B = "背景叙述以斜体字方式印刷，用来发展游戏的意境，功效有如图片。它印在规则叙述的下方。"
ZH_207_2B_CORRECTED = "背景叙述以斜体字方式印刷，用来发展游戏的意境，功效有如图片。它通常印在规则叙述的下方。"


def test_usually_not_rendered_is_a_finding():
    [lost] = lost_markers(ZH_207_2B, EN_207_2B, "zh")
    assert (lost.marker, lost.english, lost.found) == ("usually", "usually", None)


def test_the_corrected_rule_and_the_english_without_it_are_no_finding():
    assert lost_markers(ZH_207_2B_CORRECTED, EN_207_2B, "zh") == []
    assert lost_markers(ZH_207_2B, EN_207_2B.replace("usually ", ""), "zh") == []
    # 302.3 of 2026-04-17 says "usually" as 大都
    assert (
        lost_markers("生物的副类别大都是一个英文单词。", "Creature subtypes are usually a single word long.", "zh")
        == []
    )


def test_japanese_is_not_judged_by_it():
    assert lost_markers("フレイバー・テキストはルール・テキストの下に書かれる。", EN_207_2B, "ja") == []
