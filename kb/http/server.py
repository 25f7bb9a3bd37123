"""`mtgkb serve`: the checked database, uvicorn's timeouts, one worker.

The database is checked before the server listens: a missing file, a file that is not an
mtgkb database or one of another schema stops ``serve`` with a message (exit 2 by the CLI),
instead of a server that answers every request with an error. The connection timeouts
bound what an idle or slow client can hold (docs/http.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from kb.api import KnowledgeBase, MtgkbError
from kb.core import paths
from kb.core.errors import DatabaseError
from kb.http.protocol import HEADER_SECONDS  # a request's headers must be in within this
from kb.i18n import _

KEEP_ALIVE_SECONDS = 5.0  # an idle keep-alive connection is closed after this
# BODY_SECONDS (kb.http.limits): its body within 30 s more.
MAX_CONNECTIONS = 256  # open connections (and requests) at once; more get 503 at once
SHUTDOWN_SECONDS = 10  # requests still running at shutdown get this long


def check_database(db_path: str | Path | None) -> Path:
    """The database the server will read, checked: it exists, is SQLite, has this schema and documents.

    Raises a condition that says what is wrong and what to run (DatabaseError, exit 2).
    """
    path = Path(db_path) if db_path else paths.default_db_path()
    if not path.is_file():
        raise DatabaseError(_("no database at {path}: run 'mtgkb build' or 'mtgkb import' first, or give "
                              "--db").format(path=path))
    try:
        kb = KnowledgeBase.open(path, readonly=True)
    except MtgkbError as error:
        raise DatabaseError(str(error)) from error
    try:
        if not kb.documents():
            raise DatabaseError(_("{path} holds no documents: run 'mtgkb build' or 'mtgkb import' first").format(
                path=path))
    except MtgkbError:
        raise
    except Exception as error:  # sqlite3.DatabaseError on a damaged file
        raise DatabaseError(_("{path}: not a usable mtgkb database ({reason})").format(path=path, reason=error)) \
            from error
    finally:
        kb.close()
    return path


def collect_for_a_server() -> None:
    """Garbage collection for a long-running reader. The rules each thread keeps for repeated lookups
    (kb.store.lookup) are long-lived; a full collection walking them all stalled every request for
    60 ms and more. What exists at start-up is frozen (never walked again) and full collections run a
    tenth as often; reference counting still frees almost everything at once."""
    import gc

    gc.collect()
    gc.freeze()
    young, middle, _old = gc.get_threshold()
    gc.set_threshold(young * 10, middle, 100)


def serve(host: str = "127.0.0.1", port: int = 8000, db_path: str | Path | None = None,
          cors: Sequence[str] = (), *, keep_alive: float = KEEP_ALIVE_SECONDS,
          header_seconds: float = HEADER_SECONDS) -> None:
    """Check the database, then serve the API on one uvicorn worker until interrupted."""
    import uvicorn

    from kb.http.app import create_app
    from kb.http.protocol import timed_protocol

    app = create_app(check_database(db_path), cors=cors)
    collect_for_a_server()
    uvicorn.run(app, host=host, port=port, log_level="warning", http=timed_protocol(header_seconds),
                timeout_keep_alive=int(keep_alive), limit_concurrency=MAX_CONNECTIONS,
                timeout_graceful_shutdown=SHUTDOWN_SECONDS)
