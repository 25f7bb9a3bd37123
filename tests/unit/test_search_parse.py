"""The query language: terms, operators, rule numbers, and what it makes of bad input."""

from __future__ import annotations

import pytest

from kb.search.parse import MAX_QUERY_CHARS, Either, Group, Negated, QueryError, Term, parse


def words(node) -> list[str]:
    if isinstance(node, Term):
        return [node.text]
    if isinstance(node, Negated):
        return ["-" + w for w in words(node.child)]
    return [w for child in node.children for w in words(child)]


def test_juxtaposed_words_are_a_soft_group():
    root = parse("phased out token").root
    assert isinstance(root, Group) and not root.strict
    assert words(root) == ["phased", "out", "token"]


def test_operators_phrases_and_prefixes():
    root = parse('"first strike" AND (deathtouch OR lifelink) NOT trample indestruct*').root
    assert isinstance(root, Group) and root.strict
    kinds = [child.kind if isinstance(child, Term) else type(child).__name__ for child in root.children]
    assert kinds == ["phrase", "Either", "Negated", "prefix"]
    assert isinstance(root.children[1], Either)


def test_lower_case_operators_are_words():
    assert words(parse("tap and untap").root) == ["tap", "and", "untap"]


def test_minus_negates_but_not_inside_words():
    assert words(parse("-token phased-out").root) == ["-token", "phased-out"]


@pytest.mark.parametrize(
    "query, targets, rest",
    [
        ("702.26 token", ["702.26"], ["token"]),
        ("token CR 702.26b", ["702.26b"], ["token"]),
        ("Regel 702.23 Spielstein", ["702.23"], ["Spielstein"]),
        ("第702.26条 トークン", ["702.26"], ["トークン"]),
        ("правило 702.26 фишка", ["702.26"], ["фишка"]),
        ("rules 601.2a-h cast", ["601.2a–h"], ["cast"]),
    ],
)
def test_rule_numbers_anywhere_narrow_the_search(query, targets, rest):
    parsed = parse(query)
    assert [str(t) for t in parsed.targets] == targets
    assert words(parsed.root) == rest


def test_a_rule_number_alone_is_a_query():
    parsed = parse("702.26b")
    assert parsed.root is None and [str(t) for t in parsed.targets] == ["702.26b"]


def test_bare_numbers_that_are_no_rules_stay_words():
    assert words(parse("100 cards").root) == ["100", "cards"]


# ---- bad input: a clear message or a sensible result, never a traceback --------------------------


def test_unbalanced_quote_closes_at_the_end():
    parsed = parse('token "phased out')
    assert words(parsed.root) == ["token", "phased out"]
    assert "not closed" in parsed.warnings[0]


@pytest.mark.parametrize("query", ["((token phasing", "token phasing))", "(token (phasing)", ")token("])
def test_unbalanced_parentheses_are_repaired(query):
    parsed = parse(query)
    assert words(parsed.root) == ["token", "phasing"] or words(parsed.root) == ["token"]
    assert any("parenthesis" in warning for warning in parsed.warnings)


@pytest.mark.parametrize(
    "query, left",
    [
        ("OR token", ["token"]),
        ("token AND", ["token"]),
        ("NOT", None),
        ("AND", None),
        ("OR OR", None),
        ("token NOT", ["token"]),
    ],
)
def test_lone_operators(query, left):
    if left is None:
        with pytest.raises(QueryError, match="no words"):
            parse(query)
    else:
        parsed = parse(query)
        assert words(parsed.root) == left and parsed.warnings


@pytest.mark.parametrize("query", ["", "   ", "\t\n", "\u200b", "?!", "()", '""'])
def test_empty_queries_are_errors(query):
    with pytest.raises(QueryError):
        parse(query)


def test_only_negations_is_an_error():
    with pytest.raises(QueryError, match="leave out"):
        parse("NOT token -phasing")


