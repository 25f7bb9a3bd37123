"""``scenarios run`` and ``scenarios coverage`` through click."""

from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli import cli
from tests.conftest import import_seeds

PASSING = """
scenarios:
  - name: drake phases out
    rules: [702.26a]
    setup:
      players: [A, B]
      turn: {active: B, step: end}
      battlefield: [{card: Tolarian Drake, id: drake, controller: A}]
    steps:
      - advance: {to: upkeep, player: A}
      - expect: {drake: {phased_out: direct}}
"""
FAILING = PASSING.replace("phased_out: direct", "phased_out: false")
BROKEN = PASSING.replace("Tolarian Drake", "Tolarian Drak")


@pytest.fixture(scope="module")
def seeds_db(tmp_path_factory):
    path = tmp_path_factory.mktemp("scenarios") / "seeds.db"
    kb = KnowledgeBase.open(path)
    import_seeds(kb)
    kb.close()
    return path


@pytest.fixture(autouse=True)
def database(seeds_db, tmp_path, monkeypatch):
    """Each test stores its results in a database of its own (a copy of the seeds' one)."""
    shutil.copy(seeds_db, tmp_path / "scenarios.db")
    monkeypatch.setenv("MTGKB_DB", str(tmp_path / "scenarios.db"))


def invoke(*args):
    return CliRunner().invoke(cli, ["scenarios", *args])


def run_file(tmp_path, text: str, *options: str, name: str = "mine.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return invoke("run", *options, str(path))


def test_run_bundled_passes_with_exit_0():
    result = invoke("run")
    assert result.exit_code == 0, result.output
    assert "0 failed, 0 with bad input" in result.output


def test_run_with_twins():
    result = invoke("run", "--twins")
    assert result.exit_code == 0 and "with twins" in result.output


def test_run_a_file_outside_the_repository(tmp_path):
    result = run_file(tmp_path, PASSING)
    assert result.exit_code == 0
    assert "PASS  mine.yaml: drake phases out" in result.output


def test_failing_scenario_exits_1_and_shows_expected_and_actual(tmp_path):
    result = run_file(tmp_path, FAILING)
    assert result.exit_code == 1
    assert "step 1: drake.phased_out: expected false, got true" in result.output


def test_bad_input_exits_2_and_other_files_still_run(tmp_path):
    (tmp_path / "a_bad.yaml").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "b_good.yaml").write_text(PASSING, encoding="utf-8")
    result = invoke("run", str(tmp_path))
    assert result.exit_code == 2
    assert (
        'a_bad.yaml: scenario "drake phases out": setup.battlefield[0].card: unknown card "Tolarian Drak"'
        in result.output
    )
    assert "PASS  b_good.yaml" in result.output


def test_json_output(tmp_path):
    result = run_file(tmp_path, FAILING, "--json")
    data = json.loads(result.output)
    assert result.exit_code == 1 and data["exit_code"] == 1
    (entry,) = data["results"]
    assert entry["failures"] == [{"step": 1, "expectation": "drake.phased_out", "expected": False, "actual": True}]
    assert entry["rules"] == ["702.26a"] and entry["edition"] == "2026-08-07"


def test_edition_option_filters_and_validates():
    result = invoke("run", "--edition", "2017-08-25", "--json")
    data = json.loads(result.output)
    assert result.exit_code == 0 and data["results"]
    assert {r["edition"] for r in data["results"]} == {"2017-08-25"}
    assert invoke("run", "--edition", "someday").exit_code == 2


def test_coverage_text_and_json():
    result = invoke("coverage")
    assert result.exit_code == 0
    assert "phasing 702.26: 14/14" in result.output and "planechase 901: 17/17" in result.output
    data = json.loads(invoke("coverage", "--json").output)
    assert data["families"]["phasing 702.23"]["missing"] == []
    assert "702.23m" in data["families"]["phasing 702.23"]["rules"]


ATTACHED_TO_NOTHING = """
scenarios:
  - name: token phases out
    rules: [702.26a]
    setup:
      players: [A, B]
      battlefield:
        - {card: Tolarian Drake, id: drake, controller: A}
        - {card: Tolarian Drake, id: other, controller: A}
        - {card: Pacifism, controller: A, attached_to: Bear}
    steps:
      - expect: {drake: {phased_out: false}}
"""


def test_bad_input_in_the_interface_language(tmp_path):
    """The engine's input errors are translated; file, scenario, field path and values stay as written."""
    path = tmp_path / "phasing.yaml"
    path.write_text(ATTACHED_TO_NOTHING, encoding="utf-8")
    english = CliRunner().invoke(cli, ["--ui-lang", "en", "scenarios", "run", "--no-store", str(path)])
    assert (
        'phasing.yaml: scenario "token phases out": setup.battlefield[2].attached_to: unknown permanent "Bear"'
        in english.output
    )
    german = CliRunner().invoke(cli, ["--ui-lang", "de", "scenarios", "run", "--no-store", str(path)])
    assert german.exit_code == 2
    assert (
        "FEHLER phasing.yaml: Szenario „token phases out“: setup.battlefield[2].attached_to: "
        'unbekannte bleibende Karte "Bear"' in german.output
    )
    path.write_text(PASSING.replace("controller: A}", "controller: A, colour: red}"), encoding="utf-8")
    schema = CliRunner().invoke(cli, ["--ui-lang", "de", "scenarios", "run", "--no-store", str(path)])
    assert schema.exit_code == 2
    assert (
        "phasing.yaml: Szenario „drake phases out“: setup.battlefield[0].colour: unbekanntes Feld (bekannt: "
        in schema.output
    )
    japanese = CliRunner().invoke(cli, ["--ui-lang", "ja", "scenarios", "run", "--no-store", str(path)])
    assert "setup.battlefield[0].colour: 不明なフィールド" in japanese.output


TAPPED_ATTACKER = """
scenarios:
  - name: a tapped bear stays home
    rules: [508.1a]
    setup:
      players: [A, B]
      turn: {active: A, step: main1}
      battlefield: [{card: Grizzly Bears, id: bears, controller: A, tapped: true}]
    steps:
      - illegal:
          attack: {player: A, attackers: {bears: B}}
          reason: is tapped and can't attack
      - attack: {player: A, attackers: {bears: B}}
"""


def test_a_refused_action_is_reported_in_the_interface_language(tmp_path):
    """The rules error reads German under --ui-lang de; the English ``reason:`` still matches."""
    path = tmp_path / "tapped.yaml"
    path.write_text(TAPPED_ATTACKER, encoding="utf-8")
    german = CliRunner().invoke(cli, ["--ui-lang", "de", "scenarios", "run", "--no-store", "--json", str(path)])
    assert german.exit_code == 1, german.output
    (record,) = json.loads(german.output)["results"]
    assert record["failures"] == [
        {
            "step": 1,
            "expectation": "attack",
            "expected": "eine Aktion, die die Regeln erlauben",
            "actual": "bears ist getappt und kann nicht angreifen",
        }
    ]
    english = CliRunner().invoke(cli, ["--ui-lang", "en", "scenarios", "run", "--no-store", "--json", str(path)])
    (record,) = json.loads(english.output)["results"]
    assert [f["step"] for f in record["failures"]] == [1]  # step 0: the English reason matched
    assert record["failures"][0]["actual"] == "bears is tapped and can't attack"
