"""Data derived from the database and the index, stored with the index when it is written.

A fresh ``mtgkb search`` must not spend seconds rebuilding what only changes with an
import: the term dictionary (kb.search.terms.Lexicon, every translation analysed) and
the vocabularies did-you-mean draws on (the unstemmed words of each language with their
document frequencies). :func:`save` writes them beside the whoosh files after a build or
an update; :func:`load` reads them back when they were written for the index's markers
and the current curated and built-in term lists, else says None.
"""

from __future__ import annotations

import os
import pickle
from array import array
import threading
from dataclasses import dataclass
from pathlib import Path

FILE = "derived.pickle"
WORDS_FILE = "words.pickle"  # the term pairs and vocabularies, read only by did-you-mean and completions
VERSION = 3
_cache: dict[str, tuple[tuple, "Derived"]] = {}
_lock = threading.Lock()


@dataclass
class Derived:
    stamp: tuple
    lexicon: object  # kb.search.terms.Lexicon
    undated: dict[str, dict[str, str]]  # undated document -> {its number: today's} (kb.search.lineage)
    generation: int = -1  # of the index the arrays below were read from
    held: dict[str, bytes] | None = None  # document code -> its index documents (array "I" bytes)
    folder: str = ""
    _words: dict | None = None

    def words(self) -> dict:
        """{"names": term pairs as tuples, "vocabularies": {lang: (words, document frequencies)}}, read once."""
        if self._words is None:
            with open(Path(self.folder) / WORDS_FILE, "rb") as handle:
                words = pickle.load(handle)
            self._words = words if words.get("stamp") == self.stamp else {"names": [], "vocabularies": {}}
        return self._words

    @property
    def vocabularies(self) -> dict[str, tuple[list[str], list[int]]]:
        return self.words()["vocabularies"]

    def attach(self, folder: Path) -> "Derived":
        self.folder = str(folder)
        self.lexicon._names_loader = lambda: self.words()["names"]
        return self


def _stamp(markers: dict[str, str]) -> tuple:
    from kb.search.terms import sources_stamp

    return (VERSION, tuple(sorted(markers.items())), sources_stamp())


def save(folder: Path, kb, markers: dict[str, str]) -> Derived:
    """Build the derived data of ``kb`` for an index at ``folder`` holding ``markers``, and store it."""
    from whoosh import index as whoosh_index

    from kb.search.lineage import undated_renumbering
    from kb.search.schema import CJK, words_field
    from kb.search.terms import build_lexicon

    vocabularies = _surface_vocabularies(kb.conn)
    ix = whoosh_index.open_dir(str(folder))
    held: dict[str, bytes] = {}
    with ix.reader() as reader:
        generation = reader.generation()
        for code in reader.lexicon("holders"):
            text = code.decode("utf-8") if isinstance(code, bytes) else code
            live = [doc for doc in reader.postings("holders", text).all_ids() if not reader.is_deleted(doc)]
            held[text] = array("I", sorted(live)).tobytes()
        for lang in CJK:  # Sudachi's words and Chinese bigrams, as the text fields hold them
            words, frequencies = [], []
            for word, info in reader.iter_field(words_field(lang)):
                text = word.decode("utf-8") if isinstance(word, bytes) else word
                if len(text) >= 2:
                    words.append(text)
                    frequencies.append(info.doc_frequency())
            vocabularies[lang] = (words, frequencies)
    ix.close()
    lexicon = build_lexicon(kb.conn)
    names = [tuple(name) for name in lexicon.names]
    data = Derived(_stamp(markers), lexicon, undated_renumbering(kb.conn), generation, held)
    words = {"stamp": data.stamp, "names": names, "vocabularies": vocabularies}
    for name, value in ((WORDS_FILE, words), (FILE, data)):
        temporary = folder / f"{name}.tmp-{os.getpid()}"
        with open(temporary, "wb") as handle:
            pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, folder / name)
    data._words = words
    data.attach(folder)
    with _lock:
        _cache[str(folder)] = (data.stamp, data)
    return data


def _surface_vocabularies(conn) -> dict[str, tuple[list[str], list[int]]]:
    """Unstemmed words of every distinct title and text per language (not ja, zh), with the
    number of distinct texts holding each: the words did-you-mean offers."""
    from collections import Counter

    from kb.search.analyzers import language_field
    from kb.search.compile import surface_words

    counts: dict[str, Counter] = {}
    rows = conn.execute("select distinct d.lang, r.title, r.text from rules r join documents d on d.id = r.document_id "
                        "where d.lang not in ('ja', 'zh')")
    for lang, title, text in rows:
        counter = counts.setdefault(language_field(lang), Counter())
        counter.update(set(surface_words(f"{title or ''} {text or ''}")))
    return {lang: ([w for w in counter if len(w) >= 3], [n for w, n in counter.items() if len(w) >= 3])
            for lang, counter in counts.items()}


def load(folder: Path, markers: dict[str, str]) -> Derived | None:
    """The stored data of the index at ``folder`` when it matches ``markers``; None otherwise."""
    stamp = _stamp(markers)
    with _lock:
        cached = _cache.get(str(folder))
    if cached and cached[0] == stamp:
        return cached[1]
    try:
        with open(folder / FILE, "rb") as handle:
            data = pickle.load(handle)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
        return None
    if not isinstance(data, Derived) or data.stamp != stamp:
        return None
    data.attach(folder)
    with _lock:
        _cache[str(folder)] = (stamp, data)
    return data
