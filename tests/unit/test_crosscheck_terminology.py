"""The terminology check's reading of an English term and of its translated form, on small texts."""

from __future__ import annotations

from kb.crosscheck.qa import _cost_as_verb, _implied_head, _relative_clause, _with_stems
from kb.crosscheck.termbase import count_forms
from kb.crosscheck.termevidence import name_like

BALDUR = "If the draft contained draft boosters from Commander Legends: Battle for Baldur's Gate, each player may"


def test_a_term_followed_by_a_capitalised_word_is_part_of_a_name_even_after_a_colon():
    assert name_like("Battle", BALDUR)
    assert not name_like("Battle", "Battle is a card type. A battle has defense.")
    assert not name_like("battle", "Each battle has a protector.")  # lowercase: the term itself


def test_a_verb_and_particle_across_a_relative_clause_or_a_sentence_is_no_term():
    main = "The main phase is the only phase in which a player can normally cast sorcery spells."
    assert _relative_clause("phase in", main)
    assert _relative_clause("phase. In", "Some effects add a step after a particular phase. In that case, it")
    assert not _relative_clause("phase in", "If a permanent would phase in, it phases in under your control.")
    # one place opens a clause, another is the verb: the term is named
    assert not _relative_clause("phase in", "In the phase in which it would phase in, it does.")


def test_a_chinese_term_with_a_particle_between_its_words_is_held():
    forms = _with_stems(("基本地类别",), "zh")
    assert count_forms("即使它有基本地的类别。", forms)
    assert not count_forms("即使它有基本地。", forms)
    assert not count_forms("即使它有的基本地类", forms)  # 的 at the edge, the form cut: not the term
    assert _with_stems(("基本地类别",), "de") == ("基本地类别",)


def test_a_head_word_after_the_naming_term_stands_for_a_term_of_several_words():
    original = "Each card with the prototype keyword ability has a second set of characteristics."
    others = {"prototype": ("试作",)}
    assert _implied_head("每张具有试作异能的牌", original, "keyword ability", ("关键字异能",), others)
    assert not _implied_head("每张具有试作的牌", original, "keyword ability", ("关键字异能",), others)
    # a single English word whose form loses a character is a real error: "artifact subtype" as 神器类别
    subtype = "Attraction is an artifact subtype seen only on nontraditional Magic cards."
    assert not _implied_head("景点是神器类别。", subtype, "subtype", ("副类别",), {"artifact": ("神器",)})


def test_costs_before_less_or_more_is_the_verb():
    assert _cost_as_verb("costs", "This spell costs {1} less to cast for each opponent you have.")
    assert _cost_as_verb("costs", "Spells your opponents cast cost {2}{R} more and this costs X more.")
    assert not _cost_as_verb("costs", "Pay all costs in any order. This spell costs {1} less.")  # a noun too
    assert not _cost_as_verb("cost", "As an additional cost to cast this spell, sacrifice a creature.")
