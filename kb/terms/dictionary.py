"""The term dictionary as callers use it: lookups by any name, matchers per language.

Loaded once per database state (the fingerprint of documents and curated file) and
shared, so a cross-check of a dozen rules pays for matcher building only once.
"""

from __future__ import annotations

import sqlite3
from collections import Counter, defaultdict
from difflib import get_close_matches
from pathlib import Path

from kb.store.state import derived
from kb.terms.matcher import Matcher
from kb.terms.model import SOURCES, Attestation, LocalName, TermEntry, TermName
from kb.terms.names import OBSOLETE, english_key, fold
from kb.terms.sources import CURATED, mine, primary
from kb.terms.table import connection, fingerprint, load_names
from kb.terms.vocabulary import CrTerm, cr_terms

_LIMIT = 20


class TermDictionary:
    """Every pairing, grouped by concept (English key)."""

    def __init__(self, names: list[TermName], vocabulary: dict[str, CrTerm] | None = None):
        self.names = names
        self.vocabulary = vocabulary or {}
        self.by_key: dict[str, list[TermName]] = defaultdict(list)
        self.by_folded: dict[str, set[str]] = defaultdict(set)
        for name in names:
            self.by_key[name.key].append(name)
            self.by_folded[fold(name.name)].add(name.key)
            self.by_folded[fold(name.english)].add(name.key)
        self._matchers: dict[str, Matcher] = {}
        self._parts = self._sub_keys()

    def _sub_keys(self) -> dict[str, set[str]]:
        """Keys inside longer keys: "phasing event" names "phasing" too."""
        parts: dict[str, set[str]] = {}
        for key in self.by_key:
            words = key.split()
            inner = {" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)}
            found = {k for k in inner if k != key and k in self.by_key}
            if found:
                parts[key] = found
        return parts

    def implied(self, keys: set[str]) -> set[str]:
        """``keys`` with every concept their longer names contain."""
        return keys.union(*(self._parts.get(k, ()) for k in keys))

    def languages(self) -> list[str]:
        return sorted({n.lang for n in self.names})

    def has(self, key: str, lang: str) -> bool:
        """Whether the dictionary knows a name of ``key`` in ``lang`` (English: always)."""
        lang = primary(lang)
        return lang == "en" or any(n.lang == lang for n in self.by_key.get(key, ()))

    def matcher(self, lang: str) -> Matcher:
        """Names of ``lang`` (for English: the English names) mapped to their keys."""
        lang = primary(lang)
        if lang not in self._matchers:
            live = [n for n in self.names if n.sense != OBSOLETE]
            if lang == "en":  # every CR term, so "turned face up" is not read as "turn"
                pairs = {(n.english, n.key) for n in live} | {(t.name, t.key) for t in self.vocabulary.values()}
            else:
                pairs = {(n.name, n.key) for n in live if n.lang == lang}
            self._matchers[lang] = Matcher(lang, sorted(pairs))
        return self._matchers[lang]

    def entry(self, key: str, lang: str | None = None) -> TermEntry:
        """One concept with its names, each with the sources that give it."""
        rows = self.by_key.get(key, [])
        english = [e for e, _ in Counter(n.english for n in rows).most_common()]
        grouped: dict[tuple[str, str], LocalName] = {}
        for row in sorted(rows, key=lambda n: (n.lang, SOURCES.index(n.source))):
            if lang and row.lang != primary(lang):
                continue
            local = grouped.setdefault((row.lang, row.name), LocalName(row.lang, row.name))
            detail = row.detail if row.sense is None else f"{row.detail} (sense {row.sense})"
            local.sources.append(Attestation(row.source, row.origin, detail))
        return TermEntry(key, english, list(grouped.values()), self.category(key))

    def category(self, key: str) -> str | None:
        """What kind of CR term ``key`` is ("zone", "keyword ability", ...); None for a curated-only key."""
        term = self.vocabulary.get(key)
        return term.category if term else None

    def lookup(self, query: str, lang: str | None = None) -> list[TermEntry]:
        """Concepts named ``query`` in any language; else those whose names contain it."""
        folded = fold(query)
        keys = set(self.by_folded.get(folded, ()))
        stemmed = english_key(query)
        if stemmed in self.by_key:
            keys.add(stemmed)
        if not keys and folded:
            keys = {key for name, found in self.by_folded.items() if folded in name for key in found}
        ordered = sorted(keys, key=lambda k: (k != stemmed, len(k), k))[:_LIMIT]
        entries = [self.entry(key, lang) for key in ordered]
        return [e for e in entries if e.names or not lang]

    def suggest(self, query: str, count: int = 5) -> list[str]:
        """Names that look like ``query``, for "Nearest:" after a failed lookup."""
        return get_close_matches(fold(query), list(self.by_folded), n=count, cutoff=0.6)


def dictionary(db, curated_path: Path = CURATED) -> TermDictionary:
    """The current dictionary of ``db``; rebuilt when documents or the curated file changed.

    Kept in the store's derived cache (kb.store.state) under the fingerprint of the documents and
    the curated file. A read-only database gets a dictionary mined in memory instead of a stored one.
    """
    conn = connection(db)
    key = (str(curated_path), fingerprint(conn, curated_path))
    return derived(conn, "terms.dictionary", key, lambda: _load(conn, curated_path))


def _load(conn: sqlite3.Connection, curated_path: Path) -> TermDictionary:
    vocabulary = cr_terms(conn)
    try:
        _, names = load_names(conn, curated_path)
    except sqlite3.OperationalError:  # read-only: mine without storing
        names = mine(conn, curated_path, vocabulary)
    return TermDictionary(names, vocabulary)
