"""Academy Ruins' /cr routes, answered as lunakv/academyruins-api answers them (src/cr/router.py at
f81bf2c), over every language and edition held: a bot switches by changing its base URL.

Route by route, the same parameters and defaults, the same statuses and bodies:

- ``/cr``: every rule whose number is "NNN.x" (not the section and chapter headings), keyed by number:
  ruleNumber, ruleText (a keyword's rule: its title), examples (null when none), fragment, navigation.
- ``/cr/{id}``: the rule itself, or with ``find_definition=true`` a keyword's defining subrule. Only a
  number of that table is a rule: anything else (``trample``, ``100``, ``CR 100.1a``) is 404
  ``{"detail": "Rule not found", "ruleNumber": id}``; a bad boolean is 422 ``{"detail": "..."}``.
- ``/cr/example/{id}``, ``/cr/toc``, ``/cr/keywords`` (titles split at " and ", as "Daybound and
  Nightbound"), ``/cr/glossary``, ``/cr/glossary/{term}`` (exact, or ``fuzzy``; the entry itself,
  also when it says only "See X."), ``/cr/unofficial-glossary`` (empty here: mtgkb writes no entries).

Better than the original, and kept (docs/bots.md): every example of a rule (it keeps three), mtgkb's
glossary lookup behind ``fuzzy`` (etb, sba, word forms, near spellings), ability words answered from
rule 207.2c. Every route also takes ``lang`` and ``edition`` (English and the newest when not given,
whatever the Accept-Language header says).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Path, Query
from fastapi.responses import JSONResponse

from kb.api import KnowledgeBase, NotFound, RuleNotFound
from kb.http.errors import responses
from kb.http.limits import BoundedJSON

LANG = Query("en", max_length=16, description="Language of the texts (default English, as Academy Ruins).")
EDITION = Query(
    None, max_length=64, description="Edition (a date like 2023-11-17) or document name; default the newest."
)
# A number Academy Ruins keys a rule by (its extractor's "^(\d{3}\.[^\s.]{1,4})"): 100.1, 702.26b.
RULE_NUMBER = re.compile(r"\d{3}\.[^\s.]{1,4}")
# The keyword rules whose titles /cr/keywords lists: 701.2 on and 702.2 on.
_KEYWORD_RULE = re.compile(r"70[12]\.(?:[2-9]|\d\d+)")
_ABILITY_WORDS = re.compile(r"(?:The ability words are|能力語は|能力词[有为是]?)[:：]?\s*(?P<list>.+?)[.。]", re.S)

MISSING_RULE: dict[int | str, dict[str, Any]] = {
    404: {"description": 'Academy Ruins\' body: {"detail": "Rule not found", "ruleNumber": …}'}
}
MISSING_ENTRY: dict[int | str, dict[str, Any]] = {
    404: {"description": 'Academy Ruins\' body: {"detail": "Entry not found."}'}
}
BAD_BOOLEAN: dict[int | str, dict[str, Any]] = {
    422: {
        "description": 'A parameter that does not fit (not a boolean, too long): Academy Ruins\' body {"detail": "…"}'
    }
}


def academy_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """mtgkb's failures of these statuses (its own parameters) and Academy Ruins' 422."""
    return {**responses(*statuses), **BAD_BOOLEAN}


def _rule_missing(number: str) -> JSONResponse:
    return JSONResponse({"detail": "Rule not found", "ruleNumber": number}, status_code=404)


def _entry_missing() -> JSONResponse:
    return JSONResponse({"detail": "Entry not found."}, status_code=404)


def rule_table(kb: KnowledgeBase, lang: str, edition: str | None) -> dict[str, dict[str, Any]]:
    """The edition's rules as Academy Ruins' ``/cr`` holds them: numbered "NNN.x", keyed by number,
    each with its neighbours among them (the headings 1 and 100 are not rules there)."""
    document = kb.resolve(edition, lang=lang)
    found = [row for row in kb.document_table(document["name"]) if RULE_NUMBER.fullmatch(row[0])]
    table: dict[str, dict[str, Any]] = {}
    for index, (number, _kind, title, text, examples) in enumerate(found):
        table[number] = {
            "ruleNumber": number,
            "ruleText": text or title or "",
            "examples": examples or None,
            "fragment": number.partition(".")[2],
            "navigation": {
                "previousRule": found[index - 1][0] if index else None,
                "nextRule": found[index + 1][0] if index + 1 < len(found) else None,
            },
        }
    return table


def academy_router(get: Callable[[], KnowledgeBase]) -> APIRouter:
    """The /cr routes over the facade ``get()`` returns (one per worker thread)."""
    router = APIRouter(prefix="/cr", tags=["Academy Ruins-compatible"])

    def exact_rule(kb: KnowledgeBase, rule_id: str, lang: str, edition: str | None):
        """The rule numbered exactly ``rule_id`` (None when the edition has none): Academy Ruins looks
        the number up as a key, so "702.26B" or "CR 702.26b" is no rule."""
        kb.resolve(edition, lang=lang)  # an unknown language or edition is mtgkb's own error
        if not RULE_NUMBER.fullmatch(rule_id):
            return None
        try:
            found = kb.rule(rule_id, lang=lang, edition=edition)
        except RuleNotFound:
            return None
        return found if found.number == rule_id else None

    def all_rules(lang: str = LANG, edition: str | None = EDITION):
        """Every rule of the edition keyed by its number: ruleNumber, ruleText, examples (null when none),
        fragment (the part after the dot) and navigation (previousRule, nextRule)."""
        return BoundedJSON(rule_table(get(), lang, edition))

    def keywords(lang: str = LANG, edition: str | None = EDITION):
        """The keyword abilities (702) and keyword actions (701), one per keyword ("Daybound and
        Nightbound" is two), and the ability words of 207.2c (lower-cased)."""
        kb = get()
        kb.resolve(edition, lang=lang)  # an unknown language or edition is an error, not empty lists
        return BoundedJSON(
            {
                "keywordAbilities": _titles(kb, "702", lang, edition),
                "keywordActions": _titles(kb, "701", lang, edition),
                "abilityWords": _ability_words(kb, lang, edition),
            }
        )

    def toc(lang: str = LANG, edition: str | None = EDITION):
        """The numbered sections (1 "Game Concepts") with their subsections (100 "General"); no
        introduction, glossary or credits."""
        kb = get()
        document = kb.resolve(edition, lang=lang)
        sections: list[dict[str, Any]] = []
        for number, kind, title, text, _examples in kb.document_table(document["name"]):
            if kind == "section" and number.isdigit():
                sections.append({"number": int(number), "title": title or text, "subsections": []})
            elif kind == "chapter" and number.isdigit() and sections:
                sections[-1]["subsections"].append({"number": int(number), "title": title or text})
        return BoundedJSON(sections)

    def glossary(lang: str = LANG, edition: str | None = EDITION):
        """The whole glossary: lower-cased term -> {term, definition}, in printed order."""
        kb = get()
        return BoundedJSON(
            {
                entry.term.casefold(): {"term": entry.term, "definition": entry.text}
                for entry in kb.document_glossary(_glossary_document(kb, lang, edition))
            }
        )

    def unofficial_glossary(lang: str = LANG, edition: str | None = EDITION):
        """Academy Ruins' own entries for terms the CR has none for: mtgkb writes none (ability words
        are answered from rule 207.2c by ``/cr/glossary/{term}``)."""
        get().resolve(edition, lang=lang)
        return BoundedJSON({})

    def glossary_term(
        term: str = Path(..., description="The term looked for (a longer one than 200 characters finds nothing)."),
        fuzzy: bool = Query(
            False, description="Also aliases, word forms and near spellings (mtgkb's glossary lookup, docs/bots.md)."
        ),
        unofficial: bool = Query(
            True, description="Also ability words, answered from rule 207.2c (false: glossary entries only)."
        ),
        lang: str = LANG,
        edition: str | None = EDITION,
    ):
        """One glossary entry itself (also one that says only "See X."): by its exact name (any case,
        quotes and "(Obsolete)" folded), or with ``fuzzy`` as the glossary lookup finds it."""
        kb = get()
        document = _glossary_document(kb, lang, edition)
        result = kb.glossary(term, lang=lang, edition=edition) if term.strip() and len(term) <= 200 else None
        if result is None:
            return _entry_missing()
        if result.ability_word and unofficial:
            return BoundedJSON(_ability_word_entry(kb, term, result.listing))
        if not result.entries or (not fuzzy and result.matched != "name"):
            return _entry_missing()
        entry = result.entries[0]
        if result.see:  # the entry asked for, not the one it points to (Academy Ruins answers it so)
            named = {e.term.casefold(): e for e in kb.document_glossary(document)}
            entry = named.get(result.see.casefold(), entry)
        return BoundedJSON({"term": entry.term, "definition": entry.text, "lang": entry.lang, "edition": entry.edition})

    def example(
        rule_id: str = Path(..., description="A rule number, as /cr keys it."),
        lang: str = LANG,
        edition: str | None = EDITION,
    ):
        """Every example of a rule (null when it has none)."""
        found = exact_rule(get(), rule_id, lang, edition)
        if found is None:
            return _rule_missing(rule_id)
        return BoundedJSON({"ruleNumber": rule_id, "examples": found.examples or None})

    def rule(
        rule_id: str = Path(..., description="A rule number, as /cr keys it (100.1, 702.26b)."),
        find_definition: bool = Query(False, description="A keyword's rule answers the subrule that defines it."),
        lang: str = LANG,
        edition: str | None = EDITION,
    ):
        """One rule's number and text. With ``find_definition``, a keyword's rule (701.2 on, 702.2 on)
        answers its defining subrule (702.31 -> 702.31b): check ``ruleNumber``."""
        kb = get()
        found = exact_rule(kb, rule_id, lang, edition)
        if found is None:
            return _rule_missing(rule_id)
        if find_definition:  # the facade's defining subrule, as `show --defining` and /rules?defining give it
            found = kb.rule(found.number, lang=found.lang, edition=found.document, defining=True)
        return BoundedJSON(
            {
                "ruleNumber": found.number,
                "ruleText": found.text or found.title or "",
                "lang": found.lang,
                "edition": found.edition,
            }
        )

    # Plain routes: FastAPI runs each in a request thread, where its JSON is rendered too (BoundedJSON).
    router.get("", summary="All rules, keyed by number", responses=academy_responses(400, 404))(all_rules)
    router.get(
        "/keywords",
        summary="Keyword abilities, keyword actions and ability words",
        responses=academy_responses(400, 404),
    )(keywords)
    router.get("/toc", summary="Table of contents", responses=academy_responses(400, 404))(toc)
    router.get("/glossary", summary="The whole glossary", responses=academy_responses(400, 404))(glossary)
    router.get("/unofficial-glossary", summary="Unofficial glossary (empty)", responses=academy_responses(400, 404))(
        unofficial_glossary
    )
    router.get(
        "/glossary/{term}",
        summary="One glossary entry",
        responses={**responses(400), **MISSING_ENTRY, **BAD_BOOLEAN},
    )(glossary_term)
    router.get("/example/{rule_id}", summary="A rule's examples", responses={**academy_responses(400), **MISSING_RULE})(
        example
    )
    router.get(
        "/{rule_id}",
        summary="One rule (with find_definition: a keyword's defining subrule)",
        responses={**responses(400), **MISSING_RULE, **BAD_BOOLEAN},
    )(rule)
    return router


def _titles(kb: KnowledgeBase, chapter: str, lang: str, edition: str | None) -> list[str]:
    """The keywords the titles of a chapter's rules name from its second rule on (701.1 and 702.1 are
    general rules), one per keyword: "Daybound and Nightbound" is two, as Academy Ruins splits it."""
    try:
        found = kb.rules(chapter, lang=lang, edition=edition)
    except NotFound:
        return []
    return [
        keyword
        for rule in found
        if rule.kind == "rule" and rule.title and _KEYWORD_RULE.fullmatch(rule.number)
        for keyword in rule.title.split(" and ")
    ]


def _ability_words(kb: KnowledgeBase, lang: str, edition: str | None) -> list[str]:
    """The ability words 207.2c lists, lower-cased."""
    try:
        text = kb.rule("207.2c", lang=lang, edition=edition).text
    except NotFound:
        return []
    match = _ABILITY_WORDS.search(text)
    if not match:
        return []
    words = re.split(r"\s*(?:,\s*(?:and\s+)?|\band\s+|、|，)\s*", match["list"])
    return [word.strip().casefold() for word in words if word.strip()]


def _ability_word_entry(kb: KnowledgeBase, term: str, listed: Any) -> dict[str, Any]:
    """An ability word as rule 207.2c describes it, in a glossary entry's shape: the rule's own
    sentences before its list, and where to read it, in the language whose 207.2c listed it
    (``listed``: kb.terms.ability_words.AbilityWord; 上陸 with lang=ja is the Japanese rule's)."""
    rule = kb.rule(listed.rule, lang=listed.lang, edition=listed.edition)
    text = " ".join((rule.text or "").split())
    end = text.find(listed.sentence)
    lead = text[: end + len(listed.sentence)] if listed.sentence and end >= 0 else ""
    word = " ".join(term.split())
    return {
        "term": word[:1].upper() + word[1:].casefold() if listed.lang == "en" else listed.word,
        "definition": f"{lead} See rule {rule.number}.".strip(),
        "lang": rule.lang,
        "edition": rule.edition,
    }


def _glossary_document(kb: KnowledgeBase, lang: str, edition: str | None) -> str:
    """The document holding the edition's glossary (a translation may keep it in a file of its own)."""
    document = kb.resolve(edition, lang=lang)
    if kb.document(document["name"]).glossary:
        return document["name"]
    same = [d for d in kb.documents(lang=document["lang"]) if d.edition == document["edition"] and d.glossary]
    return same[0].name if same else document["name"]
