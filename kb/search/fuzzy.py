"""Near spellings: did-you-mean from the index's vocabulary, and the fuzzy glossary lookup.

The restricted Damerau–Levenshtein distance (rapidfuzz's OSA, computed in C against
every known word) decides: one edit for short words, two from five letters, three from
eleven. The vocabularies are stored with the index (kb.search.derived). "deaftouch" meets "deathtouch",
"Instabiltät" meets "Instabilität".
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import OSA

from kb.core.text import fold
from kb.search.analyzers import STEMMED, terms
from kb.search.index import lexicon
from kb.search.language_words import LISTED, is_word
from kb.search.postings import Postings, term_text
from kb.search.results import Suggestion
from kb.search.schema import words_field
from kb.search.terms import Lexicon, name_spellings
from kb.store import Store, rows
from kb.store.state import derived

MIN_CORRECTED = 4  # shorter words have too many neighbours one edit away ("bad" -> "had")


def max_distance(word: str) -> int:
    return 1 if len(word) <= 4 else 2 if len(word) <= 10 else 3


class NearWords:
    """Words with a weight (frequency), findable by spelling distance.

    rapidfuzz compares a word with every known word in C (restricted Damerau–Levenshtein,
    "optimal string alignment"): a millisecond for the 30,000 words of an English
    vocabulary, with no trigram index to build per process as our own matcher needed.
    """

    def __init__(self, words: Iterable[tuple[str, int]]):
        self.weights: dict[str, int] = {}
        for word, weight in words:
            if len(word) >= 3:
                self.weights[word] = self.weights.get(word, 0) + weight
        self._words = list(self.weights)

    def near(self, word: str, limit: int = 5) -> list[tuple[str, int, int]]:
        """(word, distance, weight) within max_distance(word), nearest and commonest first."""
        word = fold(word)
        if len(word) < 3:
            return []
        allowed = max_distance(word)
        found = [
            (candidate, int(d), self.weights[candidate])
            for candidate, d, _ in process.extract(
                word, self._words, scorer=OSA.distance, processor=None, score_cutoff=allowed, limit=None
            )
        ]
        found.sort(key=lambda item: (item[1], -item[2], item[0]))
        return found[:limit]


# ---- did you mean ------------------------------------------------------------------------------


def vocabulary(postings: Postings, lang: str, stored: dict | None = None) -> NearWords:
    """The unstemmed words of ``lang`` in the index, with their document frequencies.

    ``stored``: the vocabularies kept with the index (kb.search.derived); without them the
    index's word field is read. Kept with the postings they were read for (Postings.derived),
    which live as long as the open index.
    """

    def read() -> NearWords:
        if stored is not None and lang in stored:
            words, frequencies = stored[lang]
            return NearWords(zip(words, frequencies))
        return NearWords(
            (term_text(word), info.doc_frequency()) for word, info in postings.reader.iter_field(words_field(lang))
        )

    return postings.derived(("vocabulary", lang), read)


def suggest(
    postings: Postings, word: str, languages: Iterable[str], limit: int = 3, stored: dict | None = None
) -> list[Suggestion]:
    """Words of the index near ``word`` in any of ``languages``; none when ``word`` itself is there."""
    found: list[Suggestion] = []
    for lang in languages:
        for candidate, d, weight in vocabulary(postings, lang, stored).near(word, limit):
            if d == 0:
                return []
            found.append(Suggestion(candidate, lang, d, weight))
    found.sort(key=lambda s: (s.distance, -s.frequency, s.word))
    return found[:limit]


def corrections(
    postings: Postings,
    words: Lexicon,
    compiled,
    hits: dict[int, int],
    text: str,
    languages: list[str],
    stored: Callable[[], dict | None] | None = None,
    asked_in: str | None = None,
) -> list[tuple[int, int, str]]:
    """(start, end, word) for each query word that matched nothing, with the nearest known word.

    ``stored`` gives the vocabularies kept with the index, read only when a word needs correcting
    (most queries need none, and reading them costs a fresh process milliseconds).

    Known words are the index's vocabulary and the term dictionary's names (whole and word
    by word), so "deaftouch", "Instabiltät" and "フェイジンク" all find theirs. A word of the
    language the query is written in (``asked_in``; kb.search.language_words) is a player's word,
    not a misspelling, and is left alone ("zapped" was searched as "Tapped", "smack" as "Stack");
    the caller gives no ``asked_in`` when nothing else in the query matched, so that a lone "hast"
    still finds "haste".
    """
    sources: dict[tuple[int, int], list] = defaultdict(list)
    for concept in compiled.concepts:
        if concept.kind == "word" and not concept.negated:
            sources[concept.source].append(concept)
    fixes = []
    for (start, end), concepts in sources.items():
        if all(concept.pivots or hits.get(concept.index, 1) > 0 for concept in concepts):
            continue
        word = text[start:end]
        if len(word) < MIN_CORRECTED or not any(ch.isalpha() for ch in word):
            continue
        if any(lang in STEMMED and not terms(lang, word) for lang in languages):
            continue  # a stop word ("such"): a word of the language, not indexed
        if asked_in is not None and is_word(word, [asked_in]):
            continue
        within = asked_in if asked_in in LISTED else None
        best = _nearest(postings, words, word, languages, stored() if stored else None, within)
        if best and fold(best) != fold(word):
            fixes.append((start, end, best))
    return fixes


def _nearest(
    postings: Postings, words: Lexicon, word: str, languages: list[str], stored: dict | None, within: str | None = None
) -> str | None:
    """The nearest known word; ``within`` a language, only that language's words and names: a slip in a German
    question is a German word's, and German card names unknown to the lists were respelled into English words
    ("Rankel" as "range", "Harness" and "clear" for German words)."""
    names = _names(words, within)
    found = [
        (d, -weight, names.spellings.get(candidate, candidate)) for candidate, d, weight in names.near(word, limit=3)
    ]
    searched = [within] if within else languages
    found += [(s.distance, -s.frequency, s.word) for s in suggest(postings, word, searched, limit=3, stored=stored)]
    if not found or any(d == 0 for d, _, _ in found):
        return None
    best = min(found)[2]
    return names.spellings.get(fold(best), best)  # the dictionary's spelling: "Instabilität", not "instabilität"


class _Names(NearWords):
    """The term dictionary's names (kb.search.terms.name_spellings), findable by spelling distance."""

    def __init__(self, spellings: dict[str, str], weights: dict[str, int]):
        self.spellings = spellings
        super().__init__(weights.items())


