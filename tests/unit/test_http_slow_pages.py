"""Slow pages cannot starve fast requests: with both request threads' worth of slow pages waiting,
a lookup still gets a thread (kb.http.slow)."""

import asyncio
import threading

import anyio
import anyio.to_thread

from kb.http.slow import SLOW_PREFIXES, SlowPages
from kb.http.threads import WORKER_THREADS


async def served(app, path: str) -> int:
    """One GET through an ASGI app: its status."""
    status = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        if message["type"] == "http.response.start":
            status.append(message["status"])

    await app({"type": "http", "method": "GET", "path": path, "headers": [], "query_string": b""}, receive, send)
    return status[0]


def test_ten_slow_pages_leave_a_thread_for_a_lookup():
    release = threading.Event()
    running = []  # slow pages inside the app at once, each time one starts
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

    async def scenario():
        anyio.to_thread.current_default_thread_limiter().total_tokens = WORKER_THREADS
        guarded = SlowPages(app)
        slow = [asyncio.create_task(served(guarded, "/read/side")) for _ in range(10)]
        await asyncio.sleep(0)
        with anyio.fail_after(30):  # bounds the test if the lookup is starved; no timing is asserted
            assert await served(guarded, "/rules/702.26b") == 200
            assert not any(task.done() for task in slow)  # the slow pages still wait for their release
            release.set()
            assert await asyncio.gather(*slow) == [200] * 10
        return running

    assert max(asyncio.run(scenario())) == 1
