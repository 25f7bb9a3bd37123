"""A Korean translation against its original: one-letter slips (kb.crosscheck.hangul), titles cited in the
original's words, names a translation keeps in English by habit; and the third answer key's file.

The documents here are written for the test, in the layout of the youbeebee Korean translation (each rule
on a line, titles cited in English, keyword names glossed or kept in English); the translation itself is not
in ../shared/corpus (bench/bench_crosscheck_ko.py reads it from a clone).
"""

from __future__ import annotations

import re
import zlib
from collections import Counter
from pathlib import Path

from kb.api import KnowledgeBase
from kb.crosscheck import crosscheck_document
from kb.crosscheck.corrections import read_corrections
from kb.crosscheck.document import KEPT_POLICY, kept_in_english
from kb.crosscheck.hangul import COMMON, letters, neighbours, slips, syllable, word_counts
from kb.crosscheck.texts import DocText, RuleText

KEY = Path(__file__).parents[1] / "data" / "crosscheck_corrections_ko_kormtgcr.tsv"


def test_a_syllable_is_three_letters():
    assert letters("단") == (3, 0, 4)  # ㄷ, ㅏ, ㄴ
    assert syllable(*letters("조")) == "조"
    one_away = set(neighbours("단"))
    assert {"담", "댄", "잔", "다"} <= one_away  # final, vowel, initial changed; the final dropped
    assert "단" not in one_away and "담" in set(neighbours("단")) and "삼" not in one_away  # two letters: no


def test_a_word_written_once_one_letter_from_a_common_word_is_a_slip():
    counts = word_counts(["이 단계가 시작됩니다."] * COMMON + ["전투전 메인 담계가 시작되면서"])
    assert list(slips("전투전 메인 담계가 시작되면서", counts)) == [("담계가", "단계가", 1, COMMON)]
    # a common word one letter away must be common: one less, and there is no finding
    rare = word_counts(["이 단계가 시작됩니다."] * (COMMON - 1) + ["전투전 메인 담계가 시작되면서"])
    assert list(slips("전투전 메인 담계가 시작되면서", rare)) == []


def test_endings_and_verbs_are_no_slips():
    counts = word_counts(["그것이 입니다 계단을"] * COMMON + ["집니다 계단은"])
    # 집니다 / 입니다: a verb ending; 계단은 / 계단을: the last syllable, where particles alternate
    assert list(slips("집니다 계단은", counts)) == []


def rule(number: str, text: str, title: str | None = None) -> RuleText:
    return RuleText(number, "subrule" if number[-1].isalpha() else "rule", title, text, 0, None)


def document(lang: str, rules: list[RuleText]) -> DocText:
    return DocText(1, lang, lang, "2021-11-19", rules)


def test_names_kept_in_english_by_habit_and_not_a_name_translated_elsewhere():
    names = [f"Keyword{chr(65 + i)}" for i in range(KEPT_POLICY)]
    en = document(
        "en",
        [rule(f"702.{i + 2}{x}", f"{name} is a keyword ability.") for i, name in enumerate(names) for x in "ab"]
        + [rule(f"300.{i}", "A tribal card has another card type.") for i in range(1, 5)],
    )
    ko = document(
        "ko",
        [rule(f"702.{i + 2}{x}", f"{name}은 키워드 능력입니다.") for i, name in enumerate(names) for x in "ab"]
        + [rule("300.1", "tribal 카드는 다른 카드 타입을 가집니다.")]
        + [rule(f"300.{i}", "종족 카드는 다른 카드 타입을 가집니다.") for i in range(2, 5)],
    )
    left = {f"702.{i + 2}{x}": [name] for i, name in enumerate(names) for x in "ab"}
    left["300.1"] = ["tribal"]  # left once, rendered 종족 in the three other rules
    kept = kept_in_english(left, ko, en)
    assert kept == {name.casefold() for name in names}
    # one name fewer kept in several rules: no habit, every name is a finding again
    del left["702.2a"], left["702.2b"]
    assert kept_in_english(left, ko, en) == set()


def write_documents(folder: Path) -> tuple[Path, Path]:
    """An English original and a Korean translation of it, in the CR's text layout."""
    english = ["Magic: The Gathering Comprehensive Rules", "", "These rules are effective as of November 19, 2021.", ""]
    korean = ["매직: 더 개더링 종합 규칙서", "", "이 규칙은 2021년 11월 19일부터 시행됩니다.", ""]
    english += ["500. Turn Structure", "", "500.1. A turn consists of five phases.", ""]
    korean += ["500. 턴의 구조", "", "500.1. 턴은 다섯 개의 단계로 구성됩니다.", ""]
    for i in range(2, 2 + COMMON):
        english += [f"500.{i}. When this phase ends, the next phase begins.", ""]
        korean += [f"500.{i}. 이 단계가 끝나면, 다음 단계가 시작됩니다.", ""]
    english += [
        "501. Beginning Phase",
        "",
        "501.1. As the precombat main phase begins, that player draws. (See rule 500, “Turn Structure.”)",
        "",
    ]
    korean += [
        "501. 시작 단계",
        "",
        '501.1. 전투전 메인 담계가 시작되면서, 그 플레이어는 카드를 뽑습니다. (See rule 500, "Turn Structure.")',
        "",
    ]
    en_path, ko_path = folder / "MagicCompRules_20211115.txt", folder / "MagicCompRules_KR.txt"
    en_path.write_text("\n".join(english) + "\n", encoding="utf-8")
    ko_path.write_text("\n".join(korean) + "\n", encoding="utf-8")
    return en_path, ko_path


def test_a_korean_document_against_its_original(tmp_path):
    """The slip is one spelling finding of its rule (the whole word's counts: "phase" is in every rule here, so it
    witnesses nothing) and no consistency finding (one check of slips, issue 44); the English title cited after its
    number is neither a title finding nor English left untranslated."""
    en_path, ko_path = write_documents(tmp_path)
    kb = KnowledgeBase.open(":memory:")
    kb.import_file(en_path)
    kb.import_file(ko_path)
    report = crosscheck_document(kb.conn, "MagicCompRules_KR", "MagicCompRules_20211115")
    assert report.rules["paired"] == report.rules["translation"] == 2 + 1 + COMMON + 1
    assert [f for f in report.findings if f.number == "501.1" and f.kind != "spelling"] == []
    found = report.of_kind("spelling")
    assert [(f.number, f.detail["translated"], f.detail["dominant"]) for f in found] == [("501.1", "담계가", "단계가")]
    assert found[0].detail["evidence"]["ways"] == ["counted"] and 0 < found[0].confidence < 0.4
    assert not report.of_kind("titles") and not report.of_kind("untranslated")
    kb.close()


_STATE = re.compile(r"\[KR@[0-9a-f]{12} → KR@[0-9a-f]{12}, en \d{8}\]$")


def test_the_third_answer_key_is_split_by_its_rule_and_names_its_states():
    rows = read_corrections(KEY)
    assert len(rows) == 69
    assert all(row.split == ("held-out" if zlib.crc32(row.number.encode()) % 2 else "tune") for row in rows)
    assert all(_STATE.search(row.reason) for row in rows)
    states = Counter((row.number, row.reason[-40:]) for row in rows)
    assert max(states.values()) == 1  # a rule once per pair of states
    errors = Counter((row.split, row.kind) for row in rows if row.label == "error")
    assert sum(n for (split, _), n in errors.items() if split == "tune") == 4
    assert sum(n for (split, _), n in errors.items() if split == "held-out") == 8
    assert all(row.kind == "" for row in rows if row.label == "style")
