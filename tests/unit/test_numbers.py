"""The rule-number type: parsing, order, family, letters, ranges."""

import pytest

from kb.core.numbers import RuleNumber, RuleNumberError, RuleRange, canonical, parse_reference, sort_numbers


@pytest.mark.parametrize(
    "text, canon, kind",
    [
        ("702.26b", "702.26b", "subrule"),
        (" 702.26B. ", "702.26b", "subrule"),
        ("702.26.", "702.26", "rule"),
        ("702.", "702", "chapter"),
        ("702", "702", "chapter"),
        ("7.", "7", "section"),
        ("704.5aa", "704.5aa", "subrule"),
    ],
)
def test_canonical_form_and_kind(text, canon, kind):
    number = RuleNumber.parse(text)
    assert str(number) == canon
    assert number.kind == kind
    assert canonical(text) == canon


@pytest.mark.parametrize("bad", ["", "abc", "70.26", "7022.6", "702.26b1", "3.50", "099.1"])
def test_rejects_what_is_not_a_number(bad):
    with pytest.raises(RuleNumberError) as info:
        RuleNumber.parse(bad)
    assert "expected" in str(info.value) or "chapters run" in str(info.value)


def test_numeric_order_not_string_order():
    ordered = sort_numbers(["100.10", "100.2", "7", "702", "704.5aa", "704.5z", "1", "100.1a", "100.1"])
    assert [str(n) for n in ordered] == ["1", "100.1", "100.1a", "100.2", "100.10", "7", "702", "704.5z", "704.5aa"]
    assert RuleNumber.parse("100.2") < RuleNumber.parse("100.10")
    assert RuleNumber.parse("702.1") < RuleNumber.parse("702.10")


def test_sort_text_sorts_like_numbers():
    numbers = sort_numbers(["100.10", "100.2", "7", "702", "704.5aa", "704.5z", "1", "100.1a", "702.26", "702.26p"])
    assert sorted(numbers, key=lambda n: n.sort_text) == numbers


def test_family():
    sub = RuleNumber.parse("702.26b")
    assert str(sub.parent) == "702.26"
    assert [str(a) for a in sub.ancestors()] == ["702.26", "702", "7"]
    assert sub.is_within(RuleNumber.parse("702"))
    assert not RuleNumber.parse("702.10").is_within(RuleNumber.parse("702.1"))
    assert RuleNumber.parse("7").parent is None


def test_letters_skip_l_and_o():
    assert str(RuleNumber.parse("704.5k").successor()) == "704.5m"
    assert str(RuleNumber.parse("704.5n").successor()) == "704.5p"
    assert str(RuleNumber.parse("704.5z").successor()) == "704.5aa"
    assert str(RuleNumber.parse("704.5m").predecessor()) == "704.5k"
    assert str(RuleNumber.parse("704.5aa").predecessor()) == "704.5z"
    assert RuleNumber.parse("704.5a").predecessor() is None
    assert str(RuleNumber.parse("702.9").successor()) == "702.10"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("601.2a–h", ["601.2a", "601.2b", "601.2c", "601.2d", "601.2e", "601.2f", "601.2g", "601.2h"]),
        ("704.5m-p", ["704.5m", "704.5n", "704.5p"]),
        ("702.26a..p", "a b c d e f g h i j k m n p".split()),
        ("702.26a-702.26d", "a b c d".split()),
        ("100.1–100.3", ["100.1", "100.2", "100.3"]),
    ],
)
def test_ranges_expand_in_document_order(text, expected):
    expanded = [str(n) for n in RuleRange.parse(text).expand()]
    if expected and len(expected[0]) == 1:
        expected = [f"702.26{letter}" for letter in expected]
    assert expanded == expected


def test_range_expansion_against_a_document():
    present = sort_numbers(["702.1", "702.2", "702.10", "702.11", "702.1a"])
    assert [str(n) for n in RuleRange.parse("702.1-702.2").expand(present)] == ["702.1", "702.2"]


def test_bad_ranges():
    with pytest.raises(RuleNumberError):
        RuleRange.parse("704.5p-m")
    with pytest.raises(RuleNumberError):
        RuleRange.parse("702.26a-703.1b")
    assert isinstance(parse_reference("702.26a..c"), RuleRange)
    assert isinstance(parse_reference("702.26"), RuleNumber)


def test_anchor():
    assert RuleNumber.parse("702.26b").anchor == "#R70226b"
