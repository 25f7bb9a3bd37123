"""README's table for HTTP: per route, bad input is 400 and not found is 404, each declared in the
OpenAPI document with the error body's schema; 405 names the allowed methods; a missing database
stops `serve` with exit 2."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from kb.cli.app import cli
from kb.http.app import create_app
from tests.conftest import ROOT
from tests.http_fixtures import http_db

# route -> (a request with bad input, a request for something that is not there)
CASES = {
    "/rules/{number}": (("GET", "/rules/..%2Fetc%2Fpasswd", None), ("GET", "/rules/702.26q", None)),
    "/editions": (("GET", "/editions?lang=xx", None), None),
    "/glossary/{term}": (("GET", "/glossary/%20", None), ("GET", "/glossary/zzzznotaterm", None)),
    "/cards/{name}": (("GET", "/cards/%20", None), ("GET", "/cards/zzzznotacard", None)),
    "/search": (("GET", "/search?q=phasing&lang=xx", None), ("GET", "/search?q=phasing&edition=1990-01-01", None)),
    "/cite": (
        ("POST", "/cite", {"text": "702.26b", "lang": "xx"}),
        ("POST", "/cite", {"text": "702.26b", "edition": "1990-01-01"}),
    ),
    "/check": (
        ("POST", "/check", {"text": "702.23a", "since": "2023-11-17", "lang": "xx"}),
        ("POST", "/check", {"text": "702.23a", "since": "1990-01-01"}),
    ),
    "/trace/{number}": (
        ("GET", "/trace/702.26b?to=2023-11-17&back=true", None),
        ("GET", "/trace/702.26q?edition=2026-08-07", None),
    ),
    "/diff": (
        ("GET", "/diff?old=2026-08-07&new=2026-08-07&lang=xx", None),
        ("GET", "/diff?old=1990-01-01&new=2026-08-07", None),
    ),
    "/crosscheck": (
        ("GET", "/crosscheck?a=702.23&b=%3A%3A", None),
        ("GET", "/crosscheck?a=de:702.99&b=en:702.26", None),
    ),
}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(http_db(tmp_path_factory))) as client:
        yield client


def _call(client, method, path, body):
    return client.request(method, path, json=body) if body is not None else client.request(method, path)


def test_every_api_route_has_a_case():
    """Academy Ruins' /cr, /diff/cr and /file/cr routes answer its own bodies: tests/corpus/test_http_academy*.py
    check them."""
    paths = json.loads((ROOT / "docs" / "openapi.json").read_text(encoding="utf-8"))["paths"]
    academy = {path for path in paths if path == "/cr" or path.startswith(("/cr/", "/file/cr", "/diff/cr"))}
    assert {"/cr", "/cr/toc", "/cr/trace/{rule_id}", "/diff/cr", "/file/cr", "/file/cr/{edition}"} <= academy
    assert set(paths) - academy == set(CASES)


@pytest.mark.parametrize("route", sorted(CASES))
def test_bad_input_is_400_and_not_found_is_404(client, route):
    bad, missing = CASES[route]
    response = _call(client, *bad)
    assert response.status_code == 400, response.text
    assert response.json()["error"]
    if missing is not None:
        response = _call(client, *missing)
        assert response.status_code == 404, response.text
        assert response.json()["error"]


@pytest.mark.parametrize("route", sorted(CASES))
def test_every_status_is_declared_with_the_error_schema(client, route):
    operation = next(iter(client.app.openapi()["paths"][route].values()))
    declared = operation["responses"]
    for status in ("400", "404", "503"):
        if status == "404" and CASES[route][1] is None:
            continue
        schema = declared[status]["content"]["application/json"]["schema"]
        assert schema == {"$ref": "#/components/schemas/ErrorBody"}, (route, status)
    if operation.get("requestBody"):
        assert {"413", "422"} <= set(declared)


def test_the_error_schema_says_what_a_failure_holds(client):
    schema = client.app.openapi()["components"]["schemas"]["ErrorBody"]
    assert schema["required"] == ["error"]
    assert set(schema["properties"]) == {"error", "suggestions", "problems", "kind", "counterparts"}


@pytest.mark.parametrize("route, name", [("/search", "q"), ("/crosscheck", "a"), ("/crosscheck", "b")])
def test_empty_parameters_are_declared_and_refused(client, route, name):
    parameters = client.app.openapi()["paths"][route]["get"]["parameters"]
    assert next(p for p in parameters if p["name"] == name)["schema"]["minLength"] == 1
    query = {"q": "", "a": "de:702.23", "b": "en:702.26"} if route == "/crosscheck" else {"q": ""}
    query[name] = ""
    response = client.get(route, params=query)
    assert response.status_code == 400
    assert response.json()["error"] == f"bad parameter {name}: must not be empty"


def test_405_names_the_allowed_methods(client):
    response = client.delete("/rules/702.26b")
    assert response.status_code == 405 and response.headers["allow"] == "GET"
    assert client.get("/cite").headers["allow"] == "POST"


def test_committed_openapi_document_is_current(client):
    committed = json.loads((ROOT / "docs" / "openapi.json").read_text(encoding="utf-8"))
    assert committed == client.app.openapi(), "run: python -m kb.http.openapi > docs/openapi.json"


def test_serve_refuses_what_is_not_a_database(tmp_path):
    not_sqlite = tmp_path / "notes.db"
    not_sqlite.write_text("these are notes, not a database\n")
    result = CliRunner().invoke(cli, ["--db", str(not_sqlite), "serve", "--port", "1"])
    assert result.exit_code == 2
    assert f"{not_sqlite}: not a usable mtgkb database" in result.output
    missing = tmp_path / "nothere" / "x.db"
    result = CliRunner().invoke(cli, ["--db", str(missing), "serve", "--port", "1"])
    assert result.exit_code == 2 and f"no database at {missing}" in result.output
    assert not missing.parent.exists()  # nothing created


def test_serve_refuses_an_empty_database(tmp_path):
    import sqlite3

    from kb.api import KnowledgeBase

    empty = tmp_path / "empty.db"
    KnowledgeBase.open(empty).close()  # the schema, no documents
    result = CliRunner().invoke(cli, ["--db", str(empty), "serve", "--port", "1"])
    assert result.exit_code == 2 and "holds no documents" in result.output
    sqlite3.connect(tmp_path / "other.db").execute("create table t (x)").connection.commit()
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "other.db"), "serve", "--port", "1"])
    assert result.exit_code == 2 and "other.db" in result.output


def test_a_fault_of_the_database_is_503_naming_it(tmp_path_factory, tmp_path):
    import shutil
    import sqlite3

    path = tmp_path / "damaged.db"
    shutil.copy(http_db(tmp_path_factory), path)
    with TestClient(create_app(path)) as client:
        assert client.get("/glossary/Phasing").status_code == 200
        with sqlite3.connect(path) as conn:  # another program drops a table under the running server
            conn.execute("drop table glossary")
        answer = client.get("/glossary/Deathtouch")
    assert answer.status_code == 503
    body = answer.json()
    assert body["kind"] == "DatabaseError" and "damaged.db" in body["error"] and "repair" in body["error"]
