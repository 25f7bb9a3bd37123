"""Writing documents into the store: one atomic transaction per document.

One row per document (a source file), per rule, per example, per glossary entry,
per citation. Documents are replaced whole inside one transaction, so a failed
import leaves the database as it was, and readers in WAL mode never see half a
document. The schema is described in docs/schema.md.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections import namedtuple
from datetime import datetime, timezone
from typing import TYPE_CHECKING

from kb.core.errors import ReplaceRefused
from kb.core.numbers import RuleNumber
from kb.i18n import _
from kb.importers.references import find_references

if TYPE_CHECKING:
    from kb.importers.records import Document


# What an import did to one document; status is "added", "replaced" or "unchanged".
StoreResult = namedtuple("StoreResult", "name status document_id rules examples glossary references")


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def document_sha(conn: sqlite3.Connection, name: str) -> str | None:
    row = conn.execute("select sha256 from documents where name = ?", [name]).fetchone()
    return row[0] if row else None


# An import may lose at most this share of a stored document's rules, examples or glossary entries.
MAX_LOSS = 0.10


def store_document(
    conn: sqlite3.Connection,
    doc: "Document",
    *,
    name: str,
    source: str,
    data: bytes,
    replace_smaller: bool = False,
) -> StoreResult:
    """Write one parsed document atomically, replacing an earlier import of the same name.

    The same content again changes nothing, whatever its bytes (BOM, line endings, UTF-16,
    trailing spaces): the document keeps its id and its rules theirs. Changed content replaces the
    document whole, unless it would lose more than MAX_LOSS of the stored rules, examples or
    glossary entries: that raises ReplaceRefused unless ``replace_smaller``. The same bytes read
    otherwise (a reader that has improved) replace the document with as many rules or more, and are
    refused with fewer.
    """
    sha = digest(data)
    content = content_digest(doc)
    existing = conn.execute("select id, sha256, content_sha from documents where name = ?", [name]).fetchone()
    # What was read decides, not the bytes: the same file read with --lang or --edition, or by a reader
    # that has improved, is another document, and storing it as "unchanged" would report a language or
    # edition the database does not hold.
    if existing and (existing[2] or stored_content_digest(conn, existing[0])) == content:
        row = conn.execute(
            'select rules, examples, glossary, "references" from documents where id = ?', [existing[0]]
        ).fetchone()
        if existing[2] is None:
            with conn:
                conn.execute("update documents set content_sha = ? where id = ?", [content, existing[0]])
        return StoreResult(name, "unchanged", existing[0], *row)
    if existing and not replace_smaller:
        if existing[1] == sha:
            refuse_reread_loss(conn, existing[0], doc, name=name, source=source)
        refuse_loss(conn, existing[0], doc, name=name, source=source)
        if doc.format == "po":
            refuse_dropped(conn, existing[0], doc, name=name, source=source)
    with conn:  # one transaction: all of the document or nothing
        if existing:
            _delete_document(conn, existing[0])
        doc_id = _insert_document(conn, doc, name=name, source=source, sha=sha, size=len(data))
        counts = _insert_contents(conn, doc_id, doc)
        conn.execute(
            'update documents set rules = ?, examples = ?, glossary = ?, "references" = ?, content_sha = ? '
            "where id = ?",
            [*counts, content, doc_id],
        )
    return StoreResult(name, "replaced" if existing else "added", doc_id, *counts)


def check_replace(conn: sqlite3.Connection, doc: "Document", *, name: str, source: str) -> None:
    """ReplaceRefused, before anything is written, when storing ``doc`` as ``name`` would lose much of
    the stored document: a file that stores several documents (a bilingual one) checks them all first."""
    existing = conn.execute("select id from documents where name = ?", [name]).fetchone()
    if existing:
        refuse_loss(conn, existing[0], doc, name=name, source=source)


def refuse_loss(conn: sqlite3.Connection, doc_id: int, doc: "Document", *, name: str, source: str) -> None:
    """ReplaceRefused when ``doc`` holds less than (1 - MAX_LOSS) of the stored rules, examples or glossary."""
    stored = conn.execute("select rules, examples, glossary, source from documents where id = ?", [doc_id]).fetchone()
    new = (len(doc.rules), sum(len(rule.examples) for rule in doc.rules), len(doc.glossary))
    labels = (_("rules"), _("examples"), _("glossary entries"))
    lost = [
        _("{old} {what} would become {new} (-{share:.0%})").format(
            old=old or 0, what=label, new=count, share=1 - count / old
        )
        for old, count, label in zip(stored[:3], new, labels)
        if old and count < old * (1 - MAX_LOSS)
    ]
    if lost:
        raise ReplaceRefused(
            _(
                "{source}: importing it as {name!r} would replace the stored document (from {stored}) and lose much "
                "of it: {lost}; nothing was changed. A cut or damaged file? Pass --replace-smaller to replace it "
                "anyway"
            ).format(source=source, name=name, stored=stored[3], lost="; ".join(lost))
        )


def refuse_reread_loss(conn: sqlite3.Connection, doc_id: int, doc: "Document", *, name: str, source: str) -> None:
    """ReplaceRefused when the very bytes stored are read now as fewer rules: the file has not changed, its
    reader has, and a reader that loses rules it used to read is a fault to report, not a document to store
    (a reader that reads more replaces the document; see store_document)."""
    stored = conn.execute("select rules, source from documents where id = ?", [doc_id]).fetchone()
    if stored[0] and len(doc.rules) < stored[0]:
        raise ReplaceRefused(
            _(
                "{source}: the file is the one stored as {name!r} (from {stored}), but it now reads as {new} rules "
                "where {old} are stored; nothing was changed. Pass --replace-smaller to replace it anyway"
            ).format(source=source, name=name, stored=stored[1], new=len(doc.rules), old=stored[0])
        )


def refuse_dropped(conn: sqlite3.Connection, doc_id: int, doc: "Document", *, name: str, source: str) -> None:
    """ReplaceRefused when a translation would lose a rule it has stored: a message deleted or emptied.

    One rule is enough: a PO file edited by hand (a msgid line deleted, a msgstr emptied) keeps its
    counts within any share, and the rule it drops is a translation someone made.
    """
    new = {str(RuleNumber.parse(rule.number)) for rule in doc.rules}
    lost = [
        number
        for (number,) in conn.execute("select number from rules where document_id = ? order by seq", [doc_id])
        if number not in new
    ]
    if lost:
        shown = ", ".join(lost[:10]) + (" …" if len(lost) > 10 else "")
        raise ReplaceRefused(
            _(
                "{source}: importing it as {name!r} would drop or blank {count} translated rule(s) of the stored "
                "document: {numbers}; nothing was changed. Pass --replace-smaller to replace it anyway"
            ).format(source=source, name=name, count=len(lost), numbers=shown)
        )


def content_digest(doc: "Document") -> str:
    """The digest of what a document says: its records, not the bytes they were read from."""
    return _content_sha(
        (doc.lang, doc.format, doc.edition, doc.title, doc.meta or {}),
        ((str(RuleNumber.parse(r.number)), r.title, r.text, list(r.examples)) for r in doc.rules),
        ((g.term, g.english, g.reading, g.text) for g in doc.glossary),
        ((c.heading, c.text, c.rule) for c in doc.commentary),
        ((t.lang or doc.lang, t.term, t.english) for t in doc.terms),
    )


def stored_content_digest(conn: sqlite3.Connection, doc_id: int) -> str:
    """content_digest of a stored document, from its rows (for documents imported before the digest was kept)."""
    head = conn.execute("select lang, format, edition, title, meta from documents where id = ?", [doc_id]).fetchone()
    examples: dict[int, list[str]] = {}
    for rule_id, text in conn.execute(
        "select rule_id, text from examples where document_id = ? order by rule_id, position", [doc_id]
    ):
        examples.setdefault(rule_id, []).append(text)
    return _content_sha(
        (*head[:4], json.loads(head[4]) if head[4] else {}),
        (
            (number, title, text, examples.get(rule_id, []))
            for rule_id, number, title, text in conn.execute(
                "select id, number, title, text from rules where document_id = ? order by seq", [doc_id]
            )
        ),
        conn.execute("select term, english, reading, text from glossary where document_id = ? order by seq", [doc_id]),
        conn.execute("select heading, text, rule from commentary where document_id = ? order by id", [doc_id]),
        conn.execute("select lang, term, english from terms where document_id = ? order by id", [doc_id]),
    )


def _content_sha(head, *parts) -> str:
    hashed = hashlib.sha256(json.dumps(head, ensure_ascii=False, sort_keys=True).encode())
    for part in parts:
        hashed.update(b"\x1e")
        for record in part:
            hashed.update(json.dumps(list(record), ensure_ascii=False).encode())
            hashed.update(b"\n")
    return hashed.hexdigest()


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
            name,
            doc.lang,
            doc.edition,
            doc.edition_evidence,
            doc.format,
            doc.title,
            source,
            sha,
            size,
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
            (
                first_id + seq,
                doc_id,
                seq,
                str(number),
                number.sort_text,
                number.kind,
                str(number.parent) if number.parent else None,
                rule.title,
                rule.text,
                rule.line,
            )
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
    refs = [
        (
            doc_id,
            None if r.rule_seq is None else first_id + r.rule_seq,
            None if r.glossary_seq is None else first_glossary + r.glossary_seq,
            *r.row,
        )
        for r in (doc.references if doc.references is not None else find_references(doc, numbers))
    ]
    conn.executemany(
        "insert into refs (document_id, rule_id, glossary_id, raw, target, target_start, target_end, "
        "target_kind, start_key, end_key, title, resolved, title_matches) "
        "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        refs,
    )
    return len(doc.rules), len(examples), len(doc.glossary), len(refs)


def _next_id(conn: sqlite3.Connection, table: str) -> int:
    return conn.execute(f"select coalesce(max(id), 0) + 1 from {table}").fetchone()[0]
