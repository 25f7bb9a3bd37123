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
    # One row per rule of either edition (see chain.chain_rows); "how" says what paired it. The two
    # indexes cover what a trace step reads, so a trace never touches the table or the rules.
    """create table if not exists pairings (
        run_id integer not null, old_rule integer, new_rule integer, old_number text, new_number text,
        old_title text, new_title text, change text not null, similarity real, how text)""",
    "create index if not exists pairings_old on pairings (run_id, old_rule, new_rule, new_number, change, new_title)",
    "create index if not exists pairings_new on pairings (run_id, new_rule, old_rule, old_number, change, old_title)",
    # The inferred edition range of each undated document, with its evidence (JSON lists).
    """create table if not exists edition_inference (
        document_id integer primary key, document text not null, first text, last text,
        editions text not null, evidence text not null, sha text not null, version integer not null,
        created text)""",
)


COLUMNS = {"pairings": "new_title"}  # a column each table must have; older layouts are rebuilt


def has_history(source) -> bool:
    """Whether the history tables exist in their current layout."""
    conn = connection(source)
    for table in TABLES:
        columns = [row[1] for row in conn.execute(f"pragma table_info({table})")]
        if not columns or COLUMNS.get(table, columns[0]) not in columns:
            return False
    return True


def ensure_history_schema(source) -> None:
    """Create the history tables, replacing those of an older layout: they hold derived data only,
    which the next chain update computes again."""
    if has_history(source):
        return
    conn = connection(source)
    with conn:
        for table in TABLES:
            conn.execute(f"drop table if exists {table}")
        for statement in SCHEMA:
            conn.execute(statement)
