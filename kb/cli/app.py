"""The mtgkb command: thin click wrappers over kb.api.

Every command that prints data has --json; exit codes: 0 success, 1 a lookup
found nothing or a check failed, 2 bad input (usage, unreadable or unparseable files).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from kb.cli.i18n import I18nGroup, ui_lang_option, version_option
from kb.cli.options import db_option, edition_option, json_option, lang_option
from kb.cli.output import (
    EXIT_BAD_INPUT, EXIT_NOT_FOUND, EXIT_OK, dump, fail, open_kb, quiet_broken_pipe, report_error,
)
from kb.cli.progress import ProgressView, progress_option
from kb.core.errors import MtgkbError
from kb.core.labels import STATUS_LABELS
from kb.i18n import N_, _, format_edition, language_name, ngettext
from kb.i18n.wrap import display_width, ljust, table

# What `mtgkb import` did with each file (the JSON keeps the English word).
IMPORT_STATUS = {"added": N_("added"), "replaced": N_("replaced"), "unchanged": N_("unchanged"),
                 "failed": N_("failed"), "skipped": N_("skipped")}


class MtgkbGroup(I18nGroup):
    """The one place where a condition (kb.core.errors) becomes output and an exit code."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except MtgkbError as error:
            as_json = bool(isinstance(ctx.obj, dict) and ctx.obj.get("as_json"))
            sys.exit(report_error(error, as_json))
        except BrokenPipeError:
            quiet_broken_pipe()
            sys.exit(EXIT_OK)


@click.group(cls=MtgkbGroup)
@db_option
@ui_lang_option
@version_option("mtgkb")
@click.pass_context
def cli(ctx: click.Context, db: Path | None) -> None:
    """mtgkb: the Magic: The Gathering Comprehensive Rules in several languages and editions."""
    ctx.ensure_object(dict)
    ctx.obj["db"] = db


@cli.command("import")
@click.argument("sources", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "format_", help="Importer to use instead of detecting it (cr-text, wiki-article, rule-page, mediawiki).")
@lang_option(help="Language of the rule text instead of detecting it (en, de, ja, zh, ru, ...).")
@edition_option(help="Effective date (2023-11-17) for a file that does not state one.")
@json_option(help="Print the results as JSON.")
@progress_option
@click.pass_context
def import_command(ctx, sources, format_, lang, edition, as_json, progress):
    """Import rule texts (files or folders) into the database; each file is atomic.

    Each file's result is printed as it finishes; then the renumbering chain, edition
    inference and the search index (if one was built) are brought up to date.
    """
    from kb.api import expand_sources

    files = expand_sources(sources)
    missing = [str(p) for p in files if not p.exists()]
    if missing:
        fail(_("no such file: {path}").format(path=missing[0]), code=EXIT_BAD_INPUT, as_json=as_json)
    kb = open_kb(ctx)
    with ProgressView(progress, on_file=None if as_json else report_import) as view:
        results = kb.import_paths(sources, format=format_, lang=lang, edition=edition, progress=view)
    if as_json:
        dump([r.to_dict() for r in results])
    if any(r.status == "failed" for r in results):
        sys.exit(EXIT_BAD_INPUT)


def report_import(r) -> None:
    """One file's result line, printed as the file finishes: what was stored, skipped or failed."""
    width = max(display_width(_(label)) for label in IMPORT_STATUS.values())
    if r.status == "failed":
        click.echo(_("Error: {message}").format(message=r.error), err=True)
    elif r.status == "skipped":
        click.echo(_("{status} {path}: {reason}").format(
            status=ljust(_(IMPORT_STATUS[r.status]), width), path=r.path, reason=r.error), err=True)
    else:
        click.echo(_("{status} {name}: {lang} {edition}, {counts}").format(
            status=ljust(_(IMPORT_STATUS[r.status]), width), name=r.name, lang=r.lang,
            edition=format_edition(r.edition), counts=_counts(r)))


def _counts(counted) -> str:
    """"3318 rules, 1010 examples, 250 glossary entries, 1400 references" of a document or import."""
    return ", ".join([
        ngettext("{n} rule", "{n} rules", counted.rules).format(n=counted.rules),
        ngettext("{n} example", "{n} examples", counted.examples).format(n=counted.examples),
        ngettext("{n} glossary entry", "{n} glossary entries", counted.glossary).format(n=counted.glossary),
        ngettext("{n} reference", "{n} references", counted.references).format(n=counted.references),
    ])


