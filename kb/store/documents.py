"""The one document resolver: which stored documents a language and an edition name.

Every command, feature and front end asks here, so `--edition 2017-09-29` names the
same file in `show`, `crosscheck`, `trace` and `search`. An edition is a document name,
a date in any spelling (kb.core.editions), "newest" (or nothing) or "all". Among the
documents of one date the official file comes before a reformatted variant
("MagicCompRules_20231117" before "MagicCompRules_20231117_cleaned_…"), then the
fuller one (an excerpt or a contents list holds few rules).

Documents are plain dicts with at least id, name, lang, edition and rules, as
kb.store.lookup.LookupCache.documents() gives them.
"""

from __future__ import annotations

from kb.core.editions import ALL, NEWEST, is_date, nearest_editions, normalise_edition
from kb.core.errors import EditionNotFound, NoDatabase, UnknownLanguage
from kb.i18n import _


COLUMNS = ("id", "name", "lang", "edition", "rules", "format")


def document_rows(conn) -> list[dict]:
    """Every stored document as the resolver reads it (id, name, lang, edition, rules, format)."""
    return [dict(zip(COLUMNS, row)) for row in conn.execute(f"select {', '.join(COLUMNS)} from documents")]


_TRADITIONAL = ("zh-hant", "zh-tw", "zh-hk", "zh-mo")


def primary_language(code: str | None) -> str:
    """"ja-JP" and "ja" are one language for choosing documents; Traditional Chinese ("zh-Hant",
    "zh-TW") is one of its own beside Simplified ("zh", "zh-CN", "zh-Hans")."""
    text = (code or "").replace("_", "-").lower()
    if text.startswith(_TRADITIONAL):
        return "zh-hant"
    return text.split("-")[0]


def is_variant(doc: dict) -> bool:
    """A reformatted or cleaned copy of an official file: its name carries a suffix after the date."""
    return doc["name"].count("_") > 1


def rank_key(doc: dict) -> tuple:
    """Sorts best last: newest edition, official before variant, fuller, then by name."""
    return (doc["edition"] or "", -doc["name"].count("_"), doc.get("rules") or 0, doc["name"])


def languages(docs: list[dict]) -> list[str]:
    return sorted({d["lang"] for d in docs})


def resolve(docs: list[dict], *, lang: str | None = None, edition: str | None = None,
            default_lang: str | None = None, prefer: str | None = None) -> list[dict]:
    """The documents ``lang`` and ``edition`` name, best first.

    ``lang`` given: only that language (an unknown one is bad input). Not given: a
    document name is looked for in every language; otherwise ``default_lang`` (when set)
    limits the choice, else every language counts and ``prefer`` (the interface
    language) comes first, then English. ``edition`` None or "newest": every edition,
    newest first; "all": the same list; a date: the documents of that date.
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
        wanted = normalise_edition(text)
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


def newest_per_language(docs: list[dict]) -> list[dict]:
    """Each language's newest document; a language with no dated document gives all of its own."""
    chosen: list[dict] = []
    for lang in dict.fromkeys(d["lang"] for d in docs):
        own = [d for d in docs if d["lang"] == lang]
        dated = [d for d in own if d["edition"]]
        chosen.extend([max(dated, key=rank_key)] if dated else own)
    return chosen


def _edition_not_found(text: str, wanted: str, lang: str | None, docs: list[dict]) -> EditionNotFound:
    hint = "" if is_date(wanted) else " " + _("(give a date like 2009-07-11 or a document name)")
    message = (_("no edition {edition!r} in language {lang!r}") if lang else _("no edition {edition!r}"))
    return EditionNotFound(message.format(edition=text, lang=lang) + hint,
                           nearest_editions([d["edition"] for d in docs if d["edition"]], wanted))
