"""Questions that name a card: the card set apart on the raw text, the rest read as a question, both
applied (kb.search.engine._read), on cards made for the test (tests/data/cards/README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.search.cards import set_apart
from tests.conftest import ROOT, corpus_path

MADE = ROOT / "tests" / "data" / "cards" / "made-known-cards.json"


@pytest.fixture(scope="module")
def made_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("card-questions") / "made.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), MADE], keep_going=False)
    kb.close()
    return path


def numbers(found, top: int) -> list[str]:
    return [result.number for result in found.results[:top]]


def test_the_cards_are_set_apart_from_the_rest_of_the_question(made_db):
    kb = KnowledgeBase.open(made_db, readonly=True)
    apart = set_apart(kb.store, "Humility is in play and someone plays Quicksilver Dagger. Which is it?")
    assert apart.rest == "is in play and someone plays . Which is it?"
    assert list(apart.named) == ["Humility", "Quicksilver Dagger"]
    assert "Enchant" in apart.named["Quicksilver Dagger"] and "(Enchant OR" in apart.terms
    assert apart.rules == ["702.5a"]  # Enchant, the one keyword of the two
    plain = set_apart(kb.store, "what does haste do")
    assert (plain.rest, plain.terms, plain.named, plain.rules) == ("what does haste do", "", {}, [])


def test_a_question_naming_a_card_is_read_as_a_question_and_as_the_card(made_db):
    kb = KnowledgeBase.open(made_db, readonly=True)
    found = kb.search("what happens if my creature with Lightning Greaves dies", langs=["en"])
    assert found.expansions["dies"] == ["put into a graveyard from the battlefield"]  # the players' words
    assert found.expansions["Lightning Greaves"] == ["Haste", "Shroud", "Equip"]  # and the card's terms
    assert found.cards == ["Lightning Greaves"]
    # what the question asks first; the card's keywords (haste, shroud) and its Equipment rules (301.5: what
    # becomes of Equipment whose creature left) among the first six, fused beside the answer, not placed above
    top = numbers(found, 6)
    assert top[0] == "700.4" and {"702.10b", "702.18a", "301.5"} <= set(top)


def test_a_card_with_flying_and_haste_asked_about_finds_both_keywords(made_db):
    kb = KnowledgeBase.open(made_db, readonly=True)
    found = kb.search("can Stormbreath Dragon attack the turn it is cast", langs=["en"])
    assert found.expansions["Stormbreath Dragon"] == ["Flying", "Haste", "Protection"]
    assert {"702.9b", "702.10b"} <= set(numbers(found, 3))


def test_a_query_in_the_query_language_keeps_the_card_in_place(made_db):
    kb = KnowledgeBase.open(made_db, readonly=True)
    found = kb.search('Stormbreath Dragon AND "protection from"', langs=["en"])
    assert found.cards == ["Stormbreath Dragon"]
    assert numbers(found, 1) and numbers(found, 1)[0].startswith("702.16")


# ---- `cite`: the cards a free text names ----------------------------------------------------------


def test_cite_reports_each_card_named_with_its_terms_and_rules(made_db):
    kb = KnowledgeBase.open(made_db, readonly=True)
    text = "Platinum Angel: you can't lose (CR 104.3a). With Humility out, humility aside, Humility wins."
    named = kb.cite_cards(text)
    assert [(c.name, c.mentions) for c in named.cards] == [("Platinum Angel", 1), ("Humility", 2)]  # not "humility"
    angel = named.cards[0]
    assert (angel.start, angel.end) == (0, 14) and not named.truncated
    rules = {link.term: link.rule for link in angel.terms}
    assert rules["Flying"] == "702.9b" and rules["can't"] == "101.2"
    assert kb.cite_cards("no card at all, see 702.9b").cards == []


def test_cite_stops_at_its_bound_and_says_so(made_db, monkeypatch):
    from kb.citing import cards as cited

    kb = KnowledgeBase.open(made_db, readonly=True)
    monkeypatch.setattr(cited, "MAX_LOOKUPS", 50)
    text = "Humility first. " + " ".join(f"word{i}" for i in range(200)) + " Platinum Angel last."
    named = kb.cite_cards(text)
    assert [c.name for c in named.cards] == ["Humility"] and named.truncated
    monkeypatch.setattr(cited, "MAX_LOOKUPS", 200_000)
    assert [c.name for c in kb.cite_cards(text).cards] == ["Humility", "Platinum Angel"]


def test_without_cards_cite_names_none(tmp_path):
    kb = KnowledgeBase.open(tmp_path / "empty.db")
    assert kb.cite_cards("Platinum Angel, CR 104.3a").cards == []


def test_the_cite_command_and_route_report_the_cards(made_db):
    import json

    from click.testing import CliRunner
    from fastapi.testclient import TestClient

    from kb.cli.app import cli
    from kb.http.app import create_app

    text = "Lightning Greaves gives haste, see 702.10b."
    runner = CliRunner()
    shown = runner.invoke(cli, ["--db", str(made_db), "cite", text, "--cards"])
    assert shown.exit_code == 0, shown.output
    assert "Lightning Greaves" in shown.output and "702.18a" in shown.output  # shroud, from the card's text
    as_json = json.loads(runner.invoke(cli, ["--db", str(made_db), "cite", text, "--cards", "--json"]).output)
    assert as_json["citations"][0]["target"] == "702.10b"
    assert as_json["cards"][0]["name"] == "Lightning Greaves" and as_json["cards_truncated"] is False
    plain = json.loads(runner.invoke(cli, ["--db", str(made_db), "cite", text, "--json"]).output)
    assert isinstance(plain, list)  # without --cards: the list it always was
    with TestClient(create_app(made_db)) as client:
        answer = client.post("/cite", json={"text": text, "cards": True})
        assert answer.status_code == 200
        assert [c["name"] for c in answer.json()["cards"]] == ["Lightning Greaves"]
        assert isinstance(client.post("/cite", json={"text": text}).json(), list)


def test_the_mcp_cite_payload_carries_the_cards(made_db):
    from kb.mcp.payloads import cite_payload, with_cards

    kb = KnowledgeBase.open(made_db, readonly=True)
    text = "Stormbreath Dragon has protection (702.16a)."
    payload = with_cards(cite_payload(kb.cite(text)), kb.cite_cards(text))
    assert payload["resolved"] == 1 and payload["cardsTruncated"] is False
    terms = {t["title"]: t["rule"] for t in payload["cards"][0]["terms"]}
    assert terms["Haste"] == "702.10b" and terms["Flying"] == "702.9b"


# ---- what the question asks before what its cards have (round 4) ----------------------------------


def test_a_scenario_of_several_cards_ranks_only_the_keywords_it_asks_about(made_db):
    """With "dies" pointing to 700.4 and two cards named, Stormbreath Dragon's Flying, Haste and
    Protection are not listed in the fusion; the one keyword the question names is, and a question about
    the one card lists all three."""
    kb = KnowledgeBase.open(made_db, readonly=True)
    several = "Humility is out and Stormbreath Dragon dies: what happens?"
    assert set_apart(kb.store, several).asked == []
    top = numbers(kb.search(several, langs=["en"]), 5)
    assert top[0] == "700.4" and not {"702.9b", "702.10b", "702.16a"} & set(top)
    asking = "Humility is out and Stormbreath Dragon with haste dies: what happens?"
    assert set_apart(kb.store, asking).asked == ["702.10b"]
    top = numbers(kb.search(asking, langs=["en"]), 3)
    assert top[0] == "700.4" and "702.10b" in top and "702.9b" not in top
    # a question about the one card lists all three in the fusion: what it asks first, its keywords after
    one = numbers(kb.search("what happens when Stormbreath Dragon dies", langs=["en"]), 6)
    assert one[0] == "700.4" and {"702.9b", "702.16a"} <= set(one)


def test_a_keyword_is_asked_about_with_an_english_ending_but_not_inside_another_word(made_db):
    kb = KnowledgeBase.open(made_db, readonly=True)
    assert set_apart(kb.store, "Humility and Stormbreath Dragon: is it hasted?").asked == ["702.10b"]
    assert set_apart(kb.store, "Humility and Stormbreath Dragon: does flyings matter?").asked == ["702.9b"]
    assert set_apart(kb.store, "Humility and Stormbreath Dragon: what of hastening it?").asked == []


# ---- what a search keeps of the cards between searches (bench/RESULTS.md, round 5) ----------------

SAMPLE = ROOT / "tests" / "data" / "cards" / "scryfall-oracle-cards-sample.json"


def test_the_cards_terms_kept_between_searches_follow_the_cards_held(tmp_path):
    """A card's terms are kept with the store's lookup cache for the next search: importing other
    cards in the same process must drop them, so that a card no longer held is no longer named."""
    kb = KnowledgeBase.open(tmp_path / "kept.db")
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), MADE], keep_going=False)
    question = "can Stormbreath Dragon attack the turn Storm Crow is cast"
    first = kb.search(question, langs=["en"])
    assert first.cards == ["Stormbreath Dragon"]
    assert kb.search(question, langs=["en"]).expansions == first.expansions  # the kept terms, the same answer
    kb.import_paths([SAMPLE], keep_going=False)  # the sample's cards instead of the made ones
    again = kb.search(question, langs=["en"])
    assert again.cards == ["Storm Crow"]
    assert again.expansions["Storm Crow"] == ["Flying"]
    kb.close()
