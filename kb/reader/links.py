"""Anchors and citation links in Yawgatog's scheme, which bots and wikis already link to.

702.26b is ``#R70226b``, section 4 is ``#R4``, a glossary entry is its term as a slug
(``active_player_nonactive_player_order``). A rule text becomes a list of segments, each
plain text or a citation with the number its link goes to (a range links to its first rule).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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
    """A piece of a text: plain (``target`` None) or a citation of ``target``."""

    text: str
    target: str | None = None


def segments(text: str, citations: list[tuple[str, str]]) -> list[Segment]:
    """``text`` cut at its citations (raw text, target), in the order they occur.

    One raw text may cite several rules ("rules 601.2b and 601.2f–h"): each number then
    gets a link of its own. A citation whose raw text is not found is left as plain text.
    """
    found: list[Segment] = []
    at = 0
    for raw, targets in _grouped(citations):
        where = text.find(raw, at) if raw else -1
        if where < 0:
            continue
        if where > at:
            found.append(Segment(text[at:where]))
        found.extend(_split(raw, targets))
        at = where + len(raw)
    if at < len(text) or not found:
        found.append(Segment(text[at:]))
    return found


def _grouped(citations: list[tuple[str, str]]) -> list[tuple[str, list[str]]]:
    """Consecutive citations of one raw text together, with the numbers their links go to."""
    groups: list[tuple[str, list[str]]] = []
    for raw, target in citations:
        number = first_number(target)
        if number is None:
            continue
        if groups and groups[-1][0] == raw:
            if number not in groups[-1][1]:
                groups[-1][1].append(number)
        else:
            groups.append((raw, [number]))
    return groups


_SEPARATOR = re.compile(r"(?:\s*(?:,|;|、|，|and|or|und|oder|и|или|および|及び|和|与|或)\s*)+$")


def _split(raw: str, numbers: list[str]) -> list[Segment]:
    """A raw citation as links, one per number it names; the words between them stay plain."""
    if len(numbers) == 1:
        return [Segment(raw, numbers[0])]
    starts, cursor = [], 0
    for number in numbers:
        where = raw.find(number, cursor)
        if where < 0:
            return [Segment(raw, numbers[0])]
        starts.append(where)
        cursor = where + len(number)
    starts[0] = 0
    pieces: list[Segment] = []
    for i, number in enumerate(numbers):
        end = starts[i + 1] if i + 1 < len(numbers) else len(raw)
        part = raw[starts[i]:end]
        separator = _SEPARATOR.search(part) if i + 1 < len(numbers) else None
        link = part[:separator.start()] if separator else part
        pieces.append(Segment(link, number))
        if separator:
            pieces.append(Segment(part[separator.start():]))
    return pieces


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
