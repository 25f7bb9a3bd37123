"""The term dictionary that carries a query word into the other languages.

Every pair links a term of one language to an English term, the pivot: "Instabilität"
and "フェイジング" both point at "Phasing", so a German query also searches the
Japanese and English rules. Sources, in order (all are read; none overrides):

1. the term dictionary's sources (:mod:`kb.terms.sources`): the ``terms`` table, glossary
   entries with their English names, titles paired with the English text of the same
   date, 「term／English」 pairs inside rule texts, and ``data/terms_curated.tsv``;
2. the English glossary's own terms (so English synonyms meet);
3. headings and glossary entries of a translation aligned with the English document of
   the nearest edition (same rule number; same cited rules), which is how Chinese gets in
   when its English edition is not imported;
4. players' words and the Russian rule words of ``data/terms_builtin.tsv``.

Keys are the analysed terms of the pair's language (stems for English, German,
Russian; Sudachi words for Japanese; characters for Chinese, which has no word
boundaries to match on), so "phased" finds the pivot of "Phasing" and "フェイズ・アウト"
that of "フェイズアウト".
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple, TypeVar

from kb import store
from kb.core.paths import DATA_DIR
from kb.core.text import fold
from kb.search.analyzers import japanese_words, language_field, terms
from kb.search.scripts import all_han, has_cjk
from kb.terms import sources as term_sources
from kb.terms.model import TermName

T = TypeVar("T")

BUILTIN = DATA_DIR / "terms_builtin.tsv"  # players' words, Russian and German rule words

MAX_EDITION_GAP_DAYS = 366  # headings of editions further apart may have been renumbered
_MAX_KEY = 10  # analysed terms (Chinese: characters) in the longest key matched


@dataclass(frozen=True)
class Match:
    """A run of query pieces ``start:end`` that the dictionary knows, with its pivots."""

    start: int
    end: int
    pivots: frozenset[str]


class Name(NamedTuple):
    """One term pair: ``name`` in ``lang`` is the English term ``english`` (pivot ``key``)."""

    lang: str
    name: str
    english: str
    key: str


class Lexicon:
    """Term pairs indexed by analysed key, per language, for matching query words.

    Built when the index is built or updated and stored with it (kb.search.derived), with
    every translation analysed already: a query never runs Sudachi over the Japanese
    names of an English word's pivots.
    """

    def __init__(self, names: Iterable[TermName | Name]):
        self.forms: dict[str, set[tuple[str, str]]] = defaultdict(set)  # pivot -> {(lang, term)}
        self.english: dict[str, str] = {}  # pivot -> English spelling
        keys: dict[str, dict[tuple[str, ...], set[str]]] = defaultdict(lambda: defaultdict(set))
        self._keys = keys
        self.names: list[Name] = []  # every term pair, for did-you-mean and completions
        for name in names:
            self._add(Name(name.lang, name.name, name.english, name.key))
        self._keys = {lang: dict(table) for lang, table in keys.items()}
        self.forms = dict(self.forms)
        self.analysed: dict[tuple[str, str], tuple[str, ...]] = {}  # (analysis language, term) -> terms
        for forms in self.forms.values():
            for lang, term in forms:
                field = language_field(lang)
                if (field, term) not in self.analysed:
                    self.analysed[(field, term)] = tuple(terms(field, term))

    def derived(self, key: str, compute: Callable[[], T]) -> T:
        """``compute()`` once for this lexicon (did-you-mean's names): it lives as long as the lexicon,
        which the store's derived cache keeps per database state. Never pickled with it."""
        found = self.__dict__.setdefault("_derived", {})
        if key not in found:
            found[key] = compute()  # two threads may both compute it once; either value is the same
        return found[key]

    def __getstate__(self) -> dict:
        return {name: value for name, value in self.__dict__.items() if name != "_derived"}

    def analyse(self, lang: str, text: str) -> tuple[str, ...]:
        """The index terms of a translation (stored), or of any text (analysed now)."""
        found = self.analysed.get((lang, text))
        return found if found is not None else tuple(terms(lang, text))

    def _add(self, name: Name) -> None:
        pivot = name.key
        self.names.append(name)
        self.english.setdefault(pivot, name.english)
        self.forms[pivot].add((name.lang, name.name))
        self.forms[pivot].add(("en", name.english))
        for lang, text in ((name.lang, name.name), ("en", name.english)):
            key = key_terms(lang, text)
            if len(key) == 1 and len(key[0]) == 1 and has_cjk(key[0]):
                continue  # one character is too little to say it is this term (時 is no "at")
            if 0 < len(key) <= _MAX_KEY:
                self._keys[language_field(lang)][key].add(pivot)

    @property
    def languages(self) -> list[str]:
        return list(self._keys)

    def match(self, lang: str, keys: list[tuple[str, ...]]) -> list[Match]:
        """Longest runs of pieces whose analysed terms (``keys``, one tuple a piece) form a known term.

        A run starts and ends on piece boundaries; pieces that analyse to nothing (stop
        words) may sit inside a run.
        """
        table = self._keys.get(language_field(lang))
        if not table:
            return []
        found: list[Match] = []
        start = 0
        while start < len(keys):
            best: Match | None = None
            flat: list[str] = []
            for end in range(start, len(keys)):
                flat.extend(keys[end])
                if len(flat) > _MAX_KEY:
                    break
                if keys[start] and keys[end]:
                    pivots = table.get(tuple(flat))
                    if pivots:
                        best = Match(start, end + 1, frozenset(pivots))
            if best:
                found.append(best)
                start = best.end
            else:
                start += 1
        return found

    def knows(self, lang: str, text: str) -> bool:
        """Whether ``text`` is, whole, a name of language ``lang`` in the dictionary."""
        table = self._keys.get(language_field(lang))
        key = key_terms(lang, text)
        return bool(table and key and table.get(key))

    def spelled(self, pivot: str, typed: str) -> bool:
        """Whether ``typed`` (folded) is one of the pivot's names as written, or its plural: "planeswalker" is the
        name of Planeswalker, and only stems to Planeswalk's, a Planechase action."""
        typed = " ".join(typed.replace("-", " ").split())
        for _lang, name in self.forms.get(pivot, ()):
            written = " ".join(fold(name).replace("-", " ").split())
            if typed == written or typed in (written + "s", written + "es"):
                return True
        return False

    def translations(self, pivots: Iterable[str]) -> set[tuple[str, str]]:
        """Every (language, term) of the given pivots."""
        found: set[tuple[str, str]] = set()
        for pivot in pivots:
            found |= self.forms.get(pivot, set())
        return found


@lru_cache(maxsize=16384)
def key_terms(lang: str, text: str) -> tuple[str, ...]:
    """What a term or a query piece is matched on in language ``lang``.

    Chinese, and the kanji words of Japanese, by character: a query of kanji is cut into
    characters (it may be either language), so the keys must be too.
    """
    lang = language_field(lang)
    if lang == "zh":
        return _characters(text)
    if lang == "ja":
        return tuple(
            key
            for word, start, end in japanese_words(text)
            for key in (_characters(text[start:end]) if all_han(text[start:end]) else (word,))
        )
    if lang == "ru":
        return tuple(russian_root(term) for term in terms(lang, text))
    return tuple(terms(lang, text))


# A verb's theme or a participle's suffix that the Russian stemmer leaves on: "пожертвую" stems to
# пожертв- but "пожертвовать" to пожертвова-, "снаряжу" to снаряж- but "снаряжение" to снаряжен-,
# "трансформирующаяся" to трансформирующ-.
_RUSSIAN_THEME = re.compile(r"(?:ующ|ющ|ащ|ящ|ыва|ива|ова|ева|ен|ем|ут|а|я)$")


def russian_root(stem: str) -> str:
    """A Russian stem without its verb theme or participle suffix, so that the forms a question uses
    (first person, imperative, participle) meet the infinitive or noun a term is named by; a stem of
    fewer than four letters would be too little to say which word it is, and is kept whole."""
    root = _RUSSIAN_THEME.sub("", stem)
    return root if len(root) >= 4 else stem


def _characters(text: str) -> tuple[str, ...]:
    return tuple(char for char in fold(text) if char.isalnum())


# ---- sources ----------------------------------------------------------------------------------


def tsv_names(text: str, origin: str) -> list[TermName]:
    """Names of a ``lang<TAB>term<TAB>English`` text; '#' starts a comment line."""
    found: list[TermName] = []
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.split("\t")]
        if len(cells) >= 3 and not cells[0].startswith("#") and all(cells[:3]):
            found.extend(term_sources.make_names(cells[0], cells[1], cells[2], "builtin", origin))
    return found


