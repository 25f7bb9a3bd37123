"""The search index beside the database (``<db path>.search/``): build, update, open.

The index follows the database: imports call :func:`sync_index`, which builds it with the
first documents and re-indexes (:func:`update_index`) the documents an import added, replaced
or deleted; :func:`rebuild_index` builds a fresh index in a temporary folder and swaps it in.
Searches call :func:`postings`, which never builds an index but catches up with imports nobody
reported (it compares the markers with the database's sha256s).
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.reading import IndexReader, SegmentReader

import kb.search.derived as derived
import kb.search.markers as markers_file
from kb.core.errors import IndexMissing
from kb.core.model import Serialisable
from kb.i18n import _
from kb.search.analyzers import LANGUAGES
from kb.search.documents import marker, rule_documents
from kb.search.postings import Postings, read_holders
from kb.search.schema import FORMAT, build_schema
from kb.search.terms import Lexicon, build_lexicon, sources_stamp
from kb.store import Store, rows
from kb.store.documents import newest_per_language
from kb.store.lock import writer
from kb.store.state import DerivedCache, cache_for, database_state
from kb.store.state import derived as kept

_LOCK_TIMEOUT = 60.0
# Kinds of the store's derived cache (kb.store.state) this module keeps its values under.
DERIVED = "search.derived-data"  # (index folder, stamp) -> the data stored with the index
LEXICON = "search.lexicon"  # term lists' stamp -> the term dictionary


@dataclass
class IndexReport(Serialisable):
    """What an index build or update did."""

    path: str
    rebuilt: bool = False
    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    rules: int = 0  # rule versions read
    texts: int = 0  # distinct texts indexed (a text several editions share counts once)
    seconds: float = 0.0

    @property
    def changed(self) -> bool:
        return self.rebuilt or bool(self.added or self.replaced or self.removed)


@dataclass
class _Handle:
    index: whoosh_index.Index
    reader: IndexReader
    generation: int
    postings: Postings
    markers: dict[str, str]  # document name -> sha256 it was indexed at
    codes: dict[str, str]  # document name -> its code in ``holders``
    format: str | None
    identity: tuple  # (inode, mtime) of the folder: a rebuild makes a new folder, a commit a new file


def index_dir(store: Store) -> Path:
    """Where the index of ``store``'s database lives."""
    return Path(f"{store.path}.search")


def has_place(store: Store) -> bool:
    """Whether ``store``'s database is a file an index can live beside (not an in-memory database)."""
    return str(store.path) not in ("", ":memory:") and not str(store.path).startswith("file::memory:")


