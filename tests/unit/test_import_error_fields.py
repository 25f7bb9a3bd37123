"""`mtgkb import --json` gives a bad file's name and line as fields of their own (issue 42), not only
inside the error's text, so that a script or an editor can go to the line."""

from __future__ import annotations

import json

from click.testing import CliRunner

from kb.cli.app import cli
from tests.conftest import ROOT

MINI = ROOT / "tests" / "data" / "mini" / "MiniRules_20260807.txt"


def _import(db, *paths) -> tuple[int, list[dict]]:
    done = CliRunner().invoke(cli, ["--db", str(db), "import", "--json", "--no-progress", *map(str, paths)])
    return done.exit_code, json.loads(done.output)


def test_a_json_dataset_cut_short_is_failed_with_its_file_and_line(tmp_path):
    bad = tmp_path / "cut.json"
    bad.write_text('{"rules": [\n  {"number": "702.26a", "text": "Phasing is a static ability."},\n  {"number"\n')
    code, results = _import(tmp_path / "k.db", bad)
    assert code == 2
    (result,) = results
    assert (result["status"], result["file"], result["line"]) == ("failed", str(bad), 4)
    assert result["error"].startswith(f"{bad}:4: ")


def test_a_refused_replacement_names_the_file_and_no_line(tmp_path):
    db = tmp_path / "k.db"
    assert _import(db, MINI)[0] == 0
    cut = tmp_path / MINI.name
    cut.write_text("\n".join(MINI.read_text().splitlines()[:40]) + "\n")
    code, results = _import(db, cut)
    assert code == 2
    (result,) = results
    assert (result["status"], result["file"], result["line"]) == ("failed", str(cut), None)
    assert "nothing was changed" in result["error"]
