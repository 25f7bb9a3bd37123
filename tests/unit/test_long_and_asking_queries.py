"""A query of 10,000 characters, or one made only of question words, in each language the search reads,
is answered (its cut said) or refused as a query of question words, in every front end: the facade,
the CLI, HTTP's /search, the reader's search page and MCP's search tool (issue 41, "Bad input"). A
refusal shows a long query cut: it repeated 500 characters of a pasted paragraph back."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from urllib.parse import quote

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli.app import cli
from kb.search.asking import SHOWN_CHARS, OnlyQuestionWords
from kb.search.parse import MAX_QUERY_CHARS
from tests.conftest import MINI

LONG = 10_000
# Question words only, and a question that says something, in each language the search reads
ASKING = {
    "en": "what who when why ",
    "de": "was warum wann ",
    "ru": "что почему зачем ",
    "ja": "何 なぜ どうして ",
    "zh": "什么 为什么 怎么 ",
}
SAYING = {
    "en": "what happens when a player draws from an empty library ",
    "de": "was passiert wenn ein Spieler aus einer leeren Bibliothek zieht ",
    "ru": "что происходит если игрок берет карту из пустой библиотеки ",
}
CUT = "the query was cut"
ONLY = "only question words"


def long(words: str) -> str:
    return (words * (LONG // len(words) + 1))[:LONG]


QUERIES = [pytest.param(long(text), id=f"asking-{lang}") for lang, text in ASKING.items()] + [
    pytest.param(long(text), id=f"saying-{lang}") for lang, text in SAYING.items()
]


@pytest.fixture(scope="module")
def mini_db(tmp_path_factory) -> Path:
    """One small CR-shaped document (tests/data/mini), with its search index."""
    path = tmp_path_factory.mktemp("long-queries") / "mini.db"
    kb = KnowledgeBase.open(path)
    kb.import_file(MINI / "MiniRules_20260807.txt")
    kb.reindex()
    kb.close()
    return path


def _refusal_is_short(message: str) -> None:
    assert ONLY in message and "…" in message
    assert len(message) < SHOWN_CHARS + 300, message  # the query shown cut, not 500 characters of it


@pytest.mark.parametrize("query", QUERIES)
def test_the_facade_answers_with_the_cut_said_or_refuses_briefly(mini_db, query):
    kb = KnowledgeBase.open(mini_db, readonly=True)
    try:
        found = kb.search(query)
    except OnlyQuestionWords as refused:
        _refusal_is_short(str(refused))
        return
    finally:
        kb.close()
    assert len(found.query) <= MAX_QUERY_CHARS
    assert any(CUT in warning for warning in found.warnings)


@pytest.mark.parametrize("query", QUERIES)
def test_the_cli_http_reader_and_mcp_answer_alike(mini_db, query):
    from fastapi.testclient import TestClient
    from mcp import Client

    from kb.http.app import create_app
    from kb.mcp.server import build_server

    shown = CliRunner().invoke(cli, ["--db", str(mini_db), "search", query, "--json"])
    assert shown.exit_code in (0, 2), shown.output
    payload = json.loads(shown.stdout)
    # A URL holds at most 64 KB in the test client: 10,000 kana or kanji are 90 KB percent-encoded, so
    # a GET carries the first 3,000 of them (still six times what the search reads); POST /search takes
    # the whole query in its body
    sent = query if len(quote(query)) < 60_000 else query[:3000]
    with TestClient(create_app(mini_db)) as client:
        api = client.get("/search", params={"q": sent})
        posted = client.post("/search", json={"q": query})
        page = client.get("/read/search", params={"q": sent})
    server = build_server(KnowledgeBase.open(mini_db, readonly=True))

    async def scenario():
        async with Client(server) as mcp:
            return await mcp.call_tool("search", {"query": query})

    try:
        tool = asyncio.run(scenario())
    finally:
        server.close()
    if shown.exit_code == 2:  # refused: alike everywhere
        _refusal_is_short(payload["error"])
        assert payload["kind"] == "OnlyQuestionWords"
        assert api.status_code == 400 and api.json()["kind"] == "OnlyQuestionWords"
        assert posted.status_code == 400 and posted.json()["kind"] == "OnlyQuestionWords"
        assert page.status_code == 400 and ONLY in page.text
        assert tool.is_error and ONLY in tool.content[0].text
    else:  # answered, the cut said: alike everywhere
        assert any(CUT in warning for warning in payload["warnings"])
        assert api.status_code == 200 and any(CUT in warning for warning in api.json()["warnings"])
        assert posted.status_code == 200 and posted.json()["query"] == payload["query"]
        assert page.status_code == 200 and CUT in page.text
        assert not tool.is_error and any(CUT in warning for warning in tool.structured_content["warnings"])


def test_a_piece_without_letters_is_not_listed_among_the_question_words(mini_db):
    kb = KnowledgeBase.open(mini_db, readonly=True)
    with pytest.raises(OnlyQuestionWords) as refused:
        kb.search("What // Why")
    kb.close()
    assert "(What, Why)" in str(refused.value)  # it said "(What, //, Why)"


def test_post_search_answers_as_get_and_refuses_a_body_that_does_not_fit(mini_db):
    from fastapi.testclient import TestClient

    from kb.http.app import create_app

    with TestClient(create_app(mini_db)) as client:
        got = client.get("/search", params={"q": "phasing", "limit": 3})
        posted = client.post("/search", json={"q": "phasing", "limit": 3})
        empty = client.post("/search", json={"q": ""})
        loose = client.post("/search", json={"q": "phasing", "limit": "3"})  # strict types, as /cite
        too_many = client.post("/search", json={"q": "phasing", "limit": 1000})
        whole = client.post("/search", json={"q": "phasing", "limit": 3.0})  # a JSON integer all the same
        part = client.post("/search", json={"q": "phasing", "limit": 2.5})
    assert got.status_code == posted.status_code == 200
    assert [r["number"] for r in posted.json()["results"]] == [r["number"] for r in got.json()["results"]]
    assert posted.json()["results"]  # the mini rules hold phasing
    assert whole.status_code == 200 and whole.json()["results"] == posted.json()["results"]
    for refused, field in ((empty, "q"), (loose, "limit"), (too_many, "limit"), (part, "limit")):
        assert refused.status_code == 422, refused.text
        assert any(field in problem for problem in map(str, refused.json()["problems"]))
