"""The `mtgkb` entry point: a plain `show` skips click, everything else goes through it."""

from __future__ import annotations

import sys

_VALUE_OPTIONS = {"--lang": "lang", "--edition": "edition"}
_GLOBAL_OPTIONS = {"--db": "db", "--ui-lang": "ui_lang"}


def quick_show_request(args: list[str]) -> dict | None:
    """The arguments of `[--db F] [--ui-lang L] show NUMBER [--lang L] [--edition E] [--json]`, else None."""
    options: dict = {}
    rest = list(args)
    while rest[:1] and rest[0] in _GLOBAL_OPTIONS and len(rest) > 2:
        options[_GLOBAL_OPTIONS[rest[0]]] = rest[1]
        rest = rest[2:]
    if len(rest) < 2 or rest[0] != "show" or rest[1].startswith("-"):
        return None
    options["number"] = rest[1]
    i = 2
    while i < len(rest):
        word = rest[i]
        if word == "--json":
            options["as_json"] = True
            i += 1
        elif word in _VALUE_OPTIONS and i + 1 < len(rest) and not rest[i + 1].startswith("-"):
            options[_VALUE_OPTIONS[word]] = rest[i + 1]
            i += 2
        else:
            return None  # --help, --ui-lang, a typo: click's full handling
    return options


def main(args: list[str] | None = None) -> None:
    args = sys.argv[1:] if args is None else args
    request = quick_show_request(args)
    if request is not None and _use_ui_language(request.pop("ui_lang", None)):
        from pathlib import Path

        from kb.cli.show import show

        if "db" in request:
            request["db"] = Path(request["db"])
        sys.exit(show(**request))
    from kb.cli import cli

    cli(args=args, prog_name="mtgkb")


def _use_ui_language(cli_value: str | None) -> bool:
    """Set the interface language for the quick path; False for a bad --ui-lang (click reports it)."""
    import os

    from kb.i18n import match_language, resolve_ui_language, set_ui_language

    if cli_value is not None and match_language(cli_value) is None:
        return False
    set_ui_language(resolve_ui_language(cli_value, os.environ))
    return True
