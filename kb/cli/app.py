"""The mtgkb command: thin click wrappers over kb.api.

Every command that prints data has --json; exit codes: 0 success, 1 a lookup
found nothing or a check failed, 2 bad input (usage, unreadable or unparseable files).
"""

from __future__ import annotations

import json
import sqlite3
import sys
import time
from importlib import import_module
from pathlib import Path

import click

from kb.cli.i18n import I18nGroup, ui_lang_option, version_option
from kb.cli.options import db_option, edition_option, json_option, lang_option
from kb.cli.output import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    database_error,
    dump,
    fail,
    open_kb,
    open_maintenance,
    quiet_broken_pipe,
    report_error,
    shown,
)
from kb.cli.progress import ProgressView, progress_option
from kb.core import settings
from kb.core.errors import MtgkbError
from kb.i18n import N_, _, format_edition, language_name, ngettext
from kb.i18n.wrap import display_width, ljust, table

# What `mtgkb import` did with each file (the JSON keeps the English word).
IMPORT_STATUS = {
    "added": N_("added"),
    "replaced": N_("replaced"),
    "unchanged": N_("unchanged"),
    "failed": N_("failed"),
    "skipped": N_("skipped"),
}


# The commands of other modules, imported when named (or listed by --help): a command's start
# then loads its own module, not every command's.
LAZY_COMMANDS = {
    "scenarios": ("kb.cli.scenarios", "scenarios"),
    "crosscheck": ("kb.cli.crosscheck", "crosscheck"),
    "term": ("kb.cli.crosscheck", "term"),
    "diff": ("kb.cli.history", "diff"),
    "trace": ("kb.cli.history", "trace"),
    "renumbered": ("kb.cli.history", "renumbered"),
    "search": ("kb.cli.search", "search"),
    "complete": ("kb.cli.search", "complete"),
    "reindex": ("kb.cli.search", "reindex"),
    "backlog": ("kb.cli.backlog", "backlog_command"),
    "mcp": ("kb.mcp.command", "mcp_command"),  # imports no MCP SDK until it runs
    "export": ("kb.cli.export", "export"),  # jinja2 is imported only when it runs
    "repair": ("kb.cli.repair", "repair"),
    "update": ("kb.cli.update", "update"),
    "serve": ("kb.cli.serve", "serve"),
    "card": ("kb.cli.cards", "card"),
    "settings": ("kb.cli.settings", "settings"),
}


