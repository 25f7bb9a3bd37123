"""Data derived from the database and the index, stored with the index when it is written.

A search must not spend seconds rebuilding what only changes with an import: the term
dictionary (kb.search.terms.Lexicon, every translation analysed), the vocabularies did-you-mean
draws on (the unstemmed words of each language with their document frequencies), the index
documents each database document holds, the rule number of each index document, and the field
lengths each database document's texts add up to (for the averages a search's scope weighs by).
:func:`save` writes them to one file beside the whoosh files after a build or an update;
:func:`load` reads them back when they were written for the index's markers and the current
curated and built-in term lists, else says None.
"""

from __future__ import annotations

import os
import pickle
from array import array
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from whoosh import index as whoosh_index

from kb.search import terms
from kb.search.analyzers import NAME_SEPARATOR, language_field
from kb.search.compile import surface_words
from kb.search.lineage import undated_renumbering
from kb.search.postings import read_holders, term_text
from kb.search.schema import CJK, field, words_field
from kb.search.terms import Lexicon, sources_stamp
from kb.store import Store

FILE = "derived.pickle"
VERSION = 11


Surface = list[tuple[frozenset, dict[str, dict[str, int]]]]  # (segment ids, {lang: {word: texts}})


@dataclass
class Derived:
    stamp: tuple
    lexicon: Lexicon
    undated: dict[str, dict[str, str]]  # undated document -> {its number: today's} (kb.search.lineage)
    generation: int  # of the index the arrays below were read from
    held: dict[str, bytes]  # document code -> its index documents (array "I" bytes)
    numbers: list[str]  # index document -> its rule number ("" for a marker)
    surface: Surface  # the did-you-mean words, counted per group of segments (:func:`_surface`)
    # Japanese and Chinese words with their document frequencies: the terms of their text fields, read
    # once per write (0.5 s); a fresh process reading them at its first did-you-mean doubled its time.
    cjk: dict[str, tuple[list[str], list[int]]]
    # document code -> {text or examples field: (its index documents having the field, their total length)}
    lengths: dict[str, dict[str, tuple[int, int]]]

    def averages(self, codes: tuple[str, ...]) -> dict[str, float]:
        """Field -> the average length of that field over the texts of the documents ``codes`` (a
        search's scope): what BM25 normalises a text's length by, whatever else the index holds."""
        totals: dict[str, list[int]] = {}
        for code in codes:
            for name, (count, length) in self.lengths.get(code, {}).items():
                total = totals.setdefault(name, [0, 0])
                total[0] += count
                total[1] += length
        return {name: length / count for name, (count, length) in totals.items() if count and length}

    @cached_property
    def vocabularies(self) -> dict[str, tuple[list[str], list[int]]]:
        """lang -> (words, document frequencies) for did-you-mean."""
        return _summed(self.surface) | self.cjk


def stamp_of(markers: dict[str, str]) -> tuple:
    """What the stored data must have been written for: this format, the index's markers and the
    curated and built-in term lists (kb.search.index keeps what :func:`load` read under it)."""
    return _stamp(markers)


def _stamp(markers: dict[str, str]) -> tuple:
    return (VERSION, tuple(sorted(markers.items())), sources_stamp())


def save(folder: Path, store: Store, markers: dict[str, str], written: tuple[int, list[dict]] | None = None) -> Derived:
    """Build the derived data of ``store`` for an index at ``folder`` holding ``markers``, and store it.

    ``written``: (documents, the rule records among them) the last commit wrote as a segment
    of its own; their words are counted from the records instead of reading the database again.
    """
    previous = _read(folder, FILE)
    known = previous.surface if isinstance(previous, Derived) and previous.stamp[0] == VERSION else []
    ix = whoosh_index.open_dir(str(folder))
    with ix.reader() as reader:
        generation = reader.generation()
        held, numbers = read_holders(reader)
        surface = _surface(known, reader, store.conn, written)
        cjk = {lang: _index_words(reader, words_field(lang)) for lang in CJK}
        lengths = _lengths(reader, held)
    ix.close()
    lexicon = terms.build_lexicon(store.conn)  # through its module: a test replaces it there
    data = Derived(
        _stamp(markers), lexicon, undated_renumbering(store.conn), generation, held, numbers, surface, cjk, lengths
    )
    _write(folder, FILE, data)
    return data


def _write(folder: Path, name: str, value) -> None:
    temporary = folder / f"{name}.tmp-{os.getpid()}"
    with open(temporary, "wb") as handle:
        pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(temporary, folder / name)


