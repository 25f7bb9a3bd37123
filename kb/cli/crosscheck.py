"""``mtgkb crosscheck`` and ``mtgkb term``: thin click wrappers over kb.crosscheck and kb.terms.

Exit codes as everywhere: 0 a report was printed, 1 something named was not found
(or, with --strict, something was flagged), 2 bad input.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from kb.cli.options import json_option, lang_option
from kb.cli.output import EXIT_BAD_INPUT, EXIT_NOT_FOUND, dump, fail, open_kb
from kb.core.labels import CATEGORY_LABELS, SOURCE_LABELS
from kb.i18n import _
from kb.i18n.wrap import wrap_wide


@click.command("crosscheck")
@click.argument("sides", nargs=-1, metavar="[A B]")
@click.option("--document", help="Check a whole translation: ja@2026-01-16, a language or a document name.")
@click.option("--against", help="With --document: the original (default: the English document of the same edition).")
@click.option(
    "--kind",
    "kinds",
    multiple=True,
    # Every class of kb.crosscheck.FINDINGS (a test keeps the list whole; importing it here would load the aligners).
    help="With --document: only this class of finding (repeatable): missing, extra, duplicate, subrules, "
    "citations, titles, examples, numbers, terms, untranslated, terminology, consistency, markers, coverage, swaps, "
    "spelling, garbled.",
)
@click.option("--all", "show_all", is_flag=True, help="With --document: print every finding, not 20 per class.")
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    help="With --document: at most N findings per class (in report order: the QA classes surest first), in the text and --json "
    "(the counts stay whole; default: 20 in the text, every finding in --json).",
)
@click.option(
    "--structure",
    is_flag=True,
    help="Align by structure (order, terms, numbers) instead of through the English editions.",
)
@json_option(help="Print the report as JSON.")
@click.option(
    "--html",
    "html_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write a standalone HTML report (side by side, flags coloured) to FILE.",
)
@click.option(
    "--links",
    metavar="TEMPLATE",
    help="With --html: where rule numbers link: reader (default), static, yawgatog or a template with "
    "{number}, {anchor}, {lang}, {edition}, {document} (default: $MTGKB_RULE_LINKS).",
)
@click.option("--strict", is_flag=True, help="Exit 1 when anything is flagged.")
@click.option(
    "--sure",
    "sure_only",
    is_flag=True,
    help="With --document: only the sure findings (classes a person confirmed 19 times in 20 or more), in the text, "
    "--html and --json.",
)
@click.pass_context
def crosscheck(
    ctx, sides, document, against, kinds, show_all, limit, structure, as_json, html_file, links, strict, sure_only
):
    """Cross-check translations: A and B like de:702.23 ja@2023-11-17:702.26 (rule against rule,
    subrule by subrule), or --document ja@2026-01-16 [--against en@2026-01-16] (every rule)."""
    if bool(document) == bool(sides) or (sides and len(sides) != 2):
        fail(_("give two rules (A B, like de:702.23 ja:702.26) or --document"), code=EXIT_BAD_INPUT, as_json=as_json)
    if sure_only and not document:
        fail(_("--sure needs --document"), code=EXIT_BAD_INPUT, as_json=as_json)
    if limit and show_all:
        fail(_("give --limit or --all, not both"), code=EXIT_BAD_INPUT, as_json=as_json)
    from kb.api import render  # lazy: the features it renders, +213 ms to --help (it imports every module)

    kb = open_kb(ctx)
    if html_file:
        render.check_links(links)  # a bad --links template fails before the work
    if document:
        report = kb.crosscheck_document(document, against, kinds=tuple(kinds) or None)
        if sure_only:
            report = report.sure_only()
        flagged = bool(report.findings)
    else:
        report = kb.crosscheck(sides[0], sides[1], method="structure" if structure else "auto")
        flagged = any(row.flags for row in report.rows)
    if html_file:
        html_file.write_text(render.crosscheck_html(report, links=links), encoding="utf-8")
        click.echo(_("HTML report: {path}").format(path=html_file), err=True)
    if as_json:
        data = report.to_dict()
        if document and limit:  # an agent or a script pays for every finding it did not ask for
            data["findings"] = _first_per_class(data["findings"], limit)
        dump(data)
    else:
        click.echo(render.crosscheck_text(report, limit=None if show_all or not document else limit or 20))
    if strict and flagged:
        sys.exit(EXIT_NOT_FOUND)


def _first_per_class(findings: list[dict], limit: int) -> list[dict]:
    """The first ``limit`` findings of each class, in report order (within a class the surest first)."""
    seen: dict[str, int] = {}
    kept = []
    for finding in findings:
        seen[finding["kind"]] = seen.get(finding["kind"], 0) + 1
        if seen[finding["kind"]] <= limit:
            kept.append(finding)
    return kept


@click.command("term")
@click.argument("query")
@lang_option(help="Only names in this language (de, ja, zh, ...).")
@json_option(help="Print the entries as JSON.")
@click.pass_context
def term(ctx, query, lang, as_json):
    """A game term in every language, and where each pairing came from (mtgkb term phasing)."""
    kb = open_kb(ctx)
    entries = kb.term(query, lang=lang)
    if not entries:
        kb.check_language(lang)
        message = _("no term {term!r} in language {lang!r}") if lang else _("no term {term!r}")
        fail(message.format(term=query, lang=lang), kb.term_suggestions(query), as_json=as_json)
    if as_json:
        dump([e.to_dict() for e in entries])
        return
    for entry in entries:
        kind = _(CATEGORY_LABELS[entry.category]) if entry.category in CATEGORY_LABELS else _("curated term")
        click.secho(" / ".join(entry.english) + f"  [{entry.key}]  " + kind, bold=True)
        for name in entry.names:
            click.echo(f"  {name.lang:3} {name.name}")
            for source in name.sources:
                label = _(SOURCE_LABELS[source.source]) if source.source in SOURCE_LABELS else source.source
                said = f"{source.confidence:.2f} {label}: {source.origin}" + (
                    f", {source.detail}" if source.detail else ""
                )
                for line in wrap_wide(said, 92):
                    click.echo(f"        {line}")
        click.echo()
