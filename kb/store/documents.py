"""The one document resolver: which stored documents a language and an edition name.

Every command, feature and front end asks here, so `--edition 2017-09-29` names the
same file in `show`, `crosscheck`, `trace` and `search`. An edition is a document name,
a date in any spelling (kb.core.editions), "newest" (or nothing) or "all". Among the
documents of one date a whole text comes before an excerpt (mark_provenance: a house-rule
note or a blog quote of five rules never stands in for the edition), an original before a
copy (a reformatted variant "MagicCompRules_20231117_cleaned_…" or a second import of the
same bytes, "MagicCompRules_20260807 (1)"), then the fuller one.

Documents are plain dicts with at least id, name, lang, edition and rules, as
kb.store.lookup.LookupCache.documents() gives them.
"""

from __future__ import annotations

from datetime import date
from functools import cache
from statistics import median_high

from kb.core.editions import ALL, NEWEST, is_date, nearest_editions, normalise_edition
from kb.core.errors import EditionNotFound, HistoryNotBuilt, NoDatabase, UnknownLanguage
from kb.core.paths import BUNDLE, EDITION_DATES, OFFICIAL_EDITIONS
from kb.core.set_codes import set_code_edition
from kb.i18n import _

COLUMNS = ("id", "name", "lang", "edition", "rules", "format", "sha256", "source")

# A text of the CR's layout is whole when it holds at least this share of the rules a text of its
# date typically holds: editions grow by a few percent, never by 40 (the smallest step between
# neighbouring English editions since 1999 keeps 78% of the rules). The typical count is the median
# over the NEIGHBOURS texts nearest in date, in any language (a translation holds as many rules as
# its English original), so one outsized file beside the editions cannot demote them, and a note
# among them is measured against the editions. The rules grow about 3.5% a year (1,880 in July
# 2010, 3,318 in August 2026), so a neighbour years apart counts for GROWTH_PER_YEAR less per year.
WHOLE_SHARE = 0.6
GROWTH_PER_YEAR = 0.05
NEIGHBOURS = 5


def document_rows(conn) -> list[dict]:
    """Every stored document as the resolver reads it (id, name, lang, edition, rules, format, sha256),
    marked whole or excerpt, original or copy (mark_provenance)."""
    return mark_provenance(
        [dict(zip(COLUMNS, row)) for row in conn.execute(f"select {', '.join(COLUMNS)} from documents")]
    )


def mark_provenance(docs: list[dict]) -> list[dict]:
    """Mark each document ``official``, ``whole`` (a full text of its edition, not an excerpt) and ``copy``.

    An official document holds the bytes of an English edition as published (the package lists
    their SHA-256 beside its texts): it is whole whatever else is stored. Otherwise only a CR-layout
    text (format cr-text) can be whole. An undated one is whole when nothing says otherwise (so is
    one whose edition is a name, not a date); a dated one when it holds WHOLE_SHARE of the rules
    typical of its date (typical_rules): by what the documents hold, never by their names or by
    which was imported first. A copy is a reformatted variant (a name with parts after its date) or
    a second import of bytes already stored under another name.
    """
    published = official_hashes()
    first_of: dict[str, int] = {}
    for doc in sorted(docs, key=lambda d: d.get("id") or 0):
        if doc.get("sha256"):
            first_of.setdefault(doc["sha256"], doc.get("id") or 0)
    dated = [
        (date.fromisoformat(d["edition"]), d.get("rules") or 0)
        for d in docs
        if d.get("format", "cr-text") == "cr-text"
        and is_date(d["edition"] or "")
        and (not d.get("sha256") or first_of[d["sha256"]] == (d.get("id") or 0))
    ]
    for doc in docs:
        sha = doc.get("sha256")
        doc["copy"] = doc["name"].count("_") > 1 or bool(sha and first_of[sha] != (doc.get("id") or 0))
        doc["official"] = sha in published
        if doc["official"]:
            doc["whole"] = True
        elif doc.get("format", "cr-text") != "cr-text":
            doc["whole"] = False
        elif not is_date(doc["edition"] or ""):
            doc["whole"] = True
        else:
            typical = typical_rules(dated, date.fromisoformat(doc["edition"]))
            doc["whole"] = (doc.get("rules") or 0) >= WHOLE_SHARE * typical
    return docs


@cache
def official_hashes() -> frozenset[str]:
    """The SHA-256 of every English edition the package carries (scripts/make_archive.py lists them).

    Read once per process: the list is part of the installed package, and every document choice asks."""
    lines = OFFICIAL_EDITIONS.read_text(encoding="utf-8").splitlines()
    return frozenset(line.split("\t", 1)[0] for line in lines if line)


@cache
def carried_editions() -> tuple[tuple[str, str], ...]:
    """(effective date, SHA-256) of every English edition the package carries, oldest first: the date
    as the importer reads it from the header (data/make_archive.py writes the list), the hash says
    whether the edition is stored."""
    lines = EDITION_DATES.read_text(encoding="utf-8").splitlines()
    return tuple(sorted(tuple(reversed(line.split("\t", 1))) for line in lines if line))  # type: ignore[misc]


