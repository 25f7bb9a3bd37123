"""``mtgkb scenarios``: run the example scenarios and report which rules lack one.

Thin over kb/scenarios/. Exit codes of ``run``: 0 all passed, 1 some scenario
failed, 2 some input was bad (the other scenarios still ran).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from kb.cli.options import edition_option, json_option
from kb.cli.output import open_kb, open_maintenance
from kb.i18n import _, ngettext


def _short(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def _print_result(result) -> None:
    where = Path(result.file).name
    rules = ", ".join(result.rules)
    if result.errors:
        for error in result.errors:
            click.echo(_("ERROR {error}").format(error=error), err=True)
        return
    status = _("PASS") if result.passed else _("FAIL")
    click.echo(f"{status}  {where}: {result.name}  [{rules}] {result.edition}")
    for failure in result.failures:
        click.echo(
            "      "
            + _("step {step}: {expectation}: expected {expected}, got {actual}").format(
                step=failure["step"],
                expectation=failure["expectation"],
                expected=_short(failure["expected"]),
                actual=_short(failure["actual"]),
            )
        )


def exit_code(results: list) -> int:
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
@edition_option(help="Only the scenarios that play under this CR edition (YYYY-MM-DD).")
@click.option("--twins", is_flag=True, help="Add a phased-out twin of every permanent; nothing may see it.")
@click.option("--no-store", is_flag=True, help="Do not store the results in the database.")
@json_option(help="Results as JSON.")
@click.pass_context
def run(
    ctx: click.Context, paths: tuple[str, ...], edition: str | None, twins: bool, no_store: bool, as_json: bool
) -> None:
    """Run the bundled scenarios, or the scenario files and folders given; results are stored per rule."""
    start = time.perf_counter()
    work = open_maintenance(ctx, memory=no_store)  # --no-store needs no database at all
    results = work.run_scenarios(list(paths) or None, edition=edition, twins=twins, store=not no_store)
    seconds = time.perf_counter() - start
    if as_json:
        click.echo(
            json.dumps(
                {
                    "results": [r.to_dict() for r in results],
                    "seconds": round(seconds, 3),
                    "exit_code": exit_code(results),
                },
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        for result in results:
            _print_result(result)
        passed = sum(r.passed for r in results)
        bad = sum(bool(r.errors) for r in results)
        summary = (
            ngettext(
                "{n} scenario: {passed} passed, {failed} failed, {bad} with bad input ({seconds} s, with twins)",
                "{n} scenarios: {passed} passed, {failed} failed, {bad} with bad input ({seconds} s, with twins)",
                len(results),
            )
            if twins
            else ngettext(
                "{n} scenario: {passed} passed, {failed} failed, {bad} with bad input ({seconds} s)",
                "{n} scenarios: {passed} passed, {failed} failed, {bad} with bad input ({seconds} s)",
                len(results),
            )
        )
        click.echo(
            summary.format(
                n=len(results), passed=passed, failed=len(results) - passed - bad, bad=bad, seconds=f"{seconds:.2f}"
            )
        )
    sys.exit(exit_code(results))


@scenarios.command("coverage")
@json_option(help="Coverage as JSON.")
@click.pass_context
def coverage_cmd(ctx: click.Context, as_json: bool) -> None:
    """Rules of 702.26, 702.23, 312, 310 and 901 (as the database has them) without a scenario (exit 1 if any)."""

    kb = open_kb(ctx)
    report = kb.scenario_coverage()
    errors = kb.scenario_errors()
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


@scenarios.command("fuzz")
@click.option(
    "--seed", type=int, default=0, show_default=True, help="Seed of the first game; the same seed plays the same games."
)
@click.option("--games", type=click.IntRange(min=1), default=200, show_default=True, help="How many games to play.")
@click.option(
    "--steps", "max_steps", type=click.IntRange(min=1), default=24, show_default=True, help="Actions per game, at most."
)
@click.option(
    "--out",
    type=click.Path(file_okay=False),
    default=None,
    help="Write each failure as a scenario file into this folder.",
)
@json_option(help="The games' figures and failures as JSON.")
@click.pass_context
def fuzz_cmd(ctx: click.Context, seed: int, games: int, max_steps: int, out: str | None, as_json: bool) -> None:
    """Play generated games and check the rules' invariants after every step; exit 1 if one broke."""
    kb = open_kb(ctx, memory=True)  # no database: the engine and the bundled cards only
    report = kb.fuzz_scenarios(seed=seed, games=games, max_steps=max_steps)
    written = []
    if out:
        folder = Path(out)
        folder.mkdir(parents=True, exist_ok=True)
        for failure in report.failures:
            path = folder / f"fuzz_{failure.seed}_{failure.game}.yaml"
            path.write_text(failure.scenario, encoding="utf-8")
            written.append(str(path))
    if as_json:
        click.echo(json.dumps({**report.to_dict(), "written": written}, ensure_ascii=False, indent=2))
    else:
        for failure in report.failures:
            click.echo(
                _("BROKEN game {game}: {invariant} at step {step}: {message}").format(
                    game=failure.game, invariant=failure.invariant, step=failure.step, message=failure.message
                )
            )
            click.echo(failure.scenario)
        click.echo(
            _(
                "{games} games from seed {seed}: {steps} steps played, {refused} refused by the rules, "
                "{broken} invariants broken ({seconds} s)"
            ).format(
                games=report.games,
                seed=report.seed,
                steps=report.steps,
                refused=report.refused,
                broken=len(report.failures),
                seconds=f"{report.seconds:.2f}",
            )
        )
    sys.exit(1 if report.failures else 0)
