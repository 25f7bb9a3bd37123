"""One identity per rule across editions and languages, stored when the chain is built.

A number names a rule only within one edition: the German 702.23a (2009–2010) is today's
702.26a, and today's 702.23a is Rampage. The renumbering chain pairs the rules of each two
consecutive English editions; following its primary pairs (not split parts or merged rules)
from the oldest edition gives every English rule a *lineage*: the id of the rule where the
trail starts. A document outside the chain (a translation, a reformatted variant, an excerpt)
takes the lineage of the same number in its English *pivot*: the chain edition of its date,
else of its inferred edition, else the newest chain edition before it.

The table ``counterparts`` holds one row per rule: its document, number, lineage and topic
(its title, or its parent's for a subrule: "Phasing" for 702.26a). "Also in" and the
suggestions of a failed lookup are then one indexed query, never a walk along the chain.
This module reads the chain's tables (pairing_runs, pairings, edition_inference) directly;
it knows nothing of how they are computed.
"""

from __future__ import annotations

import sqlite3

from kb.store.documents import document_rows
from kb.store.identity import is_official

TABLE = "counterparts"


def create_table(conn: sqlite3.Connection) -> None:
    """The table and its indexes (a migration calls this, then ``rebuild``)."""
    conn.execute(f"drop table if exists {TABLE}")
    conn.execute(f"""create table {TABLE} (
        rule_id integer primary key, document_id integer not null, number text not null,
        lineage integer not null, topic text)""")
    conn.execute(f"create index {TABLE}_lineage on {TABLE} (lineage, document_id, number, topic)")
    conn.execute(f"create index {TABLE}_number on {TABLE} (number, lineage)")


def has_table(conn: sqlite3.Connection, name: str = TABLE) -> bool:
    return conn.execute("select 1 from sqlite_master where name = ?", [name]).fetchone() is not None


def chain_ids(conn: sqlite3.Connection) -> list[tuple[int, str]]:
    """(id, edition) of the chain's English editions, oldest first: official whole texts only, as the
    chain takes them (kb.store.identity.is_official: no excerpt, variant or copy)."""
    chosen = sorted((d for d in document_rows(conn) if is_official(d)), key=lambda d: (d["edition"], d["name"]))
    return [(d["id"], d["edition"]) for d in chosen]


def rebuild(conn: sqlite3.Connection) -> int:
    """Compute every rule's lineage again and replace the table in one transaction; returns its rows."""
    with conn:
        if not has_table(conn):
            create_table(conn)
        return _write(conn, compute(conn))


def _write(conn: sqlite3.Connection, table: list[tuple]) -> int:
    conn.execute(f"delete from {TABLE}")
    conn.executemany(f"insert into {TABLE} values (?, ?, ?, ?, ?)", table)
    return len(table)


def compute(conn: sqlite3.Connection) -> list[tuple]:
    """(rule id, document id, number, lineage, topic) for every stored rule."""
    chain = chain_ids(conn)
    rules: dict[int, list[tuple[int, str, str | None, str | None]]] = {}
    for rule_id, doc_id, number, title, parent in conn.execute(
        "select id, document_id, number, title, parent from rules order by document_id, seq"
    ):
        rules.setdefault(doc_id, []).append((rule_id, number, title, parent))
    lineage: dict[int, int] = {}
    previous: int | None = None
    for doc_id, _edition in chain:
        steps = _primary_steps(conn, previous, doc_id) if previous is not None else {}
        for rule_id, *_rest in rules.get(doc_id, []):
            before = steps.get(rule_id)
            lineage[rule_id] = lineage.get(before, rule_id) if before is not None else rule_id
        previous = doc_id
    chained = {doc_id for doc_id, _ in chain}
    for doc_id, pivot_id in _pivots(conn, chain).items():
        if doc_id in chained:
            continue
        pivot_numbers: dict[str, int] = {}
        for rule_id, number, *_rest in rules.get(pivot_id, []) if pivot_id is not None else []:
            pivot_numbers.setdefault(number, lineage[rule_id])
        for rule_id, number, *_rest in rules.get(doc_id, []):
            # A number the pivot lacks still links the documents sharing that pivot (a variant and a
            # translation of one date): the first such rule names the lineage.
            key = pivot_numbers.get(number)
            if key is None:
                key = pivot_numbers[number] = rule_id
            lineage[rule_id] = key
    table = []
    for doc_id, found in rules.items():
        titles = {number: title for _, number, title, _ in found if title}
        for rule_id, number, title, parent in found:
            table.append((rule_id, doc_id, number, lineage.get(rule_id, rule_id), title or titles.get(parent or "")))
    return table


def _primary_steps(conn: sqlite3.Connection, old_id: int, new_id: int) -> dict[int, int]:
    """New rule id -> old rule id for the primary pairs of one stored run."""
    run = conn.execute(
        "select id from pairing_runs where old_document = ? and new_document = ?", [old_id, new_id]
    ).fetchone()
    if run is None:
        return {}
    return dict(
        conn.execute(
            "select new_rule, old_rule from pairings where run_id = ? and old_rule is not null and new_rule is not null "
            "and change not in ('split', 'merged')",
            [run[0]],
        )
    )


def _pivots(conn: sqlite3.Connection, chain: list[tuple[int, str]]) -> dict[int, int | None]:
    """Each document's English pivot in the chain (None when there is none)."""
    inferred = (
        dict(conn.execute("select document_id, last from edition_inference"))
        if has_table(conn, "edition_inference")
        else {}
    )
    by_edition: dict[str, int] = {}
    for doc_id, edition in chain:
        by_edition[edition] = doc_id  # the last of a date, as the chain's position of a date is
    editions = sorted(by_edition)
    found: dict[int, int | None] = {}
    for doc_id, edition in conn.execute("select id, edition from documents"):
        date = edition or inferred.get(doc_id)
        if not date:
            found[doc_id] = None
        elif date in by_edition:
            found[doc_id] = by_edition[date]
        else:
            before = [e for e in editions if e <= date]
            found[doc_id] = by_edition[before[-1]] if before else None
    return found


def migrate(conn: sqlite3.Connection) -> None:
    """The migration (inside its transaction): create the table and fill it from the stored chain."""
    create_table(conn)
    if has_table(conn, "rules") and has_table(conn, "pairings"):
        _write(conn, compute(conn))
