"""``mtgkb search``, ``mtgkb complete`` and ``mtgkb reindex``: thin click wrappers over kb.search.

Exit codes as everywhere: 0 results were printed, 1 nothing matched (or an unknown
language or edition), 2 bad input (a query with nothing to search for).
"""

from __future__ import annotations

import os
import sys

import click

from kb.cli.options import edition_option, json_option, lang_option
from kb.cli.output import EXIT_NOT_FOUND, dump, open_database, open_kb, open_maintenance
from kb.cli.progress import ProgressView, progress_option
from kb.i18n import _, format_edition, ngettext

MAX_LIMIT = 200  # results one search prints at most


def print_results(found) -> None:
    styled = _styled(sys.stdout)
    for warning in found.warnings:
        print(_("Note: {warning}").format(warning=warning), file=sys.stderr)
    if found.corrected:
        print(
            _("Showing results for {query!r} (nothing matched a word as typed)").format(query=found.corrected),
            file=sys.stderr,
        )
    expansions = also_searched_as(found.expansions, found.cards)
    if expansions:
        print(_("Also searched as: {expansions}").format(expansions=expansions), file=sys.stderr)
    for rank, result in enumerate(found.results, 1):
        first = result.versions[0] if result.versions else None
        name = (first.title or first.heading) if first else None
        heading = f"{rank}. {result.number}" + (f"  {name}" if name else "")
        print(_BOLD + heading + _RESET if styled else heading)
        for version in result.versions:
            label = f"[{version.lang} {format_edition(version.edition)}]"
            print(f"   {label} " + marked(version.snippet, styled))
    summary = ngettext(
        "{n} matching rule version; scope: {scope}, languages: {languages}",
        "{n} matching rule versions; scope: {scope}, languages: {languages}",
        found.matched,
    ).format(n=found.matched, scope=scope_name(found.scope), languages=", ".join(found.languages))
    if found.narrowed_to:
        summary = _("{summary}, narrowed to {numbers}").format(summary=summary, numbers=", ".join(found.narrowed_to))
    print(summary, file=sys.stderr)


# How kb.search.cards keys what a named card's text says among the expansions ("Platinum Angel's text").
_TEXT_SUFFIX = "'s text"


def also_searched_as(expansions: dict[str, list[str]], cards: list[str]) -> str:
    """What the query was also searched as, on one line: "dies = put into a graveyard from the
    battlefield; Sudden Shock's terms: Split Second, Any Target, Damage; Platinum Angel's text: can't
    lose the game → 104.3". A card's entries say that its terms and its text's rules are the card's
    (the query does not hold them), and a term is shown once, where it first appears."""
    shown: set[str] = set()
    parts = []
    for word, names in expansions.items():
        new = [name for name in dict.fromkeys(names) if name.casefold() not in shown]
        shown.update(name.casefold() for name in new)
        if not new:
            continue
        if word in cards:
            parts.append(_("{card}'s terms: {terms}").format(card=word, terms=", ".join(new)))
        elif word.endswith(_TEXT_SUFFIX) and word.removesuffix(_TEXT_SUFFIX) in cards:
            card = word.removesuffix(_TEXT_SUFFIX)
            parts.append(_("{card}'s text: {said}").format(card=card, said=", ".join(new)))
        else:
            parts.append(f"{word} = {', '.join(new)}")
    return "; ".join(parts)


_BOLD, _MATCH, _RESET = "\x1b[1m", "\x1b[33m\x1b[1m", "\x1b[0m"


def _styled(stream) -> bool:
    """Bold headings and yellow matches on a terminal only (as click.echo does); NO_COLOR turns them off."""
    try:
        return stream.isatty() and "NO_COLOR" not in os.environ
    except (AttributeError, ValueError):
        return False


def marked(snippet, styled: bool) -> str:
    """A snippet on one line, its matches highlighted on a terminal."""
    text = snippet.text.replace("\r", " ").replace("\n", " ")  # one line; offsets stay valid
    if not styled:
        return text
    out, last = [], 0
    for start, end in snippet.highlights:
        out.append(text[last:start] + _MATCH + text[start:end] + _RESET)
        last = end
    return "".join(out) + text[last:]


def scope_name(scope: str) -> str:
    """The scope of a search for people: "newest", "all" or an edition."""
    if scope == "newest":
        return _("newest")
    return _("all") if scope == "all" else format_edition(scope)


@click.command("search")
@click.argument("query")
@click.option(
    "--lang",
    "langs",
    multiple=True,
    help="Search only this language (repeatable; the first is shown first). Default: all.",
)
@edition_option(help="newest (default: each language's newest), all, or an edition (2023-11-17) or document name.")
@click.option("--section", help="Only rules under this section or chapter (7, 702).")
@click.option("--limit", type=click.IntRange(1, MAX_LIMIT), default=10, show_default=True, help="Results to show.")
@json_option(help="Print the results as JSON.")
@click.pass_context
def search(ctx, query, langs, edition, section, limit, as_json):
    """Search the rules in every language: words, "phrases", AND/OR/NOT, prefix*, rule numbers.

    One result per rule, with its text in each language beside the others, e.g.
    mtgkb search "Instabilität Spielstein" or mtgkb search "702.26 token".
    """
    kb = open_database(ctx.find_root().obj["db"], searches=True, create=False)
    found = kb.search(query, langs=list(langs) or None, edition=edition, section=section, limit=limit)
    if as_json:
        dump(found.to_dict())
    else:
        print_results(found)
    if found.results:
        return
    if not as_json:
        message = (
            _("No rules match {query!r}")
            if found.scope == "all"
            else _("No rules match {query!r} (scope: {scope}; try --edition all)")
        )
        print(message.format(query=found.query, scope=scope_name(found.scope)), file=sys.stderr)
    sys.exit(EXIT_NOT_FOUND)


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
            extra = " ".join(
                part for part in (f"= {c.english}" if c.english else "", f"({c.rule})" if c.rule else "") if part
            )
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
    work = open_maintenance(ctx)
    work.kb.resolve()  # an empty database: NoDatabase says what to run
    with ProgressView(progress) as view:
        report = work.reindex(progress=view)
    if as_json:
        dump(report.to_dict())
        return
    rules = ngettext("{n} rule", "{n} rules", report.rules).format(n=report.rules)
    click.echo(
        ngettext(
            "Indexed {rules} of {n} document in {seconds} s: {path}",
            "Indexed {rules} of {n} documents in {seconds} s: {path}",
            len(report.added),
        ).format(rules=rules, n=len(report.added), seconds=report.seconds, path=report.path)
    )
