"""Words of the original a rule's translation renders none of (kb.crosscheck.unrendered), on a small document
modelled on 120.3a of zh 2023-11-17: "by a source without infect" left out, 侵染 and 来源 written wherever else the
original says "infect" and "source"."""

from __future__ import annotations

from kb.crosscheck.texts import DocText, RuleText
from kb.crosscheck.unrendered import holding_clause, learn_renderings, unrendered_words

# the ways the document says each word elsewhere, ten rules each: 侵染 and 来源 the strings they share
USUAL = [
    ("A creature with infect deals damage.", "具有侵染的生物造成伤害。"),
    ("Infect is a static ability.", "侵染是静止式异能。"),
    ("Damage from a spell with infect.", "来自具有侵染之咒语的伤害。"),
    ("A source deals damage.", "来源造成伤害。"),
    ("The source of the ability.", "该异能的来源。"),
    ("The controller of the source.", "来源的操控者。"),
]
DROPPED = ("Damage dealt by a source without infect causes loss of life.", "伤害导致失去生命。")
RENDERED = (
    "Damage dealt by a source without infect causes loss of life.",
    "由不具有侵染的来源造成的伤害导致失去生命。",
)
PARAPHRASED = ("The source with infect deals damage to the player.", "具有侵染的它对牌手造成伤害。")


def pair(rules: list[tuple[str, str]]) -> tuple[DocText, DocText]:
    rows = [(f"100.{i + 1}", *USUAL[i % len(USUAL)]) for i in range(60)]
    rows += [(f"120.{i + 1}", *rule) for i, rule in enumerate(rules)]
    en = DocText(1, "en", "en", None, [RuleText(n, "rule", None, e, 0, i) for i, (n, e, _) in enumerate(rows)])
    tr = DocText(2, "zh", "zh", None, [RuleText(n, "rule", None, t, 0, i) for i, (n, _, t) in enumerate(rows)])
    return tr, en


def test_a_rule_that_drops_two_words_rendered_elsewhere_is_a_finding():
    [found] = unrendered_words(*pair([DROPPED]))
    assert (found.kind, found.number, found.tier) == ("coverage", "120.1", "possible")
    assert found.detail["words"] == ["source", "infect"] and found.detail["level"] == "unrendered"
    assert found.detail["english"] == DROPPED[0]  # the clause holding the words: here the whole rule
    assert found.detail["evidence"]["infect"] == {"form": "侵染", "share": round(30 / 31, 3), "rules": 31}
    assert found.detail["evidence"]["source"]["form"] == "来源"
    assert 0 < found.detail["confidence"] <= 0.4  # ranked below the checks that name a term


def test_the_corrected_rule_and_one_word_said_otherwise_are_no_finding():
    assert list(unrendered_words(*pair([RENDERED]))) == []
    # "the source" said as 它 (it): one word alone is a paraphrase, not a dropped clause
    assert list(unrendered_words(*pair([PARAPHRASED]))) == []


def test_the_report_holds_at_most_a_fiftieth_of_the_rules():
    # 60 usual rules and 3 that drop the words: one finding (63 rules, a fiftieth of them rounded down)
    found = list(unrendered_words(*pair([DROPPED, DROPPED, DROPPED])))
    assert [f.number for f in found] == ["120.1"]


def test_a_translation_in_letters_has_no_rendering_to_learn():
    tr, en = pair([DROPPED])
    german = DocText(
        2,
        "de",
        "de",
        None,
        [RuleText(r.number, "rule", None, "Eine Quelle mit Infektion.", 0, i) for i, r in enumerate(tr.rules)],
    )
    assert list(unrendered_words(german, en)) == []
    english = {"100.1": {"infect": "infect"}}
    assert learn_renderings(english, {"100.1": set()}) == {}


def test_the_span_named_is_the_clause_that_says_the_words():
    original = "In APNAP order, each player chooses. Then those cards are revealed (see rule 101.4)."
    assert holding_clause(original, ["apnap", "order"]) == "In APNAP order, each player chooses."
    assert holding_clause(original, ["see", "rule"]) == "(see rule 101.4)"


def test_of_equally_good_strings_the_same_one_is_learnt_every_run():
    # every rule saying "foo" holds 甲乙丙丁戊: 甲乙丙丁 and 乙丙丁戊 stand in all of them, four characters each
    english = {f"100.{i}": {"foo": "foo"} for i in range(12)}
    held = {"甲乙丙丁戊"[i : i + n] for n in range(1, 5) for i in range(6 - n)}
    forward = learn_renderings(english, {number: set(sorted(held)) for number in english})
    backward = learn_renderings(english, {number: set(sorted(held, reverse=True)) for number in english})
    assert forward["foo"].form == backward["foo"].form == "乙丙丁戊"  # the first in code-point order
