"""Academy Ruins' /cr/trace/{rule} and /diff/cr (kb.http.academy_history) over the chain of every English
edition: its shapes (lunakv/academyruins-api at f81bf2c, src/cr/schemas.py Trace, src/diffs/schemas.py
CRDiff), and a trace that agrees with the diffs it names."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from kb.http.app import create_app
from tests.history_fixtures import history_db_path

MARKS = ("<<<<", ">>>>")


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(history_db_path())) as client:
        yield client


def plain(text: str | None) -> str | None:
    return text if text is None else text.replace(MARKS[0], "").replace(MARKS[1], "")


def test_the_newest_diff_in_academy_ruins_shape(client):
    answer = client.get("/diff/cr", params={"nav": "true"})
    diff = answer.json()
    assert answer.status_code == 200
    assert set(diff) == {"creationDay", "changes", "sourceSet", "sourceCode", "destSet", "destCode", "moves", "nav"}
    editions = sorted({d["edition"] for d in client.get("/editions", params={"lang": "en"}).json() if d["edition"]})
    assert (diff["sourceCode"], diff["destCode"]) == tuple(editions[-2:]) and diff["creationDay"] == editions[-1]
    assert diff["nav"] == {"prevSourceCode": editions[-3], "nextDestCode": None}
    assert diff["changes"] and all(set(c) == {"old", "new"} and (c["old"] or c["new"]) for c in diff["changes"])
    edited = [c for c in diff["changes"] if c["old"] and c["new"]]
    assert edited and all(MARKS[0] in c["old"]["ruleText"] + c["new"]["ruleText"] for c in edited)
    for change in edited[:5]:  # the marks wrap the stored texts of the two editions
        for side, edition in (("old", diff["sourceCode"]), ("new", diff["destCode"])):
            number = change[side]["ruleNumber"]
            stored = client.get(f"/cr/{number}", params={"edition": edition}).json()["ruleText"]
            assert plain(change[side]["ruleText"]) == stored
    for move in diff["moves"]:
        assert set(move) == {"from", "to"} and move["from"] != move["to"]


def test_one_edition_names_its_neighbour_and_a_missing_one_is_404(client):
    editions = sorted({d["edition"] for d in client.get("/editions", params={"lang": "en"}).json() if d["edition"]})
    forward = client.get("/diff/cr", params={"old": editions[-3]}).json()
    assert (forward["sourceCode"], forward["destCode"]) == (editions[-3], editions[-2])
    backward = client.get("/diff/cr", params={"new": editions[-3]}).json()
    assert (backward["sourceCode"], backward["destCode"]) == (editions[-4], editions[-3])
    first = client.get("/diff/cr", params={"new": editions[0]})
    assert first.status_code == 404
    assert first.json() == {"detail": "No diff between these set codes found", "old": None, "new": editions[0]}
    assert client.get("/diff/cr", params={"old": "XYZ"}).status_code == 404  # no set code of data/set_codes.tsv


@pytest.mark.parametrize("number", ["702.26b", "310.9a", "601.5", "704.5j"])
def test_a_trace_agrees_with_the_diffs_it_names(client, number):
    trace = client.get(f"/cr/trace/{number}").json()
    assert trace["ruleNumber"] == number and set(trace) == {"ruleNumber", "items"}
    current = number
    for item in trace["items"]:  # newest first, each change ending where the next newer one starts
        assert item["action"] in ("created", "moved", "edited", "replaced")
        assert item["new"]["ruleNumber"] == current
        codes = item["diff"]
        assert set(codes) == {"sourceSet", "sourceCode", "destSet", "destCode"}
        diff = client.get("/diff/cr", params={"old": codes["sourceCode"], "new": codes["destCode"]}).json()
        if item["action"] == "moved":
            assert {"from": item["old"]["ruleNumber"], "to": current} in diff["moves"]
            assert item["old"]["ruleText"] is None and item["new"]["ruleText"] is None
        else:
            old = item["old"]["ruleNumber"] if item["old"] else None
            pairs = [
                ((c["old"] or {}).get("ruleNumber"), (c["new"] or {}).get("ruleNumber"), c) for c in diff["changes"]
            ]
            match = next(c for o, n, c in pairs if (o, n) == (old, current))
            assert plain(match["new"]["ruleText"]) == item["new"]["ruleText"]
            assert (item["action"] == "created") == (item["old"] is None)
            assert (item["action"] == "edited") == (old == current)
        if item["old"]:
            current = item["old"]["ruleNumber"]


def test_a_keyword_traces_its_definition_and_a_word_is_not_found(client):
    defining = client.get("/rules/702.26").json()["definingRule"]
    assert client.get("/cr/trace/702.26", params={"find_definition": "true"}).json()["ruleNumber"] == defining
    assert client.get("/cr/trace/702.26").json()["ruleNumber"] == "702.26"
    missing = client.get("/cr/trace/phasing")
    assert missing.status_code == 404
    assert missing.json() == {"detail": {"detail": "Rule not found.", "ruleNumber": "phasing"}}
    assert client.get("/cr/trace/702.26", params={"find_definition": "maybe"}).status_code == 422
