"""Make the parts of the docs that the code decides, so that they cannot drift from it.

    python scripts/make_docs.py            # write docs/cli.md, docs/settings.md and the error table
    python scripts/make_docs.py --check    # exit 1 naming each file that differs (tests/unit/test_docs.py)

- docs/cli.md: every command and subcommand with its usage, help and options, as click prints them
  in English (kb.cli);
- docs/settings.md: every setting of the environment (kb.core.settings.SETTINGS);
- docs/architecture.md, between its ``errors`` markers: every condition class of kb/core/errors.py
  (and the importers' own, which are kinds of BadInputFile) with its exit code and HTTP status.

docs/http.md's routes are written by hand; tests/unit/test_docs.py checks them against the
application's OpenAPI document (docs/openapi.json, itself checked against the application).
"""

from __future__ import annotations

import argparse
import inspect
import sys
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.cli import cli  # noqa: E402
from kb.core import errors, settings  # noqa: E402
from kb.i18n import using_language  # noqa: E402
from kb.importers import records  # noqa: E402

CLI_DOC = ROOT / "docs" / "cli.md"
SETTINGS_DOC = ROOT / "docs" / "settings.md"
ARCHITECTURE = ROOT / "docs" / "architecture.md"
ERRORS_START = "<!-- errors: made by `python scripts/make_docs.py` from kb/core/errors.py; do not edit -->"
ERRORS_END = "<!-- errors: end -->"
WIDTH = 100


def _commands(group: click.Group, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], click.Command]]:
    every = getattr(group, "every_command", None)
    found: list[tuple[tuple[str, ...], click.Command]] = []
    for name, command in sorted((every() if every else group.commands).items()):
        found.append(((*path, name), command))
        if isinstance(command, click.Group):
            found += _commands(command, (*path, name))
    return found


def _help(path: tuple[str, ...], command: click.Command) -> str:
    parent = click.Context(cli, info_name="mtgkb", terminal_width=WIDTH, max_content_width=WIDTH)
    context = parent
    for name in path:
        context = click.Context(command if name == path[-1] else context.command, info_name=name, parent=context)
        context.terminal_width = context.max_content_width = WIDTH
    return context.command.get_help(context)


def cli_markdown() -> str:
    """docs/cli.md: the reference of every command, from click."""
    with using_language("en"):
        top = cli.get_help(click.Context(cli, info_name="mtgkb", terminal_width=WIDTH, max_content_width=WIDTH))
        parts = [
            "# Command reference",
            "",
            "<!-- Made from kb/cli by `python scripts/make_docs.py`; tests/unit/test_docs.py checks it. -->",
            "",
            "Every command and its options, as `mtgkb COMMAND --help` prints them. README.md says what each is",
            "for; `--ui-lang` prints the same in another language.",
            "",
            "## mtgkb",
            "",
            "```",
            top.rstrip(),
            "```",
        ]
        for path, command in _commands(cli):
            parts += ["", f"## mtgkb {' '.join(path)}", "", "```", _help(path, command).rstrip(), "```"]
    return "\n".join(parts) + "\n"


def error_classes() -> list[type]:
    """Every condition class: kb.core.errors' and the importers' (kinds of BadInputFile)."""
    found = [
        value
        for module in (errors, records)
        for _name, value in vars(module).items()
        if inspect.isclass(value) and issubclass(value, errors.MtgkbError) and value.__module__ == module.__name__
    ]
    return found


def errors_table() -> str:
    rows = [
        "| class | kind of | exit | HTTP | when |",
        "|---|---|---|---|---|",
    ]
    for cls in error_classes():
        base = next((b.__name__ for b in cls.__bases__ if issubclass(b, errors.MtgkbError)), "")
        when = " ".join((inspect.getdoc(cls) or "").split("\n\n")[0].split())
        rows.append(f"| `{cls.__name__}` | {base and f'`{base}`'} | {cls.exit_code} | {cls.http_status} | {when} |")
    return "\n".join(rows)


def architecture_with_errors(text: str) -> str:
    """docs/architecture.md with the table between its markers made anew."""
    start, end = text.index(ERRORS_START), text.index(ERRORS_END)
    return text[: start + len(ERRORS_START)] + "\n\n" + errors_table() + "\n\n" + text[end:]


def made() -> dict[Path, str]:
    """Each file and the text it should have."""
    return {
        CLI_DOC: cli_markdown(),
        SETTINGS_DOC: settings.markdown(),
        ARCHITECTURE: architecture_with_errors(ARCHITECTURE.read_text(encoding="utf-8")),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 when a file differs")
    args = parser.parse_args(argv)
    stale = [path for path, text in made().items() if not path.exists() or path.read_text(encoding="utf-8") != text]
    if args.check:
        for path in stale:
            print(f"{path.relative_to(ROOT)} differs from the code: run python scripts/make_docs.py")
        return 1 if stale else 0
    for path, text in made().items():
        if path in stale:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
