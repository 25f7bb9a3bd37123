"""The scenario API: the bundled suite, results, coverage, edition filter."""

from __future__ import annotations

import json

import pytest

from kb.scenarios import SCENARIO_DIR, ScenarioResult, coverage, load_scenarios, required_rules, run_scenarios

FAILING = """
scenarios:
  - name: bears are not 3/3
    rules: [702.26b]
    setup:
      players: [A, B]
      battlefield: [{card: Grizzly Bears, id: bears, controller: A}]
    steps:
      - expect: {bears: {pt: 3/3}}
      - expect: {bears: {phased_out: false}, life: {A: 20}}
"""


@pytest.fixture(scope="module")
def bundled():
    return run_scenarios()


@pytest.fixture(scope="module")
def bundled_twins():
    return run_scenarios(twins=True)


def test_every_bundled_scenario_passes(bundled):
    broken = [(r.name, r.failures, [str(e) for e in r.errors]) for r in bundled if not r.passed]
    assert broken == []
    assert len(bundled) >= 80


def test_every_bundled_scenario_passes_with_phased_out_twins(bundled_twins):
    assert [r.name for r in bundled_twins if not r.passed] == []
    assert all(r.twins for r in bundled_twins)


def test_each_required_rule_has_a_scenario(bundled):
    for family, rules in required_rules().items():
        assert coverage(rules, bundled) == [], family
    assert len(required_rules()["phasing 702.26"]) == 14 and len(required_rules()["phasing 702.23"]) == 12


def test_coverage_lists_rules_without_scenario():
    scenarios = load_scenarios()
    assert coverage(["702.26a", "702.26q", "999.1"], scenarios) == ["702.26q", "999.1"]
    assert coverage(["702.26a"], [{"rules": ["702.26a"]}]) == []


def test_results_serialise_to_json(bundled):
    data = json.loads(json.dumps([r.to_dict() for r in bundled]))
    first = data[0]
    assert set(first) >= {"name", "file", "rules", "edition", "passed", "failures", "errors"}


def test_a_failing_expectation_reports_step_expected_and_actual(tmp_path):
    path = tmp_path / "failing.yaml"
    path.write_text(FAILING, encoding="utf-8")
    (result,) = run_scenarios([str(path)])
    assert isinstance(result, ScenarioResult) and not result.passed and not result.errors
    assert result.failures == [{"step": 0, "expectation": "bears.pt", "expected": "3/3", "actual": "2/2"}]


def test_edition_filter_keeps_only_that_edition(bundled):
    old = run_scenarios(edition="2010-07-16")
    assert old and all(r.edition == "2010-07-16" for r in old)
    assert {"702.23a", "702.23j", "702.23m"} <= {rule for r in old for rule in r.rules}
    assert len(old) < len(bundled)


def test_editions_disagree_where_the_rules_changed(bundled):
    by_name = {r.name: r for r in bundled}
    assert by_name["2010: a phased-out token ceases to exist, and its Aura never comes back"].edition == "2010-07-16"
    assert by_name["today: a phased-out token goes on existing and phases in with its Aura"].edition == "2026-08-07"


def test_load_scenarios_reads_the_bundled_folder():
    names = {s.file for s in load_scenarios()}
    assert all(str(SCENARIO_DIR) in f for f in names)
    assert not any(f.endswith("schema.yaml") for f in names)
