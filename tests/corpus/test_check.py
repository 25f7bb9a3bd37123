"""Re-validating citations across editions: ok, moved, changed, gone, title mismatch; --fix."""

import json

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from kb.citing.check import CHANGED, GONE, MOVED, MOVED_CHANGED, NOT_FOUND, OK, TITLE_MISMATCH, fix
from kb.cli import cli
from kb.http.app import create_app
from tests.history_fixtures import history_db_path, open_history_db

WIKI = (
    'Phased-out tokens cease to exist (see rule 702.23j). Phasing is rule 702.23, "Phasing." '
    'A phased-out permanent doesn\'t exist (rule 702.23b). Flanking: rule 702.22, "Flanking." '
    'Two-Headed Giant: see rule 606, "Two-Headed Giant Variant." Nonsense: rule 999.9.'
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
    assert found["702.23b"].status == MOVED_CHANGED and found["702.23b"].new_target == "702.25b"
    assert found["999.9"].status == NOT_FOUND


def test_same_number_with_new_text_is_changed_with_the_words(kb):
    found = by_target(kb.check("See rules 702.26b and 702.26d.", since="2021-06-18", until="2026-08-07"))
    assert found["702.26b"].status == OK
    rule = found["702.26d"]
    assert rule.status == CHANGED  # "Counters and stickers remain ..." among the edits
    assert rule.changes and all({"op", "old", "new"} <= set(c) for c in rule.changes)


TOKENS = "Tokens continue to exist on the battlefield while phased out ."


def test_a_rule_moved_and_changed_gives_the_new_number_and_the_words(kb):
    # 702.25d of 2015 is 702.26d today, which says since 2017 that phased-out tokens stay on the battlefield
    [rule] = kb.check("rule 702.25d", since="2015-01-23")
    assert (rule.status, rule.new_target) == (MOVED_CHANGED, "702.26d")
    assert {"op": "insert", "old": "", "new": TOKENS} in rule.changes
    fixed, changes = fix("rule 702.25d", [rule])
    assert fixed == "rule 702.26d" and changes == [{"start": 5, "end": 12, "old": "702.25d", "new": "702.26d"}]
    [same] = kb.check("rule 702.25d", since="2015-01-23", until="2015-03-27")
    assert same.status == OK


def test_moved_and_changed_in_the_cli_and_the_http_api():
    args = ["--db", str(history_db_path()), "cite", "--check", "--since", "2015-01-23", "rule 702.25d"]
    text = CliRunner().invoke(cli, args)
    assert text.exit_code == 1 and "moved and changed  702.26d: '' -> 'Tokens continue to exist" in text.output
    [cli_json] = json.loads(CliRunner().invoke(cli, [*args, "--json"]).output)["citations"]
    fixed = CliRunner().invoke(cli, [*args, "--fix"])
    assert fixed.exit_code == 1 and fixed.stdout == "rule 702.26d"  # fixed, but its new text is still to be read
    client = TestClient(create_app(history_db_path()))
    [http] = client.post("/check", json={"text": "rule 702.25d", "since": "2015-01-23"}).json()["citations"]
    for answer in (cli_json, http):
        assert (answer["status"], answer["new_target"]) == ("moved and changed", "702.26d")
        assert {"op": "insert", "old": "", "new": TOKENS} in answer["changes"]


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


def test_numbers_older_than_since_follow_the_chain(kb):
    # 502.15 was Phasing until 2009-05-01; a wiki page "since 2010-07-16" may still cite it
    [phasing, sub] = kb.check("Phasing is rule 502.15 (502.15b).", since="2010-07-16")
    assert (phasing.status, phasing.new_target, phasing.read_in) == (MOVED, "702.26", "2009-05-01")
    assert "502.15 is not in 2010-07-16; read as 502.15 of 2009-05-01 (Phasing)" in phasing.note
    assert sub.status == MOVED_CHANGED and sub.new_target.startswith("702.26")
    [old] = kb.check("rule 502.15", since="2005-10-01")
    assert (old.status, old.new_target, old.read_in) == (MOVED, "702.26", None)


def test_each_number_is_checked_at_its_own_span_and_fix_reports_the_same(kb):
    text = "See rules 702.23b, c, and d; rule 702.23j and 702.23a-c; Regel 702.23f."
    checked = kb.check(text, since="2010-07-16")
    assert [(c.raw, c.target) for c in checked] == [
        ("702.23b", "702.23b"),
        ("c", "702.23c"),
        ("d", "702.23d"),
        ("702.23j", "702.23j"),
        ("702.23a-c", "702.23a–c"),
        ("702.23f", "702.23f"),
    ]
    assert all(text[c.start : c.end] == c.raw for c in checked)
    assert checked[0].citation == {"start": 4, "end": 70, "raw": text[4:70]}
    fixed, changes = fix(text, checked)
    assert (
        fixed == "See rules 702.26b, c, and d; rule 702.23j and 702.26a-c; Regel 702.26g."
    )  # a subrule was added before it
    spans = {(c.start, c.end, c.raw) for c in checked}
    assert changes and all((c["start"], c["end"], c["old"]) in spans for c in changes)
    assert [c["new"] for c in changes] == ["702.26b", "702.26a-c", "702.26g"]


def test_a_letter_is_written_whole_when_it_no_longer_follows(kb):
    text = "rules 502.15a and b"  # 502.15b merged into 702.23a in 2009-07-11
    checked = kb.check(text, since="2005-10-01")
    assert [c.new_target for c in checked] == ["702.26a", "702.26a"]
    assert fix(text, checked)[0] == "rules 702.26a and 702.26a"
    text = "rules 702.23b and c"
    assert fix(text, kb.check(text, since="2010-07-16"))[0] == "rules 702.26b and c"


def cite_check(*args):
    return CliRunner().invoke(cli, ["--db", str(history_db_path()), "cite", "--check", "--since", "2010-07-16", *args])


def test_cli_fix_prints_the_text_and_leaves_the_file(tmp_path):
    page = tmp_path / "wiki.txt"
    page.write_text("See rule 702.23c and rule 702.23e.", encoding="utf-8")  # moved with their texts unchanged
    result = cite_check("--file", str(page), "--fix")
    assert result.exit_code == 0, result.output
    assert result.stdout == "See rule 702.26c and rule 702.26f."
    assert "fixed at 9-16: 702.23c -> 702.26c" in result.stderr
    assert page.read_text(encoding="utf-8") == "See rule 702.23c and rule 702.23e."
    data = json.loads(cite_check("--file", str(page), "--fix", "--json").stdout)
    assert [c["status"] for c in data["citations"]] == [MOVED, MOVED] and data["text"] == result.stdout
    assert [(c["start"], c["end"]) for c in data["changes"]] == [(c["start"], c["end"]) for c in data["citations"]]


def test_cli_fix_to_an_output_file_and_in_place(tmp_path):
    page = tmp_path / "wiki.txt"
    page.write_text("See rule 702.23c.", encoding="utf-8")
    out = tmp_path / "fixed.txt"
    result = cite_check("--file", str(page), "--fix", "--output", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == "See rule 702.26c."
    assert page.read_text(encoding="utf-8") == "See rule 702.23c." and "702.26c" in result.stdout
    result = cite_check("--file", str(page), "--fix", "--in-place", "--json")
    assert result.exit_code == 0, result.output
    assert page.read_text(encoding="utf-8") == "See rule 702.26c."
    backup = tmp_path / "wiki.txt.bak"
    assert backup.read_text(encoding="utf-8") == "See rule 702.23c."
    assert json.loads(result.stdout)["backup"] == str(backup)


@pytest.mark.parametrize(
    "args",
    [
        ["rule 702.23", "--fix", "--in-place"],  # in place needs a file
        ["rule 702.23", "--output", "x.txt"],  # --output needs --fix
        ["rule 702.23", "--fix", "--in-place", "--output", "x.txt"],
    ],
)
def test_cli_fix_options_that_do_not_fit(args):
    result = cite_check(*args)
    assert result.exit_code == 2 and "--" in result.stderr


def test_cli_check_needs_since():
    bad = CliRunner().invoke(cli, ["--db", str(history_db_path()), "cite", "--since", "2010-07-16", "rule 702.23"])
    assert bad.exit_code == 2


def test_http_check_trace_diff_crosscheck():
    client = TestClient(create_app(history_db_path()))
    answer = client.post("/check", json={"text": "rule 702.23b", "since": "2010-07-16", "fix": True}).json()
    assert answer["text"] == "rule 702.26b"
    assert answer["changes"] == [{"start": 5, "end": 12, "old": "702.23b", "new": "702.26b"}]
    assert [(c["start"], c["end"]) for c in answer["citations"]] == [(5, 12)]
    older = client.post("/check", json={"text": "rule 502.15", "since": "2010-07-16"}).json()["citations"][0]
    assert (older["status"], older["new_target"], older["read_in"]) == ("moved", "702.26", "2009-05-01")
    trace = client.get("/trace/702.23", params={"edition": "2010-07-16"}).json()
    assert [s["number"] for s in trace["steps"]][-1] == "702.26"
    diff = client.get("/diff", params={"old": "2017-08-25", "new": "2017-09-29", "section": "702"})
    assert diff.status_code == 200 and diff.json()["rules"]
    report = client.get("/crosscheck", params={"a": "de:702.23", "b": "ja:702.26"})
    assert report.status_code == 200
    assert client.get("/crosscheck", params={"a": "nonsense", "b": "ja:702.26"}).status_code == 400
    assert client.get("/trace/702.23", params={"edition": "1900-01-01"}).status_code == 404
    assert client.get("/trace/702.23", params={"to": "2026-08-07", "back": "true"}).status_code == 400
