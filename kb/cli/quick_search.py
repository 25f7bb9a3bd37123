"""`mtgkb search`: the search, its catch-up with the index and its text, without importing click.

Searches come as fresh processes too (bots, shell loops, editors); the entry point sends a
plain `search` here directly, as it does a plain `show` (kb.cli.show), and the click command
(kb.cli.search) is a thin wrapper over :func:`search`. Exit codes as everywhere: 0 results were
printed, 1 nothing matched (or an unknown language or edition), 2 bad input.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from kb.cli.output import EXIT_NOT_FOUND, EXIT_OK, dump, open_database, reported
from kb.i18n import _, format_edition, ngettext

MAX_LIMIT = 200  # results one search prints at most


def search(query: str, *, langs: list[str] | None = None, edition: str | None = None, section: str | None = None,
           limit: int = 10, as_json: bool = False, db: Path | None = None) -> int:
    """Search and print the results; the exit code says whether anything matched."""
    def run() -> int:
        kb = open_database(db, create=False)
        found = kb.search(query, langs=langs or None, edition=edition, section=section, limit=limit)
        if as_json:
            dump(found.to_dict())
        else:
            print_results(found)
        if found.results:
            return EXIT_OK
        if not as_json:
            message = (_("No rules match {query!r}") if found.scope == "all"
                       else _("No rules match {query!r} (scope: {scope}; try --edition all)"))
            print(message.format(query=found.query, scope=scope_name(found.scope)), file=sys.stderr)
        return EXIT_NOT_FOUND

    return reported(run, as_json=as_json, db=db)


def print_results(found) -> None:
    styled = _styled(sys.stdout)
    for warning in found.warnings:
        print(_("Note: {warning}").format(warning=warning), file=sys.stderr)
    if found.corrected:
        print(_("Showing results for {query!r} (nothing matched a word as typed)").format(query=found.corrected),
              file=sys.stderr)
    if found.expansions:
        expansions = "; ".join(f"{word} = {', '.join(names)}" for word, names in found.expansions.items())
        print(_("Also searched as: {expansions}").format(expansions=expansions), file=sys.stderr)
    for rank, result in enumerate(found.results, 1):
        first = result.versions[0] if result.versions else None
        name = (first.title or first.heading) if first else None
        heading = f"{rank}. {result.number}" + (f"  {name}" if name else "")
        print(_BOLD + heading + _RESET if styled else heading)
        for version in result.versions:
            label = f"[{version.lang} {format_edition(version.edition)}]"
            print(f"   {label} " + marked(version.snippet, styled))
    summary = ngettext("{n} matching rule version; scope: {scope}, languages: {languages}",
                       "{n} matching rule versions; scope: {scope}, languages: {languages}", found.matched).format(
        n=found.matched, scope=scope_name(found.scope), languages=", ".join(found.languages))
    if found.narrowed_to:
        summary = _("{summary}, narrowed to {numbers}").format(summary=summary, numbers=", ".join(found.narrowed_to))
    print(summary, file=sys.stderr)


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
