"""A question about one keyword ability answered first by its defining subrule
(kb.search.engine._keyword_defined_first), on ranked lists as the engine holds them."""

from __future__ import annotations

from kb.search.engine import _keyword_defined_first


def ranked(*numbers: str) -> list:
    """Ranked results as the engine sorts them: ((document, number), [score, found]), best first."""
    return [((1, number), [20.0 - place, {}]) for place, number in enumerate(numbers)]


def order(items: list) -> list[str]:
    return [key[1] for key, _value in items]


def test_the_defining_subrule_rises_above_its_siblings():
    moved = _keyword_defined_first(ranked("702.19b", "702.19d", "702.19c", "702.19a", "702.19e", "702.19"))
    assert order(moved) == ["702.19a", "702.19b", "702.19d", "702.19c", "702.19e", "702.19"]
    scores = [value[0] for _key, value in moved]
    assert scores == sorted(scores, reverse=True)  # the moved result takes the score it now stands at


def test_a_story_of_several_rules_keeps_its_order():
    mixed = ranked("702.19b", "702.2c", "702.19a", "510.1c")
    assert order(_keyword_defined_first(mixed)) == order(mixed)
    two_keywords = ranked("702.19b", "702.19c", "702.2c", "702.19a")
    assert order(_keyword_defined_first(two_keywords)) == order(two_keywords)


def test_nothing_moves_without_the_defining_subrule_or_with_it_first_or_outside_keywords():
    without = ranked("702.19b", "702.19c", "702.19d")
    assert order(_keyword_defined_first(without)) == order(without)
    first = ranked("702.19a", "702.19b", "702.19c")
    assert order(_keyword_defined_first(first)) == order(first)
    actions = ranked("701.21b", "701.21c", "701.21d", "701.21a")  # keyword actions: not this rule
    assert order(_keyword_defined_first(actions)) == order(actions)
    assert _keyword_defined_first([]) == []
