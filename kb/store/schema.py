"""The database schema as one versioned list of migrations, and opening a database.

Each migration runs once, in order, inside a transaction; ``meta.schema_version`` says
how far a database has come. A database newer than this code is refused rather than
misread. Tables of derived data (the renumbering chain, edition inference) may be
dropped and created again by a migration: the next update computes them anew.
The tables are described in docs/schema.md.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from kb.core.errors import DatabaseError
from kb.i18n import _
from kb.store.counterparts import migrate as migrate_counterparts
from kb.store.faults import BUSY_TIMEOUT, database_fault
from kb.store.lock import writer_lock
from kb.store.state import Connection, cache_for

if TYPE_CHECKING:
    from collections.abc import Callable

    import sqlite_utils


def database(conn: sqlite3.Connection) -> "sqlite_utils.Database":
    """The connection as a sqlite_utils.Database, for callers that want its API."""
    import sqlite_utils  # lazy: sqlite_utils, ~100 modules: only callers of .db need it

    return sqlite_utils.Database(conn)


def _rules_tables(conn: sqlite3.Connection) -> None:
    db = database(conn)
    db.table("documents").create(
        {
            "id": int,
            "name": str,
            "lang": str,
            "edition": str,
            "edition_evidence": str,
            "format": str,
            "title": str,
            "source": str,
            "sha256": str,
            "size": int,
            "imported_at": str,
            "rules": int,
            "examples": int,
            "glossary": int,
            "references": int,
            "meta": str,
        },
        pk="id",
        not_null={"name", "lang", "format", "sha256"},
        if_not_exists=True,
    )
    db.table("documents").create_index(["name"], unique=True, if_not_exists=True)
    db.table("documents").create_index(["lang", "edition"], if_not_exists=True)
    db.table("rules").create(
        {
            "id": int,
            "document_id": int,
            "seq": int,
            "number": str,
            "sort_key": str,
            "kind": str,
            "parent": str,
            "title": str,
            "text": str,
            "line": int,
        },
        pk="id",
        foreign_keys=[("document_id", "documents", "id")],
        not_null={"document_id", "seq", "number", "sort_key", "kind"},
        if_not_exists=True,
    )
    db.table("rules").create_index(["document_id", "number"], if_not_exists=True)
    db.table("rules").create_index(["document_id", "sort_key"], if_not_exists=True)
    db.table("rules").create_index(["number"], if_not_exists=True)
    db.table("examples").create(
        {"id": int, "rule_id": int, "document_id": int, "position": int, "text": str},
        pk="id",
        foreign_keys=[("rule_id", "rules", "id"), ("document_id", "documents", "id")],
        if_not_exists=True,
    )
    db.table("examples").create_index(["rule_id"], if_not_exists=True)
    db.table("examples").create_index(["document_id"], if_not_exists=True)
    db.table("glossary").create(
        {
            "id": int,
            "document_id": int,
            "seq": int,
            "term": str,
            "english": str,
            "reading": str,
            "text": str,
            "line": int,
        },
        pk="id",
        foreign_keys=[("document_id", "documents", "id")],
        if_not_exists=True,
    )
    db.table("glossary").create_index(["document_id"], if_not_exists=True)
    db.table("glossary").create_index(["term"], if_not_exists=True)
    db.table("refs").create(
        {
            "id": int,
            "document_id": int,
            "rule_id": int,
            "glossary_id": int,
            "raw": str,
            "target": str,
            "target_start": str,
            "target_end": str,
            "target_kind": str,
            "start_key": str,
            "end_key": str,
            "title": str,
            "resolved": int,
            "title_matches": int,
        },
        pk="id",
        foreign_keys=[
            ("document_id", "documents", "id"),
            ("rule_id", "rules", "id"),
            ("glossary_id", "glossary", "id"),
        ],
        if_not_exists=True,
    )
    db.table("refs").create_index(["document_id", "start_key"], if_not_exists=True)
    db.table("refs").create_index(["rule_id"], if_not_exists=True)
    db.table("refs").create_index(["glossary_id"], if_not_exists=True)
    db.table("commentary").create(
        {"id": int, "document_id": int, "heading": str, "text": str, "line": int, "rule": str},
        pk="id",
        foreign_keys=[("document_id", "documents", "id")],
        if_not_exists=True,
    )
    db.table("commentary").create_index(["document_id"], if_not_exists=True)
    db.table("terms").create(
        {"id": int, "document_id": int, "lang": str, "term": str, "english": str, "line": int},
        pk="id",
        foreign_keys=[("document_id", "documents", "id")],
        if_not_exists=True,
    )
    db.table("terms").create_index(["document_id"], if_not_exists=True)
    db.table("terms").create_index(["english"], if_not_exists=True)


def _history_tables(conn: sqlite3.Connection) -> None:
    """The renumbering chain and edition inference: derived data, so an older layout is dropped.

    No foreign keys to documents or rules: a document is replaced whole without knowing
    these tables, and the chain update removes what refers to a replaced one.
    """
    for table in ("pairing_runs", "pairings", "edition_inference"):
        conn.execute(f"drop table if exists {table}")
    # One row per pair of consecutive editions, keyed by both hashes, the algorithm version and the pins.
    conn.execute("""create table pairing_runs (
        id integer primary key, old_document integer not null, new_document integer not null,
        old_name text not null, new_name text not null, old_edition text, new_edition text,
        old_sha text not null, new_sha text not null, version integer not null, pins text not null,
        seconds real, created text, summary text, unique (old_document, new_document))""")
    # One row per rule of either edition (see kb.history.chain.chain_rows); "how" says what paired
    # it. The two indexes cover what a trace step reads, so a trace never touches the table.
    conn.execute("""create table pairings (
        run_id integer not null, old_rule integer, new_rule integer, old_number text, new_number text,
        old_title text, new_title text, change text not null, similarity real, how text)""")
    conn.execute("create index pairings_old on pairings (run_id, old_rule, new_rule, new_number, change, new_title)")
    conn.execute("create index pairings_new on pairings (run_id, new_rule, old_rule, old_number, change, old_title)")
    # The inferred edition range of each undated document, with its evidence (JSON lists).
    conn.execute("""create table edition_inference (
        document_id integer primary key, document text not null, first text, last text,
        editions text not null, evidence text not null, sha text not null, version integer not null,
        created text)""")


def _scenario_tables(conn: sqlite3.Connection) -> None:
    conn.execute(
        "create table if not exists scenario_results (id integer primary key, scenario text not null, "
        "file text not null, rule text not null, edition text, passed integer not null, twins integer not null, "
        "failures integer not null, ran_at text not null)"
    )
    conn.execute("create index if not exists idx_scenario_results_rule on scenario_results (rule)")


def _counterparts(conn: sqlite3.Connection) -> None:
    migrate_counterparts(conn)


def _glossary_nocase(conn: sqlite3.Connection) -> None:
    """A glossary lookup by any spelling of a term is an index search, not a scan of every edition's entries."""
    if not _has_table(conn, "glossary"):  # a first-release layout: the table comes with its documents
        return
    conn.execute("create index if not exists glossary_term_nocase on glossary (term collate nocase)")
    conn.execute("create index if not exists glossary_english_nocase on glossary (english collate nocase)")


