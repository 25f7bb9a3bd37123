"""What an import calls at its end: bring the stored history up to date."""

from __future__ import annotations

import time
from typing import Callable

from kb.history.chain import ChainUpdate, update_pairings
from kb.history.inference import update_inferences
from kb.history.model import connection
from kb.history.overview import store_counts

# progress(phase, done, total, item): phase "chain" (edition pairs) or "inference" (undated documents).
PhaseProgress = Callable[[str, int, int, str], None]


def update_chain(source, *, progress: PhaseProgress | None = None) -> ChainUpdate:
    """Store the missing pairings of consecutive English editions, then infer the edition of every
    undated document whose inference is missing or stale (a new edition may change it)."""
    started = time.perf_counter()

    def phase(name: str):
        return (lambda done, total, item: progress(name, done, total, item)) if progress else None

    conn = connection(source)
    result = update_pairings(
        source, progress=phase("chain"), after_run=lambda run_id, pairing: store_counts(conn, run_id, pairing)
    )
    result.inferred = [inference.document for inference in update_inferences(source, progress=phase("inference"))]
    result.seconds = round(time.perf_counter() - started, 3)
    return result
