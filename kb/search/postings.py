"""BM25F over the index's posting lists, with per-language statistics, cached.

whoosh's own matcher trees cost 20–50 ms for a query expanded into four languages
and five fields; reading each posting list once and keeping what it says per document
makes a query a few dictionary merges. Scoring is BM25F: a term's frequencies in the
names (title, heading, glossary terms, weighted at indexing), text and examples of a rule
are weighted, length-normalised per field (not the names), added, and saturated once,
then multiplied by one idf. Statistics are taken within a language (the documents of
that language, the documents that have the field), so the 13 rules of the German page
compare with the 3,300 of an English edition.
"""

from __future__ import annotations

import threading
from array import array
from math import log

import kb.search._whoosh  # noqa: F401  (whoosh without urllib.request)
from whoosh.codec.whoosh3 import LENGTHS_COLUMN as _LENGTHS_COLUMN, W3LeafMatcher as _BlockMatcher
from whoosh.codec.whoosh3 import _lenfield as _length_field
from whoosh.reading import TermNotFound
from whoosh.util.numeric import byte_to_length

from kb.search.schema import PARTS, field

K1 = 1.2
B = 0.75
PART_WEIGHTS = {"names": 1.0, "text": 1.0, "examples": 0.5}  # names carry their own weights (NAME_PARTS)
_MAX_CACHED = 50_000
PREFIX_LIMIT = 64  # terms a prefix expands to, the most frequent first
_LENGTHS = [byte_to_length(b) for b in range(256)]  # a field's length as whoosh stores it, one byte


class Postings:
    """Per-document scores of terms, phrases and prefixes of one reader, cached."""

    def __init__(self, reader, languages):
        self.reader = reader
        self.counts = {f"lang:{lang}": reader.doc_frequency("lang", lang) for lang in languages}
        for lang in languages:
            for part in PARTS:
                self.counts[field(part, lang)] = reader.doc_frequency("has", field(part, lang))
        self.leaves = reader.leaf_readers()
        self._cache: dict[tuple, dict[int, float]] = {}
        self._lengths: dict[tuple[str, int], bytes] = {}
        self._identities: dict[int, tuple[list[str], str]] = {}
        self._sets: dict[tuple, frozenset[int]] = {}
        self._bounds: dict[int, tuple] = {}
        self.stored_held: dict[str, bytes] = {}
        self.stored_numbers: list[str] | None = None
        self._lock = threading.Lock()

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

    def frequencies(self, fieldname: str, text: str, below: int | None = None) -> dict[int, float]:
        """docnum -> frequency of ``text`` in ``fieldname``, length-normalised (BM25's tf / norm).

        ``below``: only documents numbered lower. The newest editions are indexed first, so
        the default scope reads the head of each posting list, not the 135 editions after it.
        """
        return self._cached((fieldname, text, below), lambda: self._frequencies(fieldname, text, below))

    def _frequencies(self, fieldname: str, text: str, below: int | None = None) -> dict[int, float]:
        names = fieldname.startswith("names_")
        average = self.reader.field_length(fieldname) / max(self.counts.get(fieldname) or 1, 1) or 1.0
        found: dict[int, float] = {}
        for leaf, offset, matcher in self._matchers(fieldname, text):
            if below is not None and offset >= below:
                break
            limit = None if below is None else below - offset
            if names:  # names are short: weighted, not length-normalised
                for docnum, weight in _postings(matcher, limit):
                    found[docnum + offset] = weight
                continue
            lengths = self._length_table(leaf, offset, fieldname)
            count = len(lengths)
            for docnum, weight in _postings(matcher, limit):
                length = _LENGTHS[lengths[docnum]] if docnum < count else 0
                found[docnum + offset] = weight / (1.0 - B + B * (length or 1) / average)
        return found

    def _length_table(self, leaf, offset: int, fieldname: str) -> bytes:
        """The length byte of every document of one segment's field, read whole once
        (a byte per document: 27 KB for 27,000 texts) instead of a column lookup per posting."""
        key = (fieldname, offset)
        found = self._lengths.get(key)
        if found is None:
            found = b""
            try:
                column = leaf._perdoc._cached_reader(_length_field(fieldname), _LENGTHS_COLUMN)
                if column is not None:
                    found = bytes(column._dbfile.get(column._basepos, column._count))
            except AttributeError:  # another codec: ask document by document
                found = bytes(_length_byte(leaf.doc_field_length(docnum, fieldname, 0))
                              for docnum in range(leaf.doc_count_all()))
            self._lengths[key] = found
        return found

    def _matchers(self, fieldname: str, text: str):
        """(segment reader, docnum offset, matcher) of each segment that has the term.

        Reading segment by segment is three times faster than through whoosh's MultiReader.
        """
        for leaf, offset in self.leaves:
            try:
                yield leaf, offset, leaf.postings(fieldname, text)
            except TermNotFound:
                continue

    def _phrase(self, fieldname: str, texts: tuple[str, ...], below: int | None = None) -> dict[int, float]:
        """Documents with ``texts`` at consecutive positions; the phrase's frequency is its rarest word's.

        Chinese bigrams are not checked for position: the overlapping bigrams of a word
        (时间 间跳 跳跃) all in one rule are that word, and reading positions is the cost.
        """
        parts = [self.frequencies(fieldname, text, below) for text in texts]
        if not all(parts):
            return {}
        candidates = set.intersection(*(set(part) for part in parts))
        if not candidates:
            return {}
        if fieldname.endswith("_zh"):
            return {docnum: min(part[docnum] for part in parts) for docnum in candidates}
        positions = [self._positions(fieldname, text, candidates) for text in texts]
        found = {}
        for docnum in candidates:
            starts = set(positions[0].get(docnum, ()))
            for offset, later in enumerate(positions[1:], 1):
                starts &= {p - offset for p in later.get(docnum, ())}
            if starts:
                found[docnum] = min(part[docnum] for part in parts)
        return found

    def _positions(self, fieldname: str, text: str, docs: set[int]) -> dict[int, list[int]]:
        found = {}
        for _, offset, matcher in self._matchers(fieldname, text):
            for docnum in sorted(docs):
                local = docnum - offset
                if local < 0:
                    continue
                if not matcher.is_active():
                    break
                matcher.skip_to(local)
                if matcher.is_active() and matcher.id() == local:
                    found[docnum] = matcher.value_as("positions")
        return found

    def _prefix(self, fieldname: str, prefix: str, below: int | None = None) -> dict[int, float]:
        words = list(self.reader.expand_prefix(fieldname, prefix))
        if len(words) > PREFIX_LIMIT:
            words.sort(key=lambda w: -self.reader.doc_frequency(fieldname, w))
            words = words[:PREFIX_LIMIT]
        found: dict[int, float] = {}
        for word in words:
            for docnum, weight in self.frequencies(fieldname, _text(word), below).items():
                found[docnum] = max(weight, found.get(docnum, 0.0))
        return found

    def _part(self, fieldname: str, texts: tuple[str, ...], prefix: bool, below: int | None) -> dict[int, float]:
        if prefix:
            return self._cached((fieldname, "*", texts, below), lambda: self._prefix(fieldname, texts[0], below))
        if len(texts) == 1:
            return self.frequencies(fieldname, texts[0], below)
        return self._cached((fieldname, texts, below), lambda: self._phrase(fieldname, texts, below))

    # ---- all fields of a language: BM25F ------------------------------------------------------------

    def score(self, lang: str, texts: tuple[str, ...], prefix: bool = False, below: int | None = None) -> dict[int, float]:
        """docnum -> BM25F score of a term, phrase or prefix over the fields of language ``lang``."""
        return self._cached(("bm25f", lang, texts, prefix, below), lambda: self._bm25f(lang, texts, prefix, below))

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

    def _bm25f(self, lang: str, texts: tuple[str, ...], prefix: bool, below: int | None = None) -> dict[int, float]:
        combined: dict[int, float] = {}
        for part in PARTS:
            weight = PART_WEIGHTS[part]
            for docnum, frequency in self._part(field(part, lang), texts, prefix, below).items():
                combined[docnum] = combined.get(docnum, 0.0) + weight * frequency
        if not combined:
            return {}
        documents = max(self._language_count(lang, below), len(combined))
        idf = log(1.0 + (documents - len(combined) + 0.5) / (len(combined) + 0.5))
        return {doc: idf * tf * (K1 + 1) / (tf + K1) for doc, tf in combined.items()}

    # ---- filters and stored fields ------------------------------------------------------------------

    def docs(self, fieldname: str, text: str) -> set[int]:
        """Documents holding a keyword or ID term (documents, rule subtrees), unscored."""
        def compute():
            try:
                return dict.fromkeys(self.reader.postings(fieldname, text).all_ids(), 0.0)
            except TermNotFound:
                return {}
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
                    self.stored_held = holdings(self.reader)
                found = frozenset(array("I", self.stored_held.get(code, b"")))
            else:
                found = frozenset(self.docs(fieldname, code))
            self._sets[key] = found
        return found

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


