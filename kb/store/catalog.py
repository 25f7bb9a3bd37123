"""What the documents table says about each stored document, read by the facade (kb.api).

The queries the read facade once wrote itself: the document list with its counts, one document's rules as
a table, the imported file's source and digest, and what a PO translation leaves untranslated. Each takes
the connection and returns rows or plain values; the facade turns them into results.
"""

from __future__ import annotations

import json
import sqlite3

from kb.core.model import Reference
from kb.core.paths import shown_source
from kb.core.results import DocumentInfo
from kb.store.reader import Store, rows


def document_list(conn: sqlite3.Connection, lang: str | None = None) -> list[dict]:
    """Every document row (of one language), by language, then dated editions in order, then name."""
    sql = "select * from documents"
    params: list = []
    if lang:
        sql += " where lang = ?"
        params.append(lang)
    sql += " order by lang, edition is null, edition, name"
    return rows(conn, sql, params)


def document_by_name(conn: sqlite3.Connection, name: str) -> dict | None:
    """The row of the document ``name``, or None."""
    found = rows(conn, "select * from documents where name = ?", [name])
    return found[0] if found else None


def document_table(conn: sqlite3.Connection, name: str) -> list[tuple[str, str, str | None, str, list[str]]]:
    """(number, kind, title, text, examples) of every rule of document ``name`` in document order, from two
    queries (3,300 full rules with citations and neighbours would take a quarter of a second)."""
    examples: dict[int, list[str]] = {}
    for rule_id, text in conn.execute(
        "select e.rule_id, e.text from examples e join documents d on d.id = e.document_id "
        "where d.name = ? order by e.rule_id, e.position",
        [name],
    ):
        examples.setdefault(rule_id, []).append(text)
    return [
        (number, kind, title, text or "", examples.get(rule_id, []))
        for rule_id, number, kind, title, text in conn.execute(
            "select r.id, r.number, r.kind, r.title, r.text from rules r join documents d "
            "on d.id = r.document_id where d.name = ? order by r.seq",
            [name],
        )
    ]


def rule_text(conn: sqlite3.Connection, document: str, number: str) -> str | None:
    """One rule's text in one document (its title where it has none; the first where the number is printed
    twice), None where the document lacks it: one indexed query, for an answer quoting a rule in many
    editions (Academy Ruins' trace), where a full lookup would load what every edition shares."""
    row = conn.execute(
        "select r.text, r.title from rules r join documents d on d.id = r.document_id "
        "where d.name = ? and r.number = ? order by r.seq limit 1",
        [document, number],
    ).fetchone()
    return None if row is None else row[0] or row[1] or ""


def document_source(conn: sqlite3.Connection, name: str) -> tuple[str, str | None]:
    """(the source the document was imported from, the SHA-256 of its bytes then); ("", None) if unknown."""
    row = conn.execute("select source, sha256 from documents where name = ?", [name]).fetchone()
    return (row[0] or "", row[1]) if row else ("", None)


def document_meta(conn: sqlite3.Connection, document_id: int) -> dict:
    """The ``meta`` object of a document (a PO translation's coverage, its untranslated rules, its English)."""
    row = conn.execute("select meta from documents where id = ?", [document_id]).fetchone()
    return json.loads(row[0]) if row and row[0] else {}


def untranslated_numbers(meta: dict) -> set[str]:
    """The rule numbers a PO translation leaves untranslated, from its ``meta``."""
    return set(json.loads(meta.get("untranslated") or "[]"))


def broken_references(
    store: Store, *, document: str | None = None, lang: str | None = None, names: list[str] | None = None
) -> list[Reference]:
    """Citations whose target is not in their document, or whose quoted title differs, in the document
    named ``document``, the documents of ``lang`` and those ``names`` names (each None: any)."""
    where = "1"
    params: list = []
    if document:
        where += " and d.name = ?"
        params.append(document)
    if lang:
        where += " and d.lang = ?"
        params.append(lang)
    if names is not None:
        where += f" and d.name in ({', '.join('?' * len(names))})"
        params += names
    return store.broken_references(where, params)


def document_meta_of(row: dict) -> dict:
    """The ``meta`` object of a document row as read (``document_list``, ``document_by_name``)."""
    return json.loads(row["meta"]) if row["meta"] else {}


def document_info(row: dict) -> DocumentInfo:
    """A document row as the facade answers it (its source shown without the local folders)."""
    return DocumentInfo(
        name=row["name"],
        lang=row["lang"],
        edition=row["edition"],
        edition_evidence=row["edition_evidence"],
        format=row["format"],
        title=row["title"],
        source=shown_source(row["source"]),
        rules=row["rules"] or 0,
        examples=row["examples"] or 0,
        glossary=row["glossary"] or 0,
        references=row["references"] or 0,
        size=row["size"] or 0,
        imported_at=row["imported_at"],
        meta=document_meta_of(row),
    )
