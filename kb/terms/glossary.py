"""Glossary lookups by concept: one entry per term and language, found by any of its names.

A glossary term is one concept in every edition and language: "Deathtouch" is the English
entry of 135 editions, 接死 in the Japanese glossary (which names it in English too) and 死触 in
the Chinese one (which does not: the term dictionary, kb.terms, knows it). A lookup finds the
concept by any of these names, then shows each language's entry of the newest edition (or of
the edition asked for, or every edition with ``all_editions``), and says what it left out.

Everything is an indexed query (the glossary's term and English name are indexed without
case, see kb.store.schema), so a lookup takes milliseconds even in a fresh process; only a
misspelling reads the newest glossaries' names to find the nearest one.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field

from kb.core.model import Serialisable
from kb.core.results import GlossaryEntry
from kb.store import Store
from kb.terms.ability_words import AbilityWord
from kb.terms.ability_words import find as find_ability_word
from kb.terms.ability_words import listing as ability_listing
from kb.terms.matcher import stemmer
from kb.terms.names import english_key, light_stem
from kb.terms.names import fold as _full_fold
from kb.terms.table import fingerprint, rebuild_terms, stored_fingerprint


def fold(text: str) -> str:
    """kb.terms.names.fold, quicker for the plain ASCII most names are."""
    return " ".join(text.casefold().split()) if text.isascii() else _full_fold(text)


LIMIT = 10  # concepts shown when a text is contained in many names; the rest are counted

# How the query met the concept: its name, a name in another language (the dictionary), a part of
# a name, or a near spelling ("did you mean"); an alias or abbreviation ("cda"), a word form of a name
# ("mana abilities", "cycle").
EXACT, DICTIONARY, CONTAINS, NEAR, ALIAS, FORM = "name", "dictionary", "contains", "near", "alias", "word form"
# An ability word of rule 207.2c ("landfall"): no glossary entry, no rules meaning, and no near spelling either.
ABILITY_WORD = "ability word"

# A near spelling must be this similar (1 - edits / longer length): "deaftouch" and Deathtouch are 0.8,
# "adsorb" and Absorb 0.83, "Phasign" and Phasing 0.86; the ability words of 207.2c meet other entries
# at 0.75 at most (landfall and Landwalk, converge and Convert) but for valiant and Variant (0.86), which
# the ability-word step answers first. bench/bench_academy.py measures both sides.
NEAR_SIMILARITY = 0.75
# "the stack", "protection from red", "hexproof from white": the name without its article or quality.
_QUALIFIED = re.compile(r"^(?:the\s+)?(?P<name>.+?)(?:\s+(?:from|with)\s+\S.*)?$", re.IGNORECASE)

# What players write for a term the glossary names otherwise, where the glossary's own names and their
# initials do not say it: the judge bots' aliases (Fryatog's "define source" is the source of damage).
ALIASES = {
    "cda": "Characteristic-Defining Ability",
    "apnap": "Active Player, Nonactive Player Order",
    "etb": "Enters the Battlefield",
    "ltb": "Leaves the Battlefield",
    "sba": "State-Based Actions",
    "sbas": "State-Based Actions",
    "source": "Source of Damage",
}
_DASHES = str.maketrans({c: "-" for c in "‐‑‒–—―−"})
_OBSOLETE = re.compile(r"\s*\((?:obsolete|veraltet|устарел[а-яё]*)\)$")
_SEE = re.compile(r"^(?:see|siehe|см\.)\s+(?P<name>[^.;]+?)\.?$", re.IGNORECASE)
_FORM_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")


@dataclass
class GlossaryResult(Serialisable):
    """What a glossary lookup found, and what it left out (never a silent cut).

    Iterating gives the entries, so callers that took a list of entries still work.
    """

    query: str
    entries: list[GlossaryEntry]
    matched: str | None  # EXACT, DICTIONARY, CONTAINS, NEAR; None when nothing was found
    concepts: list[str] = field(default_factory=list)  # English names of the concepts shown
    did_you_mean: str | None = None  # the near spelling whose entries are shown
    more_concepts: list[str] = field(default_factory=list)  # further concepts containing the query
    other_editions: int = 0  # entries of other editions not shown (ask with an edition or all)
    see: str | None = None  # the entry whose text is only "See X." that led to X's entries
    ability_word: str | None = None  # the rule listing the query as an ability word ("207.2c"), no entries
    listing: AbilityWord | None = None  # with ability_word: the word as that rule lists it, and its sentence

    def __iter__(self):
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __getitem__(self, index):
        return self.entries[index]


def lookup(
    store: Store,
    term: str,
    *,
    lang: str | None = None,
    edition: str | None = None,
    all_editions: bool = False,
    limit: int = LIMIT,
) -> GlossaryResult:
    """The glossary entries of the concept ``term`` names, one per language (see the module)."""
    docs = store.candidates(lang, edition)
    conn = store.conn
    if not store.readonly:
        _fresh_dictionary(conn)
    # The newest glossaries first (by name, alias, word form), then any edition's exact name.
    concepts, matched = _in_newest(store, term)
    bare = _QUALIFIED.match(" ".join(term.split()))
    if not concepts and bare and bare["name"].casefold() != " ".join(term.split()).casefold():
        concepts, matched = _in_newest(store, bare["name"])  # "the stack", "protection from red"
    if not concepts:
        concepts, matched = _by_name(conn, term), EXACT
    if not concepts:
        listed = find_ability_word(store, term, lang, edition)
        if listed:  # landfall, 上陸: what 207.2c says it is, never a near spelling of another entry
            return GlossaryResult(term, [], None, ability_word=listed.rule, listing=listed)
    if (
        not concepts
    ):  # a part of a listed term ("フェイズ・アウト" of "フェイズ・イン、フェイズ・アウト"), a dictionary name
        concepts, matched = _distinct(_by_part(store, term) + _by_dictionary(conn, term)), DICTIONARY
    more: list[str] = []
    did_you_mean = None
    if not concepts:
        found = _containing(conn, store, term)
        concepts, more, matched = found[:limit], found[limit:], CONTAINS
    if not concepts:
        near = _nearest(conn, store, term)
        concepts, matched, did_you_mean = ([near], NEAR, near) if near else ([], None, None)
    see = None
    if len(concepts) == 1 and _only_see(store, concepts[0]):  # "APNAP Order: See Active Player, ..."
        target = _keys(store).see.get(concepts[0])
        if target:
            see, concepts = concepts[0], [target]
    entries: list[GlossaryEntry] = []
    other = 0
    # Marked older: an entry of another document than its language's newest glossary, unless asked for.
    newest = {doc["id"]: doc["lang"] for doc in _newest_glossaries(store)} if edition is None else {}
    for concept in concepts:
        shown, left = _entries(conn, concept, docs, all_editions, newest)
        entries += shown
        other += left
    wanted = fold(term)
    # The query's own language first (死触: Chinese), then the language asked for, newest before older.
    entries.sort(key=lambda e: (wanted not in fold(e.term) and wanted not in loose(e.term), e.older))
    return GlossaryResult(
        term,
        entries,
        matched if entries else None,
        concepts if entries else [],
        did_you_mean if entries else None,
        more,
        other,
        see if entries else None,
    )


def loose(text: str) -> str:
    """A name as it is compared: folded (case, curly quotes), dashes as "-", double quotes dropped
    ("Partner with [name]"), "(Obsolete)" dropped ("bury" is "Bury (Obsolete)"), no final dot."""
    folded = fold(text.translate(_DASHES)).replace('"', "")
    return " ".join(_OBSOLETE.sub("", folded).split()).strip(" .")


def word_form(text: str, lang: str = "en") -> str:
    """The words of a name without their inflection, in the name's language: "mana abilities" and
    "Mana Ability", "cycle" and "Cycling", "die" and "Dies" meet; German and Russian by their stemmers."""
    stem = _english_form if lang == "en" else stemmer(lang)
    return " ".join(stem(word) for word in _FORM_WORD.findall(loose(text)))


def _english_form(word: str) -> str:
    stem = light_stem(word)
    if len(stem) > 5 and stem.endswith("ing"):  # "cycling" -> "cycl", as "cycle" is
        stem = stem[:-3]
        stem = stem[:-1] if len(stem) > 3 and stem[-1] == stem[-2] else stem  # "tapping" -> "tap"
    return stem


@dataclass
class _Keys:
    """The newest glossaries' names as a lookup reads them (built once per database state)."""

    names: dict[str, str] = field(default_factory=dict)  # loose name or part -> English name
    forms: dict[str, set[str]] = field(default_factory=dict)  # word form -> English names
    initials: dict[str, set[str]] = field(default_factory=dict)  # "cda" -> English names
    see: dict[str, str] = field(default_factory=dict)  # English name of a "See X." entry -> X's
    english: set[str] = field(default_factory=set)  # the English glossary's names


