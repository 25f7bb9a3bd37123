"""BM25F over the index's posting lists, with per-language statistics, cached.

whoosh's searcher reads each term's postings segment by segment, scored by a weighting
model of ours (:class:`LengthNormalised`: a field's term frequency divided by BM25's length
norm, which whoosh's own BM25F cannot give alone because it saturates per field); what a
posting list says per document is kept, so a query is a few dictionary merges. Scoring is
BM25F: a term's frequencies in the names (title, heading, glossary terms, weighted at
indexing), text and examples of a rule are weighted, length-normalised per field (not the
names), added, and saturated once, then multiplied by one idf. Statistics are taken within a
language (the documents of that language, the documents that have the field), so the 13
rules of the German page compare with the 3,300 of an English edition (a translation into
so small a language is weighed by the idf of its concept in the largest: kb.search.plan).

The idf of a search is counted among the documents it searches (its scope): how many of them are
of the language and how many of those hold the term. Counted over the whole index instead, the
same query ranked the same rules differently by what else the database held: 134 older English
editions raised every English word's idf, and Japanese words (numbered among the first documents,
where an estimate by share of the index assumed them spread evenly) lost two thirds of theirs, so
"phased out" found the phases (501, 505) above 702.26b on the whole corpus.
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Callable, Hashable
from math import log
from typing import TypeVar

from whoosh import query as whoosh_query
from whoosh.scoring import BaseScorer, WeightingModel
from whoosh.searching import Searcher

T = TypeVar("T")

from kb.search.schema import PARTS, field

K1 = 1.2
B = 0.75
PART_WEIGHTS = {"names": 1.0, "text": 1.0, "examples": 0.5}  # names carry their own weights (NAME_PARTS)
_MAX_CACHED = 50_000
PREFIX_LIMIT = 64  # terms a prefix expands to, the most frequent first


def whoosh_term(fieldname: str, text: str) -> whoosh_query.Term:
    """The one whoosh query kb.search makes: a word in one field, whose matcher reads that word's
    postings (``Query.matcher`` and ``Searcher.docs_for_query``, whoosh's public API). A plan's leaf
    (kb.search.plan: a word, a phrase, a prefix over a language's fields) is read here word by word and
    field by field; the plan's other nodes are merged as dictionaries and never become whoosh queries."""
    return whoosh_query.Term(fieldname, text)


class LengthNormalised(WeightingModel):
    """A term's frequency in a field divided by BM25's length norm (names: the frequency as weighted
    at indexing). The sum over fields, its saturation and the idf are BM25F's (``Postings._bm25f``)."""

    def __init__(self, averages: dict[str, float]):
        self.averages = averages  # field -> average length over the documents having it

    def scorer(self, searcher, fieldname, text, qf=1):
        if fieldname.startswith("names_") or fieldname not in self.averages:
            return _Weight()
        return _Normalised(searcher, fieldname, self.averages[fieldname])


class _Weight(BaseScorer):
    def score(self, matcher):
        return matcher.weight()


class _Normalised(BaseScorer):
    def __init__(self, searcher, fieldname: str, average: float):
        self.searcher, self.fieldname, self.average = searcher, fieldname, average

    def score(self, matcher):
        length = self.searcher.doc_field_length(matcher.id(), self.fieldname, 1) or 1
        return matcher.weight() / (1.0 - B + B * length / self.average)


class Postings:
    """Per-document scores of terms, phrases and prefixes of one reader, cached."""

    def __init__(self, reader, languages):
        self.reader = reader
        self.counts = {f"lang:{lang}": reader.doc_frequency("lang", lang) for lang in languages}
        for lang in languages:
            for part in PARTS:
                self.counts[field(part, lang)] = reader.doc_frequency("has", field(part, lang))
        averages = {
            name: (reader.field_length(name) / count or 1.0)
            for name, count in self.counts.items()
            if count and not name.startswith("lang:")
        }
        self.searcher = Searcher(reader, weighting=LengthNormalised(averages), closereader=False)
        self.leaves = self.searcher.leaf_searchers()
        self._cache: dict[tuple, dict[int, float]] = {}
        self._identities: dict[int, tuple[list[str], str]] = {}
        self._sets: dict[tuple, frozenset[int]] = {}
        self._bounds: dict[int, tuple] = {}
        self._scope_counts: dict[tuple[str, int | None], int] = {}
        # scope (key of its documents) -> field -> average length over the scope's texts (see use_scope)
        self.scope_averages: dict[int | None, dict[str, float]] = {}
        self.stored_held: dict[str, bytes] = {}
        self.stored_numbers: list[str] | None = None
        self._lock = threading.Lock()
        self._derived: dict[Hashable, object] = {}  # what is read from this reader once (did-you-mean words)
        self._derived_lock = threading.Lock()

    def derived(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()`` once for this reader: values read from the index live as long as it is open
        (a new index, or a new commit, opens new postings)."""
        with self._derived_lock:
            if key not in self._derived:
                self._derived[key] = compute()
            return self._derived[key]  # type: ignore[return-value]

    def _cached(self, key: tuple, compute) -> dict[int, float]:
        found = self._cache.get(key)
        if found is None:
            found = compute()
            with self._lock:
                if len(self._cache) >= _MAX_CACHED:
                    self._cache.clear()
                self._cache[key] = found
        return found

    # ---- one field: normalised term frequencies ---------------------------------------------------

    def frequencies(
        self, fieldname: str, text: str, below: int | None = None, average: float | None = None
    ) -> dict[int, float]:
        """docnum -> frequency of ``text`` in ``fieldname``, length-normalised (BM25's tf / norm).

        ``below``: only documents numbered lower. The newest editions are indexed first, so
        the default scope reads the head of each posting list, not the 135 editions after it.
        Read a segment's searcher at a time (whoosh's matcher over all segments reads more), and
        not cached: the scores of a term over all the fields of its language are
        (:meth:`score`), and four of five of these lists would take the place of those.
        ``average``: the field's average length to normalise by (the scope's), else the index's.
        """
        found: dict[int, float] = {}
        term = whoosh_term(fieldname, text)
        norm = average if average is not None and not fieldname.startswith("names_") else None
        for searcher, offset in self.leaves:
            matcher = term.matcher(searcher)
            while matcher.is_active():
                docnum = matcher.id() + offset
                if below is not None and docnum >= below:
                    break
                if norm is not None:
                    length = searcher.doc_field_length(matcher.id(), fieldname, 1) or 1
                    found[docnum] = matcher.weight() / (1.0 - B + B * length / norm)
                else:
                    found[docnum] = matcher.score()
                matcher.next()
        return found

    def _phrase(
        self, fieldname: str, texts: tuple[str, ...], below: int | None = None, average: float | None = None
    ) -> dict[int, float]:
        """Documents with ``texts`` at consecutive positions; the phrase's frequency is its rarest word's.

        Positions are read only at the documents holding every word (whoosh's Phrase matcher,
        skipped to the same documents, took 1.8 times as long over the derived queries' phrases).
        Chinese bigrams are not checked for position: the overlapping bigrams of a word (时间 间跳
        跳跃) all in one rule are that word, and reading positions is the cost.
        """
        parts = [self.frequencies(fieldname, text, below, average) for text in texts]
        candidates = set.intersection(*(set(part) for part in parts))
        if candidates and not fieldname.endswith("_zh"):
            positions = [self._positions(fieldname, text, candidates) for text in texts]
            candidates = {doc for doc in candidates if _in_a_row([found.get(doc, []) for found in positions])}
        return {docnum: min(part[docnum] for part in parts) for docnum in candidates}

    def _positions(self, fieldname: str, text: str, docs: set[int]) -> dict[int, list[int]]:
        found = {}
        term = whoosh_term(fieldname, text)
        for searcher, offset in self.leaves:
            matcher = term.matcher(searcher)
            for docnum in sorted(doc for doc in docs if doc >= offset):
                if not matcher.is_active():
                    break
                matcher.skip_to(docnum - offset)
                if matcher.is_active() and matcher.id() == docnum - offset:
                    found[docnum] = matcher.value_as("positions")
        return found

    def _prefix(
        self, fieldname: str, prefix: str, below: int | None = None, average: float | None = None
    ) -> dict[int, float]:
        words = list(self.reader.expand_prefix(fieldname, prefix))
        if len(words) > PREFIX_LIMIT:
            words.sort(key=lambda w: -self.reader.doc_frequency(fieldname, w))
            words = words[:PREFIX_LIMIT]
        found: dict[int, float] = {}
        for word in words:
            for docnum, weight in self.frequencies(fieldname, term_text(word), below, average).items():
                found[docnum] = max(weight, found.get(docnum, 0.0))
        return found

    def _part(
        self, fieldname: str, texts: tuple[str, ...], prefix: bool, below: int | None, average: float | None = None
    ) -> dict[int, float]:
        """One field's part of :meth:`score`, not cached: the score over all fields is."""
        if prefix:
            return self._prefix(fieldname, texts[0], below, average)
        if len(texts) == 1:
            return self.frequencies(fieldname, texts[0], below, average)
        return self._phrase(fieldname, texts, below, average)

    # ---- all fields of a language: BM25F ------------------------------------------------------------

    def score(
        self,
        lang: str,
        texts: tuple[str, ...],
        prefix: bool = False,
        below: int | None = None,
        within: frozenset[int] | None = None,
    ) -> dict[int, float]:
        """docnum -> BM25F score of a term, phrase or prefix over the fields of language ``lang``;
        ``within``: the documents searched, among which the idf is counted."""
        key = ("bm25f", lang, texts, prefix, below, _scope_key(within))
        return self._cached(key, lambda: self._bm25f(lang, texts, prefix, below, within))

    def bound(self, allowed: frozenset[int] | set[int]) -> int | None:
        """The number above every allowed document (None: no bound worth reading less for)."""
        if not allowed:
            return 0
        cached = self._bounds.get(id(allowed))
        if cached is not None and cached[0] is allowed:
            return cached[1]
        top = max(allowed) + 1
        found = top if top < self.reader.doc_count_all() else None
        if len(self._bounds) > 64:
            self._bounds.clear()
        self._bounds[id(allowed)] = (allowed, found)
        return found

    def _language_count(self, lang: str, below: int | None) -> int:
        """About how many index documents of ``lang`` are numbered below ``below``: the N of idf.

        Estimated from the share of the index below the bound (reading the language's
        posting list to count them exactly would cost a fresh process more than the query).
        """
        total = self.counts.get(f"lang:{lang}") or 0
        if below is None:
            return total
        return max(1, round(total * below / max(self.reader.doc_count_all(), 1)))

    def _bm25f(
        self,
        lang: str,
        texts: tuple[str, ...],
        prefix: bool,
        below: int | None = None,
        within: frozenset[int] | None = None,
    ) -> dict[int, float]:
        combined: dict[int, float] = {}
        averages = self.scope_averages.get(_scope_key(within), {}) if within is not None else {}
        for part in PARTS:
            weight = PART_WEIGHTS[part]
            name = field(part, lang)
            for docnum, frequency in self._part(name, texts, prefix, below, averages.get(name)).items():
                combined[docnum] = combined.get(docnum, 0.0) + weight * frequency
        if not combined:
            return {}
        _, idf = self._rarity(lang, self._matched(combined, within), below, within)
        return {doc: idf * tf * (K1 + 1) / (tf + K1) for doc, tf in combined.items()}

    def rarity(
        self,
        lang: str,
        texts: tuple[str, ...],
        prefix: bool = False,
        below: int | None = None,
        within: frozenset[int] | None = None,
    ):
        """(documents of language ``lang``, idf) of a term, phrase or prefix as :meth:`score` weighs it."""
        matched = self._matched(self.score(lang, texts, prefix, below, within), within)
        return self._rarity(lang, matched, below, within)

    @staticmethod
    def _matched(scores: dict[int, float], within: frozenset[int] | None) -> int:
        if within is None:
            return len(scores)
        return sum(1 for doc in scores if doc in within)

    def _rarity(
        self, lang: str, matched: int, below: int | None, within: frozenset[int] | None = None
    ) -> tuple[int, float]:
        counted = self._language_count(lang, below) if within is None else self.scope_count(lang, within)
        documents = max(counted, matched)
        return documents, log(1.0 + (documents - matched + 0.5) / (matched + 0.5))

    def scope_count(self, lang: str, within: frozenset[int]) -> int:
        """How many of the documents ``within`` are of language ``lang``: the N of idf, exact."""
        key = (lang, _scope_key(within))
        found = self._scope_counts.get(key)
        if found is None:
            found = len(self.docs("lang", lang) & within)
            with self._lock:
                if len(self._scope_counts) > 256:
                    self._scope_counts.clear()
                self._scope_counts[key] = found
        return found

    # ---- filters and stored fields ------------------------------------------------------------------

    def docs(self, fieldname: str, text: str) -> set[int]:
        """Documents holding a keyword or ID term (documents, rule subtrees), unscored."""

        compute = lambda: dict.fromkeys(self.searcher.docs_for_query(whoosh_term(fieldname, text)), 0.0)  # noqa: E731
        return set(self._cached((fieldname, "=", text), compute))

    def union(self, fieldname: str, texts: tuple[str, ...]) -> frozenset[int]:
        """Documents holding any of ``texts`` (the index documents of a scope), cached."""
        key = (fieldname, "|", texts)
        found = self._sets.get(key)
        if found is None:
            found = frozenset().union(*(self.held(text, fieldname) for text in texts))
            self._sets[key] = found
        return found

    def held(self, code: str, fieldname: str = "holders") -> frozenset[int]:
        """The index documents a database document (by code) holds, cached."""
        key = (fieldname, code)
        found = self._sets.get(key)
        if found is None:
            if fieldname == "holders":
                if not self.stored_held:  # no stored copy for this index: read the stored holders once
                    self.stored_held = read_holders(self.reader)[0]
                found = frozenset(array("I", self.stored_held.get(code, b"")))
            else:
                found = frozenset(self.docs(fieldname, code))
            self._sets[key] = found
        return found

    def use_scope(self, within: frozenset[int], codes: tuple[str, ...], derived) -> None:
        """Normalise the lengths of the texts of the documents ``within`` (held by the database
        documents ``codes``) by their own averages, read from the stored data (kb.search.derived)."""
        key = _scope_key(within)
        if derived is None or key in self.scope_averages or not getattr(derived, "lengths", None):
            return
        with self._lock:
            if len(self.scope_averages) > 64:
                self.scope_averages.clear()
            self.scope_averages[key] = derived.averages(codes)

    def use_stored(self, derived) -> None:
        """Read the documents each database document holds from the data stored with the index
        (kb.search.derived), when it was read from this very index: no posting list to decode."""
        if derived is not None and derived.held and derived.generation == self.reader.generation():
            self.stored_held = derived.held
            self.stored_numbers = derived.numbers

    def number(self, docnum: int) -> str:
        """The rule number of an index document: stored with the index (kb.search.derived), else read."""
        if self.stored_numbers is not None:
            return self.stored_numbers[docnum]
        return self.identity(docnum)[1]

    def identity(self, docnum: int) -> tuple[list[str], str]:
        """(codes of the documents holding it, rule number) of an index document.

        Read from the stored fields: whoosh's columns load the offsets of every document
        first, which costs a fresh process more than the few hundred documents a query reads.
        """
        found = self._identities.get(docnum)
        if found is None:
            stored = self.reader.stored_fields(docnum)
            found = self._identities[docnum] = (stored["holders"].split(), stored["number"])
        return found


def _scope_key(within: frozenset[int] | set[int] | None) -> int | None:
    """A key of a set of documents for the caches (a frozenset keeps its hash once computed)."""
    if within is None:
        return None
    return hash(within if isinstance(within, frozenset) else frozenset(within))


def _in_a_row(positions: list[list[int]]) -> bool:
    """Whether the words' positions (one list per word) hold the words one after the other."""
    starts = set(positions[0])
    for offset, later in enumerate(positions[1:], 1):
        starts &= {position - offset for position in later}
    return bool(starts)


def term_text(word) -> str:
    """A term as the reader gives it (bytes or text), as text."""
    return word.decode("utf-8") if isinstance(word, bytes) else word


def read_holders(reader) -> tuple[dict[str, bytes], list[str]]:
    """Document code -> the live index documents it holds (sorted, array "I" bytes), read from
    the stored ``holders`` of every index document (they are not indexed: see kb.search.schema);
    and index document -> its rule number ("" for a marker or a deleted document), read alongside."""
    held: dict[str, array] = {}
    numbers = [""] * reader.doc_count_all()
    for docnum, stored in reader.iter_docs():
        numbers[docnum] = stored.get("number") or ""
        for code in (stored.get("holders") or "").split():
            found = held.get(code)
            if found is None:
                found = held[code] = array("I")
            found.append(docnum)
    return {code: docs.tobytes() for code, docs in held.items()}, numbers
