"""Database work off the event loop: one read-only facade per worker thread.

The event loop only parses requests and writes answers; every route that touches the
database runs in a worker thread of anyio's pool (the one FastAPI uses for plain ``def``
routes), and so does the JSON of its answer. A SQLite connection and the lookup caches beside
it are not shared between threads, so each thread opens its own read-only ``KnowledgeBase`` on
first use and keeps it. (Long requests go to a process of their own: kb.http.long.)
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio.to_thread
from fastapi.responses import Response

from kb.api import KnowledgeBase
from kb.http.limits import BoundedJSON

# Threads for requests; each keeps its own connection and lookup caches. Two: one slow request (a
# whole document's page) leaves the other free, and more only contend for the GIL (measured: four
# threads answered a fifth fewer first-time lookups than two, with a longer tail).
WORKER_THREADS = 2


class ThreadFacades:
    """The read-only facade of the calling thread, opened on its first request."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._local = threading.local()
        self._lock = threading.Lock()
        self._opened: list[KnowledgeBase] = []
        self._generation = 0  # moves on at close(): a thread's facade of before is opened anew

    def get(self) -> KnowledgeBase:
        kept = getattr(self._local, "kept", None)
        if kept is not None and kept[0] == self._generation:
            return kept[1]
        kb = KnowledgeBase.open(self.path, readonly=True)
        with self._lock:
            self._opened.append(kb)
            self._local.kept = (self._generation, kb)
        return kb

    def release(self) -> None:
        """Close the calling thread's facade (a thread that ends)."""
        kept = getattr(self._local, "kept", None)
        if kept is None:
            return
        self._local.kept = None
        with self._lock:
            if kept[1] in self._opened:
                self._opened.remove(kept[1])
        kept[1].close()

    @property
    def opened(self) -> int:
        """How many threads have a facade (for tests and figures)."""
        with self._lock:
            return len(self._opened)

    def close(self) -> None:
        """Close every thread's connection (at shutdown, when no request runs)."""
        with self._lock:
            opened, self._opened = self._opened, []
            self._generation += 1
        for kb in opened:
            kb.close()


def size_thread_pool(threads: int = WORKER_THREADS) -> None:
    """Give the running event loop's default thread pool ``threads`` places (call at startup)."""
    anyio.to_thread.current_default_thread_limiter().total_tokens = threads


def in_thread(route: Callable[..., Any]) -> Callable[..., Awaitable[Response]]:
    """Run a plain route function, and the JSON of its answer, in a worker thread.

    The answer is rendered there too (``BoundedJSON``), so a large one never holds the event
    loop. The wrapper keeps the function's signature (FastAPI reads its parameters through
    ``__wrapped__``); the request's context (its interface language) goes with it into the thread.
    """

    def answer(*args: Any, **kwargs: Any) -> Response:
        result = route(*args, **kwargs)
        return result if isinstance(result, Response) else BoundedJSON(result)

    @functools.wraps(route)
    async def run(*args: Any, **kwargs: Any) -> Response:
        return await anyio.to_thread.run_sync(functools.partial(answer, *args, **kwargs))

    return run
