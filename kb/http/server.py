"""`mtgkb serve`: the checked database, uvicorn's timeouts, one worker process or several.

The database is checked before the server listens: a missing file, a file that is not an
mtgkb database or one of another schema stops ``serve`` with a message (exit 2 by the CLI),
instead of a server that answers every request with an error. The connection timeouts
bound what an idle or slow client can hold (docs/http.md).

With ``--workers N`` uvicorn starts N worker processes that share the listening socket, each
with its own event loop, request threads and connections (docs/architecture.md). uvicorn builds
the application in each of them from an import string (``worker_app``), so what ``serve`` was
given reaches them through the environment. A worker ends with the process that started it,
also when that one is killed with SIGKILL and cannot stop its workers.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import uvicorn
from fastapi import FastAPI

from kb.api import KnowledgeBase, MtgkbError
from kb.core import paths, settings
from kb.core.errors import DatabaseError
from kb.http.app import create_app
from kb.http.protocol import HEADER_SECONDS, HEADER_SECONDS_VARIABLE  # a request's headers must be in within this
from kb.i18n import _

KEEP_ALIVE_SECONDS = 5.0  # an idle keep-alive connection is closed after this
# BODY_SECONDS (kb.http.limits): its body within 30 s more.
MAX_CONNECTIONS = 256  # open connections (and requests) at once; more get 503 at once
SHUTDOWN_SECONDS = 10  # requests still running at shutdown get this long
PARENT_CHECK = 1.0  # seconds between two looks of a worker process at the process that started it
# How long a thread may hold the interpreter while another waits for it (Python's default: 5 ms). A
# request passes between the event loop and a request thread three times, and each time waited up to
# this while a whole-document page or a big /cite computed: 1 ms answered twice the lookups beside
# them (bench/bench_http_load.py).
SWITCH_SECONDS = 0.001
# What `serve` hands to the application of each worker process.
DB_VARIABLE = settings.variable("serve_db")
CORS_VARIABLE = settings.variable("serve_cors")


def check_database(db_path: str | Path | None) -> Path:
    """The database the server will read, checked: it exists, is SQLite, has this schema and documents.

    Raises a condition that says what is wrong and what to run (DatabaseError, exit 2).
    """
    path = Path(db_path) if db_path else paths.default_db_path()
    if not path.is_file():
        raise DatabaseError(
            _("no database at {path}: run 'mtgkb build' or 'mtgkb import' first, or give --db").format(path=path)
        )
    try:
        kb = KnowledgeBase.open(path, readonly=True)
    except MtgkbError as error:
        raise DatabaseError(str(error)) from error
    try:
        if not kb.documents():
            raise DatabaseError(
                _("{path} holds no documents: run 'mtgkb build' or 'mtgkb import' first").format(path=path)
            )
    except MtgkbError:
        raise
    except Exception as error:  # sqlite3.DatabaseError on a damaged file
        raise DatabaseError(
            _("{path}: not a usable mtgkb database ({reason})").format(path=path, reason=error)
        ) from error
    finally:
        kb.close()
    return path


def collect_for_a_server() -> None:
    """Garbage collection for a long-running reader. The rules each thread keeps for repeated lookups
    (kb.store.lookup) are long-lived; a full collection walking them all stalled every request for
    60 ms and more. What exists at start-up is frozen (never walked again) and full collections run a
    tenth as often; reference counting still frees almost everything at once."""
    gc.collect()
    gc.freeze()
    young, middle, _old = gc.get_threshold()
    gc.set_threshold(young * 10, middle, 100)


def end_with(parent: int) -> None:
    """Stop this worker process (as SIGTERM does: the requests under way get their grace period) once
    the process that started it is gone. A look every second at the parent's pid, the standard
    library's portable way; Linux's PR_SET_PDEATHSIG would need ctypes and fires when the parent's
    thread that started the worker ends, not the parent."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os.kill(os.getpid(), signal.SIGTERM)


def worker_app() -> FastAPI:
    """The application of one worker process (uvicorn's factory), over what `serve` put in the environment."""
    app = create_app(settings.value("serve_db"), cors=settings.value("serve_cors"))
    parent = multiprocessing.parent_process()
    if parent is not None and parent.pid is not None:  # one of several workers, started by uvicorn's supervisor
        threading.Thread(target=end_with, args=(parent.pid,), name="mtgkb-parent-watch", daemon=True).start()
    collect_for_a_server()
    sys.setswitchinterval(SWITCH_SECONDS)
    return app


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db_path: str | Path | None = None,
    cors: Sequence[str] = (),
    *,
    keep_alive: float = KEEP_ALIVE_SECONDS,
    header_seconds: float = HEADER_SECONDS,
    workers: int = 1,
) -> None:
    """Check the database, then serve the API with ``workers`` uvicorn worker processes until interrupted
    (one: in this process)."""
    os.environ[DB_VARIABLE] = str(check_database(db_path))
    os.environ[CORS_VARIABLE] = " ".join(cors)
    os.environ[HEADER_SECONDS_VARIABLE] = repr(float(header_seconds))
    uvicorn.run(
        "kb.http.server:worker_app",
        factory=True,
        workers=workers,
        host=host,
        port=port,
        log_level="warning",
        http="kb.http.protocol:TimedProtocol",
        timeout_keep_alive=int(keep_alive),
        limit_concurrency=MAX_CONNECTIONS,
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
    )
