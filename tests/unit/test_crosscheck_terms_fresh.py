"""The changes the fresh terminology labels (tests/data/crosscheck_terms_fresh.tsv) led to: a learnt Korean form is
the whole word, not the start two spellings share; a longer term named by a derived word says the term; findings
carry a tier (sure or possible); and the label file is well formed and split as its header says."""

from __future__ import annotations

import zlib
from collections import Counter
from pathlib import Path

from kb.crosscheck.corrections import qa_split, read_qa_labels
from kb.crosscheck.learnt import learn
from kb.crosscheck.qa import terminology
from kb.crosscheck.termbase import TermBase, derived
from kb.crosscheck.termevidence import LEVELS, SURE_LEVELS, TIERS, same_thing, tier
from kb.crosscheck.texts import DocText, RuleText
from kb.terms.dictionary import TermDictionary
from kb.terms.model import TermName
from kb.terms.names import english_key
from kb.terms.vocabulary import CrTerm

LABELS = Path(__file__).parents[1] / "data" / "crosscheck_terms_fresh.tsv"
_PLACES = ["사과", "바다", "하늘", "구름", "나무", "바람", "강물", "들판", "호수", "언덕", "모래", "별빛", "노을"]
_VERBS = ["봅니다", "갑니다", "섭니다", "웃습니다", "읽습니다", "씁니다", "삽니다"]


def _archenemy_texts(misspelt: int) -> tuple[dict[str, str], list[str]]:
    """Twenty-five rules naming the archenemy (아크에너미), ``misspelt`` of them spelt 아크애너미, and twenty others."""
    texts, rules = {}, []
    for i in range(25):
        word = "아크애너미" if i < misspelt else "아크에너미"
        texts[f"904.{i}"] = f"{word}는 {_PLACES[i % len(_PLACES)]}에서 {_VERBS[i % len(_VERBS)]}."
        rules.append(f"904.{i}")
    for i in range(20):
        texts[f"100.{i}"] = f"각 플레이어는 {_PLACES[i % len(_PLACES)]}에서 {_VERBS[i % len(_VERBS)]}."
    return texts, rules


def test_a_learnt_korean_form_is_the_whole_word_not_the_start_two_spellings_share():
    # 아크 stands in all 25 rules, 아크에너미 in 23: a better Dice for the prefix, which stops inside the word
    texts, rules = _archenemy_texts(2)
    assert learn(texts, "ko", {"archenemy": rules})["archenemy"].form == "아크에너미"
    # spelt one way throughout, the word is the form as before
    texts, rules = _archenemy_texts(0)
    assert learn(texts, "ko", {"archenemy": rules})["archenemy"].form == "아크에너미"


def test_a_prefix_completed_by_several_words_is_kept():
    # 격발 ("trigger") goes on as 격발된, 격발하는, 격발 능력: no one word completes it in nearly all its places
    texts = {}
    endings = ["격발된 능력", "격발하는 것", "격발 조건"]
    for i in range(24):
        texts[f"603.{i}"] = f"{_PLACES[i % len(_PLACES)]}에서 {endings[i % 3]}을 {_VERBS[i % len(_VERBS)]}."
    for i in range(20):
        texts[f"100.{i}"] = f"각 플레이어는 {_PLACES[i % len(_PLACES)]}에서 {_VERBS[i % len(_VERBS)]}."
    assert learn(texts, "ko", {"trigger": [f"603.{i}" for i in range(24)]})["trigger"].form == "격발"


def test_a_term_named_by_a_derived_word_says_the_shorter_term_a_compound_does_not():
    assert derived("trigger", "triggers", "trigger ability", "triggered ability")
    assert not derived("mana", "mana", "mana cost", "mana cost")  # 마나 비용 for "mana" stays a finding
    assert not derived("brawl", "Brawl", "free-for-al", "Free-for-All")  # 난투전 holds 난투 and is no Brawl
    assert not derived("trigger", "trigger", "trigger", "trigger")


def test_every_level_has_a_tier_and_only_the_confident_one_is_sure():
    assert set(TIERS) == {"sure", "possible"} and SURE_LEVELS <= set(LEVELS)
    assert [tier(level) for level in LEVELS] == ["sure", "possible", "possible", "possible", "possible", "possible"]


def _doc(lang: str, texts: list[str]) -> DocText:
    rules = [RuleText(f"100.{i + 1}", "rule", None, text, 0, i) for i, text in enumerate(texts)]
    return DocText(1 if lang == "en" else 2, lang, lang, None, rules)


def test_a_learnt_finding_is_of_the_possible_tier():
    names = [TermName("zh", "坟墓场", "graveyard", english_key("graveyard"), "glossary", "g")]
    vocabulary = {english_key("graveyard"): CrTerm(english_key("graveyard"), "graveyard", "zone")}
    verbs = ["놓입니다", "갑니다", "있습니다", "남습니다"]
    english = ["A card is put into a graveyard."] * 20 + ["Each player puts a card into a hand."] * 8
    korean = [f"그 카드를 무덤에 {verbs[i % 4]}." for i in range(19)] + ["그 카드를 버려진 곳에 놓입니다."]
    korean += [f"각 플레이어는 그 카드를 손에 {verbs[i % 4]}." for i in range(8)]
    en, tr = _doc("en", english), _doc("ko", korean)
    [finding] = terminology(tr, en, TermBase(TermDictionary(names, vocabulary), tr, en, {}))
    assert finding.detail["level"] == "learnt" and finding.detail["tier"] == "possible"


def test_the_fresh_labels_are_well_formed_and_cover_both_halves():
    labels = read_qa_labels(LABELS)
    assert len({(x.document, x.kind, x.number) for x in labels}) == len(labels) >= 80  # one label a finding
    assert {x.kind for x in labels} == {"terminology", "swaps"} and all(x.reason.strip() for x in labels)
    halves = Counter(qa_split(x.number) for x in labels if x.document.startswith("ko@"))
    assert halves["tune"] >= 30 and halves["held-out"] >= 30
    # the split is crc32 of the rule number, fixed before reading
    assert all(qa_split(x.number) == ("held-out" if zlib.crc32(x.number.encode()) % 2 else "tune") for x in labels)
    # both labels occur: a set of real findings only would measure nothing
    assert {x.real for x in labels} == {True, False}


def test_a_core_word_the_english_makes_the_other_thing_is_no_swap():
    key = english_key
    on_battlefield = "This refers to putting counters on that object while it’s on the battlefield."
    assert same_thing(key("object"), key("permanent"), on_battlefield)  # 122.6: 전장의 지속물
    assert same_thing(key("object"), key("permanent"), "The object or player an Aura is attached to is enchanted.")
    assert same_thing(key("card"), key("spell"), "You may cast this card face down.")
    assert same_thing(key("player"), key("opponent"), "to equal the other player’s previous life total")
    # what the translators corrected stays a swap: 303.4g "no legal object or player for it to enchant" as 永久物
    to_enchant = "If an Aura is entering the battlefield and there is no legal object or player for it to enchant"
    assert not same_thing(key("object"), key("permanent"), to_enchant)
    assert not same_thing(key("object"), key("permanent"), "If an object changes zones before it deals damage")
    assert not same_thing(key("player"), key("opponent"), "if a player was dealt combat damage this turn")
    assert not same_thing(key("permanent"), key("object"), on_battlefield)  # one way only: a permanent narrowed
    assert not same_thing(key("creature"), key("permanent"), "If a creature with evolve enters the battlefield")
