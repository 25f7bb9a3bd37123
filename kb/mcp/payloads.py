"""Facade results as the JSON the MCP tools answer with, each stamped with its document and edition.

The rule shape is the HTTP API's (Academy Ruins' ruleNumber, ruleText, examples,
navigation; Yawgatog's anchor) plus what an agent needs to cite it: the resource URI
and a ready citation such as "CR 702.26b (2026-08-07)". Nothing here touches the SDK.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from kb.mcp.uri import rule_uri

# An agent's context is small: long lists are cut, and the answer says how many were left out.
MAX_RULES = 200
MAX_CHANGES = 100


def citation_stamp(number: str, lang: str, edition: str | None, document: str) -> str:
    """How to cite a rule with its edition: "CR 702.26b (2026-08-07)", "CR 702.26b (2026-01-16, ja)"."""
    where = edition or f"{document}, undated"
    return f"CR {number} ({where})" if lang == "en" else f"CR {number} ({where}, {lang})"


def rule_payload(rule, subrules: list | None = None) -> dict[str, Any]:
    """One rule (kb.api.Rule) with its examples, family and citations; ``subrules`` as compact rules."""
    payload: dict[str, Any] = {
        **rule.payload(),
        "uri": rule_uri(rule.lang, rule.edition, rule.document, rule.number),
        "citation": citation_stamp(rule.number, rule.lang, rule.edition, rule.document),
    }
    if rule.inferred_edition:
        payload["inferredEdition"] = rule.inferred_edition
    if rule.english:
        payload["english"] = rule.english
    if subrules is not None:
        payload["subrules"] = [compact_rule(sub) for sub in subrules[:MAX_RULES]]
        payload["subrulesOmitted"] = max(0, len(subrules) - MAX_RULES)
    return payload


def compact_rule(rule) -> dict[str, Any]:
    """A rule of a list: number, title, text, examples and its stamp."""
    return {
        "ruleNumber": rule.number,
        "title": rule.title,
        "ruleText": rule.text,
        "examples": rule.examples,
        "uri": rule_uri(rule.lang, rule.edition, rule.document, rule.number),
        "citation": citation_stamp(rule.number, rule.lang, rule.edition, rule.document),
    }


def rules_payload(reference: str, rules: list) -> dict[str, Any]:
    """A range or subtree (kb.api.KnowledgeBase.rules): one document, its rules in order."""
    first = rules[0]
    return {
        "reference": reference,
        "lang": first.lang,
        "edition": first.edition,
        "document": first.document,
        "count": len(rules),
        "rules": [compact_rule(rule) for rule in rules[:MAX_RULES]],
        "omitted": max(0, len(rules) - MAX_RULES),
    }


def search_payload(results) -> dict[str, Any]:
    """Search results (kb.search.SearchResults); every version of a rule with its URI and citation."""
    payload = results.to_dict()
    for result in payload["results"]:
        for version in result["versions"]:
            version["uri"] = rule_uri(version["lang"], version["edition"], version["document"], version["number"])
            version["citation"] = citation_stamp(version["number"], version["lang"], version["edition"],
                                                 version["document"])
    return payload


def cite_payload(citations: list) -> dict[str, Any]:
    """Every citation of a text (kb.cite.ResolvedCitation) with its span, rules and edition."""
    found = []
    for citation in citations:
        entry = citation.to_dict()
        for rule in entry["rules"]:
            rule["uri"] = rule_uri(rule["lang"], rule["edition"], rule["document"], rule["number"])
            rule["citation"] = citation_stamp(rule["number"], rule["lang"], rule["edition"], rule["document"])
        found.append(entry)
    counts = {status: sum(1 for c in citations if c.status == status) for status in ("resolved", "ambiguous")}
    return {"citations": found, **counts, "unresolved": len(citations) - sum(counts.values())}


def check_payload(checked: list, fixed_text: str, changes: list[dict]) -> dict[str, Any]:
    """Re-validated citations (kb.check.CheckedCitation), their statuses counted, and the fixed text."""
    first = checked[0] if checked else None
    return {
        "since": first.since if first else None,
        "until": first.until if first else None,
        "counts": dict(Counter(c.status for c in checked)),
        "citations": [c.to_dict() for c in checked],
        "fixedText": fixed_text,
        "changes": changes,
    }


def diff_payload(diff, limit: int = MAX_CHANGES, texts: bool = False) -> dict[str, Any]:
    """A summary of two editions (kb.history.Diff): counts by change and the changed rules."""
    changed = diff.changed()
    rows = []
    for entry in changed[:limit]:
        row: dict[str, Any] = {
            "change": entry.change, "oldNumber": entry.old_number, "newNumber": entry.new_number,
            "title": entry.new_title or entry.old_title,
        }
        if entry.split_into:
            row["splitInto"] = entry.split_into
        if entry.merged_from:
            row["mergedFrom"] = entry.merged_from
        if entry.references_only:
            row["referencesOnly"] = True
        if texts:
            row["oldText"], row["newText"] = entry.old_text, entry.new_text
        rows.append(row)
    return {
        "old": {"document": diff.old.document, "lang": diff.old.lang, "edition": diff.old.edition},
        "new": {"document": diff.new.document, "lang": diff.new.lang, "edition": diff.new.edition},
        "method": diff.method,
        "section": diff.section,
        "summary": diff.summary,
        "glossarySummary": diff.glossary_summary,
        "changed": rows,
        "omitted": max(0, len(changed) - limit),
    }


def glossary_payload(term: str, entries: list) -> dict[str, Any]:
    """Glossary entries (kb.results.GlossaryEntry), each with its language and edition."""
    return {"term": term, "entries": [entry.to_dict() for entry in entries]}


def term_payload(query: str, entries: list) -> dict[str, Any]:
    """A game term in every language (kb.terms.TermEntry), with the source of each name."""
    return {"query": query, "entries": [entry.to_dict() for entry in entries]}


def editions_payload(documents: list) -> dict[str, Any]:
    """The imported documents (kb.results.DocumentInfo) and the newest edition of each language."""
    newest: dict[str, str] = {}
    for doc in documents:
        if doc.edition and doc.edition > newest.get(doc.lang, ""):
            newest[doc.lang] = doc.edition
    return {
        "newest": newest,
        "documents": [
            {"document": d.name, "lang": d.lang, "edition": d.edition, "title": d.title, "format": d.format,
             "rules": d.rules, "glossary": d.glossary,
             "inferred": ({"first": d.inferred["first"], "last": d.inferred["last"]} if d.inferred else None)}
            for d in documents
        ],
    }
