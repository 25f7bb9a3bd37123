"""A term written in a minority form that holds the usual one (kb.crosscheck.longer), on real rules: the Chinese
translation of 2022-06-10 (HeliumOctahelide's) beside the English of the CR of that date. It writes "loyalty" as
忠诚 in most rules and as 忠诚度 in a few; its translators wrote 忠诚 in 209.1 and 209.2 in 2023-10-13. The term
dictionary of the test gives 忠诚度, as the one mined from that pair does."""

from __future__ import annotations

from kb.crosscheck.longer import longer_forms
from kb.crosscheck.qa import consistency
from kb.crosscheck.termbase import TermBase
from tests.crosscheck_texts import documents, term_dictionary

USUAL = [  # (number, zh 2022-06-10, en 2022-06-10): 忠诚 alone
    ("306.5", "忠诚是鹏洛客独有的特征。", "Loyalty is a characteristic only planeswalkers have."),
    (
        "306.5a",
        "当鹏洛客牌不在战场上时，其忠诚等同于其右下角所印的数字。",
        "The loyalty of a planeswalker card not on the battlefield is equal to the number printed in its lower right "
        "corner.",
    ),
    (
        "306.5c",
        "当鹏洛客在战场时，其忠诚等同于其上的忠诚指示物的数量。",
        "The loyalty of a planeswalker on the battlefield is equal to the number of loyalty counters on it.",
    ),
    (
        "306.8",
        "对鹏洛客造成的伤害会导致该鹏洛客移去等量的忠诚指示物。",
        "Damage dealt to a planeswalker results in that many loyalty counters being removed from it.",
    ),
    (
        "306.9",
        "如果一个鹏洛客的忠诚为0，它将作为状态动作而被置于其拥有者的坟墓场。参见规则704。",
        "If a planeswalker’s loyalty is 0, it’s put into its owner’s graveyard. (This is a state-based action. See "
        "rule 704.)",
    ),
    (
        "704.5i",
        "如果一个鹏洛客的忠诚为0，该鹏洛客被置入其拥有者的坟墓场。",
        "If a planeswalker has loyalty 0, it’s put into its owner’s graveyard.",
    ),
    (
        "120.3c",
        "对鹏洛客造成的伤害会导致该鹏洛客移去等量的忠诚指示物。",
        "Damage dealt to a planeswalker causes that many loyalty counters to be removed from that planeswalker.",
    ),
]
LONGER = [  # 忠诚度
    (
        "122.1d",
        "在战场上的鹏洛客的忠诚指示物数量，表明它有多少忠诚度。忠诚度为0的鹏洛客作为状态动作被置入其拥有者的坟墓场。"
        "参见规则704。",
        "The number of loyalty counters on a planeswalker on the battlefield indicates how much loyalty it has. A "
        "planeswalker with 0 loyalty is put into its owner’s graveyard as a state-based action. See rule 704.",
    ),
    (
        "209.1",
        "每张鹏洛客牌的右下角都印有一个忠诚度的数字。它表示当该鹏洛客不在战场时的忠诚度，也表示该鹏洛客进战场所放置的忠诚度"
        "指示物数量（参见规则306.5b）。",
        "Each planeswalker card has a loyalty number printed in its lower right corner. This indicates its loyalty "
        "while it’s not on the battlefield, and it also indicates that the planeswalker enters the battlefield with "
        "that many loyalty counters on it (see rule 306.5b).",
    ),
    (
        "209.2",
        "费用中具有忠诚度符号的起动式异能为忠诚异能。",
        "An activated ability with a loyalty symbol in its cost is a loyalty ability.",
    ),
]
# 209.2 as the translators wrote it in 2023-10-13
CORRECTED_209_2 = ("209.2", "费用中具有忠诚符号的起动式异能为忠诚异能。", LONGER[2][2])
_TERMS = {"loyalty": "忠诚度", "mana": "法术力"}


def _findings(rules, lang: str = "zh", terms=_TERMS):
    tr, en = documents(terms, rules, per_term=0)
    tr.lang = lang
    return list(longer_forms(tr, en, TermBase(term_dictionary(terms, lang), tr, en, {})))


def test_each_rule_writing_the_minority_longer_form_is_a_consistency_finding():
    found = _findings(USUAL + LONGER)
    assert [f.number for f in found] == ["122.1d", "209.1", "209.2"]
    finding = found[2]
    assert (finding.kind, finding.detail["check"], finding.detail["term"]) == ("consistency", "longer", "loyalty")
    assert (finding.detail["translated"], finding.detail["dominant"]) == ("忠诚度", "忠诚")
    assert finding.detail["evidence"] == {"variant": 3, "dominant": 7, "rules": 10}
    assert "忠诚度" in finding.message and "忠诚" in finding.message


def test_the_check_runs_with_the_consistency_class():
    tr, en = documents(_TERMS, USUAL + LONGER, per_term=0)
    found = [f for f in consistency(tr, en, TermBase(term_dictionary(_TERMS), tr, en, {})) if f.detail.get("check")]
    assert {(f.number, f.detail["check"]) for f in found} >= {("209.2", "longer")}


def test_the_corrected_rule_is_no_finding():
    found = _findings(USUAL + LONGER[:2] + [CORRECTED_209_2])
    assert [f.number for f in found] == ["122.1d", "209.1"]


def test_a_longer_form_the_term_s_rules_write_as_often_is_no_minority():
    # five rules of 忠诚度 among twelve are more than the 0.4 a minority is
    extra = [(f"606.{i}", "费用中的忠诚度符号。", "The loyalty symbol in the cost.") for i in (4, 5)]
    assert _findings(USUAL + LONGER + extra[:1]) != []
    assert _findings(USUAL + LONGER + extra) == []
    # fewer rules writing the short string alone than the usual form needs
    assert _findings(USUAL[:4] + LONGER[:1]) == []


def test_a_short_string_said_mostly_elsewhere_is_another_word():
    # 法术 of 法术时机 ("sorcery speed") in rules naming no mana: not a short form of 法术力
    mana = [(f"106.{i}", "支付法术力。", "Pay mana.") for i in range(1, 3)]
    spells = [(f"106.{i}", "加一点法术。", "Add one mana.") for i in range(3, 9)]
    sorcery = [(f"307.{i}", f"只能于法术时机{i}。", "Activate only as a sorcery.") for i in range(1, 12)]
    assert _findings(mana + spells) != []  # 法术 alone in six of the eight mana rules ...
    assert _findings(mana + spells + sorcery) == []  # ... but in eleven rules that do not name mana


def test_an_inflected_ending_is_not_a_longer_form():
    # ja: 打ち消す ("counter") beside 打ち消される, 打ち消した: the stem 打ち消 is no usual form
    terms = {"counter": "打ち消す"}
    rules = [(f"701.6{c}", f"その呪文は打ち消される{c}。", "The spell is countered.") for c in "abcdefg"]
    rules += [("701.6", "呪文を打ち消す。", "Counter a spell.")]
    assert _findings(rules, "ja", terms) == []
