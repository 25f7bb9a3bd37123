"""Core nouns and verbs swapped: the translation says "permanent" where the original says "object".

The Comprehensive Rules lean on a few category words (object, permanent, creature, player,
spell, card, ability, source, opponent; cast against play), and a translation that swaps one
for another changes what a rule applies to while every term check stays quiet: each word is
a correct game term, only the wrong one. The check learns from the aligned document itself
how the translation renders each of these words (the term base's dominant form, with the
number of rules holding it) and flags a rule whose English names word A and not word B of the
same sort (a thing, a person, an act) when its translation lacks A's dominant form and holds B's:
"object" as 永久物, the dominant form of "permanent" (303.4c of the Chinese text of 2023-11-17).
A rule that lost two of the words is left alone: "the spell or ability" rendered "the object" is
a paraphrase that merges them, not a swap.

Nothing here is per language: the English words are the rules' own, the forms and counts
come from the term base of the document being checked. The confidence is the share of A's
rules whose translation holds A's dominant form, times B's.

A second sub-check, a word rendered only by a form rare in the document ("player" as 玩家
where 牌手 dominates), cannot fire on the term base: it holds one form per core word in the
Chinese and the Japanese documents, so the rare forms are not known; left out.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterator

from kb.crosscheck.termbase import TermBase, TermStats, unglossed
from kb.crosscheck.texts import DocText
from kb.terms.names import english_key

# The category words a rule's meaning turns on; an English list, the translation's forms are learnt.
CORE_WORDS = (
    "object",
    "permanent",
    "creature",
    "player",
    "spell",
    "card",
    "ability",
    "source",
    "opponent",
    "cast",
    "play",
)
# Words swap only within their sort: a thing for a thing, a person for a person, an act for an act.
# ("the player who controlled its source" written as "its source's controller" is no swap of player for ability.)
SORTS = {
    "object": "thing",
    "permanent": "thing",
    "creature": "thing",
    "spell": "thing",
    "card": "thing",
    "source": "thing",
    "ability": "ability",
    "player": "person",
    "opponent": "person",
    "cast": "act",
    "play": "act",
}
# A word judges a rule only when the document renders it by its dominant form this consistently ...
MIN_SHARE = 0.8
MIN_RULES = 20


@dataclass(frozen=True)
class Swap:
    """Word A of the original rendered by a form that belongs elsewhere."""

    english: str  # A as the rule writes it
    expected: str  # A's dominant form
    expected_rules: int  # rules holding it
    rules: int  # rules whose English names A
    found: str  # the form the translation has in its place
    found_word: str  # B as the rules write it
    found_rules: int  # rules holding B's dominant form
    found_of: int  # rules whose English names B
    confidence: float


_WORDS = {english_key(word): word for word in CORE_WORDS}


def _dominant_share(stats: TermStats) -> float:
    form = stats.dominant
    return stats.by_form[form] / stats.rules if form and stats.rules else 0.0


def core_stats(base: TermBase) -> dict[str, TermStats]:
    """Key -> stats of the core words the document renders consistently by one dominant form."""
    found = {}
    for word in CORE_WORDS:
        key = english_key(word)
        stats = base.stats.get(key)
        if stats is None or stats.rules < MIN_RULES or not stats.dominant:
            continue
        if _dominant_share(stats) >= MIN_SHARE:
            found[key] = stats
    return found


def _english_count(base: TermBase, number: str, key: str) -> int:
    return base.english_keys.get(number, Counter()).get(key, 0)


def swaps(number: str, text: str, base: TermBase, core: dict[str, TermStats]) -> Iterator[Swap]:
    """The swaps of one rule: ``text`` is its translation, the English is read from the term base."""
    keys = base.english_keys.get(number, Counter())
    body = unglossed(text)
    # each span to the longest form that covers it, over the core words and every term the English names:
    # クリーチャー・タイプ is "creature type"'s when the English says "creature type", not a creature
    held = base.allocate(body, set(core) | set(keys))
    lost = [k for k, stats in core.items() if k in keys and stats.dominant not in held.get(k, Counter())]
    if len(lost) != 1:
        return  # two words gone: a paraphrase that merged them ("the spell or ability" as "the object"), no swap
    key = lost[0]
    stats = core[key]
    expected = stats.dominant or ""
    share = _dominant_share(stats)
    # the surest swap: B of the same sort, not named by the English, whose dominant form the translation holds
    for other, theirs in sorted(core.items(), key=lambda item: -_dominant_share(item[1])):
        form = theirs.dominant
        if other == key or not form or form == expected or SORTS[_WORDS[other]] != SORTS[_WORDS[key]]:
            continue
        if held.get(other, Counter()).get(form) and not _english_count(base, number, other):
            yield Swap(
                base.english_words[number][key],
                expected,
                stats.by_form[expected],
                stats.rules,
                form,
                theirs.english,
                theirs.by_form[form],
                theirs.rules,
                round(share * _dominant_share(theirs), 3),
            )
            return


def all_swaps(tr: DocText, en: DocText, base: TermBase) -> Iterator[tuple[str, Swap]]:
    """(rule number, swap) over every paired rule of the document."""
    core = core_stats(base)
    for number, rule in tr.by_number.items():
        other = en.by_number.get(number)
        if other is None or not rule.full or not other.full:
            continue
        for swap in swaps(number, rule.full, base, core):
            yield number, swap
