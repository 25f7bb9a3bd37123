"""Academy Ruins' /cr paths and JSON (kb.http.academy), as the bots read them."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from kb.http.app import create_app
from tests.http_fixtures import http_db


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(http_db(tmp_path_factory))) as client:
        yield client


def test_a_keyword_rule_answers_its_defining_subrule_when_asked(client):
    # Academy Ruins' default since February 2025 (lunakv/academyruins-api 7628fc8): the rule asked for.
    assert client.get("/cr/702.31").json()["ruleNumber"] == "702.31"
    assert client.get("/cr/702.3").json()["ruleText"] == "Defender"
    answer = client.get("/cr/702.31", params={"find_definition": "true"}).json()
    assert answer["ruleNumber"] == "702.31b" and answer["ruleText"].startswith("A creature with horsemanship can’t")
    assert client.get("/cr/702.31", params={"find_definition": "false"}).json()["ruleNumber"] == "702.31"
    assert client.get("/cr/701.8", params={"find_definition": "true"}).json()["ruleNumber"] == "701.8a"
    assert (
        client.get("/cr/100.1a").json()["ruleText"] == "A two-player game is a game that begins with only two players."
    )
    missing = client.get("/cr/999.99")
    assert missing.status_code == 404 and missing.json() == {"detail": "Rule not found", "ruleNumber": "999.99"}


def test_examples(client):
    assert len(client.get("/cr/example/613.6").json()["examples"]) == 4
    assert client.get("/cr/example/104.3a").json() == {"ruleNumber": "104.3a", "examples": None}
    assert client.get("/cr/example/999.99").status_code == 404


def test_glossary_exact_and_fuzzy(client):
    assert client.get("/cr/glossary/cycle").status_code == 404
    fuzzy = client.get("/cr/glossary/cycle", params={"fuzzy": "true"}).json()
    assert fuzzy["term"] == "Cycling" and "702.29" in fuzzy["definition"]
    assert client.get("/cr/glossary/city's blessing").json()["term"] == "City’s Blessing"
    assert client.get("/cr/glossary/CLOWNS", params={"fuzzy": "true"}).json() == {"detail": "Entry not found."}
    whole = client.get("/cr/glossary").json()
    assert whole["deathtouch"] == {"term": "Deathtouch", "definition": whole["deathtouch"]["definition"]}
    assert len(whole) > 700


def test_keywords_and_every_rule(client):
    keywords = client.get("/cr/keywords").json()
    assert (
        keywords["keywordAbilities"][:2] == ["Deathtouch", "Defender"]
        and "Horsemanship" in keywords["keywordAbilities"]
    )
    assert "Destroy" in keywords["keywordActions"] and "Deathtouch" not in keywords["keywordActions"]
    assert keywords["abilityWords"][0] == "adamant" and all(w == w.casefold() for w in keywords["abilityWords"])
    rules = client.get("/cr").json()
    assert rules["104.3a"]["fragment"] == "3a" and rules["104.3a"]["examples"] is None
    assert rules["104.3a"]["navigation"] == {"previousRule": "104.3", "nextRule": "104.3b"}
    assert len(rules) > 3000


def test_other_languages_and_editions(client):
    german = client.get("/cr/702.23a", params={"lang": "de"}).json()
    assert german["lang"] == "de" and german["ruleNumber"] == "702.23a"
    unknown = client.get("/cr/702.31", params={"edition": "1999-01-01"})
    assert unknown.status_code == 404 and unknown.json()["kind"] == "EditionNotFound"
    assert client.get("/cr/702.31", params={"lang": "xx"}).status_code == 400


@pytest.mark.parametrize(
    "path", ["/cr", "/cr/keywords", "/cr/glossary", "/cr/glossary/phasing", "/cr/example/613.6", "/cr/702.31"]
)
def test_bad_input_is_mtgkbs_own_400(client, path):
    answer = client.get(path, params={"lang": "xx"})
    assert answer.status_code == 400 and answer.json()["kind"] == "UnknownLanguage"
    assert client.get(path, params={"edition": "1990-01-01"}).json()["kind"] == "EditionNotFound"


def test_where_mtgkb_answers_more_it_keeps_it(client):
    fuzzy = {"fuzzy": "true"}
    assert client.get("/cr/glossary/etb", params=fuzzy).json()["term"] == "Enters the Battlefield"
    assert client.get("/cr/glossary/sba", params=fuzzy).json()["term"] == "State-Based Actions"
    assert client.get("/cr/glossary/etb").status_code == 404  # exact: an alias is no name
    assert client.get("/cr/glossary/bury").json()["term"] == "Bury (Obsolete)"
    see = client.get("/cr/glossary/APNAP Order").json()  # the entry itself, as Academy Ruins answers it
    assert see["term"] == "APNAP Order" and see["definition"].startswith("See Active Player")
    landfall = client.get("/cr/glossary/landfall").json()
    assert landfall["term"] == "Landfall" and landfall["definition"].endswith("See rule 207.2c.")
    assert "no special rules meaning" in landfall["definition"] and "adamant" not in landfall["definition"]
    assert client.get("/cr/glossary/landfall", params={"unofficial": "false"}).status_code == 404
    assert client.get("/cr/glossary/rally", params=fuzzy).json()["term"] == "Rally"  # not Wall
