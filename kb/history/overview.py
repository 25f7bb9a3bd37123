"""The CR's life in numbers: per release (two consecutive editions of the chain) how many rules
were added, edited, renumbered and removed, in all and per section.

A release's counts are its diff's summary. A diff costs about a second, so with every edition
since 1999 the overview would need minutes on its first visit: the counts are kept in
``release_counts`` (derived data, keyed by the run's documents, hashes, pairing version and
pins, so a recomputed run makes its counts stale) and brought up to date with the chain.
Most releases are counted from the stored chain rows alone (one query), read as
``kb.history.diff.compare`` classifies a pairing: a rule that was split or merged counts once, as
"split" or "merged", and its parts do not count. Only a release that leaves rules unpaired on both
sides needs its diff, which may pair some of them directly.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING

from kb.core.labels import ADDED, MERGED, REMOVED, SPLIT
from kb.core.model import Serialisable
from kb.history.chain import chain_documents
from kb.history.diff import compare
from kb.history.model import connection
from kb.history.pairing import pair_documents
from kb.history.query import diff

if TYPE_CHECKING:
    from kb.history.pairing import Pairing

COUNTS_VERSION = 1  # raise when the counting changes: stored counts are then computed again
SECTIONS = tuple("123456789")


@dataclass
class ReleaseCounts(Serialisable):
    """One release: the diff's summary (change -> rules) and the changed rules per section."""

    old: str  # document names
    new: str
    old_edition: str | None
    new_edition: str | None
    summary: dict[str, int]
    sections: dict[str, dict[str, int]]  # section -> change -> rules (unchanged rules left out)


def _runs(conn) -> list[tuple]:
    """(run id, old doc, new doc, old name, new name, old edition, new edition, key) of each
    consecutive pair of the chain whose pairing is stored, oldest first."""
    chain = chain_documents(conn)
    runs = {
        (row[1], row[2]): row
        for row in conn.execute(
            "select id, old_document, new_document, old_sha, new_sha, version, pins from pairing_runs"
        )
    }
    found = []
    for a, b in zip(chain, chain[1:]):
        row = runs.get((a.id, b.id))
        if row is not None:
            found.append((row[0], a.id, b.id, a.name, b.name, a.edition, b.edition, _key(*row[3:])))
    return found


def _key(old_sha: str, new_sha: str, version: int, pins: str) -> str:
    """What a release's stored counts were taken from: its run's hashes, pairing version and pins."""
    return json.dumps([old_sha, new_sha, version, pins, COUNTS_VERSION])


Counts = tuple[dict[str, int], dict[str, dict[str, int]]]


def count_release(conn, run_id: int, old: str, new: str, pairing: "Pairing | None" = None) -> Counts:
    """A release's counts: from its chain rows, or from its diff when the chain left rules
    unpaired in both editions (the diff pairs what it can of them). ``pairing``: the run's own,
    with both editions loaded (the chain's update passes it), so the diff need not load them."""
    rows = conn.execute(
        "select old_rule, new_rule, old_number, new_number, change from pairings where run_id = ?", [run_id]
    ).fetchall()
    unpaired_old = any(change in (REMOVED, MERGED) for *_ignored, change in rows)
    unpaired_new = any(change in (ADDED, SPLIT) for *_ignored, change in rows)
    if unpaired_old and unpaired_new:
        if pairing is None:
            changed = diff(conn, old, new, spans=False).rules
        else:
            # What kb.history.query.diff does for two consecutive editions: the run's pairs fixed
            # (composed through the chain, they are this run's own), the rest paired directly.
            again = pair_documents(pairing.old, pairing.new, fixed=dict(pairing.pairs()), how_fixed="chain")
            changed = compare(again, method="chain", spans=False).rules
        return count_changes((r.change, r.new_number or r.old_number) for r in changed)
    return count_rows(rows)


