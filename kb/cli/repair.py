"""mtgkb repair: complete the schema and the derived data (chain, inferences, search index)."""

from __future__ import annotations

import sys

import click

from kb.cli.options import json_option
from kb.cli.output import EXIT_NOT_FOUND, dump, open_maintenance
from kb.i18n import _, ngettext


@click.command()
@click.option(
    "--check", "check_only", is_flag=True, help="Only say what is missing (exit 1 when something is), change nothing."
)
@json_option(help="Print what was missing and what was done as JSON.")
@click.pass_context
def repair(ctx, check_only, as_json):
    """Compute what the derived data lacks: renumbering chain, edition inference, search index, schema."""
    work = open_maintenance(ctx)
    if check_only:
        pending = work.pending()
        if as_json:
            dump(pending.to_dict())
        else:
            for line in _pending_lines(pending):
                click.echo(line)
        if pending.missing:
            sys.exit(EXIT_NOT_FOUND)
        return
    report = work.repair(on_wait=lambda message: click.echo(message, err=True))
    if as_json:
        dump(report.to_dict())
        return
    for line in _pending_lines(report.before):
        click.echo(line)
    if report.schema:
        click.echo(_("Schema: added {parts}").format(parts=", ".join(report.schema)))
    click.echo(
        _("Repaired: {pairings}, {removed}, {inferred}, {indexed} ({seconds} s)").format(
            pairings=ngettext("{n} pairing computed", "{n} pairings computed", report.pairings).format(
                n=report.pairings
            ),
            removed=ngettext("{n} stale pairing removed", "{n} stale pairings removed", report.removed).format(
                n=report.removed
            ),
            inferred=ngettext("{n} edition inferred", "{n} editions inferred", len(report.inferred)).format(
                n=len(report.inferred)
            ),
            indexed=ngettext(
                "{n} document indexed", "{n} documents indexed", len(report.indexed) + len(report.unindexed)
            ).format(n=len(report.indexed) + len(report.unindexed)),
            seconds=report.seconds,
        )
    )


def _pending_lines(pending) -> list[str]:
    if not pending.missing:
        return [_("Nothing is missing: the derived data matches the documents.")]
    lines = []
    if pending.pairings:
        lines.append(
            ngettext(
                "Renumbering chain: {n} pairing missing or stale ({pairs})",
                "Renumbering chain: {n} pairings missing or stale ({pairs})",
                len(pending.pairings),
            ).format(n=len(pending.pairings), pairs=", ".join(pending.pairings[:3]))
        )
    if pending.stale_runs:
        lines.append(
            ngettext(
                "Renumbering chain: {n} pairing of editions no longer consecutive",
                "Renumbering chain: {n} pairings of editions no longer consecutive",
                pending.stale_runs,
            ).format(n=pending.stale_runs)
        )
    if pending.inferences:
        lines.append(_("Edition inference: {names}").format(names=", ".join(pending.inferences)))
    if pending.index:
        lines.append(_("Search index: {names}").format(names=", ".join(pending.index[:5])))
    return lines