def database_names(conn, curated_path: Path | None = None) -> list[TermName]:
    """The term dictionary's names (kb.terms: term lists, glossaries, same-edition titles, rule texts,
    the curated file) and translations aligned with a nearby English edition."""
    streams = [
        term_sources.from_glossaries(conn),
        term_sources.from_pairs(conn),
        term_sources.from_rule_titles(conn),
        term_sources.from_rule_texts(conn),
        aligned_names(conn),
    ]
    curated = curated_path or term_sources.CURATED
    if curated.is_file():
        streams.insert(0, term_sources.curated(curated))
    return [name for stream in streams for name in stream]


def aligned_names(conn) -> list[TermName]:
    """Headings and glossary terms of translations set beside the nearest English edition.

    kb.terms pairs titles with the English text of the same date only; a Chinese text of
    2026-04-17 beside an English one of 2026-08-07 still names its keywords alike.
    """
    docs = store.rows(conn, "select id, name, lang, edition from documents where edition is not null")
    english = [d for d in docs if d["lang"] == "en"]
    dated = {d["edition"] for d in english}
    found: list[TermName] = []
    for doc in docs:
        if doc["lang"] == "en" or not english:
            continue
        partner = min(english, key=lambda e: (_gap(doc["edition"], e["edition"]), e["name"].count("_")))
        pairs = list(_aligned_glossary(conn, doc, partner))
        if doc["edition"] not in dated and _gap(doc["edition"], partner["edition"]) <= MAX_EDITION_GAP_DAYS:
            pairs.extend(_aligned_headings(conn, doc, partner))
        for term, english_term, source in pairs:
            found.extend(term_sources.make_names(doc["lang"], term, english_term, source, doc["name"]))
    return found


