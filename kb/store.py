"""The SQLite rule database: schema, atomic document imports and lookups.

One row per document (a source file), per rule, per example, per glossary entry,
per citation. Documents are replaced whole inside one transaction, so a failed
import leaves the database as it was, and readers in WAL mode never see half a
document. The schema is described in docs/schema.md.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections import namedtuple
from datetime import datetime, timezone
from pathlib import Path
from collections.abc import Iterable

from kb.numbers import RuleNumber, RuleRange

TYPE_CHECKING = False  # typing itself is not imported: `mtgkb show` starts here on every call
if TYPE_CHECKING:
    import sqlite_utils

    from importers.records import Document

SCHEMA_VERSION = 1
_DIGIT = re.compile(r"\d")


# What an import did to one document; status is "added", "replaced" or "unchanged".
StoreResult = namedtuple("StoreResult", "name status document_id rules examples glossary references")


def connect(path: str | Path, *, readonly: bool = False) -> sqlite3.Connection:
    """Open (and for writers create) the database with foreign keys and WAL.

    Only a new database needs sqlite-utils (to create the schema): lookups start fast.
    """
    path = Path(path)
    if readonly:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(path), check_same_thread=False, timeout=30)
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA foreign_keys=ON")
    if not readonly and not conn.execute("select 1 from sqlite_master where name = 'documents'").fetchone():
        ensure_schema(database(conn))
    return conn


def database(conn: sqlite3.Connection) -> "sqlite_utils.Database":
    import sqlite_utils

    return sqlite_utils.Database(conn)


def ensure_schema(db: "sqlite_utils.Database") -> None:
    if "documents" in db.table_names():
        return
    with db.conn:
        db["documents"].create(
            {
                "id": int, "name": str, "lang": str, "edition": str, "edition_evidence": str,
                "format": str, "title": str, "source": str, "sha256": str, "size": int,
                "imported_at": str, "rules": int, "examples": int, "glossary": int,
                "references": int, "meta": str,
            },
            pk="id", not_null={"name", "lang", "format", "sha256"},
        )
        db["documents"].create_index(["name"], unique=True)
        db["documents"].create_index(["lang", "edition"])
        db["rules"].create(
            {
                "id": int, "document_id": int, "seq": int, "number": str, "sort_key": str,
                "kind": str, "parent": str, "title": str, "text": str, "line": int,
            },
            pk="id", foreign_keys=[("document_id", "documents", "id")],
            not_null={"document_id", "seq", "number", "sort_key", "kind"},
        )
        db["rules"].create_index(["document_id", "number"])
        db["rules"].create_index(["document_id", "sort_key"])
        db["rules"].create_index(["number"])
        db["examples"].create(
            {"id": int, "rule_id": int, "document_id": int, "position": int, "text": str},
            pk="id", foreign_keys=[("rule_id", "rules", "id"), ("document_id", "documents", "id")],
        )
        db["examples"].create_index(["rule_id"])
        db["examples"].create_index(["document_id"])
        db["glossary"].create(
            {
                "id": int, "document_id": int, "seq": int, "term": str, "english": str,
                "reading": str, "text": str, "line": int,
            },
            pk="id", foreign_keys=[("document_id", "documents", "id")],
        )
        db["glossary"].create_index(["document_id"])
        db["glossary"].create_index(["term"])
        db["refs"].create(
            {
                "id": int, "document_id": int, "rule_id": int, "glossary_id": int, "raw": str,
                "target": str, "target_start": str, "target_end": str, "target_kind": str,
                "start_key": str, "end_key": str,
                "title": str, "resolved": int, "title_matches": int,
            },
            pk="id",
            foreign_keys=[
                ("document_id", "documents", "id"), ("rule_id", "rules", "id"),
                ("glossary_id", "glossary", "id"),
            ],
        )
        db["refs"].create_index(["document_id", "start_key"])
        db["refs"].create_index(["rule_id"])
        db["refs"].create_index(["glossary_id"])
        db["commentary"].create(
            {"id": int, "document_id": int, "heading": str, "text": str, "line": int, "rule": str},
            pk="id", foreign_keys=[("document_id", "documents", "id")],
        )
        db["commentary"].create_index(["document_id"])
        db["terms"].create(
            {"id": int, "document_id": int, "lang": str, "term": str, "english": str, "line": int},
            pk="id", foreign_keys=[("document_id", "documents", "id")],
        )
        db["terms"].create_index(["document_id"])
        db["terms"].create_index(["english"])
        db["meta"].create({"key": str, "value": str}, pk="key")
        db["meta"].insert({"key": "schema_version", "value": str(SCHEMA_VERSION)})


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
    return cursor.lastrowid


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
    refs = _references(doc, doc_id, numbers, first_id, first_glossary)
    conn.executemany(
        "insert into refs (document_id, rule_id, glossary_id, raw, target, target_start, target_end, "
        "target_kind, start_key, end_key, title, resolved, title_matches) "
        "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        refs,
    )
    return len(doc.rules), len(examples), len(doc.glossary), len(refs)


def _next_id(conn: sqlite3.Connection, table: str) -> int:
    return (conn.execute(f"select coalesce(max(id), 0) + 1 from {table}").fetchone()[0])


def normalise_title(title: str | None) -> str:
    """Titles compare without case, quotes and closing punctuation ('"Planeswalk."')."""
    if not title:
        return ""
    return " ".join(title.casefold().strip(" .,:;!?\"'“”„«»「」『』〔〕").split())


def _references(
    doc: "Document", doc_id: int, numbers: list[RuleNumber], first_rule_id: int, first_glossary_id: int
) -> list[tuple]:
    """Every citation in rule texts, examples and glossary definitions, resolved in the document."""
    from kb.citations import find_citations

    titles: dict[RuleNumber, str | None] = {}
    for rule, number in zip(doc.rules, numbers):
        titles.setdefault(number, rule.title)
    present = set(numbers)
    rows: list[tuple] = []
    sources: list[tuple[int | None, int | None, str]] = []
    for seq, rule in enumerate(doc.rules):
        sources.append((first_rule_id + seq, None, rule.text))
        for example in rule.examples:
            sources.append((first_rule_id + seq, None, example))
    for seq, entry in enumerate(doc.glossary):
        sources.append((None, first_glossary_id + seq, entry.text))
    for rule_id, glossary_id, text in sources:
        if not text or not _DIGIT.search(text):
            continue
        for citation in find_citations(text, doc.lang, mode="rules"):
            for target, title in zip(citation.targets, _titles(citation)):
                rows.append(_reference_row(doc_id, rule_id, glossary_id, citation, target, title, present, titles))
    return rows


def _titles(citation) -> list[str | None]:
    """The quoted title of each target; a list cites several numbers with one title each."""
    per_target = getattr(citation, "titles", None)
    if per_target:
        return list(per_target)
    if len(citation.targets) == 1:
        return [citation.title]
    return [None] * len(citation.targets)


def _reference_row(doc_id, rule_id, glossary_id, citation, target, title, present, titles) -> tuple:
    if isinstance(target, RuleRange):
        start, end = target.start, target.end
        resolved = start in present and end in present
    else:
        start = end = target
        resolved = target in present
    title_matches = None
    if title and resolved:
        title_matches = int(normalise_title(title) == normalise_title(titles.get(start)))
    return (
        doc_id, rule_id, glossary_id, citation.raw, str(target), str(start), str(end), start.kind,
        start.sort_text, end.sort_text, title, int(resolved), title_matches,
    )


def rows(conn: sqlite3.Connection, sql: str, params: Iterable[object] = ()) -> list[dict]:
    cursor = conn.execute(sql, list(params))
    columns = [c[0] for c in cursor.description]
    return [dict(zip(columns, row)) for row in cursor.fetchall()]
