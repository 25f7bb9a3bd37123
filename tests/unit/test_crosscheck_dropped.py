"""A term written with one character of its form left out (kb.crosscheck.dropped), on quotes of real rules: 614.12b of
the Chinese translation of 2022-06-10 (HeliumOctahelide's, corrected in 2023-10-13: 进场 became 进战场) and 716.2 of
zh 2023-11-17 (../shared/corpus: 静止异能 for 静止式异能), beside the English of the CR. The rules around each quote
are written for the test: each term named in twelve rules, so that the document's form of it is known and common."""

from __future__ import annotations

from kb.crosscheck.dropped import dropped_characters
from kb.crosscheck.qa import consistency
from kb.crosscheck.termbase import TermBase
from kb.terms.names import english_key
from tests.crosscheck_texts import documents, term_dictionary

EN_614_12B = (
    "Some replacement effects cause a permanent to enter the battlefield with its controller’s choice of one of two "
    "abilities, each marked with an anchor word and preceded by a bullet point."
)
ZH_614_12B = (
    "一些替代性效应使得永久物进场时由其操控者选择两种异能之一，且这两种异能均以锚定词开头，以项目列表的格式列出。"
)
ZH_614_12B_CORRECTED = (
    "一些替代性效应使得永久物进战场时由其操控者选择两种异能之一，且这两种异能均以锚定词开头，以项目列表的格式列出。"
)
EN_716_2 = "A class level bar is a keyword ability that represents both an activated ability and a static ability."
ZH_716_2 = "职业等级条是一种关键字异能，代表一个起动式异能和一个静止异能。"

_TERMS = {
    "enter the battlefield": "进战场",
    "static ability": "静止式异能",
    "activated ability": "起动式异能",
    "keyword ability": "关键字异能",
    "lethal damage": "致命伤害",
    "graveyard": "坟墓场",
    "token": "トークン",
}


def _documents(pairs: list[tuple[str, str, str]], extra: list[str] = ()):
    """Twelve rules naming each term; ``extra`` translated rules that name none of them."""
    others = [(f"101.{i + 1}", text, "This rule names nothing of the list.") for i, text in enumerate(extra)]
    return documents(_TERMS, pairs, per_term=12, extra=others)


def _findings(pairs: list[tuple[str, str, str]], extra: list[str] = ()):
    tr, en = _documents(pairs, extra)
    return list(dropped_characters(tr, en, TermBase(term_dictionary(_TERMS), tr, en, {})))


def test_a_form_with_an_inner_character_left_out_is_a_consistency_finding_with_both_counts():
    [finding] = _findings([("614.12b", ZH_614_12B, EN_614_12B)])
    assert (finding.kind, finding.number, finding.detail["check"]) == ("consistency", "614.12b", "dropped")
    assert finding.detail["translated"] == "进场" and finding.detail["dominant"] == "进战场"
    assert finding.detail["english"] == "enter the battlefield"
    assert finding.detail["evidence"] == {"variant": 1, "dominant": 12}
    assert "进场" in finding.message and "进战场" in finding.message


def test_the_check_runs_with_the_consistency_class():
    tr, en = _documents([("716.2", ZH_716_2, EN_716_2)])
    found = [
        f
        for f in consistency(tr, en, TermBase(term_dictionary(_TERMS), tr, en, {}))
        if f.detail.get("check") == "dropped"
    ]
    assert [(f.number, f.detail["translated"], f.detail["dominant"]) for f in found] == [
        ("716.2", "静止异能", "静止式异能")
    ]


def test_the_corrected_rule_is_no_finding():
    assert _findings([("614.12b", ZH_614_12B_CORRECTED, EN_614_12B)]) == []


