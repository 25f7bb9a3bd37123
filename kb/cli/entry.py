"""The `mtgkb` entry point (console script and ``python -m kb``): click parses every command line."""

from __future__ import annotations

from kb.cli.app import cli


def main(args: list[str] | None = None) -> None:
    """Run a command line: ``args``, or the process's own."""
    cli(args=args, prog_name="mtgkb")
