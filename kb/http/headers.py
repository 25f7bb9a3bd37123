"""Security headers on every answer of the server: the API's JSON, the reader's pages, the offline
API documentation, static files and every error (kb.http.errors).

- ``X-Content-Type-Options: nosniff``: a browser takes a JSON answer that quotes a user's text for
  JSON, never for a page or a script.
- ``Content-Security-Policy``: scripts, styles, images and requests from the server itself only;
  no plugin, no ``<base>``, forms only to the server, and no page of another site may frame ours
  (``frame-ancestors 'none'``). The reader has no inline script or style. Swagger UI and ReDoc
  (/docs, /redoc) start from an inline script, and ReDoc runs a worker from a blob: they alone get
  those.
- ``X-Frame-Options: DENY`` for browsers that predate frame-ancestors; ``Referrer-Policy: no-referrer``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
DOCS_PATHS = ("/docs", "/redoc")


def headers_for(path: str) -> list[tuple[bytes, bytes]]:
    policy = DOCS_POLICY if path in DOCS_PATHS else POLICY
    return [
        (b"x-content-type-options", b"nosniff"),
        (b"content-security-policy", policy.encode()),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"no-referrer"),
    ]


class SecurityHeaders:
    """ASGI middleware, outermost: adds the headers to each response's start, whoever answered."""

    def __init__(self, app: Callable[[Scope, Callable, Callable], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Callable, send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        added = headers_for(scope.get("path", ""))
        names = {name for name, _ in added}

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                message = {**message, "headers": kept + added}
            await send(message)

        await self.app(scope, receive, send_with_headers)
