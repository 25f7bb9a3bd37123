"""The glossary index of a document: every entry in the order its language sorts, under the
headings that language's dictionaries use, with the same concept in the other languages held.

English, German, Russian and other alphabets: letters, accents ignored (Ä under A, Ё under Е).
Japanese: the readings the translation prints, under the rows of the kana table (あ, か, さ …).
Chinese: Hanyu Pinyin (pypinyin), under its first letter, as Chinese dictionaries order words.
The concept behind an entry is its English term: its own (English), the English name the
translation prints beside it (Japanese), else the term dictionary's (kb.terms).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from kb.api import KnowledgeBase, MtgkbError
from kb.reader.links import glossary_slug

# The first kana of each row of the kana table, and the kana in it (small forms included).
KANA_ROWS = {
    "あ": "あいうえおぁぃぅぇぉゔ",
    "か": "かきくけこゕゖ",
    "さ": "さしすせそ",
    "た": "たちつてとっ",
    "な": "なにぬねの",
    "は": "はひふへほ",
    "ま": "まみむめも",
    "や": "やゆよゃゅょ",
    "ら": "らりるれろ",
    "わ": "わゐゑをんゎ",
}
_ROW_OF = {kana: row for row, members in KANA_ROWS.items() for kana in members}
OTHER = "#"


def slugs(entries: list) -> list[str]:
    """The anchor of each glossary entry of a document, in printed order: Yawgatog's slug, with
    "_" added until it is unique (two entries of one spelling still get anchors of their own)."""
    used: set[str] = set()
    found = []
    for entry in entries:
        slug = glossary_slug(entry.term)
        while slug in used:
            slug += "_"
        used.add(slug)
        found.append(slug)
    return found


def _plain(text: str) -> str:
    """Case and accents folded: the primary order of an alphabet."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def _hiragana(text: str) -> str:
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in text)


def _pinyin(text: str) -> str:
    from pypinyin import lazy_pinyin  # lazy: pypinyin, ~290 ms

    return " ".join(lazy_pinyin(text))


def sort_key(lang: str, term: str, reading: str | None = None) -> tuple[str, tuple]:
    """(heading, key) of a term as ``lang`` sorts it."""
    if lang == "ja":
        kana = _hiragana(reading or term)
        plain = _plain(kana)  # が sorts with か: NFKD takes the voicing mark off
        first = plain[:1]
        heading = _ROW_OF.get(first) or (first.upper() if first.isalpha() and first.isascii() else OTHER)
        return heading, (plain, kana, term)
    spelled = _pinyin(term) if lang == "zh" else term
    plain = _plain(spelled)
    first = plain[:1]
    heading = first.upper() if first.isalpha() else OTHER
    return heading, (plain, spelled.casefold(), term)


def _heading_order(lang: str, heading: str) -> tuple:
    """Letters (or kana rows) in order, "#" (no letter) last."""
    return (heading == OTHER, _sort_kana(heading) if lang == "ja" else heading)


def _sort_kana(heading: str) -> tuple:
    rows = list(KANA_ROWS)
    return (0, rows.index(heading), "") if heading in rows else (1, 0, heading)


@dataclass
class Counterpart:
    """The same concept in another language's glossary."""

    lang: str
    document: str
    term: str
    slug: str


@dataclass
class IndexEntry:
    term: str
    slug: str
    english: str | None  # the English term behind it, shown beside a translation's term
    reading: str | None
    others: list[Counterpart] = field(default_factory=list)


@dataclass
class IndexGroup:
    heading: str
    entries: list[IndexEntry]

    @property
    def anchor(self) -> str:
        """The heading's element id ("letter-A", "letter-か")."""
        return "letter-" + self.heading.replace(OTHER, "other")


@dataclass
class GlossaryIndex:
    info: object  # kb.api.DocumentInfo
    groups: list[IndexGroup]

    @property
    def count(self) -> int:
        return sum(len(g.entries) for g in self.groups)


def _english_keys(kb: KnowledgeBase, lang: str, entries: list) -> list[str | None]:
    """The English term behind each entry, None when nothing names it."""
    if lang == "en":
        return [e.term for e in entries]
    found = []
    for entry in entries:
        english = entry.english
        if not english:
            try:
                named = kb.term(entry.term, lang=lang)
            except MtgkbError:
                named = []
            english = next((t.english[0] for t in named if t.english), None)
        found.append(english or None)
    return found


def concepts(kb: KnowledgeBase, doc) -> dict[str, tuple[str, str]]:
    """English term -> (term, slug) of a document's glossary; the first entry of a concept wins.

    Kept in the store's derived cache until the database changes (an import), shared by the
    facades a server opens for its pages."""
    return kb.derived("reader.concepts", (doc.name, doc.imported_at), lambda: _concepts(kb, doc))


def _concepts(kb: KnowledgeBase, doc) -> dict[str, tuple[str, str]]:
    entries = kb.document_glossary(doc.name)
    found: dict[str, tuple[str, str]] = {}
    for english, entry, slug in zip(_english_keys(kb, doc.lang, entries), entries, slugs(entries)):
        if english and english.casefold() not in found:
            found[english.casefold()] = (entry.term, slug)
    return found


def newest_per_language(documents: list) -> dict[str, Any]:
    """The newest document with a glossary of each language (dated before undated)."""
    newest: dict[str, Any] = {}
    for doc in documents:  # kb.documents() lists each language oldest first, undated first
        if doc.glossary and (doc.edition or doc.lang not in newest):
            newest[doc.lang] = doc
    return newest


def glossary_index(kb: KnowledgeBase, name: str, documents: list | None = None) -> GlossaryIndex:
    """Every glossary entry of document ``name`` sorted and grouped as its language sorts, each
    with the same concept in the newest glossary of every other language held."""
    info = kb.document(name)
    entries = kb.document_glossary(name)
    others = [
        d
        for lang, d in sorted(newest_per_language(documents if documents is not None else kb.documents()).items())
        if lang != info.lang
    ]
    other_concepts = [(d, concepts(kb, d)) for d in others]
    keys = _english_keys(kb, info.lang, entries)
    items = []
    for entry, slug, english in zip(entries, slugs(entries), keys):
        heading, key = sort_key(info.lang, entry.term, entry.reading)
        item = IndexEntry(entry.term, slug, english if info.lang != "en" else None, entry.reading)
        if english:
            for doc, found in other_concepts:
                if english.casefold() in found:
                    term, anchor = found[english.casefold()]
                    item.others.append(Counterpart(doc.lang, doc.name, term, anchor))
        items.append((_heading_order(info.lang, heading), key, heading, item))
    items.sort(key=lambda x: (x[0], x[1]))
    groups = [IndexGroup(heading, [x[3] for x in group]) for heading, group in groupby(items, key=lambda x: x[2])]
    return GlossaryIndex(info, groups)
