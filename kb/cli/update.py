"""``mtgkb update``: the newest official Comprehensive Rules, downloaded and imported.

The download is kb/importers/official.py's, the decision to store kb/store/update.py's.

Exit codes as everywhere: 0 updated or already current (the output says which), 1 nothing
found (offline, an HTTP error, a rules page without its TXT link), 2 bad input (a bad --url,
a file that is not an English CR text with an effective date, a truncated download).
"""

from __future__ import annotations

import click

from kb.cli.options import json_option
from kb.cli.output import dump, open_maintenance
from kb.cli.progress import ProgressView, progress_option
from kb.i18n import _, format_edition, ngettext


@click.command("update")
@click.option("--url", help="Download this CR text instead of the one the official rules page links.")
@click.option(
    "--page",
    help="Read the TXT link from this page instead of the official rules page (https://magic.wizards.com/en/rules).",
)
@click.option(
    "--cards",
    is_flag=True,
    help="Download Scryfall's Oracle Cards file (or read --file) and store its cards instead of the rules.",
)
@click.option(
    "--file",
    "card_file",
    type=click.Path(exists=True, dir_okay=False),
    help="With --cards: store this Scryfall or MTGJSON card file instead of downloading.",
)
@json_option(help="Print what was done as JSON.")
@progress_option
@click.pass_context
def update(ctx, url, page, cards, card_file, as_json, progress):
    """Download the current Comprehensive Rules and import them if they are newer than the stored ones.

    Then the renumbering chain and the search index (if one was built) are brought up to date.
    Nothing is changed when the page or file cannot be had or does not parse. With --cards, the
    cards instead (docs/cards.md): Scryfall's bulk Oracle Cards, all of them or none.
    """
    if card_file and not cards:
        raise click.UsageError(_("--file goes with --cards (a rules text is imported with 'mtgkb import FILE')"))
    work = open_maintenance(ctx, create=True)
    if cards:
        with ProgressView(progress) as view:
            done = work.update_cards(url=url, file=card_file, progress=view)
        if as_json:
            dump(done.to_dict())
            return
        count = ngettext("{n} card", "{n} cards", done.cards).format(n=done.cards)
        click.echo(_("Cards {status}: {count} from {path}").format(status=_(done.status), count=count, path=done.path))
        return
    with ProgressView(progress) as view:
        result = work.update(url=url, page=page, progress=view)
    if as_json:
        dump(result.to_dict())
        return
    click.echo(describe(result))
    click.echo(_("Source: {url}").format(url=result.url), err=True)


def describe(result) -> str:
    """The one line that says whether the database was updated or already current, and why."""
    edition = format_edition(result.edition)
    if result.status == "updated":
        rules = ngettext("{n} rule", "{n} rules", result.rules).format(n=result.rules)
        return _("Updated: imported {name} ({edition}), {rules}").format(name=result.name, edition=edition, rules=rules)
    if result.status == "older":
        return _(
            "Already current: the file's edition {edition} is older than the stored {stored}; nothing was changed"
        ).format(edition=edition, stored=format_edition(result.stored))
    return _("Already current: {edition} is the newest stored edition; nothing was changed").format(edition=edition)
