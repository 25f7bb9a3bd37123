"""Facade results as the JSON the MCP tools answer with, each stamped with its document and edition.

The rule shape is the HTTP API's (Academy Ruins' ruleNumber, ruleText, examples,
navigation; Yawgatog's anchor) plus what an agent needs to cite it: the resource URI
and a ready citation such as "CR 702.26b (2026-08-07)". Nothing here touches the SDK.

An agent's context is small, so answers are sized for it: a rule's other versions come as
runs of editions (as `mtgkb show` prints "Also in"; a rule of 1999 has a hundred versions
and a handful of runs), a trace as the editions where something changed, and every list
as one page (``offset``, ``limit``) that says how many there are and where the next page
starts.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from kb.core.labels import UNCHANGED
from kb.core.model import MAIN_SOURCES, version_runs
from kb.mcp.uri import rule_uri

# Default page sizes (a tool's `limit` argument overrides them).
SUBRULES_PAGE = 20
RULES_PAGE = 50
CITATIONS_PAGE = 50
CHANGES_PAGE = 100
ENTRIES_PAGE = 20
DOCUMENTS_PAGE = 50


def citation_stamp(number: str, lang: str, edition: str | None, document: str) -> str:
    """How to cite a rule with its edition: "CR 702.26b (2026-08-07)", "CR 702.26b (2026-01-16, ja)"."""
    where = edition or f"{document}, undated"
    return f"CR {number} ({where})" if lang == "en" else f"CR {number} ({where}, {lang})"


def paged(items: list, offset: int, limit: int) -> tuple[list, dict[str, Any]]:
    """One page of ``items`` and what an agent needs to ask for the next: the total and ``nextOffset``
    (None on the last page)."""
    end = offset + limit
    return items[offset:end], {
        "total": len(items),
        "offset": offset,
        "limit": limit,
        "nextOffset": end if end < len(items) else None,
    }


def version_summary(versions: list[dict]) -> list[dict[str, Any]]:
    """A rule's other versions as runs, language by language: the official texts and translations as
    runs of editions sharing a number (newest first), then each variant or excerpt on its own."""
    by_lang: dict[str, list[dict]] = {}
    for version in versions:
        by_lang.setdefault(version["lang"], []).append(version)
    summary = []
    for found in by_lang.values():
        runs = version_runs([v for v in found if v["source"] in MAIN_SOURCES])
        runs += [[v] for v in found if v["source"] not in MAIN_SOURCES]
        for run in runs:
            first, last = run[0], run[-1]
            entry = {
                "lang": first["lang"],
                "number": first["number"],
                "title": first.get("title"),
                "source": first["source"],
                "newest": first["edition"],
                "oldest": last["edition"],
                "editions": len(run),
            }
            if len(run) == 1:
                entry["document"] = first["document"]
            summary.append(entry)
    return summary


def rule_payload(
    rule,
    subrules: list | None = None,
    *,
    versions: bool = False,
    scenarios: bool = False,
    offset: int = 0,
    limit: int = SUBRULES_PAGE,
) -> dict[str, Any]:
    """One rule (kb.api.Rule) with its examples, family and citations; its other versions as runs
    (each one with ``versions``); its example games counted (listed with ``scenarios``: a phasing rule
    has dozens); ``subrules`` as compact rules, one page of them."""
    payload: dict[str, Any] = {
        **rule.payload(),
        "uri": rule_uri(rule.lang, rule.edition, rule.document, rule.number),
        "citation": citation_stamp(rule.number, rule.lang, rule.edition, rule.document),
    }
    others = payload.pop("otherVersions")
    payload["otherVersionCount"] = len(others)
    if versions:
        payload["otherVersions"] = others
    else:
        payload["versionRuns"] = version_summary(others)
    games = payload.pop("scenarios")
    payload["scenarioCount"] = {"total": len(games), "passed": sum(1 for g in games if g.get("passed"))}
    if scenarios:
        payload["scenarios"] = games
    if subrules is not None:
        shown, page = paged(subrules, offset, limit)
        payload["subrules"] = [compact_rule(sub) for sub in shown]
        payload["subrulesPage"] = page
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


def rules_payload(reference: str, rules: list, offset: int = 0, limit: int = RULES_PAGE) -> dict[str, Any]:
    """A range or subtree (kb.api.KnowledgeBase.rules): one document, one page of its rules in order."""
    first = rules[0]
    shown, page = paged(rules, offset, limit)
    return {
        "reference": reference,
        "lang": first.lang,
        "edition": first.edition,
        "document": first.document,
        "rules": [compact_rule(rule) for rule in shown],
        "page": page,
    }


def search_payload(results, offset: int = 0) -> dict[str, Any]:
    """Search results (kb.search.SearchResults) from ``offset`` on; every version of a rule with its
    URI and citation."""
    payload = results.to_dict()
    payload["results"] = payload["results"][offset:]
    payload["offset"] = offset
    for result in payload["results"]:
        for version in result["versions"]:
            version["uri"] = rule_uri(version["lang"], version["edition"], version["document"], version["number"])
            version["citation"] = citation_stamp(
                version["number"], version["lang"], version["edition"], version["document"]
            )
    return payload


def cite_payload(citations: list, offset: int = 0, limit: int = CITATIONS_PAGE) -> dict[str, Any]:
    """The citations of a text (kb.cite.ResolvedCitation), counted, and one page of them with their
    spans, rules and edition."""
    shown, page = paged(citations, offset, limit)
    found = []
    for citation in shown:
        entry = citation.to_dict()
        for rule in entry["rules"]:
            rule["uri"] = rule_uri(rule["lang"], rule["edition"], rule["document"], rule["number"])
            rule["citation"] = citation_stamp(rule["number"], rule["lang"], rule["edition"], rule["document"])
        found.append(entry)
    counts = {status: sum(1 for c in citations if c.status == status) for status in ("resolved", "ambiguous")}
    return {"citations": found, "page": page, **counts, "unresolved": len(citations) - sum(counts.values())}


def with_cards(payload: dict[str, Any], named) -> dict[str, Any]:
    """A cite payload with the cards the text names (kb.citing.cards.CardsNamed): each with its
    rules terms and, per term, the rule that defines it, and what its text says; and how the named
    cards' effects interact (cardsTogether)."""
    payload["cards"] = [card.to_dict() for card in named.cards]
    payload["cardsTruncated"] = named.truncated
    payload["cardsTogether"] = [item.to_dict() for item in named.together]
    return payload


