"""The search index beside the database (``<db path>.search/``): build, update, open.

The index follows the database: :func:`update_index` re-indexes the documents an
import added, replaced or deleted; :func:`rebuild_index` builds a fresh index in a
temporary folder and swaps it in. Searches call :func:`postings`, which catches up
with imports nobody reported (it compares the markers with the database's sha256s)
and rebuilds an index written by an older version of this module.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from whoosh import index as whoosh_index
from whoosh.searching import Searcher

from kb import store
from kb.core.errors import IndexMissing
from kb.i18n import _
from kb.search.analyzers import LANGUAGES
from kb.search.documents import marker, rule_documents
from kb.search.postings import Postings
from kb.search.schema import FORMAT, build_schema

_FORMAT_UID = "@format"
_LOCK_TIMEOUT = 60.0
_lock = threading.Lock()
_open: dict[tuple[str, int], "_Handle"] = {}


@dataclass
class IndexReport:
    """What an index build or update did."""

    path: str
    rebuilt: bool = False
    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    rules: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict:
        return asdict(self)

    @property
    def changed(self) -> bool:
        return self.rebuilt or bool(self.added or self.replaced or self.removed)


@dataclass
class _Handle:
    searcher: Searcher
    postings: Postings
    markers: dict[str, str]
    format: str | None
    identity: int | None


def index_dir(kb) -> Path:
    """Where the index of ``kb``'s database lives."""
    return Path(f"{kb.path}.search")


def _database_documents(kb) -> dict[str, str]:
    return {row["name"]: row["sha256"] for row in store.rows(kb.conn, "select name, sha256 from documents")}


def _markers(searcher: Searcher) -> tuple[dict[str, str], str | None]:
    found: dict[str, str] = {}
    version = None
    for stored in searcher.documents(kind="marker"):
        if stored["uid"] == _FORMAT_UID:
            version = stored.get("sha")
        else:
            found[stored["document"]] = stored.get("sha")
    return found, version


def rebuild_index(kb, progress: Callable[[str, int, int], None] | None = None) -> IndexReport:
    """Index every document of the database afresh; ``progress(name, done, total)`` after each."""
    started = time.perf_counter()
    target = index_dir(kb)
    temporary = target.with_name(f"{target.name}.tmp-{os.getpid()}")
    shutil.rmtree(temporary, ignore_errors=True)
    temporary.mkdir(parents=True)
    report = IndexReport(str(target), rebuilt=True)
    try:
        ix = whoosh_index.create_in(str(temporary), build_schema())
        writer = ix.writer(limitmb=256)
        writer.add_document(uid=_FORMAT_UID, kind="marker", sha=FORMAT)
        docs = _document_rows(kb)
        for done, doc in enumerate(docs, 1):
            report.rules += _add_document(writer, kb, doc)
            report.added.append(doc["name"])
            if progress:
                progress(doc["name"], done, len(docs))
        writer.commit(optimize=True)
        ix.close()
        _swap_in(temporary, target)
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
    _forget(target)
    report.seconds = round(time.perf_counter() - started, 3)
    return report


def _swap_in(fresh: Path, target: Path) -> None:
    old = target.with_name(f"{target.name}.old-{os.getpid()}")
    if target.exists():
        target.rename(old)
    fresh.rename(target)
    shutil.rmtree(old, ignore_errors=True)


def _document_rows(kb, names: Iterable[str] | None = None) -> list[dict]:
    rows = store.rows(kb.conn, "select id, name, lang, sha256 from documents order by name")
    if names is not None:
        wanted = set(names)
        rows = [row for row in rows if row["name"] in wanted]
    return rows


def _add_document(writer, kb, doc: dict) -> int:
    count = 0
    for record in rule_documents(kb.conn, doc):
        writer.add_document(**record)
        count += 1
    writer.add_document(**marker(doc["name"], doc["sha256"]))
    return count


def update_index(kb, changed_document_names: Iterable[str]) -> IndexReport:
    """Re-index the named documents as the database now holds them (gone ones are removed).

    Call it after imports and deletions; an index that does not exist yet is built whole.
    """
    names = sorted(set(changed_document_names))
    target = index_dir(kb)
    if not _usable(target):
        return rebuild_index(kb)
    started = time.perf_counter()
    report = IndexReport(str(target))
    if not names:
        return report
    before = dict(_handle(target).markers)
    ix = whoosh_index.open_dir(str(target))
    rows = {row["name"]: row for row in _document_rows(kb, names)}
    writer = ix.writer(timeout=_LOCK_TIMEOUT, limitmb=128)
    try:
        for name in names:
            writer.delete_by_term("document", name)
            if name in rows:
                report.rules += _add_document(writer, kb, rows[name])
                (report.replaced if name in before else report.added).append(name)
            elif name in before:
                report.removed.append(name)
        writer.commit()
    except BaseException:
        writer.cancel()
        raise
    finally:
        ix.close()
    report.seconds = round(time.perf_counter() - started, 3)
    return report


def _usable(target: Path) -> bool:
    """An index of this format exists at ``target``."""
    handle = _handle(target)
    return handle is not None and handle.format == FORMAT


def sync_index(kb) -> IndexReport | None:
    """Bring the index up to the database: build it, or update the documents that differ."""
    target = index_dir(kb)
    if not _usable(target):
        return rebuild_index(kb)
    markers = _handle(target).markers
    database = _database_documents(kb)
    stale = {name for name in database.keys() | markers.keys() if database.get(name) != markers.get(name)}
    return update_index(kb, stale) if stale else None


def postings(kb) -> Postings:
    """The scored postings of ``kb``'s up-to-date index (cached per thread; synced with the database).

    When the index cannot be written (a read-only folder), an existing index is searched as
    it is; without one, IndexMissing says why.
    """
    try:
        sync_index(kb)
    except OSError as error:
        if _handle(index_dir(kb)) is None:
            raise IndexMissing(_("cannot build the search index at {path}: {error}").format(
                path=index_dir(kb), error=error)) from error
    return _handle(index_dir(kb)).postings


def indexed_documents(kb) -> dict[str, str]:
    """The documents the index holds, with the sha256 they were indexed at."""
    sync_index(kb)
    return dict(_handle(index_dir(kb)).markers)


def _handle(target: Path) -> _Handle | None:
    """The open index at ``target`` for this thread, reopened when it changed; None when there is none."""
    key = (str(target), threading.get_ident())
    try:
        identity = os.stat(target).st_ino  # a rebuilt index is a new folder
    except OSError:
        identity = None
    with _lock:
        handle = _open.get(key)
        if handle is not None and handle.identity == identity and handle.searcher.up_to_date():
            return handle
        if handle is not None:
            del _open[key]
            handle.searcher.close()
        if identity is None or not whoosh_index.exists_in(str(target)):
            return None
        try:
            ix = whoosh_index.open_dir(str(target))
            opened = Searcher(ix.reader(), fromindex=ix)
            markers, version = _markers(opened)
        except Exception:  # an unreadable or foreign index is rebuilt, not trusted
            return None
        handle = _open[key] = _Handle(opened, Postings(opened.reader(), LANGUAGES), markers, version, identity)
        return handle


def _forget(target: Path) -> None:
    with _lock:
        keys = [key for key in _open if key[0] == str(target)]
        handles = [_open.pop(key) for key in keys]
    for handle in handles:
        handle.searcher.close()
