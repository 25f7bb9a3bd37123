"""The history tables, beside the store's schema.

No foreign keys to documents or rules: the store replaces a document whole without
knowing these tables, and the chain update removes what refers to a replaced one.
"""

from __future__ import annotations

from kb.history.model import connection

TABLES = ("pairing_runs", "pairings", "edition_inference")
SCHEMA = (
    # One row per pair of consecutive editions, keyed by both hashes, the algorithm version and the pins.
    """create table if not exists pairing_runs (
        id integer primary key, old_document integer not null, new_document integer not null,
        old_name text not null, new_name text not null, old_edition text, new_edition text,
        old_sha text not null, new_sha text not null, version integer not null, pins text not null,
        seconds real, created text, summary text, unique (old_document, new_document))""",
    # One row per rule of either edition (see chain.chain_rows); "how" says what paired it.
    """create table if not exists pairings (
        run_id integer not null, old_rule integer, new_rule integer, old_number text, new_number text,
        change text not null, similarity real, how text)""",
    "create index if not exists pairings_old on pairings (run_id, old_rule)",
    "create index if not exists pairings_new on pairings (run_id, new_rule)",
    # The inferred edition range of each undated document, with its evidence (JSON lists).
    """create table if not exists edition_inference (
        document_id integer primary key, document text not null, first text, last text,
        editions text not null, evidence text not null, sha text not null, version integer not null,
        created text)""",
)


def has_history(source) -> bool:
    conn = connection(source)
    return all(conn.execute("select 1 from sqlite_master where name = ?", [t]).fetchone() for t in TABLES)


def ensure_history_schema(source) -> None:
    """Create the history tables if they are missing."""
    if has_history(source):
        return
    conn = connection(source)
    with conn:
        for statement in SCHEMA:
            conn.execute(statement)
