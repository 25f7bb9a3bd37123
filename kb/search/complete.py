"""Completions for a bot's autocomplete: terms and rule titles of every language by prefix.

Candidates are the glossary terms (and their English names and Japanese readings),
the term dictionary's names and the titles of each language's newest edition. A
prefix matches the start of a name ("deat" → Deathtouch), the start of one of its
words ("strike" → First Strike) or a reading ("ふぇい" → フェイジング); whole-name
matches rank first, then names many sources agree on, then shorter ones.
"""

from __future__ import annotations

import bisect
import math
import re
from dataclasses import dataclass, field

from kb.core.text import fold
from kb.i18n import _
from kb.search.index import lexicon
from kb.search.parse import QueryError, clean
from kb.search.results import Completion
from kb.search.scope import resolve_scope
from kb.store import Store, rows
from kb.store.state import derived
from kb.terms.names import clean_name

MAX_LIMIT = 100
_SCAN = 2000  # candidates looked at per prefix at most
_KIND_WEIGHT = {"term": 1.0, "title": 0.8}


@dataclass
class _Entry:
    text: str
    kind: str
    lang: str
    english: str | None = None
    rule: str | None = None
    document: str | None = None  # the document whose numbering ``rule`` is in
    sources: int = 0
    readings: set[str] = field(default_factory=set)


class Completions:
    """Names of one database, indexed by their folded start, word starts and readings."""

    def __init__(self, entries: list[_Entry]):
        self.entries = entries
        keys: list[tuple[str, int, int]] = []  # (key, entry, how: 0 start, 1 word, 2 reading)
        for number, entry in enumerate(entries):
            folded = fold(entry.text)
            keys.append((folded, number, 0))
            for word_start in _word_starts(folded):
                keys.append((folded[word_start:], number, 1))
            for reading in entry.readings:
                keys.append((fold(reading), number, 2))
        keys.sort()
        self.keys = keys
        self.sorted_keys = [key for key, _, _ in keys]

    def find(self, prefix: str, lang: str | None, limit: int) -> list[Completion]:
        wanted = fold(prefix)
        best: dict[int, float] = {}
        first = bisect.bisect_left(self.sorted_keys, wanted)
        for key, number, how in self.keys[first : first + _SCAN]:
            if not key.startswith(wanted):
                break
            entry = self.entries[number]
            if lang and entry.lang != lang:
                continue
            score = (3.0, 1.0, 2.0)[how] + (1.0 if key == wanted else 0.0)
            score += _KIND_WEIGHT[entry.kind] + math.log1p(entry.sources) - len(entry.text) / 100
            best[number] = max(score, best.get(number, 0.0))
        ranked = sorted(best.items(), key=lambda item: (-item[1], self.entries[item[0]].text))[:limit]
        return [
            Completion(e.text, e.kind, e.lang, e.english, e.rule, round(score, 3), e.document if e.rule else None)
            for e, score in ((self.entries[number], score) for number, score in ranked)
        ]


def _word_starts(folded: str) -> list[int]:
    return [i for i in range(1, len(folded)) if folded[i - 1] in " -/(" and folded[i].isalnum()]


def build(store: Store) -> Completions:
    """The completion entries of ``store``: glossary terms, dictionary names, newest titles."""
    merged: dict[tuple[str, str], _Entry] = {}

    def add(
        text: str | None,
        kind: str,
        lang: str,
        english: str | None = None,
        rule: str | None = None,
        reading: str | None = None,
        document: str | None = None,
    ) -> None:
        """One entry per spelling and language: a glossary term and a title of that name are one."""
        for name in re.split(r"\s*[/／]\s*", clean_name(text or "")[0]):
            if not name or len(name) > 80 or name[0].isdigit():
                continue
            entry = merged.setdefault((lang, fold(name)), _Entry(name, kind, lang))
            entry.sources += 1
            if kind == "term":
                entry.kind = "term"
            entry.english = entry.english or (english if english and fold(english) != fold(name) else None)
            if rule and (kind == "title" or not entry.rule):  # a heading names its rule best
                entry.rule, entry.document = rule, document
            if reading:
                entry.readings.add(reading)

    cited = _first_citations(store)
    # Newest glossaries first: a term's rule is the one its newest entry cites, with that entry's
    # document, since a number means a rule only within one edition ("702.23" of the German text).
    for row in rows(
        store.conn,
        "select g.id, g.term, g.english, g.reading, d.lang, d.name from glossary g "
        "join documents d on d.id = g.document_id order by d.edition is null, "
        "d.edition desc, g.id",
    ):
        add(row["term"], "term", row["lang"], row["english"], cited.get(row["id"]), row["reading"], row["name"])
    for name in lexicon(store).names:
        add(name.name, "term", name.lang, name.english)
        add(name.english, "term", "en")
    newest = [d.id for d in resolve_scope(store).documents]
    if newest:
        for row in rows(
            store.conn,
            f"select r.number, r.title, d.lang, d.name from rules r join documents d on "
            f"d.id = r.document_id where r.document_id in ({','.join('?' * len(newest))}) "
            f"and r.title != ''",
            newest,
        ):
            add(row["title"], "title", row["lang"], rule=row["number"], document=row["name"])
    return Completions(list(merged.values()))


def _first_citations(store: Store) -> dict[int, str]:
    found: dict[int, str] = {}
    for row in rows(store.conn, "select glossary_id, target from refs where glossary_id is not null order by id"):
        found.setdefault(row["glossary_id"], row["target"])
    return found


def complete(store: Store, prefix: str, *, lang: str | None = None, limit: int = 10) -> list[Completion]:
    """Ranked completions of ``prefix`` among terms and rule titles (``lang``: only that language)."""
    prefix = clean(prefix if isinstance(prefix, str) else "", [])
    if not prefix:
        raise QueryError(_("the prefix is empty: give the first letters of a term or title"))
    limit = max(1, min(int(limit), MAX_LIMIT))
    completions = derived(store.conn, "search.completions", (), lambda: build(store))  # until the database changes
    return completions.find(prefix, lang, limit)
