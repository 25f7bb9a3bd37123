"""Scenario results in the rule database: per rule, and coverage against stored rules.

The engine knows nothing of the database; this module joins the two. Results are
stored per (scenario, rule) so that `mtgkb show 702.26g` lists the games that
exemplify it, and coverage is computed from the rules the database really holds
for each family's edition (the built-in list when that edition is not imported).
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone

from kb.i18n import _
from kb.numbers import RuleNumber, RuleRange


def ensure_schema(conn: sqlite3.Connection) -> None:
    with conn:
        conn.execute(
            "create table if not exists scenario_results (id integer primary key, scenario text not null, "
            "file text not null, rule text not null, edition text, passed integer not null, twins integer not null, "
            "failures integer not null, ran_at text not null)")
        conn.execute("create index if not exists idx_scenario_results_rule on scenario_results (rule)")


def store_results(conn: sqlite3.Connection, results: list) -> int:
    """Replace the stored results of the scenarios given; returns the rows written."""
    ensure_schema(conn)
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    rows = [
        (r.name, r.file, str(RuleNumber.parse(rule)), r.edition, int(r.passed), int(r.twins), len(r.failures), now)
        for r in results if not r.errors for rule in r.rules
    ]
    with conn:
        conn.executemany("delete from scenario_results where scenario = ? and file = ? and twins = ?",
                         {(r.name, r.file, int(r.twins)) for r in results})
        conn.executemany(
            "insert into scenario_results (scenario, file, rule, edition, passed, twins, failures, ran_at) "
            "values (?, ?, ?, ?, ?, ?, ?, ?)", rows)
    return len(rows)


def results_by_rule(conn: sqlite3.Connection) -> dict[str, list[dict]]:
    """Every stored result, keyed by rule number (empty when no scenario ran yet)."""
    if not conn.execute("select 1 from sqlite_master where name = 'scenario_results'").fetchone():
        return {}
    found: dict[str, list[dict]] = {}
    for scenario, file, rule, edition, passed, twins in conn.execute(
            "select scenario, file, rule, edition, passed, twins from scenario_results order by file, scenario"):
        found.setdefault(rule, []).append(
            {"scenario": scenario, "file": file, "edition": edition, "passed": bool(passed), "twins": bool(twins)})
    return found


def family_rules(kb, families: dict[str, tuple[str, list[str]]]) -> dict[str, dict]:
    """Each family's subrules as the database has them in the family's edition.

    ``families`` maps a name to (edition, specs) as kb.scenarios.FAMILIES does; a spec is
    a number ("901.7a") or a range ("702.26a-p", "312.1-312.7").
    """
    from kb.api import LookupFailed

    found: dict[str, dict] = {}
    for family, (edition, specs) in families.items():
        numbers: list[str] = []
        try:
            for spec in specs:
                numbers.extend(_expand(kb, spec, edition))
            source = _("database, edition {edition}").format(edition=edition)
        except LookupFailed:
            numbers, source = [], None
        found[family] = {"rules": numbers, "source": source}
    return found


def _expand(kb, spec: str, edition: str) -> list[str]:
    """The numbers of a spec that the stored edition really has, in document order."""
    if "-" in spec:
        return [r.number for r in kb.rules(str(RuleRange.parse(spec)), lang="en", edition=edition)]
    return [kb.rule(spec, lang="en", edition=edition).number]
