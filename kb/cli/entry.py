"""The `mtgkb` entry point: a plain `show` or `search` skips click, everything else goes through it."""

from __future__ import annotations

import sys

_GLOBAL_OPTIONS = {"--db": "db", "--ui-lang": "ui_lang"}
# The options each quick command takes: name -> (keyword, kind); "flag" takes no value, "many" repeats.
_QUICK_OPTIONS = {
    "show": {"--lang": ("lang", "one"), "--edition": ("edition", "one"), "--json": ("as_json", "flag"),
             "--defining": ("defining", "flag")},
    "search": {"--lang": ("langs", "many"), "--edition": ("edition", "one"), "--section": ("section", "one"),
               "--limit": ("limit", "count"), "--json": ("as_json", "flag")},
}
_FIRST_ARGUMENT = {"show": "number", "search": "query"}


def quick_request(args: list[str]) -> tuple[str, dict] | None:
    """The command and arguments of `[--db F] [--ui-lang L] show NUMBER [--lang L] [--edition E] [--json]`
    or of `… search QUERY [--lang L]… [--edition E] [--section S] [--limit N] [--json]`, else None:
    anything else (--help, --opt=value, a typo, a value out of range) gets click's full handling."""
    options: dict = {}
    rest = list(args)
    while rest[:1] and rest[0] in _GLOBAL_OPTIONS and len(rest) > 2:
        options[_GLOBAL_OPTIONS[rest[0]]] = rest[1]
        rest = rest[2:]
    if len(rest) < 2 or rest[0] not in _QUICK_OPTIONS or rest[1].startswith("-"):
        return None
    command, known = rest[0], _QUICK_OPTIONS[rest[0]]
    options[_FIRST_ARGUMENT[command]] = rest[1]
    i = 2
    while i < len(rest):
        keyword, kind = known.get(rest[i], (None, None))
        if kind == "flag":
            options[keyword] = True
            i += 1
            continue
        if keyword is None or i + 1 >= len(rest) or rest[i + 1].startswith("-"):
            return None
        value = rest[i + 1]
        if kind == "many":
            options.setdefault(keyword, []).append(value)
        elif kind == "count":
            from kb.cli.quick_search import MAX_LIMIT

            if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= MAX_LIMIT:
                return None  # click says what is allowed
            options[keyword] = int(value)
        else:
            options[keyword] = value
        i += 2
    return command, options


def main(args: list[str] | None = None) -> None:
    """Run a command line: ``args``, or the process's own (then a quick command ends the process itself)."""
    own = args is None
    args = sys.argv[1:] if args is None else args
    request = quick_request(args)
    if request is not None and _use_ui_language(request[1].pop("ui_lang", None)):
        from pathlib import Path

        command, options = request
        if "db" in options:
            options["db"] = Path(options["db"])
        if command == "show":
            from kb.cli.show import show as quick
        else:
            from kb.cli.quick_search import search as quick
        code = quick(**options)
        if own:
            _end(code)
        sys.exit(code)
    from kb.cli import cli

    cli(args=args, prog_name="mtgkb")


def _end(code: int) -> None:
    """End the process at once once its output is out. The interpreter's teardown frees every object
    one by one (a search's term dictionary, the index readers): 70 ms of a fresh `mtgkb search`.
    A quick command has written and closed what it writes; nothing else is left to do."""
    import os

    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        from kb.cli.output import quiet_broken_pipe

        quiet_broken_pipe()
    os._exit(code)


def _use_ui_language(cli_value: str | None) -> bool:
    """Set the interface language for the quick path; False for a bad --ui-lang (click reports it)."""
    import os

    from kb.i18n import match_language, resolve_ui_language, set_ui_language

    if cli_value is not None and match_language(cli_value) is None:
        return False
    set_ui_language(resolve_ui_language(cli_value, os.environ))
    return True
