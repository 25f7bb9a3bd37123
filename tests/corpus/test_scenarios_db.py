"""Scenarios joined with the rule database: results per rule, coverage from stored rules."""

import json

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli import cli
from tests.conftest import corpus_path, import_seeds


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("scenarios") / "kb.db"
    kb = KnowledgeBase.open(path)
    import_seeds(kb)  # the seeds, and the bundled scenarios played and stored
    for label in ("20260807", "20100716", "20170825"):
        kb.import_file(corpus_path("en", "full", f"MagicCompRules_{label}.txt"))
    kb.close()
    return path


def run(db, *args):
    return CliRunner().invoke(cli, ["--db", str(db), *args])


def test_show_lists_a_rules_scenarios_with_pass_or_fail(db):
    data = json.loads(run(db, "show", "702.26g", "--json").output)
    assert data["scenarios"], "702.26g has example games"
    assert all(s["passed"] for s in data["scenarios"])
    assert all(s["file"].endswith(".yaml") for s in data["scenarios"])
    old = json.loads(run(db, "show", "702.23j", "--edition", "2010-07-16", "--json").output)
    assert any(s["edition"] == "2010-07-16" for s in old["scenarios"])


def test_coverage_from_the_stored_rules_is_complete(db):
    result = run(db, "scenarios", "coverage", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)["families"]
    assert report["phasing 702.26"]["source"] == "database, edition 2026-08-07"
    assert report["phasing 702.26"]["covered"] == 14
    assert report["phasing 702.23"]["rules"][-1] == "702.23m" and report["phasing 702.23"]["covered"] == 12
    assert report["phenomena 310"]["source"] == "database, edition 2017-08-25"
    assert all(not row["missing"] for row in report.values())


def test_a_failing_scenario_is_stored_as_failing(db, tmp_path):
    scenario = tmp_path / "wrong.yaml"
    scenario.write_text(
        """scenarios:
  - name: a deliberately wrong expectation
    rules: [702.26c]
    edition: 2026-08-07
    setup:
      players: [A, B]
      turn: {active: A, step: main1}
      battlefield:
        - {card: Grizzly Bears, id: bears, controller: A, phased_out: true}
    steps:
      - expect:
          bears: {phased_out: false}
""",
        encoding="utf-8",
    )
    result = run(db, "scenarios", "run", str(scenario))
    assert result.exit_code == 1, result.output
    data = json.loads(run(db, "show", "702.26c", "--json").output)
    mine = [s for s in data["scenarios"] if s["scenario"] == "a deliberately wrong expectation"]
    assert mine and mine[0]["passed"] is False
