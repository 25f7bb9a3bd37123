"""The options many commands share, declared once (as sqlite-utils does with its decorators)."""

from __future__ import annotations

from pathlib import Path

import click

from kb.i18n import N_


def _remember_json(ctx: click.Context, _param, value: bool) -> bool:
    """The group's error handler prints errors as JSON when the command was asked for JSON."""
    root = ctx.find_root()
    if isinstance(root.obj, dict):
        root.obj["as_json"] = value
    return value


JSON_HELP = N_("Print the result as JSON.")
LANG_HELP = N_("Language of the rule texts (default: the interface language where it has texts, else English).")
EDITION_HELP = N_("Edition (a date such as 2023-11-17) or document name; default the newest.")


def json_option(help: str | None = None):
    """--json: print data as JSON (errors too)."""
    return click.option("--json", "as_json", is_flag=True, callback=_remember_json, help=help or JSON_HELP)


def lang_option(help: str | None = None):
    """--lang: the language of the rule texts."""
    return click.option("--lang", help=help or LANG_HELP)


def edition_option(help: str | None = None):
    """--edition: a date in any spelling, a document name, "newest" or "all" (kb.store.documents)."""
    return click.option("--edition", help=help or EDITION_HELP)


def db_option(function):
    return click.option(
        "--db",
        "db",
        type=click.Path(dir_okay=False, path_type=Path),
        help="Database file (default: $MTGKB_DB, else mtgkb.db in your data folder, built from the bundled "
        "sources on first use).",
    )(function)
