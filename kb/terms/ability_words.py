"""The ability words of rule 207.2c, in each language whose 207.2c lists them.

Rule 207.2c says what an ability word is (it has no rules meaning and no entry of its own) and ends
with the list of them. The English list reads "The ability words are adamant, ..., and will of the
council."; the Japanese translation lists each as 「上陸(じょうりく)／Landfall」 (its name, reading and
English name); the Chinese one as "异能提示包括固色、附案、…，以及议定。" (names only, in the English
order, so a list as long as the same edition's English one is paired with it word by word). A glossary
lookup asks here before it tries near spellings, so that landfall is never Landwalk.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.core.errors import MtgkbError
from kb.core.model import Serialisable
from kb.store import Store
from kb.terms.names import fold

RULE = "207.2c"

# Each sentence of a rule text: English ends one with ". ", Japanese and Chinese with "。".
_SENTENCES = re.compile(r"(?<=\.)\s+|(?<=。)")
# The sentence that lists the words, as each language introduces it.
_LIST_LEADS = re.compile(
    r"^(?:The ability words are|能力語には、|异能提示包括)\s*(?P<list>.+?)(?:がある)?[.。]?\s*$", re.S
)
_SEPARATORS = re.compile(r"\s*(?:,\s*(?:and\s+)?|、|，\s*(?:以及)?)\s*")
# 「上陸(じょうりく)／Landfall」: the name, its reading, its English name.
_JAPANESE_ITEM = re.compile(r"「(?P<name>[^(（」／]+)(?:[(（](?P<reading>[^)）]*)[)）])?(?:／(?P<english>[^」]+))?」")


@dataclass
class AbilityWord(Serialisable):
    """One ability word as a language's rule 207.2c lists it, with the rule's sentence that says what an
    ability word is (that it has no rules meaning)."""

    rule: str  # "207.2c"
    lang: str
    edition: str | None
    word: str  # as the rule lists it: "landfall", "上陸"
    english: str | None  # its English name where known: "Landfall"
    sentence: str  # the rule's sentence before its list


@dataclass
class Listing:
    """A language's 207.2c: its words (name, reading, English name) and the sentence before the list."""

    rule: str
    lang: str
    edition: str | None
    sentence: str
    words: list[tuple[str, str | None, str | None]] = field(default_factory=list)


def listing(store: Store, lang: str, edition: str | None = None) -> Listing | None:
    """The 207.2c of ``lang`` (the newest, or ``edition``'s) read into its words; None when that rule is
    not held or lists no words in a way read here."""
    key = ("ability words", lang, edition)
    if key in store.cache.memo:
        return store.cache.memo[key]
    found = _read(store, lang, edition)
    store.cache.memo[key] = found
    return found


def _read(store: Store, lang: str, edition: str | None) -> Listing | None:
    try:
        rule = store.rule(RULE, lang=lang, edition=edition)
    except MtgkbError:
        return None
    if rule.lang != lang:  # the store answered another language's text
        return None
    sentences = [s.strip() for s in _SENTENCES.split(" ".join((rule.text or "").split())) if s.strip()]
    listed = _LIST_LEADS.match(sentences[-1]) if sentences else None
    if not listed:
        return None
    items = list(_JAPANESE_ITEM.finditer(listed["list"]))
    words: list[tuple[str, str | None, str | None]]
    if items:
        words = [(m["name"].strip(), m["reading"], m["english"] and m["english"].strip()) for m in items]
    else:
        names = [w.strip() for w in _SEPARATORS.split(listed["list"]) if w.strip()]
        words = [(name, None, name if lang == "en" else None) for name in names]
    if lang != "en" and not items:  # names only: paired with the same edition's English list if as long
        english = listing(store, "en", rule.edition)
        if english and len(english.words) == len(words):
            words = [(name, None, pair[0]) for (name, _, _), pair in zip(words, english.words)]
    lead = sentences[-2] if len(sentences) >= 2 else ""
    return Listing(rule.number, lang, rule.edition, lead, words)


def find(store: Store, term: str, lang: str | None = None, edition: str | None = None) -> AbilityWord | None:
    """The ability word ``term`` names (by its name, reading or English name, any case), from the 207.2c of
    ``lang`` (then English), or of every language held, English first; None when it is none."""
    wanted = _key(term)
    if not wanted:
        return None
    held = [row[0] for row in store.conn.execute("select distinct lang from documents order by lang")]
    languages = [lang, "en"] if lang else ["en", *held]
    for language in dict.fromkeys(languages):
        found = listing(store, language, edition if language == lang or lang is None else None)
        if found is None:
            continue
        for name, reading, english in found.words:
            if wanted in {_key(name), _key(reading or ""), _key(english or "")} - {""}:
                return AbilityWord(found.rule, found.lang, found.edition, name, english, found.sentence)
    return None


def _key(text: str) -> str:
    """A word as compared: folded, curly apostrophes straight ("council’s dilemma")."""
    return fold(" ".join(text.replace("’", "'").split()))
