"""Database work off the event loop: anyio's thread pool, of a fixed size, and one facade per thread.

FastAPI runs every plain ``def`` route in anyio's default thread pool, and Starlette runs each
step of a streamed page there too; the event loop only parses requests and writes answers. The
pool's size is set once, at startup (``THREADS``). A SQLite connection and the lookup caches
beside it are not shared between threads, so each thread opens its own read-only
``KnowledgeBase`` on first use and keeps it; the facade of a thread that has ended (anyio ends a
thread idle for 10 s) is closed when the next one is opened, so there are never more facades
than threads.
"""

from __future__ import annotations

import threading
from pathlib import Path

import anyio.to_thread

from kb.api import KnowledgeBase

# Request threads of one server process. Python runs one thread at a time, so more threads do not
# compute more; they let fast requests pass the slow ones, which kb.http.slow lets hold at most
# SLOW_AT_ONCE of them. Two, not more: each thread's facade keeps up to about 220 MB of lookup caches
# over the whole corpus; with three a server held 730 MB after 50,000 distinct lookups, with two
# 550 MB (goal 600 MB, bench/bench_memory.py). More throughput comes from more worker processes.
THREADS = 2


class ThreadFacades:
    """The read-only facade of the calling thread, opened on its first request."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._local = threading.local()
        self._lock = threading.Lock()
        self._opened: dict[threading.Thread, KnowledgeBase] = {}
        self._generation = 0  # moves on at close(): a thread's facade of before is opened anew

    def get(self) -> KnowledgeBase:
        kept = getattr(self._local, "kept", None)
        if kept is not None and kept[0] == self._generation:
            return kept[1]
        kb = KnowledgeBase.open(self.path, readonly=True)
        with self._lock:
            ended = [thread for thread in self._opened if not thread.is_alive()]
            left = [self._opened.pop(thread) for thread in ended]
            self._opened[threading.current_thread()] = kb
            self._local.kept = (self._generation, kb)
        for old in left:  # threads that ended: nobody uses their connections any more
            old.close()
        return kb

    @property
    def opened(self) -> int:
        """How many threads have a facade (for tests and figures)."""
        with self._lock:
            return len(self._opened)

    def close(self) -> None:
        """Close every thread's connection (at shutdown). A query still running is interrupted first:
        a request that outlives the shutdown's grace period stops at its next SQLite step."""
        with self._lock:
            opened, self._opened = list(self._opened.values()), {}
            self._generation += 1
        for kb in opened:
            kb.conn.interrupt()
            kb.close()


def size_thread_pool(threads: int = THREADS) -> None:
    """Give the running event loop's default thread pool ``threads`` places (call once, at startup)."""
    anyio.to_thread.current_default_thread_limiter().total_tokens = threads