def _postings(matcher, limit: int | None):
    """(docnum, weight) of a segment's posting list, below ``limit`` when given.

    whoosh decodes a block of postings at a time; its block arrays are read directly
    (three method calls per posting less). Posting lists inlined in the term info come as
    other matchers, read the ordinary way.
    """
    if isinstance(matcher, _BlockMatcher):
        while matcher.is_active():
            if matcher._ids is None:
                matcher._read_ids()
            if matcher._weights is None:
                matcher._read_weights()
            ids, weights, first = matcher._ids, matcher._weights, matcher._i
            if limit is not None and ids[-1] >= limit:
                yield from ((d, w) for d, w in zip(ids[first:], weights[first:]) if d < limit)
                return
            yield from zip(ids[first:], weights[first:])
            matcher._next_block()
        return
    while matcher.is_active():
        docnum = matcher.id()
        if limit is not None and docnum >= limit:
            return
        yield docnum, matcher.weight()
        matcher.next()


def _length_byte(length: int | None) -> int:
    from whoosh.util.numeric import length_to_byte

    return length_to_byte(length or 0)


def _text(word) -> str:
    return word.decode("utf-8") if isinstance(word, bytes) else word


def holdings(reader) -> dict[str, bytes]:
    """Document code -> the live index documents it holds (sorted, array "I" bytes), read from
    the stored ``holders`` of every index document (they are not indexed: see kb.search.schema)."""
    held: dict[str, array] = {}
    for docnum, stored in reader.iter_docs():
        for code in (stored.get("holders") or "").split():
            found = held.get(code)
            if found is None:
                found = held[code] = array("I")
            found.append(docnum)
    return {code: docs.tobytes() for code, docs in held.items()}
