"""/docs and /redoc offline (assets served by the app), CORS only for the origins given, the answer cache."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from kb.cli.app import cli
from kb.http.app import create_app
from tests.http_fixtures import copy_db, http_db

ORIGIN = "https://rules.example.org"


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    return http_db(tmp_path_factory)


@pytest.fixture(scope="module")
def client(db):
    with TestClient(create_app(db)) as client:
        yield client


def _urls(html: str) -> list[str]:
    return re.findall(r"""(?:src|href|url)\s*[=:]\s*["']([^"']+)["']""", html)


@pytest.mark.parametrize(
    "page, assets",
    [
        ("/docs", {"/docs-assets/swagger-ui-bundle.js", "/docs-assets/swagger-ui.css", "/docs-assets/favicon.png"}),
        ("/redoc", {"/docs-assets/redoc.standalone.js", "/docs-assets/favicon.png"}),
    ],
)
def test_api_documentation_needs_no_other_host(client, page, assets):
    html = client.get(page).text
    urls = _urls(html)
    assert set(urls) == assets | {"/openapi.json"}
    assert not re.search(r"https?://", html), "a URL of another host in " + page
    for url in assets:
        response = client.get(url)
        assert response.status_code == 200 and len(response.content) > 1000, url
    assert "SwaggerUIBundle" in client.get("/docs-assets/swagger-ui-bundle.js").text
    assert client.get("/openapi.json").json()["info"]["title"] == "mtgkb"


def test_no_cors_headers_by_default(client):
    response = client.get("/rules/702.26b", headers={"Origin": ORIGIN})
    assert response.status_code == 200 and "access-control-allow-origin" not in response.headers
    preflight = client.options("/cite", headers={"Origin": ORIGIN, "Access-Control-Request-Method": "POST"})
    assert "access-control-allow-origin" not in preflight.headers


def test_cors_for_the_origins_given(db):
    with TestClient(create_app(db, cors=[ORIGIN])) as client:
        preflight = client.options(
            "/cite",
            headers={
                "Origin": ORIGIN,
                "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "content-type",
            },
        )
        assert preflight.status_code == 200
        assert preflight.headers["access-control-allow-origin"] == ORIGIN
        assert "POST" in preflight.headers["access-control-allow-methods"]
        assert "content-type" in preflight.headers["access-control-allow-headers"].lower()
        response = client.get("/rules/702.26b", headers={"Origin": ORIGIN})
        assert response.headers["access-control-allow-origin"] == ORIGIN
        assert response.json()["ruleNumber"] == "702.26b"
        error = client.get("/rules/702.26q", headers={"Origin": ORIGIN})  # errors too, or a page cannot read them
        assert error.status_code == 404 and error.headers["access-control-allow-origin"] == ORIGIN
        other = client.options(
            "/cite", headers={"Origin": "https://elsewhere.example", "Access-Control-Request-Method": "POST"}
        )
        assert other.status_code == 400 and "access-control-allow-origin" not in other.headers


def test_cors_option_takes_only_origins(tmp_path):
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "x.db"), "serve", "--cors", "rules.example.org/x"])
    assert result.exit_code == 2 and "is not an origin" in result.output


def test_repeated_lookups_are_answered_from_memory_until_the_database_changes(db, tmp_path):
    from kb.api import KnowledgeBase
    from tests.conftest import corpus_path

    copy = copy_db(db, tmp_path, index=True)
    app = create_app(copy)
    with TestClient(app) as client:
        first = client.get("/editions").json()
        again = client.get("/editions").json()
        assert first == again
        cache = _cache(app)
        assert (cache.hits, cache.misses) == (1, 1)
        german = client.get("/rules/702.26b", headers={"Accept-Language": "de"})
        assert cache.misses == 2  # the interface language is part of the key
        assert german.headers["content-language"] == "de"
        writer = KnowledgeBase.open(copy)
        writer.import_paths([corpus_path("en", "full", "MagicCompRules_20230203.txt")], update_history=False)
        writer.close()
        after = client.get("/editions").json()
        assert len(after) == len(first) + 1  # the import is seen at once
        assert "MagicCompRules_20230203" in {d["name"] for d in after}


def _cache(app):
    from kb.http.cache import AnswerCache

    layer = app.middleware_stack
    while layer is not None and not isinstance(layer, AnswerCache):
        layer = getattr(layer, "app", None)
    assert layer is not None
    return layer
