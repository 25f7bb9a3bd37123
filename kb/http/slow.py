"""Slow pages take turns, so that they cannot starve the fast requests.

The reader's whole-document pages, side-by-side views, history, diffs and renumbering lists
take seconds each (a side-by-side page of two whole documents 24 s); each holds one of the two
request threads (kb.http.threads) while it runs, and a streamed one while it waits for its next
piece. Ten of them at once took both threads: /search and /editions waited up to 10.9 s. Here
they run one at a time, the others waiting on the event loop without a thread, so one thread is
always left to the lookups, searches and every other route.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]

SLOW_PREFIXES = ("/read/doc/", "/read/glossary/", "/read/side", "/read/history", "/read/diff", "/read/renumbered")
AT_ONCE = 1  # slow pages running at once (the server has two request threads)


class SlowPages:
    """ASGI middleware: requests for slow pages wait for their turn; every other request passes."""

    def __init__(self, app: Callable[..., Awaitable[None]], at_once: int = AT_ONCE) -> None:
        self.app = app
        self.at_once = at_once
        self._turns: asyncio.Semaphore | None = None

    async def __call__(self, scope: Scope, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http" or not scope.get("path", "").startswith(SLOW_PREFIXES):
            await self.app(scope, receive, send)
            return
        if self._turns is None:  # made in the server's event loop, at its first slow page
            self._turns = asyncio.Semaphore(self.at_once)
        async with self._turns:
            await self.app(scope, receive, send)
