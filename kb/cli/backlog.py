"""``mtgkb backlog``: a thin click wrapper over the facade's backlog (kb.backlog).

Exit codes as everywhere: 0 the list was printed or written, 1 a language, edition or
rule was not found, 2 bad input (two outputs at once, --po with --section, editions
in the wrong order).
"""

from __future__ import annotations

from pathlib import Path

import click

from kb.cli.options import json_option
from kb.cli.output import EXIT_BAD_INPUT, dump, fail, open_kb
from kb.i18n import _


@click.command("backlog")
@click.argument("translation", metavar="LANG@EDITION")
@click.option("--to", "to", help="The newer English edition (a date or document name; default: the newest).")
@click.option("--section", help="Only rules inside this section, chapter or rule (7, 702, 702.26).")
@json_option(help="Print the list as JSON.")
@click.option(
    "--csv", "csv_file", type=click.Path(dir_okay=False, path_type=Path), help="Write the list as CSV to FILE."
)
@click.option(
    "--html",
    "html_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the list as a standalone HTML page to FILE.",
)
@click.option(
    "--po",
    "po_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the whole document as a gettext PO file to FILE (changed messages fuzzy).",
)
@click.pass_context
def backlog_command(ctx, translation, to, section, as_json, csv_file, html_file, po_file):
    """What to re-translate: every rule of the newer English edition (--to, default the newest) that
    changed since the edition the translation LANG@EDITION (like ja@2026-01-16) was made from."""
    outputs = [o for o in (as_json, csv_file, html_file, po_file) if o]
    if len(outputs) > 1:
        fail(_("give one of --json, --csv, --html and --po"), code=EXIT_BAD_INPUT, as_json=as_json)
    if po_file and section:
        fail(_("a PO file holds the whole document: leave out --section"), code=EXIT_BAD_INPUT)
    from kb.api import render  # lazy: the features it renders, +213 ms to --help (it imports every module)

    kb = open_kb(ctx)
    result = kb.backlog(translation, to=to, section=section)
    if as_json:
        dump(result.to_dict())
        return
    written = None
    if po_file:
        po_file.write_bytes(render.backlog_po(result))
        written = _("PO file: {path}").format(path=po_file)
    elif csv_file:
        csv_file.write_text(render.backlog_csv(result), encoding="utf-8", newline="")
        written = _("CSV file: {path}").format(path=csv_file)
    elif html_file:
        html_file.write_text(render.backlog_html(result), encoding="utf-8")
        written = _("HTML page: {path}").format(path=html_file)
    if written is None:
        click.echo(render.backlog_text(result), nl=False)
        return
    for line in render.backlog_summary(result).splitlines():
        click.echo(line)
    click.echo(written, err=True)
