"""The defining subrule of a keyword (kb.core.keywords) on texts of several editions' layouts."""

from kb.core.keywords import defining_subrule, is_keyword_rule


def test_kind_statements_are_passed_over():
    banding_2013 = [
        ("702.21a", "Banding is a static ability that modifies the rules for combat."),
        (
            "702.21b",
            '"Bands with other" is a special form of banding. If an effect causes a permanent '
            'to lose banding, the permanent loses all "bands with other" abilities as well.',
        ),
        ("702.21c", "As a player declares attackers, he or she may declare that one or more ..."),
    ]
    assert defining_subrule("702.21", banding_2013) == "702.21c"
    forecast = [
        (
            "702.56a",
            "A forecast ability is a special kind of activated ability that can be activated only "
            "from a player's hand. It's written \u201cForecast \u2014 [Activated ability].\u201d",
        ),
        ("702.56b", "A forecast ability may be activated only during the upkeep step ..."),
    ]
    assert defining_subrule("702.56", forecast) == "702.56b"
    bushido = [
        (
            "702.45a",
            "Bushido is a triggered ability. \u201cBushido N\u201d means \u201cWhenever this creature "
            "blocks or becomes blocked, it gets +N/+N until end of turn.\u201d",
        )
    ]
    assert defining_subrule("702.45", bushido) == "702.45a"
    only_kinds = [("702.99a", "Foo is a static ability."), ("702.99b", "Foo is an evasion ability.")]
    assert defining_subrule("702.99", only_kinds) == "702.99a"


def test_only_keyword_rules_have_one():
    assert [is_keyword_rule(n) for n in ("702.2", "701.35", "702.1", "701.1", "702.26b", "702", "502.17")] == [
        True,
        True,
        False,
        False,
        False,
        False,
        False,
    ]
    assert (
        defining_subrule(
            "701.35", [("701.35a", "Certain spells and abilities can detain a permanent."), ("701.35b", "x")]
        )
        == "701.35a"
    )
    assert defining_subrule("702.31", []) is None
