"""Slow requests cannot starve fast ones: with many slow pages waiting, at most SLOW_AT_ONCE of them
hold a request thread, a lookup still gets one, and past MAX_WAITING a slow request is refused with
503 at once (kb.http.slow)."""

import asyncio
import json
import threading

import anyio
import anyio.to_thread

from kb.http.slow import SLOW_AT_ONCE, SLOW_PREFIXES, SlowRequests
from kb.http.threads import THREADS


async def served(app, path: str) -> tuple[int, bytes]:
    """One GET through an ASGI app: its status and body."""
    status, body = [], []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        if message["type"] == "http.response.start":
            status.append(message["status"])
        elif message["type"] == "http.response.body":
            body.append(message.get("body", b""))

    await app({"type": "http", "method": "GET", "path": path, "headers": [], "query_string": b""}, receive, send)
    return status[0], b"".join(body)


def held_app(release: threading.Event, running: list[int]):
    """An app whose slow routes hold a request thread until ``release``; ``running`` records how many
    slow ones are inside at once, each time one starts."""
    inside = 0

    async def app(scope, receive, send):
        nonlocal inside
        slow = scope["path"].startswith(SLOW_PREFIXES)
        if slow:
            inside += 1
            running.append(inside)
        try:  # a route in a request thread, as FastAPI runs a plain one
            await anyio.to_thread.run_sync(release.wait if slow else (lambda: None))
        finally:
            if slow:
                inside -= 1
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    return app


def test_ten_slow_requests_leave_threads_for_a_lookup():
    release = threading.Event()
    running: list[int] = []

    async def scenario():
        anyio.to_thread.current_default_thread_limiter().total_tokens = THREADS
        guarded = SlowRequests(held_app(release, running))
        slow = [
            asyncio.create_task(served(guarded, path))
            for path in ["/read/side", "/cite", "/read/doc/x", "/diff", "/trace/702.26"] * 2
        ]
        await asyncio.sleep(0.1)
        with anyio.fail_after(30):  # bounds the test if the lookup is starved; no timing is asserted
            assert (await served(guarded, "/rules/702.26b"))[0] == 200
            assert not any(task.done() for task in slow)  # the slow requests still wait for their release
            release.set()
            assert [status for status, _body in await asyncio.gather(*slow)] == [200] * 10

    asyncio.run(scenario())
    assert max(running) == SLOW_AT_ONCE < THREADS
    assert len(running) == 10


def test_slow_requests_past_the_waiting_bound_get_503():
    release = threading.Event()
    running: list[int] = []

    async def scenario():
        guarded = SlowRequests(held_app(release, running), at_once=1, max_waiting=2)
        first = [asyncio.create_task(served(guarded, "/read/side")) for _ in range(3)]  # one runs, two wait
        await asyncio.sleep(0.1)
        refused = await served(guarded, "/cite")
        release.set()
        return refused, await asyncio.gather(*first)

    (status, body), answered = asyncio.run(scenario())
    assert status == 503
    assert json.loads(body) == {"error": "2 slow requests are waiting already; try again shortly"}
    assert [s for s, _b in answered] == [200, 200, 200]
