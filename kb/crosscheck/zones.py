"""A zone the original names that the translation leaves out, judged by what the document's ways of writing it share.

The Chinese translation writes "hand" as 手牌, 手上, 手中, 你手, 从手 ...: no one form stands in enough of the rules
naming the hand for the terminology check to judge a rule by it (手牌 in 31 of 88 in the state of 2025-07-25). What
those ways share, 手, stands in every rule naming the hand but 702.185a, whose "You may cast this card from your hand
by paying [cost]" lost "from your hand" (restored in the translators' next state), and three whose English word is no
zone ("left-hand", "on the other hand", "handed out"). A zone is named to say where a card is, goes or comes from; a
translation does not leave it to a pronoun as it leaves "the creature" or "that player" (the shared characters of
every term's forms flagged hundreds of such rules a document, hardly an error among them), so a rule naming a zone
whose translation lacks the zone's shared characters is a finding.

Read only for the zones (kb.terms.vocabulary.ZONE) that the terminology check does not judge already, whose forms a
source gives (a form learnt from the document is too little to go on, as the terminology check holds), in a
translation written in characters (in a language written in letters the shared string is a stem, and a stem is
inside other words). The shared string is the longest part of the zone's forms that stands in at least
``SHARED`` of the rules naming the zone, at least ``MIN_RULES`` of them, and mostly there (``SPECIFIC``: 牌 of
手牌 is in every rule about cards); inside the form of another term that the
it does not count (牌手, "player", holds 手), unless that term names the zone ("opening hand"). The English word must be the zone:
not inside a compound ("the bottom left-hand corner"), an idiom ("on the other hand"), a verb ("handed out") or a
name ("Elephant Graveyard").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Iterator

from kb.crosscheck.learnt import script
from kb.crosscheck.termbase import TermBase, TermStats, unglossed
from kb.crosscheck.termevidence import name_like
from kb.crosscheck.texts import DocText
from kb.terms.vocabulary import ZONE

SHARED = 0.95
MIN_RULES = 20
SPECIFIC = 0.5  # of the rules writing the shared string (other terms' forms aside), those naming the zone
# where the English word is no zone: after a hyphen or "other", or with a verb's ending
_NOT_ZONE_BEFORE = re.compile(r"(?:-|\bother\s)$", re.IGNORECASE)
_VERB_ENDING = re.compile(r"(?:ed|ing)$")


def missing_zones(
    tr: DocText, en: DocText, base: TermBase, judged: Callable[[str], bool]
) -> Iterator[tuple[str, str, TermStats, str, int]]:
    """(rule number, the English word, the zone's stats, the shared string, the zone's rules holding it) for each
    rule naming a zone none of whose ways of writing stands in its translation; ``judged(key)``: whether the
    terminology check judges the zone already (its findings would say the same)."""
    if script(base.lang) == "letters":
        return
    naming: dict[str, list[str]] = {}
    for number, keys in base.english_keys.items():
        for key in keys:
            stats = base.stats.get(key)
            if stats is not None and stats.category == ZONE and stats.forms and stats.entry is None:
                naming.setdefault(key, []).append(number)
    unjudged = {key: numbers for key, numbers in naming.items() if len(numbers) >= MIN_RULES and not judged(key)}
    if not unjudged:
        return  # every zone judged by the terminology check already: the texts are not read
    texts = {number: unglossed(rule.full) for number, rule in tr.by_number.items() if rule.full}
    for key, numbers in unjudged.items():
        shared = _shared(key, numbers, texts, base)
        if shared is None:
            continue
        part, holding = shared
        for number in numbers:
            if number in holding:
                continue
            english = _as_zone(base.english_spans[number][key], en.by_number[number].full)
            if english is not None:
                yield number, english, base.stats[key], part, len(holding)


def _shared(key: str, numbers: list[str], texts: dict[str, str], base: TermBase) -> tuple[str, set[str]] | None:
    """The longest part of the zone's forms standing in at least SHARED of its rules and written mostly there, with
    those of its rules that hold it."""
    forms = base.stats[key].judged().forms
    parts = sorted({f[i:j] for f in forms for i in range(len(f)) for j in range(i + 1, len(f) + 1)}, key=len)
    best: tuple[str, set[str]] | None = None
    for part in reversed(parts):  # the longest first
        if best is not None and len(part) < len(best[0]):
            break
        holding = _holding(part, key, texts, base)
        mine = holding.intersection(numbers)
        if len(mine) >= SHARED * len(numbers) and len(mine) >= SPECIFIC * len(holding):
            if best is None or len(mine) > len(best[1]):
                best = (part, mine)
    return best


def _holding(part: str, key: str, texts: dict[str, str], base: TermBase) -> set[str]:
    """The rules whose translation writes ``part`` outside the forms of other terms (手 inside 牌手, "player", says
    no hand); a term naming the zone ("opening hand") is the zone's."""
    words = set(key.split())
    around = [
        form
        for other, stats in base.stats.items()
        if not words <= set(other.split())
        for form in stats.forms
        if part in form and form != part
    ]
    held = set()
    for number, text in texts.items():
        if part not in text:
            continue
        for form in around:
            text = text.replace(form, "\0" * len(form))
        if part in text:
            held.add(number)
    return held


def _as_zone(spans: set[str], original: str) -> str | None:
    """The English word where the rule names the zone (a lower-case word, not a verb, neither inside a compound nor
    "the other hand"), else None."""
    for span in sorted(spans):
        if not span.islower() or _VERB_ENDING.search(span) or name_like(span, original):
            continue
        for match in re.finditer(rf"(?<!\w){re.escape(span)}(?![\w-])", original):
            if not _NOT_ZONE_BEFORE.search(original[: match.start()]):
                return span
    return None