def _content_digest_column(conn: sqlite3.Connection) -> None:
    """documents.content_sha: the digest of what was read (kb.store.write.content_digest), not of the bytes.

    A re-import of the same content in another encoding, BOM or line ending is then "unchanged".
    Rows imported before it have none; the next import of their name computes it from their rows.
    """
    if "content_sha" not in _columns(conn, "documents"):
        conn.execute("alter table documents add column content_sha text")


def _release_counts_table(conn: sqlite3.Connection) -> None:
    """Per release of the chain, its diff's counts (kb.history.overview): derived data, so dropped and
    created anew; the next chain update fills it."""
    conn.execute("drop table if exists release_counts")
    conn.execute("""create table release_counts (
        old_document integer not null, new_document integer not null, old_name text not null,
        new_name text not null, run_key text not null, summary text not null, sections text not null,
        created text, primary key (old_document, new_document))""")


def _lookup_indexes(conn: sqlite3.Connection) -> None:
    """A one-off lookup (a fresh `mtgkb show`) reads a rule's neighbours by position and its children
    by parent: index searches, not a walk over the document's few thousand rules. A rule's lineage
    ("also in") is read from its index alone, topics included, not row by row from the table."""
    if _has_table(conn, "rules"):
        conn.execute("create index if not exists idx_rules_document_id_seq on rules (document_id, seq)")
        conn.execute("create index if not exists idx_rules_document_id_parent on rules (document_id, parent)")
    if _has_table(conn, "counterparts"):
        conn.execute("drop index if exists counterparts_lineage")
        conn.execute("create index counterparts_lineage on counterparts (lineage, document_id, number, topic)")