def test_a_short_string_the_document_writes_often_is_a_word_of_its_own():
    form = [f"永久物进战场{i}。" for i in range(60)]  # the form 72 times: 进场 7 times is rare beside it ...
    often = [f"永久物进场{i}。" for i in range(6)]  # ... but more than five times is no slip of the translator's
    assert _findings([("614.12b", ZH_614_12B, EN_614_12B)], form + often[:4]) != []
    assert _findings([("614.12b", ZH_614_12B, EN_614_12B)], form + often) == []
    # against the form's twelve, twice is no longer rare
    assert _findings([("614.12b", ZH_614_12B, EN_614_12B)], often[:1]) == []


def test_the_end_of_a_longer_word_is_no_form_left_short():
    # 120.4a: 导致伤害 "causing damage" holds 致伤害; the document writes 导致 often
    english = "If an effect that’s causing lethal damage to be dealt states that excess damage is dealt instead."
    chinese = "如果一个导致伤害将会造成的效应叙述超量伤害改为造成。"
    assert _findings([("120.4a", chinese, english)], [f"导致{i}。" for i in range(10)]) == []
    # パワーストーン holds トーン: a katakana word runs on across its start
    assert (
        _findings([("111.10h", "「パワーストーン」は無色のアーティファクト・トークンである。", "A Powerstone token.")])
        == []
    )


def test_a_term_inside_a_card_name_is_no_finding():
    # 206.3a: the card Elephant Graveyard, 大象坟场, is no graveyard written short
    english = "Those names are Desert, Diamond Valley, Elephant Graveyard, and Erg Raiders."
    assert _findings([("206.3a", "这些名称为沙漠、钻石谷、大象坟场、尔格骑队。", english)]) == []


# 601.3c of the translators' first state of 2023-11-17 (HeliumOctahelide's, 202208923e52; corrected to 替代性费用
# in 663085d8e0e7): "an alternative or additional cost" says the head once for two terms
EN_601_3C = (
    "If an effect allows a player to cast a spell as though it had flash only if an alternative or additional cost "
    "is paid, that player may begin to cast that spell as though it had flash."
)
ZH_601_3C = (
    "如果一个效应允许牌手仅当一个替代费用或额外费用被支付时才能视同其具有闪现异能地施放某咒语，"
    "该牌手可以视同其具有闪现异能地开始施放该咒语。"
)
_COSTS = {"alternative cost": "替代性费用", "additional cost": "额外费用", "replacement effect": "替代性效应"}


def _cost_findings(extra: list[str] = ()):
    others = [(f"101.{i + 1}", text, "This rule names nothing of the list.") for i, text in enumerate(extra)]
    tr, en = documents(_COSTS, [("601.3c", ZH_601_3C, EN_601_3C)], per_term=12, extra=others)
    return list(dropped_characters(tr, en, TermBase(term_dictionary(_COSTS), tr, en, {})))


def test_a_term_named_with_its_head_said_once_for_two_is_read_as_named():
    tr, en = documents(_COSTS, [("601.3c", ZH_601_3C, EN_601_3C)], per_term=12)
    base = TermBase(term_dictionary(_COSTS), tr, en, {})
    assert base.coordinated(EN_601_3C) == {english_key("alternative cost"): "alternative … cost"}
    assert base.coordinated("one-shot or continuous effects") == {}  # no term of the document
    [finding] = _cost_findings()
    assert (finding.number, finding.detail["translated"], finding.detail["dominant"]) == (
        "601.3c",
        "替代费用",
        "替代性费用",
    )
    assert finding.detail["english"] == "alternative … cost"


def test_a_measure_word_before_the_short_string_s_own_start_is_no_word():
    # 一个替代式效应, 一个替代性或防止性: 个替 is written often, always followed by 替代, the short string's start
    often = [f"一个替代式效应{i}。" for i in range(12)]
    assert [f.number for f in _cost_findings(often)] == ["601.3c"]
    # 个替 followed by anything else is a word the short string is the end of
    words = [f"一个替身{i}。" for i in range(12)]
    assert _cost_findings(words) == []
