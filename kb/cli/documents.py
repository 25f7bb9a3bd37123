"""`mtgkb editions`: the documents the database holds, with their counts and a partial translation's coverage."""

from __future__ import annotations

import json

import click

from kb.cli.options import json_option, lang_option
from kb.cli.output import dump, open_kb, shown
from kb.i18n import _, format_edition, language_name
from kb.i18n.wrap import table


@click.command("editions")
@lang_option(help="Only documents in this language.")
@json_option(help="Print the documents as JSON.")
@click.pass_context
def editions(ctx, lang, as_json):
    """List the imported documents: language, edition, source and counts."""
    kb = open_kb(ctx)
    kb.check_language(lang)
    docs = kb.documents(lang=lang)
    if as_json:
        dump([d.to_dict() for d in docs])
        return
    if not docs:  # an empty list is an answer; people are told what to run
        click.echo(_("the database holds no documents: run 'mtgkb build' or 'mtgkb import' first"), err=True)
    heading = [
        # TRANSLATORS: column headings of `mtgkb editions`; keep them short.
        _("code"),
        _("language"),
        _("edition"),
        _("rules"),
        _("examples"),
        _("glossary"),
        _("refs"),
        _("name (format)"),
    ]
    rows = [
        [
            d.lang,
            language_name(d.lang),
            format_edition(d.edition),
            str(d.rules),
            str(d.examples),
            str(d.glossary),
            str(d.references),
            f"{shown(d.name)} ({d.format})",
        ]
        for d in docs
    ]
    lines = table([heading, *rows], right={3, 4, 5, 6})
    click.echo(lines[0])
    for d, line in zip(docs, lines[1:]):
        click.echo(line)
        if d.meta.get("coverage"):
            click.echo("    " + coverage_text(d.meta))
        if d.inferred and not d.inferred["first"]:
            click.echo("    " + _("inferred edition: unknown"))
        elif d.inferred:
            click.echo(
                "    "
                + _("inferred edition: {first} … {last}").format(
                    first=format_edition(d.inferred["first"]), last=format_edition(d.inferred["last"])
                )
            )
        if d.inferred:
            for evidence in d.inferred["evidence"]:
                click.echo(f"      {evidence}")


def coverage_text(meta: dict) -> str:
    """A partial translation's coverage: "619 of 2,493 rules, 1xx–2xx complete"."""
    coverage = json.loads(meta["coverage"])
    runs: list[list[int]] = []
    for section in sorted(int(s) for s in coverage["complete"]):
        if runs and runs[-1][-1] == section - 1:
            runs[-1].append(section)
        else:
            runs.append([section])
    text = _("{translated:,} of {total:,} rules").format(translated=coverage["translated"], total=coverage["total"])
    if runs:
        complete = ", ".join(f"{r[0]}xx" if len(r) == 1 else f"{r[0]}xx–{r[-1]}xx" for r in runs)
        text += ", " + _("{sections} complete").format(sections=complete)
    return text
