"""The HTTP API through FastAPI's test client: payloads, errors, limits, read-only use."""

import json
import sqlite3

import pytest
from fastapi.testclient import TestClient

from kb.api import KnowledgeBase
from kb.http.app import create_app
from tests.conftest import ROOT, corpus_path
from tests.http_fixtures import http_db
from tests.waiting import Worker


@pytest.fixture(scope="module")
def db_path(tmp_path_factory):
    return http_db(tmp_path_factory)


@pytest.fixture(scope="module")
def client(db_path):
    return TestClient(create_app(db_path))


def test_rule_in_the_shape_bots_know(client):
    response = client.get("/rules/702.26b")
    assert response.status_code == 200
    data = response.json()
    assert data["ruleNumber"] == "702.26b" and data["edition"] == "2026-08-07"
    assert data["ruleText"].startswith("If a permanent phases out")
    assert len(data["examples"]) == 2
    assert data["navigation"] == {"previousRule": "702.26a", "nextRule": "702.26c", "parentRule": "702.26"}
    assert data["anchor"] == "#R70226b"
    assert data["cites"] == ["506.4"]


def test_children_on_request(client):
    data = client.get("/rules/702.26", params={"children": "true"}).json()
    assert [s["ruleNumber"] for s in data["subrules"]][:3] == ["702.26a", "702.26b", "702.26c"]
    assert len(data["subrules"]) == 14


def test_language_and_edition(client):
    data = client.get("/rules/702.26b", params={"lang": "ja"}).json()
    assert data["lang"] == "ja" and data["edition"] == "2023-11-17"
    assert data["ruleText"].startswith("パーマネントがフェイズ・アウトすると")


def test_unknown_rule_is_404_with_nearest(client):
    response = client.get("/rules/702.26q")
    assert response.status_code == 404
    assert "702.26p" in response.json()["suggestions"]
    assert client.get("/rules/702.26", params={"edition": "1990-01-01"}).status_code == 404


@pytest.mark.parametrize("number", ["..%2F..%2Fetc%2Fpasswd", "702.26b' OR '1'='1", "702;drop table rules", "x" * 300])
def test_hostile_numbers_are_400(client, number):
    response = client.get(f"/rules/{number}")
    assert response.status_code == 400
    assert response.json()["kind"] == "BadRuleNumber" and "is not a rule number" in response.json()["error"]


def test_sql_fragments_in_parameters_are_harmless(client):
    response = client.get("/rules/702.26b", params={"lang": "en' OR 1=1 --"})
    assert response.status_code == 400 and "no documents in language" in response.json()["error"]
    assert client.get("/rules/702.26b").status_code == 200


def test_cite(client):
    response = client.post("/cite", json={"text": "See CR 702.26b and Regel 702.23a.", "lang": "de"})
    assert response.status_code == 200
    found = response.json()
    assert [c["target"] for c in found] == ["702.26b", "702.23a"]
    assert found[0]["lang"] == "en" and found[0]["note"]  # no German 702.26b: English shown, and said so
    assert found[1]["lang"] == "de" and found[1]["rules"][0]["text"].startswith(
        "Instabilität ist eine statische Fähigkeit"
    )


def test_bad_bodies(client):
    assert client.post("/cite", json={"txt": "x"}).status_code == 422
    assert client.post("/cite", content=b"not json", headers={"content-type": "application/json"}).status_code == 422
    big = json.dumps({"text": "rule 702.26b " * 100_000})
    assert client.post("/cite", content=big, headers={"content-type": "application/json"}).status_code == 413


def test_editions_and_glossary(client):
    names = {d["name"] for d in client.get("/editions").json()}
    assert "MagicCompRules_20260807" in names and "000_a3c90cc092d5a721" in names
    entries = client.get("/glossary/Phasing").json()["entries"]
    assert entries[0]["term"] == "Phasing"
    assert client.get("/glossary/zzzznotaterm").status_code == 404


def test_the_database_is_opened_read_only(client):
    with pytest.raises(sqlite3.OperationalError, match="readonly database"):
        client.app.state.kb.conn.execute("delete from rules")


def test_committed_openapi_document_is_current(client):
    committed = json.loads((ROOT / "docs" / "openapi.json").read_text(encoding="utf-8"))
    assert committed == client.app.openapi()


def test_server_keeps_answering_while_a_document_is_replaced(tmp_path):
    import shutil
    import threading

    source = tmp_path / "MagicCompRules_20260807.txt"
    shutil.copy(corpus_path("en", "full", "MagicCompRules_20260807.txt"), source)
    path = tmp_path / "live.db"
    writer = KnowledgeBase.open(path)
    writer.import_file(source)
    client = TestClient(create_app(path))
    seen, stop = [], threading.Event()

    def read():
        while not stop.is_set():
            response = client.get("/rules/702.26", params={"children": "true"})
            seen.append((response.status_code, len(response.json().get("subrules", []))))

    thread = Worker(read)  # a failed request in it fails the test at join
    thread.start()
    original = source.read_text(encoding="utf-8")
    try:
        for round_ in range(3):  # new content each time (a trailing newline alone is "unchanged")
            source.write_text(
                original.replace("Phasing is a static ability", "Phasing is a static ability" + "!" * (round_ + 1)),
                encoding="utf-8",
            )
            assert writer.import_file(source).status == "replaced"
    finally:
        stop.set()
        thread.join()
    assert seen and set(seen) == {(200, 14)}


def test_search_over_http(client):
    response = client.get("/search", params={"q": "phased out token", "limit": 3})
    assert response.status_code == 200
    assert response.json()["results"][0]["number"] == "702.26d"
    empty = client.get("/search", params={"q": ""})
    assert empty.status_code == 400 and empty.json()["problems"][0]["field"] == "query.q"
    assert "q" in empty.json()["error"] and "empty" in empty.json()["error"]
    too_many = client.get("/search", params={"q": "x", "limit": 1000})
    assert too_many.status_code == 400 and too_many.json()["problems"][0]["message"] == "at most 100"


def test_body_problems_in_the_interface_language(client):
    response = client.post("/cite", json={"txt": "x"}, headers={"Accept-Language": "de"})
    assert response.status_code == 422
    problems = {p["field"]: p for p in response.json()["problems"]}
    assert problems["body.text"]["type"] == "missing"
    assert problems["body.text"]["message"] == "dieses Feld ist erforderlich"
    english = client.post("/cite", json={"txt": "x"}).json()["problems"]
    assert english[0]["message"] == "this field is required"
