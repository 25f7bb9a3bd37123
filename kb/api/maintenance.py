"""The write side of a database: import, build, update, repair, reindex, and what follows every write.

    >>> from kb.api import KnowledgeBase
    >>> from kb.api.maintenance import Maintenance
    >>> kb = KnowledgeBase.open("rules.db")
    >>> Maintenance(kb).import_paths(["../shared/corpus/en/full"])

A Maintenance writes into the database its KnowledgeBase reads: the two share one store, so what is
imported answers at once. Writes of one database queue behind its writer lock (kb.store.lock), taken once
per facade however the writes nest; after documents change, the renumbering chain, the edition inference,
the term dictionary and the search index follow (the derived-data lifecycle), and a fault there leaves the
documents stored and says what to run.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

from kb.api.protocols import ReadFacade
from kb.cards.load import import_cards as store_cards
from kb.cards.load import is_card_file
from kb.cards.load import update_cards as download_cards
from kb.core.errors import DatabaseError, HistoryNotBuilt, IndexMissing, ReplaceRefused
from kb.core.progress import DOWNLOAD, IMPORT, INDEX, Progress, ProgressCallback
from kb.core.results import ImportResult
from kb.history import update_chain
from kb.history.overview import update_release_counts
from kb.i18n import _, ngettext
from kb.importers.bundle import BundledText, first_answers, read_bundle
from kb.importers.limits import Limits
from kb.importers.records import NoRules, SourceError
from kb.importers.references import find_references
from kb.importers.registry import SUFFIXES as SOURCE_SUFFIXES
from kb.importers.registry import explain, importer, parse_file, read_source
from kb.repair import history_pending
from kb.repair import pending as derived_pending
from kb.repair import repair as complete_database
from kb.scenarios import play, store_results
from kb.search.index import has_place, rebuild_index, sync_index
from kb.store.counterparts import rebuild as rebuild_counterparts
from kb.store.documents import carried_editions
from kb.store.faults import database_fault, file_fault
from kb.store.lock import writer_lock
from kb.store.translations import complete_po
from kb.store.update import RULES_PAGE
from kb.store.update import update as store_newest
from kb.store.write import check_replace, digest, document_sha, store_document
from kb.terms import rebuild_terms


class Maintenance:
    """What changes one database, over the facade ``kb`` that reads it (the CLI's import, build, update,
    repair, reindex and card commands; the read facade itself when it builds on demand)."""

    def __init__(self, kb: ReadFacade):
        self.kb = kb
        self.store = kb.store

    @property
    def conn(self) -> sqlite3.Connection:
        return self.store.conn

    @property
    def path(self) -> Path:
        return self.store.path

    # ---- importing ----------------------------------------------------------------------------

    def import_file(
        self,
        path: str | Path,
        *,
        format: str | None = None,
        lang: str | None = None,
        edition: str | None = None,
        name: str | None = None,
        update_history: bool = True,
        replace_smaller: bool = False,
        max_bytes: int | None = None,
        max_rules: int | None = None,
        on_wait: Callable[[str], None] | None = None,
    ) -> ImportResult:
        """Parse and store one file; raises SourceError (or ReplaceRefused) and stores nothing when it is bad.

        Afterwards the renumbering chain (and what depends on it) is brought up to date. Imports
        of one database queue: ``on_wait`` hears when another one holds it.
        """
        siblings: list[ImportResult] = []
        with self.writing(on_wait):
            result = self._import_one(
                Path(path),
                format=format,
                lang=lang,
                edition=edition,
                name=name,
                replace_smaller=replace_smaller,
                limits=Limits.resolve(max_bytes, max_rules),
                siblings=siblings,
            )
            if update_history:
                self._after_import([result, *siblings])
        return result

    def _import_one(
        self,
        source: "Path | BundledText",
        *,
        format,
        lang,
        edition,
        name=None,
        replace_smaller=False,
        limits=None,
        citations: dict | None = None,
        siblings: list | None = None,
    ) -> ImportResult:
        """One file stored; a bilingual file's other languages are stored too, their results added to ``siblings``."""
        if isinstance(source, BundledText):
            path, data = source.path, source.data
        else:
            path, data = source, read_source(source, limits)
        doc_name = name or path.stem
        if (
            isinstance(source, BundledText)
            and not (format or lang or edition)
            and document_sha(self.conn, doc_name) == digest(data)
        ):
            # The package's own texts, stored from these bytes: passed over, so that building again costs
            # seconds. A file named by the user is read again (below): its reader may have improved since,
            # and what it reads now, not its bytes, decides whether the stored document is replaced.
            same = self.conn.execute(
                "select name from documents where sha256 = ? and substr(name, 1, ?) = ? order by name",
                [digest(data), len(doc_name) + 1, doc_name + "."],
            ).fetchall()
            unchanged = [self._unchanged(path, name) for (name,) in same]  # a bilingual text's other documents
            if siblings is not None:
                siblings.extend(unchanged)
            return self._unchanged(path, doc_name)
        document, data = parse_file(
            path, format=format, lang=lang, edition=edition, data=data, limits=limits, citations=citations
        )
        if document.po_entries:
            complete_po(self.conn, document, str(path))
        if document.siblings and not replace_smaller:  # all of a bilingual file's documents, or none
            for sibling in document.siblings:
                check_replace(self.conn, sibling, name=f"{doc_name}.{sibling.lang}", source=str(path))
        try:
            result = store_document(
                self.conn, document, name=doc_name, source=str(path), data=data, replace_smaller=replace_smaller
            )
        except sqlite3.Error as error:
            raise database_fault(error, self.path) from error
        self.store.changed()
        main = ImportResult(
            str(path),
            doc_name,
            result.status,
            document.lang,
            document.edition,
            document.format,
            result.rules,
            result.examples,
            result.glossary,
            result.references,
            # said when the document was stored: an unchanged one reports none, as when its bytes were not read
            warnings=[] if result.status == "unchanged" else [w.to_dict() for w in document.warnings],
        )
        for sibling in document.siblings:  # a bilingual file's other language, stored as "name.en"
            sibling_name = f"{doc_name}.{sibling.lang}"
            sibling.references = find_references(sibling, path=str(path))
            try:
                stored = store_document(
                    self.conn, sibling, name=sibling_name, source=str(path), data=data, replace_smaller=replace_smaller
                )
            except sqlite3.Error as error:
                raise database_fault(error, self.path) from error
            self.store.changed()
            if siblings is not None:
                siblings.append(
                    ImportResult(
                        str(path),
                        sibling_name,
                        stored.status,
                        sibling.lang,
                        sibling.edition,
                        sibling.format,
                        stored.rules,
                        stored.examples,
                        stored.glossary,
                        stored.references,
                    )
                )
        return main

    def _unchanged(self, path: Path, name: str) -> ImportResult:
        """The result of a file stored before as ``name`` from the same bytes."""
        info = self.kb.document(name)
        return ImportResult(
            str(path),
            name,
            "unchanged",
            info.lang,
            info.edition,
            info.format,
            info.rules,
            info.examples,
            info.glossary,
            info.references,
        )

    def import_paths(
        self,
        sources: Iterable[str | Path | BundledText],
        *,
        format: str | None = None,
        lang: str | None = None,
        edition: str | None = None,
        progress: ProgressCallback | None = None,
        keep_going: bool = True,
        update_history: bool = True,
        replace_smaller: bool = False,
        max_bytes: int | None = None,
        max_rules: int | None = None,
        on_wait: Callable[[str], None] | None = None,
        index: bool = True,
    ) -> list[ImportResult]:
        """Import files and folders (their rule texts, recursively); each file is atomic.

        A file that would replace a stored document by much less of it fails (ReplaceRefused)
        unless ``replace_smaller``. The renumbering chain is updated once, after the last file;
        imports of one database queue (``on_wait`` hears when another one holds it). ``progress``
        receives kb.core.progress events: the import by bytes (one event as each file starts, one
        with its result as it ends), then the chain, edition inference and the search index.
        """
        limits = Limits.resolve(max_bytes, max_rules)
        if format:
            importer(format)  # an unknown --format is bad input before any file is read
        files = expand_sources(sources)
        named = {_path(s) for s in sources if not _path(s).is_dir()}
        sizes = [_size(path) for path in files]
        total, done, rules = sum(sizes), 0, 0
        results: list[ImportResult] = []
        citations: dict = {}  # the files' texts repeat each other: each is read for citations once
        with self.writing(on_wait):
            try:
                for position, (path, size) in enumerate(zip(files, sizes)):
                    shown = _path(path)
                    if progress:
                        progress(Progress(IMPORT, done, total, "bytes", str(shown), None, position, rules, len(files)))
                    siblings: list[ImportResult] = []
                    try:
                        if format is None and isinstance(path, Path) and self._card_file(path):
                            result = self._import_card_file(path, progress)
                        else:
                            result = self._import_one(
                                path,
                                format=format,
                                lang=lang,
                                edition=edition,
                                replace_smaller=replace_smaller,
                                limits=limits,
                                citations=citations,
                                siblings=siblings,
                            )
                    except NoRules as error:
                        # A file inside a folder that holds no rules (a header, a glossary-less page) is
                        # passed over with its reason; a file named on its own must be a rule text.
                        given = shown in named
                        if given and not keep_going:
                            raise
                        result = ImportResult(
                            str(shown),
                            shown.stem,
                            "failed" if given else "skipped",
                            error=str(error) if given else error.message,
                            file=error.path,
                            line=error.line,
                        )
                    except SourceError as error:
                        if not keep_going:
                            raise
                        result = ImportResult(
                            str(shown), shown.stem, "failed", error=str(error), file=error.path, line=error.line
                        )
                    except ReplaceRefused as error:  # the whole file's fault: no line
                        if not keep_going:
                            raise
                        result = ImportResult(str(shown), shown.stem, "failed", error=str(error), file=str(shown))
                    results.append(result)
                    results.extend(siblings)
                    done, rules = done + size, rules + result.rules + sum(r.rules for r in siblings)
                    if progress:
                        for each in (result, *siblings):  # a bilingual file's documents, each with its line
                            progress(
                                Progress(
                                    IMPORT, done, total, "bytes", str(shown), each, position + 1, rules, len(files)
                                )
                            )
            except KeyboardInterrupt:
                # The user asked to stop now: the files stored stay stored, and the derived data (a minute
                # for a hundred editions) is left to `mtgkb repair` or the next command that needs it.
                raise
            except BaseException:
                if update_history:
                    self._after_import(results, quiet=True)  # what was stored before the fault
                raise
            if update_history:
                self._after_import(results, progress, index=index)
        return results

    # ---- cards (docs/cards.md) -------------------------------------------------------------------

    def _card_file(self, path: Path) -> bool:
        """Whether a file is a card file, by its first 64 KB (whatever its name)."""
        return is_card_file(path)

    def _import_card_file(self, path: Path, progress: ProgressCallback | None = None) -> ImportResult:
        """A card file named to `mtgkb import`, stored as the cards (kb.cards.load); as an import's result."""
        done = self.import_cards(path, progress)
        return ImportResult(str(path), path.stem, done.status, "en", None, done.format, cards=done.cards)

    def import_cards(self, path: str | Path, progress: ProgressCallback | None = None):
        """Store the cards of a Scryfall Oracle Cards or MTGJSON AtomicCards file instead of those held,
        atomically (kb.cards.load.CardImport); SourceError for a bad file, and nothing is changed."""
        return store_cards(self.store, path, progress)

    def update_cards(
        self,
        *,
        url: str | None = None,
        file: str | Path | None = None,
        progress: ProgressCallback | None = None,
    ):
        """Download Scryfall's Oracle Cards (the file its bulk-data listing names, or ``url``) or read
        ``file``, and store the cards instead of those held (kb.cards.load.CardImport)."""
        with self.writing():
            return download_cards(self.store, url=url, file=file, progress=progress)

    @staticmethod
    def explain_import(path: str | Path, *, lang: str | None = None, edition: str | None = None) -> dict:
        """What ``mtgkb import`` would make of a file, stored nowhere: the container and why, the reader
        chosen, and every reader's rule count (or its error) (kb.importers.registry.explain), read with
        the ``lang`` and ``edition`` the import would be given."""
        detected, candidates = explain(read_source(path), str(path), lang=lang, edition=edition)
        return {
            "path": str(path),
            **detected,
            "candidates": [
                {
                    "format": c.format,
                    "claims": c.claims,
                    "rules": c.rules,
                    "languages": c.languages,
                    "error": c.error,
                    "summary": c.summary(),
                }
                for c in candidates
            ],
        }

    def writing(self, on_wait: Callable[[str], None] | None = None, timeout: float | None = None):
        """The database's writer lock (kb.store.lock): imports and repairs queue, one at a time
        (``timeout`` seconds at most, default $MTGKB_LOCK_TIMEOUT)."""
        if str(self.path) == ":memory:" or self.kb.writer_held:
            return nullcontext()
        return _Holding(self.kb, writer_lock(self.path, on_wait=on_wait, timeout=timeout))

    def update_history(self, progress: ProgressCallback | None = None):
        """Pair the rules of consecutive English editions that are not paired yet; infer undated editions.

        ``progress`` receives the "chain" (edition pairs) and "inference" (documents) events."""
        with self.writing():
            update = update_chain(self.store, progress=_phases(progress))
            rebuild_counterparts(self.conn)  # every rule's identity follows the chain just stored
            update_release_counts(self.store)  # the history overview's counts follow the chain
        self.store.changed()
        return update

    def _after_import(
        self,
        results: list[ImportResult],
        progress: ProgressCallback | None = None,
        *,
        quiet: bool = False,
        index: bool = True,
    ) -> None:
        """The chain, inferences and search index after documents changed; a fault here leaves the
        documents stored and says what to run (``quiet``: after another fault, which is the one reported).
        ``index=False`` leaves the search index to the caller (a build indexes once, after its last phase)."""
        changed = [r.name for r in results if r.status in ("added", "replaced") and r.cards is None]
        if not changed:
            return
        with self._deriving(len(changed), quiet):
            self.update_history(progress)

            # The term dictionary is mined now, so a read-only server (which cannot store it) finds a
            # glossary entry by its name in another language without mining per process.
            rebuild_terms(self.conn)
            if index:
                # The search index is part of the database's life: built with its first documents and kept
                # current by imports, so no search (and no read-only server) ever waits for it.
                self.update_search_index(progress)

    @contextmanager
    def _deriving(self, changed: int, quiet: bool = False) -> Iterator[None]:
        """Faults of the derived data after ``changed`` documents were stored, as a DatabaseError that
        says what to run (``quiet``: swallowed, after another fault which is the one reported)."""
        try:
            yield
        except (sqlite3.Error, OSError, DatabaseError) as error:
            if quiet:
                return
            reason = (
                str(database_fault(error, self.path))
                if isinstance(error, sqlite3.Error)
                else str(error.strerror if isinstance(error, OSError) and error.strerror else error)
            )
            raise DatabaseError(
                ngettext(
                    "{n} document was stored, but its derived data (renumbering chain, search index) could not be "
                    "updated: {reason}. Run 'mtgkb --db {path} repair' to complete it",
                    "{n} documents were stored, but their derived data (renumbering chain, search index) could not "
                    "be updated: {reason}. Run 'mtgkb --db {path} repair' to complete it",
                    changed,
                ).format(n=changed, reason=reason, path=self.path)
            ) from error

    # ---- derived data -------------------------------------------------------------------------

    def pending(self):
        """What the derived data (chain, inferences, search index) lacks now (kb.repair.Pending)."""
        return derived_pending(self.store)

    def repair(self, progress: ProgressCallback | None = None, on_wait: Callable[[str], None] | None = None):
        """Complete the schema and the derived data from the documents (kb.repair.RepairReport)."""
        try:
            with self.writing(on_wait):
                return complete_database(self.store, progress=_phases(progress))
        except sqlite3.Error as error:
            raise database_fault(error, self.path) from error
        except OSError as error:  # the search index beside the database: a full disk, a read-only folder
            raise file_fault(error, f"{self.path}.search") from error

    def complete_history(self) -> None:
        """Compute what the chain or an inference lacks before a command reads it (a killed import
        leaves it behind its documents); a read-only database says what to run instead."""
        if not history_pending(self.store):
            return
        try:
            with self.writing(timeout=0):
                self.update_history()
        except DatabaseError:
            return  # an import holds the database and will complete the chain itself: read what is there
        except sqlite3.Error as error:
            raise IndexMissing(
                _(
                    "the renumbering chain of {path} is incomplete and cannot be completed here "
                    "({reason}): run 'mtgkb --db {path} repair' where it can be written"
                ).format(path=self.path, reason=error)
            ) from error

    def build(
        self,
        progress: ProgressCallback | None = None,
        *,
        newest_only: bool = False,
        ready: Callable[[list[ImportResult]], None] | None = None,
        index: bool = True,
    ) -> list[ImportResult]:
        """Import the rule texts the package carries (data/rules.tar.xz) and play the bundled scenarios.

        First the newest English edition, the newest translations and the seeds, stored with their derived
        data, so that they answer (in this process or any other) while the rest goes on; ``ready``
        hears of them then. Then every older English edition and translation, the renumbering chain through all of
        them and the edition inference of undated documents; ``newest_only`` stops before that.
        The search index comes last, built once over every document (``index=False``: left to the caller).
        What is stored already is passed over as unchanged, so building again costs seconds.
        """
        first, older = first_answers(read_bundle())
        # Lookups (show, glossary, cite) need no index: the first documents answer in two seconds, where
        # indexing them first took ten, and a whole build indexed them twice.
        results = self.import_paths(first, progress=progress, keep_going=False, index=False)
        self.run_scenarios()
        if ready:
            ready(results)
        if not newest_only:
            results += self.import_paths(older, progress=progress, keep_going=False, index=False)
        if index:
            with self.writing(), self._deriving(sum(r.status in ("added", "replaced") for r in results)):
                self.update_search_index(progress)
        return results

    def update(self, *, url: str | None = None, page: str | None = None, progress: ProgressCallback | None = None):
        """Download the current Comprehensive Rules (the TXT the official rules page links, or ``url``)
        and store it when it is newer than every official English edition held; then the chain and
        the search index follow, as after an import. Returns kb.store.update.UpdateResult; nothing is
        changed when the page or file cannot be had (SourceUnavailable) or does not parse (BadInputFile).
        ``progress`` receives "download" events (bytes), then those of the chain and the index."""

        def received(done: int, total: int) -> None:
            assert progress is not None
            progress(Progress(DOWNLOAD, done, max(total, done), "bytes", url or ""))

        result = store_newest(self.store, url=url, page=page or RULES_PAGE, progress=received if progress else None)
        if result.status == "updated":
            self._after_import([ImportResult(result.url, result.name, "added", "en", result.edition)], progress)
        return result

    def run_scenarios(
        self, paths: list[str] | None = None, *, edition: str | None = None, twins: bool = False, store: bool = True
    ) -> list:
        """Play scenario files on the engine (default: the bundled ones) and store the results per rule."""
        results = play(paths, edition=edition, twins=twins)
        if store:
            store_results(self.conn, results)
            self.store.changed()
        return results

    def update_search_index(self, progress: ProgressCallback | None = None):
        """Build the search index, or bring it up to date with the stored documents; None when it was
        (or when the database is in memory, where no index can live beside it).

        ``progress`` receives "index" events (kb.core.progress)."""
        if not has_place(self.store):
            return None
        return _index_phase(progress, lambda step: sync_index(self.store, progress=step))

    def reindex(self, progress: ProgressCallback | None = None):
        """Build the search index again from every stored document; ``progress`` as for update_search_index."""
        try:
            return _index_phase(progress, lambda step: rebuild_index(self.store, progress=step))
        except OSError as error:  # a read-only or full file system: a message, not a traceback
            raise file_fault(error, f"{self.path}.search") from error

    def add_history(self, missing: HistoryNotBuilt) -> bool:
        """Import what ``missing`` names, reported to the front end's progress: the one English edition
        an answer needs (its pairing with the editions beside it follows, a second or two), or every
        edition (``mtgkb build``, about a minute and a half). False where nothing may be built."""
        if self.kb.on_demand is None or self.store.readonly:
            return False
        if missing.edition:
            notice = _(
                "Adding the CR of {edition} from the rule texts mtgkb carries ('mtgkb build' adds every edition) ..."
            ).format(edition=missing.edition)
        else:
            notice = _(
                "Adding every edition since 1999 and their history ('mtgkb build'; about a minute and a half) ..."
            )
        with self.kb.on_demand(notice) as progress:
            if not missing.edition:
                self.build(progress)
                return True

            wanted = {sha for when, sha in carried_editions() if when == missing.edition}
            texts = [
                text
                for text in read_bundle()
                if text.english_edition and hashlib.sha256(text.data).hexdigest() in wanted
            ]
            if not texts:
                return False
            # The answer comes first: an index already built is brought up to date after it (index_after),
            # by the front end; a database without one builds it at its first search, as before.
            indexed = self.kb.search_index_status() != "missing"
            self.import_paths(texts, progress=progress, keep_going=False, index=False)
            self.kb.index_after = indexed
        self.store.changed()
        return True


