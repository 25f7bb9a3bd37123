"""mtgkb diff, trace and renumbered through click's CliRunner, in text and JSON, with exit codes."""

import json

from click.testing import CliRunner

from kb.cli import cli
from tests.history_fixtures import history_db_path


def run(*args, code=0):
    result = CliRunner().invoke(cli, ["--db", str(history_db_path()), *args])
    assert result.exit_code == code, result.output
    return result


def test_diff_marks_words_in_text_and_gives_spans_in_json():
    text = run("diff", "2009-07-11", "2026-08-07", "--section", "702.23").output
    assert "paired through the stored chain" in text
    assert "renumbered             702.23 -> 702.26  Phasing" in text
    assert "removed                702.23j" in text
    assert "untaps [-his or her-] permanents" in text
    assert "skip {+their+} untap step" in text
    data = json.loads(run("diff", "2009-07-11", "2026-08-07", "--section", "702.23", "--json").output)
    assert data["method"] == "chain" and data["section"] == "702.23"
    entry = next(r for r in data["rules"] if r["old_number"] == "702.23k")
    assert entry["change"] == "renumbered and edited"
    assert [entry["new_text"][s["start"] : s["end"]] for s in entry["new_spans"]] == ["their"]


def test_trace_forward_back_and_json():
    text = run("trace", "702.23", "--edition", "2010-07-16").output
    assert (
        text.splitlines()[0] == "702.23 of 2010-07-16 (MagicCompRules_20100716), traced forward: 702.26 in 2026-08-07"
    )
    assert "702.23j: removed in" in text
    back = run("trace", "702.26", "--edition", "2026-08-07", "--back", "--no-subrules", "--all").output
    assert "2009-05-01   502.15     Phasing" in back
    assert "702.26a" not in back
    data = json.loads(run("trace", "310", "--edition", "2017-08-25", "--json").output)
    assert (data["steps"][-1]["number"], data["steps"][-1]["title"]) == ("312", "Phenomena")


def test_renumbered_text_and_json():
    text = run("renumbered", "2021-02-15", "2021-04-22").output
    assert "702.25 -> 702.26" in text and "Phasing" in text
    data = json.loads(run("renumbered", "2021-02-15", "2021-04-22", "--json").output)
    assert {
        "old_number": "702.25",
        "new_number": "702.26",
        "kind": "rule",
        "title": "Phasing",
        "change": "renumbered",
    } in data["rules"]


def test_bad_input_names_what_exists_and_exits_non_zero():
    result = run("diff", "1998-07-12", "2026-08-07", code=1)
    assert "no edition '1998-07-12'" in result.output and "the first is of 1999-04-23" in result.output
    result = run("trace", "702.99", "--edition", "2010-07-16", "--json", code=1)
    data = json.loads(result.output)
    assert "702.99" in data["error"] and data["suggestions"]
    result = run("trace", "702.26", "--to", "2013-07-13", "--back", code=2)
    assert "either --to or --back" in result.output