class MtgkbGroup(I18nGroup):
    """The one place where a condition (kb.core.errors) becomes output and an exit code."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in LAZY_COMMANDS:
            module, attribute = LAZY_COMMANDS[name]
            self.add_command(getattr(import_module(module), attribute), name)
        return super().get_command(ctx, name)

    def every_command(self) -> dict[str, click.Command]:
        """Every command, each module imported: for what walks them all (tests of help and exit codes)."""
        for name in LAZY_COMMANDS:
            self.get_command(click.Context(self), name)
        return dict(self.commands)

    def resolve_command(self, ctx: click.Context, args: list[str]):
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as error:  # "did you mean" among every command's name
            raise click.exceptions.NoSuchCommand(
                error.command_name, possibilities=self.list_commands(ctx), ctx=ctx
            ) from None

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except MtgkbError as error:
            as_json = bool(isinstance(ctx.obj, dict) and ctx.obj.get("as_json"))
            sys.exit(report_error(error, as_json))
        except sqlite3.Error as error:  # a fault of the database file itself: named, with what to do
            as_json = bool(isinstance(ctx.obj, dict) and ctx.obj.get("as_json"))
            sys.exit(report_error(database_error(error, (ctx.obj or {}).get("db")), as_json))
        except BrokenPipeError:
            quiet_broken_pipe()
            sys.exit(EXIT_OK)


@click.group(cls=MtgkbGroup)
@db_option
@ui_lang_option
@version_option("mtgkb")
@click.option(
    "--no-build",
    is_flag=True,
    envvar=settings.variable("no_build"),
    help="Never add an older edition or the history on demand: say what 'mtgkb build' would add instead.",
)
@click.pass_context
def cli(ctx: click.Context, db: Path | None, no_build: bool = False) -> None:
    """mtgkb: the Magic: The Gathering Comprehensive Rules in several languages and editions."""
    ctx.ensure_object(dict)
    ctx.obj["db"] = db
    ctx.obj["no_build"] = no_build


@cli.command("import")
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
    from kb.api.maintenance import expand_sources  # lazy: the facade, ~40 ms: --help needs none

    files = expand_sources(sources)
    missing = [str(p) for p in files if isinstance(p, Path) and not p.exists()]  # names typed here are paths
    if missing:
        fail(_("no such file: {path}").format(path=missing[0]), code=EXIT_BAD_INPUT, as_json=as_json)
    if explain:
        sys.exit(explain_files(files, as_json))
    work = open_maintenance(ctx, create=True)
    safety = dict(
        replace_smaller=replace_smaller,
        max_bytes=max_bytes,
        max_rules=max_rules,
        on_wait=lambda message: click.echo(message, err=True),
    )

    def report(result) -> None:
        report_import(result, list_warnings)

    with ProgressView(progress, on_file=None if as_json else report) as view:
        results = work.import_paths(sources, format=format_, lang=lang, edition=edition, progress=view, **safety)
    if as_json:
        dump([r.to_dict() for r in results])
    if any(r.status == "failed" for r in results):
        sys.exit(EXIT_BAD_INPUT)


def explain_files(files, as_json: bool) -> int:
    """``import --explain``: each file's container, the reader chosen and every reader's count; exit 1
    when no reader would read one of them."""
    from kb.api.maintenance import Maintenance  # lazy: the facade, ~40 ms: --help needs none

    answers = [Maintenance.explain_import(path) for path in files]
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


@cli.command()
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
    from kb.api import KnowledgeBase  # lazy: the facade, ~40 ms: --help needs none
    from kb.api.maintenance import Maintenance  # lazy: the importers and every feature: --help needs none

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


@cli.command()
@click.argument("number")
@lang_option(
    help="Language of the text (default: the interface language where the rule has a text in it, else English)."
)
@edition_option(help="Edition (2023-11-17) or document name; default the newest.")
@json_option(help="Print the rule as JSON.")
@click.option("--defining", is_flag=True, help="A keyword's defining subrule in place of its rule (702.31: 702.31b).")
@click.pass_context
def show(ctx, number, lang, edition, as_json, defining):
    """Show one rule with its examples, parent, children and citations."""
    from kb.cli.show import show as show_rule  # lazy: a command's module, loaded when it runs

    sys.exit(show_rule(number, lang=lang, edition=edition, as_json=as_json, db=ctx.obj["db"], defining=defining))


@cli.command()
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


@cli.command()
@click.argument("number", required=False)
@lang_option(help="Language of the document.")
@edition_option(help="Edition (2023-11-17) or document name.")
@click.option("--broken", is_flag=True, help="List citations that do not resolve or whose quoted title differs.")
@click.option("--document", help="With --broken: only this document.")
@json_option(help="Print the citations as JSON.")
@click.pass_context
def refs(ctx, number, lang, edition, broken, document, as_json):
    """Citations of a rule: what it cites and what cites it (or --broken)."""
    kb = open_kb(ctx)
    if broken:
        found = kb.broken_refs(document=document, lang=lang, edition=edition)
        if as_json:
            dump([r.to_dict() for r in found])
        else:
            for r in found:
                click.echo(f"{r.document} {r.source or r.glossary_term}: {r.raw!r} -> {r.target} ({_broken_why(r)})")
            click.echo(
                ngettext("{n} broken citation", "{n} broken citations", len(found)).format(n=len(found)), err=True
            )
        return
    if not number:
        fail(_("give a rule NUMBER or --broken"), code=EXIT_BAD_INPUT, as_json=as_json)
    result = kb.refs(number, lang=lang, edition=edition)
    if as_json:
        dump(result.to_dict())
        return
    click.echo(f"{result.number} [{result.lang}, {format_edition(result.edition)}, {result.document}]")
    click.echo(_("Cites ({n}):").format(n=len(result.outgoing)))
    for r in result.outgoing:
        click.echo(f"  {r.target:12} {r.raw}" + ("" if r.resolved else "  " + _("(not in this document)")))
    click.echo(_("Cited by ({n}):").format(n=len(result.incoming)))
    for r in result.incoming:
        click.echo("  " + (r.source or _("glossary: {term}").format(term=r.glossary_term or "")))


def _broken_why(ref) -> str:
    """Why `refs --broken` lists a citation, in words: a missing rule (and where it was looked for) or
    both titles."""
    if not ref.resolved and ref.checked_in:
        return _("no such rule in the document nor in {document}").format(document=ref.checked_in)
    if not ref.resolved:
        return _("no such rule in the document")
    if ref.actual_title:
        return _("quoted title {quoted!r}, actual title {actual!r}").format(quoted=ref.title, actual=ref.actual_title)
    return _("quoted title {quoted!r}, but the rule has no title").format(quoted=ref.title)


@cli.command()
@click.argument("term")
@lang_option(help="Only this language.")
@edition_option(help="Edition (2023-11-17) or document name; default the newest of each language.")
@click.option("--all", "all_editions", is_flag=True, help="Every edition's entry, not only the newest.")
@json_option(help="Print the entries as JSON.")
@click.pass_context
def glossary(ctx, term, lang, edition, all_editions, as_json):
    """Look a term up in the glossaries, in every language, by any of its names."""
    result = open_kb(ctx).glossary(term, lang=lang, edition=edition, all_editions=all_editions)
    if not result.entries and not result.listing:
        fail(_("no glossary entry for {term!r}").format(term=term), as_json=as_json)
    if as_json:
        dump(result.to_dict())
        return
    if result.listing:  # landfall, 上陸: rule 207.2c lists it; it has no entry and no rules meaning
        _ability_word(result.listing)
        return
    if result.did_you_mean:
        click.echo(
            _("No entry for {term!r}. Did you mean: {suggestion}?").format(term=term, suggestion=result.did_you_mean)
        )
        click.echo()
    if result.see:
        click.echo(_("{term} (see {target}):").format(term=result.see, target=result.concepts[0]))
        click.echo()
    for e in result.entries:
        names = e.term + (f" / {e.english}" if e.english and e.english != e.term else "")
        click.secho(names + (f" ({e.reading})" if e.reading else ""), bold=True)
        older = _("; an older edition: the newest has no such entry") if e.older else ""
        click.echo(f"[{e.lang}, {format_edition(e.edition)}, {e.document}{older}]")
        click.echo(e.text)
        click.echo()
    if result.other_editions:
        click.echo(
            ngettext(
                "{n} more entry in other editions: --all lists it, --edition picks one.",
                "{n} more entries in other editions: --all lists them, --edition picks one.",
                result.other_editions,
            ).format(n=result.other_editions)
        )
    if result.more_concepts:
        click.echo(
            ngettext(
                "{n} more term contains {term!r}: {terms}",
                "{n} more terms contain {term!r}: {terms}",
                len(result.more_concepts),
            ).format(n=len(result.more_concepts), term=term, terms=", ".join(result.more_concepts))
        )


def _ability_word(listed) -> None:
    """An ability word as its language's rule 207.2c lists it, and the rule's sentence saying what it is."""
    english = f" / {listed.english}" if listed.english and listed.english.casefold() != listed.word.casefold() else ""
    click.secho(listed.word + english, bold=True)
    click.echo(
        _("An ability word: it has no rules meaning and no glossary entry (rule {rule}).").format(rule=listed.rule)
    )
    click.echo(f"[{listed.lang}, {format_edition(listed.edition)}]")
    click.echo(f"{listed.rule} {listed.sentence}")


@cli.command()
@click.argument("text", required=False)
@click.option(
    "--file",
    "file_",
    type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
    help="Read the text from a file ('-' for stdin).",
)
@lang_option(
    help="Language of the rule texts to show (default: the interface language where the rule "
    "has a text in it, else English; the text's own words may be any language)."
)
@edition_option(help="Edition to resolve against (default the newest).")
@click.option("--check", "check_", is_flag=True, help="Re-validate the citations of a text written against --since.")
@click.option("--since", help="With --check: the edition the text was written for.")
@click.option("--until", help="With --check: the edition to check against (default the newest).")
@click.option(
    "--fix",
    "fix_",
    is_flag=True,
    help="With --check: update moved numbers; the fixed text goes to standard output (the report to "
    "stderr), or to --output, or back into --file with --in-place.",
)
@click.option(
    "--output",
    "output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="With --fix: write the fixed text to this file.",
)
@click.option(
    "--in-place",
    "in_place",
    is_flag=True,
    help="With --fix: rewrite the --file itself, keeping the old text as FILE.bak.",
)
@json_option(help="Print the citations as JSON.")
@click.option("--full", is_flag=True, help="Print each rule's text whole (default: cut after a word, marked '…').")
@click.option(
    "--cards",
    "cards",
    is_flag=True,
    help="Also report the imported cards the text names, each with its rules terms and their rules "
    "(with --json: an object with 'citations' and 'cards').",
)
@click.pass_context
def cite(
    ctx, text, file_, lang, edition, check_, since, until, fix_, output, in_place, as_json, full=False, cards=False
):
    """Find and resolve rule citations in free text ("CR 702.26b", "Regel 702.23a", "rule 506.4 参照"):
    one entry per number or range, each with its own span."""
    from kb.cli.citing import fixed_destination, print_checked, print_cited, write_fixed  # lazy: its command module

    if (text is None) == (file_ is None):
        fail(_("give a TEXT or --file, not both"), code=EXIT_BAD_INPUT, as_json=as_json)
    if (since or until or fix_) and not check_:
        fail(_("--since, --until and --fix go with --check"), code=EXIT_BAD_INPUT, as_json=as_json)
    if (output or in_place) and not fix_:
        fail(_("--output and --in-place go with --fix"), code=EXIT_BAD_INPUT, as_json=as_json)
    if output and in_place:
        fail(_("give either --output or --in-place"), code=EXIT_BAD_INPUT, as_json=as_json)
    if in_place and (file_ is None or str(file_) == "-"):
        fail(_("--in-place rewrites the --file: give a file, not a TEXT or '-'"), code=EXIT_BAD_INPUT, as_json=as_json)
    if check_ and not since:
        fail(_("--check needs --since: the edition the text was written for"), code=EXIT_BAD_INPUT, as_json=as_json)
    if file_ is not None:
        text = sys.stdin.read() if str(file_) == "-" else file_.read_text(encoding="utf-8")
    kb = open_kb(ctx)
    if edition and not check_:  # an edition that is not stored fails the command, as on /cite and MCP's cite
        kb.resolve(edition)
    if not check_:
        print_cited(kb.cite(text, lang=lang, edition=edition), as_json, full, kb.cite_cards(text) if cards else None)
        return
    checked = kb.check(text, since=since, until=until, lang=lang)
    fixed, changes = kb.fix_citations(text, checked) if fix_ else (None, [])
    destination = fixed_destination(file_, output, in_place) if fix_ else None
    backup = write_fixed(destination, fixed, in_place=in_place) if destination is not None else None
    print_checked(checked, changes, fix=fix_, fixed=fixed, destination=destination, backup=backup, as_json=as_json)
