"""``mtgkb mcp``: the MCP server over stdio (the default) or streamable HTTP (--http, loopback).

This module imports no part of the MCP SDK: kb/cli.py adds the command at start-up, and
the SDK (about 1.5 s of imports) is loaded only when the command runs.
"""

from __future__ import annotations

import sys

import click
from click.core import ParameterSource

from kb.i18n import _

EXIT_BAD_INPUT = 2


@click.command("mcp")
@click.option("--http", "http", is_flag=True, help="Serve streamable HTTP instead of stdio.")
@click.option("--host", default="127.0.0.1", show_default=True, help="With --http: address to listen on.")
@click.option(
    "--port",
    default=8765,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="With --http: port to listen on (0: any free port, printed on start).",
)
@click.pass_context
def mcp_command(ctx: click.Context, http: bool, host: str, port: int) -> None:
    """Serve the rules to LLM agents over the Model Context Protocol; the database is opened read-only."""
    given = [name for name in ("host", "port") if ctx.get_parameter_source(name) != ParameterSource.DEFAULT]
    if given and not http:
        raise click.UsageError(_("--host and --port go with --http"))
    from kb.api import KnowledgeBase, MtgkbError
    from kb.mcp.server import open_server, run_http, run_stdio  # the SDK, only now

    db = ctx.obj["db"] if ctx.obj else None
    notice = KnowledgeBase.first_build_notice(db)
    if notice:  # first use: the server opens read-only, so the database is built, with its index, first
        click.echo(notice, err=True)
        KnowledgeBase.open(None).close()
    try:
        server = open_server(db)
    except MtgkbError as error:
        click.echo(_("Error: {message}").format(message=error), err=True)
        sys.exit(EXIT_BAD_INPUT)
    if not http:
        run_stdio(server)
        return
    if not _loopback(host):
        click.echo(
            _("Warning: {host} is not a loopback address; anyone who can reach it can use the server").format(
                host=host
            ),
            err=True,
        )
    try:
        run_http(
            server,
            host,
            port,
            announce=lambda url: click.echo(_("MCP server (streamable HTTP) at {url}").format(url=url), err=True),
        )
    except OSError as error:
        click.echo(
            _("Error: cannot listen on {host}:{port}: {reason}").format(
                host=host, port=port, reason=error.strerror or error
            ),
            err=True,
        )
        sys.exit(EXIT_BAD_INPUT)


def _loopback(host: str) -> bool:
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
