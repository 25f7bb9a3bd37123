"""`mtgkb serve`: the HTTP API and the reader over a checked, read-only database (docs/http.md)."""

from __future__ import annotations

import click

from kb.cli.output import open_database
from kb.i18n import _


def _origin(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple[str, ...]:
    """An origin is scheme://host[:port], as a browser sends it in its Origin header (or "*")."""
    for value in values:
        scheme, sep, rest = value.partition("://")
        if value != "*" and (scheme not in ("http", "https") or not sep or not rest or "/" in rest):
            raise click.BadParameter(
                _("{value!r} is not an origin: expected scheme://host[:port], such as https://example.org").format(
                    value=value
                ),
                ctx,
                param,
            )
    return values


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.option(
    "--cors",
    "cors",
    multiple=True,
    callback=_origin,
    metavar="ORIGIN",
    help="Let web pages of this origin call the API (repeatable; none by default).",
)
@click.option(
    "--keep-alive",
    type=click.FloatRange(0.1, 3600),
    default=5.0,
    show_default=True,
    metavar="SECONDS",
    help="Close a connection idle this long after an answer.",
)
@click.option(
    "--header-timeout",
    type=click.FloatRange(0.1, 3600),
    default=10.0,
    show_default=True,
    metavar="SECONDS",
    help="Close a connection whose request headers are not complete within this.",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Worker processes answering requests (more answer more at once, each with its own memory).",
)
@click.pass_context
def serve(
    ctx: click.Context,
    host: str,
    port: int,
    cors: tuple[str, ...],
    keep_alive: float,
    header_timeout: float,
    workers: int,
) -> None:
    """Serve the HTTP API (OpenAPI at /docs and /openapi.json); the database is opened read-only."""
    # A missing or unusable database stops the command with a message (exit 2) before it listens; the
    # default database is built first when it does not exist yet, as for any other command.
    # mtgkb --help imports every command's module: the server waits until this one runs.
    from kb.http.server import serve as run_server  # lazy: FastAPI and uvicorn, 153 modules, ~200 ms

    db = ctx.find_root().obj["db"]
    if db is None:
        open_database(None, searches=True).close()
    shown = f"[{host}]" if ":" in host else host
    click.echo(
        _("Serving on http://{host}:{port}/ (the reader at /, the API at /docs); Ctrl+C stops it.").format(
            host=shown, port=port
        ),
        err=True,
    )
    run_server(
        host=host,
        port=port,
        db_path=db,
        cors=cors,
        keep_alive=keep_alive,
        header_seconds=header_timeout,
        workers=workers,
    )
