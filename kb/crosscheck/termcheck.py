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
from kb.terms.names import fold, light_stem
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
    unnamed = _CARD_NAME.sub(lambda m: " " * len(m.group()), text)
    here_all = mine.find(unnamed)
    listed, listed_there = _listed(terms, unnamed, lang), _listed(terms, original, original_lang)
    keys_here = _same({k for m in here_all for k in m.keys} | listed)
    keys_there = _same({k for m in there for k in m.keys} | listed_there)
    lacking = [m for m in there if not _same(m.keys) & keys_here]
    extra = [m for m in here_all if _closed(terms, m.keys) and not _same(m.keys) & keys_there]
    if not lacking or not extra or not _categories(terms, lacking) & _categories(terms, extra):
        return []
    named_here = _same(terms.implied(mine.keys(text, nested=True)) | listed)
    named_there = _same(terms.implied(theirs.keys(original, nested=True)) | listed_there)
    missing = []  # (word, {key: category}) the original names and the translation does not
    for match in lacking:
        if _name_like(match.text, match.start, original) or _same(match.keys) & named_here:
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
        (m.text, _closed(terms, m.keys)) for m in extra if not _same(m.keys) & named_there and m.text not in names_there
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


def _restem(key: str) -> str:
    """A key stemmed until it no longer changes: the title "Kindreds" gives the key "kindred", the
    card type "kindred" of 205.2a the key "kindr" (the stemmer takes "-s", then, from the singular,
    "-ed"); both are the card type Kindred."""
    for _ in range(3):
        stemmed = " ".join(light_stem(word) for word in key.split())
        if stemmed == key:
            break
        key = stemmed
    return key


def _same(keys) -> set[str]:
    """``keys`` with the other keys of the same concept: irregular plurals and keys one stemming apart."""
    keys = set(keys) | {_IRREGULAR[k] for k in keys if k in _IRREGULAR}
    return keys | {_restem(k) for k in keys}


# Lists of a Chinese or Japanese text: items apart by 、, the last one joined by "和", "以及", "および" ...
# ("神器、战役、生物、结界、地和鹏洛客"). An item alone is a name even of one character (地, land), which
# the matcher leaves out of running text, where one character is part of too many words.
_CLAUSE = re.compile(r"[，,。．.；;：:（）()「」『』“”\"\s]+")
_JOIN = re.compile(r"、|以及|或者|および|または|ならびに|並びに|和|及|或|与|と|や")
_UNSPACED = ("zh", "ja")


def _listed(terms: TermDictionary, text: str, lang: str) -> set[str]:
    """The keys of the items of the lists of an unspaced ``text`` that are, whole, a name in ``lang``:
    a list of types or zones is read item by item, each item its own translation."""
    lang = lang.split("-")[0]
    if lang not in _UNSPACED or "、" not in text:
        return set()
    found: set[str] = set()
    for clause in _CLAUSE.split(text):
        if "、" not in clause:
            continue
        items = [item for item in _JOIN.split(clause) if item]
        if not items:
            continue
        # the first item follows the clause's own words ("牌张类别包括神器"): its end is the item
        candidates = [items[0][-cut:] for cut in range(1, min(len(items[0]), 8) + 1)] + items[1:]
        for item in candidates:
            for key in terms.by_folded.get(fold(item), ()):
                if item in terms.entry(key, lang).in_language(lang):
                    found.add(key)
    return found


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
