"""Text left from an earlier edition of the original (kb.crosscheck.stale), on quotes of real rules: 103.2b of the
Chinese translators' state of 2023-11-17 (HeliumOctahelide, 20231117_Zh.txt@202208923e52; corrected in 663085d)
beside the English of 2023-11-17 and of 2022-09-08. The rules around each quote are written for the test: each term
named in five rules, so that the document's form of it is known."""

from __future__ import annotations

from kb.crosscheck.stale import Earlier, stale_terms
from kb.crosscheck.termbase import TermBase
from tests.crosscheck_texts import documents, term_dictionary

EN_103_2B = (
    "If any players wish to reveal a card with a companion ability that they own from outside the game, they may do "
    "so. A player may reveal no more than one card this way."
)
EN_103_2B_2022 = (
    "If a player wishes to reveal a card with a companion ability that they own from outside the game, they may do so "
    "after setting aside their sideboard. A player may reveal no more than one card this way."
)
ZH_103_2B = "如果任一牌手想要展示一张由他所拥有、且在游戏外的具行侣异能的牌，该牌手可以在将备牌放在一边之后如此作。牌手以此法展示的牌不能超过一张。"
ZH_103_2B_CORRECTED = (
    "如果任一牌手想要展示一张由他所拥有、且在游戏外的具行侣异能的牌，便可以如此作。牌手以此法展示的牌不能超过一张。"
)
# another rule that held the number before (2020-06-01: the archenemy's first turn)
EN_103_2B_2020 = "In an Archenemy game, these methods aren't used to determine who takes the first turn."
# 704.5j: "controls" reworded as "are controlled", which 操控 renders
EN_704_5J = (
    "If two or more legendary permanents with the same name are controlled by the same player, that player chooses one."
)
EN_704_5J_2022 = "If a player controls two or more legendary permanents with the same name, that player chooses one."
ZH_704_5J = "如果两个或更多具有相同名称的传奇永久物由同一位牌手操控，该牌手选择其中一个。"

_TERMS = {"sideboard": "备牌", "player": "牌手", "control": "操控", "legendary": "传奇", "permanent": "永久物"}


def _findings(pairs: list[tuple[str, str, str]], earlier: dict[str, list[Earlier]]):
    tr, en = documents(_TERMS, pairs)
    return list(stale_terms(tr, en, TermBase(term_dictionary(_TERMS), tr, en, {}), earlier))


def test_a_term_only_an_earlier_english_names_is_a_coverage_finding_with_its_edition():
    [finding] = _findings([("103.2b", ZH_103_2B, EN_103_2B)], {"103.2b": [Earlier("2022-09-08", EN_103_2B_2022)]})
    assert (finding.kind, finding.number, finding.detail["check"]) == ("coverage", "103.2b", "stale")
    assert finding.detail["translated"] == "备牌" and finding.detail["english"] == "sideboard"
    assert finding.detail["evidence"] == {"edition": "2022-09-08", "earlier": EN_103_2B_2022}
    assert "2022-09-08" in finding.message and "备牌" in finding.message


def test_the_corrected_rule_is_no_finding():
    earlier = {"103.2b": [Earlier("2022-09-08", EN_103_2B_2022)]}
    assert _findings([("103.2b", ZH_103_2B_CORRECTED, EN_103_2B)], earlier) == []


def test_another_rule_that_held_the_number_is_not_read():
    earlier = {"103.2b": [Earlier("2020-06-01", EN_103_2B_2020 + " The sideboard stays aside.")]}
    assert _findings([("103.2b", ZH_103_2B, EN_103_2B)], earlier) == []


def test_a_term_the_english_still_says_in_another_form_is_no_finding():
    earlier = {"704.5j": [Earlier("2022-07-08", EN_704_5J_2022)]}
    assert _findings([("704.5j", ZH_704_5J, EN_704_5J)], earlier) == []


def test_without_earlier_texts_there_is_nothing_to_read():
    assert _findings([("103.2b", ZH_103_2B, EN_103_2B)], {}) == []
