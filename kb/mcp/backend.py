"""The facades behind the MCP server: read-only KnowledgeBases used from a bounded pool of threads.

The SDK runs every call as a task of its event loop; the facade is synchronous. So each call runs
in a thread of the backend's pool (``THREADS``), through a facade no other thread uses meanwhile:
an idle one, or one opened for it (there are never more than threads). Calls do not wait for one
another: a rule lookup is answered while a 1 MB ``cite`` computes. The slow tools (cite, check,
trace, diff, crosscheck) take turns, ``SLOW_AT_ONCE`` at a time, waiting on the event loop, so
they never hold every thread. The search index, when it is missing or stale, is brought up to
date in the background at start-up, never inside a request that only wanted a rule.

A call the client cancels (or abandons at its timeout, which the SDK's client announces with a
cancellation) stops its work: its facade's SQLite progress handler aborts the statement running
for it and every later one (a call still queued never starts), so its thread is free for the
next call within milliseconds instead of computing minutes for nobody.
"""

from __future__ import annotations

import asyncio
import contextvars
import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from kb.api import KnowledgeBase

T = TypeVar("T")
PROGRESS_STEPS = 1000  # SQLite virtual machine steps between two looks at the cancellation flag
THREADS = 2  # calls running at once; more wait for a thread (Python runs one thread at a time anyway)
SLOW_AT_ONCE = 1  # slow calls running at once: one thread is always left to the others


class Backend:
    """Runs facade calls for the server, several at a time, each on a thread and a facade of its own."""

    def __init__(self, kb: KnowledgeBase, threads: int = THREADS) -> None:
        self.kb = kb  # the first facade; the others are opened like it
        reopenable = str(kb.path) != ":memory:"  # a private in-memory database has one connection only
        self._threads = threads if reopenable else 1
        self._worker = ThreadPoolExecutor(max_workers=self._threads, thread_name_prefix="mtgkb-mcp")
        self._lock = threading.Lock()
        self._idle: list[KnowledgeBase] = [kb]
        self._opened: list[KnowledgeBase] = [kb]
        self._slow: asyncio.Semaphore | None = None
        self.search_ready = threading.Event()
        self.search_ready.set()

    async def call(self, fn: Callable[..., T], *args: Any, slow: bool = False, **kwargs: Any) -> T:
        """``fn(kb, *args, **kwargs)`` on a thread of the pool, in the caller's interface language;
        ``slow`` calls take turns. A cancelled call stops its work at its next SQLite step
        (sqlite3.OperationalError inside it)."""
        if not slow:
            return await self._run(fn, args, kwargs)
        if self._slow is None:  # made in the server's event loop, at its first slow call
            self._slow = asyncio.Semaphore(SLOW_AT_ONCE)
        async with self._slow:
            return await self._run(fn, args, kwargs)

    async def _run(self, fn: Callable[..., T], args: tuple, kwargs: dict) -> T:
        context = contextvars.copy_context()
        stop = threading.Event()
        future = self._worker.submit(context.run, self._on_a_facade, lambda kb: fn(kb, *args, **kwargs), stop)
        try:
            return await asyncio.wrap_future(future)  # cancelled: a call still queued never runs
        except asyncio.CancelledError:
            stop.set()  # a call running now stops at its next SQLite step
            raise

    def _on_a_facade(self, work: Callable[[KnowledgeBase], T], stop: threading.Event) -> T:
        if stop.is_set():  # cancelled while it waited for a thread
            raise sqlite3.OperationalError("interrupted")
        kb = self._take()
        kb.conn.set_progress_handler(lambda: 1 if stop.is_set() else 0, PROGRESS_STEPS)
        try:
            return work(kb)
        finally:
            kb.conn.set_progress_handler(None, 0)
            with self._lock:
                self._idle.append(kb)

    def _take(self) -> KnowledgeBase:
        """An idle facade, or a new one when every facade is in use (at most one per thread)."""
        with self._lock:
            if self._idle:
                return self._idle.pop()
        kb = KnowledgeBase.open(self.kb.path, readonly=True)
        kb.rule_language = self.kb.rule_language
        with self._lock:
            self._opened.append(kb)
        return kb

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
        with self._lock:
            opened, self._opened, self._idle = self._opened, [], []
        for kb in opened:
            kb.close()
