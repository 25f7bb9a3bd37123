"""What a failing SQLite call means for the user: one message per fault, naming the database.

sqlite3 reports a full disk, a lock held too long, a read-only file or a file that is
not a database as bare OperationalError or DatabaseError texts. ``database_fault``
turns each into a DatabaseError (exit 2, HTTP 503) that says what happened to which
file and what to do; front ends call it where they catch sqlite3.Error, once.

A disk that is really full does not always give SQLITE_FULL: with less free space than
the 32 KiB shared-memory file of WAL mode, SQLite fails to size it (SQLITE_IOERR_SHMSIZE,
"disk I/O error"), and a write of the WAL can fail the same way. So an I/O error with
little space left in the database's folder is reported as the full disk it is.
"""

from __future__ import annotations

import errno
import re
import sqlite3
from pathlib import Path

from kb.core.errors import DatabaseError
from kb.i18n import _

BUSY_TIMEOUT = 30  # seconds a connection waits for another's write lock (schema.connect)
_MISSING = re.compile(r"no such (?:table|column): (\S+)|has no column named (\S+)")
LOW_SPACE = 1024 * 1024  # bytes: below this an I/O error of SQLite is taken for a full disk


def free_bytes(path: str | Path) -> int | None:
    """Free space in the folder of ``path`` (None when it cannot be asked, e.g. the folder is gone)."""
    import shutil  # lazy: it loads bz2 and lzma, 3 ms of every fresh command; only a failed write asks

    try:
        return shutil.disk_usage(Path(path).parent).free
    except OSError:
        return None


def database_fault(error: sqlite3.Error, path: str | Path | None) -> DatabaseError:
    """The condition behind a sqlite3 error, as a message a user can act on."""
    text = str(error)
    lower = text.lower()
    where = str(path) if path else _("the database")
    if "locked" in lower or "busy" in lower:
        message = _(
            "{path}: the database is locked by another process, which has held its write lock for more "
            "than {seconds} s; nothing was changed: try again when it has finished"
        ).format(path=where, seconds=BUSY_TIMEOUT)
    elif "disk is full" in lower or "database or disk is full" in lower:
        message = _(
            "{path}: the disk is full (or the database reached its size limit); this change was not "
            "stored, what was stored before is intact: free some space and run the command again"
        ).format(path=where)
    elif ("disk i/o error" in lower or getattr(error, "sqlite_errorname", "").startswith("SQLITE_IOERR")) and path:
        free = free_bytes(path)
        if free is not None and free < LOW_SPACE:
            message = _(
                "{path}: the disk is full ({free} bytes free), so SQLite cannot write even its working "
                "files ({reason}); nothing more was stored, what was stored before is intact: free some "
                "space and run the command again"
            ).format(path=where, free=f"{free:,}", reason=getattr(error, "sqlite_errorname", None) or text)
        else:
            message = _(
                "{path}: the disk reported an input/output error ({reason}); what was stored before is "
                "intact: check the disk and run the command again"
            ).format(path=where, reason=getattr(error, "sqlite_errorname", None) or text)
    elif "readonly" in lower or "read-only" in lower:
        message = _(
            "{path}: the database is read-only (a read-only file, folder or file system): reading "
            "commands work, but to import or repair copy it somewhere writable"
        ).format(path=where)
    elif "not a database" in lower or "encrypted" in lower or "malformed" in lower:
        message = _(
            "{path}: not a usable mtgkb database: the file is not SQLite, or is damaged; check --db or $MTGKB_DB"
        ).format(path=where)
    elif (found := _MISSING.search(text)) is not None:
        message = _(
            "{path}: the database lacks {what}: it was made by an older mtgkb or another program; run "
            "'mtgkb --db {path} repair' to bring its schema up to date"
        ).format(path=where, what=found.group(1) or found.group(2))
    elif "unable to open" in lower:
        message = _("{path}: cannot open the database file (is its folder missing or read-only?)").format(path=where)
    else:
        message = _("{path}: database error: {reason}").format(path=where, reason=text)
    fault = DatabaseError(message)
    fault.__cause__ = error
    return fault


def file_fault(error: OSError, path: str | Path) -> DatabaseError:
    """An OSError writing a file beside the database (the search index) as a message naming it."""
    reason = error.strerror or str(error)
    if error.errno == errno.ENOSPC:
        message = _(
            "{path}: the disk is full ({reason}); the database is intact: free some space and run the command again"
        ).format(path=path, reason=reason)
    elif error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        message = _(
            "{path}: cannot be written ({reason}): a read-only file, folder or file system; reading "
            "commands work, but to write copy the database somewhere writable"
        ).format(path=path, reason=reason)
    else:
        message = _("{path}: cannot be written: {reason}").format(path=path, reason=reason)
    fault = DatabaseError(message)
    fault.__cause__ = error
    return fault
