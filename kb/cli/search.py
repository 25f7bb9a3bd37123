"""``mtgkb search``, ``mtgkb complete`` and ``mtgkb reindex``: thin click wrappers over kb.search.

Exit codes as everywhere: 0 results were printed, 1 nothing matched (or an unknown
language or edition), 2 bad input (a query with nothing to search for).
"""

from __future__ import annotations

import sys

import click

from kb.cli.options import edition_option, json_option, lang_option

from kb.cli.output import dump, open_kb
from kb.cli.progress import ProgressView, progress_option
from kb.cli.quick_search import MAX_LIMIT
from kb.i18n import _, ngettext


@click.command("search")
@click.argument("query")
@click.option("--lang", "langs", multiple=True,
              help="Search only this language (repeatable; the first is shown first). Default: all.")
@edition_option(help="newest (default: each language's newest), all, or an edition (2023-11-17) "
                                "or document name.")
@click.option("--section", help="Only rules under this section or chapter (7, 702).")
@click.option("--limit", type=click.IntRange(1, MAX_LIMIT), default=10, show_default=True, help="Results to show.")
@json_option(help="Print the results as JSON.")
@click.pass_context
def search(ctx, query, langs, edition, section, limit, as_json):
    """Search the rules in every language: words, "phrases", AND/OR/NOT, prefix*, rule numbers.

    One result per rule, with its text in each language beside the others, e.g.
    mtgkb search "Instabilität Spielstein" or mtgkb search "702.26 token".
    """
    from kb.cli.quick_search import search as run_search

    sys.exit(run_search(query, langs=list(langs), edition=edition, section=section, limit=limit, as_json=as_json,
                        db=ctx.find_root().obj["db"]))


@click.command("complete")
@click.argument("prefix")
@lang_option(help="Only completions in this language.")
@click.option("--limit", type=click.IntRange(1, 100), default=10, show_default=True, help="Completions to show.")
@json_option(help="Print the completions as JSON.")
@click.pass_context
def complete(ctx, prefix, lang, limit, as_json):
    """Complete a term or rule title in any language from its first letters (for autocomplete)."""
    kb = open_kb(ctx)
    kb.check_language(lang)
    found = kb.complete(prefix, lang=lang, limit=limit)
    if as_json:
        dump([c.to_dict() for c in found])
    else:
        for c in found:
            extra = " ".join(part for part in (f"= {c.english}" if c.english else "", f"({c.rule})" if c.rule else "")
                             if part)
            click.echo(f"{c.text}\t[{c.lang}]" + (f"\t{extra}" if extra else ""))
    if not found:
        if not as_json:
            click.echo(_("No term or rule title starts with {prefix!r}").format(prefix=prefix), err=True)
        sys.exit(1)


@click.command("reindex")
@json_option(help="Print the report as JSON.")
@progress_option
@click.pass_context
def reindex(ctx, as_json, progress):
    """Rebuild the search index beside the database from every imported document."""
    kb = open_kb(ctx)
    kb.resolve()  # an empty database: NoDatabase says what to run
    with ProgressView(progress) as view:
        report = kb.reindex(progress=view)
    if as_json:
        dump(report.to_dict())
        return
    rules = ngettext("{n} rule", "{n} rules", report.rules).format(n=report.rules)
    click.echo(ngettext("Indexed {rules} of {n} document in {seconds} s: {path}",
                        "Indexed {rules} of {n} documents in {seconds} s: {path}", len(report.added)).format(
        rules=rules, n=len(report.added), seconds=report.seconds, path=report.path))
