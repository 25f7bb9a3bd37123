"""The facade behind the MCP server: one read-only KnowledgeBase, used from one worker thread.

The SDK runs tools on an event loop; the facade is synchronous and holds one SQLite
connection and per-thread caches (the search index). So calls go to a single worker
thread, in order: the event loop never blocks on a diff or a search, and the caches are
built once. A lookup of a millisecond (one rule, a completion) is not worth the thread
hop, which costs more than the lookup on a busy machine: it runs on the event loop
itself when the worker is idle. A lock makes the two paths take turns, so the connection
is never used by two threads at once. The search index, when it is missing or stale, is
brought up to date in the background at start-up, never inside a request that only
wanted a rule.

A call the client cancels (or abandons at its timeout, which the SDK's client announces
with a cancellation) stops its work: the SQLite connection's progress handler aborts the
statement running for it and every later one (a call still queued never starts), so the worker is free for the next call
within milliseconds instead of computing minutes for nobody.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")
PROGRESS_STEPS = 1000  # SQLite virtual machine steps between two looks at the cancellation flag


class Backend:
    """Runs facade calls for the server, one at a time, on a thread of their own."""

    def __init__(self, kb) -> None:
        self.kb = kb
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mtgkb-mcp")
        self._turn = threading.Lock()  # held by whoever uses the connection
        self._stop: threading.Event | None = None  # the cancellation flag of the call on the worker
        self.search_ready = threading.Event()
        self.search_ready.set()
        kb.conn.set_progress_handler(self._stopped, PROGRESS_STEPS)

    async def call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(kb, *args, **kwargs)`` on the worker thread, in the caller's interface language; a
        cancelled call stops its work at its next SQLite step (sqlite3.OperationalError inside it)."""
        context = contextvars.copy_context()
        stop = threading.Event()
        future = self._worker.submit(context.run, self._in_turn, functools.partial(fn, self.kb, *args, **kwargs),
                                     stop)
        try:
            return await asyncio.wrap_future(future)  # cancelled: a call still queued never runs
        except asyncio.CancelledError:
            stop.set()  # a call running now stops at its next SQLite step
            raise

    def _stopped(self) -> int:
        """The progress handler: non-zero aborts the running statement."""
        stop = self._stop
        return 1 if stop is not None and stop.is_set() else 0

    async def quick(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(kb, ...)`` for a lookup of a millisecond: right here when nothing else runs, else on the worker."""
        if self._turn.acquire(blocking=False):
            try:
                return fn(self.kb, *args, **kwargs)
            finally:
                self._turn.release()
        return await self.call(fn, *args, **kwargs)

    def _in_turn(self, work: Callable[[], T], stop: threading.Event) -> T:
        if stop.is_set():  # cancelled while it waited for its turn
            raise sqlite3.OperationalError("interrupted")
        with self._turn:
            self._stop = stop
            try:
                return work()
            finally:
                self._stop = None

    async def wait_for_search(self) -> None:
        """Until the start-up indexing (if any) is done."""
        if not self.search_ready.is_set():
            await asyncio.to_thread(self.search_ready.wait)

    def prepare_search(self) -> None:
        """Bring the search index up to date in the background, on a connection of its own."""
        self.search_ready.clear()
        thread = threading.Thread(target=self._index, name="mtgkb-mcp-index", daemon=True)
        thread.start()

    def _index(self) -> None:
        from kb.api import KnowledgeBase

        try:
            kb = KnowledgeBase.open(self.kb.path, readonly=True)
            try:
                kb.search("rule", limit=1)  # builds or updates the index as a side effect
            finally:
                kb.close()
        except Exception:  # noqa: BLE001 - the search tool itself reports what is wrong
            pass
        finally:
            self.search_ready.set()

    def close(self) -> None:
        self._worker.shutdown(wait=True)
        self.kb.close()