def _keys(store: Store) -> _Keys:
    found: _Keys | None = store.cache.memo.get("glossary keys")
    if found is not None:
        return found
    found = _Keys()
    docs = _newest_glossaries(store)
    rows = []
    if docs:
        marks = ",".join("?" * len(docs))
        rows = store.conn.execute(
            f"select g.term, g.english, d.lang, g.text from glossary g join documents d on d.id = g.document_id "
            f"where g.document_id in ({marks})",
            [d["id"] for d in docs],
        ).fetchall()
    english = {fold(term): term for term, _, lang, _ in rows if lang == "en"}
    found.english = set(english.values())
    named = [(term, english.get(fold(name or term), name or term), lang, text) for term, name, lang, text in rows]
    for term, concept, _lang, _text in named:
        found.names.setdefault(loose(term), concept)
    for term, concept, lang, _text in named:
        pieces = _PARTS.split(term)
        for piece in pieces if len(pieces) > 1 else ():
            found.names.setdefault(loose(piece), concept)
        for piece in [term, *pieces] if len(pieces) > 1 else [term]:
            found.forms.setdefault(word_form(piece, lang), set()).add(concept)
        words = re.findall(r"[^\W\d_]+", loose(term).replace("-", " "))
        if lang == "en" and len(words) >= 2:
            found.initials.setdefault("".join(w[0] for w in words), set()).add(concept)
    for term, concept, lang, text in named:
        match = _SEE.match(" ".join((text or "").split()))
        target = found.names.get(loose(match["name"])) if match else None
        if target and target != concept and lang == "en":
            found.see[concept] = target
    store.cache.memo["glossary keys"] = found
    return found


