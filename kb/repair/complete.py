"""Derived data completed: the renumbering chain, edition inference and the search index.

Each is computed from the documents and records what from: a pairing run the sha256 of
both editions, the algorithm version and the pins; an inference the document's sha256
and a digest of the chain; the index a marker per document with its sha256 (see
docs/schema.md). An import that was killed after its document committed leaves them
behind the documents; what needs them (a trace, a diff, `mtgkb repair`) finds what is
missing or stale by comparing those records with the documents, and computes only that.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import kb.search.index as search_index
from kb.core.model import Serialisable
from kb.history import update_chain
from kb.history.chain import pending_pairings
from kb.history.inference import pending_inferences
from kb.history.overview import update_release_counts
from kb.history.update import PhaseProgress
from kb.store import Store, complete_schema
from kb.store.counterparts import rebuild as rebuild_counterparts
from kb.terms import rebuild_terms


@dataclass
class Pending(Serialisable):
    """What the derived data lacks now."""

    pairings: list[str] = field(default_factory=list)  # "old -> new" pairs missing or stale
    stale_runs: int = 0  # stored pairings of editions no longer consecutive
    inferences: list[str] = field(default_factory=list)  # undated documents to infer again
    index: list[str] | None = None  # documents the search index lacks or holds stale; None: no index

    @property
    def missing(self) -> bool:
        return bool(self.pairings or self.stale_runs or self.inferences or self.index)

    json_extra = ("missing",)


@dataclass
class RepairReport(Serialisable):
    """What `mtgkb repair` found and did."""

    path: str
    before: Pending
    schema: list[str] = field(default_factory=list)  # tables and columns added
    pairings: int = 0  # pairings computed
    removed: int = 0  # stale pairings removed
    inferred: list[str] = field(default_factory=list)
    indexed: list[str] = field(default_factory=list)  # documents added to or replaced in the index
    unindexed: list[str] = field(default_factory=list)  # documents removed from the index
    seconds: float = 0.0

    @property
    def changed(self) -> bool:
        return bool(self.schema or self.pairings or self.removed or self.inferred or self.indexed or self.unindexed)

    json_extra = ("changed",)


def pending(store: Store) -> Pending:
    """What is missing, found by comparing each record of derived data with the documents."""
    _wanted, stale, todo = pending_pairings(store)
    index = search_index.stale_documents(store)
    return Pending(
        [f"{a.name} -> {b.name}" for a, b in todo],
        len(stale),
        pending_inferences(store),
        None if index is None else sorted(index),
    )


def history_pending(store: Store) -> bool:
    """Whether the chain or an inference lacks something (two small queries and the pins file)."""
    _wanted, stale, todo = pending_pairings(store)
    return bool(stale or todo or pending_inferences(store))


def repair(store: Store, progress: PhaseProgress | None = None) -> RepairReport:
    """Complete the schema, the chain, the inferences and (where one exists) the search index."""
    started = time.perf_counter()
    schema = complete_schema(store.conn)  # first: the other records may live in the tables it adds
    report = RepairReport(str(store.path), pending(store), schema=schema)
    update = update_chain(store, progress=progress)
    _derived_from_chain(store)
    report.pairings, report.removed, report.inferred = update.computed, update.removed, update.inferred
    store.changed()
    if report.before.index is not None:
        index = search_index.sync_index(store)
        if index is not None:
            report.indexed, report.unindexed = sorted(index.added + index.replaced), sorted(index.removed)
    report.seconds = round(time.perf_counter() - started, 3)
    return report


def _derived_from_chain(store: Store) -> None:
    """What is computed from the chain and the documents at each import: every rule's
    counterparts, the history overview's counts and the mined term dictionary."""
    rebuild_counterparts(store.conn)
    update_release_counts(store)
    rebuild_terms(store.conn)