@cli.command()
@json_option(help="Print the results as JSON.")
@progress_option
@click.pass_context
def build(ctx, as_json, progress):
    """Import the bundled sources of data/ into the database."""
    from kb.api import KnowledgeBase

    kb = KnowledgeBase.open(ctx.obj["db"], build=False)
    with ProgressView(progress, on_file=None if as_json else report_import) as view:
        results = kb.build(progress=view)
    if as_json:
        dump([r.to_dict() for r in results])
    else:
        click.echo(_("Database: {path}").format(path=kb.path))


@cli.command()
@click.argument("number")
@lang_option(help="Language of the text (default: the interface language where the rule has a text in "
                             "it, else English).")
@edition_option(help="Edition (2023-11-17) or document name; default the newest.")
@json_option(help="Print the rule as JSON.")
@click.pass_context
def show(ctx, number, lang, edition, as_json):
    """Show one rule with its examples, parent, children and citations."""
    from kb.cli.show import show as show_rule

    sys.exit(show_rule(number, lang=lang, edition=edition, as_json=as_json, db=ctx.obj["db"]))


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
    # TRANSLATORS: column headings of `mtgkb editions`; keep them short.
    heading = [_("code"), _("language"), _("edition"), _("rules"), _("examples"), _("glossary"), _("refs"),
               _("name (format)")]
    rows = [[d.lang, language_name(d.lang), format_edition(d.edition), str(d.rules), str(d.examples),
             str(d.glossary), str(d.references), f"{d.name} ({d.format})"] for d in docs]
    lines = table([heading, *rows], right={3, 4, 5, 6})
    click.echo(lines[0])
    for d, line in zip(docs, lines[1:]):
        click.echo(line)
        if d.inferred:
            click.echo("    " + _("inferred edition: {first} … {last}").format(
                first=format_edition(d.inferred["first"]), last=format_edition(d.inferred["last"])))
            for evidence in d.inferred["evidence"]:
                click.echo(f"      {evidence}")


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
                why = _("no such rule in the document") if not r.resolved else _("quoted title differs")
                click.echo(f"{r.document} {r.source or r.glossary_term}: {r.raw!r} -> {r.target} ({why})")
            click.echo(ngettext("{n} broken citation", "{n} broken citations", len(found)).format(n=len(found)),
                       err=True)
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


@cli.command()
@click.argument("term")
@lang_option(help="Only this language.")
@edition_option(help="Edition (2023-11-17) or document name.")
@json_option(help="Print the entries as JSON.")
@click.pass_context
def glossary(ctx, term, lang, edition, as_json):
    """Look a term up in the glossaries."""
    entries = open_kb(ctx).glossary(term, lang=lang, edition=edition)
    if not entries:
        fail(_("no glossary entry for {term!r}").format(term=term), as_json=as_json)
    if as_json:
        dump([e.to_dict() for e in entries])
        return
    for e in entries[:10]:
        names = e.term + (f" / {e.english}" if e.english and e.english != e.term else "")
        click.secho(names, bold=True)
        click.echo(f"[{e.lang}, {format_edition(e.edition)}, {e.document}]")
        click.echo(e.text)
        click.echo()


@cli.command()
@click.argument("text", required=False)
@click.option("--file", "file_", type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
              help="Read the text from a file ('-' for stdin).")
@lang_option(help="Language of the rule texts to show (default: the interface language where the rule "
                             "has a text in it, else English; the text's own words may be any language).")
