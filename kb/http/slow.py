"""Slow requests take turns, so that they cannot take every request thread.

Citing a whole text, checks, traces, diffs and cross-checks take up to seconds; the reader's
whole-document pages, side-by-side views, history, diffs and renumbering lists up to tens of
seconds (a side-by-side page of two whole documents 24 s), and a streamed page holds a thread
for each piece it writes. Ten of them at once once held /search and /editions for 10.9 s. Here at
most ``SLOW_AT_ONCE`` of them run at once, fewer than the request threads (kb.http.threads), the
others waiting on the event loop without a thread; past ``MAX_WAITING`` waiting, a slow request
gets 503 at once instead of piling up. Every other request passes untouched.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from kb.http.limits import error_body
from kb.i18n import _

Scope = MutableMapping[str, Any]

SLOW_PREFIXES = (
    "/cite",
    "/check",
    "/trace/",
    "/diff",
    "/crosscheck",
    "/read/doc/",
    "/read/glossary/",
    "/read/side",
    "/read/history",
    "/read/diff",
    "/read/renumbered",
)
SLOW_AT_ONCE = 1  # slow requests running at once: one of the two request threads is always left
MAX_WAITING = 32  # slow requests waiting for their turn; more get 503


class SlowRequests:
    """ASGI middleware: slow requests wait for their turn; every other request passes."""

    def __init__(
        self, app: Callable[..., Awaitable[None]], at_once: int = SLOW_AT_ONCE, max_waiting: int = MAX_WAITING
    ) -> None:
        self.app = app
        self.at_once = at_once
        self.max_waiting = max_waiting
        self.waiting = 0
        self._turns: asyncio.Semaphore | None = None

    async def __call__(self, scope: Scope, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http" or not scope.get("path", "").startswith(SLOW_PREFIXES):
            await self.app(scope, receive, send)
            return
        if self._turns is None:  # made in the server's event loop, at its first slow request
            self._turns = asyncio.Semaphore(self.at_once)
        if self._turns.locked() and self.waiting >= self.max_waiting:
            body = error_body(_("{n} slow requests are waiting already; try again shortly").format(n=self.waiting))
            await send(
                {
                    "type": "http.response.start",
                    "status": 503,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode()),
                        (b"retry-after", b"5"),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        self.waiting += 1
        try:
            await self._turns.acquire()
        finally:
            self.waiting -= 1
        try:
            await self.app(scope, receive, send)
        finally:
            self._turns.release()
