"""The backlog on the real corpus: the Japanese translation of 2026-01-16 against the English of
2026-08-07, and the Chinese of 2023-11-17 against 2026-04-17 compared with what the Chinese
translators really changed in their 2026-04-17 file."""

from __future__ import annotations

import json

import pytest

from kb.api import KnowledgeBase, LookupFailed
from kb.backlog import BacklogError, agreement, backlog
from kb.backlog.model import MECHANICAL
from kb.core.numbers import RuleNumber
from kb.history.text import normalise
from tests.corpus.test_backlog_db import backlog_db_path


@pytest.fixture(scope="module")
def kb():
    base = KnowledgeBase.open(backlog_db_path())
    yield base
    base.close()


@pytest.fixture(scope="module")
def ja(kb):
    return backlog(kb, "ja@2026-01-16")


@pytest.fixture(scope="module")
def zh(kb):
    return backlog(kb, "zh@2023-11-17", to="2026-04-17")


def items(result, part="rule"):
    return {(i.old_number, i.number): i for i in result.items if i.part == part}


def test_the_japanese_backlog_names_its_editions_and_pivot(ja):
    assert ja.translation.document == "CompRules_ja_20260116.0_lines"
    assert (ja.english_old.document, ja.english_new.document) == ("MagicCompRules_20260116", "MagicCompRules_20260807")
    assert ja.pivot == "same edition"


def test_an_added_rule_has_the_english_to_translate_and_no_translation(ja):
    added = items(ja)[(None, "111.10v")]
    assert added.kind == "added"
    assert added.new_english.startswith("A Mutagen token is a colorless Mutagen artifact token")
    assert added.translation is None and added.proposed is None


def test_an_edited_rule_has_the_word_diff_beside_the_current_translation(ja):
    edited = items(ja)[("107.3e", "107.3e")]
    assert edited.kind == "edited"
    removed = [edited.old_english[s.start : s.end] for s in edited.old_spans]
    inserted = [edited.new_english[s.start : s.end] for s in edited.new_spans]
    assert removed == ["chosen or defined for"] and inserted == ["used by"]
    assert edited.translation.startswith("呪文や能力が、他のオブジェクトの持つ")
    assert edited.proposed is None and not edited.machine_updated


def test_a_renumbered_rule_gets_its_translation_with_cited_numbers_rewritten(ja):
    moved = items(ja)[("726.6", "727.6")]
    assert moved.kind == "renumbered" and moved.machine_updated
    # The English cites the subgames rule 728 -> 729; the Japanese cited it (stale) as 727.
    assert "rule 727 参照" in moved.translation
    assert moved.proposed == moved.translation.replace("rule 727 参照", "rule 729 参照")
    assert "727" in moved.note and "729" in moved.note


def test_a_references_only_rule_is_machine_updated(ja):
    refs = items(ja)[("122.1i", "122.1i")]
    assert refs.kind == "references only" and refs.machine_updated
    assert refs.translation.endswith("727〔RADカウンター〕参照。")
    assert refs.proposed.endswith("728〔RADカウンター〕参照。")
    assert refs.note is None  # the translation cited the same number as its English: no guess needed


def test_a_renumbered_rule_with_the_same_text_keeps_its_translation(ja):
    moved = items(ja)[("722.1a", "723.1a")]
    assert moved.kind == "renumbered" and moved.machine_updated
    assert moved.proposed == moved.translation and moved.translation


def test_items_follow_the_newer_editions_order(kb, ja):
    order = {
        row[0]: k
        for k, row in enumerate(
            kb.conn.execute(
                "select number from rules r join documents d on d.id = r.document_id where d.name = ? order by seq",
                ["MagicCompRules_20260807"],
            )
        )
    }
    numbers = [order[i.number] for i in ja.items if i.part == "rule" and i.number]
    assert numbers == sorted(numbers)
    assert len(numbers) > 200


def test_the_summary_counts_each_kind_per_section(ja):
    counted: dict = {}
    for item in ja.items:
        section = (
            "glossary" if item.part == "glossary" else str(RuleNumber.parse(item.number or item.old_number).section)
        )
        counted.setdefault(section, {}).setdefault(item.kind, 0)
        counted[section][item.kind] += 1
    assert ja.summary == counted
    assert sum(ja.totals.values()) == len(ja.items)
    assert ja.summary["7"]["renumbered"] > 100  # 721 Station Cards pushed 722-732 up by one
    assert ja.summary["glossary"]["removed"] == 2


def test_glossary_entries_are_listed_with_their_translation(ja):
    glossary = [i for i in ja.items if i.part == "glossary"]
    removed = {i.old_term for i in glossary if i.kind == "removed"}
    assert removed == {"Paris Mulligan", "Vancouver Mulligan"}
    renamed = next(i for i in glossary if i.kind == "renamed")
    assert (renamed.old_term, renamed.term) == ("Removed from Combat", "Remove from Combat")
    assert renamed.translation.startswith("攻撃クリーチャーやブロック・クリーチャー")
    machine = [i for i in glossary if i.kind == "references only" and i.machine_updated]
    assert len(machine) >= 15
    assert all(i.proposed != i.translation for i in machine)


def test_json_items_carry_the_fields_translators_need(ja):
    data = json.loads(json.dumps(ja.to_dict(), ensure_ascii=False))
    item = next(i for i in data["items"] if i["number"] == "727.6")
    assert {
        "number",
        "old_number",
        "kind",
        "old_english",
        "new_english",
        "translation",
        "proposed",
        "machine_updated",
    } <= set(item)
    assert item["old_number"] == "726.6" and item["machine_updated"] is True
    assert "units" not in data


