"""The term dictionary in the database: one table, rebuilt when the documents change.

``rebuild_terms`` is called after imports; readers call ``dictionary``, which also
rebuilds (or, read-only, computes in memory) when the stored dictionary is older than
the documents or the curated file, so a lookup never sees stale pairs.
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from kb.store import Store
from kb.terms.model import TermName
from kb.terms.names import fold
from kb.terms.sources import CURATED, mine

TABLE = "term_names"
_VERSION = "terms-5"  # bump when mining changes, so stored dictionaries are rebuilt
_COLUMNS = ("lang", "name", "english", "key", "source", "origin", "detail", "sense")


def connection(source) -> sqlite3.Connection:
    """The sqlite3 connection of a KnowledgeBase, a sqlite-utils Database or a connection."""
    if isinstance(source, sqlite3.Connection):
        return source
    return source.conn


def ensure_terms_schema(db) -> None:
    """Create the term table and its indexes when missing (idempotent)."""
    conn = connection(db)
    with conn:
        conn.execute(
            f"create table if not exists {TABLE} (id integer primary key, lang text not null, name text not null, "
            "folded text, english text not null, key text not null, source text not null, origin text, "
            "detail text, sense text)"
        )
        for columns in (("key",), ("folded",), ("lang", "key")):
            conn.execute(
                f"create index if not exists idx_{TABLE}_{'_'.join(columns)} on {TABLE} ({', '.join(columns)})"
            )
        conn.execute("create table if not exists meta (key text primary key, value text)")


def fingerprint(conn, curated_path: Path = CURATED) -> str:
    """What the dictionary is mined from: every document's hash and the curated file."""
    digest = hashlib.sha256(_VERSION.encode())
    for name, sha in conn.execute("select name, sha256 from documents order by name"):
        digest.update(f"{name}\0{sha}\n".encode())
    digest.update(curated_path.read_bytes())
    return digest.hexdigest()


def rebuild_terms(store: Store | sqlite3.Connection, curated_path: Path = CURATED) -> int:
    """Mine every pairing again and replace the table in one transaction; returns the row count.

    ``store`` is a Store or its sqlite3 connection.
    """
    conn = connection(store)
    ensure_terms_schema(conn)
    names = mine(conn, curated_path)
    stamp = fingerprint(conn, curated_path)
    with conn:
        conn.execute(f"delete from {TABLE}")
        conn.executemany(
            f"insert into {TABLE} (lang, name, folded, english, key, source, origin, detail, sense) "
            "values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(n.lang, n.name, fold(n.name), n.english, n.key, n.source, n.origin, n.detail, n.sense) for n in names],
        )
        conn.execute("insert or replace into meta (key, value) values ('terms_fingerprint', ?)", [stamp])
    return len(names)


def stored_fingerprint(conn) -> str | None:
    try:
        row = conn.execute("select value from meta where key = 'terms_fingerprint'").fetchone()
    except sqlite3.OperationalError:  # no meta table yet: nothing built
        return None
    return row[0] if row else None


def load_names(db, curated_path: Path = CURATED) -> tuple[str, list[TermName]]:
    """The current pairings and their fingerprint, rebuilding a stale table first.

    Raises sqlite3.OperationalError on a read-only database whose table is stale.
    """
    conn = connection(db)
    stamp = fingerprint(conn, curated_path)
    if stored_fingerprint(conn) != stamp:
        rebuild_terms(conn, curated_path)
    rows = conn.execute(f"select {', '.join(_COLUMNS)} from {TABLE} order by id").fetchall()
    return stamp, [TermName(*row) for row in rows]
