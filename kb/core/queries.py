"""What bots and people type to ask for a rule, read one way for every front end.

`show`, `cite`, the HTTP API, the MCP server and the reader all pass what they were given to
:func:`read_query`, so "ex 2 613.6" means the same wherever it is typed. The forms are those of
the judge bots (Fryatog, judgebot) and of people:

    702.26b   CR 702.26b   cr 702.26b   r 702.26b   rule 702.26b   !rule 702.26b   Regel 702.23a
    702.26.                       the rule without its subrules (a trailing dot)
    ex 101.2   ex101.2   example 101.2   101.2 ex          the examples of 101.2
    ex 2 613.6   ex 613.6 2   613.6 ex 2   example 3 614.12   the second (third) example
    rules 100-300   601.2a-h   702.26a..p   702.26-702.28   a range of any span, in document order

A range of numbers of one kind under one parent is a :class:`RuleRange` (the citation grammar's);
any other (chapters 100 to 300 across sections, 702.26b to 703.1) is a :class:`Span`. Both cover
every rule from the start to the end of the end's subtree, in document order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.core.errors import BadRuleNumber
from kb.core.numbers import RuleNumber, RuleNumberError, RuleRange, parse_reference
from kb.i18n import _

# "!cr", "/rule", "r", "rules" before the number; "r" and "cr" need a space or a colon after them
# ("r100.1" is no form anyone types, and a bare letter must not eat a subrule's).
_PREFIX = re.compile(r"^[!/]?(?:(?:comprehensive\s+)?rules?|cr|r)(?:\s*:\s*|\s+)", re.IGNORECASE)
_EXAMPLE_WORD = r"(?:examples?|ex\.?)"
_REFERENCE = r"(?P<ref>\d[0-9a-z.\-–—‑~]*?)"
# "ex 2 613.6", "ex 613.6", "ex101.2", "ex 111.3 1", "example 3 614.12"
_EXAMPLE_BEFORE = re.compile(
    rf"^{_EXAMPLE_WORD}\s*(?:(?P<index>\d{{1,2}})\s+)?{_REFERENCE}(?:\s+(?P<after>\d{{1,2}}))?\s*$", re.IGNORECASE
)
# "613.6 ex 2", "613.6 ex", "614.12 example 3"
_EXAMPLE_AFTER = re.compile(rf"^{_REFERENCE}\s*,?\s+{_EXAMPLE_WORD}\s*(?P<index>\d{{1,2}})?\s*$", re.IGNORECASE)
_SPAN = re.compile(
    r"^\s*(?P<start>\d[0-9a-z.]*?)\.?\s*(?:-|–|—|‑|\.\.|~|〜|～|\s+to\s+)\s*(?P<end>\d[0-9a-z.]*?)\.?\s*$",
    re.IGNORECASE,
)

_RANGE_MARK = re.compile(r"\d\s*(?:-|–|—|‑|\.\.|~|〜|～|\s+to\s+)", re.IGNORECASE)


@dataclass(frozen=True)
class Span:
    """Every rule from ``start`` to the end of ``end``'s subtree in document order, whatever their
    kinds and parents ("100-300", "702.26b-703.1"): what a range of one kind cannot say."""

    start: RuleNumber
    end: RuleNumber

    def __str__(self) -> str:
        return f"{self.start}–{self.end}"


@dataclass(frozen=True)
class Query:
    """A rule lookup as typed: the number or range, whether its subrules are wanted, and whether its
    examples (all, or the ``example``-th, counted from 1) are what was asked for."""

    target: "RuleNumber | RuleRange | Span"
    whole: bool = True
    examples: bool = False
    example: int | None = None

    @property
    def number(self) -> RuleNumber:
        """The one number asked for (the start of a range)."""
        target = self.target
        return target if isinstance(target, RuleNumber) else target.start


def read_query(text: str) -> Query:
    """Read a rule lookup in any of the forms above; BadRuleNumber names what was expected."""
    given = str(text)
    rest = " ".join(given.split())
    rest = _PREFIX.sub("", rest, count=1) if _PREFIX.match(rest) and any(c.isdigit() for c in rest) else rest
    for pattern in (_EXAMPLE_BEFORE, _EXAMPLE_AFTER):
        match = pattern.match(rest)
        if match:
            index = match["index"] or match.groupdict().get("after")
            target, _whole = _reference(match["ref"], given)
            if int(index or 1) < 1:
                raise BadRuleNumber(_("{text!r}: examples are counted from 1").format(text=given))
            return Query(target, True, True, int(index) if index else None)
    target, whole = _reference(rest, given)
    return Query(target, whole)


def _reference(text: str, given: str) -> "tuple[RuleNumber | RuleRange | Span, bool]":
    """A number (a trailing dot: without its subrules), a range or a span; else what the citation
    grammar reads as one citation ("Regel 702.23a", "правило 702.26b", "規則702.26b")."""
    text = text.strip()
    whole = not (text.endswith(".") and len(text) > 1 and text[-2].isalnum())
    bare = text if whole else text[:-1]
    number = RuleNumber.try_parse(bare)
    if number is not None:
        return number, whole
    try:
        return parse_reference(text), True
    except RuleNumberError as error:
        span = _span(text)
        if span is not None:
            return span, True
        cited = one_citation(given)
        if cited is not None:
            target, cited_whole, _example = cited
            return target, cited_whole
        if not _RANGE_MARK.search(text):  # no range was meant: say what a number looks like
            try:
                RuleNumber.parse(given.strip())
            except RuleNumberError as number_error:
                raise BadRuleNumber(str(number_error)) from error
        raise BadRuleNumber(str(error).replace(repr(text), repr(given))) from error


def _span(text: str) -> "Span | None":
    match = _SPAN.match(text)
    if not match:
        return None
    start, end = RuleNumber.try_parse(match["start"]), RuleNumber.try_parse(match["end"])
    if start is None or end is None:
        return None
    if end < start and not start.is_within(end):
        raise BadRuleNumber(_("{text!r}: the range ends before it starts").format(text=text))
    return Span(start, end)


def one_citation(text: str) -> "tuple[RuleNumber | RuleRange, bool, int | None] | None":
    """The one number or range ``text`` cites as a whole in the citation grammar, whether its
    subrules are wanted and the example it names; None when the text is more than one citation."""
    from kb.core.citations import find_citations  # lazy: the citation grammar, 11 ms of a fresh show

    found = find_citations(text, None, mode="free")
    if len(found) == 1 and len(found[0].targets) == 1 and not text.replace(found[0].raw, "").strip(" .!?"):
        return found[0].targets[0], not found[0].without_subrules, found[0].example
    return None