def _read(folder: Path, name: str):
    """A file written by _write, or None when it is missing or unreadable."""
    try:
        with open(folder / name, "rb") as handle:
            return pickle.load(handle)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
        return None


def _surface(known: Surface, reader, conn, written: tuple[int, list[dict]] | None) -> Surface:
    """The did-you-mean words of the index, as counts kept per group of segments.

    Counts of segments still in the index are kept; the one segment the last commit wrote is
    counted from its records; anything else (a merge, no stored counts) is counted again
    from the database, for all segments at once.
    """
    leaves = {leaf.segment().segment_id(): leaf for leaf, _offset in reader.leaf_readers()}
    kept = [(ids, counts) for ids, counts in known if ids <= leaves.keys()]
    covered = set().union(*(ids for ids, _ in kept))
    missing = [segment for segment in leaves if segment not in covered]
    if not missing:
        return kept
    if written is not None and len(missing) == 1 and leaves[missing[0]].doc_count_all() == written[0]:
        return kept + [(frozenset(missing), _record_words(written[1]))]
    return [(frozenset(leaves), _database_words(conn))]


def _lengths(reader, held: dict[str, bytes]) -> dict[str, dict[str, tuple[int, int]]]:
    """Document code -> {field: (index documents of the code having it, their total length)} over the
    length-normalised fields (texts and examples; names carry weights, not lengths). ~0.5 s over the
    whole corpus's index, once per write."""
    fields = [name for name in reader.indexed_field_names() if name.startswith(("text_", "examples_"))]
    lengths: dict[str, dict[int, int]] = {name: {} for name in fields}
    for leaf, offset in reader.leaf_readers():
        for name in fields:
            found = lengths[name]
            for docnum in range(leaf.doc_count_all()):
                length = leaf.doc_field_length(docnum, name, 0) or 0
                if length:
                    found[docnum + offset] = length
    summed: dict[str, dict[str, tuple[int, int]]] = {}
    for code, docs in held.items():
        own: dict[str, tuple[int, int]] = {}
        for name in fields:
            values = [length for doc in array("I", docs) if (length := lengths[name].get(doc))]
            if values:
                own[name] = (len(values), sum(values))
        summed[code] = own
    return summed


def _index_words(reader, fieldname: str) -> tuple[list[str], list[int]]:
    """The terms of an index field with their document frequencies."""
    if fieldname not in reader.indexed_field_names():
        return [], []
    found = [(term_text(word), info.doc_frequency()) for word, info in reader.iter_field(fieldname)]
    return [word for word, _ in found], [frequency for _, frequency in found]


def _summed(surface: Surface) -> dict[str, tuple[list[str], list[int]]]:
    totals: dict[str, dict[str, int]] = {}
    for _ids, counts in surface:
        for lang, words in counts.items():
            total = totals.setdefault(lang, {})
            for word, count in words.items():
                total[word] = total.get(word, 0) + count
    return {lang: (list(words), list(words.values())) for lang, words in totals.items()}


def _counted(texts) -> dict[str, dict[str, int]]:
    """{lang: {word: how many of the (lang, title, text) given hold it}}, words of 3 letters and more."""
    counts: dict[str, Counter] = {}
    for lang, title, text in texts:
        counts.setdefault(lang, Counter()).update(set(surface_words(f"{title or ''} {text or ''}")))
    return {lang: {w: n for w, n in counter.items() if len(w) >= 3} for lang, counter in counts.items()}


def _record_words(records: list[dict]) -> dict[str, dict[str, int]]:
    """The words of the titles and texts of index records (not ja, zh)."""
    return _counted(
        (r["lang"], r.get(field("names", r["lang"]), "").split(NAME_SEPARATOR)[0], r.get(field("text", r["lang"]), ""))
        for r in records
        if r["lang"] not in CJK
    )


def _database_words(conn) -> dict[str, dict[str, int]]:
    """Unstemmed words of every distinct title and text per language (not ja, zh), with the
    number of distinct texts holding each: the words did-you-mean offers."""
    rows = conn.execute(
        "select distinct d.lang, r.title, r.text from rules r join documents d on d.id = r.document_id "
        "where d.lang not in ('ja', 'zh')"
    )
    return _counted((language_field(lang), title, text) for lang, title, text in rows)


def load(folder: Path, markers: dict[str, str]) -> Derived | None:
    """The stored data of the index at ``folder`` when it matches ``markers``; None otherwise.

    Read from the file each time: kb.search.index keeps it in the store's derived cache."""
    stamp = _stamp(markers)
    data = _read(folder, FILE)
    if not isinstance(data, Derived) or data.stamp != stamp:
        return None
    return data
