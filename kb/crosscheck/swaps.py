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

Three more of the same kind (``_fewer``, ``_narrowed``): a word kept fewer times than the original
names it while a narrower class stands in its place ("whatever object or player" as 生物, 303.4m);
a verb lost while the other verb of its sort stands as often as both are named (305.9 "cast" as
使用); an indefinite word ("anything") rendered by a class the original does not name (303.4d).

A further sub-check, a word rendered only by a form rare in the document ("player" as 玩家
where 牌手 dominates), cannot fire on the term base: it holds one form per core word in the
Chinese and the Japanese documents, so the rare forms are not known; left out.
"""

from __future__ import annotations

import re
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
# A class and the classes inside it (keys): "whatever object or player" narrowed to "the creature" (303.4m).
NARROWER = {
    english_key("object"): {english_key(w) for w in ("permanent", "creature", "spell", "card", "ability")},
    english_key("permanent"): {english_key("creature")},
    english_key("player"): {english_key("opponent")},
}
# Classes whose narrower word, standing in their place, is a swap even when the original names that word too.
_NARROWED_ALONE = {english_key("permanent")}
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


def swaps(number: str, text: str, base: TermBase, core: dict[str, TermStats], english: str = "") -> Iterator[Swap]:
    """The swaps of one rule: ``text`` is its translation, the English (``english``, and its terms from the term
    base)."""
    keys = base.english_keys.get(number, Counter())
    body = unglossed(text)
    # each span to the longest form that covers it, over the core words and every term the English names:
    # クリーチャー・タイプ is "creature type"'s when the English says "creature type", not a creature
    held = base.allocate(body, set(core) | set(keys))
    lost = [k for k, stats in core.items() if k in keys and stats.dominant not in held.get(k, Counter())]
    if len(lost) > 1:
        return  # two words gone: a paraphrase that merged them ("the spell or ability" as "the object"), no swap
    found = list(_fewer(number, keys, held, base, core, lost[0] if lost else None))
    if not found and not lost and english:
        found = list(_narrowed(number, english, keys, held, base, core))
    yield from found


def _fewer(
    number: str,
    keys: Counter,
    held: dict[str, Counter],
    base: TermBase,
    core: dict[str, TermStats],
    lost: str | None,
) -> Iterator[Swap]:
    """Words the translation holds fewer times than the original names them, while a word of their sort stands
    more often in the translation than in the original: "the enchanted [object or player] ... whatever object or
    player" as "所结附的[物件或牌手] ... 生物" (303.4m); "played only as a land. It can't be cast" as 使用 twice
    and 施放 never (305.9). A word the original does not name, or names and the translation holds as often as
    both together: a form written in place of the other, not a noun repeated for a pronoun."""

    def count(key: str) -> int:
        return held.get(key, Counter()).get(core[key].dominant or "", 0)

    short = {k: keys[k] - count(k) for k in core if k in keys and count(k) < keys[k] and lost in (None, k)}
    for key, missing in sorted(short.items(), key=lambda item: -_dominant_share(core[item[0]])):
        stats = core[key]
        expected = stats.dominant or ""
        for other, form, times, share in _others(key, held, base, core):
            if form == expected:
                continue
            named = _english_count(base, number, other)
            surplus = times - named
            if count(key) and other not in NARROWER.get(key, ()):
                continue  # a word kept, if fewer times: only a narrower word in its place says a class narrowed
            if count(key) and missing * 2 < keys[key]:
                continue  # most mentions kept: the others are pronouns (その, 它), one of them a noun by paraphrase
            # a word the original names too: only an act written in the other act's place (nouns are repeated
            # where the original says "it"; verbs are not), or "permanent" gone while "creature" stands for it
            # ("this permanent" as 此生物: the rule no longer reaches a noncreature permanent, 721.2b). "object",
            # the widest word, is narrowed by translators where the rule's context says which object (208.1
            # "the object has power 2" as 这个生物): left alone.
            narrowed = key in _NARROWED_ALONE and other in NARROWER[key]
            replaced = (SORTS[_WORDS[key]] == "act" or narrowed) and count(key) == 0 and surplus >= missing
            if surplus > 0 and (named == 0 or replaced):
                theirs = base.stats[other]
                yield Swap(
                    base.english_words[number][key],
                    expected,
                    stats.by_form[expected],
                    stats.rules,
                    form,
                    theirs.english,
                    theirs.by_form[form],
                    theirs.rules,
                    round(_dominant_share(stats) * share, 3),
                )
                return


# Words that name no class: "An Aura that's also a creature can't enchant anything."
# Such a finding has one word's counts for evidence where a swap has two: it ranks below swaps of equal shares.
INDEFINITE_WEIGHT = 0.8
_INDEFINITE = re.compile(r"\b(?:anything|something|everything|nothing|whatever)\b", re.IGNORECASE)


def _narrowed(
    number: str, english: str, keys: Counter, held: dict[str, Counter], base: TermBase, core: dict[str, TermStats]
) -> Iterator[Swap]:
    """An indefinite word of the original ("anything", "whatever") rendered by a thing's class the original does
    not name: "can't enchant anything" as 不能结附在永久物上 ("can't enchant a permanent", 303.4d). A word inside
    a longer term the original names ("attacking creature") is that term's, not an added class."""
    match = _INDEFINITE.search(english)
    if match is None:
        return
    for other, theirs in sorted(core.items(), key=lambda item: -_dominant_share(item[1])):
        form = theirs.dominant
        if not form or SORTS[_WORDS[other]] != "thing" or keys.get(other):
            continue
        if any(other in key for key in keys):
            continue
        if held.get(other, Counter()).get(form):
            yield Swap(
                match.group(),
                "",
                0,
                0,
                form,
                theirs.english,
                theirs.by_form[form],
                theirs.rules,
                round(INDEFINITE_WEIGHT * _dominant_share(theirs), 3),
            )
            return


def _others(
    key: str, held: dict[str, Counter], base: TermBase, core: dict[str, TermStats]
) -> Iterator[tuple[str, str, int, float]]:
    """(word, form, times in the translation, the form's share of the word's rules) for the words of ``key``'s
    sort, the most consistently rendered first. A word the document renders in many ways ("play": 使用, 打出,
    进行) counts by the form the translation holds, a consistent one only by its dominant form."""
    found = []
    for word in CORE_WORDS:
        other = english_key(word)
        if other == key or SORTS[word] != SORTS[_WORDS[key]] or other not in base.stats:
            continue
        forms = held.get(other, Counter())
        if other in core:
            form = core[other].dominant or ""
        elif forms:
            form = forms.most_common(1)[0][0]
        else:
            continue
        stats = base.stats[other]
        share = stats.by_form[form] / stats.rules if stats.rules else 0.0
        if forms.get(form):
            found.append((other, form, forms[form], share))
    return iter(sorted(found, key=lambda item: -item[3]))


def all_swaps(tr: DocText, en: DocText, base: TermBase) -> Iterator[tuple[str, Swap]]:
    """(rule number, swap) over every paired rule of the document."""
    core = core_stats(base)
    for number, rule in tr.by_number.items():
        other = en.by_number.get(number)
        if other is None or not rule.full or not other.full:
            continue
        for swap in swaps(number, rule.full, base, core, other.full):
            yield number, swap
