"""The reader's search page with the input a user pastes or mistypes: a query of 10,000 characters is
answered as an HTML page that says it was cut (it was a bare JSON error), and the search's notes (a
query of question words only) are shown on the page. Real cards (tests/data/cards/README.md), English
rules of 2026-08-07."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from fastapi.testclient import TestClient

from kb.api import KnowledgeBase
from kb.http.app import create_app
from kb.search.parse import MAX_QUERY_CHARS
from tests.conftest import ROOT, corpus_path

REAL_CARDS = ROOT / "tests" / "data" / "cards" / "scryfall-2019-named-in-real-questions.json"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    path: Path = tmp_path_factory.mktemp("search-input") / "cards.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), REAL_CARDS], keep_going=False)
    kb.close()
    with TestClient(create_app(path)) as opened:
        yield opened


def notes(page) -> list[str]:
    return [p.get_text() for p in BeautifulSoup(page.text, "html.parser").select("p.note")]


def test_a_query_of_ten_thousand_characters_is_answered_and_said_to_be_cut(client):
    query = ("Does Platinum Angel stop me from losing the game when my life total is 0? " * 140)[:10_000]
    page = client.get("/read/search", params={"q": query})
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    said = notes(page)
    assert any("cut" in note and str(MAX_QUERY_CHARS) in note for note in said)
    assert BeautifulSoup(page.text, "html.parser").select("ol.results li")  # answered


def test_a_query_of_question_words_that_matches_says_so_on_the_page(client):
    page = client.get("/read/search", params={"q": "what happens"})
    assert page.status_code == 200
    assert any("question words" in note for note in notes(page))


def test_an_ordinary_query_has_no_note(client):
    assert notes(client.get("/read/search", params={"q": "phasing"})) == []
