"""Security headers on every answer of the server (kb.http.headers), and unknown paths of the reader
answered with the documented error body."""

import pytest
from fastapi.testclient import TestClient

from kb.api import KnowledgeBase
from kb.http.app import create_app
from tests.conftest import MINI

HTML = {"Accept": "text/html"}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    path = tmp_path_factory.mktemp("headers") / "kb.db"
    kb = KnowledgeBase.open(path)
    kb.import_file(MINI / "MiniRules_20260807.txt")
    kb.close()
    return TestClient(create_app(path))


@pytest.mark.parametrize(
    "method, path, headers, status",
    [
        ("GET", "/rules/100.1", {}, 200),
        ("GET", "/rules/100.1", HTML, 200),
        ("GET", "/rules/zzz", {}, 400),
        ("GET", "/rules/999.9", {}, 404),
        ("GET", "/", HTML, 200),
        ("GET", "/read/zzz", HTML, 404),
        ("GET", "/no/such/path", {}, 404),
        ("GET", "/editions", {}, 200),
        ("POST", "/cite", {}, 422),
        ("DELETE", "/editions", {}, 405),
        ("GET", "/openapi.json", {}, 200),
    ],
)
def test_every_answer_carries_the_security_headers(client, method, path, headers, status):
    answer = client.request(method, path, headers=headers)
    assert answer.status_code == status
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["x-frame-options"] == "DENY"
    policy = answer.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "script-src 'self';" in policy and "unsafe-inline" not in policy


def test_the_api_documentation_alone_may_run_its_inline_start(client):
    answer = client.get("/docs")
    assert answer.status_code == 200
    assert "script-src 'self' 'unsafe-inline'" in answer.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]


def test_an_unknown_reader_path_answers_the_documented_error_body(client):
    for headers in (HTML, {}):
        answer = client.get("/read/no-such-page", headers=headers)
        assert answer.status_code == 404
        assert answer.json() == {"error": "Not Found"}
