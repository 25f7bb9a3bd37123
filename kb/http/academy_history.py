"""Academy Ruins' ``/cr/trace/{rule}`` and ``/diff/cr``, in its shapes, from mtgkb's renumbering chain and diff.

Academy Ruins' web front end draws a rule's history and a release's changes from these
(lunakv/academyruins-api at f81bf2c: src/cr/router.py get_trace, src/cr/utils.py, src/diffs/router.py
cr_diff). mtgkb answers them from its chain of every English edition held:

- ``/cr/trace/{rule}``: ``{"ruleNumber", "items"}``, newest change first; each item ``action`` (created,
  moved, edited, replaced), ``old`` and ``new`` (``ruleNumber``, ``ruleText``; no text for a move) and
  ``diff`` (the two editions). A change only in the numbers a rule cites is no change there, nor here.
  ``find_definition`` traces a keyword's defining subrule. Not a rule: 404 with Academy Ruins' nested body
  ``{"detail": {"detail": "Rule not found.", "ruleNumber": …}}``.
- ``/diff/cr``: ``{"creationDay", "changes", "sourceSet", "sourceCode", "destSet", "destCode", "moves",
  "nav"}``, the changed parts of each text between "<<<<" and ">>>>". ``old`` and ``new`` are set codes as
  Academy Ruins takes them (WOE, LCI, any case; data/set_codes.tsv through the one resolver), or editions (a
  date like 2026-04-17, or a document name); it answers each edition by its set's name and code, or, for an
  edition between sets, by document name and date; any two editions,
  not only neighbours. Neither given: the newest two; one given: its neighbour. None there: 404
  ``{"detail": "No diff between these set codes found", "old", "new"}``, a code upper-cased as Academy
  Ruins echoes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Path, Query
from fastapi.responses import JSONResponse

from kb.api import KnowledgeBase, NotFound
from kb.core.set_codes import edition_set
from kb.http.academy import RULE_NUMBER, academy_responses
from kb.http.files import SET_CODE
from kb.http.limits import BoundedJSON

# mtgkb's change labels (kb.core.labels) as Academy Ruins' trace actions; others are no change there.
ACTIONS = {"added": "created", "renumbered": "moved", "edited": "edited", "renumbered and edited": "replaced"}
OPEN, CLOSE = "<<<<", ">>>>"


def history_router(get: Callable[[], KnowledgeBase]) -> APIRouter:
    """``GET /cr/trace/{rule_id}`` and ``GET /diff/cr`` over the facade ``get()`` returns."""
    router = APIRouter(tags=["Academy Ruins-compatible"])

    @router.get(
        "/cr/trace/{rule_id}",
        summary="A current rule's changes, newest first",
        responses={
            **academy_responses(400),
            404: {"description": "Academy Ruins' body: {detail: {detail, ruleNumber}}"},
        },
    )
    def trace(
        rule_id: str = Path(..., description="A rule number of the newest edition."),
        find_definition: bool = Query(False, description="Trace a keyword's defining subrule."),
    ):
        kb = get()
        newest = kb.resolve(None, lang="en")
        try:
            rule = kb.rule(rule_id, lang="en", edition=newest["name"]) if RULE_NUMBER.fullmatch(rule_id) else None
        except NotFound:
            rule = None
        if rule is None or rule.number != rule_id:
            return JSONResponse({"detail": {"detail": "Rule not found.", "ruleNumber": rule_id}}, status_code=404)
        if find_definition and rule.defining_rule:
            rule_id = rule.defining_rule
        steps = kb.trace(rule_id, newest["name"], back=True, subrules=False).steps
        editions = _editions(kb)
        items = []
        for newer, older in zip(steps, steps[1:] + [None]):
            action = ACTIONS.get(newer.change or "")
            if action is None or newer.number is None:
                continue
            new_text = None if action == "moved" else _text(kb, newer.document, newer.number)
            old = None
            if action != "created" and older is not None and older.number:
                old_text = None if action == "moved" else _text(kb, older.document, older.number)
                old = {"ruleNumber": older.number, "ruleText": old_text}
            items.append(
                {
                    "action": action,
                    "old": old,
                    "new": {"ruleNumber": newer.number, "ruleText": new_text},
                    "diff": _pair(
                        older.document if older else _before(editions, newer.edition, newer.document),
                        newer.document,
                        kb,
                    ),
                }
            )
        return BoundedJSON({"ruleNumber": rule_id, "items": items})

    @router.get(
        "/diff/cr",
        summary="The changes between two editions",
        responses={**academy_responses(400), 404: {"description": "Academy Ruins' body: {detail, old, new}"}},
    )
    def diff(
        old: str | None = Query(
            None, max_length=64, description="The older edition (a set code as WOE, a date or a document name)."
        ),
        new: str | None = Query(
            None, max_length=64, description="The newer edition (a set code as LCI, a date or a document name)."
        ),
        nav: bool | None = Query(False, description="Also the editions before and after (nav)."),
    ):
        kb = get()
        editions = _editions(kb)
        pair = _between(kb, editions, old, new)
        if pair is None:
            return JSONResponse(
                {"detail": "No diff between these set codes found", "old": _echo(old), "new": _echo(new)},
                status_code=404,
            )
        source, dest = pair
        found = kb.diff(source, dest, lang="en")
        old_texts = {row[0]: row[3] for row in kb.document_table(source)}
        new_texts = {row[0]: row[3] for row in kb.document_table(dest)}
        changes: list[dict[str, Any]] = []
        moves: list[dict[str, str]] = []
        for change in found.rules:
            numbers = [n for n in (change.old_number, change.new_number) if n]
            if not all(RULE_NUMBER.fullmatch(n) for n in numbers) or change.references_only:
                continue
            if change.change == "renumbered":
                moves.append({"from": change.old_number or "", "to": change.new_number or ""})
            elif change.change in ("edited", "renumbered and edited", "added", "removed", "split", "merged"):
                changes.append(
                    {
                        "old": _marked(change.old_number, old_texts, change.old_spans, ("delete", "replace")),
                        "new": _marked(change.new_number, new_texts, change.new_spans, ("insert", "replace")),
                    }
                )
        answer: dict[str, Any] = {
            "creationDay": kb.document(dest).edition,
            "changes": changes,
            **_pair(source, dest, kb),
            "moves": moves,
            "nav": None,
        }
        if nav:
            names = [name for name, _edition in editions]
            before, after = names.index(source) - 1, names.index(dest) + 1
            answer["nav"] = {
                "prevSourceCode": editions[before][1] if before >= 0 else None,
                "nextDestCode": editions[after][1] if after < len(editions) else None,
            }
        return BoundedJSON(answer)

    return router


def _echo(given: str | None) -> str | None:
    """A ``old``/``new`` parameter as the 404 repeats it: Academy Ruins upper-cases its set codes (a text of 3
    to 5 letters or digits here); a date or a document name stays as given."""
    return given.upper() if given and SET_CODE.fullmatch(given) else given


def _before(editions: list[tuple[str, str]], edition: str, document: str) -> str:
    """The document of the edition before ``edition`` (where a rule was created from); ``document``
    itself when there is none."""
    earlier = [name for name, held in editions if held < edition]
    return earlier[-1] if earlier else document


def _text(kb: KnowledgeBase, document: str, number: str) -> str:
    """A rule's text in one edition, by one query (KnowledgeBase.rule_text): a trace quotes up to
    two editions per change, and full lookups of each made a first trace take over a second."""
    return kb.rule_text(document, number) or ""


def _pair(source: str, dest: str, kb: KnowledgeBase) -> dict[str, str | None]:
    """Academy Ruins' diff metadata: each edition by the set it came with (its name and code, as Academy
    Ruins answers them), or, for an edition between sets, by document name and date. Either is taken
    back by ``old``/``new``."""
    answer: dict[str, str | None] = {}
    for side, name in (("source", source), ("dest", dest)):
        edition = kb.document(name).edition
        found = edition_set(edition)
        answer[f"{side}Set"], answer[f"{side}Code"] = (found[1], found[0]) if found else (name, edition)
    return answer


def _editions(kb: KnowledgeBase) -> list[tuple[str, str]]:
    """(document name, edition) of every dated whole English text, oldest first, one per edition."""
    found: dict[str, str] = {}
    for document in kb.documents(lang="en"):
        if document.edition and document.format == "cr-text":
            found.setdefault(document.edition, document.name)
    return [(name, edition) for edition, name in sorted(found.items())]


def _between(
    kb: KnowledgeBase, editions: list[tuple[str, str]], old: str | None, new: str | None
) -> tuple[str, str] | None:
    """The two documents a diff compares, as Academy Ruins chooses them; None where there are none."""
    names = [name for name, _edition in editions]
    by_edition = {edition: name for name, edition in editions}

    def named(edition: str) -> str | None:
        """The chain's document of the edition ``edition`` names (a date or any document of it)."""
        try:
            found = kb.resolve(edition, lang="en")
        except NotFound:
            return None
        return by_edition.get(found.get("edition") or "")

    source, dest = (named(old) if old else None), (named(new) if new else None)
    if (old and source is None) or (new and dest is None):
        return None
    if source is None and dest is None:
        return (names[-2], names[-1]) if len(names) > 1 else None
    if dest is None:
        after = names.index(source) + 1 if source else len(names)
        return (source, names[after]) if source and after < len(names) else None
    if source is None:
        before = names.index(dest) - 1
        return (names[before], dest) if before >= 0 else None
    return (source, dest) if names.index(source) < names.index(dest) else None


def _marked(number: str | None, texts: dict[str, str], spans: list, ops: tuple[str, ...]) -> dict[str, str] | None:
    """A side of a change: its number and text with the changed stretches between <<<< and >>>>."""
    if not number:
        return None
    text = texts.get(number, "")
    for span in sorted((s for s in spans if s.op in ops), key=lambda s: s.start, reverse=True):
        text = f"{text[: span.start]}{OPEN}{text[span.start : span.end]}{CLOSE}{text[span.end :]}"
    return {"ruleNumber": number, "ruleText": text}
