"""``mtgkb scenarios``: run the example scenarios and report which rules lack one.

Thin over kb/scenarios.py. Exit codes of ``run``: 0 all passed, 1 some scenario
failed, 2 some input was bad (the other scenarios still ran).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from kb.engine.editions import EditionError, parse_date
from kb.i18n import _, ngettext
from kb.scenarios import ScenarioResult, load_scenarios, run_scenarios


def _short(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def _print_result(result: ScenarioResult) -> None:
    where = Path(result.file).name
    rules = ", ".join(result.rules)
    if result.errors:
        for error in result.errors:
            click.echo(_("ERROR {error}").format(error=error), err=True)
        return
    status = _("PASS") if result.passed else _("FAIL")
    click.echo(f"{status}  {where}: {result.name}  [{rules}] {result.edition}")
    for failure in result.failures:
        click.echo("      " + _("step {step}: {expectation}: expected {expected}, got {actual}").format(
            step=failure["step"], expectation=failure["expectation"], expected=_short(failure["expected"]),
            actual=_short(failure["actual"])))


def exit_code(results: list[ScenarioResult]) -> int:
    if any(r.errors for r in results):
        return 2
    if any(not r.passed for r in results):
        return 1
    return 0


@click.group(name="scenarios")
def scenarios() -> None:
    """Example games for the rules of phasing and phenomena, played on the bundled engine."""


@scenarios.command("run")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--edition", help="Only the scenarios that play under this CR edition (YYYY-MM-DD).")
@click.option("--twins", is_flag=True, help="Add a phased-out twin of every permanent; nothing may see it.")
@click.option("--no-store", is_flag=True, help="Do not store the results in the database.")
@click.option("--json", "as_json", is_flag=True, help="Results as JSON.")
@click.pass_context
def run(ctx: click.Context, paths: tuple[str, ...], edition: str | None, twins: bool, no_store: bool,
        as_json: bool) -> None:
    """Run the bundled scenarios, or the scenario files and folders given; results are stored per rule."""
    from kb.cli import _open
    if edition:
        try:
            parse_date(edition)
        except EditionError as exc:
            raise click.BadParameter(str(exc), param_hint="--edition") from None
    start = time.perf_counter()
    if no_store:
        results = run_scenarios(list(paths) or None, edition=edition, twins=twins)
    else:
        results = _open(ctx).run_scenarios(list(paths) or None, edition=edition, twins=twins)
    seconds = time.perf_counter() - start
    if as_json:
        click.echo(json.dumps({"results": [r.to_dict() for r in results], "seconds": round(seconds, 3),
                               "exit_code": exit_code(results)}, ensure_ascii=False, indent=2))
    else:
        for result in results:
            _print_result(result)
        passed = sum(r.passed for r in results)
        bad = sum(bool(r.errors) for r in results)
        summary = (ngettext("{n} scenario: {passed} passed, {failed} failed, {bad} with bad input ({seconds} s, with "
                            "twins)", "{n} scenarios: {passed} passed, {failed} failed, {bad} with bad input "
                            "({seconds} s, with twins)", len(results)) if twins else
                   ngettext("{n} scenario: {passed} passed, {failed} failed, {bad} with bad input ({seconds} s)",
                            "{n} scenarios: {passed} passed, {failed} failed, {bad} with bad input ({seconds} s)",
                            len(results)))
        click.echo(summary.format(n=len(results), passed=passed, failed=len(results) - passed - bad, bad=bad,
                                  seconds=f"{seconds:.2f}"))
    sys.exit(exit_code(results))


@scenarios.command("coverage")
@click.option("--json", "as_json", is_flag=True, help="Coverage as JSON.")
@click.pass_context
def coverage_cmd(ctx: click.Context, as_json: bool) -> None:
    """Rules of 702.26, 702.23, 312, 310 and 901 (as the database has them) without a scenario (exit 1 if any)."""
    from kb.cli import _open

    report = _open(ctx).scenario_coverage()
    errors = [str(e) for s in load_scenarios() for e in s.errors]
    if as_json:
        click.echo(json.dumps({"families": report, "errors": errors}, ensure_ascii=False, indent=2))
    else:
        for family, row in report.items():
            gap = "  " + _("missing: {numbers}").format(numbers=", ".join(row["missing"])) if row["missing"] else ""
            click.echo(f"{family}: {row['covered']}/{len(row['rules'])} ({row['source']}){gap}")
        for error in errors:
            click.echo(_("ERROR {error}").format(error=error), err=True)
    if errors:
        sys.exit(2)
    sys.exit(1 if any(row["missing"] for row in report.values()) else 0)
