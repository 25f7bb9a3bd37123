"""Re-validating citations across editions: ok, moved, changed, gone, title mismatch; --fix."""

import json

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from kb.citing.check import CHANGED, GONE, MOVED, NOT_FOUND, OK, TITLE_MISMATCH, fix
from kb.cli import cli
from kb.http.app import create_app
from tests.history_fixtures import history_db_path, open_history_db

WIKI = (
    "Phased-out tokens cease to exist (see rule 702.23j). Phasing is rule 702.23, \"Phasing.\" "
    "A phased-out permanent doesn't exist (rule 702.23b). Flanking: rule 702.22, \"Flanking.\" "
    "Two-Headed Giant: see rule 606, \"Two-Headed Giant Variant.\" Nonsense: rule 999.9."
)


@pytest.fixture(scope="module")
def kb():
    yield from open_history_db()


def by_target(checked):
    return {c.target: c for c in checked}


def test_each_status_from_2010_to_2017(kb):
    found = by_target(kb.check(WIKI, since="2010-07-16", until="2017-08-25"))
    assert found["702.23j"].status == GONE  # tokens stopped ceasing to exist in 2017-08-25
    assert (found["702.23"].status, found["702.23"].new_target) == (MOVED, "702.25")
    assert found["702.23b"].status == MOVED and found["702.23b"].new_target == "702.25b"
    assert found["999.9"].status == NOT_FOUND


def test_same_number_with_new_text_is_changed_with_the_words(kb):
    found = by_target(kb.check("See rules 702.26b and 702.26d.", since="2021-06-18", until="2026-08-07"))
    assert found["702.26b"].status == OK
    rule = found["702.26d"]
    assert rule.status == CHANGED  # "Counters and stickers remain ..." among the edits
    assert rule.changes and all({"op", "old", "new"} <= set(c) for c in rule.changes)


def test_a_quoted_title_that_no_longer_fits(kb):
    found = by_target(kb.check('See rule 702.22, "Phasing."', since="2010-07-16", until="2010-07-16"))
    assert found["702.22"].status == TITLE_MISMATCH
    assert "Flanking" in found["702.22"].note


def test_fix_rewrites_only_moved_numbers(kb):
    text = "Phasing is rule 702.23 and 702.23b; tokens: rule 702.23j."
    checked = kb.check(text, since="2010-07-16", until="2026-08-07")
    fixed, changes = fix(text, checked)
    assert fixed == "Phasing is rule 702.26 and 702.26b; tokens: rule 702.23j."
    assert [c["old"] for c in changes] == ["702.23", "702.23b"]


def test_cli_check_and_fix_in_place(tmp_path):
    page = tmp_path / "wiki.txt"
    page.write_text("See rule 702.23b and rule 702.23d.", encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(cli, ["--db", str(history_db_path()), "cite", "--check", "--since", "2010-07-16",
                                 "--file", str(page), "--fix", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [c["status"] for c in data["citations"]] == [MOVED, MOVED]
    assert page.read_text(encoding="utf-8") == "See rule 702.26b and rule 702.26d."
    bad = runner.invoke(cli, ["--db", str(history_db_path()), "cite", "--since", "2010-07-16", "rule 702.23"])
    assert bad.exit_code == 2


def test_http_check_trace_diff_crosscheck():
    client = TestClient(create_app(history_db_path()))
    answer = client.post("/check", json={"text": "rule 702.23b", "since": "2010-07-16", "fix": True}).json()
    assert answer["text"] == "rule 702.26b"
    trace = client.get("/trace/702.23", params={"edition": "2010-07-16"}).json()
    assert [s["number"] for s in trace["steps"]][-1] == "702.26"
    diff = client.get("/diff", params={"old": "2017-08-25", "new": "2017-09-29", "section": "702"})
    assert diff.status_code == 200 and diff.json()["rules"]
    report = client.get("/crosscheck", params={"a": "de:702.23", "b": "ja:702.26"})
    assert report.status_code == 200
    assert client.get("/crosscheck", params={"a": "nonsense", "b": "ja:702.26"}).status_code == 400
    assert client.get("/trace/702.23", params={"edition": "1900-01-01"}).status_code == 404
    assert client.get("/trace/702.23", params={"to": "2026-08-07", "back": "true"}).status_code == 400