def test_a_query_of_ten_thousand_characters_is_cut():
    parsed = parse(("token phasing " * 800)[:10_000])
    assert len(parsed.text) <= MAX_QUERY_CHARS
    assert any("cut" in warning for warning in parsed.warnings)
    assert len(words(parsed.root)) <= 32


def test_one_word_of_ten_thousand_characters():
    parsed = parse("x" * 10_000)
    assert len(parsed.text) == MAX_QUERY_CHARS


def test_control_characters_are_removed():
    parsed = parse("to\x00ken\x07 phas\x1bing\u202e")
    assert words(parsed.root) == ["to", "ken", "phas", "ing"]
    assert "control characters" in parsed.warnings[0]


def test_deep_parentheses_do_not_recurse_without_end():
    parsed = parse("(" * 400 + "token" + ")" * 400)
    assert words(parsed.root) == ["token"]


def test_the_query_must_be_text():
    with pytest.raises(QueryError):
        parse(None)  # type: ignore[arg-type]


def test_the_plan_is_a_tree_of_kb_search_nodes():
    """A concept holds its alternatives (one per analysis language), a quoted phrase is an Exact with
    its words as written, NOT a Without, OR an AnyOf, AND an AllOf, words side by side a Soft; the
    search evaluates this tree (kb.search.plan), and no node of it is a whoosh query."""
    from whoosh.query import Query

    from kb.search.compile import compile_query
    from kb.search.plan import AllOf, AnyOf, Concept, Exact, Prefix, Soft, Without, Words
    from kb.search.terms import Lexicon

    def plan(query: str):
        return compile_query(parse(query), Lexicon([]), ["en", "de"]).plan

    def nodes(node):
        yield node
        if isinstance(node, Without):
            yield from nodes(node.kept)
            yield from nodes(node.left_out)
        for child in getattr(node, "children", ()) + getattr(node, "alternatives", ()):
            yield from nodes(child)

    negated = plan('"phased out" NOT token')
    assert isinstance(negated, Without) and isinstance(negated.kept, Concept) and isinstance(negated.left_out, Concept)
    assert [(type(q), q.lang, q.surface) for q in negated.kept.alternatives] == [
        (Exact, "en", ("phased", "out")),
        (Exact, "de", ("phased", "out")),
    ]
    assert negated.kept.alternatives[0].words == ("phase",)  # "out" is an English stop word
    assert negated.left_out.alternatives == (Words("en", ("token",)), Words("de", ("tok",)))
    either = plan("first strike OR trample")
    assert isinstance(either, AnyOf) and isinstance(either.children[0], Soft)
    assert [c.index for c in either.children[0].children] + [either.children[1].index] == [0, 1, 2]
    strict = plan("phas* AND token")
    assert isinstance(strict, AllOf) and strict.children[0].alternatives == (Prefix("en", "phas"), Prefix("de", "phas"))
    for query in ('"phased out" NOT token', "first strike OR trample", "phas* AND token", "a b c"):
        assert not any(isinstance(node, Query) for node in nodes(plan(query)))


def test_a_concept_said_twice_is_one_concept():
    """Two concepts of the same alternatives are equal whatever their place in the query, so the
    compiler keeps one ("red ... red"); two of other alternatives are not."""
    from kb.search.compile import compile_query
    from kb.search.plan import Concept, Soft, Words
    from kb.search.terms import Lexicon

    assert Concept(0, (Words("en", ("red",)),)) == Concept(3, (Words("en", ("red",)),))
    assert Concept(0, (Words("en", ("red",)),)) != Concept(0, (Words("en", ("red",), boost=0.8),))
    twice = compile_query(parse("red creature red"), Lexicon([]), ["en"]).plan
    assert isinstance(twice, Soft) and len(twice.children) == 2
    assert [alternative.words for child in twice.children for alternative in child.alternatives] == [
        ("red",),
        ("creatur",),
    ]
