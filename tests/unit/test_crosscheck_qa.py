"""The translation QA pieces on small texts: markers, English left standing, the answer key and its scoring."""

from __future__ import annotations

import pytest

from kb.crosscheck.corrections import Correction, length_ratio_baseline, read_corrections, score
from kb.crosscheck.markers import lost_markers
from kb.crosscheck.signals import source_words_left
from kb.crosscheck.termbase import count_forms, plain
from kb.crosscheck.texts import DocText, RuleText


def test_left_turned_into_right_is_found_and_the_verb_left_is_not():
    original = "Its illustration is on the left side of the card."
    [lost] = lost_markers("其图片竖向位于牌的右半边。", original, "zh")
    assert (lost.marker, lost.english, lost.found) == ("left", "on the left", "右")
    assert lost_markers("其图片竖向位于牌的左半边。", original, "zh") == []
    assert lost_markers("离开战场的衍生物。", "A token that has left the battlefield.", "zh") == []
    # the player to the active player's left, in Japanese
    seated = "the player seated to the active player’s left"
    assert [m.found for m in lost_markers("アクティブ・プレイヤーの右隣", seated, "ja")] == ["右"]


def test_top_and_bottom_only_when_the_translation_says_the_opposite():
    original = "Put it on the bottom of its owner’s library."
    assert [m.marker for m in lost_markers("将其置于其拥有者的牌库顶。", original, "zh")] == ["bottom"]
    assert lost_markers("将其置于其拥有者的牌库底。", original, "zh") == []
    assert lost_markers("将其放逐。", original, "zh") == []  # said otherwise: no opposite, no finding


def test_a_keyword_left_in_english_is_a_candidate_a_card_name_in_brackets_is_not():
    original = "One card (Space Beleren) has space sculptor."
    assert source_words_left("一张牌（Space Beleren）具有Space Sculptor异能。", original, "zh") == ["Space Sculptor"]
    assert source_words_left("一张牌（Space Beleren）具有太空塑师异能。", original, "zh") == []
    assert source_words_left("名为幼熊[Bear Cub]的生物", "a creature named Bear Cub", "zh") == []
    assert source_words_left("以单词“Prize”开头", "begins with the word “Prize”", "zh") == []
    note = "（译注：Doctor此生物类别之官方翻译为“医生”。）"
    assert source_words_left("医生" + note, "Doctor creature", "zh") == []


def test_a_keyword_run_into_a_quoted_sentence_is_a_candidate_a_quoted_wording_is_not():
    # 702.124j of zh 2023-11-17: the English quotes the keyword's name, the translation's quote is a sentence of its own
    original = "“Friends forever” means “You may designate two legendary creature cards as your commander.”"
    text = "“Friends forever”意指“你可以将两张具有Friends forever的传奇生物牌共同用作你的指挥官。”"
    assert source_words_left(text, original, "zh") == ["Friends forever"]
    assert (
        source_words_left(
            "“Friends forever”意指“你可以将两张具有友谊永恒的传奇生物牌共同用作你的指挥官。”", original, "zh"
        )
        == []
    )
    assert source_words_left("以单词“Prize”开头", "begins with the word “Prize”", "zh") == []  # the wording, quoted


def test_forms_are_counted_longest_first_and_card_names_are_blanked():
    assert count_forms("替代性效应和效应", ("替代性效应", "效应")) == {"替代性效应": 1, "效应": 1}
    assert plain("《魔力奪取》の能力") == "\u3000" * 6 + "の能力"


def _doc(texts: dict[str, str], lang: str) -> DocText:
    return DocText(1, "d", lang, None, [RuleText(n, "rule", None, t, 0, i) for i, (n, t) in enumerate(texts.items())])


def test_scoring_counts_an_error_found_when_its_rule_has_a_finding():
    key = [
        Correction("1.1", "1.1", "tune", "error", "meaning", "r"),
        Correction("1.2", "1.2", "tune", "error", "term", "r"),
        Correction("1.3", "1.3", "tune", "style", "", "r"),
        Correction("1.4", "1.4", "held-out", "error", "term", "r"),
    ]
    tune = score(key, {"1.1", "1.3"}, "tune")
    assert (tune.found, tune.errors, tune.style_flagged, tune.missed) == (1, 2, 1, ["1.2"])
    assert tune.by_class == {"meaning": (1, 1), "term": (0, 1)} and tune.recall == 0.5
    assert score(key, {"1.1"}, "held-out").found == 0


def test_the_length_ratio_baseline_takes_the_outliers_first():
    en = _doc({"1.1": "a" * 100, "1.2": "b" * 100, "1.3": "c" * 100}, "en")
    tr = _doc({"1.1": "甲" * 30, "1.2": "乙" * 31, "1.3": "丙" * 5}, "zh")
    assert length_ratio_baseline(tr, en, 1) == {"1.3"}


def test_a_bad_answer_key_names_file_and_line(tmp_path):
    path = tmp_path / "key.tsv"
    path.write_text(
        "# how it was made\nnumber_2023\tnumber_2026\tsplit\tlabel\tclass\treason\n1.1\t1.1\tboth\terror\tterm\tx\n",
        encoding="utf-8",
    )
    with pytest.raises(ValueError, match=r"key\.tsv, line 3: expected 6 fields, split tune or held-out"):
        read_corrections(path)
    path.write_text("a\tb\n", encoding="utf-8")
    with pytest.raises(ValueError, match="expected the columns"):
        read_corrections(path)


def test_a_quote_differing_only_in_the_name_of_a_template_slot_is_consistent():
    """707.5 [此永久物] against [此物件] for "[this]": the slot's name is the template's; a changed verb is not."""
    from kb.crosscheck.qa import _same_quote

    quote = "As [this] enters the battlefield, choose a color"
    en = _doc({n: f"It reads “{quote}.”" for n in ("1.1", "1.2", "1.3")}, "en")
    same = {"1.1": "于[此物件]进入战场时，选择一种颜色", "1.2": "于[此物件]进入战场时，选择一种颜色"}
    slot = _doc({n: f"它写“{t}”。" for n, t in {**same, "1.3": "于[此永久物]进入战场时，选择一种颜色"}.items()}, "zh")
    assert list(_same_quote(slot, en)) == []
    verb = _doc({n: f"它写“{t}”。" for n, t in {**same, "1.3": "于[此物件]离开战场时，选择一种颜色"}.items()}, "zh")
    assert [f.number for f in _same_quote(verb, en)] == ["1.3"]


def test_brackets_alone_mark_a_template_word_where_the_english_has_no_slot():
    from kb.crosscheck.qa import _wording

    assert _wording("在该阶段或步骤开始时", "zh", "at the beginning of") == _wording(
        "在[此阶段或步骤]开始时", "zh", "at the beginning of"
    )
    assert _wording("目标[对象]", "zh", "target [something]") == _wording("目标[某事物]", "zh", "target [something]")
    assert _wording("目标[对象]", "zh", "target [something]") != _wording("目标生物", "zh", "target [something]")


def test_a_japanese_adjectival_form_is_held_by_its_stem_as_a_predicate():
    """ja 701.54c "is legendary" as 伝説であり, the document's form being 伝説の."""
    from kb.crosscheck.qa import _with_stems

    forms = _with_stems(("伝説の",), "ja")
    assert count_forms("指輪所持者は伝説であり", forms) == {"伝説": 1}
    assert count_forms("伝説のクリーチャー", forms) == {"伝説の": 1}  # the whole form first, not counted twice
    assert _with_stems(("伝説の",), "zh") == ("伝説の",)
    assert _with_stems(("の",), "ja") == ("の",)  # no stem of a bare particle