def _in_newest(store: Store, term: str) -> tuple[list[str], str | None]:
    """The concept the newest glossaries name by ``term``: a name or a part of one, an alias (the
    table above, else the initials of one name only), a word form; ([], None) when none does."""
    quick = _newest_by_name(store, term)
    if quick:  # an indexed query: a fresh process asking for a name reads no table of names
        return quick, EXACT
    keys = _keys(store)
    wanted = loose(term)
    if wanted in keys.names:
        concept = keys.names[wanted]
        if concept not in keys.english:  # a translated term without an English name: the dictionary's
            return _distinct(_english_of(store.conn, [concept]) or [concept]), EXACT
        return [concept], EXACT
    alias = ALIASES.get(wanted)
    if alias and alias in keys.names.values():
        return [alias], ALIAS
    forms = keys.forms.get(word_form(term)) or set()
    for lang in {lang for lang in _languages_of(store)} - {"en"}:
        forms = forms or keys.forms.get(word_form(term, lang)) or set()
    if forms:
        return sorted(forms), FORM
    initials = keys.initials.get(wanted.replace(" ", "")) or set()
    if len(initials) == 1 and len(wanted) >= 2:
        return sorted(initials), ALIAS
    return [], None


def _only_see(store: Store, concept: str) -> bool:
    """Whether the newest English entry of ``concept`` says only "See X." (an indexed query: the table
    of names is read only then)."""
    docs = [d["id"] for d in _newest_glossaries(store) if d["lang"] == "en"]
    if not docs:
        return False
    marks = ",".join("?" * len(docs))
    rows = store.conn.execute(
        f"select text from glossary where document_id in ({marks}) and term = ? collate nocase", [*docs, concept]
    ).fetchall()
    return any(_SEE.match(" ".join((text or "").split())) for (text,) in rows)


def _newest_by_name(store: Store, term: str) -> list[str]:
    """English names of the concepts the newest English glossary spells exactly (any case); other
    languages' names go through the table of names, which knows their English ones."""
    docs = [d for d in _newest_glossaries(store) if d["lang"] == "en"]
    if not docs:
        return []
    text = " ".join(term.split())
    marks = ",".join("?" * len(docs))
    rows = store.conn.execute(
        f"select d.lang, g.term, g.english from glossary g join documents d on d.id = g.document_id "
        f"where g.document_id in ({marks}) and (g.term = ? collate nocase or g.english = ? collate nocase)",
        [*(d["id"] for d in docs), text, text],
    ).fetchall()
    return _distinct([name for _lang, name, _english in rows])


def _languages_of(store: Store) -> list[str]:
    return [doc["lang"] for doc in _newest_glossaries(store)]


def _fresh_dictionary(conn: sqlite3.Connection) -> None:
    """The stored term dictionary, rebuilt first when the documents changed since it was mined (once
    after an import; a read-only database is read as it is)."""
    if stored_fingerprint(conn) != fingerprint(conn):
        rebuild_terms(conn)