def from_package(docs: list[dict]) -> set[str]:
    """The SHA-256 of the stored documents, when some were built from the texts the package carries
    (``mtgkb build`` or a first command); empty otherwise: a database of files imported by hand is
    answered from what it holds, its history being what its user chose."""
    prefix = f"data/{BUNDLE.name}/"
    if not any((d.get("source") or "").startswith(prefix) for d in docs):
        return set()
    return {d["sha256"] for d in docs if d.get("sha256")}


def missing_edition(docs: list[dict], date: str) -> str | None:
    """The English edition the package carries that was in force on ``date`` (an ISO date), when
    ``docs`` were built from the package but do not hold it: the small database a first command
    builds holds the newest editions only, and an older one is not absent from history, only from
    this file. None when it is stored, or when the package carries none that early, or when no
    document comes from the package (from_package)."""
    stored = from_package(docs)
    if not stored:
        return None
    earlier = [when for when, _sha in carried_editions() if when <= date]
    if not earlier:
        return None
    in_force = {sha for when, sha in carried_editions() if when == earlier[-1]}
    return None if in_force & stored else earlier[-1]


def history_missing(docs: list[dict]) -> list[str]:
    """The dates of the English editions the package carries that ``docs`` (built from the package) lack;
    [] when every one is stored or when no document comes from the package (from_package)."""
    stored = from_package(docs)
    if not stored:
        return []
    return [when for when, sha in carried_editions() if sha not in stored]


def not_built(docs: list[dict], date: str | None = None, edition: str | None = None) -> HistoryNotBuilt:
    """What a small database says where an older edition or the whole history is asked for: the
    editions it holds, and what adds the rest."""
    held = sorted(
        d["edition"] for d in docs if d.get("official") and d["edition"] and primary_language(d["lang"]) == "en"
    )
    since = held[0] if held else "?"
    if edition:
        message = _(
            "the edition in force on {date} is the CR of {edition}, which this database does not hold yet: "
            "it holds the English editions since {since}; 'mtgkb build' adds every edition since 1999"
        ).format(date=date, edition=edition, since=since)
    else:
        message = _(
            "this needs the history of the rules, which this database does not hold yet: it holds the English "
            "editions since {since}; 'mtgkb build' adds every edition since 1999"
        ).format(since=since)
    return HistoryNotBuilt(message, [], edition)


def typical_rules(dated: list[tuple[date, int]], edition: date) -> float:
    """The median rule count of the NEIGHBOURS texts nearest ``edition`` in date (the higher of the
    middle two when their number is even), each shrunk by GROWTH_PER_YEAR for every year between."""
    nearest = sorted(dated, key=lambda text: abs((text[0] - edition).days))[:NEIGHBOURS]
    if not nearest:  # only copies of this date: nothing to measure against
        return 0.0
    return median_high(rules / (1 + GROWTH_PER_YEAR * abs(when.year - edition.year)) for when, rules in nearest)


_TRADITIONAL = ("zh-hant", "zh-tw", "zh-hk", "zh-mo")


def primary_language(code: str | None) -> str:
    """ "ja-JP" and "ja" are one language for choosing documents; Traditional Chinese ("zh-Hant",
    "zh-TW") is one of its own beside Simplified ("zh", "zh-CN", "zh-Hans")."""
    text = (code or "").replace("_", "-").lower()
    if text.startswith(_TRADITIONAL):
        return "zh-hant"
    return text.split("-")[0]


def is_variant(doc: dict) -> bool:
    """A copy of an official file: reformatted or cleaned (a suffix after the date), or the same bytes
    imported again under another name."""
    return doc.get("copy", doc["name"].count("_") > 1)


def rank_key(doc: dict) -> tuple:
    """Sorts best last: newest edition, whole text before excerpt, the official edition before any
    other text of its date, original before copy, fuller, then by name. Documents not read through
    document_rows count as whole originals unless their name says variant."""
    return (
        doc["edition"] or "",
        doc.get("whole", True),
        doc.get("official", False),
        not is_variant(doc),
        doc.get("rules") or 0,
        doc["name"],
    )


def languages(docs: list[dict]) -> list[str]:
    return sorted({d["lang"] for d in docs})