# "702.26 Phasing", "702.26, “Phasing”", "rule 702.26 Phasing": a number, then its title.


def expand_sources(sources: Iterable[str | Path | BundledText]) -> list[Path | BundledText]:
    """Files as given; folders as the rule texts below them (the endings the readers read,
    kb.importers.registry.SUFFIXES), sorted; a bundled text as it is."""
    found: list[Path | BundledText] = []
    for source in sources:
        if not isinstance(source, (str, Path)):
            found.append(source)
            continue
        path = Path(source)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SOURCE_SUFFIXES))
        else:
            found.append(path)
    return found


def _path(source: str | Path | BundledText) -> Path:
    """A source's name as a path (a bundled text's is ``data/rules.tar.xz/<member>``)."""
    return Path(source) if isinstance(source, (str, Path)) else source.path


def _size(source: Path | BundledText) -> int:
    """A file's size for the import's progress; 0 for one that cannot be read (its import says why)."""
    if not isinstance(source, Path):
        return len(source.data)
    try:
        return source.stat().st_size
    except OSError:
        return 0


def _phases(progress: ProgressCallback | None):
    """The chain update's (phase, done, total, item) calls as Progress events: "chain" counts
    edition pairs, "inference" documents."""
    if progress is None:
        return None

    def phase(name: str, done: int, total: int, item: str) -> None:
        progress(Progress(name, done, total, "pairs" if name == "chain" else "documents", item))

    return phase


def _index_phase(progress: ProgressCallback | None, run: Callable):
    """Run an index build or update as one "index" phase of events: the index's own (stage, done,
    total) steps between a first and a last event, which a small update (no steps) gets too."""
    if progress is None:
        return run(None)

    last = Progress(INDEX, 0, 1, "steps")
    progress(last)

    def step(stage: str, done: int, total: int) -> None:
        nonlocal last
        last = Progress(INDEX, done, total, "steps", stage)
        progress(last)

    result = run(step)
    if not last.finished:
        progress(Progress(INDEX, last.total, last.total, "steps"))
    return result


class _Holding:
    """The writer lock held by one KnowledgeBase: nested writes (an import's history update) take it once."""

    def __init__(self, kb: ReadFacade, lock):
        self.kb, self.lock = kb, lock

    def __enter__(self):
        self.lock.__enter__()
        self.kb.writer_held = True
        return self

    def __exit__(self, *exc):
        self.kb.writer_held = False
        return self.lock.__exit__(*exc)