def _card_tables(conn: sqlite3.Connection) -> None:
    """Cards imported from a card file (kb/store/cards.py): one row per card by its Oracle identity,
    and every name it is known by (English, its faces', its printed names in other languages),
    folded and indexed, so a name in any language is one index search."""
    conn.execute("""create table if not exists cards (
        id integer primary key, name text not null, mana_cost text, type_line text, oracle_text text,
        keywords text, faces text, source text, layout text, oracle_id text)""")
    conn.execute("""create table if not exists card_names (
        card_id integer not null references cards(id), name text not null, lang text not null,
        folded text not null)""")
    conn.execute("create index if not exists card_names_folded on card_names (folded)")
    conn.execute("create index if not exists card_names_card on card_names (card_id)")


# (version, what it does, how). Append only: a released migration never changes.
MIGRATIONS: list[tuple[int, str, "Callable[[sqlite3.Connection], None]"]] = [
    (1, "documents, rules, examples, glossary, citations, commentary, term pairs", _rules_tables),
    (2, "renumbering chain and edition inference", _history_tables),
    (3, "scenario results per rule", _scenario_tables),
    (4, "one identity per rule across editions and languages (counterparts)", _counterparts),
    (5, "glossary terms and English names indexed without case", _glossary_nocase),
    (6, "digest of each document's content", _content_digest_column),
    (7, "per-release change counts of the history overview", _release_counts_table),
    (8, "lookup indexes: rules by position and by parent, lineages with their topics", _lookup_indexes),
    (9, "cards and their names in every language (mtgkb import of a card file)", _card_tables),
]
SCHEMA_VERSION = MIGRATIONS[-1][0]


def schema_version(conn: sqlite3.Connection) -> int:
    """The version a database has reached (0 for an empty file)."""
    try:
        row = conn.execute("select value from meta where key = 'schema_version'").fetchone()
    except sqlite3.DatabaseError as error:
        if "no such table" in str(error):
            return 1 if _has_table(conn, "documents") else 0
        raise
    return int(row[0]) if row else 0


def _has_table(conn: sqlite3.Connection, name: str) -> bool:
    return conn.execute("select 1 from sqlite_master where name = ?", [name]).fetchone() is not None


def _columns(conn: sqlite3.Connection, table: str) -> dict[str, str]:
    return {row[1]: row[2] for row in conn.execute(f"pragma table_info({table})")}


def complete_schema(conn: sqlite3.Connection) -> list[str]:
    """Add the tables and columns a database lacks though its version says it has them; what was added.

    A database made before schema versions were recorded (or by hand) may miss a table or a column
    that every query expects; the migrations build a reference schema in memory and the missing
    parts are created here (new columns hold NULL: counts and digests are filled by the next import).
    """
    reference = sqlite3.connect(":memory:")
    try:
        for _version, _what, run in MIGRATIONS:
            run(reference)
        wanted = {
            name: _columns(reference, name)
            for (name,) in reference.execute("select name from sqlite_master where type = 'table'")
        }
    finally:
        reference.close()
    added: list[str] = []
    with conn:
        for table, columns in wanted.items():
            present = _columns(conn, table)
            if not present:
                if table in ("pairing_runs", "pairings", "edition_inference"):
                    _history_tables(conn)  # derived data: created whole, computed by the next update
                elif table in ("cards", "card_names"):
                    _card_tables(conn)
                else:
                    _rules_tables(conn)
                    _scenario_tables(conn)
                added.append(table)
                continue
            for column, kind in columns.items():
                if column not in present:
                    conn.execute(f'alter table {table} add column "{column}" {kind}')
                    added.append(f"{table}.{column}")
    return added


def migrate(conn: sqlite3.Connection, path: Path | str = "") -> int:
    """Bring the schema up to SCHEMA_VERSION; returns the number of migrations run."""
    current = schema_version(conn)
    _refuse_newer(current, path)
    pending = [m for m in MIGRATIONS if m[0] > current]
    for version, _what, run in pending:
        with conn:
            conn.execute("create table if not exists meta (key text primary key, value text)")
            run(conn)
            conn.execute("insert or replace into meta (key, value) values ('schema_version', ?)", [str(version)])
    return len(pending)


def _refuse_newer(version: int, path: Path | str) -> None:
    if version > SCHEMA_VERSION:
        raise DatabaseError(
            _("{path}: schema version {found} is newer than this mtgkb understands ({known}); upgrade mtgkb").format(
                path=path, found=version, known=SCHEMA_VERSION
            )
        )