def resolve(
    docs: list[dict],
    *,
    lang: str | None = None,
    edition: str | None = None,
    default_lang: str | None = None,
    prefer: str | None = None,
) -> list[dict]:
    """The documents ``lang`` and ``edition`` name, best first.

    ``lang`` given: only that language (an unknown one is bad input). Not given: a
    document name is looked for in every language; otherwise ``default_lang`` (when set)
    limits the choice, else every language counts and ``prefer`` (the interface
    language) comes first, then English. ``edition`` None or "newest": every edition,
    newest first; "all": the same list; a date: the documents of the edition in force that
    day (in_force: 2010-07-01 names the CR of 2010-06-18).
    """
    if not docs:
        raise NoDatabase(_("the database holds no documents: run 'mtgkb build' or 'mtgkb import' first"))
    chosen = docs
    if lang:
        wanted_lang = primary_language(lang)
        chosen = [d for d in docs if primary_language(d["lang"]) == wanted_lang]
        if not chosen:
            raise UnknownLanguage(_("no documents in language {lang!r}").format(lang=lang), languages(docs))
    text = (edition or "").strip()
    if text and text.lower() not in NEWEST and text.lower() != ALL:
        named = [d for d in chosen if d["name"] == text]
        if named:
            return named
        if not lang and default_lang:
            chosen = [d for d in chosen if primary_language(d["lang"]) == primary_language(default_lang)]
        wanted = set_code_edition(text) or normalise_edition(text)
        if is_date(wanted):
            wanted = in_force(chosen, wanted, text, lang or default_lang)
        dated = [d for d in chosen if d["edition"] == wanted]
        if not dated:
            raise _edition_not_found(text, wanted, lang or default_lang, chosen)
        chosen = dated
    elif not lang and default_lang:
        chosen = [d for d in chosen if primary_language(d["lang"]) == primary_language(default_lang)]
        if not chosen:
            raise UnknownLanguage(_("no documents in language {lang!r}").format(lang=default_lang), languages(docs))
    ranked = sorted(chosen, key=rank_key, reverse=True)
    if not lang and not default_lang:
        first = prefer if prefer in {d["lang"] for d in ranked} else "en"
        ranked.sort(key=lambda d: (d["lang"] != first, d["lang"] != "en"))
    return ranked


def in_force(docs: list[dict], date: str, text: str = "", lang: str | None = None) -> str:
    """The edition in force on ``date``: the newest edition of ``docs`` dated on or before it, its whole
    texts counted first (a date after the newest edition gives the newest). A date before every
    edition is an error naming the first one."""
    if any(d["edition"] == date for d in docs):
        return date  # an edition of that date, whole or an excerpt
    english = [d for d in docs if primary_language(d["lang"]) == "en"]  # the carried history is English
    missing = missing_edition(english, date) if english else None
    if missing:
        raise not_built(english, date, missing)
    whole = [d["edition"] for d in docs if d["edition"] and d.get("whole", True)]
    held = sorted(set(whole or [d["edition"] for d in docs if d["edition"]]))
    if not held:
        return date
    if date < held[0]:
        error = _edition_not_found(text or date, date, lang, docs)
        raise EditionNotFound(
            str(error) + "; " + _("none was in force then: the first is of {first}").format(first=held[0]),
            error.suggestions,
        )
    return max(e for e in held if e <= date)


def newest_per_language(docs: list[dict]) -> list[dict]:
    """Each language's newest document; a language with no dated document gives all of its own."""
    chosen: list[dict] = []
    for lang in dict.fromkeys(d["lang"] for d in docs):
        own = [d for d in docs if d["lang"] == lang]
        dated = [d for d in own if d["edition"]]
        chosen.extend([max(dated, key=rank_key)] if dated else own)
    return chosen


def edition_documents(docs: list[dict], edition: str | None) -> list[dict]:
    """The documents an edition argument names across the languages of ``docs``, for the commands
    that read several languages at once (search, refs --broken, export): None or "newest" gives each
    language's newest document; "all" every document; a document name that document; a date, per
    language the best document of the edition in force that day (resolve's first: the one `show`
    answers from, so a reformatted variant of the official file or an excerpt of the same date
    stays out, as it does for "newest"), and nothing for a language without one. A date before
    every edition of every language, or a text that is no date and names no document, is
    EditionNotFound (naming the first edition, or the nearest)."""
    if not docs:
        raise NoDatabase(_("the database holds no documents: run 'mtgkb build' or 'mtgkb import' first"))
    text = (edition or "").strip()
    if not text or text.lower() in NEWEST:
        return newest_per_language(docs)
    if text.lower() == ALL:
        return list(docs)
    named = [d for d in docs if d["name"] == text]
    if named:
        return named
    chosen: list[dict] = []
    failed: EditionNotFound | None = None
    for lang in dict.fromkeys(d["lang"] for d in docs):
        try:
            chosen += resolve(docs, lang=lang, edition=text)[:1]
        except EditionNotFound as error:
            failed = failed or error
    if chosen:
        return chosen
    wanted = set_code_edition(text) or normalise_edition(text)
    if is_date(wanted):  # before every edition: resolve's message names the first of all of them
        in_force(docs, wanted, text)
    raise failed or _edition_not_found(text, wanted, None, docs)


def _edition_not_found(text: str, wanted: str, lang: str | None, docs: list[dict]) -> EditionNotFound:
    hint = "" if is_date(wanted) else " " + _("(give a date like 2009-07-11 or a document name)")
    message = _("no edition {edition!r} in language {lang!r}") if lang else _("no edition {edition!r}")
    return EditionNotFound(
        message.format(edition=text, lang=lang) + hint,
        nearest_editions([d["edition"] for d in docs if d["edition"]], wanted),
    )
