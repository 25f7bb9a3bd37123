"""Academy Ruins' paths and JSON under /cr, over every language and edition held: a drop-in for bots.

Bots (Fryatog, judgebot and others) read Academy Ruins' API: ``/cr/{rule}`` (with the keyword's
defining subrule unless ``exact_match``; the older ``find_definition=true`` too), ``/cr/example/{rule}``,
``/cr/glossary``, ``/cr/glossary/{term}?fuzzy=true``, ``/cr/keywords`` and ``/cr`` (every rule).
These routes answer the same paths with the same field names (ruleNumber, ruleText, examples, fragment,
navigation, term, definition, keywordAbilities, keywordActions, abilityWords) and the same 404 bodies
(``{"detail": "Rule not found", "ruleNumber": ...}``, ``{"detail": "Entry not found."}``), and take
``lang`` and ``edition`` besides: English and the newest edition when not given, whatever the
Accept-Language header says (a bot's answers do not change with its host). docs/bots.md describes them.
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
_ABILITY_WORDS = re.compile(r"(?:The ability words are|能力語は|能力词[有为是]?)[:：]?\s*(?P<list>.+?)[.。]", re.S)


# Academy Ruins' own 404 bodies; bad input (an unknown language) is mtgkb's ErrorBody (400).
MISSING_RULE: dict[int | str, dict[str, Any]] = {
    404: {"description": 'Academy Ruins\' body: {"detail": "Rule not found", "ruleNumber": …}'}
}
MISSING_ENTRY: dict[int | str, dict[str, Any]] = {
    404: {"description": 'Academy Ruins\' body: {"detail": "Entry not found."}'}
}


def _rule_missing(number: str) -> JSONResponse:
    return JSONResponse({"detail": "Rule not found", "ruleNumber": number}, status_code=404)


def academy_router(get: Callable[[], KnowledgeBase]) -> APIRouter:
    """The /cr routes over the facade ``get()`` returns (one per worker thread)."""
    router = APIRouter(prefix="/cr", tags=["Academy Ruins-compatible"])

    def all_rules(lang: str = LANG, edition: str | None = EDITION):
        """Every rule of the edition keyed by its number: ruleNumber, ruleText, examples (null when none),
        fragment (the part after the dot) and navigation (previousRule, nextRule)."""
        kb = get()
        document = kb.resolve(edition, lang=lang)
        return BoundedJSON({rule.number: _full_rule(rule) for rule in kb.document_rules(document["name"])})

    def keywords(lang: str = LANG, edition: str | None = EDITION):
        """The keyword abilities (702), keyword actions (701) and ability words (207.2c) of the edition."""
        kb = get()
        kb.resolve(edition, lang=lang)  # an unknown language or edition is an error, not empty lists
        return BoundedJSON(
            {
                "keywordAbilities": _titles(kb, "702", lang, edition),
                "keywordActions": _titles(kb, "701", lang, edition),
                "abilityWords": _ability_words(kb, lang, edition),
            }
        )

    def glossary(lang: str = LANG, edition: str | None = EDITION):
        """The whole glossary: lower-cased term -> {term, definition}, in printed order."""
        kb = get()
        return BoundedJSON(
            {
                entry.term.casefold(): {"term": entry.term, "definition": entry.text}
                for entry in kb.document_glossary(_glossary_document(kb, lang, edition))
            }
        )

    def glossary_term(
        term: str = Path(..., max_length=200, description="The term looked for."),
        fuzzy: bool = Query(
            False, description="Also aliases, word forms and near spellings (mtgkb's glossary lookup, docs/bots.md)."
        ),
        lang: str = LANG,
        edition: str | None = EDITION,
    ):
        """One glossary entry: by its exact name (any case, quotes folded), or with ``fuzzy`` as the
        glossary lookup finds it."""
        result = get().glossary(term, lang=lang, edition=edition) if term.strip() else None
        if not result or not result.entries or (not fuzzy and result.matched != "name"):
            return JSONResponse({"detail": "Entry not found."}, status_code=404)
        entry = result.entries[0]
        return BoundedJSON({"term": entry.term, "definition": entry.text, "lang": entry.lang, "edition": entry.edition})

    def example(rule_id: str = Path(..., max_length=64), lang: str = LANG, edition: str | None = EDITION):
        """The examples of a rule (null when it has none)."""
        try:
            rule = get().rule(rule_id, lang=lang, edition=edition)
        except RuleNotFound:
            return _rule_missing(rule_id)
        return BoundedJSON({"ruleNumber": rule.number, "examples": rule.examples or None})

    def rule(
        rule_id: str = Path(..., max_length=64),
        exact_match: bool = Query(False, description="The rule asked for, never its defining subrule."),
        find_definition: bool | None = Query(
            None, description="The older API's switch: true answers a keyword's defining subrule."
        ),
        lang: str = LANG,
        edition: str | None = EDITION,
    ):
        """One rule's number and text; a keyword's rule answers its defining subrule (definingRule) unless
        ``exact_match`` (or ``find_definition=false``)."""
        kb = get()
        try:
            found = kb.rule(rule_id, lang=lang, edition=edition)
            defining = find_definition if find_definition is not None else not exact_match
            if defining and found.defining_rule:
                found = kb.rule(found.defining_rule, lang=found.lang, edition=found.document)
        except RuleNotFound:  # an unknown edition or language is the API's own error (404, 400)
            return _rule_missing(rule_id)
        return BoundedJSON(
            {"ruleNumber": found.number, "ruleText": _text(found), "lang": found.lang, "edition": found.edition}
        )

    # Plain routes: FastAPI runs each in a request thread, where its JSON is rendered too (BoundedJSON).
    router.get("", summary="All rules, keyed by number", responses=responses(400, 404))(all_rules)
    router.get(
        "/keywords", summary="Keyword abilities, keyword actions and ability words", responses=responses(400, 404)
    )(keywords)
    router.get("/glossary", summary="The whole glossary", responses=responses(400, 404))(glossary)
    router.get("/glossary/{term}", summary="One glossary entry", responses={**responses(400), **MISSING_ENTRY})(
        glossary_term
    )
    router.get("/example/{rule_id}", summary="A rule's examples", responses={**responses(400), **MISSING_RULE})(example)
    router.get(
        "/{rule_id}", summary="One rule (a keyword: its defining subrule)", responses={**responses(400), **MISSING_RULE}
    )(rule)
    return router


def _full_rule(rule) -> dict[str, Any]:
    return {
        "ruleNumber": rule.number,
        "ruleText": _text(rule),
        "examples": rule.examples or None,
        "fragment": rule.number.partition(".")[2],
        "navigation": {
            "previousRule": rule.previous.number if rule.previous else None,
            "nextRule": rule.next.number if rule.next else None,
        },
    }


def _text(rule) -> str:
    """A rule's text as Academy Ruins gives it: a heading's text is its title ("702.3": "Defender")."""
    return rule.text or rule.title or ""


def _titles(kb: KnowledgeBase, chapter: str, lang: str, edition: str | None) -> list[str]:
    """The titles of a chapter's rules from its second on (701.1 and 702.1 are general rules)."""
    try:
        found = kb.rules(chapter, lang=lang, edition=edition)
    except NotFound:
        return []
    return [
        rule.title for rule in found if rule.kind == "rule" and rule.title and int(rule.number.partition(".")[2]) >= 2
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


def _glossary_document(kb: KnowledgeBase, lang: str, edition: str | None) -> str:
    """The document holding the edition's glossary (a translation may keep it in a file of its own)."""
    document = kb.resolve(edition, lang=lang)
    if kb.document(document["name"]).glossary:
        return document["name"]
    same = [d for d in kb.documents(lang=document["lang"]) if d.edition == document["edition"] and d.glossary]
    return same[0].name if same else document["name"]
