"""Long requests (citations of a whole text, checks, traces, diffs, cross-checks) in a process of their own.

Python runs one thread at a time: a request that computes for seconds in a thread of the
server slows every other request by taking turns with it. These requests run instead in one
worker process with its own read-only facade, on the other core; the server's threads stay
free for lookups and searches. The worker renders the JSON answer too (at most MAX_ANSWER
bytes), so only bytes come back. Requests queue for the worker; past ``MAX_WAITING`` the
server answers 503 at once rather than pile them up.
"""

from __future__ import annotations

import asyncio
import atexit
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from collections.abc import Callable
from typing import Any

from kb.api import BadInput, KnowledgeBase
from kb.core.errors import ServerBusy
from kb.http.limits import BoundedJSON, count_citations
from kb.i18n import _, using_language

MAX_WAITING = 16  # long requests queued or running at once; more get 503

_facade: KnowledgeBase | None = None


# ---- in the worker process --------------------------------------------------------------------

def _open(path: str, server: int) -> None:
    global _facade
    threading.Thread(target=_end_with, args=(server,), name="parent watch", daemon=True).start()
    _facade = KnowledgeBase.open(path, readonly=True)


PARENT_CHECK = 1.0  # seconds between two looks at the server process


def _end_with(parent: int) -> None:
    """End the worker when the server that started it is gone: killed (SIGKILL gives it no chance to
    stop its pool) or ended without stopping it; the worker, holding the database, its -wal and -shm
    open, would live on under init. A look every second at the parent's pid (the standard library's
    portable way: PR_SET_PDEATHSIG would fire when the thread that spawned the worker ends). The
    server's pid comes from the server: a server stopped while the worker starts is gone already.
    multiprocessing's resource tracker ends by itself once the server and the worker are gone."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(0)


def known(kb: KnowledgeBase, lang: str | None = None, edition: str | None = None) -> None:
    """A language that no document has is bad input (400), an edition that is not stored not found
    (404), for the whole request, as on every other route; the resolver says which and suggests."""
    if lang:
        kb.resolve(None, lang=lang)
    if edition:
        kb.resolve(edition)


def cite(kb: KnowledgeBase, text: str, lang: str | None, edition: str | None) -> Any:
    known(kb, lang, edition)
    count_citations(text, lang)
    return [c.to_dict() for c in kb.cite(text, lang=lang, edition=edition)]


def check(kb: KnowledgeBase, text: str, since: str, until: str | None, lang: str | None, fix: bool) -> Any:
    known(kb, lang)
    count_citations(text, lang)
    checked = kb.check(text, since=since, until=until, lang=lang)
    answer: dict[str, Any] = {"citations": [c.to_dict() for c in checked]}
    if fix:
        answer["text"], answer["changes"] = kb.fix_citations(text, checked)
    return answer


def trace(kb: KnowledgeBase, number: str, edition: str | None, to: str | None, back: bool) -> Any:
    if to and back:
        raise BadInput(_("give either `to` or `back`, not both"))
    return kb.trace(number, edition, to=to, back=back).to_dict()


def diff(kb: KnowledgeBase, old: str, new: str, section: str | None, lang: str | None) -> Any:
    return kb.diff(old, new, section=section, lang=lang).to_dict()


def crosscheck(kb: KnowledgeBase, a: str, b: str) -> Any:
    return kb.crosscheck(a, b).to_dict()


TASKS: dict[str, Callable[..., Any]] = {"cite": cite, "check": check, "trace": trace, "diff": diff, "crosscheck": crosscheck}


def _ready() -> bool:
    return _facade is not None


def _run(task: str, ui_lang: str, kwargs: dict[str, Any]) -> bytes:
    """One long request in the worker, in the request's interface language: the JSON answer's bytes."""
    assert _facade is not None
    with using_language(ui_lang):
        return bytes(BoundedJSON(TASKS[task](_facade, **kwargs)).body)


# ---- in the server ------------------------------------------------------------------------------

class LongRequests:
    """The worker process of one server, started on the first long request (or at startup)."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self.waiting = 0

    def start(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                # spawn, not fork: the server has threads, and a forked copy of them is unsafe.
                self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_open, initargs=(self.path, os.getpid()))
                atexit.register(self.close)
            return self._pool

    def warm(self) -> None:
        """Start the worker now (at server startup), so that the first long request does not wait for it;
        it lives as long as the server's process (an app started and stopped again keeps it)."""
        if self._pool is None:
            self.start().submit(_ready)

    async def run(self, task: str, ui_lang: str, **kwargs: Any) -> bytes:
        """The answer of ``task`` from the worker; MtgkbError conditions come back as they were raised."""
        if self.waiting >= MAX_WAITING:
            raise ServerBusy(_("{n} long requests are waiting already; try again shortly").format(n=self.waiting))
        self.waiting += 1
        try:
            future = self.start().submit(_run, task, ui_lang, kwargs)
            return await asyncio.wrap_future(future)
        except BrokenProcessPool:
            self.close()  # the worker died (killed, out of memory): the next request starts another
            raise ServerBusy(_("the worker for long requests stopped; try again")) from None
        finally:
            self.waiting -= 1

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