def _by_name(conn: sqlite3.Connection, term: str) -> list[str]:
    """English names of the concepts a glossary term or English name spells exactly (any case)."""
    text = " ".join(term.split())
    rows = conn.execute(
        "select distinct d.lang, g.term, g.english from glossary g join documents d on d.id = g.document_id "
        "where g.term = ? collate nocase or g.english = ? collate nocase",
        [text, text],
    ).fetchall()
    wanted = fold(text)
    names = [
        english or (name if lang == "en" else None)
        for lang, name, english in rows
        if fold(name) == wanted or fold(english or "") == wanted
    ]
    found = [n for n in dict.fromkeys(names) if n]
    if not found and rows:  # a translated term without an English name (Chinese): the dictionary knows it,
        found = _english_of(conn, [name for _, name, _ in rows]) or [rows[0][1]]  # else the term itself
    return _distinct(found)


_PARTS = re.compile(r"\s*[、,，/／;；]\s*")


def _by_part(store: Store, term: str) -> list[str]:
    """English names of the entries that list ``term`` as one of several names, in the newest glossaries."""
    parts: dict[str, list[str]] | None = store.cache.memo.get("glossary parts")
    if parts is None:
        parts = {}
        docs = _newest_glossaries(store)
        marks = ",".join("?" * len(docs))
        for name, english in store.conn.execute(
            f"select term, english from glossary where document_id in ({marks})", [d["id"] for d in docs]
        ):
            pieces = _PARTS.split(name)
            for piece in pieces if len(pieces) > 1 else ():
                parts.setdefault(fold(piece), []).append(english or name)
        store.cache.memo["glossary parts"] = parts
    return parts.get(fold(term), [])


def _by_dictionary(conn: sqlite3.Connection, term: str) -> list[str]:
    """English names of the concepts the term dictionary pairs with ``term`` (Todesberührung, 死触)."""
    try:
        rows = conn.execute("select distinct english from term_names where folded = ?", [fold(term)]).fetchall()
    except sqlite3.OperationalError:  # no dictionary built yet
        return []
    return _distinct([english for (english,) in rows if _has_english_entry(conn, english)])


def _english_of(conn: sqlite3.Connection, names: list[str]) -> list[str]:
    try:
        marks = ",".join("?" * len(names))
        rows = conn.execute(
            f"select distinct english from term_names where folded in ({marks})", [fold(n) for n in names]
        ).fetchall()
    except sqlite3.OperationalError:
        return []
    return [english for (english,) in rows if _has_english_entry(conn, english)]


def _has_english_entry(conn: sqlite3.Connection, english: str) -> bool:
    return (
        conn.execute("select 1 from glossary where term = ? collate nocase limit 1", [english]).fetchone() is not None
    )


def _distinct(names: list[str]) -> list[str]:
    """One spelling per concept (the first met)."""
    seen: dict[str, str] = {}
    for name in names:
        seen.setdefault(fold(name), name)
    return list(seen.values())


def _newest_glossaries(store: Store) -> list[dict]:
    """The documents with a glossary of each language's newest edition (a glossary list beside its
    full text, too): where names are looked for by part or spelling."""
    rows = store.conn.execute("select distinct document_id from glossary").fetchall()
    having = {doc_id for (doc_id,) in rows}
    newest: dict[str, str | None] = {}
    found = []
    for doc in store.candidates(None, None):
        if doc["id"] in having and newest.setdefault(doc["lang"], doc["edition"]) == doc["edition"]:
            found.append(doc)
    return found


def _names(store: Store) -> dict[str, str]:
    """Folded spelling -> English name of the newest glossaries' entries and the dictionary's names,
    once per database state (a server reads them once)."""
    found: dict[str, str] | None = store.cache.memo.get("glossary names")
    if found is None:
        found = {}
        for name, english in _read_names(store.conn, _newest_glossaries(store)):
            found.setdefault(fold(name), english)
        store.cache.memo["glossary names"] = found
    return found


def _read_names(conn: sqlite3.Connection, docs: list[dict]) -> list[tuple[str, str]]:
    if not docs:
        return []
    marks = ",".join("?" * len(docs))
    rows = conn.execute(
        f"select g.term, g.english, d.lang from glossary g join documents d on d.id = g.document_id "
        f"where g.document_id in ({marks})",
        [d["id"] for d in docs],
    ).fetchall()
    english = {fold(term): term for term, _, lang in rows if lang == "en"}
    found = [(term, english.get(fold(name or term), name or term)) for term, name, lang in rows]
    found += [(name, english[fold(name)]) for _, name, _ in rows if name and fold(name) in english]
    try:
        for name, name_english in conn.execute("select distinct name, english from term_names"):
            if fold(name_english) in english:
                found.append((name, english[fold(name_english)]))
    except sqlite3.OperationalError:
        pass
    return found


