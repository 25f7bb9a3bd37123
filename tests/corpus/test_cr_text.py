"""The CR-text importer on real editions: structure, examples, glossary, quirks."""

from functools import lru_cache

import pytest

from kb.importers import cr_text
from kb.importers.records import SourceError
from tests.conftest import corpus_path


@lru_cache(maxsize=None)
def parsed(*parts: str):
    path = corpus_path(*parts)
    return cr_text.parse(path.read_bytes(), str(path))


def en(label: str):
    return parsed("en", "full", f"MagicCompRules_{label}.txt")


def by_number(doc):
    return {rule.number: rule for rule in doc.rules}


def subrule_letters(doc, parent: str) -> list[str]:
    return [
        r.number[len(parent) :] for r in doc.rules if r.number.startswith(parent) and r.number[len(parent) :].isalpha()
    ]


def test_phasing_2010_has_subrules_a_to_k_and_m():
    doc = en("20100716")
    assert doc.edition == "2010-07-16"
    assert by_number(doc)["702.23"].title == "Phasing"
    assert subrule_letters(doc, "702.23") == list("abcdefghijkm")


def test_phasing_2023_has_fourteen_subrules():
    doc = en("20231117")
    letters = subrule_letters(doc, "702.26")
    assert letters == list("abcdefghijkmnp")
    assert len(letters) == 14


def test_state_based_actions_2026_run_to_z():
    doc = en("20260116")
    assert subrule_letters(doc, "704.5")[-1] == "z"
    assert "704.5l" not in by_number(doc) and "704.5o" not in by_number(doc)


def test_the_rules_with_four_examples_keep_four():
    rules = by_number(en("20260116"))
    for number in ("613.6", "707.3", "800.4a"):
        assert len(rules[number].examples) == 4, number
    assert rules["613.6"].examples[1].startswith("Act of Treason has an effect")
    assert not any(e.startswith("Example") for e in rules["613.6"].examples)


def test_rule_text_and_titles_are_exact():
    rules = by_number(en("20260807"))
    assert rules["7"].title == "Additional Rules"
    assert rules["702"].title == "Keyword Abilities"
    assert rules["702.26"].title == "Phasing" and rules["702.26"].text == ""
    assert rules["702.26k"].text == (
        "Phased-out permanents owned by a player who leaves the game also leave the game. "
        "This doesn’t cause zone-change abilities to trigger. See rule 800.4."
    )
    assert rules["100.1"].title is None and rules["100.1"].text.startswith("These Magic rules apply")
    assert rules["702.179"].title == "Start Your Engines!"


def test_contents_list_is_not_taken_for_rules():
    doc = en("20260807")
    numbers = [r.number for r in doc.rules]
    assert numbers[:3] == ["1", "100", "100.1"]
    assert len(numbers) == len(set(numbers))
    assert doc.rules[0].line > 100


def test_glossary_between_glossary_and_credits():
    doc = en("20260807")
    assert len(doc.glossary) == 739
    assert doc.glossary[0].term == "Abandon"
    assert doc.glossary[-1].term == "Zone-Change Triggers"
    ability = next(g for g in doc.glossary if g.term == "Ability")
    assert ability.text.splitlines()[0] == "1. Text on an object that explains what that object does or can do."


def test_pre_2009_layout_keyword_abilities_in_502_and_wrapped_lines():
    doc = en("19990423")
    rules = by_number(doc)
    assert doc.edition == "1999-04-23"
    assert rules["502.2"].title == "First Strike"
    assert rules["502.2b"].text.startswith(
        "During the combat damage step, if at least one attacking or blocking creature"
    )
    assert "\n" not in rules["502.2b"].text
    assert doc.glossary[0].term == "Ability" and "often confused" in doc.glossary[0].text
    assert any(g.term == "Phasing (Obsolete)" for g in doc.glossary)
    may_2009 = by_number(en("20090501"))
    assert may_2009["502.15"].title == "Phasing"
    assert may_2009["502.15a"].text == "Phasing is a static ability that modifies the rules of the untap step."


def test_header_date_wins_over_file_name():
    assert en("20060601").edition == "2004-06-01"
    assert en("20240802").edition == "2024-07-30"
    assert "June 1, 2004" in en("20060601").edition_evidence


def test_italic_underscores_are_dropped():
    rules = by_number(en("20100716"))
    assert "_" not in rules["702.23b"].text
    assert rules["702.23"].title == "Phasing"


@pytest.mark.parametrize("label", ["20130429", "20160826", "20221118", "20170925", "20060201"])
def test_every_encoding_and_line_ending(label):
    """UTF-16 BE and LE with BOM, Windows-1252, bare CR line endings."""
    doc = en(label)
    rules = by_number(doc)
    assert doc.lang == "en"
    assert len(doc.rules) > 900
    assert any("’" in r.text or "'" in r.text for r in doc.rules[:200])
    assert "100.1" in rules


