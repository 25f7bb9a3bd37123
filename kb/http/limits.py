"""Bounded work per request: the body's size and reading time, the citations of a text, the answer's size.

A request body over ``MAX_BODY`` bytes is refused before it is read (413); a body that
trickles in slower than ``BODY_SECONDS`` allows is refused with 408. A text may cite at most
``MAX_CITATIONS`` rules, counted with the citation grammar before anything is resolved, and an
answer may hold at most ``MAX_ANSWER`` bytes of JSON: past either the request gets a 413 that
names the limit and the value, instead of minutes of work and hundreds of megabytes. These
limits live in kb.core.limits, which the MCP server applies too.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import anyio
import orjson
from fastapi.responses import Response

from kb.core.limits import (  # noqa: F401
    MAX_ANSWER,
    MAX_CITATIONS,
    MAX_TEXT,
    check_answer_size,
    check_text_given,
    count_citations,
)
from kb.i18n import _, ngettext

MAX_BODY = MAX_TEXT  # bytes of a request body; the limits shared with the MCP server are kb.core.limits
BODY_SECONDS = 30.0  # to receive a whole body once its headers are in

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


def error_body(message: str) -> bytes:
    return json.dumps({"error": message}, ensure_ascii=False).encode()


class BodyLimit:
    """Reads a request body whole, within ``limit`` bytes and ``seconds``, before the app sees it.

    A plain ASGI middleware (no per-request task of its own): it costs a lookup almost nothing.
    """

    def __init__(
        self,
        app: Callable[[Scope, Receive, Send], Awaitable[None]],
        limit: int = MAX_BODY,
        seconds: float = BODY_SECONDS,
    ) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = next((value for key, value in scope.get("headers", []) if key == b"content-length"), None)
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._refuse(send, 413, self._too_large())
            return
        if length is None and scope["method"] not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        try:
            with anyio.fail_after(self.seconds):
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        return
                    chunk = message.get("body", b"")
                    size += len(chunk)
                    if size > self.limit:
                        await self._refuse(send, 413, self._too_large())
                        return
                    chunks.append(chunk)
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            await self._refuse(
                send, 408, _("the body did not arrive within {seconds} s").format(seconds=f"{self.seconds:g}")
            )
            return
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    def _too_large(self) -> str:
        return ngettext("the body is larger than {n} byte", "the body is larger than {n} bytes", self.limit).format(
            n=self.limit
        )

    @staticmethod
    async def _refuse(send: Send, status: int, message: str) -> None:
        body = error_body(message)
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def render_json(content: Any) -> bytes:
    """Compact UTF-8 JSON, as ``json.dumps(ensure_ascii=False, separators=(",", ":"))`` writes it, by
    orjson: a rule with its "also in" (14 KB) takes 30 µs instead of 330, a third of a lookup's time
    in the server."""
    return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS)


class BoundedJSON(Response):
    """A JSON answer of at most ``MAX_ANSWER`` bytes; a larger one is a TooLarge condition (413)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        body = render_json(content)
        check_answer_size(len(body), MAX_ANSWER)
        return body