def check_payload(
    checked: list, fixed_text: str | None, changes: list[dict], offset: int = 0, limit: int = CITATIONS_PAGE
) -> dict[str, Any]:
    """Re-validated citations (kb.check.CheckedCitation) counted by status, one page of them with the
    edits that fix them; the whole fixed text only when it was asked for (``fixed_text``)."""
    first = checked[0] if checked else None
    shown, page = paged(checked, offset, limit)
    spans = {(c.start, c.end) for c in shown}
    payload = {
        "since": first.since if first else None,
        "until": first.until if first else None,
        "counts": dict(Counter(c.status for c in checked)),
        "citations": [c.to_dict() for c in shown],
        "page": page,
        "changes": [change for change in changes if (change["start"], change["end"]) in spans],
    }
    if fixed_text is not None:
        payload["fixedText"] = fixed_text
    return payload


def trace_payload(trace, *, every_edition: bool = False, offset: int = 0, limit: int = SUBRULES_PAGE) -> dict[str, Any]:
    """A trace (kb.history.Trace): the editions where the rule changed (with the first and the last),
    or every edition; its subrules' traces one page at a time."""
    payload = _trail(trace, every_edition)
    shown, page = paged(trace.subrules, offset, limit)
    payload["subrules"] = [_trail(sub, every_edition) for sub in shown]
    payload["subrulesPage"] = page
    return payload


def _trail(trace, every_edition: bool) -> dict[str, Any]:
    steps = trace.steps
    if not every_edition:
        last = len(steps) - 1
        steps = [s for i, s in enumerate(steps) if i in (0, last) or s.change not in (None, UNCHANGED)]
    return {
        "number": trace.number,
        "edition": trace.edition,
        "document": trace.document,
        "direction": trace.direction,
        "end": trace.end,
        "editions": len(trace.steps),
        "steps": [
            {
                "edition": s.edition,
                "document": s.document,
                "number": s.number,
                "title": s.title,
                "change": s.change,
                "note": s.note,
            }
            for s in steps
        ],
    }