def test_a_split_shows_both_sides_and_each_new_part(zh):
    split = [i for i in zh.items if i.kind == "split" and i.old_number == "500.5"]
    assert [i.number for i in split] == [None, "500.4", "500.5a", "500.5b"]
    assert [r.number for r in split[0].related] == ["500.4", "500.5a", "500.5b"]
    assert split[1].new_english.startswith("As a step or phase begins")
    assert all(i.translation.startswith("当阶段或步骤结束时") for i in split)


def test_a_merge_shows_every_old_rule_with_its_translation(zh):
    merged = next(i for i in zh.items if i.kind == "merged")
    assert merged.number == "603.2d"
    assert [r.number for r in merged.related] == ["603.2d", "603.2e"]
    assert all(r.translation for r in merged.related)


def test_examples_are_listed_by_position(zh):
    examples = items(zh, "example")
    added = next(i for i in examples.values() if i.number == "500.10")
    assert added.kind == "added" and added.position == 1 and added.new_english.startswith("Obeka")
    removed = [i for i in zh.items if i.part == "example" and i.kind == "removed" and i.number == "510.1c"]
    assert [i.old_position for i in removed] == [2, 3, 4]
    assert all(i.translation for i in removed)


# ---- checked against what the Chinese translators did --------------------------------------


def test_the_chinese_backlog_agrees_with_the_translators(kb, zh):
    found = agreement(kb, zh, "zh@2026-04-17")
    print(
        f"\nprecision {found.precision:.3f} ({found.listed_changed}/{found.listed}), "
        f"recall {found.recall:.3f} ({found.both_changed_listed}/{found.both_changed}), "
        f"machine proposals as the translators wrote them {found.machine_agreement:.3f} "
        f"({found.machine_same}/{found.machine})"
    )
    assert found.listed > 800 and found.both_changed > 800
    assert found.precision >= 0.98
    assert found.recall >= 0.98
    assert found.machine_agreement >= 0.8  # the rest are the translators' own rewordings
    assert found.by_kind["added"][0] == found.by_kind["added"][1]  # every added rule was translated


def test_the_agreement_fails_a_wrong_list(kb, zh):
    """A list that names only the mechanical items misses most of what changed."""
    import copy

    partial = copy.copy(zh)
    partial.items = [i for i in zh.items if i.kind in MECHANICAL]
    found = agreement(kb, partial, "zh@2026-04-17")
    assert found.recall < 0.6


# Chapter 500 by hand, from the four files: old 500.4 (mana empties) and the first half of
# old 500.5 became the new 500.5; the rest of old 500.5 split into 500.4 ("As a step or phase
# begins"), 500.5a and 500.5b; 500.10 (with an example) and 500.10a are new; old 500.10 and
# 500.11 moved down by one, 500.11 -> 500.12 also reordered ("steps, phases, or turns").
HAND_500 = [
    ("split", "rule", "500.5", None),
    ("split", "rule", "500.5", "500.4"),
    ("split", "rule", "500.5", "500.5a"),
    ("split", "rule", "500.5", "500.5b"),
    ("renumbered and edited", "rule", "500.4", "500.5"),
    ("added", "rule", None, "500.10"),
    ("added", "example", None, "500.10"),
    ("added", "rule", None, "500.10a"),
    ("renumbered", "rule", "500.10", "500.11"),
    ("renumbered and edited", "rule", "500.11", "500.12"),
]


def test_chapter_500_by_hand(kb):
    result = backlog(kb, "zh@2023-11-17", to="2026-04-17", section="500")
    assert [(i.kind, i.part, i.old_number, i.number) for i in result.items] == HAND_500
    assert result.summary == {"5": {"added": 3, "renumbered and edited": 2, "split": 4, "renumbered": 1}}
    found = agreement(kb, result, "zh@2026-04-17")
    # The translators rewrote every listed rule, translated the new ones, and wrote 500.11 as proposed.
    assert (found.listed, found.listed_changed) == (9, 9)
    assert (found.machine, found.machine_same) == (1, 1)
    assert found.missed == []
    # ... and left the rules the list leaves out as they were.
    texts = {}
    for name in ("MagicCompRules_20231117_zh-CN_HeliumOctahelide", "MagicCompRules_20260417_zh-CN_HeliumOctahelide"):
        texts[name] = dict(
            kb.conn.execute(
                "select number, text from rules r join documents d on d.id = r.document_id where d.name = ? "
                "and number like '500.%'",
                [name],
            ).fetchall()
        )
    old, new = texts.values()
    for number in ("500.1", "500.2", "500.3", "500.6", "500.7", "500.8", "500.9"):
        assert normalise(old[number]) == normalise(new[number]), number


# ---- input errors -----------------------------------------------------------------------------


def test_an_unknown_language_or_edition_names_what_exists(kb):
    with pytest.raises(LookupFailed) as error:
        backlog(kb, "fr@2026-01-16")
    assert "fr" in str(error.value) and "ja" in error.value.suggestions
    with pytest.raises(LookupFailed) as error:
        backlog(kb, "ja@2025-01-01")
    assert "2026-01-16" in error.value.suggestions


def test_a_newer_edition_that_is_older_is_bad_input(kb):
    with pytest.raises(BacklogError, match="older"):
        backlog(kb, "ja@2026-01-16", to="2023-11-17")


def test_an_unknown_section_names_its_neighbours(kb):
    with pytest.raises(LookupFailed) as error:
        backlog(kb, "ja@2026-01-16", section="702.999")
    assert error.value.suggestions


def test_the_facade_delegates(kb, ja):
    result = kb.backlog("ja@2026-01-16", section="7")
    assert result.section == "7"
    assert [i.number for i in result.items] == [i.number for i in ja.items if i.section == "7"]