def store_counts(conn, run_id: int, pairing: "Pairing") -> None:
    """Count a run just stored by the chain (kb.history.chain.update_pairings' ``after_run``) and
    keep its counts, so update_release_counts finds them fresh: count_release, with the diff (if
    one is needed) made from the editions in memory rather than loaded again."""
    old, new = pairing.old, pairing.new
    key = _key(
        *conn.execute("select old_sha, new_sha, version, pins from pairing_runs where id = ?", [run_id]).fetchone()
    )
    summary, sections = count_release(conn, run_id, old.name, new.name, pairing)
    with conn:
        conn.execute(
            "insert or replace into release_counts (old_document, new_document, old_name, new_name, run_key, "
            "summary, sections, created) values (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                old.id,
                new.id,
                old.name,
                new.name,
                key,
                json.dumps(summary),
                json.dumps(sections),
                datetime.now(timezone.utc).isoformat(timespec="seconds"),
            ],
        )


def count_changes(changes) -> Counts:
    """(change, number) pairs as a summary and per-section counts of the changed rules."""
    summary: Counter = Counter()
    sections: dict[str, Counter] = {}
    for change, number in changes:
        summary[change] += 1
        number = number or ""
        if change != "unchanged" and number[:1] in SECTIONS:
            sections.setdefault(number[:1], Counter())[change] += 1
    return dict(summary), {s: dict(c) for s, c in sorted(sections.items())}


def count_rows(rows: list[tuple]) -> Counts:
    """A stored run's rows (old rule, new rule, old number, new number, change) counted as its
    diff counts them (see the module's docstring)."""
    split_hosts = {old for old, _new, _o, _n, change in rows if change == SPLIT}
    merge_hosts = {new for _old, new, _o, _n, change in rows if change == MERGED}
    changes = []
    for old, new, old_number, new_number, change in rows:
        if change in (SPLIT, MERGED):
            continue  # a part: counted with the rule it came from or went to
        if old is not None and new is not None:
            if new in merge_hosts:
                change = MERGED
            elif old in split_hosts:
                change = SPLIT
        elif change == REMOVED and old in split_hosts:
            change = SPLIT
        elif change == ADDED and new in merge_hosts:
            change = MERGED
        changes.append((change, new_number or old_number))
    return count_changes(changes)


def update_release_counts(source) -> int:
    """Count the releases whose counts are missing or stale, and drop those of runs that are
    gone; returns how many were counted. Called after the chain is updated."""
    conn = connection(source)
    runs = _runs(conn)
    stored = {
        (row[0], row[1]): row[2]
        for row in conn.execute("select old_document, new_document, run_key from release_counts")
    }
    wanted = {(run[1], run[2]) for run in runs}
    todo = [run for run in runs if stored.get((run[1], run[2])) != run[7]]
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    with conn:
        for key in set(stored) - wanted:
            conn.execute("delete from release_counts where old_document = ? and new_document = ?", list(key))
        for run_id, old_id, new_id, old_name, new_name, _oe, _ne, key in todo:
            summary, sections = count_release(conn, run_id, old_name, new_name)
            conn.execute(
                "insert or replace into release_counts (old_document, new_document, old_name, new_name, run_key, "
                "summary, sections, created) values (?, ?, ?, ?, ?, ?, ?, ?)",
                [old_id, new_id, old_name, new_name, key, json.dumps(summary), json.dumps(sections), now],
            )
    return len(todo)


def release_counts(source) -> list[ReleaseCounts]:
    """Every release of the chain with its counts, oldest first: stored ones as they are, and a
    release whose counts are missing or stale (a database not updated since) counted now."""
    conn = connection(source)
    stored = {
        (row[0], row[1]): row[2:]
        for row in conn.execute("select old_document, new_document, run_key, summary, sections from release_counts")
    }
    found = []
    for run_id, old_id, new_id, old_name, new_name, old_edition, new_edition, key in _runs(conn):
        row = stored.get((old_id, new_id))
        if row is not None and row[0] == key:
            summary, sections = json.loads(row[1]), json.loads(row[2])
        else:
            summary, sections = count_release(conn, run_id, old_name, new_name)
        found.append(ReleaseCounts(old_name, new_name, old_edition, new_edition, summary, sections))
    return found
