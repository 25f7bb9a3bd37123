"""One writer at a time: imports and repairs of one database queue behind a lock file.

SQLite serialises single transactions, but an import is several: the document, then
the renumbering chain computed from the documents it finds, then the search index.
Two imports interleaving read each other's half-finished state (a document id that the
other just replaced: ``KeyError`` in the chain update). The lock is an flock on
``<database>-writer.lock`` beside the database: the kernel releases it when its holder
ends, even by kill -9, so a crashed import never blocks the next one. SQLite's own
locks are POSIX locks on the database file, which this one does not touch.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from kb.core import settings
from kb.core.errors import DatabaseError
from kb.i18n import _
from kb.store.faults import database_fault

DEFAULT_TIMEOUT = settings.setting("lock_timeout").default  # seconds: a full import of every edition takes minutes
TIMEOUT_VARIABLE = settings.variable("lock_timeout")
_POLL = 0.2


def lock_path(database: Path) -> Path:
    return database.with_name(database.name + "-writer.lock")


def lock_timeout() -> float:
    """$MTGKB_LOCK_TIMEOUT seconds, else DEFAULT_TIMEOUT (kb.core.settings)."""
    return settings.value("lock_timeout")


@contextmanager
def writer_lock(
    database: Path, *, timeout: float | None = None, on_wait: Callable[[str], None] | None = None
) -> Iterator[None]:
    """Hold the database's writer lock while the block runs; wait for it up to ``timeout`` seconds.

    ``on_wait`` hears once who holds it; past the timeout a DatabaseError (exit 2) says so.
    """
    timeout = lock_timeout() if timeout is None else timeout
    path = lock_path(database)
    try:
        handle = open(path, "a+")
    except OSError as error:
        raise database_fault(sqlite3.OperationalError("attempt to write a readonly database"), database) from error
    try:
        started = time.monotonic()
        told = False
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                holder = _holder(path)
                if time.monotonic() - started >= timeout:
                    raise DatabaseError(
                        _(
                            "{path}: another import or repair ({holder}) has held the database for more than {seconds:g} "
                            "s; nothing was changed: try again when it has finished, or set {variable} to wait "
                            "longer"
                        ).format(path=database, holder=holder, seconds=timeout, variable=TIMEOUT_VARIABLE)
                    ) from None
                if on_wait and not told:
                    on_wait(
                        _("Waiting for another import or repair of {path} ({holder}) to finish…").format(
                            path=database, holder=holder
                        )
                    )
                    told = True
                time.sleep(_POLL)
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        yield
    finally:
        handle.close()  # closing the file releases the lock


def writer(database: Path) -> str | None:
    """Who holds ``database``'s writer lock now ("process 4242"), None when nobody does."""
    try:
        handle = open(lock_path(database))
    except OSError:
        return None  # never locked, or not ours to read
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return _holder(lock_path(database))
        return None


def _holder(path: Path) -> str:
    try:
        pid = path.read_text().strip()
    except OSError:
        pid = ""
    return _("process {pid}").format(pid=pid) if pid else _("another process")
