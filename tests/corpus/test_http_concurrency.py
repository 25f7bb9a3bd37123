"""A real `mtgkb serve` on the loopback: a slow request does not hold up rule lookups, idle and slow
connections are closed, and each worker thread reads through a connection of its own."""

from __future__ import annotations

import http.client
import json
import socket
import threading
from contextlib import contextmanager

import pytest
import uvicorn
from fastapi.testclient import TestClient

from kb.api import KnowledgeBase
from kb.http.app import create_app
from tests.http_fixtures import free_port, http_db, running_server
from tests.waiting import DEADLINE, Worker, wait_until


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    return http_db(tmp_path_factory)


def _get(port: int, path: str) -> tuple[int, dict]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=DEADLINE)
    connection.request("GET", path, headers={"Accept": "application/json"})
    response = connection.getresponse()
    return response.status, json.loads(response.read())


def _post(port: int, path: str, body: bytes) -> tuple[int, object]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    return response.status, json.loads(response.read())


@contextmanager
def served_in_this_process(app):
    """``app`` served by uvicorn on a free loopback port from a thread of this process (so that a test can
    hold one of its routes), until the block ends; yields the port."""
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=free_port(), log_level="warning"))
    thread = Worker(server.run)
    thread.start()
    try:
        wait_until(lambda: server.started or not thread.is_alive(), "the server to start")
        assert server.started, "the server did not start"
        yield server.config.port
    finally:
        server.should_exit = True
        thread.join()


def test_rule_lookups_answer_while_a_slow_request_is_held(db, monkeypatch):
    # A /cite that cannot finish until the lookups are answered: held on an event inside the facade's
    # cite, in its request thread. Each lookup must come back within its own bound (DEADLINE, a
    # minute: generous, it measures nothing); a lookup queued behind the held request would never
    # come back, and its time-out fails the test. Nothing here depends on which request ends first.
    entered, release = threading.Event(), threading.Event()
    cite = KnowledgeBase.cite

    def held(self, *args, **kwargs):
        entered.set()
        if not release.wait(timeout=DEADLINE * 2):
            raise AssertionError("the held /cite was never released")
        return cite(self, *args, **kwargs)

    monkeypatch.setattr(KnowledgeBase, "cite", held)
    with served_in_this_process(create_app(db)) as port:
        post = Worker(_post, port, "/cite", json.dumps({"text": "See rule 702.26b."}).encode())
        post.start()
        try:
            wait_until(entered.is_set, "the /cite to reach its request thread")
            answers = [_get(port, f"/rules/{number}") for number in ("702.26b", "702.26a", "100.1", "704.5d", "312.1")]
        finally:
            release.set()
            post.join()
    assert [(status, data["ruleNumber"]) for status, data in answers] == [
        (200, "702.26b"),
        (200, "702.26a"),
        (200, "100.1"),
        (200, "704.5d"),
        (200, "312.1"),
    ]
    status, cited = post.result
    assert status == 200 and [c["target"] for c in cited] == ["702.26b"]


def test_a_big_cite_is_refused_with_its_counts_and_the_server_answers_on(db):
    # 1 MB citing 702.26b 55,555 times: more than the 1,000 citations a /cite may hold.
    body = json.dumps({"text": ("See rule 702.26b. " * 60_000)[:1_000_000]}).encode()
    with running_server(db) as port:
        status, answer = _post(port, "/cite", body)
        assert status == 413
        assert "55555" in answer["error"] and "1000" in answer["error"]
        status, rule = _get(port, "/rules/702.26b")
        assert status == 200 and rule["ruleNumber"] == "702.26b"


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
    length = int(
        next(line.split(b":")[1] for line in header.split(b"\r\n") if line.lower().startswith(b"content-length"))
    )
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
    finish = threading.Event()

    def remember() -> None:
        kb = facades.get()
        assert facades.get() is kb  # kept for the thread
        seen.append(kb.conn)
        together.wait(timeout=DEADLINE)
        assert finish.wait(timeout=DEADLINE), "the test never let the thread end"

    threads = [Worker(remember) for _ in range(3)]
    for thread in threads:
        thread.start()
    wait_until(lambda: len(seen) == 3, "three threads to open their facades")
    assert len({id(conn) for conn in seen}) == 3
    for conn in seen:
        with pytest.raises(Exception, match="readonly"):
            conn.execute("delete from rules")
    with TestClient(app) as client:
        assert client.get("/rules/702.26b").json()["ruleNumber"] == "702.26b"
        assert facades.opened == 4  # the request's worker thread opened its own
        finish.set()
        for thread in threads:
            thread.join()
        facades.get()  # a thread that opens one closes those of the threads that ended
        assert facades.opened == 2
        with pytest.raises(Exception, match="closed"):
            seen[0].execute("select 1")
    assert facades.opened == 0  # all closed at shutdown


def test_a_streamed_page_reads_through_a_facade_of_its_own(db, monkeypatch):
    """A whole document streams in pieces, each written in whichever request thread is free, through a
    connection of the page's own that is closed at its end; the threads' facades are not touched."""
    import kb.reader.routes as routes

    app = create_app(db)
    facades = app.state.facades
    with TestClient(app) as client:
        name = client.get("/editions", params={"lang": "en"}).json()[0]["name"]
        opened = facades.opened
        closed: list = []
        original = routes.streamed

        def watched(pieces, lang, kb=None):
            closed.append(kb)
            yield from original(pieces, lang, kb)

        monkeypatch.setattr(routes, "streamed", watched)
        page = client.get(f"/read/doc/{name}", headers={"Accept": "text/html"})
        assert page.status_code == 200 and page.text.rstrip().endswith("</html>")
        assert page.text.count('id="R') > 3000  # every rule of the document
        assert len(closed) == 1 and closed[0] is not None and closed[0] not in facades._opened.values()
        with pytest.raises(Exception, match="closed"):
            closed[0].conn.execute("select 1")
        assert facades.opened <= max(opened, 1)
