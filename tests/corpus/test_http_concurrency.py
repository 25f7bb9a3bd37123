"""A real `mtgkb serve` on the loopback: a slow request does not hold up rule lookups, idle and slow
connections are closed, and each worker thread reads through a connection of its own."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time

import pytest
from fastapi.testclient import TestClient

from kb.http.app import create_app
from tests.http_fixtures import http_db, running_server


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    return http_db(tmp_path_factory)


def _get(port: int, path: str) -> tuple[int, dict]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    connection.request("GET", path, headers={"Accept": "application/json"})
    response = connection.getresponse()
    return response.status, json.loads(response.read())


def test_rule_lookups_answer_while_a_big_cite_runs(db):
    # 1 MB citing 702.26b 55,555 times: seconds of parsing before the 413. Every lookup sent
    # after it started must come back while it is still running.
    body = json.dumps({"text": ("See rule 702.26b. " * 60_000)[:1_000_000]}).encode()
    with running_server(db) as port:
        done = threading.Event()
        outcome: dict = {}

        def post() -> None:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
            connection.request("POST", "/cite", body=body, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            outcome["status"], outcome["body"] = response.status, json.loads(response.read())
            done.set()

        thread = threading.Thread(target=post)
        thread.start()
        time.sleep(0.5)  # the body is in and being read
        answers = []
        for number in ("702.26b", "702.26a", "100.1", "704.5d", "312.1"):
            answers.append(_get(port, f"/rules/{number}"))
            answers.append((done.is_set(), None))
        thread.join()
    statuses = [a for a in answers[0::2]]
    assert [(status, data["ruleNumber"]) for status, data in statuses] == [
        (200, "702.26b"), (200, "702.26a"), (200, "100.1"), (200, "704.5d"), (200, "312.1")]
    assert not any(finished for finished, _none in answers[1::2]), "a lookup waited for the big /cite"
    assert outcome["status"] == 413
    assert "55555" in outcome["body"]["error"] and "1000" in outcome["body"]["error"]


def _partial_header_connections(port: int, count: int) -> list[socket.socket]:
    sockets = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        sock.sendall(b"GET /rules/702.26b HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # never ends its headers
        sockets.append(sock)
    return sockets


def _answered_then_idle(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(b"GET /editions HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(65536)
    header, _sep, body = head.partition(b"\r\n\r\n")
    length = int(next(line.split(b":")[1] for line in header.split(b"\r\n") if line.lower().startswith(b"content-length")))
    while len(body) < length:
        body += sock.recv(65536)
    assert header.startswith(b"HTTP/1.1 200")
    return sock


def test_slow_and_idle_connections_are_closed(db):
    with running_server(db, "--header-timeout", "1", "--keep-alive", "1") as port:
        slow = _partial_header_connections(port, 5)
        idle = [socket.create_connection(("127.0.0.1", port), timeout=30) for _ in range(2)]
        idle.append(_answered_then_idle(port))
        # The server closes them: recv returns b"" (end of stream) instead of waiting for ever.
        closed = []
        for sock in slow + idle:
            try:
                closed.append(sock.recv(1024) == b"")
            finally:
                sock.close()
        assert closed == [True] * 8
        assert _get(port, "/rules/702.26b")[0] == 200  # and keeps serving others


def test_each_worker_thread_has_its_own_read_only_connection(db):
    app = create_app(db)
    seen: list = []
    facades = app.state.facades
    together = threading.Barrier(3)  # all three alive at once, so no thread is a reused one

    def remember() -> None:
        kb = facades.get()
        assert facades.get() is kb  # kept for the thread
        seen.append(kb.conn)
        together.wait(timeout=60)

    threads = [threading.Thread(target=remember) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({id(conn) for conn in seen}) == 3
    for conn in seen:
        with pytest.raises(Exception, match="readonly"):
            conn.execute("delete from rules")
    with TestClient(app) as client:
        assert client.get("/rules/702.26b").json()["ruleNumber"] == "702.26b"
        assert facades.opened >= 4  # the request's worker thread opened its own
    assert facades.opened == 0  # all closed at shutdown


def test_the_lane_thread_answers_in_order_ends_when_idle_and_starts_again(monkeypatch):
    import asyncio

    from kb.http.rule_lane import LookupThread

    monkeypatch.setattr(LookupThread, "IDLE", 0.05)
    threads: list[str] = []
    exits: list[str] = []

    def answer(request: dict) -> bytes:
        threads.append(threading.current_thread().name)
        return request["number"].encode()

    lane = LookupThread(answer, lambda: exits.append(threading.current_thread().name))

    async def ask(numbers: list[str]) -> list:
        return await asyncio.gather(*(lane.run({"number": n}) for n in numbers))

    numbers = [f"702.{n}" for n in range(50)]
    assert asyncio.run(ask(numbers)) == [n.encode() for n in numbers]
    assert set(threads) == {"mtgkb-rule-lane"}  # one thread of its own, not the caller's
    deadline = time.monotonic() + 5
    while lane._thread is not None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert lane._thread is None and exits == ["mtgkb-rule-lane"]  # idle: it ended, closing its facade
    assert asyncio.run(ask(["100.1"])) == [b"100.1"]  # and starts again
    failing = LookupThread(lambda request: 1 / 0, lambda: None)
    assert asyncio.run(failing.run({})) is None  # a lookup that fails is the route's to answer


def test_the_lane_thread_closes_its_facade_when_it_ends(db, monkeypatch):
    from kb.http.rule_lane import LookupThread

    monkeypatch.setattr(LookupThread, "IDLE", 0.05)
    app = create_app(db)
    facades = app.state.facades
    with TestClient(app) as client:
        assert client.get("/rules/702.26b").json()["ruleNumber"] == "702.26b"  # the lane's thread opened one
        opened = facades.opened
        deadline = time.monotonic() + 5
        while facades.opened == opened and time.monotonic() < deadline:
            time.sleep(0.01)
        assert facades.opened == opened - 1
        assert client.get("/rules/702.26c").json()["ruleNumber"] == "702.26c"
