"""A fast lane for the API's most asked route: `GET /rules/{number}` as JSON.

Bots ask for rules more than for anything else. Through FastAPI a lookup spends half a
millisecond on the event loop in routing, parameter models and validation, about as long as
building the rule itself, and the loop is what every other request waits for. This ASGI
middleware answers the plain form of the request (the number, at most ``lang``, ``edition``
and ``children``, valid as the route declares them, not asked for as HTML) itself: the lookup
runs in a worker thread as every route's does (kb.http.threads), the answer is the route's
answer byte for byte. Anything else, and every request whose lookup fails, goes to FastAPI,
which gives the declared errors (a 404 with its suggestions and counterparts). The route stays
declared there, with its OpenAPI document.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qsl

import anyio.to_thread

from kb.http.limits import BoundedJSON

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]], Awaitable[None]]

PREFIX = "/rules/"
# The query parameters of the route and the longest value each takes (the route declares these).
MAX_LENGTHS = {"lang": 16, "edition": 64}
LONGEST_NUMBER = 64  # a longer path is not a rule number: the route answers it
BOOLEANS = {"true": True, "false": False}


def rule_payload(rule, children: list | None = None) -> dict[str, Any]:
    """A rule in the shape bots know (kb.core.model.Rule.payload), with its subrules when asked."""
    payload = rule.payload()
    if children is not None:
        payload["subrules"] = [rule_payload(child) for child in children]
    return payload


def rule_answer(kb, number: str, lang: str | None, edition: str | None, children: bool) -> dict[str, Any]:
    """What `GET /rules/{number}` answers as JSON (the route and the fast lane share it)."""
    rule = kb.rule(number, lang=lang, edition=edition)
    subrules = None
    if children:
        subrules = [r for r in kb.rules(rule.number, lang=rule.lang, edition=rule.document) if r.number != rule.number]
    return rule_payload(rule, subrules)


def plain_request(scope: Scope) -> dict[str, Any] | None:
    """The arguments of a plain JSON rule request, or None when FastAPI should handle it."""
    if scope["type"] != "http" or scope["method"] != "GET" or not scope["path"].startswith(PREFIX):
        return None
    number = scope["path"][len(PREFIX):]
    if not number or len(number) > LONGEST_NUMBER:
        return None
    for name, value in scope.get("headers", []):
        if name == b"accept" and b"html" in value:
            return None  # a browser: the reader's page
    found: dict[str, Any] = {"number": number, "lang": None, "edition": None, "children": False}
    seen = set()
    try:
        pairs = parse_qsl(scope.get("query_string", b"").decode("ascii"), keep_blank_values=True, strict_parsing=False)
    except UnicodeDecodeError:
        return None
    for key, value in pairs:
        if key in seen:
            return None
        seen.add(key)
        if key in MAX_LENGTHS and 0 < len(value) <= MAX_LENGTHS[key]:
            found[key] = value
        elif key == "children" and value in BOOLEANS:
            found[key] = BOOLEANS[value]
        else:
            return None  # an unknown parameter or a value the route would check: FastAPI answers
    return found


class RuleFastLane:
    """ASGI middleware answering plain JSON rule requests; ``facades`` gives each worker thread its facade."""

    def __init__(self, app: ASGIApp, facades) -> None:
        self.app = app
        self.facades = facades

    def _answer(self, request: dict[str, Any]) -> bytes | None:
        try:
            return BoundedJSON(rule_answer(self.facades.get(), **request)).body
        except Exception:  # not found, bad input, too large, a database fault: FastAPI answers as declared
            return None

    async def __call__(self, scope: Scope, receive: Callable[[], Awaitable[Message]],
                       send: Callable[[Message], Awaitable[None]]) -> None:
        request = plain_request(scope)
        body = None
        if request is not None:
            body = await anyio.to_thread.run_sync(functools.partial(self._answer, request))
        if body is None:
            await self.app(scope, receive, send)
            return
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-length", str(len(body)).encode()), (b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": body})
