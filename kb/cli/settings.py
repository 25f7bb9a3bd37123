"""mtgkb settings: every setting of kb.core.settings with the value it has now."""

from __future__ import annotations

import click

from kb.cli.options import json_option
from kb.cli.output import dump
from kb.core import settings as declared


@click.command()
@json_option()
def settings(as_json):
    """List the settings read from the environment, with their current values and defaults."""
    found = declared.current()
    if as_json:
        dump([s.to_dict() for s in found])
        return
    width = max(len(s.variable) for s in found)
    for s in found:
        mark = "*" if s.set else " "  # set in the environment
        click.echo(f"{s.variable.ljust(width)} {mark} {s.value or '-'}")
        click.echo(f"{'':{width}}   {s.help}")
