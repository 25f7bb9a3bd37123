"""A translation that names another game term than its original: one zone, step or keyword for another.

Only swaps within a closed category of CR terms count (kb.terms.vocabulary.CLOSED:
zones, steps and phases, card types, supertypes, counters, keyword actions and
abilities): the original names x, the translation names none of x's names anywhere
but uses the dictionary's word for y, of the same category, which the original never
names. A translation that says a thing in other words (オーナー where the English says
"a player who owns it") names no other term of a closed category and is left alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.core.model import Serialisable
from kb.terms import TermDictionary
from kb.terms.vocabulary import ABILITY, CLOSED

_CARD_NAME = re.compile(r"《[^《》]*》")  # card names in a Japanese or Chinese text
_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s+|[“\"(‘「]\s*)$")


def _name_like(word: str, start: int, text: str) -> bool:
    """A capitalised term inside a sentence of an English text: a card name ("Flying Carpet") or a
    title, not the term (zones, steps, types and keywords are written in lower case in the rules)."""
    return word[:1].isupper() and not _SENTENCE_START.search(text[max(0, start - 3) : start])


@dataclass(frozen=True)
class Swap(Serialisable):
    """``original`` (concept ``expected``) where the translation says ``found`` (concept ``named``)."""

    category: str
    original: str  # the word of the original text
    expected: str  # its concept key
    expected_names: tuple[str, ...]  # the dictionary's names of it in the translation's language
    found: str  # the word of the translation
    named: str  # its concept key
    sources: tuple[str, ...]  # where the dictionary has the translation's word from ("glossary: …")
    named_english: str = ""  # the English name of ``named`` ("Plane")


def _closed(terms: TermDictionary, keys) -> dict[str, str]:
    return {k: c for k in keys if (c := terms.category(k)) in CLOSED}


def swapped_terms(terms: TermDictionary, text: str, lang: str, original: str, original_lang: str) -> list[Swap]:
    """Every term the translation ``text`` names in place of another of the same category in ``original``.

    Cheap tests first (leftmost-longest matches only); the nested names of both texts, which
    take longer to find, only for rules that still have a candidate pair.
    """
    if not text or not original:
        return []
    mine, theirs = terms.matcher(lang), terms.matcher(original_lang)
    there = [m for m in theirs.find(original) if _closed(terms, m.keys)]
    if not there:
        return []
    here_all = mine.find(_CARD_NAME.sub(lambda m: " " * len(m.group()), text))
    keys_here = {k for m in here_all for k in m.keys}
    keys_there = {k for m in there for k in m.keys}
    lacking = [m for m in there if not set(m.keys) & keys_here]
    extra = [m for m in here_all if _closed(terms, m.keys) and not set(m.keys) & keys_there]
    if not lacking or not extra or not _categories(terms, lacking) & _categories(terms, extra):
        return []
    named_here = _plurals(terms.implied(mine.keys(text, nested=True)))
    named_there = _plurals(terms.implied(theirs.keys(original, nested=True)))
    missing = []  # (word, {key: category}) the original names and the translation does not
    for match in lacking:
        if _name_like(match.text, match.start, original) or set(match.keys) & named_here:
            continue
        keys = {
            k: c
            for k, c in _closed(terms, match.keys).items()
            if terms.has(k, lang) and (c != ABILITY or _as_written(terms, k, match.text))
        }
        if keys:
            missing.append((match.text, keys))
    # the translation's names of what the original names: 异象 is "phenomenon" of 205.2a as much as the title
    # "Phenomena" of rule 312, two keys of one word
    names_there = {name for k in named_there for name in _names(terms, k, lang, every=True)}
    added = [
        (m.text, _closed(terms, m.keys)) for m in extra if not set(m.keys) & named_there and m.text not in names_there
    ]  # a word of two senses, one of them named, is no swap
    swaps: list[Swap] = []
    used: set[str] = set()
    for word, keys in missing:
        for found, found_keys in added:
            if found in used:
                continue
            same = [(x, y) for x, cx in keys.items() for y, cy in found_keys.items() if cx == cy]
            if not same:
                continue
            expected, named = same[0]
            used.add(found)
            swaps.append(
                Swap(
                    keys[expected],
                    word,
                    expected,
                    tuple(_names(terms, expected, lang)),
                    found,
                    named,
                    tuple(_sources(terms, named, lang, found)),
                    _english(terms, named),
                )
            )
            break
    return swaps


# Plurals the stemmer does not take back: the title "Phenomena" (rule 312) and the card type "phenomenon"
# (205.2a) are one concept; without this, 异象 in 205.2a read as another card type than the one named.
_IRREGULAR = {"phenomena": "phenomenon", "phenomenon": "phenomena"}


def _plurals(keys: set[str]) -> set[str]:
    return keys | {_IRREGULAR[k] for k in keys if k in _IRREGULAR}


def _categories(terms: TermDictionary, matches) -> set[str]:
    return {c for m in matches for c in _closed(terms, m.keys).values()}


def _as_written(terms: TermDictionary, key: str, word: str) -> bool:
    """A keyword ability as the rules write it ("reach", "flying"), not a verb that shares its stem
    ("the same game state being reached")."""
    term = terms.vocabulary.get(key)
    written = {e.casefold() for e in terms.entry(key).english} | ({term.name.casefold()} if term else set())
    return word.casefold() in written


def _english(terms: TermDictionary, key: str) -> str:
    term = terms.vocabulary.get(key)
    return term.name if term else (terms.entry(key).english or [key])[0]


def _names(terms: TermDictionary, key: str, lang: str, every: bool = False) -> list[str]:
    names = terms.entry(key, lang).in_language(lang.split("-")[0])
    return names if every else names[:4]


def _sources(terms: TermDictionary, key: str, lang: str, word: str) -> list[str]:
    """ "glossary: CompRules_ja_20260116.0_lines, line 4848": where the dictionary has the pair from,
    the names the translation's word starts with first."""
    entry = terms.entry(key, lang)
    names = sorted(entry.names, key=lambda n: not word.startswith(n.name[:2]))
    found = []
    for name in names:
        for source in name.sources:
            found.append(
                f"{name.name} = {entry.english[0] if entry.english else key}: {source.source}, "
                f"{source.origin}" + (f", {source.detail}" if source.detail else "")
            )
    return found[:3]
