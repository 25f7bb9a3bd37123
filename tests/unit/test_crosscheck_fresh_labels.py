"""The kinds of false findings of the numbers, untranslated and coverage classes that the fresh labels
(tests/data/crosscheck_precision_fresh.tsv, the youbeebee Korean translation) showed on their tune half, each next
to a real finding of the same class that must stay. The translated texts are short quotes of the labelled rules
(the translation's README: free to quote); the English is the CR's. bench/bench_crosscheck_fresh.py measures the
whole documents from a clone.
"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import cast

from kb.crosscheck.corrections import qa_split, read_qa_labels
from kb.crosscheck.document import _cited_title, kept_in_english, names_listed, quoted_in
from kb.crosscheck.qa import coverage
from kb.crosscheck.signals import numerals, source_words_left, untranslated
from kb.crosscheck.termbase import TermBase
from kb.crosscheck.texts import DocText, RuleText

LABELS = Path(__file__).parents[1] / "data" / "crosscheck_precision_fresh.tsv"


def rule(number: str, text: str, title: str | None = None) -> RuleText:
    return RuleText(number, "subrule" if number[-1].isalpha() else "rule", title, text, 0, None)


def document(lang: str, rules: list[RuleText]) -> DocText:
    return DocText(1, lang, lang, "2021-11-19", rules)


def test_the_labels_are_split_by_the_rule_number_and_every_class_is_labelled_both_ways():
    labels = read_qa_labels(LABELS)
    assert len(labels) >= 140
    assert len({(x.document, x.kind, x.number) for x in labels}) == len(labels)  # one label a finding
    assert {x.kind for x in labels} == {"numbers", "markers", "untranslated", "coverage"}
    tune = [x for x in labels if qa_split(x.number) == "tune"]
    assert tune and len(tune) < len(labels)
    assert all(qa_split(x.number) == ("held-out" if zlib.crc32(x.number.encode()) % 2 else "tune") for x in labels)
    assert {x.real for x in labels if x.kind == "untranslated"} == {True, False}


def test_a_number_before_the_quote_that_closes_it_is_a_number_not_a_cited_title():
    # 701.18b: "scry 0" quoted; the 0 was taken for a number before a quoted title and dropped
    assert 0 in numerals('플레이어가 "점술 0"을 하게 된다면, 점술 이벤트는 발생하지 않습니다.', "ko").digits
    # a number before the quote that opens a title still cites
    assert 718 not in numerals('See 718, "Prototype Cards."', "en").digits


def test_a_parenthesis_that_renders_a_number_the_original_spells_is_no_coverage_finding():
    filler = [(f"100.{i}", "규칙입니다.", "A rule.") for i in range(1, 60)]
    hand = (
        "402.1",
        "플레이어들은 시작 손 크기(일반적으로 7장)에 맞춰 카드를 뽑습니다. (See rule 103.)",
        "Each player draws a number of cards equal to their starting hand size, which is normally seven. (See rule 103.)",
    )
    added = (
        "810.11",
        "각 팀은 게임을 시작합니다. (시작 생명은 30)",
        "Each team starts the game.",
    )
    tr = document("ko", [rule(n, ko) for n, ko, _ in [*filler, hand, added]])
    en = document("en", [rule(n, text) for n, _, text in [*filler, hand, added]])
    found = [f.number for f in coverage(tr, en, cast(TermBase, None))]  # the coverage check reads no term
    assert found == ["810.11"]  # a number of its own is still a finding; "7장" for "seven" is not


def test_english_glossed_after_its_word_is_no_finding_but_an_example_that_goes_on_in_korean_is():
    original = "Trigger events are called enters-the-battlefield triggers and leaves-the-battlefield triggers."
    glossed = "가장 일반적인 트리거는 '전장에 들어올 때(Enters-the-battlefield; ETB)' 트리거입니다."
    assert source_words_left(glossed, original, "ko") == []  # 603.6
    long = "기본 다인전 세팅은 난투전(Free-for-All variant with the attack multiple players option)입니다."
    assert untranslated(long, "ko") == []  # 903.2
    kicker = "어떤 주문은 대체 비용이나 추가 비용을 지불할 때(kicker 비용 등)나 특정한 모드에서만 목표를 정합니다."
    assert source_words_left(
        kicker,
        "A spell may require targets only if an alternative or additional cost (such as a kicker cost) is paid.",
        "ko",
    ) == ["kicker"]


def test_english_inside_straight_quotes_is_quoted_wording():
    text = '어떤 지속물은 "[This permanent] enters the battlefield with . . . " 같은 문구를 가집니다.'
    assert untranslated(text, "ko") == []  # 603.6d, card templates quoted as printed
    assert source_words_left(
        '슈퍼타입이 "ongoing"인 scheme 카드는', "Any scheme card with the supertype “ongoing”", "ko"
    ) == ["scheme"]  # 205.4h: the word after the closing quote is left in English


def test_a_word_the_original_quotes_is_kept_but_not_a_cited_title():
    assert quoted_in("world rule", "also called the “world rule” (see rule 704.5k).")  # 205.4f
    assert quoted_in("play", "“Play” in this sense means to play the Magic game.")  # 701.14c
    assert not quoted_in(
        "phasing", "This turn-based action doesn’t use the stack. See rule 702.26, “Phasing.”"
    )  # 502.1


def test_a_list_of_names_the_original_lists_is_kept_but_one_name_is_not():
    original = "Those names are Abu Ja’far, Aladdin, Dandân, El-Hajjâj, Eye for an Eye, and Ghazbán Ogre."
    assert names_listed("Abu Ja'far, Aladdin, Dandan, El-Hajjaj, Eye for an Eye, Ghazban Ogre", original)  # 206.3a
    assert names_listed(
        "Sundial of the Infinite, Day’s Undoing", "Three cards (Time Stop, Sundial of the Infinite, and Day’s Undoing)"
    )
    assert not names_listed("Space Sculptor", "Space Sculptor is a static ability.")
    assert not names_listed("Aladdin, Sindbad", original)  # a name the original does not list


def test_a_title_cited_with_its_opening_quote_lost_is_a_cited_title():
    en = document(
        "en",
        [rule("702.5", "", "Enchant"), rule("115.1b", "Aura spells are always targeted (see rule 702.5, “Enchant”).")],
    )
    ko = rule("115.1b", '마법진의 목표는 부여 키워드 능력에 의해 명시됩니다. (See rule 702.5, Enchant")')
    assert _cited_title("Enchant", ko, en)


def test_a_name_is_kept_by_habit_when_the_translation_writes_it_also_inside_longer_names():
    # Melee: 702.121a flagged, the Grand Melee rules write it too; layer is no part of "player"
    names = ["Melee"] + [f"Keyword{chr(65 + i)}" for i in range(10)]
    en_rules = [rule("702.121a", "Melee is a triggered ability.")]
    ko_rules = [rule("702.121a", "Melee는 격발 능력입니다.")]
    for i in range(1, 4):
        en_rules.append(rule(f"807.{i}", "In the Grand Melee variant, each player takes turns."))
        ko_rules.append(rule(f"807.{i}", "Grand Melee 변형에서 각 플레이어가 턴을 가집니다."))
    for i, name in enumerate(names[1:]):
        for x in "ab":
            en_rules.append(rule(f"702.{i + 2}{x}", f"{name} is a keyword ability. The player chooses."))
            ko_rules.append(rule(f"702.{i + 2}{x}", f"{name}은 키워드 능력입니다. 플레이어가 선택합니다."))
    en_rules.append(rule("613.1a", "Layer 1: copy effects are applied."))
    ko_rules.append(rule("613.1a", "Layer 1: 복사 효과가 적용됩니다."))
    left = {"702.121a": ["Melee"], "613.1a": ["Layer"]}
    left |= {f"702.{i + 2}{x}": [name] for i, name in enumerate(names[1:]) for x in "ab"}
    kept = kept_in_english(left, document("ko", ko_rules), document("en", en_rules))
    assert "melee" in kept  # 4 of its 4 rules write it, 3 of them as Grand Melee
    assert "layer" in kept  # named by one rule only: "player" of the 22 others does not name it
    ko_rules[1] = rule("807.1", "그랜드 밀리 변형에서 각 플레이어가 턴을 가집니다.")
    ko_rules[2] = rule("807.2", "그랜드 밀리 변형에서 각 플레이어가 턴을 가집니다.")
    ko_rules[3] = rule("807.3", "그랜드 밀리 변형에서 각 플레이어가 턴을 가집니다.")
    assert "melee" not in kept_in_english(left, document("ko", ko_rules), document("en", en_rules))  # 1 of 4


def test_a_gloss_of_the_translation_is_no_english_kept():
    # Korean 300.2b: "tribal" left twice; the other rules gloss it (종족(tribal), the title "종족 Tribals")
    en = document(
        "en",
        [rule("300.2b", "Each tribal card has another card type."), rule("308", "", "Tribals")]
        + [rule(f"308.{i}", "Tribal cards have another card type.") for i in range(1, 4)]
        + [rule(f"702.{i + 2}{x}", f"Keyword{chr(65 + i)} is a keyword ability.") for i in range(10) for x in "ab"],
    )
    ko = document(
        "ko",
        [rule("300.2b", "각 tribal 카드는 다른 카드 타입을 가집니다."), rule("308", "", "종족 Tribals")]
        + [rule(f"308.{i}", "종족(tribal) 카드는 다른 카드 타입을 추가로 가집니다.") for i in range(1, 4)]
        + [rule(f"702.{i + 2}{x}", f"Keyword{chr(65 + i)}은 키워드 능력입니다.") for i in range(10) for x in "ab"],
    )
    left = {"300.2b": ["tribal"]} | {f"702.{i + 2}{x}": [f"Keyword{chr(65 + i)}"] for i in range(10) for x in "ab"}
    kept = kept_in_english(left, ko, en)
    assert "tribal" not in kept  # written in its own place in 1 of its 5 rules
    assert "keyworda" in kept
