"""An English name standing alone in brackets in a CJK list (kb.crosscheck.signals.bare_entries)."""

from kb.crosscheck.signals import bare_entries

ORIGINAL = "The planeswalker types are Calix, Chandra, Comet, Dack, Estrid, and Gideon."


def test_a_bare_gloss_in_a_list_is_a_name_left_in_english():
    text = "鹏洛客类别包括凯利斯、茜卓、[Comet]、戴克、[Estrid]、基德芮。"
    assert bare_entries(text, ORIGINAL, "zh-CN") == ["Comet", "Estrid"]


def test_a_gloss_after_a_name_and_text_the_original_lacks_are_not():
    assert bare_entries("茜卓、慧慧[Comet]、戴克", ORIGINAL, "zh-CN") == []
    assert bare_entries("茜卓、[Kaito]、戴克", ORIGINAL, "zh-CN") == []  # not a name of the original
    assert bare_entries("如果[A]不行动", "If [A] takes no action", "ja") == []  # a placeholder, too short
    assert bare_entries("[Comet]", ORIGINAL, "de") == []  # spaced languages are read by `untranslated`
