"""``Access-Control-Allow-Origin: *`` on Academy Ruins' read-only paths, as its API sends it.

Academy Ruins answers every origin (src/main.py: CORSMiddleware with ``allow_origins=["*"]``), so web
pages read ``/cr`` from the browser. mtgkb does the same for GET and HEAD under ``/cr``, ``/file/cr`` and ``/diff/cr``
by default, without credentials, and answers their preflight; every other path keeps ``--cors`` (none
by default, kb.http.app). ASGI middleware outside Starlette's CORS: an origin ``--cors`` names is
answered by that one, and this one adds ``*`` only where no origin was answered.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from kb.http.errors import ACADEMY_PREFIXES

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
READ = {"GET", "HEAD"}
MAX_AGE = b"600"


def academy(path: str) -> bool:
    return any(path == prefix or path.startswith(prefix + "/") for prefix in ACADEMY_PREFIXES)


class AcademyCORS:
    """Adds ``Access-Control-Allow-Origin: *`` to reads of Academy Ruins' paths; answers their preflight."""

    def __init__(self, app: Callable[[Scope, Callable, Callable], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Callable, send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "http" or not academy(scope.get("path", "")):
            await self.app(scope, receive, send)
            return
        headers = {k.lower(): v for k, v in scope.get("headers", [])}
        method = scope.get("method", "GET")
        wanted = headers.get(b"access-control-request-method", b"").decode("latin-1").upper()
        if method == "OPTIONS" and b"origin" in headers and wanted in READ:
            await self._preflight(headers, send)
            return
        if method not in READ:
            await self.app(scope, receive, send)
            return

        async def send_with_origin(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = list(message.get("headers", []))
                if not any(k.lower() == b"access-control-allow-origin" for k, _ in kept):
                    message = {**message, "headers": [*kept, (b"access-control-allow-origin", b"*")]}
            await send(message)

        await self.app(scope, receive, send_with_origin)

    @staticmethod
    async def _preflight(headers: dict[bytes, bytes], send: Callable[[Message], Awaitable[None]]) -> None:
        answer = [
            (b"access-control-allow-origin", b"*"),
            (b"access-control-allow-methods", b"GET, HEAD"),
            (b"access-control-max-age", MAX_AGE),
            (b"content-length", b"2"),
            (b"content-type", b"text/plain; charset=utf-8"),
        ]
        if b"access-control-request-headers" in headers:
            answer.append((b"access-control-allow-headers", headers[b"access-control-request-headers"]))
        await send({"type": "http.response.start", "status": 200, "headers": answer})
        await send({"type": "http.response.body", "body": b"OK"})
