"""English glosses inside a Japanese rule (kb.crosscheck.termbase.unglossed): the gloss goes, the rule stays."""

from kb.crosscheck.termbase import count_forms, unglossed


def test_a_closed_gloss_is_dropped_with_its_quote_marks():
    assert unglossed("「毒／poison」カウンターを置く") == "毒カウンターを置く"


def test_a_gloss_without_its_closing_mark_ends_at_the_next_japanese_word():
    """702.174c of ja 2026-01-16: 贈呈するたび／gives a gift に誘発する, no closing 」; the rest of the rule (its
    instants, sorceries, costs and resolving) must still be read."""
    text = "プレイヤーが 贈呈するたび／gives a gift に誘発する能力がある。贈呈コストが支払われたインスタント・呪文が解決された"
    rest = unglossed(text)
    assert "gives" not in rest
    assert count_forms(rest, ("インスタント", "解決", "コスト")) == {"インスタント": 1, "解決": 1, "コスト": 1}


def test_a_gloss_of_a_template_keeps_its_brackets_until_the_closing_mark():
    text = "「[条件]場合、[効果]する／When [trigger event], if [condition], [effect]」は誘発する"
    assert unglossed(text) == "[条件]場合、[効果]する は誘発する".replace(" ", "")
