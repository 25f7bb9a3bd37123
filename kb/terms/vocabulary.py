"""The game terms of the Comprehensive Rules, read from the English texts: what may be a dictionary term.

A pair is a game term only when its English side is one of these (or comes from the
curated file): a glossary entry, a keyword action (701) or ability (702), a card type
(chapters 301–315, 205.2a), a supertype (205.4a), a subtype (the lists of 205.3), a
zone (401–408), a step or phase (501–514), a counter. Function words ("a", "the",
"have", "when") are never terms, even where a glossary lists them ("You, Your").

Each term has a category; the cross-check treats only a swap within one of the
closed categories (one zone for another, one step for another, ...) as a wrong term.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.core.labels import (  # noqa: F401  (the categories, shared with `mtgkb term`)
    ABILITY,
    ACTION,
    CARD_TYPE,
    CATEGORY_LABELS,
    COUNTER,
    STEP,
    SUBTYPE,
    SUPERTYPE,
    ZONE,
)
from kb.core.labels import GLOSSARY_TERM as GLOSSARY
from kb.terms.names import clean_name, english_key

# Categories whose members stand for each other: a translation that names another member names another thing.
# Keyword actions are not among them: most are everyday verbs too ("create their deck", "double-faced",
# "attached to"), and a translation rightly says them in other words.
CLOSED = (ABILITY, CARD_TYPE, SUPERTYPE, ZONE, STEP, COUNTER)
# Most specific first: a key in several categories keeps the first.
_ORDER = (ZONE, STEP, CARD_TYPE, SUPERTYPE, COUNTER, ACTION, ABILITY, SUBTYPE, GLOSSARY)

# English function words (whoosh's list and the words the CR's glossary lists for their rules meaning).
STOPWORDS = frozenset(
    "a an and are as at be by can for from have has had if in is it its may not of on or that the this to us we "
    "when whenever will with yet you your they them their he she his her i me my our do does did each any all "
    "some no one which who whom what where while then than so but also only such there these those been being "
    "was were would should could might must shall up down out into onto over under".split()
)
FUNCTION_PHRASES = frozenset({"as though", "becom", "during", "instead", "you", "your", "unless"})

_LIST = re.compile(r"\b(?:The|That|All other) [a-z ]*?types? (?:are|is)\s+(?P<items>[^.]+)\.")
_PAREN = re.compile(r"\s*\([^()]*\)")
_ITEM_SPLIT = re.compile(r",\s*(?:and\s+|or\s+)?|\s+and\s+")
_TITLE_SPLIT = re.compile(r"\s+and\s+|,\s*")
_QUOTES = "\"'“”‘’"


@dataclass(frozen=True)
class CrTerm:
    key: str
    name: str
    category: str


def is_function_word(key: str) -> bool:
    """A key made of function words only ("the", "have", "as though")."""
    return key in FUNCTION_PHRASES or all(w in STOPWORDS for w in key.split())


# The layout whose chapters name card types (3), zones (4) and steps (5), with keyword actions in 701 and
# keyword abilities in 702, began with the Magic 2010 rules; before it chapter 4 held abilities ("401. Abilities")
# and a title of those chapters says nothing of a category.
MODERN_LAYOUT = "2009-07-10"


def _names(conn, doc_id: int, edition: str | None = None) -> list[tuple[str, str]]:
    """(English name, category) of every term one English document defines."""
    found: list[tuple[str, str]] = []
    for (term,) in conn.execute("select term from glossary where document_id = ? and term is not null", [doc_id]):
        name, _ = clean_name(term)
        found += [(part, GLOSSARY) for part in re.split(r"\s*,\s*", name) if part]
    if edition is not None and edition < MODERN_LAYOUT:
        return found
    for number, title in conn.execute(
        "select number, title from rules where document_id = ? and kind in ('chapter', 'rule') and title != '' "
        "and (number like '3__' or number like '4__' or number like '5__' or number like '701.%' "
        "or number like '702.%') and number not like '_00'",
        [doc_id],
    ):
        if number.startswith("701."):
            category = ACTION
        elif number.startswith("702."):
            category = ABILITY
        else:  # the query takes chapters 3, 4 and 5 besides
            category = {"3": CARD_TYPE, "4": ZONE, "5": STEP}[number[0]]
        if category in (CARD_TYPE, ZONE, STEP) and "." in number:
            continue
        if category == STEP and not re.search(r"(?i)\b(?:step|phase)$", title):
            continue
        for part in _TITLE_SPLIT.split(title.strip(_QUOTES)):
            part = part.strip(_QUOTES + " ")
            if part and not part.lower().startswith(("general", "other ")):
                found.append((part, category))
    for number, text in conn.execute(
        "select number, text from rules where document_id = ? and (number like '205.3_' or number in "
        "('205.2a', '205.4a'))",
        [doc_id],
    ):
        category = CARD_TYPE if number == "205.2a" else SUPERTYPE if number == "205.4a" else SUBTYPE
        for match in _LIST.finditer(_PAREN.sub("", text or "")):
            items = re.sub(r"^.*?long:\s*", "", match["items"])
            found += [(item.strip(), category) for item in _ITEM_SPLIT.split(items) if item.strip()]
    return found


def cr_terms(conn) -> dict[str, CrTerm]:
    """Key -> term of every English document stored (obsolete terms of old editions included)."""
    gathered: dict[str, dict[str, str]] = {}
    docs = conn.execute("select id, edition from documents where lang = 'en' and format = 'cr-text'").fetchall()
    for doc_id, edition in docs:
        for name, category in _names(conn, doc_id, edition):
            key = english_key(name)
            if not key or is_function_word(key):
                continue
            if category == GLOSSARY and key.endswith(" counter"):
                category = COUNTER
            gathered.setdefault(key, {}).setdefault(category, name)
    terms = {}
    for key, by_category in gathered.items():
        category = next(c for c in _ORDER if c in by_category)
        terms[key] = CrTerm(key, by_category[category], category)
    return terms
