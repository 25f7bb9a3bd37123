"""Bounded work per request: body size and time, citations per text, answer size; no index built in a request."""

from __future__ import annotations

import asyncio
import json
import os

import pytest
from fastapi.testclient import TestClient

from kb.http import limits
from kb.http.app import create_app
from kb.http.limits import BodyLimit, BoundedJSON
from tests.http_fixtures import copy_db, http_db, unindexed_db


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(http_db(tmp_path_factory))) as client:
        yield client


def test_a_text_citing_too_many_rules_is_refused_before_resolving(client):
    response = client.post("/cite", json={"text": "CR 702.26b, " * 1001})
    assert response.status_code == 413
    assert response.json()["error"] == "the text cites 1001 rules; at most 1000 are answered per request"
    checked = client.post("/check", json={"text": "rule 702.23a " * 1500, "since": "2023-11-17"})
    assert checked.status_code == 413 and "1500" in checked.json()["error"]


def test_a_text_within_the_limit_is_answered_whole(client):
    found = client.post("/cite", json={"text": "See rule 702.26b. " * 1000}).json()
    assert len(found) == 1000 and {c["target"] for c in found} == {"702.26b"}


def test_a_body_over_one_megabyte_is_refused_unread(client):
    big = json.dumps({"text": "x" * (limits.MAX_BODY + 1)})
    response = client.post("/cite", content=big, headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"] == "the body is larger than 1048576 bytes"


def test_an_answer_over_the_limit_is_413_not_megabytes(client, monkeypatch):
    whole = client.get("/rules/702.26", params={"children": "true"})
    assert whole.status_code == 200 and len(whole.content) > 10_000
    monkeypatch.setattr(limits, "MAX_ANSWER", 10_000)
    response = client.get("/rules/702.26", params={"children": "true", "lang": "en"})
    assert response.status_code == 413
    assert response.json()["error"].startswith(f"the answer would be {len(whole.content)} bytes; at most 10000")


def test_bounded_json_renders_what_fits():
    assert BoundedJSON({"ruleNumber": "702.26b", "text": "ü"}).body == '{"ruleNumber":"702.26b","text":"ü"}'.encode()


def test_a_body_that_trickles_in_gets_408():
    sent: list[dict] = []

    async def never_done() -> dict:
        await asyncio.sleep(0.05)
        return {"type": "http.request", "body": b"x", "more_body": True}

    async def send(message: dict) -> None:
        sent.append(message)

    async def app(scope, receive, send):  # never reached
        raise AssertionError("the app saw a body that never arrived")

    scope = {"type": "http", "method": "POST", "headers": [(b"content-length", b"100")]}
    asyncio.run(BodyLimit(app, seconds=0.3)(scope, never_done, send))
    assert sent[0]["status"] == 408
    assert json.loads(sent[1]["body"]) == {"error": "the body did not arrive within 0.3 s"}


def test_search_without_an_index_is_503_at_once_and_builds_nothing(tmp_path_factory):
    db = unindexed_db(tmp_path_factory)
    with TestClient(create_app(db)) as client:
        response = client.get("/search", params={"q": "phasing"})
        assert response.status_code == 503
        assert "mtgkb reindex" in response.json()["error"] and "no search index" in response.json()["error"]
        assert client.get("/rules/702.26b").status_code == 200  # everything else works
    assert not os.path.exists(f"{db}.search")


def test_search_on_an_index_older_than_the_database_is_503(tmp_path, tmp_path_factory):
    from kb.api import KnowledgeBase
    from tests.conftest import corpus_path

    db = copy_db(http_db(tmp_path_factory), tmp_path, index=True)
    writer = KnowledgeBase.open(db)
    writer.import_paths([corpus_path("en", "full", "MagicCompRules_20230203.txt")], update_history=False)
    writer.close()
    with TestClient(create_app(db)) as client:
        response = client.get("/search", params={"q": "phasing"})
        assert response.status_code == 503 and "older than the database" in response.json()["error"]
        writer = KnowledgeBase.open(db)
        writer.reindex()
        writer.close()
        assert client.get("/search", params={"q": "phasing"}).json()["results"][0]["number"] == "702.26"
