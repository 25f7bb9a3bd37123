"""A fast lane for the API's most asked route: `GET /rules/{number}` as JSON.

Bots ask for rules more than for anything else. Through FastAPI a lookup spends half a
millisecond on the event loop in routing, parameter models and validation, about as long as
building the rule itself, and the loop is what every other request waits for. This ASGI
middleware answers the plain form of the request (the number, at most ``lang``, ``edition``
and ``children``, valid as the route declares them, not asked for as HTML) itself: the lookup
runs in a thread of the lane's own (LookupThread), the answer is the route's answer byte for
byte. Anything else, and every request whose lookup fails, goes to FastAPI,
which gives the declared errors (a 404 with its suggestions and counterparts). The route stays
declared there, with its OpenAPI document.
"""

from __future__ import annotations

import asyncio
import contextvars
import queue
import threading
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qsl

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


def rule_answer(kb, number: str, lang: str | None, edition: str | None, children: bool,
                defining: bool = False) -> dict[str, Any]:
    """What `GET /rules/{number}` answers as JSON (the route and the fast lane share it); ``defining``:
    a keyword's defining subrule in place of its rule (``definingRule``), as the judge bots show it."""
    rule = kb.rule(number, lang=lang, edition=edition)
    if defining and rule.defining_rule:
        rule = kb.rule(rule.defining_rule, lang=rule.lang, edition=rule.document)
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
    found: dict[str, Any] = {"number": number, "lang": None, "edition": None, "children": False, "defining": False}
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
        elif key in ("children", "defining") and value in BOOLEANS:
            found[key] = BOOLEANS[value]
        else:
            return None  # an unknown parameter or a value the route would check: FastAPI answers
    return found


class LookupThread:
    """A thread of its own for the lane's lookups, fed from the event loop in arrival order.

    Through anyio's worker threads (a capacity limiter, a cancel scope, a worker queue per call)
    the first-time lookups of 20 clients waited longer: the p99 was 57-64 ms where this thread's
    is 41-46 ms (bench/bench_http_load.py). The thread ends after IDLE seconds without work,
    closing what ``on_exit`` closes (its facade), and starts again with the next lookup.
    """

    IDLE = 60.0

    def __init__(self, answer: Callable[[dict[str, Any]], bytes | None], on_exit: Callable[[], None]) -> None:
        self._answer = answer
        self._on_exit = on_exit
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    async def run(self, request: dict[str, Any]) -> bytes | None:
        """The lookup's answer (None when the route should answer), computed in the thread."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        with self._lock:
            self._jobs.put((loop, future, contextvars.copy_context(), request))  # the request's interface language
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="mtgkb-rule-lane", daemon=True)
                self._thread.start()
        return await future

    def _work(self) -> None:
        while True:
            try:
                loop, future, context, request = self._jobs.get(timeout=self.IDLE)
            except queue.Empty:
                with self._lock:
                    if self._jobs.empty():
                        self._thread = None
                        break
                continue
            try:
                body = context.run(self._answer, request)
            except BaseException:  # noqa: BLE001  (the route answers what the lane could not)
                body = None
            try:
                loop.call_soon_threadsafe(_settle, future, body)
            except RuntimeError:  # the loop closed (the server stopped): nobody waits for it
                pass
        self._on_exit()


def _settle(future: asyncio.Future, body: bytes | None) -> None:
    if not future.done():  # the client may have gone and its request been cancelled
        future.set_result(body)


class RuleFastLane:
    """ASGI middleware answering plain JSON rule requests; ``facades`` gives the lane's thread its facade."""

    def __init__(self, app: ASGIApp, facades) -> None:
        self.app = app
        self.facades = facades
        # _answer looked up at each call, not bound now: tests watch it on the class.
        self.thread = LookupThread(lambda request: self._answer(request), facades.release)

    def _answer(self, request: dict[str, Any]) -> bytes | None:
        try:
            return bytes(BoundedJSON(rule_answer(self.facades.get(), **request)).body)
        except Exception:  # not found, bad input, too large, a database fault: FastAPI answers as declared
            return None

    async def __call__(self, scope: Scope, receive: Callable[[], Awaitable[Message]],
                       send: Callable[[Message], Awaitable[None]]) -> None:
        request = plain_request(scope)
        body = None
        if request is not None:
            body = await self.thread.run(request)
        if body is None:
            await self.app(scope, receive, send)
            return
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-length", str(len(body)).encode()), (b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": body})