def _names(words: Lexicon, lang: str | None = None) -> _Names:
    """The names of a lexicon findable by spelling, made once per lexicon (Lexicon.derived); with ``lang``, the
    names in that language only (English: every pair's English term)."""
    if lang is None:
        return words.derived("near names", lambda: _Names(*name_spellings(words.names)))

    def in_language() -> _Names:
        if lang == "en":
            spellings = name_spellings(n._replace(name=n.english) for n in words.names)
        else:
            spellings = name_spellings(n._replace(english=n.name) for n in words.names if n.lang == lang)
        return _Names(*spellings)

    return words.derived(f"near names {lang}", in_language)


# ---- fuzzy glossary -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Name:
    """A spelling that leads to glossary entries: the entry's term, English name or a dictionary name."""

    lookup: str  # what to look up in the glossary
    lang: str | None


def _glossary_names(store: Store) -> tuple[NearWords, dict[str, list[_Name]]]:
    """The spellings leading to glossary entries, kept in the store's derived cache."""
    return derived(store.conn, "search.glossary-names", (), lambda: _read_glossary_names(store))


def _read_glossary_names(store: Store) -> tuple[NearWords, dict[str, list[_Name]]]:
    names: dict[str, list[_Name]] = defaultdict(list)
    for row in rows(
        store.conn,
        "select g.term, g.english, g.reading, d.lang from glossary g join documents d on d.id = g.document_id",
    ):
        for spelling in (row["term"], row["english"], row["reading"]):
            if spelling:
                names[fold(spelling)].append(_Name(row["term"], row["lang"]))
    glossary_keys = set(names)
    for name in lexicon(store).names:  # "Instabilität" -> the entries of "Phasing"
        if fold(name.english) in glossary_keys:
            names[fold(name.name)].append(_Name(name.english, None))
    near = NearWords((spelling, len(found)) for spelling, found in names.items())
    return near, names


def fuzzy_glossary(store: Store, term: str, lang: str | None = None, limit: int = 10) -> list:
    """Glossary entries (kb.api.GlossaryEntry) whose term, English name, reading or translation
    is spelled near ``term``, nearest first; [] when nothing is near."""
    if not term or not term.strip():
        return []
    near, names = _glossary_names(store)
    entries: list = []
    seen: set[tuple] = set()
    for spelling, _, _ in near.near(term, limit=limit):
        for name in names[spelling]:
            if lang and name.lang and name.lang != lang:
                continue
            for entry in store.glossary(name.lookup, lang=lang if _has_glossary(store, lang) else None):
                key = (entry.document, entry.term)
                if key not in seen:
                    seen.add(key)
                    entries.append(entry)
    return entries[:limit]


def _has_glossary(store: Store, lang: str | None) -> bool:
    if not lang:
        return False
    return bool(
        store.conn.execute(
            "select 1 from glossary g join documents d on d.id = g.document_id where d.lang = ? limit 1", [lang]
        ).fetchone()
    )
