"""The renumbering chain: stored pairings between each two consecutive English editions.

The chain is every official English edition in date order (then by name: the two
files dated 2017-09-29 are both editions); variants whose names carry extra parts
("_cleaned_…", "_reformatted_…"), copies of stored bytes and excerpts are not in it
(kb.store.identity.is_official). Each consecutive pair is paired
once and stored with each rule's change, keyed by both documents' hashes, the
algorithm version and the pins that apply, so an import recomputes only what it
made stale. Traces read these rows; diffs between any two editions compose them.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Callable

from kb.core.model import Serialisable
from kb.history.diff import ADDED, MERGED, REMOVED, SPLIT, classify_pair, find_parts
from kb.history.model import Doc, Forms, Node, connection, load_doc, stored_documents
from kb.history.pairing import Pairing, pair_documents
from kb.history.pins import Pin, digest, load_pins, resolve
from kb.store.identity import is_official

VERSION = 2  # raise when pairing or classification changes: stored pairings are then recomputed


@dataclass
class ChainDoc:
    id: int
    name: str
    edition: str
    sha256: str


def chain_documents(source) -> list[ChainDoc]:
    """The English editions of the chain, oldest first."""
    chosen = [d for d in stored_documents(source) if is_official(d)]
    return [
        ChainDoc(d["id"], d["name"], d["edition"], d["sha256"])
        for d in sorted(chosen, key=lambda d: (d["edition"], d["name"]))
    ]


@dataclass
class ChainUpdate(Serialisable):
    computed: int  # pairings computed now
    kept: int  # pairings that were stored and still fresh
    removed: int  # stored pairings of editions no longer consecutive (or no longer there)
    seconds: float
    inferred: list[str] = field(default_factory=list)  # undated documents whose edition was (re)inferred


def pair_editions(old: Doc, new: Doc, pins: list[Pin]) -> Pairing:
    """Pair two documents honouring the pins that apply to them."""
    fixed, blocked = resolve(pins, old, new)
    return pair_documents(old, new, fixed=fixed, blocked=blocked, how_fixed="pin")


def update_pairings(
    source,
    *,
    progress: Callable[[int, int, str], None] | None = None,
    pins: list[Pin] | None = None,
    after_run: Callable[[int, Pairing], None] | None = None,
) -> ChainUpdate:
    """Compute and store the missing or stale pairings of consecutive English editions.

    ``progress(done, total, "old -> new")`` is called before each pairing and once at the end;
    ``after_run(run id, pairing)`` after each run is stored, while both editions are
    still loaded (the release counts are taken from them there)."""
    started = time.perf_counter()
    conn = connection(source)
    pins = load_pins() if pins is None else pins
    wanted, stale, todo = pending_pairings(conn, pins)
    with conn:
        for run_id in stale:
            _delete_run(conn, run_id)
    loaded: dict[int, Doc] = {}
    forms: Forms = {}  # each text normalised once for the whole chain
    for done, (a, b) in enumerate(todo):
        if progress:
            progress(done, len(todo), f"{a.name} -> {b.name}")
        for doc in (a, b):
            if doc.id not in loaded:
                loaded[doc.id] = load_doc(conn, doc.id, glossary=False, forms=forms)
        old, new = loaded[a.id], loaded[b.id]
        run_id, pairing = _store_run(conn, old, new, pins)
        if after_run:
            after_run(run_id, pairing)
        loaded.pop(a.id, None)  # the chain moves on: the older document is not needed again
    if progress and todo:
        progress(len(todo), len(todo), "")
    return ChainUpdate(len(todo), len(wanted) - len(todo), len(stale), round(time.perf_counter() - started, 3))


def pending_pairings(source, pins: list[Pin] | None = None) -> tuple[dict, list[int], list[tuple[ChainDoc, ChainDoc]]]:
    """What the stored chain lacks: the consecutive pairs wanted, the stored runs no longer wanted,
    and the pairs missing or computed from other hashes, algorithm version or pins."""
    conn = connection(source)
    pins = load_pins() if pins is None else pins
    chain = chain_documents(source)
    wanted = {(a.id, b.id): (a, b) for a, b in zip(chain, chain[1:])}
    stored = {
        (row[1], row[2]): row
        for row in conn.execute(
            "select id, old_document, new_document, old_sha, new_sha, version, pins from pairing_runs"
        )
    }
    stale = [row[0] for key, row in stored.items() if key not in wanted]
    todo = [
        (a, b)
        for key, (a, b) in wanted.items()
        if key not in stored or stored[key][3:] != (a.sha256, b.sha256, VERSION, digest(pins, a, b))
    ]
    return wanted, stale, todo


def _delete_run(conn, run_id: int) -> None:
    conn.execute("delete from pairings where run_id = ?", [run_id])
    conn.execute("delete from pairing_runs where id = ?", [run_id])


def _store_run(conn, old: Doc, new: Doc, pins: list[Pin]) -> tuple[int, Pairing]:
    started = time.perf_counter()
    pairing = pair_editions(old, new, pins)
    rows = chain_rows(pairing)
    summary = Counter(row[6] for row in rows)
    seconds = round(time.perf_counter() - started, 3)
    with conn:  # one transaction per run: a run is stored whole or not at all
        existing = conn.execute(
            "select id from pairing_runs where old_document = ? and new_document = ?", [old.id, new.id]
        ).fetchone()
        if existing:
            _delete_run(conn, existing[0])
        run_id = conn.execute(
            "insert into pairing_runs (old_document, new_document, old_name, new_name, old_edition, new_edition, "
            "old_sha, new_sha, version, pins, seconds, created, summary) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                old.id,
                new.id,
                old.name,
                new.name,
                old.edition,
                new.edition,
                old.sha256,
                new.sha256,
                VERSION,
                digest(pins, old, new),
                seconds,
                datetime.now(timezone.utc).isoformat(timespec="seconds"),
                json.dumps(dict(summary)),
            ],
        ).lastrowid
        conn.executemany(
            "insert into pairings (run_id, old_rule, new_rule, old_number, new_number, old_title, new_title, change, "
            "similarity, how) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(run_id, *row) for row in rows],
        )
    return run_id, pairing


def chain_rows(pairing: Pairing) -> list[tuple]:
    """(old rule, new rule, old number, new number, old title, new title, change, similarity, how)
    for every node of both sides.

    Each node has one primary row; split parts add (old, part, "split") rows and merged parts
    (part, new, "merged") rows in place of their "added" or "removed" row.
    """
    old, new = pairing.old.nodes, pairing.new.nodes
    numbers = pairing.number_map()
    parts = find_parts(pairing)
    rows: list[tuple] = []

    def row(o: Node | None, n: Node | None, change: str, similarity: float | None = None, how: str | None = None):
        rows.append(
            (
                o.rule_id if o else None,
                n.rule_id if n else None,
                o.number if o else None,
                n.number if n else None,
                o.title if o else None,
                n.title if n else None,
                change,
                None if similarity is None else round(similarity, 3),
                how,
            )
        )

    for o in old:
        j = pairing.forward[o.index]
        if j is not None:
            row(o, new[j], classify_pair(o, new[j], numbers)[0], pairing.score.get(o.index), pairing.how.get(o.index))
        elif o.index in parts.merged_into:
            row(o, new[parts.merged_into[o.index]], MERGED, how="parts")
        else:
            row(o, None, REMOVED)
    for n in new:
        if pairing.backward[n.index] is None:
            if n.index in parts.split_from:
                row(old[parts.split_from[n.index]], n, SPLIT, how="parts")
            else:
                row(None, n, ADDED)
    return rows


def runs_between(source, chain: list[ChainDoc], first: int, last: int) -> list[int] | None:
    """Run ids of the consecutive pairs from chain position ``first`` to ``last`` (either way round),
    in walking order; None when one of them is not stored."""
    conn = connection(source)
    ids = {
        (row[1], row[2]): row[0]
        for row in conn.execute("select id, old_document, new_document from pairing_runs where version = ?", [VERSION])
    }
    step = 1 if last >= first else -1
    found = []
    for k in range(first, last, step):
        a, b = (chain[k], chain[k + 1]) if step == 1 else (chain[k - 1], chain[k])
        run = ids.get((a.id, b.id))
        if run is None:
            return None
        found.append(run)
    return found


def compose(source, runs: list[int], start: list[int], *, backwards: bool = False) -> dict[int, int]:
    """Rule ids of the first document -> rule ids of the last, following primary pairs run by run."""
    conn = connection(source)
    current = {rule: rule for rule in start}
    src, dst = ("new_rule", "old_rule") if backwards else ("old_rule", "new_rule")
    for run in runs:
        step = dict(
            conn.execute(
                f"select {src}, {dst} from pairings where run_id = ? and old_rule is not null "
                f"and new_rule is not null and change not in ('split', 'merged')",
                [run],
            )
        )
        current = {first: step[now] for first, now in current.items() if now in step}
    return current
