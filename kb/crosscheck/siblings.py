"""A term rendered as its sibling: another term of the same head that the original does not name.

Game terms come in families that share their head word and differ in what qualifies it: "spell ability",
"static ability", "activated ability", "triggered ability"; "replacement effect", "prevention effect". A translator
who writes the wrong member says another thing in the game's own words. zh 2023-11-17 702.50a renders epic's "two
spell abilities, one of which creates a delayed triggered ability" as 一个是静止式异能 (a static ability): the
original names no static ability, and the translation holds no form of "spell ability" (corrected in 2026).

A finding needs all of: the original names term A (a key of two words or more) and the translation holds none of
A's forms, accepted variants or learnt forms; the translation holds the form of a term B with A's head word that
the original names in none of its words; and the document renders B by that form consistently (the term base's
share, as the terminology check asks), so that the form means B and nothing else. Forms are read longest first, so
the 触发式异能 (triggered ability) inside 延迟触发式异能 (delayed triggered ability) is the longer term's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from kb.crosscheck.added import _QUOTED, MIN_FORM_RULES, _names_english, spans
from kb.crosscheck.model import Finding
from kb.crosscheck.termbase import TermBase, TermStats, unglossed
from kb.crosscheck.texts import DocText
from kb.crosscheck.tiers import tier
from kb.i18n import _

# The term B read in A's place must be the document's word for B this consistently (as terminology judges).
MIN_SHARE = 0.85
MIN_RULES = 5
_WORD = re.compile(r"[a-z]+")
# a modifier is read by its stem, with an ending of up to three letters ("active" is no stem of "activate")
_PARTICIPLE = re.compile(r"(?<=[a-z]{3})(?:ing|ed)$")
# B's form and A's dominant form end alike, in the head's form (咒语异能, 静止式异能): this many characters at least
_HEAD_CHARS = 2
# a negation right before B's form makes it another term (不公开区域, a zone that is not public, is a hidden zone)
_NEGATED = re.compile("[不非未无]")


@dataclass(frozen=True)
class Sibling:
    named: TermStats  # A: the term the original names, none of whose forms the translation holds
    english: str  # A as this rule's original writes it
    found: TermStats  # B: the term of the same head whose form stands in the translation
    form: str  # B's form as the translation writes it


def _head(key: str) -> str | None:
    """The head word of a term of several words ("ability" of "spell ability"); None for a one-word term."""
    words = _WORD.findall(key)
    return words[-1] if len(words) >= 2 else None


def families(base: TermBase) -> dict[str, list[str]]:
    """Head word → the keys of the terms of several words that end with it (two or more)."""
    heads: dict[str, list[str]] = {}
    for key in base.stats:
        head = _head(key)
        if head is not None:
            heads.setdefault(head, []).append(key)
    return {head: keys for head, keys in heads.items() if len(keys) >= 2}


def _holds(text: str, stats: TermStats) -> bool:
    """Whether the text holds one of the term's forms, learnt forms or variants (any variant, not only the ones the
    document accepts: a translator's own spelling of A is no sibling)."""
    judged = stats.judged()
    return any(form in text for form in (*judged.forms, *stats.variants))


def all_forms(base: TermBase) -> list[tuple[str, str]]:
    """(form, key) of every term, longest form first: the order a rule's spans are read in."""
    return sorted(
        ((form, key) for key, stats in base.stats.items() for form in stats.forms),
        key=lambda pair: -len(pair[0]),
    )


def siblings(
    number: str,
    text: str,
    original: str,
    base: TermBase,
    heads: dict[str, list[str]],
    forms: list[tuple[str, str]],
) -> Iterator[Sibling]:
    """The siblings of the terms of one rule: ``text`` its translation, ``original`` its English, ``heads`` and
    ``forms`` from :func:`families` and :func:`all_forms`."""
    named = base.english_keys.get(number)
    if not named:
        return
    whole = unglossed(text)
    plain_text = _QUOTED.sub(lambda m: "\u3000" * len(m.group()), whole)  # B is not read in a quote
    read = None
    for key in named:
        head = _head(key)
        if head is None or head not in heads or key not in base.stats:
            continue
        stats = base.stats[key]
        if not stats.forms or stats.dominant is None or _holds(whole, stats):
            continue
        if read is None:
            read = spans(plain_text, forms)
        for span in read:
            other = span.key
            if other == key or other in named or other not in heads[head]:
                continue
            found = base.reliable(other, MIN_SHARE, MIN_RULES)
            if found is None or found.by_form[span.form] < MIN_FORM_RULES:
                continue
            if _common_end(stats.dominant, span.form) < _HEAD_CHARS:
                continue  # 特征 for "characteristic-defining ability" is no member of 异能's family
            if _NEGATED.match(plain_text, max(0, span.start - 1)) and span.start > 0:
                continue  # 不公开区域, "not a public zone", says "hidden zone"
            if _names_english(base, other, number, original) or _modifiers_named(found.english, original):
                continue
            yield Sibling(stats, base.english_words[number].get(key, stats.english), found, span.form)
            return  # one finding a rule


def _common_end(one: str, other: str) -> int:
    n = 0
    while n < min(len(one), len(other)) and one[-1 - n] == other[-1 - n]:
        n += 1
    return n


def _modifiers_named(english: str, original: str) -> bool:
    """Whether the original writes every word of the term (as the rules write it) before its head, the head apart: "additional or
    alternative costs" names the additional cost (the matcher reads only "alternative costs")."""
    stems = [
        _PARTICIPLE.sub("", word) for word in _WORD.findall(english.lower())[:-1]
    ]  # "blocking": "blocker", "blocked"
    return all(re.search(rf"\b{re.escape(stem)}[a-z]{{0,3}}\b", original, re.IGNORECASE) for stem in stems)


def sibling_swaps(tr: DocText, en: DocText, base: TermBase) -> Iterator[Finding]:
    """Class ``swaps``, ``detail.check`` "sibling": a term rendered as another term of its family (see above)."""
    heads, forms = families(base), all_forms(base)
    for number, rule in tr.by_number.items():
        other = en.by_number.get(number)
        if other is None or not rule.full or not other.full:
            continue
        for found in siblings(number, rule.full, other.full, base, heads, forms):
            yield _finding(number, rule.full, other.full, found)


def _finding(number: str, text: str, original: str, sibling: Sibling) -> Finding:
    named, found = sibling.named, sibling.found
    message = _(
        "{number}: the original says {english}, the translation has {found} ({other}'s form in {found_rules} of "
        "{found_of} rules), a term the original does not name, and no form of {english} ({expected})"
    )
    return Finding(
        "swaps",
        number,
        message.format(
            number=number,
            english=sibling.english,
            found=sibling.form,
            other=found.english,
            found_rules=found.held,
            found_of=found.rules,
            expected=named.dominant or "/".join(named.forms),
        ),
        text,
        original,
        {
            "check": "sibling",
            "english": sibling.english,
            "translated": sibling.form,
            "dominant": named.dominant,
            "swapped_with": found.english,
            "tier": tier("swaps"),  # kb.crosscheck.tiers: a new check starts possible
            "evidence": {
                "english": {"form": named.dominant, "held": named.held, "rules": named.rules},
                "translated": {"form": sibling.form, "held": found.held, "rules": found.rules},
            },
            # B's consistency times A's: a sibling of a term the document itself renders seldom is less sure
            "confidence": round(0.5 * found.share * max(named.share, 0.5), 3),
        },
    )