def connect(path: str | Path, *, readonly: bool = False) -> sqlite3.Connection:
    """Open a database with foreign keys and WAL; writers create it and run pending migrations.

    A read-only open never creates anything, and refuses a database that needs migrating. A
    database that cannot be written (a read-only file, folder or file system) is opened read-only
    even when writing was asked: reading commands work, a write then fails with a message.
    """
    path = Path(path)
    memory = str(path) == ":memory:"
    if not readonly and not memory and path.exists() and not _writable(path):
        readonly = True
    conn: Connection
    try:
        if readonly:
            conn = _connect_readonly(path)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(str(path), check_same_thread=False, timeout=BUSY_TIMEOUT, factory=Connection)
        conn.derived_cache = cache_for(path)  # shared by every connection on this file (kb.store.state)
        conn.execute("PRAGMA foreign_keys=ON")
        version = _checked_version(conn, path)  # before anything is written: another program's file stays as it is
    except sqlite3.DatabaseError as error:
        raise database_fault(error, path) from error
    except OSError as error:
        raise DatabaseError(
            _("{path}: cannot create the database: {reason}").format(path=path, reason=error.strerror)
        ) from error
    _refuse_newer(version, path)
    if readonly:
        if version < SCHEMA_VERSION:
            raise DatabaseError(
                _(
                    "{path}: the database has schema version {found}, this mtgkb needs {known}: "
                    "run 'mtgkb build' or 'mtgkb import' once to migrate it"
                ).format(path=path, found=version, known=SCHEMA_VERSION)
            )
        return conn
    try:
        if version < SCHEMA_VERSION and not memory:
            # Created or migrated under the writer lock (kb.store.lock): first imports started together
            # queue like later ones, instead of one failing at once on SQLite's lock of the other's schema.

            with writer_lock(path):
                _wal(conn)
                if schema_version(conn) < SCHEMA_VERSION:
                    migrate(conn, path)
                    complete_schema(conn)
        else:
            _wal(conn)
            if version < SCHEMA_VERSION:
                migrate(conn, path)
                complete_schema(conn)
    except sqlite3.DatabaseError as error:
        raise database_fault(error, path) from error
    return conn


def _wal(conn: sqlite3.Connection) -> None:
    if conn.execute("PRAGMA journal_mode").fetchone()[0] not in ("wal", "memory"):
        conn.execute("PRAGMA journal_mode=WAL")


def _checked_version(conn: sqlite3.Connection, path: Path) -> int:
    """The schema version, refusing a file that is no database of mtgkb: another program's tables
    (with no meta table of ours and no documents table of our shape), or a version that is no number."""
    try:
        version = schema_version(conn)
    except ValueError:
        found = conn.execute("select value from meta where key = 'schema_version'").fetchone()[0]
        raise DatabaseError(
            _(
                "{path}: schema version {found!r} is not a number: this is not a database of "
                "mtgkb, or a damaged one; nothing was changed: check --db or $MTGKB_DB"
            ).format(path=path, found=found)
        ) from None
    if not _has_table(conn, "meta"):  # a meta table is ours (one being created by another import, too)
        tables = [
            name
            for (name,) in conn.execute(
                "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name"
            )
        ]
        ours = _has_table(conn, "documents") and {"id", "name"} <= set(_columns(conn, "documents"))  # any release
        if tables and not ours:
            raise DatabaseError(
                _(
                    "{path}: not a database of mtgkb: it holds another program's tables ({tables}); "
                    "nothing was changed: give mtgkb a file of its own with --db or $MTGKB_DB"
                ).format(path=path, tables=", ".join(tables[:5]) + (", …" if len(tables) > 5 else ""))
            )
    return version


def _writable(path: Path) -> bool:
    """Whether SQLite can write the file and create its -wal and -shm files beside it."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def _connect_readonly(path: Path) -> Connection:
    """A read-only connection; on read-only media without a -wal file, an immutable one.

    A WAL database needs its -shm file even to be read; where the folder cannot hold one and no
    -wal file is there (nothing unfinished to read), SQLite is told the file cannot change.
    """
    conn = sqlite3.connect(
        f"file:{path}?mode=ro", uri=True, check_same_thread=False, timeout=BUSY_TIMEOUT, factory=Connection
    )
    try:
        conn.execute("select count(*) from sqlite_master").fetchone()
        return conn
    except sqlite3.OperationalError:
        conn.close()
        wal = path.with_name(path.name + "-wal")
        if os.access(path.parent, os.W_OK) or (wal.exists() and wal.stat().st_size):
            raise
    return sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True, check_same_thread=False, factory=Connection)
