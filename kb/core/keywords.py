"""The defining subrule of a keyword ability or keyword action.

A keyword's rule says only its name ("702.31 Horsemanship"), and its first subrule often only what
kind of ability it is ("702.31a Horsemanship is an evasion ability."). The judge bots answer a bare
keyword rule with the subrule that says what the keyword does (Academy Ruins' ``find_definition``:
702.31 -> 702.31b), so a rule of 701 or 702 carries that subrule's number as ``definingRule``.

The choice, written from the English texts:
- a keyword action (701.2 onwards) is defined by its first subrule ("701.8a To destroy ...");
- a keyword ability (702.2 onwards) by its first subrule that is not only a statement of what the
  ability is: every sentence an "X is a(n) ..." or "It's written ..." with nothing the keyword means
  ("Defender is a static ability."; "A forecast ability is an activated ability that can be
  activated only from a player's hand. It's written ..."), nor a variant introduced by its quoted name
  ("“Bands with other” is a special form of banding. ..."). Where every subrule is such, the first.
Before July 2009 keywords lived in 502, which has no such layout: only 701 and 702 are read.
"""

from __future__ import annotations

import re

_KEYWORD_RULE = re.compile(r"^70(?P<chapter>[12])\.(?P<rule>\d+)$")
_SENTENCE_END = re.compile(r"(?<=[.!?])[”\"’']?\s+(?=[A-Z“\"(])")
_STATES_KIND = re.compile(r"\bis an?\b", re.IGNORECASE)
_WRITTEN = re.compile(r"^(?:it[’']s|it is) written\b", re.IGNORECASE)
_MEANS = re.compile(r"\bmeans\b", re.IGNORECASE)
_QUOTED_START = re.compile(r"^[“\"][^”\"]+[”\"] is an?\b")


def is_keyword_rule(number: str) -> bool:
    """A rule of a keyword action (701.2 and on) or keyword ability (702.2 and on)."""
    match = _KEYWORD_RULE.match(number)
    return match is not None and int(match["rule"]) >= 2


def defining_subrule(number: str, subrules: list[tuple[str, str]]) -> str | None:
    """The number of the subrule that defines the keyword of rule ``number``, from its subrules'
    (number, text) in order; None for a rule that is not a keyword's or has no subrules."""
    if not subrules or not is_keyword_rule(number):
        return None
    if number.startswith("701."):
        return subrules[0][0]
    return next((sub for sub, text in subrules if not _only_states_kind(text)), subrules[0][0])


def _only_states_kind(text: str) -> bool:
    """Whether a subrule only says what kind of ability the keyword is (see the module)."""
    text = " ".join(text.split())
    if _QUOTED_START.match(text):
        return True
    sentences = [s for s in _SENTENCE_END.split(text) if s]
    return bool(sentences) and all(
        (_STATES_KIND.search(s) and not _MEANS.search(s)) or _WRITTEN.match(s) for s in sentences
    )
