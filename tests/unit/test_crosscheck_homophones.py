"""Homophones of a term (kb.crosscheck.homophones): strings read like a form and written otherwise."""

from kb.crosscheck.homophones import Readings, homophones


def test_a_homophone_of_a_term_is_found_with_its_offset():
    # 716.2d of the Chinese text of 2023-11-17: 登记 (register) typed for 等级 (level)
    text = "如果一个规则或效应提及永久物的等级，且该永久物没有登记，该永久物被视作等级是1。"
    found = list(homophones(text, "等级", Readings()))
    assert found == [(text.index("登记"), "登记")]


def test_the_form_itself_and_other_sounds_are_not_found():
    readings = Readings()
    assert list(homophones("施放此咒语", "施放", readings)) == []
    assert list(homophones("牌手将其翻回正面", "施放", readings)) == []
    # 释放 (shìfàng, release) and 施放 (shīfàng, cast) differ only in tone
    assert list(homophones("于释放此咒语时", "施放", readings)) == [(1, "释放")]


def test_a_text_is_read_once_for_many_forms():
    readings = Readings()
    text = "该生物没有登记"
    assert readings.read(text) is readings.read(text)
    spoken, starts = readings.read(text)
    assert spoken.startswith("|gai|sheng|wu|") and starts[0] == 0 and len(starts) == len(text)
