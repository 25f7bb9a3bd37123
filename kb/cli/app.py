"""The mtgkb command: the group that assembles every command and reports every error.

Each command lives in its group's module under kb/cli (COMMANDS says where), a click command whose body
is a facade call (KnowledgeBase to read, Maintenance to write) and its output. Every command that prints
data has --json; exit codes: 0 success, 1 a lookup found nothing or a check failed, 2 bad input (usage,
unreadable or unparseable files).
"""

from __future__ import annotations

import sqlite3
import sys
from importlib import import_module
from pathlib import Path

import click

from kb.cli.i18n import I18nGroup, click_language, ui_lang_option, version_option
from kb.cli.options import db_option
from kb.cli.output import (
    EXIT_OK,
    database_error,
    quiet_broken_pipe,
    report_error,
    report_interrupt,
)
from kb.core import settings
from kb.core.errors import MtgkbError
from kb.i18n import SOURCE_LANGUAGE, using_language

# Every command: the module of its group and its name there, imported when the command is named (or
# listed by --help): a command's start loads its own module, not every command's.
COMMANDS = {
    "import": ("kb.cli.importing", "import_command"),
    "build": ("kb.cli.importing", "build"),
    "show": ("kb.cli.show", "show"),
    "editions": ("kb.cli.documents", "editions"),
    "refs": ("kb.cli.citing", "refs"),
    "cite": ("kb.cli.citing", "cite"),
    "glossary": ("kb.cli.glossary", "glossary"),
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
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMANDS:
            module, attribute = COMMANDS[name]
            # Built in English, as if imported before the interface language was set: click names some
            # metavars when an option is made (FILE), and the help translates each text when it is shown.
            with using_language(SOURCE_LANGUAGE), click_language(SOURCE_LANGUAGE):
                command = getattr(import_module(module), attribute)
            self.add_command(command, name)
        return super().get_command(ctx, name)

    def every_command(self) -> dict[str, click.Command]:
        """Every command, each module imported: for what walks them all (tests of help and exit codes)."""
        for name in COMMANDS:
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
        except KeyboardInterrupt:  # 130, the shell's code for SIGINT, rather than click's "Aborted!" and 1
            sys.exit(report_interrupt(bool(isinstance(ctx.obj, dict) and ctx.obj.get("as_json"))))


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
