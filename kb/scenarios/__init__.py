"""Executable example scenarios: played on the bundled engine, stored per rule, measured for coverage.

    play      scenario files read and checked, played on kb/engine; the families each must cover
    results   results stored per (scenario, rule); coverage against the rules the database holds

The engine knows nothing of the database; this package joins the two. Its entry points take a
store (or its connection), never the facade.
"""

from kb.scenarios.play import (
    CARD_DIR,
    FAMILIES,
    SCENARIO_DIR,
    ScenarioResult,
    coverage,
    load_scenarios,
    required_rules,
    run_scenarios,
)
from kb.scenarios.results import coverage_report, play, scenario_errors, scenario_file, store_results

__all__ = [
    "CARD_DIR",
    "FAMILIES",
    "SCENARIO_DIR",
    "ScenarioResult",
    "coverage",
    "coverage_report",
    "load_scenarios",
    "play",
    "required_rules",
    "run_scenarios",
    "scenario_errors",
    "scenario_file",
    "store_results",
]
