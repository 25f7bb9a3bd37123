"""Anchors and citation links in Yawgatog's scheme, which bots and wikis already link to.

702.26b is ``#R70226b``, section 4 is ``#R4``, a glossary entry is its term as a slug
(``active_player_nonactive_player_order``). A rule text becomes a list of segments, each
plain text or a citation with the number its link goes to (a range links to its first rule), cut
where the citation grammar finds each number.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from kb.core.citations import find_citations
from kb.core.numbers import RuleNumber, RuleNumberError, parse_reference

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
    """A piece of a text: plain (``target`` None) or a citation of ``target``, a rule of the
    page's own document, or of ``document`` (a translation's citation its own text lacks goes to
    the English edition it pairs with)."""

    text: str
    target: str | None = None
    document: str | None = None


def segments(text: str, lang: str | None, where: Callable[[str], str | None]) -> list[Segment]:
    """``text`` cut at its citations as the citation grammar reads them (kb.core.citations), every
    cited number its own link: "rules 601.2b and 601.2f–h" gives "rules 601.2b" and "601.2f–h"; the
    words between them, a quoted title and a repeated citation's text stay outside the links.

    ``where(number)`` says where a link goes: "" for the page's own document, a document's name,
    or None for no link (a rule no document at hand has).
    """
    found: list[Segment] = []
    at = 0
    for citation in find_citations(text, lang):
        for position, item in enumerate(citation.items(text)):
            start = max(citation.start if position == 0 else item.start, at)
            if item.end <= start:
                continue
            number = first_number(str(item.target))
            document = where(number) if number else None
            if start > at:
                found.append(Segment(text[at:start]))
            piece = text[start : item.end]
            found.append(Segment(piece, number, document or None) if document is not None else Segment(piece))
            at = item.end
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
