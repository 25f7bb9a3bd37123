"""`mtgkb import` and `mtgkb build`: rule texts into the database, through the write side (Maintenance).

Each file's result is printed as it finishes; the renumbering chain, the edition inference and the search
index follow (kb.api.maintenance). Imported when one of these commands runs or --help lists them.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from kb.cli.options import edition_option, json_option, lang_option
from kb.cli.output import EXIT_BAD_INPUT, EXIT_INTERRUPTED, dump, fail, open_maintenance, report_failure, shown
from kb.cli.progress import ProgressView, progress_option
from kb.i18n import N_, _, format_edition, language_name, ngettext
from kb.i18n.wrap import display_width, ljust

# What `mtgkb import` did with each file (the JSON keeps the English word).
IMPORT_STATUS = {
    "added": N_("added"),
    "replaced": N_("replaced"),
    "unchanged": N_("unchanged"),
    "failed": N_("failed"),
    "skipped": N_("skipped"),
}


@click.command("import")
@click.argument("sources", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--format", "format_", help="Importer to use instead of detecting it (cr-text, wiki-article, rule-page, mediawiki)."
)
@lang_option(help="Language of the rule text instead of detecting it (en, de, ja, zh, ru, ...).")
@edition_option(help="Effective date (2023-11-17) for a file that does not state one.")
@click.option(
    "--replace-smaller",
    is_flag=True,
    help="Replace a stored document even by one with fewer rules, examples or glossary entries (by over 10%).",
)
@click.option(
    "--max-bytes", type=click.IntRange(1), help="Largest file to read (default 16 MiB, or $MTGKB_MAX_FILE_BYTES)."
)
@click.option(
    "--max-rules", type=click.IntRange(1), help="Most rules a document may hold (default 20000, or $MTGKB_MAX_RULES)."
)
@click.option(
    "--warnings",
    "list_warnings",
    is_flag=True,
    help="List each anomaly of the source files (a repaired number, a skipped letter) with its line.",
)
@click.option(
    "--explain",
    is_flag=True,
    help="Store nothing: say what each file is (its container and why), which reader would read it, and how "
    "many rules every reader finds in it.",
)
@json_option(help="Print the results as JSON (each file's warnings included).")
@progress_option
@click.pass_context
def import_command(
    ctx,
    sources,
    format_,
    lang,
    edition,
    replace_smaller,
    max_bytes,
    max_rules,
    list_warnings,
    explain,
    as_json,
    progress,
):
    """Import rule texts (files or folders) into the database; each file is atomic.

    Each file's result is printed as it finishes; then the renumbering chain, edition
    inference and the search index (if one was built) are brought up to date.
    """
    from kb.api.maintenance import SOURCE_SUFFIXES, expand_sources  # lazy: the write side, +435 ms to --help

    files = expand_sources(sources)
    missing = [str(p) for p in files if isinstance(p, Path) and not p.exists()]  # names typed here are paths
    if missing:
        fail(_("no such file: {path}").format(path=missing[0]), code=EXIT_BAD_INPUT, as_json=as_json)
    for source in sources:  # a folder that holds no rule text would import nothing and say nothing
        if Path(source).is_dir() and not expand_sources([source]):
            fail(
                _("no rule texts in the folder {path}: expected files ending in {suffixes}").format(
                    path=shown(str(source)), suffixes=", ".join(SOURCE_SUFFIXES)
                ),
                code=EXIT_BAD_INPUT,
                as_json=as_json,
            )
    if explain:
        sys.exit(explain_files(files, as_json, lang=lang, edition=edition))
    work = open_maintenance(ctx, create=True)
    safety = dict(
        replace_smaller=replace_smaller,
        max_bytes=max_bytes,
        max_rules=max_rules,
        on_wait=lambda message: click.echo(message, err=True),
    )

    def report(result) -> None:
        report_import(result, list_warnings)

    try:
        with ProgressView(progress, on_file=None if as_json else report) as view:
            results = work.import_paths(sources, format=format_, lang=lang, edition=edition, progress=view, **safety)
    except KeyboardInterrupt:  # said here, more precisely than the group's "nothing more was done"
        message = _(
            "Interrupted: each file reported above is stored, the file being read is not; 'mtgkb repair' "
            "brings the renumbering chain and the search index up to date"
        )
        report_failure(message, [], as_json, "Interrupted")
        sys.exit(EXIT_INTERRUPTED)
    if as_json:
        dump([r.to_dict() for r in results])
    card_files = [r for r in results if r.cards is not None and r.status in ("added", "replaced")]
    if len(card_files) > 1:  # each replaced the one before: say which is held
        click.echo(
            _(
                "Note: {n} card files were imported; a card file holds every card and replaces the cards held, "
                "so the cards of {name} are held now"
            ).format(n=len(card_files), name=shown(card_files[-1].path)),
            err=True,
        )
    if any(r.status == "failed" for r in results):
        sys.exit(EXIT_BAD_INPUT)


def explain_files(files, as_json: bool, *, lang: str | None = None, edition: str | None = None) -> int:
    """``import --explain``: each file's container, the reader chosen and every reader's count; exit 1
    when no reader would read one of them."""
    from kb.api.maintenance import Maintenance  # lazy: the write side, +435 ms to --help (it imports every module)

    answers = [Maintenance.explain_import(path, lang=lang, edition=edition) for path in files]
    if as_json:
        dump(answers)
    else:
        for answer in answers:
            click.echo(shown(answer["path"]))
            if answer.get("error"):
                click.echo("  " + _("Error: {message}").format(message=shown(answer["error"])))
                continue
            click.echo("  " + _("container: {container} ({why})").format(**answer))
            chosen = answer["format"] or _("none: no reader finds rules in it")
            click.echo("  " + _("read by: {format}").format(format=chosen))
            for candidate in answer["candidates"]:
                mark = "*" if candidate["format"] == answer["format"] else " "
                click.echo(f"  {mark} {candidate['format']}: {shown(candidate['summary'])}")
    return 0 if all(a.get("format") for a in answers) else 1


def report_import(r, list_warnings: bool = False) -> None:
    """One file's result line, printed as the file finishes: what was stored, skipped or failed; then
    one line counting its source's anomalies (each one with ``list_warnings``): an old edition has
    dozens of harmless ones, which would bury the results."""
    width = max(display_width(_(label)) for label in IMPORT_STATUS.values())
    if r.status == "failed":
        click.echo(_("Error: {message}").format(message=shown(r.error)), err=True)
    elif r.cards is not None:
        click.echo(
            _("{status} {name}: {cards} ({format})").format(
                status=ljust(_(IMPORT_STATUS[r.status]), width),
                name=shown(r.name),
                cards=ngettext("{n} card", "{n} cards", r.cards).format(n=r.cards),
                format=r.format,
            )
        )
    elif r.status == "skipped":
        click.echo(
            _("{status} {path}: {reason}").format(
                status=ljust(_(IMPORT_STATUS[r.status]), width), path=shown(str(r.path)), reason=shown(r.error)
            ),
            err=True,
        )
    else:
        click.echo(
            _("{status} {name}: {lang} {edition}, {counts}").format(
                status=ljust(_(IMPORT_STATUS[r.status]), width),
                name=shown(r.name),
                lang=r.lang,
                edition=format_edition(r.edition),
                counts=_counts(r),
            )
        )
    if list_warnings:
        for warning in r.warnings:
            click.echo(shown(_("Warning: {path}:{line}: {message}").format(**warning)), err=True)
    elif r.warnings:
        click.echo(
            " " * (width + 1)
            + ngettext(
                "{n} warning about the source (a repaired number, a skipped letter): --warnings lists it",
                "{n} warnings about the source (repaired numbers, skipped letters): --warnings lists them",
                len(r.warnings),
            ).format(n=len(r.warnings)),
            err=True,
        )


def _counts(counted) -> str:
    """ "3318 rules, 1010 examples, 250 glossary entries, 1400 references" of a document or import."""
    return ", ".join(
        [
            ngettext("{n} rule", "{n} rules", counted.rules).format(n=counted.rules),
            ngettext("{n} example", "{n} examples", counted.examples).format(n=counted.examples),
            ngettext("{n} glossary entry", "{n} glossary entries", counted.glossary).format(n=counted.glossary),
            ngettext("{n} reference", "{n} references", counted.references).format(n=counted.references),
        ]
    )


@click.command("build")
@click.option(
    "--newest-only",
    is_flag=True,
    help="Only the newest English edition, the newest translation of each language and the seeds: a small "
    "database (build again without it to add the rest).",
)
@json_option(help="Print the results as JSON.")
@progress_option
@click.pass_context
def build(ctx, newest_only, as_json, progress):
    """Build the database from the rule texts mtgkb carries: every English edition since 1999 with its
    history, the Japanese and Chinese translations and the seed documents.

    The newest edition and the translations answer first, within seconds; then the older
    editions, the renumbering chain, edition inference and the search index follow, each phase with its progress
    (a bar on a terminal, a line elsewhere). Building again only adds what is missing.
    """
    from kb.api import KnowledgeBase  # lazy: the facade, +62 ms to --help (it imports every command's module)
    from kb.api.maintenance import Maintenance  # lazy: the write side, +435 ms to --help (it imports every module)

    work = Maintenance(KnowledgeBase.open(ctx.obj["db"], build=False))
    started = time.monotonic()

    def ready(results) -> None:  # a bundled text that fails raises (keep_going=False): these are stored
        click.echo(
            _(
                "Ready to answer ({seconds:.0f} s): {documents}. Adding the older editions, their history and the search index ..."
            ).format(seconds=time.monotonic() - started, documents=_built(results)),
            err=True,
        )

    with ProgressView(True if progress is None else progress) as view:
        results = work.build(progress=view, newest_only=newest_only, ready=None if as_json or newest_only else ready)
    if as_json:
        dump([r.to_dict() for r in results])
        return
    added = sum(1 for r in results if r.status in ("added", "replaced"))
    click.echo(
        _("Database: {path}: {documents} ({added} new, {seconds:.0f} s)").format(
            path=work.path, documents=_built(results), added=added, seconds=time.monotonic() - started
        )
    )


def _built(results) -> str:
    """ "English 135 editions, Japanese 1, Chinese 2, undated 2" of a build's results."""
    editions: dict[str, int] = {}
    for result in results:
        if result.rules:
            editions[result.lang] = editions.get(result.lang, 0) + 1  # a glossary file alone has no rules
    return ", ".join(
        ngettext("{language} {n} document", "{language} {n} documents", n).format(language=language_name(lang), n=n)
        for lang, n in editions.items()
    )
