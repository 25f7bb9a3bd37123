"""What a rule's answer borrows from another document: the English of a rule a partial translation leaves
out, and an undated document's inferred editions with the English rule of the newest one.

The read facade (kb.api.KnowledgeBase.rule) adds these to the rule the store finds; an untranslated rule
is answered in English and marked so, never as an empty translation nor silently an older one's.
"""

from __future__ import annotations

from kb.core.errors import BadInput, NotFound
from kb.core.model import Rule
from kb.core.numbers import RuleNumber
from kb.core.queries import read_query
from kb.i18n import _, format_edition
from kb.store import catalog
from kb.store.inference import stored_inference
from kb.store.reader import Store


def untranslated_rule(store: Store, number: str, lang: str | None, edition: str | None) -> Rule | None:
    """The English rule where the best document of ``lang`` is a PO translation leaving ``number`` out."""
    if not lang or lang.lower().startswith("en"):
        return None
    try:
        best = store.resolve(edition, lang=lang)
    except (NotFound, BadInput):
        return None
    if best.get("format") != "po":
        return None
    try:
        parsed = read_query(number).target
    except BadInput:
        return None
    if not isinstance(parsed, RuleNumber):
        return None
    meta = catalog.document_meta(store.conn, best["id"])
    if str(parsed) not in catalog.untranslated_numbers(meta):
        return None
    english_edition = meta.get("english") or best["edition"]
    rule = store.rule(number, lang="en", edition=english_edition)
    rule.untranslated = {
        "document": best["name"],
        "lang": best["lang"],
        "edition": best["edition"],
        "note": _("not translated in {document}: the English of {edition}").format(
            document=best["name"], edition=format_edition(rule.edition)
        ),
    }
    return rule


def undated_context(store: Store, rule: Rule) -> dict:
    """For an undated document: its inferred editions and the English rule of the newest one."""
    inference = stored_inference(store, rule.document)
    if inference is None or not inference.last:
        return {}
    note = _("undated; English pairing uses {edition}").format(edition=inference.last)
    context: dict = {"inferred_edition": {"first": inference.first, "last": inference.last, "note": note}}
    if rule.lang != "en":
        try:
            english = store.rule(rule.number, lang="en", edition=inference.last)
        except NotFound:
            return context
        context["english"] = {
            "number": english.number,
            "title": english.title,
            "text": english.text,
            "edition": english.edition,
            "document": english.document,
        }
    return context
