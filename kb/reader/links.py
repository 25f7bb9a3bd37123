"""Anchors and citation links in Yawgatog's scheme, which bots and wikis already link to.

702.26b is ``#R70226b``, section 4 is ``#R4``, a glossary entry is its term as a slug
(``active_player_nonactive_player_order``). A rule text becomes a list of segments, each
plain text or a citation with the number its link goes to (a range links to its first rule).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.numbers import RuleNumber, RuleNumberError, parse_reference

_NOT_WORD = re.compile(r"[\W_]+")


def anchor_id(number: str) -> str:
    """The element id of a rule: "R70226b" for 702.26b."""
    return "R" + number.replace(".", "")


def glossary_slug(term: str) -> str:
    """Yawgatog's glossary anchor: the term in lower case, runs of other characters as "_"."""
    return _NOT_WORD.sub("_", term.casefold()).strip("_") or "term"


def first_number(target: str) -> str | None:
    """The rule a citation's link goes to: the number itself, or the first rule of a range."""
    try:
        parsed = parse_reference(target)
    except RuleNumberError:
        return None
    return str(parsed if isinstance(parsed, RuleNumber) else parsed.start)


@dataclass(frozen=True)
class Segment:
    """A piece of a text: plain (``target`` None) or a citation of ``target``."""

    text: str
    target: str | None = None


def segments(text: str, citations: list[tuple[str, str]]) -> list[Segment]:
    """``text`` cut at its citations (raw text, target), in the order they occur.

    A citation whose raw text is not found after the previous one is left as plain text.
    """
    found: list[Segment] = []
    at = 0
    for raw, target in citations:
        number = first_number(target)
        where = text.find(raw, at) if raw and number else -1
        if where < 0:
            continue
        if where > at:
            found.append(Segment(text[at:where]))
        found.append(Segment(raw, number))
        at = where + len(raw)
    if at < len(text) or not found:
        found.append(Segment(text[at:]))
    return found


def marked(text: str, spans: list[dict]) -> list[tuple[str, str | None]]:
    """``text`` cut at a diff's word spans: (piece, op) with op None, "replace", "delete" or "insert"."""
    pieces: list[tuple[str, str | None]] = []
    at = 0
    for span in sorted(spans, key=lambda s: s["start"]):
        start, end = max(span["start"], at), span["end"]
        if start > at:
            pieces.append((text[at:start], None))
        if end > start:
            pieces.append((text[start:end], span["op"]))
        at = max(at, end)
    if at < len(text):
        pieces.append((text[at:], None))
    return pieces
