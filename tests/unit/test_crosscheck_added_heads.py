"""A kind of a thing added to a list of its kinds (kb.crosscheck.added, terms of one head word): 120.4c of the Chinese
translation of 2023-11-17 in its translators' first state (HeliumOctahelide's, commit 202208923e52) lists prevention
effects beside the replacement effects the English names; the same day's second state (663085d8e0e7) dropped them.
Beside the English of the CR of that date; the rules around the quote are written for the test."""

from __future__ import annotations

from kb.crosscheck.added import LIST_ITEM, added_terms
from kb.crosscheck.termbase import TermBase
from tests.crosscheck_texts import documents, term_dictionary

EN_120_4C = (
    "Third, damage that’s been dealt is processed into its results, as modified by replacement effects that interact "
    "with those results (such as life loss or counters)."
)
ZH_120_4C = (
    "再次，造成的伤害变换为其结果，并且与结果有关的替代性效应和防止性效应会影响该结果。（例如失去生命或获得指示物。）"
)
ZH_120_4C_CORRECTED = (
    "再次，造成的伤害变换为其结果，并且与结果有关的替代性效应会影响该结果。（例如失去生命或获得指示物。）"
)
EN_702_44B = (
    "Sunburst adds counters only if the object with sunburst is entering the battlefield from the stack as a "
    "resolving spell and only if one or more colored mana was spent on its costs, including additional or "
    "alternative costs."
)
ZH_702_44B = (
    "辉映只在具有辉映的物件从堆叠作为结算中的咒语进入战场时才会放置指示物，并且必须是为其费用支付过一种或多种有色法术力时"
    "才会放置指示物。额外费用或替代性费用也算作费用。"
)
_TERMS = {
    "replacement effect": "替代性效应",
    "prevention effect": "防止性效应",
    "additional cost": "额外费用",
    "alternative cost": "替代性费用",
    "triggered ability": "触发式异能",
}


def _findings(rules):
    tr, en = documents(_TERMS, rules)
    return list(added_terms(tr, en, TermBase(term_dictionary(_TERMS), tr, en, {})))


def test_a_kind_listed_beside_a_kind_of_the_same_head_is_a_list_item_finding():
    [finding] = _findings([("120.4c", ZH_120_4C, EN_120_4C)])
    assert (finding.kind, finding.number, finding.detail["level"]) == ("coverage", "120.4c", LIST_ITEM)
    assert finding.detail["translated"] == "防止性效应" and finding.detail["term"] == "prevention effect"
    assert finding.detail["beside"] == {"translated": "替代性效应", "english": "replacement effect"}


def test_the_corrected_rule_is_no_finding():
    assert _findings([("120.4c", ZH_120_4C_CORRECTED, EN_120_4C)]) == []


def test_a_head_the_original_says_once_for_two_kinds_is_no_addition():
    # "additional or alternative costs": the original names both, the matcher reads only "alternative costs"
    assert _findings([("702.44b", ZH_702_44B, EN_702_44B)]) == []


def test_a_kind_of_another_head_or_outside_a_list_is_no_finding():
    # a triggered ability beside replacement effects: two heads, no list of one thing's kinds
    other_head = ZH_120_4C.replace("防止性效应", "触发式异能")
    assert _findings([("120.4c", other_head, EN_120_4C)]) == []
    # prevention effects said in a sentence of their own: a term of many words is judged only as a list item
    alone = ZH_120_4C_CORRECTED + "防止性效应也是如此。"
    assert _findings([("120.4c", alone, EN_120_4C)]) == []
