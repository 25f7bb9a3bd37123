"""The reader's search page links each rule of what a named card's text says, and each rule of how
the named cards interact, to its rule page ("Also searched for"), as the card page does.

Real cards (tests/data/cards/README.md) read against the English rules of 2026-08-07."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from fastapi.testclient import TestClient

from kb.api import KnowledgeBase
from kb.http.app import create_app
from kb.reader.pages import _rule_linked
from tests.conftest import ROOT, corpus_path

REAL_CARDS = ROOT / "tests" / "data" / "cards" / "scryfall-2019-named-in-real-questions.json"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    path: Path = tmp_path_factory.mktemp("search-card-links") / "cards.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), REAL_CARDS], keep_going=False)
    kb.close()
    with TestClient(create_app(path)) as opened:
        yield opened


def expansions(client, query: str):
    page = client.get("/read/search", params={"q": query})
    assert page.status_code == 200
    line = BeautifulSoup(page.text, "html.parser").select_one("p.expansions")
    assert line is not None
    return line


def test_what_a_named_cards_text_says_links_its_rule(client):
    line = expansions(client, "Does Platinum Angel stop me from losing the game?")
    assert "can't lose the game → 104.3" in line.get_text()
    links = {a.get_text(): a["href"] for a in line.find_all("a")}
    assert links["104.3"] == "/rules/104.3"
    assert links["Platinum Angel"].startswith("/read/card/")  # the card's name links its page, as before
    assert client.get(links["104.3"]).status_code == 200


def test_the_rules_of_two_named_cards_together_are_links(client):
    line = expansions(client, "Blood Moon and Lightning Greaves: which applies first?")
    hrefs = [a["href"] for a in line.find_all("a")]
    for number in ("613.1", "613.7", "613.8"):
        assert f"/rules/{number}" in hrefs
        assert client.get(f"/rules/{number}").status_code == 200


@pytest.mark.parametrize(
    "entry, linked",
    [
        ("can't lose the game → 104.3", ("can't lose the game → ", "104.3")),
        ("613.1", ("", "613.1")),
        ("Enters the Battlefield", ("Enters the Battlefield", None)),
        ("layer", ("layer", None)),
        ("a → b", ("a → b", None)),
    ],
)
def test_only_a_rule_number_is_linked(entry, linked):
    assert _rule_linked(entry) == linked


def test_the_link_to_a_split_cards_page_answers(client):
    """A split card's name holds slashes: its link (%2F) answered 404 from the card route."""
    name = "Who // What // When // Where // Why"
    line = expansions(client, name)
    href = next(a["href"] for a in line.find_all("a") if a.get_text() == name)
    assert "%2F%2F" in href
    page = client.get(href)
    assert page.status_code == 200
    assert BeautifulSoup(page.text, "html.parser").select_one("h1").get_text().startswith(name)
