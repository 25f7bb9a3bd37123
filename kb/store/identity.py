"""Reading a rule's identity: where else it is ("also in") and what a missing number is elsewhere.

Both read the ``counterparts`` table (kb.store.counterparts): one indexed query for a rule's
lineage, memoised per rule while the database is unchanged, so bots doing thousands of lookups
pay for it once per rule. A database whose table is missing or older than its rules falls back
to documents holding the same number, which is right within one numbering only.
"""

from __future__ import annotations

import json
import sqlite3

from kb.store.documents import is_variant, rank_key

# What a document is to its readers: the official English file (an edition of the chain), the
# main translation of its language and date, another full text of that date (a reformatted or
# cleaned variant) or a partial text (a wiki article, a page, a glossary list).
OFFICIAL, TRANSLATION, VARIANT, EXCERPT = "official", "translation", "variant", "excerpt"


def document_roles(docs: list[dict]) -> dict[int, str]:
    """Each document's role (OFFICIAL, TRANSLATION, VARIANT or EXCERPT) among the stored ones.

    By what a document holds (kb.store.documents.mark_provenance), not by its name: an English
    whole text of a date that is no copy is an edition of the chain (two files of one date can
    both be); a text holding a fraction of its edition is an excerpt, whatever it is called."""
    best: dict[tuple, dict] = {}
    for doc in docs:
        if doc.get("format", "cr-text") == "cr-text" and doc.get("whole", True):
            group = (doc["lang"], doc["edition"])
            if group not in best or rank_key(doc) > rank_key(best[group]):
                best[group] = doc
    roles = {}
    for doc in docs:
        if is_official(doc):
            roles[doc["id"]] = OFFICIAL  # an edition of the chain, even beside another file of its date
        elif doc.get("format", "cr-text") != "cr-text" or not doc.get("whole", True):
            roles[doc["id"]] = EXCERPT
        elif best[(doc["lang"], doc["edition"])] is not doc:
            roles[doc["id"]] = VARIANT
        else:
            roles[doc["id"]] = TRANSLATION if doc["lang"] != "en" else VARIANT
    return roles


def is_official(doc: dict) -> bool:
    """An edition of the chain: a dated whole English CR text that is no copy of another."""
    return (
        doc["lang"] == "en"
        and bool(doc["edition"])
        and doc.get("format") == "cr-text"
        and doc.get("whole", True)
        and not is_variant(doc)
    )


_ROLE_ORDER = {OFFICIAL: 0, TRANSLATION: 0, VARIANT: 1, EXCERPT: 2}


def version_order(version: dict) -> tuple:
    """English first, then by language; newest first (undated last); main text, variant, excerpt."""
    return (
        version["lang"] != "en",
        version["lang"],
        -_edition_value(version["edition"]),
        _ROLE_ORDER[version["source"]],
        version["document"],
    )


def _edition_value(edition: str | None) -> int:
    return int(edition.replace("-", "")) if edition else 0


def has_counterparts(conn: sqlite3.Connection) -> bool:
    """Whether the table exists and holds rows (an import without the history step leaves it stale)."""
    try:
        return conn.execute("select 1 from counterparts limit 1").fetchone() is not None
    except sqlite3.OperationalError:
        return False


def lineage_rows(conn: sqlite3.Connection, rule_id: int) -> list[tuple[int, str, str | None]] | None:
    """(document id, number, topic) of every rule of ``rule_id``'s lineage; None if the rule has no row.

    Read as one JSON row: sqlite3 lets the GIL go at every row it steps to, and in a server each of a
    hundred rows then waits to take it back from the threads answering other requests."""
    found = conn.execute(
        "select json_group_array(json_array(c.document_id, c.number, c.topic)) from (select document_id, number, "
        "topic from counterparts where lineage = (select lineage from counterparts where rule_id = ?) "
        "order by document_id) c",
        [rule_id],
    ).fetchone()[0]
    return [tuple(row) for row in json.loads(found)] or None


def document_order(docs_by_id: dict[int, dict], roles: dict[int, str]) -> dict[int, tuple]:
    """Each document's place in an "also in" list (version_order), computed once per database state:
    a lookup then sorts its lineage by a dictionary read per row."""
    return {
        doc_id: version_order(
            {
                "lang": doc["lang"],
                "edition": doc["edition"],
                "document": doc["name"],
                "source": roles.get(doc_id, OFFICIAL),
            }
        )
        for doc_id, doc in docs_by_id.items()
    }


def versions(
    rows: list[tuple[int, str, str | None]],
    own_doc: int,
    docs_by_id: dict[int, dict],
    roles: dict[int, str],
    order: dict[int, tuple],
) -> list[dict]:
    """The other documents of a lineage as "also in" lists them, in ``order`` (document_order)."""
    chosen: dict[int, tuple[str, str | None]] = {}
    for doc_id, number, topic in rows:
        if doc_id != own_doc and doc_id in order and doc_id not in chosen:
            chosen[doc_id] = (number, topic)
    found = []
    for doc_id in sorted(chosen, key=order.__getitem__):
        doc, (number, topic) = docs_by_id[doc_id], chosen[doc_id]
        found.append(
            {
                "document": doc["name"],
                "lang": doc["lang"],
                "edition": doc["edition"],
                "number": number,
                "title": topic,
                "source": roles.get(doc_id, OFFICIAL),
            }
        )
    return found


def counterparts_of(
    conn: sqlite3.Connection, number: str, targets: list[dict], docs_by_id: dict[int, dict]
) -> list[dict]:
    """Where a number missing from ``targets`` (documents, best first) names a rule elsewhere, that
    rule's number in the first target holding it: the lineage of the newest holder first."""
    if not targets or not has_counterparts(conn):
        return []
    wanted = {doc["id"]: position for position, doc in enumerate(targets)}
    rows = conn.execute(
        f"select c2.document_id, c2.number, c1.document_id from counterparts c1 join counterparts c2 "
        f"on c2.lineage = c1.lineage where c1.number = ? and c2.document_id in ({','.join('?' * len(wanted))})",
        [number, *wanted],
    ).fetchall()
    if not rows:
        return []
    best = min(wanted[target] for target, _, _ in rows)
    target = targets[best]
    chosen: dict[str, dict] = {}
    for target_id, found, source_id in rows:
        source = docs_by_id.get(source_id)
        if target_id != target["id"] or source is None:
            continue
        key = (source["edition"] or "", rank_key(source))
        if found not in chosen or key > chosen[found]["_key"]:
            chosen[found] = {
                "number": found,
                "document": target["name"],
                "lang": target["lang"],
                "edition": target["edition"],
                "_key": key,
                "of": {
                    "number": number,
                    "document": source["name"],
                    "lang": source["lang"],
                    "edition": source["edition"],
                },
            }
    ordered = sorted(chosen.values(), key=lambda c: c["_key"], reverse=True)
    for counterpart in ordered:
        del counterpart["_key"]
    return ordered