def _containing(conn: sqlite3.Connection, store, term: str) -> list[str]:
    """English names of the concepts one of whose names contains ``term``, shortest first."""
    wanted = fold(term)
    if len(wanted) < 2:
        return []
    found = {english for name, english in _names(store).items() if wanted in name}
    return sorted(found, key=lambda name: (len(name), name))


def _nearest(conn: sqlite3.Connection, store, term: str) -> str | None:
    """The English name of the concept spelled nearest ``term`` (restricted Damerau–Levenshtein:
    one edit for short words, two from five letters, three from eleven), or None."""
    from rapidfuzz import process  # lazy: rapidfuzz, ~46 modules; only a miss asks
    from rapidfuzz.distance import OSA  # lazy: rapidfuzz, ~46 modules; only a miss asks

    wanted = fold(term)
    if len(wanted) < 3:
        return None
    spellings = _names(store)
    allowed = 1 if len(wanted) <= 4 else 2 if len(wanted) <= 10 else 3
    found = process.extract(wanted, list(spellings), scorer=OSA.distance, processor=None, score_cutoff=allowed, limit=5)
    found = [item for item in found if 1 - item[1] / max(len(wanted), len(item[0])) > NEAR_SIMILARITY]
    if not found:
        return None
    best = min(found, key=lambda item: (item[1], len(item[0]), item[0]))
    return spellings[best[0]]


def ability_words(store: Store) -> tuple[str, list[str]]:
    """The newest English edition's rule that lists the ability words (207.2c) and its words, lower-cased,
    split as Academy Ruins splits them ("a, b, and c"); ("", []) when that rule is not held."""
    found = ability_listing(store, "en")
    return (found.rule, [name.casefold() for name, _, _ in found.words]) if found else ("", [])


def _entries(
    conn: sqlite3.Connection, concept: str, docs: list[dict], all_editions: bool, newest: dict[int, str] | None = None
) -> tuple[list, int]:
    """The concept's entries in the candidate documents: per language the first document's
    (newest, official before variant), or all of them; and how many were left out. ``newest``: each
    language's newest glossary, against which an entry of another document is marked older."""
    order = {doc["id"]: position for position, doc in enumerate(docs)}
    rows = _rows(conn, "g.term = ? collate nocase or g.english = ? collate nocase", [concept, concept])
    local = _local_names(conn, concept)
    if local:
        clauses = " or ".join("(g.term = ? and d.lang = ?)" for _ in local)
        rows += _rows(conn, clauses, [value for pair in local for value in pair])
    seen: set[int] = set()
    kept = []
    for row in sorted((r for r in rows if r["document_id"] in order), key=lambda r: order[r["document_id"]]):
        if row["id"] not in seen:
            seen.add(row["id"])
            kept.append(row)
    shown, languages = [], set()
    for row in kept:
        if all_editions or row["lang"] not in languages:
            languages.add(row["lang"])
            shown.append(row)
    newest = newest or {}
    languages = set(newest.values())
    return [_entry(conn, row, row["lang"] in languages and row["document_id"] not in newest) for row in shown], len(
        kept
    ) - len(shown)


def _local_names(conn: sqlite3.Connection, concept: str) -> list[tuple[str, str]]:
    """(name, language) of the concept in the languages whose glossaries give no English name."""
    try:
        return [
            (name, lang)
            for name, lang in conn.execute(
                "select distinct name, lang from term_names where key = ? and lang != 'en'", [english_key(concept)]
            )
        ]
    except sqlite3.OperationalError:
        return []


_SQL = (
    "select g.id, g.document_id, g.term, g.english, g.reading, g.text, d.name as document, d.lang, d.edition "
    "from glossary g join documents d on d.id = g.document_id where "
)


def _rows(conn: sqlite3.Connection, where: str, params: list) -> list[dict]:
    cursor = conn.execute(_SQL + where, params)
    columns = [c[0] for c in cursor.description]
    return [dict(zip(columns, row)) for row in cursor]


def _entry(conn: sqlite3.Connection, row: dict, older: bool = False) -> GlossaryEntry:
    rules = [
        target for (target,) in conn.execute("select target from refs where glossary_id = ? order by id", [row["id"]])
    ]
    return GlossaryEntry.from_row(row, rules, older)
