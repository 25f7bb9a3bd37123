"""A question's results fused by their places (kb.search.engine._with_sections): the rule's own
match, its section's, the players' words' rules and the cards' keyword rules."""

from __future__ import annotations

import pytest

from kb.search.engine import _section, _with_sections


def ranked(*scored: tuple[str, float]) -> list:
    """Results as the engine ranks them: ((family, number), [score, found]), best first."""
    return [(("newest", number), [score, {("doc", number): score}]) for number, score in scored]


def order(results: list) -> list[str]:
    return [key[1] for key, _value in results]


def test_a_section_is_a_numbered_rule_with_its_lettered_subrules():
    assert _section("702.19b") == "702.19"
    assert _section("702.19") == "702.19"
    assert _section("704.5f") == "704.5"
    assert _section("704") == "704"
    assert _section("100.2a") == "100.2"


def test_a_lone_match_yields_to_the_rule_of_the_section_that_matched_most_of_the_question():
    """Neighbours swap: 400.1 matched alone in its section, 702.26b in the section that matched most."""
    results = ranked(
        ("501.1", 10.0), ("300.1", 9.9), ("400.1", 9.8), ("702.26b", 9.7), ("702.26a", 9.0), ("702.26d", 8.0)
    )
    fused = order(_with_sections(results, [], []))
    assert fused.index("702.26b") < fused.index("400.1")
    assert fused[0] == "501.1"  # one place apart, a clear lead in its own match is kept
    assert order(_with_sections(results[:4], [], [])) == order(results[:4])  # no section with more: as it was


def test_a_clear_lead_is_kept_over_a_larger_section_further_down():
    results = ranked(("700.4", 10.0), ("603.6a", 4.0), ("603.6c", 3.9), ("603.6d", 3.8), ("120.1", 3.0))
    assert order(_with_sections(results, ["700.4"], []))[0] == "700.4"


def test_the_players_words_rule_outranks_a_card_keyword_rule_placed_beside_it():
    results = ranked(("702.10b", 10.0), ("700.4", 10.0), ("702.10a", 6.0), ("702.18a", 5.0))
    fused = _with_sections(results, ["700.4"], ["702.10b", "702.18a"])
    assert order(fused)[0] == "700.4"
    assert order(fused)[1] == "702.10b"  # the card's keyword rule beside it
    assert order(_with_sections(results, [], []))[0] == "702.10b"  # without the players' words' list


def test_the_scores_follow_the_new_order_and_the_first_keeps_its_own():
    results = ranked(("501.1", 10.0), ("702.26b", 9.8), ("702.26a", 9.0), ("702.26d", 8.0))
    fused = _with_sections(results, [], [])
    scores = [value[0] for _key, value in fused]
    assert scores == sorted(scores, reverse=True)
    assert scores[0] == pytest.approx(10.0)
    assert {key[1]: value[1] for key, value in fused}["501.1"] == {("doc", "501.1"): 10.0}  # versions kept


def test_one_result_or_none_is_left_as_it_is():
    assert _with_sections([], [], []) == []
    one = ranked(("702.19b", 3.0))
    assert _with_sections(one, [], []) == one