def _code(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, rest = divmod(number, 36)
        text = digits[rest] + text
        if not number:
            return "d" + text


Progress = Callable[[str, int, int], None]
STAGE_SHARES = (1, 8, 9, 2)  # steps per document of rebuild_index's stages: read, index, commit, derived


def rebuild_index(store: Store, progress: Progress | None = None, leave_out=None) -> IndexReport:
    """Index every document of the database afresh, each distinct rule text once.

    ``progress(stage, done, total)`` is called as the work goes: stage "read" once per
    database document, "index" every few hundred distinct texts, "commit" as whoosh writes
    the postings and "derived" once the data kept beside the index are stored; ``done``/``total``
    count steps of every stage together, so a progress bar can follow one number. The stages'
    shares of the steps are their shares of a whole-corpus build's time (reading 1, indexing 8,
    whoosh's commit 9, derived data 2), so the estimate holds and the last step is the end.
    ``leave_out``: glossary entries kept out of the rules' names (kb.search.documents.rule_documents),
    for measuring on a copy of a database (bench/bench_search.py).
    """
    started = time.perf_counter()
    target = index_dir(store)
    temporary = target.with_name(f"{target.name}.tmp-{os.getpid()}")
    shutil.rmtree(temporary, ignore_errors=True)
    temporary.mkdir(parents=True)
    report = IndexReport(str(target), rebuilt=True)
    try:
        ix = whoosh_index.create_in(str(temporary), build_schema())
        writer = ix.writer(limitmb=256, compound=False)  # separate files: read in place, not copied into memory
        writer.add_document(uid=markers_file.FORMAT_UID, kind="marker", sha=FORMAT)
        docs = _newest_first(_document_rows(store))
        records: dict[str, dict] = {}
        holders: dict[str, list[str]] = {}
        steps = len(docs) * sum(STAGE_SHARES)
        read, indexed, committed = (len(docs) * sum(STAGE_SHARES[:k]) for k in (1, 2, 3))
        for done, doc in enumerate(docs):
            code = _code(done)
            for record in rule_documents(store.conn, doc, records, leave_out):
                report.rules += 1
                uid = record["uid"]
                if uid not in records:
                    records[uid] = record
                    holders[uid] = [code]
                elif holders[uid][-1] != code:
                    holders[uid].append(code)
            writer.add_document(**marker(doc["name"], doc["sha256"], code))
            report.added.append(doc["name"])
            if progress:
                progress("read", done + 1, steps)
        total = max(len(records), 1)
        for count, (uid, record) in enumerate(records.items(), 1):
            writer.add_document(holders=" ".join(holders[uid]), **record)
            if progress and (count % 500 == 0 or count == total):
                progress("index", read + (indexed - read) * count // total, steps)
        report.texts = len(records)
        writer.commit(optimize=True)
        ix.close()
        if progress:
            progress("commit", committed, steps)
        written = list(records.values())
        derived.save(
            temporary, store, {doc["name"]: doc["sha256"] for doc in docs}, (1 + len(docs) + len(written), written)
        )
        _swap_in(temporary, target)
        if progress:
            progress("derived", steps, steps)  # the last step: the index is in place
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
    _forget(target)
    report.seconds = round(time.perf_counter() - started, 3)
    return report


def _newest_first(docs: list[dict]) -> list[dict]:
    """The documents of the default scope (each language's newest) first: their texts get the
    lowest numbers, so a default search reads only the head of each posting list."""
    ordered = sorted(docs, key=lambda d: (d["lang"], d["edition"] or "", d["name"]))
    newest = [d["id"] for d in newest_per_language(ordered)]
    rows = {doc["id"]: doc for doc in docs}
    return [rows[i] for i in newest] + [doc for doc in docs if doc["id"] not in set(newest)]


def _swap_in(fresh: Path, target: Path) -> None:
    old = target.with_name(f"{target.name}.old-{os.getpid()}")
    if target.exists():
        target.rename(old)
    fresh.rename(target)
    shutil.rmtree(old, ignore_errors=True)


def _document_rows(store: Store, names: Iterable[str] | None = None) -> list[dict]:
    found = rows(store.conn, "select id, name, lang, edition, sha256 from documents order by name")
    if names is not None:
        wanted = set(names)
        found = [row for row in found if row["name"] in wanted]
    return found


_MAX_SEGMENTS = 8
REBUILD_SHARE = 0.5  # an update touching more of the documents than this rebuilds instead


def _merge_updates(writer, segments: list) -> list:
    """A whoosh merge policy (``commit(mergetype=...)``): every segment but the largest (the last
    rebuild's) merged into the one being written; the largest is kept as it is.

    whoosh's own ``merge=True`` (MERGE_SMALL) merges only segments whose documents add up to less
    than a Fibonacci number of their count (55 for the first five): an update of an edition writes
    thousands, so the updates' segments were never merged and grew by one per import."""
    if len(segments) < 2:
        return segments
    largest = max(segments, key=lambda segment: segment.doc_count_all())
    for segment in segments:
        if segment is not largest:
            reader = SegmentReader(writer.storage, writer.schema, segment)
            writer.add_reader(reader)
            reader.close()
    return [largest]


def update_index(store: Store, changed_document_names: Iterable[str], progress: Progress | None = None) -> IndexReport:
    """Re-index the named documents as the database now holds them (gone ones are removed).

    Call it after imports and deletions; an index that does not exist yet (or an update of
    most of the documents) is built whole. Texts the changed documents share with others
    are rewritten with their new holders, not indexed again from other documents.
    """
    names = sorted(set(changed_document_names))
    target = index_dir(store)
    handle = _usable_handle(target)
    if handle is None:
        return rebuild_index(store, progress)
    started = time.perf_counter()
    report = IndexReport(str(target))
    if not names:
        return report
    before, codes = dict(handle.markers), dict(handle.codes)
    if len(names) > REBUILD_SHARE * max(len(before), 1) and len(names) > 4:
        return rebuild_index(store, progress)
    rows = {row["name"]: row for row in _document_rows(store, names)}
    reader = handle.reader
    final: dict[str, set[str]] = {}  # uid -> holders after the update
    indexed: set[str] = set()  # the uids of ``final`` the index holds now (the others need no deleting)
    records: dict[str, dict] = {}
    next_code = 1 + max((int(code[1:], 36) for code in codes.values()), default=-1)
    held = _holdings(store, target, handle)
    for name in names:
        code = codes.get(name)
        if code is not None:
            for docnum in array("I", held.get(code, b"")):
                stored = reader.stored_fields(docnum)
                final.setdefault(stored["uid"], set(stored["holders"].split())).discard(code)
                indexed.add(stored["uid"])
        if name in rows:
            if code is None:
                code, next_code = _code(next_code), next_code + 1
                codes[name] = code
            for record in rule_documents(store.conn, rows[name]):
                report.rules += 1
                uid = record["uid"]
                if uid not in final:
                    same = markers_file.stored(reader, "uid", uid)
                    final[uid] = set(same[0]["holders"].split()) if same else set()
                    if same:
                        indexed.add(uid)
                final[uid].add(code)
                records[uid] = record
            (report.replaced if name in before else report.added).append(name)
        elif name in before:
            report.removed.append(name)
            codes.pop(name, None)
    _regenerate(store, final, records, {code: name for name, code in codes.items()})
    ix = whoosh_index.open_dir(str(target))
    writer = ix.writer(timeout=_LOCK_TIMEOUT, limitmb=128, compound=False)
    written: list[dict] = []
    try:
        for name in names:
            writer.delete_by_term("uid", f"@doc:{name}")
            if name in rows:
                writer.add_document(**marker(name, rows[name]["sha256"], codes[name]))
        for uid, holders in final.items():
            if uid in indexed:  # a new text is not looked for: 20,000 lookups were a tenth of a large update
                writer.delete_by_term("uid", uid)
            if holders:
                writer.add_document(holders=" ".join(sorted(holders)), **records[uid])
                written.append(records[uid])
        report.texts = sum(1 for holders in final.values() if holders)
        # A small update is a segment of its own: merging it into the big one rewrites the whole
        # index. The updates' segments are merged into one once there are many (every rebuild
        # merges all).
        if len(reader.leaf_readers()) >= _MAX_SEGMENTS:
            writer.commit(mergetype=_merge_updates)
        else:
            writer.commit(merge=False)
    except BaseException:
        writer.cancel()
        raise
    finally:
        ix.close()
    markers = dict(before)
    for name in names:
        markers.pop(name, None)
        if name in rows:
            markers[name] = rows[name]["sha256"]
    _keep(
        store,
        target,
        derived.save(target, store, markers, (sum(1 for name in names if name in rows) + len(written), written)),
    )
    _forget(target)
    report.seconds = round(time.perf_counter() - started, 3)
    return report


def _holdings(store: Store, target: Path, handle: _Handle) -> dict[str, bytes]:
    """Code -> the index documents it holds: the stored copy when it was read from this index."""
    stored = _stored(store, target, handle.markers)
    if stored is not None and stored.held and stored.generation == handle.reader.generation():
        return stored.held
    return read_holders(handle.reader)[0]


def _regenerate(store: Store, final: dict[str, set[str]], records: dict[str, dict], names: dict[str, str]) -> None:
    """Records of texts whose holders changed but that no changed document holds any more,
    read again from one of the documents that still hold them."""
    missing = {uid for uid, holders in final.items() if holders and uid not in records}
    by_document: dict[str, set[str]] = {}
    for uid in missing:
        by_document.setdefault(names[min(final[uid])], set()).add(uid)
    rows = {row["name"]: row for row in _document_rows(store, by_document)}
    for name, wanted in by_document.items():
        for record in rule_documents(store.conn, rows[name]):
            if record["uid"] in wanted:
                records[record["uid"]] = record


def _usable_handle(target: Path) -> _Handle | None:
    """The open index at ``target`` when it is of this format, else None."""
    handle = _handle(target)
    return handle if handle is not None and handle.format == FORMAT else None


def sync_index(store: Store, progress: Progress | None = None) -> IndexReport | None:
    """Bring the index up to the database: build it, or update the documents that differ."""
    target = index_dir(store)
    handle = _usable_handle(target)
    if handle is None:
        return rebuild_index(store, progress)
    database = dict(database_state(store.conn))
    if handle.markers != database:
        return update_index(store, _stale(handle.markers, database), progress)
    return None


def stale_documents(store: Store) -> set[str] | None:
    """The documents whose indexed sha256 differs from the database's (added, replaced or removed
    since); None when there is no usable index."""
    handle = _usable_handle(index_dir(store))
    if handle is None:
        return None
    return _stale(handle.markers, dict(database_state(store.conn)))


def _stale(markers: dict[str, str], database: dict[str, str]) -> set[str]:
    return {name for name in database.keys() | markers.keys() if database.get(name) != markers.get(name)}


def holder_names(store: Store) -> dict[str, str]:
    """Code -> document name of the index's holders (after :func:`postings`)."""
    handle = _handle(index_dir(store))
    assert handle is not None, "postings() raised IndexMissing when there was no index"
    return {code: name for name, code in handle.codes.items()}


def derived_data(store: Store):
    """The derived data stored with the index (kb.search.derived.Derived), or None."""
    handle = _handle(index_dir(store))
    if handle is None:
        return None
    return _stored(store, index_dir(store), handle.markers)


def _stored(store: Store, folder: Path, markers: dict[str, str]):
    """The derived data stored with the index at ``folder`` for ``markers`` (None when there is none
    of them), read from its file once and kept in the store's derived cache."""
    return kept(store.conn, DERIVED, (str(folder), derived.stamp_of(markers)), lambda: derived.load(folder, markers))


def _keep(store: Store, folder: Path, data):
    """Keep derived data just written, so that the next search does not read it back from the file."""
    kept(store.conn, DERIVED, (str(folder), data.stamp), lambda: data)
    return data


def store_derived(store: Store):
    """Rebuild and store the derived data of an up-to-date index whose stored copy is stale
    (the curated term list was edited); its lexicon, or None without an index to store it in."""
    target = index_dir(store)
    handle = _handle(target)
    if handle is None or handle.markers != dict(database_state(store.conn)):
        return None
    try:
        return _keep(store, target, derived.save(target, store, handle.markers)).lexicon
    except OSError:
        return None


def postings(store: Store) -> Postings:
    """The scored postings of ``store``'s index (cached per thread).

    A search never builds the index (imports, ``build``, ``update`` and ``mtgkb reindex`` do):
    without one, IndexMissing names the command. An index behind the database (documents an
    import did not report) is updated first when its folder can be written, and searched as it
    is otherwise.
    """
    target = index_dir(store)
    if _usable_handle(target) is None:
        holder = writer(Path(store.path)) if has_place(store) else None
        if holder:  # 'mtgkb build' indexes last, after the history
            raise IndexMissing(
                _(
                    "the search index beside {path} is not built yet: an import or build ({holder}) is at work "
                    "on the database; search again when it has finished"
                ).format(path=store.path, holder=holder)
            )
        raise IndexMissing(
            _("there is no search index beside {path}: run 'mtgkb reindex' to build it").format(path=store.path)
        )
    try:
        sync_index(store)
    except OSError:
        pass  # a read-only folder: searched as it is
    handle = _handle(target)
    assert handle is not None, "found usable above, and sync_index only ever replaces it with a new one"
    return handle.postings


def indexed_documents(store: Store) -> dict[str, str]:
    """The documents the index holds, with the sha256 they were indexed at."""
    sync_index(store)
    handle = _handle(index_dir(store))
    assert handle is not None, "sync_index builds the index when there is none"
    return dict(handle.markers)


def _handle(target: Path) -> _Handle | None:
    """The open index at ``target`` for this thread, reopened when it changed; None when there is none.

    Handles are resources of the database file (kb.store.state.DerivedCache.resource), one per
    thread: a whoosh reader is not shared between threads.
    """
    resources, key = _resources(target), threading.get_ident()
    try:
        stat = os.stat(target)
        identity = (stat.st_ino, stat.st_mtime_ns)
    except OSError:
        identity = None
    if identity is None:
        _forget(target)
        return None
    handle = resources.resource(key, lambda: _open_index(target, identity))
    if handle is None or handle.identity == identity:
        return handle  # nothing was added to the folder since it was opened
    if handle.identity[0] == identity[0] and handle.index.latest_generation() == handle.generation:
        handle.identity = identity  # a lock or temporary file came and went
        return handle
    _forget(target)
    return resources.resource(key, lambda: _open_index(target, identity))


def _resources(target: Path) -> DerivedCache:
    """The cache of the database whose index lives at ``target`` (``<db path>.search``)."""
    return cache_for(str(target)[: -len(".search")])


def _open_index(target: Path, identity: tuple) -> _Handle | None:
    try:  # an empty or missing index fails here (whoosh's exists_in would read its contents twice)
        ix = whoosh_index.open_dir(str(target))
        opened = ix.reader()
        markers, codes, version = markers_file.read(opened)
    except Exception:  # an unreadable or foreign index is rebuilt, not trusted
        return None
    return _Handle(ix, opened, opened.generation(), Postings(opened, LANGUAGES), markers, codes, version, identity)


def _forget(target: Path) -> None:
    """Close this thread's reader of the index at ``target``; other threads' readers notice the new
    folder or commit by its identity and are reopened (and closed) by their own thread."""
    handle = _resources(target).drop(threading.get_ident())
    if handle is not None:
        handle.reader.close()


def lexicon(store: Store) -> Lexicon:
    """The term dictionary of ``store``: the one stored with an up-to-date index, else built here.

    Built in this process only when there is no index of the database's state (a fresh
    database, an edited curated list); kept in the store's derived cache per database state
    and term lists.
    """
    return kept(store.conn, LEXICON, sources_stamp(), lambda: _read_lexicon(store))


def _read_lexicon(store: Store) -> Lexicon:
    stored = derived_data(store)
    built = stored.lexicon if stored is not None else store_derived(store)
    return built if built is not None else build_lexicon(store.conn)


def index_status(store: Store) -> str:
    """ "ready" when a search can run on the index as it is; "missing" (none, or of another format) or
    "stale" (older than the database) when a search would first build or update it."""
    handle = _usable_handle(index_dir(store))
    if handle is None:
        return "missing"
    return "ready" if handle.markers == dict(database_state(store.conn)) else "stale"