@edition_option(help="Edition to resolve against (default the newest).")
@click.option("--check", "check_", is_flag=True, help="Re-validate the citations of a text written against --since.")
@click.option("--since", help="With --check: the edition the text was written for.")
@click.option("--until", help="With --check: the edition to check against (default the newest).")
@click.option("--fix", "fix_", is_flag=True, help="With --check: update moved numbers (in the --file, else print the text).")
@json_option(help="Print the citations as JSON.")
@click.pass_context
def cite(ctx, text, file_, lang, edition, check_, since, until, fix_, as_json):
    """Find and resolve rule citations in free text ("CR 702.26b", "Regel 702.23a", "rule 506.4 参照")."""
    if (text is None) == (file_ is None):
        fail(_("give a TEXT or --file, not both"), code=EXIT_BAD_INPUT, as_json=as_json)
    if (since or until or fix_) and not check_:
        fail(_("--since, --until and --fix go with --check"), code=EXIT_BAD_INPUT, as_json=as_json)
    if check_ and not since:
        fail(_("--check needs --since: the edition the text was written for"), code=EXIT_BAD_INPUT, as_json=as_json)
    if file_ is not None:
        text = sys.stdin.read() if str(file_) == "-" else file_.read_text(encoding="utf-8")
    kb = open_kb(ctx)
    if check_:
        _check_citations(kb, text, file_, since, until, lang, fix_, as_json)
        return
    found = kb.cite(text, lang=lang, edition=edition)
    if as_json:
        dump([c.to_dict() for c in found])
    else:
        for c in found:
            where = f"{c.start}-{c.end}"
            if c.status != "resolved":
                click.echo(f"{where:>9}  {c.raw!r} -> {c.target}: {c.note or _('not found')}")
                continue
            click.echo(f"{where:>9}  {c.raw!r} -> {c.target} [{c.lang}, {format_edition(c.edition)}]")
            for rule in c.rules[:20]:
                click.echo(f"           {rule.number} {rule.title or rule.text[:100]}")
            if c.example_text:
                click.echo("           " + _("Example {n}: {text}").format(n=c.example, text=c.example_text[:200]))
            if c.note:
                click.echo(f"           ({c.note})")
    if any(c.status != "resolved" for c in found):
        sys.exit(EXIT_NOT_FOUND)


def _check_citations(kb, text, file_, since, until, lang, fix_, as_json) -> None:
    checked = kb.check(text, since=since, until=until, lang=lang)
    fixed, changes = kb.fix_citations(text, checked) if fix_ else (text, [])
    if fix_ and changes and file_ is not None and str(file_) != "-":
        file_.write_text(fixed, encoding="utf-8")
    if as_json:
        dump({"citations": [c.to_dict() for c in checked], "changes": changes,
               **({"text": fixed} if fix_ and (file_ is None or str(file_) == "-") else {})})
    else:
        rows = [[str(c.start), c.target, _(STATUS_LABELS[c.status]),
                 c.new_target or c.note or "; ".join(f"{d['old']!r} -> {d['new']!r}" for d in c.changes[:5])]
                for c in checked]
        for line in table(rows, right={0}, sep="  "):
            click.echo(line)
        for change in changes:
            click.echo(_("fixed at {start}: {old} -> {new}").format(**change))
        if fix_ and (file_ is None or str(file_) == "-"):
            click.echo(fixed)
    if any(c.status != "ok" for c in checked if not (fix_ and c.status == "moved")):
        sys.exit(EXIT_NOT_FOUND)


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.pass_context
def serve(ctx, host, port):
    """Serve the HTTP API (OpenAPI at /docs and /openapi.json); the database is opened read-only."""
    from kb.http.app import serve as run_server

    run_server(host=host, port=port, db_path=ctx.obj["db"])


# ---- commands of other modules (one line each) ----------------------------------------------
from kb.cli.scenarios import scenarios  # noqa: E402

cli.add_command(scenarios)
from kb.cli.crosscheck import crosscheck, term  # noqa: E402

cli.add_command(crosscheck)
cli.add_command(term)
from kb.cli.history import diff, renumbered, trace  # noqa: E402

cli.add_command(diff)
cli.add_command(trace)
cli.add_command(renumbered)
from kb.cli.search import complete, reindex, search  # noqa: E402

cli.add_command(search)
cli.add_command(complete)
cli.add_command(reindex)
from kb.cli.backlog import backlog_command  # noqa: E402

cli.add_command(backlog_command)
from kb.mcp.command import mcp_command  # noqa: E402  (imports no MCP SDK until it runs)

cli.add_command(mcp_command)
from kb.cli.export import export  # noqa: E402  (jinja2 is imported only when it runs)

cli.add_command(export)
from kb.cli.update import update  # noqa: E402

cli.add_command(update)
