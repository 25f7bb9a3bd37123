"""The HTTP API in the language each request asks for (Accept-Language).

A plain ASGI middleware, so it runs in the request's own task: the language it sets
(a context variable) is seen by the endpoint and the exception handlers, and requests
served at the same time do not see each other's.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from kb.i18n import negotiate, using_language

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]], Awaitable[None]]


class UILanguageMiddleware:
    """Negotiate the interface language per request; answer with Content-Language and Vary."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(
        self, scope: Scope, receive: Callable[[], Awaitable[Message]], send: Callable[[Message], Awaitable[None]]
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        header = next(
            (value.decode("latin-1") for key, value in scope.get("headers", []) if key == b"accept-language"), None
        )
        lang = negotiate(header)

        async def send_with_language(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": with_language(message.get("headers", []), lang)}
            await send(message)

        with using_language(lang):
            await self.app(scope, receive, send_with_language)


def with_language(headers: list, lang: str) -> list:
    """The response's headers with Content-Language and Accept-Language in its one Vary header
    (a route's own Vary is merged, never repeated: caches read only one)."""
    found = [(key, value) for key, value in headers if key.lower() != b"vary"]
    varies: list[str] = []
    for key, value in headers:
        if key.lower() == b"vary":
            varies += [part.strip() for part in value.decode("latin-1").split(",") if part.strip()]
    if "accept-language" not in {v.lower() for v in varies}:
        varies.append("Accept-Language")
    return [*found, (b"content-language", lang.replace("_", "-").encode()), (b"vary", ", ".join(varies).encode())]
