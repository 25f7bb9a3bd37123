"""What a long task tells its caller as it goes: one event type for every phase.

The facade reports an import, the renumbering chain, edition inference and the search index
through one callback of ``Progress`` events; a front end draws bars or prints lines from them
and knows nothing of how each phase counts its work.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

# The phases of an import (an update downloads first), in the order they run.
DOWNLOAD, IMPORT, CHAIN, INFERENCE, INDEX = "download", "import", "chain", "inference", "index"
PHASES = (DOWNLOAD, IMPORT, CHAIN, INFERENCE, INDEX)


@dataclass(frozen=True)
class Progress:
    """One step of one phase.

    ``done`` and ``total`` are in the phase's own unit (``unit``): bytes read for an import,
    so an estimate follows the work rather than the file count (files range from 140 KB to
    1.7 MB), and for a download; edition pairs for the chain; documents for inference; the index's own steps.
    Every phase sends a first event with ``done`` 0 and a last one with ``done == total``.
    An import's events after each file carry that file's ``result`` and ``rules``, the
    running count of rules stored so far; ``files`` counts the files done, of ``of``.
    """

    phase: str
    done: int
    total: int
    unit: str = ""
    item: str = ""
    result: object | None = None  # kb.core.results.ImportResult of the file just finished
    files: int = 0
    rules: int = 0
    of: int = 0

    @property
    def finished(self) -> bool:
        return self.done >= self.total


ProgressCallback = Callable[[Progress], None]
