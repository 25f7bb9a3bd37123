"""Writing documents into the store: one atomic transaction per document.

One row per document (a source file), per rule, per example, per glossary entry,
per citation. Documents are replaced whole inside one transaction, so a failed
import leaves the database as it was, and readers in WAL mode never see half a
document. The schema is described in docs/schema.md.
"""

from __future__ import annotations

import json
import sqlite3
from collections import namedtuple
from datetime import datetime, timezone

from importers.references import find_references
from kb.core.numbers import RuleNumber

TYPE_CHECKING = False  # typing itself is not imported: `mtgkb show` starts here on every call
if TYPE_CHECKING:

    from importers.records import Document



# What an import did to one document; status is "added", "replaced" or "unchanged".
StoreResult = namedtuple("StoreResult", "name status document_id rules examples glossary references")


def digest(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def document_sha(conn: sqlite3.Connection, name: str) -> str | None:
    row = conn.execute("select sha256 from documents where name = ?", [name]).fetchone()
    return row[0] if row else None


def store_document(
    conn: sqlite3.Connection, doc: "Document", *, name: str, source: str, data: bytes
) -> StoreResult:
    """Write one parsed document atomically, replacing an earlier import of the same name.

    The same bytes again change nothing; changed bytes replace the document whole.
    """
    sha = digest(data)
    existing = conn.execute("select id, sha256 from documents where name = ?", [name]).fetchone()
    if existing and existing[1] == sha:
        row = conn.execute(
            'select rules, examples, glossary, "references" from documents where id = ?', [existing[0]]
        ).fetchone()
        return StoreResult(name, "unchanged", existing[0], *row)
    with conn:  # one transaction: all of the document or nothing
        if existing:
            _delete_document(conn, existing[0])
        doc_id = _insert_document(conn, doc, name=name, source=source, sha=sha, size=len(data))
        counts = _insert_contents(conn, doc_id, doc)
        conn.execute(
            'update documents set rules = ?, examples = ?, glossary = ?, "references" = ? where id = ?',
            [*counts, doc_id],
        )
    return StoreResult(name, "replaced" if existing else "added", doc_id, *counts)


def _delete_document(conn: sqlite3.Connection, doc_id: int) -> None:
    for table in ("refs", "examples", "commentary", "terms", "glossary", "rules"):
        conn.execute(f"delete from {table} where document_id = ?", [doc_id])
    conn.execute("delete from documents where id = ?", [doc_id])


def delete_document(conn: sqlite3.Connection, name: str) -> bool:
    row = conn.execute("select id from documents where name = ?", [name]).fetchone()
    if not row:
        return False
    with conn:
        _delete_document(conn, row[0])
    return True


def _insert_document(conn: sqlite3.Connection, doc: "Document", *, name: str, source: str, sha: str, size: int) -> int:
    cursor = conn.execute(
        "insert into documents (name, lang, edition, edition_evidence, format, title, source, sha256, "
        "size, imported_at, meta) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            name, doc.lang, doc.edition, doc.edition_evidence, doc.format, doc.title, source, sha, size,
            datetime.now(timezone.utc).isoformat(timespec="seconds"),
            json.dumps(doc.meta, ensure_ascii=False) if doc.meta else None,
        ],
    )
    return int(cursor.lastrowid or 0)


def _insert_contents(conn: sqlite3.Connection, doc_id: int, doc: "Document") -> tuple[int, int, int, int]:
    first_id = _next_id(conn, "rules")
    numbers = [RuleNumber.parse(rule.number) for rule in doc.rules]
    conn.executemany(
        "insert into rules (id, document_id, seq, number, sort_key, kind, parent, title, text, line) "
        "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (first_id + seq, doc_id, seq, str(number), number.sort_text, number.kind,
             str(number.parent) if number.parent else None, rule.title, rule.text, rule.line)
            for seq, (rule, number) in enumerate(zip(doc.rules, numbers))
        ],
    )
    examples = [
        (first_id + seq, doc_id, position, text)
        for seq, rule in enumerate(doc.rules)
        for position, text in enumerate(rule.examples, 1)
    ]
    conn.executemany("insert into examples (rule_id, document_id, position, text) values (?, ?, ?, ?)", examples)
    first_glossary = _next_id(conn, "glossary")
    conn.executemany(
        "insert into glossary (id, document_id, seq, term, english, reading, text, line) values (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (first_glossary + seq, doc_id, seq, g.term, g.english, g.reading, g.text, g.line)
            for seq, g in enumerate(doc.glossary)
        ],
    )
    conn.executemany(
        "insert into commentary (document_id, heading, text, line, rule) values (?, ?, ?, ?, ?)",
        [(doc_id, c.heading, c.text, c.line, c.rule) for c in doc.commentary],
    )
    conn.executemany(
        "insert into terms (document_id, lang, term, english, line) values (?, ?, ?, ?, ?)",
        [(doc_id, t.lang or doc.lang, t.term, t.english, t.line) for t in doc.terms],
    )
    refs = [(doc_id, None if r.rule_seq is None else first_id + r.rule_seq,
             None if r.glossary_seq is None else first_glossary + r.glossary_seq, *r.row)
            for r in (doc.references if doc.references is not None else find_references(doc, numbers))]
    conn.executemany(
        "insert into refs (document_id, rule_id, glossary_id, raw, target, target_start, target_end, "
        "target_kind, start_key, end_key, title, resolved, title_matches) "
        "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        refs,
    )
    return len(doc.rules), len(examples), len(doc.glossary), len(refs)


def _next_id(conn: sqlite3.Connection, table: str) -> int:
    return (conn.execute(f"select coalesce(max(id), 0) + 1 from {table}").fetchone()[0])