def crosscheck_payload(report, offset: int = 0, limit: int = RULES_PAGE) -> dict[str, Any]:
    """A cross-check (kb.crosscheck report): both sides, findings counted, one page of its rows."""
    payload = report.to_dict()
    payload["rows"], payload["page"] = paged(payload["rows"], offset, limit)
    return payload


def diff_payload(diff, offset: int = 0, limit: int = CHANGES_PAGE, texts: bool = False) -> dict[str, Any]:
    """A summary of two editions (kb.history.Diff): counts by change and one page of the changed rules."""
    shown, page = paged(diff.changed(), offset, limit)
    rows = []
    for entry in shown:
        row: dict[str, Any] = {
            "change": entry.change,
            "oldNumber": entry.old_number,
            "newNumber": entry.new_number,
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
        "page": page,
    }


def glossary_payload(
    term: str, entries: list, offset: int = 0, limit: int = ENTRIES_PAGE, ability_word: Any = None
) -> dict[str, Any]:
    """Glossary entries (kb.core.results.GlossaryEntry), each with its language and edition, one page; and
    ``abilityWord``, the ability word of 207.2c the term names (then no entries), else null."""
    shown, page = paged(entries, offset, limit)
    listed = ability_word.to_dict() if ability_word is not None else None
    return {"term": term, "entries": [entry.to_dict() for entry in shown], "page": page, "abilityWord": listed}


def term_payload(query: str, entries: list, offset: int = 0, limit: int = ENTRIES_PAGE) -> dict[str, Any]:
    """A game term in every language (kb.terms.TermEntry), with the source of each name, one page."""
    shown, page = paged(entries, offset, limit)
    return {"query": query, "entries": [entry.to_dict() for entry in shown], "page": page}


def editions_payload(documents: list, offset: int = 0, limit: int = DOCUMENTS_PAGE) -> dict[str, Any]:
    """The newest edition of each language and one page of the imported documents (kb.core.results.DocumentInfo)."""
    newest: dict[str, str] = {}
    for doc in documents:
        if doc.edition and doc.edition > newest.get(doc.lang, ""):
            newest[doc.lang] = doc.edition
    shown, page = paged(documents, offset, limit)
    return {
        "newest": newest,
        "documents": [
            {
                "document": d.name,
                "lang": d.lang,
                "edition": d.edition,
                "title": d.title,
                "format": d.format,
                "rules": d.rules,
                "glossary": d.glossary,
                "inferred": ({"first": d.inferred["first"], "last": d.inferred["last"]} if d.inferred else None),
            }
            for d in shown
        ],
        "page": page,
    }


CARD_NAMES = 12  # names in other languages an answer carries
CARD_TERMS = 40
CARD_SAYS = 20  # wordings of what a card's text says (the wordiest real cards have about 8)


def card_payload(card) -> dict[str, Any]:
    """An imported card (kb.cards.lookup.CardView): its text, linked terms and what its text says, bounded."""
    return {
        "name": card.name,
        "manaCost": card.mana_cost,
        "typeLine": card.type_line,
        "oracleText": card.oracle_text,
        "keywords": card.keywords,
        "layout": card.layout,
        "faces": [
            {"name": f.name, "manaCost": f.mana_cost, "typeLine": f.type_line, "oracleText": f.oracle_text}
            | ({"defense": f.defense} if f.defense else {})
            for f in card.faces
        ],
        "terms": [
            {"term": t.term, "title": t.title, "kind": t.kind, "rule": t.rule, "rules": t.rules}
            for t in card.terms[:CARD_TERMS]
        ],
        "names": [n for n in card.names if n["lang"] != "en"][:CARD_NAMES],
        "matched": card.matched,
        "exact": card.exact,
        "warnings": card.warnings,
        "poolText": card.pool_text,
        "says": [item.to_dict() for item in card.says[:CARD_SAYS]],
    }
