"""What Academy Ruins refuses under /cr and /file/cr is refused the same way (status and body), nothing
is a 5xx, and its read-only paths answer every origin (lunakv/academyruins-api at f81bf2c: src/cr/router.py
for the bodies, src/main.py for the 422 handler and CORS)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from kb.http.app import create_app
from tests.http_fixtures import http_db


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(http_db(tmp_path_factory))) as client:
        yield client


@pytest.mark.parametrize(
    "number", ["trample", "100", "1", "702.26B", "CR 702.26b", "702.26b.", "999.99", "7" * 80, "702.26 ex"]
)
def test_what_is_no_rule_number_is_rule_not_found(client, number):
    for path in (f"/cr/{number}", f"/cr/example/{number}"):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.json() == {"detail": "Rule not found", "ruleNumber": number}


@pytest.mark.parametrize(
    "path, name",
    [
        ("/cr/702.3?find_definition=maybe", "find_definition"),
        ("/cr/glossary/flying?fuzzy=2", "fuzzy"),
        ("/cr/glossary/flying?unofficial=perhaps", "unofficial"),
    ],
)
def test_a_bad_boolean_is_422_with_one_detail(client, path, name):
    answer = client.get(path)
    body = answer.json()
    assert answer.status_code == 422 and list(body) == ["detail"]
    assert body["detail"].startswith("1 validation error:") and f"'{name}'" in body["detail"]
    assert "File " not in body["detail"]  # no place in the code


def test_missing_entries_paths_and_methods(client):
    assert client.get("/cr/glossary/CLOWNS").json() == {"detail": "Entry not found."}
    assert client.get("/cr/glossary/" + "x" * 300, params={"fuzzy": "true"}).status_code == 404
    for path in ("/cr/a/b", "/file/cr/2026-08-07/x", "/cr/glossary/a/b"):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.json() == {"detail": "Not Found"}
    for method, path in (("POST", "/cr"), ("DELETE", "/cr/702.3"), ("PUT", "/file/cr"), ("POST", "/cr/toc")):
        answer = client.request(method, path)
        assert answer.status_code == 405 and answer.json() == {"detail": "Method Not Allowed"}
        assert answer.headers["allow"] == "GET"


def test_mtgkbs_own_parameters_answer_a_detail_too(client):
    answer = client.get("/cr/702.3", params={"lang": "xx"})
    body = answer.json()
    assert answer.status_code == 400 and body["detail"] == body["error"] and body["kind"] == "UnknownLanguage"
    missing = client.get("/file/cr/1990-01-01").json()
    assert missing["detail"] == missing["error"]


STRANGE = [
    "/cr/%00",
    "/cr/..%2F..%2Fetc%2Fpasswd",
    "/cr/%FF%FE",
    "/cr/example/%00",
    "/cr/glossary/%00",
    "/cr/glossary/%20",
    "/cr/glossary/%E2%80%9C",
    "/cr/702.3?find_definition=",
    "/cr?lang=" + "x" * 40,
    "/cr/toc?edition=" + "9" * 100,
    "/file/cr/%00",
    "/file/cr?lang=%00",
    "/cr/keywords?edition=2026-13-45",
]


@pytest.mark.parametrize("path", STRANGE)
def test_nothing_is_a_5xx(client, path):
    answer = client.get(path)
    assert answer.status_code < 500, answer.text
    assert answer.status_code == 200 or "detail" in answer.json()


def test_every_origin_may_read_academy_ruins_paths(client):
    origin = {"Origin": "https://quiz.example"}
    for path in ("/cr", "/cr/702.3", "/cr/glossary/flying", "/cr/missing", "/file/cr"):
        assert client.get(path, headers=origin).headers["access-control-allow-origin"] == "*"
    assert "access-control-allow-credentials" not in client.get("/cr/702.3", headers=origin).headers
    preflight = client.options(
        "/cr/702.3", headers={**origin, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "x-a"}
    )
    assert preflight.status_code == 200 and preflight.headers["access-control-allow-origin"] == "*"
    assert preflight.headers["access-control-allow-headers"] == "x-a"
    assert "access-control-allow-origin" not in client.get("/editions", headers=origin).headers  # --cors only


def test_cors_origins_still_govern_the_rest(tmp_path_factory):
    with TestClient(create_app(http_db(tmp_path_factory), cors=["https://reader.example"])) as client:
        named = {"Origin": "https://reader.example"}
        assert client.get("/editions", headers=named).headers["access-control-allow-origin"] == "https://reader.example"
        other = {"Origin": "https://quiz.example"}
        assert "access-control-allow-origin" not in client.get("/editions", headers=other).headers
        assert client.get("/cr/702.3", headers=other).headers["access-control-allow-origin"] == "*"