def test_official_typos_are_read():
    """A repeated number is read as the next free one (tests/corpus/test_source_anomalies.py); no space after the number."""
    rules = by_number(en("20240917"))
    assert (rules["702.175"].title, rules["702.176"].title) == ("Offspring", "Impending")
    rules = by_number(en("19990423"))
    assert rules["305.3"].text.startswith("After triggered abilities")


def test_chinese_translation_detected_and_dated():
    doc = parsed("zh", "MagicCompRules_20231117_zh-CN_HeliumOctahelide.txt")
    assert doc.lang == "zh"
    assert doc.edition == "2023-11-17"
    rules = by_number(doc)
    assert rules["702.26"].title == "时间跳跃"
    assert len(rules["702.26b"].examples) == 2
    assert len(doc.glossary) == 668


def test_japanese_line_translation():
    doc = parsed("ja", "CompRules_ja_20260116.0_lines.txt")
    assert doc.lang == "ja" and doc.edition == "2026-01-16"
    rules = by_number(doc)
    assert rules["702.26"].title == "フェイジング"
    assert any(t.term == "フェイジング" and t.english == "Phasing" for t in doc.terms)
    assert rules["720"].title == "前兆カード"  # printed "720 . 前兆カード"
    assert rules["701.58a"].text.startswith("「[カードを]偽装する")
    assert len(rules["613.6"].examples) == 4
    companion = doc.glossary[0]
    assert (companion.term, companion.reading, companion.english) == ("相棒", "あいぼう", "Companion")
    # Every term line ("term（reading）／English") is its own entry, indented definition or not.
    assert len(doc.glossary) == 728
    entries = {g.english: g for g in doc.glossary}
    assert entries["Blood Token"].text.startswith("血・トークンは") and "Lander" not in entries["Blood Token"].text
    assert entries["Lander Token"].term == "着陸船・トークン"
    assert entries["Lander Token"].text.startswith("着陸船・トークンは")
    assert entries["Loyalty Ability"].text.startswith("コストに忠誠シンボル")


def _pair(translation, english):
    mine = {r.number for r in translation.rules}
    theirs = {r.number for r in english.rules}
    return sorted(mine - theirs), sorted(theirs - mine)


def test_japanese_pairs_with_english_by_number():
    only_ja, only_en = _pair(parsed("ja", "CompRules_ja_20260116.0_lines.txt"), en("20260116"))
    # 805.10g: the translation keeps a subrule the English 2026-01-16 text no longer has.
    assert only_ja == ["805.10g"]
    # 610.5: the translation has not translated it (a gap, not a rules change).
    assert only_en == ["610.5"]


def test_chinese_translations_pair_with_english_by_number():
    for label in ("20231117", "20260417"):
        zh = parsed("zh", f"MagicCompRules_{label}_zh-CN_HeliumOctahelide.txt")
        assert _pair(zh, en(label)) == ([], [])


def test_variants_import_too():
    cleaned = parsed("en", "variants", "MagicCompRules_20231117_cleaned_HeliumOctahelide.txt")
    reformatted = parsed("en", "variants", "MagicCompRules_20170825_reformatted_lzybluee.txt")
    assert [r.number for r in cleaned.rules] == [r.number for r in en("20231117").rules]
    assert [r.number for r in reformatted.rules] == [r.number for r in en("20170825").rules]


def test_bad_input_names_file_and_line():
    with pytest.raises(SourceError) as info:
        cr_text.parse(b"These rules are effective as of May 1, 2020.\n\nno rules here\n", "x.txt")
    assert "x.txt" in str(info.value) and "no rules found" in str(info.value)
    text = (
        "These rules are effective as of May 1, 2020.\n\n1. Game\n\n100. General\n\n100.1. Rule one.\n\n"
        "100.1a A subrule.\n\n1000.1x broken number\n"
    )
    with pytest.raises(SourceError) as info:
        cr_text.parse(text.encode(), "bad.txt")
    assert info.value.line == 11 and "bad.txt:11" in str(info.value)
    undated = (
        b"1. Game\n\n100. General\n\n100.1. If a player would draw a card, the player draws it.\n\n"
        b"100.1a This is a subrule of the rule and it applies to the game.\n"
    )
    with pytest.raises(SourceError) as info:
        cr_text.parse(undated, "undated.txt")
    assert "--edition" in str(info.value)
    doc = cr_text.parse(undated, "undated.txt", edition="2020-05-01")
    assert doc.edition == "2020-05-01" and doc.edition_evidence == "--edition"
