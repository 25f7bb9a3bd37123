"""A term rendered as another term of its family (kb.crosscheck.siblings), on quotes of real rules: zh 702.50a and
702.74a of 2023-11-17 (../shared/corpus, HeliumOctahelide's translation; both corrected in 2026-04-17) beside the
English of the CR. The rules around each quote are written for the test: each term named in five rules, so that
the document's form of it is known."""

from __future__ import annotations

from kb.crosscheck.qa import swaps
from kb.crosscheck.siblings import families, sibling_swaps
from kb.crosscheck.termbase import TermBase
from kb.terms.names import english_key
from tests.crosscheck_texts import documents, term_dictionary

# zh 702.50a of 2023-11-17: epic's "two spell abilities" rendered as a static and a delayed triggered ability
EN_702_50A = "Epic represents two spell abilities, one of which creates a delayed triggered ability."
ZH_702_50A = "历传代表了两部分的异能，一个是静止式异能，另一个则是延迟触发式异能。"
ZH_702_50A_2026 = "历传代表两个咒语异能，其中一个会创造一个延迟触发式异能。"
# zh 702.74a of 2023-11-17 (its last sentence): "alternative costs" as 额外费用 (additional costs)
EN_702_74A = "Casting a spell for its evoke cost follows the rules for paying alternative costs in rules 601.2b."
ZH_702_74A = "支付呼魂费用施放咒语时，需依照规则601.2b的规定来支付额外费用。"

_TERMS = {
    "spell ability": "咒语异能",
    "static ability": "静止式异能",
    "triggered ability": "触发式异能",
    "delayed triggered ability": "延迟触发式异能",
    "alternative cost": "替代性费用",
    "additional cost": "额外费用",
    "public zone": "公开区域",
    "hidden zone": "隐藏区域",
    "face up": "牌面朝上",
    "turned face up": "翻回正面",
    # a form the term base of zh 2026-04-17 holds for the term: 特征 (characteristics), no member of 异能's family
    "characteristic-defining ability": "特征",
}


def _findings(pairs: list[tuple[str, str, str]]):
    tr, en = documents(_TERMS, pairs)
    return list(sibling_swaps(tr, en, TermBase(term_dictionary(_TERMS), tr, en, {})))


def test_a_term_rendered_as_another_of_its_family_is_a_finding_with_both_spans_and_counts():
    [finding] = _findings([("702.50a", ZH_702_50A, EN_702_50A)])
    assert (finding.kind, finding.number, finding.detail["check"]) == ("swaps", "702.50a", "sibling")
    assert finding.detail["english"] == "spell abilities" and finding.detail["translated"] == "静止式异能"
    assert finding.detail["swapped_with"] == "static ability" and finding.detail["dominant"] == "咒语异能"
    evidence = finding.detail["evidence"]
    # the document's counts over the rules whose English names each term: static ability in its five rules; spell
    # ability in five of six (702.50a the sixth)
    assert evidence["translated"] == {"form": "静止式异能", "held": 5, "rules": 5}
    assert evidence["english"] == {"form": "咒语异能", "held": 5, "rules": 6}
    assert 0 < finding.detail["confidence"] <= 1 and finding.detail["tier"] == "possible"
    assert "静止式异能" in finding.message and "spell abilities" in finding.message


def test_the_corrected_rule_and_a_longer_term_holding_the_form_are_no_finding():
    # the correction of 2026 holds 咒语异能; 延迟触发式异能 holds 触发式异能 but is the term the English names
    assert _findings([("702.50a", ZH_702_50A_2026, EN_702_50A)]) == []


def test_the_cost_family():
    [finding] = _findings([("702.74a", ZH_702_74A, EN_702_74A)])
    assert (finding.detail["english"], finding.detail["translated"]) == ("alternative costs", "额外费用")
    # "additional or alternative costs": the English names both (the matcher reads only the second)
    both = EN_702_74A.replace("paying alternative costs", "paying additional or alternative costs")
    assert _findings([("702.74a", ZH_702_74A, both)]) == []


def test_a_negated_form_is_another_term():
    # 不公开区域, "a zone that is not public", says the hidden zone the English names (zh 712.7)
    english = "Players must ensure that double-faced cards in hidden zones are indistinguishable."
    assert _findings([("712.7", "双面牌位于不公开区域的时候，牌手必须确保不让它能被辨认出。", english)]) == []
    [finding] = _findings([("712.7", "双面牌位于公开区域的时候，牌手必须确保不让它能被辨认出。", english)])
    assert finding.detail["translated"] == "公开区域"


def test_a_form_in_a_quote_and_terms_of_shared_words_are_no_finding():
    # the other term inside a quote is a card's wording, not the translator's choice
    quoted = "历传代表了两部分的异能，“静止式异能”。"
    assert _findings([("702.50a", quoted, EN_702_50A)]) == []
    # "triggered ability" and "delayed triggered ability": the English of one names the other (the modifier dropped
    # is the terminology check's "part")
    english = "An ability may state that a triggered ability triggers additional times."
    assert _findings([("603.2d", "异能可能会叙述一个延迟触发式异能额外触发数次。", english)]) == []
    english = "An ability may state that a delayed triggered ability triggers additional times."
    assert _findings([("603.2d", "异能可能会叙述一个触发式异能额外触发数次。", english)]) == []
    # zh 2026-04-17 116.2j: "turning a face-down conspiracy card … face up" as 翻回正面 (turned face up): the two
    # forms do not end alike, so they are no family
    english = "In a Conspiracy Draft game, turning a conspiracy card in the command zone face up is a special action."
    assert _findings([("116.2j", "在诡局轮抽游戏中，将统帅区中的诡局牌翻回正面为特殊动作。", english)]) == []


def test_a_form_of_the_family_ends_in_the_head_form():
    # 特征 is a form of "characteristic-defining ability" in the term base, but says "characteristics": no sibling
    # of 咒语异能
    assert _findings([("702.50a", "历传的特征，另一个创造延迟触发式异能。", EN_702_50A)]) == []


def test_a_rule_holding_the_named_term_is_no_finding_whatever_else_it_adds():
    assert (
        _findings([("702.50a", "历传代表两个咒语异能，一个是静止式异能，另一个创造延迟触发式异能。", EN_702_50A)]) == []
    )


def test_families_need_two_terms_of_several_words_with_one_head():
    tr, en = documents(_TERMS, [])
    heads = families(TermBase(term_dictionary(_TERMS), tr, en, {}))
    assert set(heads["ability"]) == {english_key(t) for t in _TERMS if t.endswith("ability")}
    assert set(heads["cost"]) == {english_key("alternative cost"), english_key("additional cost")}


def test_the_swaps_class_reports_siblings():
    tr, en = documents(_TERMS, [("702.50a", ZH_702_50A, EN_702_50A)])
    found = list(swaps(tr, en, TermBase(term_dictionary(_TERMS), tr, en, {})))
    assert [(f.kind, f.number, f.detail.get("check")) for f in found] == [("swaps", "702.50a", "sibling")]