def _gap(first: str, second: str) -> int:
    try:
        return abs((date.fromisoformat(first) - date.fromisoformat(second)).days)
    except ValueError:
        return 1 << 30


def _aligned_headings(conn, doc: dict, partner: dict) -> Iterator[tuple[str, str, str]]:
    for row in store.rows(
        conn,
        "select t.title as term, e.title as english from rules t join rules e on e.number = t.number "
        "where t.document_id = ? and e.document_id = ? and t.kind in ('chapter', 'rule') "
        "and t.title != '' and e.title != ''",
        [doc["id"], partner["id"]],
    ):
        yield row["term"], row["english"], "rule-title"


def _aligned_glossary(conn, doc: dict, partner: dict) -> Iterator[tuple[str, str, str]]:
    """Glossary entries of both documents that cite the same rules, where that set is unique on both sides."""
    own, theirs = _glossary_by_citations(conn, doc["id"]), _glossary_by_citations(conn, partner["id"])
    for cited, names in own.items():
        partners = theirs.get(cited, [])
        if len(names) == 1 and len(partners) == 1:
            yield names[0], partners[0], "glossary"


def _glossary_by_citations(conn, doc_id: int) -> dict[frozenset, list[str]]:
    cited: dict[str, set[str]] = defaultdict(set)
    for row in store.rows(
        conn,
        "select g.term, r.target from glossary g join refs r on r.glossary_id = g.id where g.document_id = ?",
        [doc_id],
    ):
        cited[row["term"]].add(row["target"])
    grouped: dict[frozenset, list[str]] = defaultdict(list)
    for term, targets in cited.items():
        grouped[frozenset(targets)].append(term)
    return grouped


# ---- the lexicon of a database ---------------------------------------------------------------


def sources_stamp() -> tuple:
    """What the lexicon depends on besides the database: the curated and built-in lists."""
    return tuple(path.stat().st_mtime_ns if path.is_file() else None for path in (term_sources.CURATED, BUILTIN))


def build_lexicon(conn) -> Lexicon:
    """The term dictionary of a database, from all its sources (a second or two)."""
    return Lexicon([*database_names(conn), *tsv_names(BUILTIN.read_text(encoding="utf-8"), "data/terms_builtin.tsv")])


def name_spellings(names: Iterable) -> tuple[dict[str, str], dict[str, int]]:
    """The term dictionary's names, whole and word by word, folded: the spelling to show and the
    weight of each (did-you-mean's names, kb.search.fuzzy)."""
    spellings: dict[str, str] = {}
    weights: dict[str, int] = {}
    for name in names:
        for spelling in (name.name, name.english, *name.name.split(), *name.english.split()):
            shown = spelling.strip(".,;:()")
            key = fold(shown)
            spellings.setdefault(key, shown)
            weights[key] = weights.get(key, 0) + 1
    return spellings, weights
