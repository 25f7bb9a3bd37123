"""Scenario results in the rule database: per rule, and coverage against stored rules.

The engine knows nothing of the database; this module joins the two. Results are
stored per (scenario, rule) so that `mtgkb show 702.26g` lists the games that
exemplify it, and coverage is computed from the rules the database really holds
for each family's edition (the built-in list when that edition is not imported).
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from pathlib import Path

from kb.core.errors import BadInput, MtgkbError
from kb.core.numbers import RuleNumber, RuleRange
from kb.engine.editions import EditionError, parse_date
from kb.i18n import _
from kb.scenarios.play import (
    FAMILIES,
    Scenario,
    ScenarioResult,
    coverage,
    load_scenarios,
    required_rules,
    run_scenarios,
)
from kb.store import Store


def store_results(conn: sqlite3.Connection, results: list[ScenarioResult]) -> int:
    """Replace the stored results of the scenarios given; returns the rows written."""
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    rows = [
        (r.name, r.file, str(RuleNumber.parse(rule)), r.edition, int(r.passed), int(r.twins), len(r.failures), now)
        for r in results
        if not r.errors
        for rule in r.rules
    ]
    with conn:
        conn.executemany(
            "delete from scenario_results where scenario = ? and file = ? and twins = ?",
            {(r.name, r.file, int(r.twins)) for r in results},
        )
        conn.executemany(
            "insert into scenario_results (scenario, file, rule, edition, passed, twins, failures, ran_at) "
            "values (?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
    return len(rows)


def family_rules(store: Store, families: dict[str, tuple[str, list[str]]]) -> dict[str, dict]:
    """Each family's subrules as the database has them in the family's edition.

    ``families`` maps a name to (edition, specs) as kb.scenarios.play.FAMILIES does; a spec is
    a number ("901.7a") or a range ("702.26a-p", "312.1-312.7").
    """
    found: dict[str, dict] = {}
    for family, (edition, specs) in families.items():
        numbers: list[str] = []
        try:
            for spec in specs:
                numbers.extend(_expand(store, spec, edition))
            source = _("database, edition {edition}").format(edition=edition)
        except MtgkbError:
            numbers, source = [], None
        found[family] = {"rules": numbers, "source": source}
    return found


def _expand(store: Store, spec: str, edition: str) -> list[str]:
    """The numbers of a spec that the stored edition really has, in document order."""
    if "-" in spec:  # the range's own numbers ("312.1-312.7": the rules, not their subrules)
        kind = RuleRange.parse(spec).start.kind
        return [r.number for r in store.rules(str(RuleRange.parse(spec)), lang="en", edition=edition) if r.kind == kind]
    return [store.rule(spec, lang="en", edition=edition).number]


def play(paths: list[str] | None, *, edition: str | None, twins: bool) -> list[ScenarioResult]:
    """Play scenario files (default: the bundled ones); an edition that is no date is bad input."""
    if edition:
        try:
            parse_date(edition)
        except EditionError as error:
            raise BadInput(str(error)) from None
    return run_scenarios(paths, edition=edition, twins=twins)


def coverage_report(store: Store) -> dict[str, dict]:
    """Per family: its rules as stored (else the built-in list), how many a scenario covers, which not."""
    loaded = [s for s in load_scenarios() if not s.errors]
    builtin = required_rules()
    report = {}
    for family, row in family_rules(store, FAMILIES).items():
        rules = row["rules"] or builtin[family]
        missing = coverage(rules, loaded)
        report[family] = {
            "rules": rules,
            "covered": len(rules) - len(missing),
            "missing": missing,
            "source": row["source"] or _("built-in list (edition not in the database)"),
        }
    return report


def scenario_errors() -> list[str]:
    """Every error of the bundled scenario files, as text."""
    return [str(e) for s in load_scenarios() for e in s.errors]


def scenario_file(file: str) -> list[Scenario]:
    """The scenarios of one file as written (name, description, setup, steps); [] if it is gone."""
    if not Path(file).is_file():
        return []
    return [s for s in load_scenarios([file]) if not s.errors]
