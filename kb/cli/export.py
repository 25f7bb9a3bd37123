"""mtgkb export html: a thin click wrapper over kb.reader.export.export_html.

Registered in kb.cli.app with one line. Jinja2 is imported only when the command runs, so a
fresh ``mtgkb show`` does not pay for it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from kb.cli.options import edition_option, json_option
from kb.cli.output import EXIT_BAD_INPUT, dump, fail, open_kb
from kb.i18n import _, ngettext


@click.group()
def export() -> None:
    """Write the rules in another form (a static website)."""


@export.command("html")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--lang", "langs", multiple=True, help="Only this language (repeat for several); default every language held."
)
@edition_option(help="Edition (2026-01-16) or document name; default the newest document of each language.")
@click.option(
    "--document",
    "names",
    multiple=True,
    help="Export this document (repeat for several); default per language the newest full text (of --edition).",
)
@click.option(
    "--side",
    is_flag=True,
    help="Also write each translation beside the English document of its edition, "
    "else the newest exported one (cross-checked; slower); refused when no English document is exported.",
)
@click.option(
    "--search/--no-search",
    default=True,
    show_default=True,
    help="Index the exported documents with "
    "Pagefind and write a search page per language (search-<lang>.html); it works once the folder is "
    "served over HTTP (python -m http.server -d FOLDER), not from file://.",
)
@json_option(help="Print what was written as JSON.")
@click.pass_context
def html(ctx, folder, langs, edition, names, side, search, as_json):
    """Write the reader as a static site into FOLDER: index.html, one page per document, the assets."""
    # mtgkb --help imports every command's module: the exporter waits until this one runs.
    from kb.reader.export import choose_documents, export_html, side_pairs  # lazy: jinja2, 106 modules, ~130 ms

    if folder.exists() and not folder.is_dir():
        fail(_("not a folder: {path}").format(path=folder), code=EXIT_BAD_INPUT, as_json=as_json)
    kb = open_kb(ctx, readonly=True)
    kb.resolve()  # an empty database: NoDatabase says what to run
    for lang in langs:
        kb.check_language(lang)
    try:
        chosen = choose_documents(kb, list(langs) or None, edition, list(names) or None)
        count = len(chosen) + (len(side_pairs(chosen)) if side else 0) + (1 if search else 0)
        options = dict(
            langs=list(langs) or None, edition=edition, side=side, documents=list(names) or None, search=search
        )
        if as_json:
            result = export_html(kb, folder, **options)
        else:
            with click.progressbar(length=count + 1, label=_("Exporting"), file=sys.stderr) as bar:
                result = export_html(kb, folder, **options, progress=lambda _name: bar.update(1))
    except OSError as error:
        fail(
            _("cannot write {path}: {reason}").format(path=folder, reason=error.strerror),
            code=EXIT_BAD_INPUT,
            as_json=as_json,
        )
    if as_json:
        dump(result.to_dict())
        return
    documents = ngettext("{n} document", "{n} documents", len(result.documents)).format(n=len(result.documents))
    click.echo(
        _("{documents} written to {folder} in {seconds:.1f} s; open {index}").format(
            documents=documents, folder=result.folder, seconds=result.seconds, index=Path(result.folder) / "index.html"
        )
    )
    if result.search:
        pages = ", ".join(f"search-{lang}.html" for lang in result.search["languages"])
        click.echo(
            _(
                "Search ({pages}) needs the folder served over HTTP, browsers do not load its index from "
                "file://: python -m http.server -d {folder}, then open http://localhost:8000/"
            ).format(pages=pages, folder=result.folder)
        )
