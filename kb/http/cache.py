"""Answers of the JSON API kept while the database and its search index stay as they are.

Bots ask the same rules and searches again and again; a read-only server can answer a
repeated GET from memory, on the event loop, without a worker thread. An answer is keyed by
its path, its query, the interface language and the state of the files it was read from
(the database, its write-ahead log and the search index: size and modification time, three
``stat`` calls), so an import by another process is seen by the next request. Only 200 and
404 answers of the API's GET routes are kept, none asked for as HTML, within ``MAX_BYTES``
in all (least recently used first out).
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from kb.i18n import ui_language

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

CACHED_PREFIXES = ("/rules/", "/search", "/glossary/", "/editions", "/trace/", "/diff", "/crosscheck")
MAX_BYTES = 64 << 20  # of answers kept, in all
MAX_ANSWER = 1 << 20  # a larger answer is not kept
KEPT_STATUSES = (200, 404)


class AnswerCache:
    """ASGI middleware keeping the API's GET answers; ``hits`` and ``misses`` count what it did."""

    def __init__(
        self, app: Callable[[Scope, Receive, Send], Awaitable[None]], database: str | Path, max_bytes: int = MAX_BYTES
    ) -> None:
        self.app = app
        self.files = [Path(database), Path(f"{database}-wal"), Path(f"{database}.search")]
        self.max_bytes = max_bytes
        self.size = 0
        self.hits = self.misses = 0
        self._answers: OrderedDict[tuple, tuple[int, list, bytes]] = OrderedDict()
        self._lock = threading.Lock()

    def state(self) -> tuple:
        """What the answers depend on: each file's (size, mtime), or None when it is not there."""
        found: list[tuple[int, int, int] | None] = []
        for path in self.files:
            try:
                stat = os.stat(path)
                found.append((stat.st_size, stat.st_mtime_ns, stat.st_ino))
            except OSError:
                found.append(None)
        return tuple(found)

    def _key(self, scope: Scope) -> tuple | None:
        if scope["type"] != "http" or scope["method"] != "GET" or not scope["path"].startswith(CACHED_PREFIXES):
            return None
        for name, value in scope.get("headers", []):
            if name == b"accept" and b"html" in value:
                return None  # a browser's page (the reader's), with its cookie and language switcher
        return (scope["path"], scope.get("query_string", b""), ui_language(), self.state())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        key = self._key(scope)
        if key is None:
            await self.app(scope, receive, send)
            return
        with self._lock:
            kept = self._answers.get(key)
            if kept is not None:
                self._answers.move_to_end(key)
                self.hits += 1
        if kept is not None:
            status, headers, body = kept
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        self.misses += 1
        start: Message | None = None
        parts: list[bytes] = []
        keep = True

        async def remember(message: Message) -> None:
            nonlocal start, keep
            if message["type"] == "http.response.start":
                start = message
                keep = message["status"] in KEPT_STATUSES
            elif message["type"] == "http.response.body" and keep:
                parts.append(message.get("body", b""))
                keep = sum(map(len, parts)) <= MAX_ANSWER
                if keep and not message.get("more_body", False) and start is not None:
                    self._keep(key, start["status"], list(start.get("headers", [])), b"".join(parts))
            await send(message)

        await self.app(scope, receive, remember)

    def _keep(self, key: tuple, status: int, headers: list, body: bytes) -> None:
        with self._lock:
            if key in self._answers:
                return
            self._answers[key] = (status, headers, body)
            self.size += len(body)
            while self.size > self.max_bytes and self._answers:
                _key, (_status, _headers, dropped) = self._answers.popitem(last=False)
                self.size -= len(dropped)
