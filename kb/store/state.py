"""What the database holds now, and the one cache of data derived from it.

Search scopes, the term lexicon, did-you-mean vocabularies, completions, the term dictionary and
the reader's views are computed from the database and change only when an import, a build or a
repair changes it. They are kept in one cache per database file (:class:`DerivedCache`), keyed by
(kind, key) and tagged with the database's state (:func:`cache_state`): a value computed for an
older state is never returned, and the first caller that sees a new state empties the cache.

Every connection opened by :func:`kb.store.schema.connect` is a :class:`Connection`, which carries
the cache of its database file and remembers its own last reading of the state. Several
connections on one file (the HTTP server opens one per thread, the reader a facade per streamed
page) share that file's cache through :data:`_CACHES`, the registry below; an in-memory database
has a cache of its own.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

ENTRIES = 512  # derived values kept per database file, the least recently used dropped first
RESOURCES = 64  # open resources (index readers, one per folder and thread) kept per database file
DATABASES = 16  # database files whose caches the registry keeps

# Tables written by a build or a repair without changing any document: their (row count, last
# rowid) are part of the state, so the renumbering chain, the edition inferences, the scenario
# results, the release counts and the cards a derived value reads are never stale.
_MARKED_TABLES = ("pairing_runs", "edition_inference", "scenario_results", "release_counts", "cards")


def database_state(conn: sqlite3.Connection) -> tuple:
    """The documents the database holds, as sorted (name, sha256) pairs.

    The search index is marked with the same pairs (kb.search.index compares the two); an import
    or a deletion changes them. Read again only when the connection may have seen a change.
    """
    return _reading(conn)[0]


def cache_state(conn: sqlite3.Connection) -> tuple:
    """The state the derived cache is tagged with: :func:`database_state` and the marks of the
    tables a build or a repair writes (:data:`_MARKED_TABLES`)."""
    return _reading(conn)


def _reading(conn: sqlite3.Connection) -> tuple:
    """(documents, marks), read again when SQLite says the data may differ from the last reading:
    ``data_version`` moves when another connection commits, ``total_changes`` when this one writes."""
    stamp = (conn.execute("pragma data_version").fetchone()[0], conn.total_changes)
    if isinstance(conn, Connection):
        remembered = conn.last_reading
        if remembered is not None and remembered[0] == stamp:
            return remembered[1]
    documents = tuple(tuple(row) for row in conn.execute("select name, sha256 from documents order by name"))
    present = {row[0] for row in conn.execute("select name from sqlite_master where type = 'table'")}
    marks = tuple(
        tuple(conn.execute(f"select count(*), max(rowid) from {table}").fetchone())  # noqa: S608 (fixed names)
        if table in present
        else None
        for table in _MARKED_TABLES
    )
    reading = (documents, marks)
    if isinstance(conn, Connection):
        conn.last_reading = (stamp, reading)
    return reading


class DerivedCache:
    """Derived values of one database, keyed by (kind, key), for one state at a time.

    Bounded by entries (least recently used dropped first) and guarded by one lock. A value is
    computed outside that lock, under a guard of its own key: a second thread asking for the same
    value waits for the first instead of computing it again (a lexicon takes seconds), while other
    keys are served meanwhile. ``None`` is never kept: it means "not there yet" (an index not built).
    """

    def __init__(self, entries: int = ENTRIES):
        self.entries = entries
        self._lock = threading.Lock()
        self._values: OrderedDict[tuple[str, Hashable], Any] = OrderedDict()
        self._state: tuple | None = None
        self._guards: dict[tuple[str, Hashable], threading.RLock] = {}
        self._resources: OrderedDict[Hashable, Any] = OrderedDict()

    def __len__(self) -> int:
        return len(self._values)

    def clear(self) -> None:
        """Forget every derived value (open resources stay)."""
        with self._lock:
            self._values.clear()

    def kinds(self) -> list[str]:
        """The kinds held now, one per entry (for tests and diagnostics)."""
        with self._lock:
            return [kind for kind, _ in self._values]

    def get(self, state: tuple, kind: str, key: Hashable, compute: Callable[[], T]) -> T:
        full = (kind, key)
        with self._lock:
            found = self._lookup(state, full)
            if found is not _MISSING:
                return found
            guard = self._guards.setdefault(full, threading.RLock())
        with guard:
            with self._lock:
                found = self._lookup(state, full)
                if found is not _MISSING:
                    return found
            try:
                value = compute()
            finally:
                with self._lock:
                    self._guards.pop(full, None)
            if value is not None:
                with self._lock:
                    if self._state == state:
                        self._values[full] = value
                        while len(self._values) > self.entries:
                            self._values.popitem(last=False)
            return value

    def discard(self, state: tuple, kind: str, key: Hashable) -> None:
        """Forget one value (a resource its owner found outdated, such as a replaced index folder)."""
        with self._lock:
            if self._state == state:
                self._values.pop((kind, key), None)

    def resource(self, key: Hashable, open_: Callable[[], T | None]) -> T | None:
        """An open resource of the database file (the search index's reader of one thread), opened
        by ``open_`` when not held. Resources are not tagged with the state: their owner checks
        them (kb.search.index compares the index folder's identity) and calls :meth:`drop`."""
        with self._lock:
            if key in self._resources:
                self._resources.move_to_end(key)
                return self._resources[key]
        opened = open_()
        if opened is not None:
            with self._lock:
                self._resources[key] = opened
                while len(self._resources) > RESOURCES:
                    self._resources.popitem(last=False)
        return opened

    def drop(self, key: Hashable) -> Any:
        """Forget a resource and return it (None when not held), for its owner to close."""
        with self._lock:
            return self._resources.pop(key, None)

    def _lookup(self, state: tuple, full: tuple[str, Hashable]) -> Any:
        """The value for ``full`` at ``state``, or _MISSING; a new state empties the cache (under the lock)."""
        if state != self._state:
            self._values.clear()
            self._state = state
            return _MISSING
        if full in self._values:
            self._values.move_to_end(full)
            return self._values[full]
        return _MISSING


_MISSING = object()

# The one piece of module-level mutable state outside immutable data: database file -> its derived
# cache, so that every connection on one file shares one cache. Keyed by the resolved path, and by
# the absolute path as given (resolving a path costs up to a tenth of a millisecond, and the search
# index asks for its readers' cache five times a search). Bounded (DATABASES files, least recently used
# dropped); a connection still holding a dropped cache keeps using it, which is correct (each value
# is checked against the state) and only shares less.
_CACHES: OrderedDict[str, DerivedCache] = OrderedDict()
_CACHES_LOCK = threading.Lock()


def cache_for(path: str | Path) -> DerivedCache:
    """The derived cache of the database file at ``path``; a new private one for an in-memory database."""
    text = str(path)
    if text in ("", ":memory:") or text.startswith("file::memory:") or "mode=memory" in text:
        return DerivedCache()
    given = os.path.abspath(text)  # no system call but getcwd; resolving reads every link on the way
    with _CACHES_LOCK:
        found = _CACHES.get(given) if given else None
        if found is not None:
            _CACHES.move_to_end(given)
            return found
    resolved = str(Path(path).resolve())
    with _CACHES_LOCK:
        found = _CACHES.get(resolved)
        if found is None:  # (not "or": an empty cache is falsy, having a length)
            found = DerivedCache()
        for key in dict.fromkeys(k for k in (resolved, given) if k):
            _CACHES[key] = found
            _CACHES.move_to_end(key)
        while len(_CACHES) > 2 * DATABASES:  # a file under its resolved and its given path
            _CACHES.popitem(last=False)
        return found


class Connection(sqlite3.Connection):
    """A sqlite3 connection (kb.store.schema.connect opens them with ``factory=Connection``) that
    carries its database's derived cache and its own last reading of the state."""

    derived_cache: DerivedCache | None = None
    last_reading: tuple | None = None  # ((data_version, total_changes), reading)


def derived(conn: sqlite3.Connection, kind: str, key: Hashable, compute: Callable[[], T]) -> T:
    """The value of ``compute()`` for the database's current state, computed once per state and
    shared by every connection on the same file. A connection not opened by kb.store (a test's
    plain sqlite3 connection) has no cache: the value is computed each time."""
    cache = conn.derived_cache if isinstance(conn, Connection) else None
    if cache is None:
        return compute()
    return cache.get(cache_state(conn), kind, key, compute)


def forget(conn: sqlite3.Connection, kind: str, key: Hashable) -> None:
    """Drop one value of ``conn``'s cache (see DerivedCache.discard)."""
    cache = conn.derived_cache if isinstance(conn, Connection) else None
    if cache is not None:
        cache.discard(cache_state(conn), kind, key)
