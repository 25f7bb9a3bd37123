"""Hard-wrapped glossaries: telling them by their lines, and joining their definitions.

The English editions of about 2001-2004 were printed at a fixed width and the TXT
files keep the printed line breaks: a definition's first paragraph starts flush left
under its term, a further paragraph starts with a five-space indent or with
"Example:" or a numbered sense ("1."), and every other line continues the line before
it. Other layouts must not be touched: the 1999 index lists one entry a line, flush
left and short, and the unwrapped editions print one paragraph a line.

A layout is told by its lines, never by the file's date or name: it is wrapped when
a good share of the flush-left definition lines stop mid-sentence close to the
longest line's width, as a typesetter's wrap does and a list of index entries does not.
"""

from __future__ import annotations

import re

_SENTENCE_END = (".", ":", ";", "!", "?", ")", '"', "'", "”", "’", "。", "：", "；", "！", "？", "）", "」", "』")
_PARAGRAPH_START = re.compile(r"^(?:Example\s*:|\d{1,2}\.\s)")
# A wrap lands near the width the text was set at; index lines end far short of it.
_NEAR_WIDTH = 0.75
_WRAPPED_SHARE = 0.25
# Printed widths run from about 70 to 120 columns; a list of short lines is no wrap at any share.
_MIN_WIDTH = 60


def is_wrapped(lines: list[str]) -> bool:
    """Whether a glossary's flush-left definition lines are a fixed-width wrap.

    Counted over the lines that neither follow a blank line (those are terms) nor
    start indented: the share that end mid-sentence within a quarter of the
    width most lines keep to (the 95th percentile of their lengths).
    """
    widths = sorted(len(line.rstrip()) for line in lines if line.strip())
    if not widths:
        return False
    width = widths[int(0.95 * (len(widths) - 1))]
    if width < _MIN_WIDTH:
        return False
    flush: list[str] = []
    previous_blank = True
    for line in lines:
        if not line.strip():
            previous_blank = True
            continue
        if not previous_blank and not line[:1].isspace():
            flush.append(line.rstrip())
        previous_blank = False
    if not flush:
        return False
    broken = sum(1 for line in flush if not line.endswith(_SENTENCE_END) and len(line) >= _NEAR_WIDTH * width)
    return broken > _WRAPPED_SHARE * len(flush)


def join_wrapped(parts: list[str]) -> list[str]:
    """A wrapped definition's lines as paragraphs: each continuation line joins the line before.

    A break after a hyphen keeps the hyphen and adds no space ("state-" + "based"): in
    these editions every such break falls inside a hyphenated compound.
    """
    paragraphs: list[str] = []
    for part in parts:
        text = " ".join(part.split())
        if not text:
            continue
        starts = part[:1].isspace() or _PARAGRAPH_START.match(text)
        if paragraphs and not starts:
            joiner = "" if paragraphs[-1].endswith("-") and not paragraphs[-1].endswith(" -") else " "
            paragraphs[-1] += joiner + text
        else:
            paragraphs.append(text)
    return paragraphs


_HYPHENATED = re.compile(r"[^\W\d_][\w']*(?:-[\w']+)+")
_BROKEN_WORD = re.compile(r"([\w']+(?:-[\w']+)*-)$")
_NEXT_WORD = re.compile(r"[\w']+(?:-[\w']+)*")


def hyphenated_words(text: str) -> set[str]:
    """Every hyphenated word printed whole on one line of a text, in lower case."""
    return {word.lower() for word in _HYPHENATED.findall(text)}


def joins_at_hyphen(before: str, after: str, compounds: set[str]) -> bool:
    """Whether a line that ends in a hyphen continues its word on the next line.

    Only where the text prints that word whole elsewhere: "state-" + "based" is
    "state-based", but "power-" + "and toughness-changing" is a suspended hyphen and
    keeps its space.
    """
    broken = _BROKEN_WORD.search(before.rstrip())
    following = _NEXT_WORD.match(after.lstrip())
    if broken is None or following is None:
        return False
    return (broken[1] + following[0]).lower() in compounds
