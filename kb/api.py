"""The facade every front end uses: the CLI, the HTTP server and Python callers.

    >>> from kb.api import KnowledgeBase
    >>> kb = KnowledgeBase.open()            # the default database, built on first use
    >>> kb.rule("702.26b", lang="ja").text

Every method returns plain dataclasses with ``to_dict()`` for JSON.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

from kb.core import paths
from kb.core.errors import (  # noqa: F401  (re-exported: callers catch them from here)
    AmbiguousName,
    BadInput,
    BadRuleNumber,
    CardNotFound,
    DatabaseError,
    DocumentNotFound,
    EditionNotFound,
    ExampleNotFound,
    HistoryNotBuilt,
    IndexMissing,
    MtgkbError,
    NoDatabase,
    NotFound,
    ReplaceRefused,
    RuleNotFound,
    SourceFileGone,
    TermNotFound,
    TitleMismatch,
    UnknownLanguage,
)
from kb.core.model import Reference, Rule, RuleLink  # noqa: F401
from kb.core.numbers import RuleNumber
from kb.core.paths import shown_source
from kb.core.progress import DOWNLOAD, IMPORT, INDEX, Progress, ProgressCallback
from kb.core.queries import read_query
from kb.i18n import _, format_edition, ngettext
from kb.store import Store, rows
from kb.store.counterparts import rebuild as rebuild_counterparts
from kb.store.documents import (
    carried_editions,
    document_rows,
    edition_documents,
    history_missing,
    not_built,
    primary_language,
)
from kb.store.faults import database_fault as explain_fault
from kb.store.faults import file_fault
from kb.store.inference import stored_inference
from kb.store.lock import writer_lock
from kb.store.titles import fold_title, titled
from kb.store.translations import complete_po

# The facade imports the core and the store above; a feature is imported by the method that uses it,
# since every command, a fresh `mtgkb show` first, loads this module: each such line says what the
# feature would add to that start-up (modules counted with `python -X importtime`).
if TYPE_CHECKING:
    import sqlite_utils

    from kb.core.results import DocumentInfo, GlossaryEntry, ImportResult, References
    from kb.importers.bundle import BundledText
    from kb.scenarios.fuzz import FuzzReport
    from kb.terms.glossary import GlossaryResult

LookupFailed = MtgkbError  # the name callers have caught since the first release

_RESULTS = ("ImportResult", "DocumentInfo", "GlossaryEntry", "References")


def __getattr__(name: str):
    """The facade's other result types, from kb.core.results, on first use."""
    if name in _RESULTS:
        import kb.core.results  # lazy: its dataclasses cost a fresh show 4 ms

        return getattr(kb.core.results, name)
    raise AttributeError(f"module 'kb.api' has no attribute {name!r}")


class KnowledgeBase:
    """One rule database: import into it and look rules up.

    Front ends (CLI, HTTP, reader, MCP) call only these methods; each delegates to the
    store or to one feature, which take the store (never this facade).
    """

    def __init__(self, store: Store):
        self.store = store
        self._db: "sqlite_utils.Database | None" = None

    @property
    def conn(self) -> "sqlite3.Connection":
        return self.store.conn

    @property
    def path(self) -> Path:
        return self.store.path

    @property
    def rule_language(self) -> str | None:
        """The language of rule texts when a call names none; None (the default): the interface
        language where it has the text, else English. The MCP server sets "en", so that an agent's
        answers do not follow the host's locale."""
        return self.store.rule_language

    @rule_language.setter
    def rule_language(self, lang: str | None) -> None:
        self.store.rule_language = lang

    @property
    def db(self):
        """The database as a sqlite_utils.Database, for callers that want its API."""
        if self._db is None:
            from kb.store import database  # lazy: writing: the citation grammar

            self._db = database(self.conn)
        return self._db

    @staticmethod
    def first_build_notice(path: str | Path | None = None) -> str | None:
        """What a front end says on stderr before ``open(path)`` builds the default database (it takes
        seconds); None when opening builds nothing."""
        db_path = paths.default_db_path()
        if path is not None or db_path.exists():
            return None
        return _(
            "Building {path} from the rule texts mtgkb carries: the newest English edition, the translations "
            "and the seeds ('mtgkb build' adds every edition since 1999) ..."
        ).format(path=db_path)

    @classmethod
    def open(
        cls,
        path: str | Path | None = None,
        *,
        readonly: bool = False,
        build: bool = True,
        create: bool = True,
        progress: ProgressCallback | None = None,
        index: bool = True,
    ) -> "KnowledgeBase":
        """Open ``path`` (default: $MTGKB_DB, else the user's data folder).

        The default database is built when it does not exist yet, from the newest English edition,
        the translations and the seeds the package carries (reported to ``progress``; ``build()``
        adds every older edition): their rules in about two seconds, then their search index in about
        ten; ``index=False`` leaves the index to the caller (``update_search_index``), so that a
        lookup answers first. A path given explicitly is opened
        as it is, and created empty only with ``create`` (reading commands pass False: a
        mistyped --db makes no folder or file). ":memory:" opens a private database in memory
        (for tests and one-off scripts).
        """
        db_path = Path(path) if path else paths.default_db_path()
        fresh = str(path) == ":memory:" or not db_path.exists()
        if fresh and (readonly or (path is not None and str(path) != ":memory:" and not create)):
            raise NoDatabase(
                _("no database at {path}: run 'mtgkb --db {path} import FILE' or 'mtgkb build' first").format(
                    path=db_path
                )
            )
        kb = cls(Store.open(db_path, readonly=readonly))
        if fresh and build and path is None:
            kb.build(progress, newest_only=True, index=index)
        return kb

    def close(self) -> None:
        self.store.close()

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
        from kb.importers.limits import Limits  # lazy: the importers

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
        from kb.core.results import ImportResult  # lazy: its dataclasses cost a fresh show 4 ms
        from kb.importers.bundle import BundledText  # lazy: tarfile, lzma
        from kb.importers.references import find_references  # lazy: the importers
        from kb.importers.registry import parse_file, read_source  # lazy: the importers
        from kb.store import digest, document_sha, store_document  # lazy: writing: the citation grammar

        if isinstance(source, BundledText):
            path, data = source.path, source.data
        else:
            path, data = source, read_source(source, limits)
        doc_name = name or path.stem
        if not (format or lang or edition) and document_sha(self.conn, doc_name) == digest(data):
            info = self.document(doc_name)
            return ImportResult(
                str(path),
                doc_name,
                "unchanged",
                info.lang,
                info.edition,
                info.format,
                info.rules,
                info.examples,
                info.glossary,
                info.references,
            )
        document, data = parse_file(
            path, format=format, lang=lang, edition=edition, data=data, limits=limits, citations=citations
        )
        if document.po_entries:
            complete_po(self.conn, document, str(path))
        if document.siblings and not replace_smaller:  # all of a bilingual file's documents, or none
            from kb.store.write import check_replace  # lazy: as the store's writing above

            for sibling in document.siblings:
                check_replace(self.conn, sibling, name=f"{doc_name}.{sibling.lang}", source=str(path))
        try:
            result = store_document(
                self.conn, document, name=doc_name, source=str(path), data=data, replace_smaller=replace_smaller
            )
        except sqlite3.Error as error:
            raise self.database_fault(error) from error
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
            warnings=[w.to_dict() for w in document.warnings],
        )
        for sibling in document.siblings:  # a bilingual file's other language, stored as "name.en"
            sibling_name = f"{doc_name}.{sibling.lang}"
            sibling.references = find_references(sibling, path=str(path))
            try:
                stored = store_document(
                    self.conn, sibling, name=sibling_name, source=str(path), data=data, replace_smaller=replace_smaller
                )
            except sqlite3.Error as error:
                raise self.database_fault(error) from error
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
        from kb.core.results import ImportResult  # lazy: its dataclasses cost a fresh show 4 ms
        from kb.importers.limits import Limits  # lazy: the importers
        from kb.importers.records import NoRules, SourceError  # lazy: the importers

        limits = Limits.resolve(max_bytes, max_rules)
        if format:
            from kb.importers.registry import importer  # lazy: the importers

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
                        )
                    except (SourceError, ReplaceRefused) as error:
                        if not keep_going:
                            raise
                        result = ImportResult(str(shown), shown.stem, "failed", error=str(error))
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
        from kb.cards.load import is_card_file  # lazy: the card importer and urllib, only when importing

        return is_card_file(path)

    def _import_card_file(self, path: Path, progress: ProgressCallback | None = None) -> ImportResult:
        """A card file named to `mtgkb import`, stored as the cards (kb.cards.load); as an import's result."""
        from kb.core.results import ImportResult  # lazy: its dataclasses cost a fresh show 4 ms

        done = self.import_cards(path, progress)
        return ImportResult(str(path), path.stem, done.status, "en", None, done.format, cards=done.cards)

    def import_cards(self, path: str | Path, progress: ProgressCallback | None = None):
        """Store the cards of a Scryfall Oracle Cards or MTGJSON AtomicCards file instead of those held,
        atomically (kb.cards.load.CardImport); SourceError for a bad file, and nothing is changed."""
        from kb.cards.load import import_cards  # lazy: the card importer

        return import_cards(self.store, path, progress)

    def update_cards(
        self,
        *,
        url: str | None = None,
        file: str | Path | None = None,
        progress: ProgressCallback | None = None,
    ):
        """Download Scryfall's Oracle Cards (the file its bulk-data listing names, or ``url``) or read
        ``file``, and store the cards instead of those held (kb.cards.load.CardImport)."""
        from kb.cards.load import update_cards  # lazy: urllib and the card importer

        with self.writing():
            return update_cards(self.store, url=url, file=file, progress=progress)

    def card(self, name: str):
        """The imported card ``name`` names, in any language it is known in, forgivingly (case,
        punctuation, a near spelling), with its rules terms linked (kb.cards.lookup.CardView);
        CardNotFound with suggestions, NoDatabase when no cards were imported."""
        from kb.cards.lookup import find_card  # lazy: the cards feature

        return find_card(self.store, name)

    @staticmethod
    def explain_import(path: str | Path) -> dict:
        """What ``mtgkb import`` would make of a file, stored nowhere: the container and why, the reader
        chosen, and every reader's rule count (or its error) (kb.importers.registry.explain)."""
        from kb.importers.registry import explain, read_source  # lazy: the importers

        detected, candidates = explain(read_source(path), str(path))
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
        if str(self.path) == ":memory:" or self._locked:
            return nullcontext()
        return _Holding(self, writer_lock(self.path, on_wait=on_wait, timeout=timeout))

    _locked = False

    def database_fault(self, error: "sqlite3.Error"):
        """A sqlite3 error of this database as the condition a user reads (kb.store.faults)."""
        return database_fault(error, self.path)

    def update_history(self, progress: ProgressCallback | None = None):
        """Pair the rules of consecutive English editions that are not paired yet; infer undated editions.

        ``progress`` receives the "chain" (edition pairs) and "inference" (documents) events."""
        from kb.history import update_chain  # lazy: the chain, ~20 modules
        from kb.history.overview import update_release_counts  # lazy: the chain, ~20 modules

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
            from kb.terms import rebuild_terms  # lazy: ~16 modules

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
                str(self.database_fault(error))
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
        from kb.repair import pending  # lazy: the chain and the index

        return pending(self.store)

    def repair(self, progress: ProgressCallback | None = None, on_wait: Callable[[str], None] | None = None):
        """Complete the schema and the derived data from the documents (kb.repair.RepairReport)."""
        from kb.repair import repair  # lazy: the chain and the index

        try:
            with self.writing(on_wait):
                return repair(self.store, progress=_phases(progress))
        except sqlite3.Error as error:
            raise self.database_fault(error) from error
        except OSError as error:  # the search index beside the database: a full disk, a read-only folder
            raise file_fault(error, f"{self.path}.search") from error

    def _complete_history(self) -> None:
        """Compute what the chain or an inference lacks before a command reads it (a killed import
        leaves it behind its documents); a read-only database says what to run instead."""
        from kb.repair import history_pending  # lazy: the chain and the index

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
        from kb.importers.bundle import first_answers, read_bundle  # lazy: tarfile, lzma

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
        from kb.core.results import ImportResult  # lazy: its dataclasses cost a fresh show 4 ms
        from kb.store.update import RULES_PAGE, update  # lazy: urllib.request, ~66 modules

        def received(done: int, total: int) -> None:
            assert progress is not None
            progress(Progress(DOWNLOAD, done, max(total, done), "bytes", url or ""))

        result = update(self.store, url=url, page=page or RULES_PAGE, progress=received if progress else None)
        if result.status == "updated":
            self._after_import([ImportResult(result.url, result.name, "added", "en", result.edition)], progress)
        return result

    # ---- documents and editions -------------------------------------------------------------

    def documents(self, lang: str | None = None) -> list[DocumentInfo]:
        """Every stored document (of one language) with its counts; undated ones with their inferred editions."""
        sql = "select * from documents"
        params: list = []
        if lang:
            sql += " where lang = ?"
            params.append(lang)
        sql += " order by lang, edition is null, edition, name"
        found = [_document_info(row) for row in rows(self.conn, sql, params)]
        for info in found:
            if info.edition is None:
                inference = self.inferred_edition(info.name)
                info.inferred = inference.to_dict() if inference else None
        return found

    editions = documents

    def document(self, name: str) -> DocumentInfo:
        """One document by name."""
        found = rows(self.conn, "select * from documents where name = ?", [name])
        if not found:
            raise DocumentNotFound(
                _("no document named {name!r}").format(name=name), [d["name"] for d in self.store.documents()][:10]
            )
        return _document_info(found[0])

    def resolve(self, edition: str | None = None, *, lang: str | None = None) -> dict:
        """The document an edition names (id, name, lang, edition): the one resolver of kb.store.documents."""
        return self.store.resolve(edition, lang=lang)

    def edition_documents(self, edition: str | None, *, langs: list[str] | None = None) -> list[str]:
        """The names of the documents an edition argument names in each language held (or in ``langs``):
        for what reads several languages at once (kb.store.documents.edition_documents)."""
        held = document_rows(self.conn)
        for lang in langs or []:
            self.check_language(lang)
        if langs:
            wanted = {primary_language(lang) for lang in langs}
            held = [d for d in held if primary_language(d["lang"]) in wanted]
        return [d["name"] for d in edition_documents(held, edition)]

    def check_language(self, lang: str | None) -> None:
        """UnknownLanguage when no stored document is in ``lang`` (NoDatabase when none is stored at
        all): for commands that filter by language and would otherwise answer with nothing."""
        if lang:
            self.store.resolve(None, lang=lang)

    # ---- rules --------------------------------------------------------------------------------

    def rule(self, number: str, *, lang: str | None = None, edition: str | None = None) -> Rule:
        """One rule with its examples, family, neighbours and citations; ``number`` may also be a
        rule's title or a glossary term in any language held ("phasing", "フェイジング"; see
        rule_named), or a number with its title ("702.26 Phasing", checked to agree).

        Asked of a partial translation (a PO file a third done) that leaves the rule untranslated,
        the answer is the English rule of its edition, marked ``untranslated``: never an empty
        text, and never silently an older translation's.
        """
        try:
            return self._rule(number, lang=lang, edition=edition)
        except BadRuleNumber as bad:
            return self.rule_named(number, lang=lang, edition=edition, bad=bad)

    def rule_named(
        self, name: str, *, lang: str | None = None, edition: str | None = None, bad: BadRuleNumber | None = None
    ) -> Rule:
        """The rule a title or term names: the exact title first (in the newest document of each
        language, or those ``lang`` and ``edition`` name), then the glossary's forgiving match (its
        entry's "See rule" when it names one rule). Several rules: AmbiguousName with every candidate,
        never a guess; none: BadRuleNumber (``bad``, the number's own complaint) with the glossary's
        nearest terms. "702.26 Trample": the number's rule, when its title agrees (TitleMismatch if not)."""
        numbered = _NUMBER_AND_TITLE.match(name.strip())
        if numbered:
            try:
                rule = self._rule(numbered["number"], lang=lang, edition=edition)
            except BadRuleNumber:
                rule = None
            if rule is not None:
                return self._agreeing(rule, numbered["title"], lang, edition)
        hits = titled(self.store, name, lang=lang, edition=edition)
        first = [hit for hit in hits if hit["lang"] == hits[0]["lang"]] if hits else []
        if len(first) == 1:
            return self._rule(first[0]["number"], lang=first[0]["lang"], edition=first[0]["document"])
        if first:
            raise _ambiguous(name, first)
        return self._glossary_rule(name, lang, edition, bad)

    def _agreeing(self, rule: Rule, title: str, lang: str | None, edition: str | None) -> Rule:
        if fold_title(rule.title or "") == fold_title(title):
            return rule
        named = titled(self.store, title, lang=lang or rule.lang, edition=edition)
        where = (
            _(" ({title!r} is {numbers})").format(title=title, numbers=", ".join(h["number"] for h in named))
            if named
            else ""
        )
        raise TitleMismatch(
            _("{number} is titled {actual!r}, not {title!r}").format(
                number=rule.number, actual=rule.title or "", title=title
            )
            + where,
            [h["number"] for h in named],
        )

    def _glossary_rule(self, name: str, lang: str | None, edition: str | None, bad: BadRuleNumber | None) -> Rule:
        """The rule a glossary entry's "See rule" names, when the entry is found and names one."""
        complaint = str(bad) if bad else _("{text!r} is not a rule number").format(text=name)
        if not any(ch.isalpha() for ch in name):
            raise bad or BadRuleNumber(complaint)
        try:
            found = self.glossary(name, lang=lang)
        except (NotFound, BadInput) as missing:
            raise BadRuleNumber(
                complaint + "; " + _("no rule is titled {name!r} either").format(name=name), missing.suggestions
            ) from None
        # a part of one concept's name answers when it is a whole word of it ("deathtouch" yes, "foo" of "Food" no)
        single = found.matched != "contains" or (
            len(found.concepts) + len(found.more_concepts) == 1
            and set(fold_title(name).split()) <= set(fold_title(found.concepts[0]).split())
        )
        if not found.entries or not single or found.matched == "near":  # a near spelling is a suggestion
            raise BadRuleNumber(
                complaint + "; " + _("no rule is titled {name!r} either").format(name=name),
                [*found.concepts, *found.more_concepts][:10],
            )
        entry = next((e for e in found.entries if lang and e.lang == lang), None) or next(
            (e for e in found.entries if e.rules), found.entries[0]
        )
        rules = list(dict.fromkeys(entry.rules))
        if len(rules) == 1:
            target_lang = lang or entry.lang
            try:
                return self._rule(rules[0], lang=target_lang, edition=edition)
            except NotFound:
                return self._rule(rules[0], lang=entry.lang, edition=entry.document)
        if not rules:
            raise BadRuleNumber(
                complaint + "; " + _("the glossary entry {term!r} names no rule").format(term=entry.term),
                [entry.term],
            )
        candidates = []
        for number in rules:
            try:
                rule = self._rule(number, lang=entry.lang, edition=entry.document)
            except NotFound:
                continue
            candidates.append(
                {"number": rule.number, "title": rule.title, "lang": rule.lang, "document": rule.document}
            )
        raise _ambiguous(name, candidates)

    def _rule(self, number: str, *, lang: str | None = None, edition: str | None = None) -> Rule:
        """One rule by its number (rule() without the names)."""
        english = self.held(lambda: self._untranslated(number, lang, edition))
        if english is not None:
            return english
        rule = self.held(lambda: self.store.rule(number, lang=lang, edition=edition))
        if rule.edition is None:
            for key, value in self._undated_context(rule).items():
                setattr(rule, key, value)
        return rule

    def _untranslated(self, number: str, lang: str | None, edition: str | None) -> Rule | None:
        """The English rule where the best document of ``lang`` is a PO translation leaving ``number`` out."""
        if not lang or lang.lower().startswith("en"):
            return None
        try:
            best = self.store.resolve(edition, lang=lang)
        except (NotFound, BadInput):
            return None
        if best.get("format") != "po":
            return None
        try:
            parsed = read_query(number).target
        except BadInput:
            return None
        if not isinstance(parsed, RuleNumber):
            return None
        row = self.conn.execute("select meta from documents where id = ?", [best["id"]]).fetchone()
        meta = json.loads(row[0]) if row and row[0] else {}
        if str(parsed) not in json.loads(meta.get("untranslated") or "[]"):
            return None
        english_edition = meta.get("english") or best["edition"]
        rule = self.store.rule(number, lang="en", edition=english_edition)
        rule.untranslated = {
            "document": best["name"],
            "lang": best["lang"],
            "edition": best["edition"],
            "note": _("not translated in {document}: the English of {edition}").format(
                document=best["name"], edition=format_edition(rule.edition)
            ),
        }
        return rule

    def rules(self, reference: str, *, lang: str | None = None, edition: str | None = None) -> list[Rule]:
        """A number with its subtree, or a range like "601.2a–h", in document order."""
        return self.held(lambda: self.store.rules(reference, lang=lang, edition=edition))

    def _undated_context(self, rule: Rule) -> dict:
        """For an undated document: its inferred editions and the English rule of the newest one."""
        inference = self.inferred_edition(rule.document)
        if inference is None or not inference.last:
            return {}
        note = _("undated; English pairing uses {edition}").format(edition=inference.last)
        context: dict = {"inferred_edition": {"first": inference.first, "last": inference.last, "note": note}}
        if rule.lang != "en":
            try:
                english = self.store.rule(rule.number, lang="en", edition=inference.last)
            except NotFound:
                return context
            context["english"] = {
                "number": english.number,
                "title": english.title,
                "text": english.text,
                "edition": english.edition,
                "document": english.document,
            }
        return context

    def document_rules(self, name: str) -> Iterator[Rule]:
        """Every rule of one document in document order, each built as it is asked for: a
        whole-document page starts sending before its last rule is made."""
        self.document(name)
        return self.store.document_rules(name)

    def document_table(self, name: str) -> list[tuple[str, str, str | None, str, list[str]]]:
        """(number, kind, title, text, examples) of every rule of one document in document order, from
        two queries: the whole document as a table (Academy Ruins' ``GET /cr``), without the citations
        and neighbours a full Rule carries (3,300 of those take a quarter of a second)."""
        self.document(name)
        examples: dict[int, list[str]] = {}
        for rule_id, text in self.conn.execute(
            "select e.rule_id, e.text from examples e join documents d on d.id = e.document_id "
            "where d.name = ? order by e.rule_id, e.position",
            [name],
        ):
            examples.setdefault(rule_id, []).append(text)
        return [
            (number, kind, title, text or "", examples.get(rule_id, []))
            for rule_id, number, kind, title, text in self.conn.execute(
                "select r.id, r.number, r.kind, r.title, r.text from rules r join documents d "
                "on d.id = r.document_id where d.name = ? order by r.seq",
                [name],
            )
        ]

    def document_glossary(self, name: str) -> list[GlossaryEntry]:
        """The glossary of one document in its printed order."""
        self.document(name)
        return self.store.document_glossary(name)

    def published_file(self, name: str) -> tuple[bytes, str]:
        """The bytes of a document's file as it was imported (the bundled archive's member or the file
        imported), and its charset ("utf-8", "utf-16", "windows-1252"): what ``GET /file/cr`` sends.
        SourceFileGone when the file is gone or its bytes are no longer those imported (SHA-256)."""
        import hashlib  # lazy: only a server sending a file asks

        self.document(name)
        row = self.conn.execute("select source, sha256 from documents where name = ?", [name]).fetchone()
        source, digest = row[0] or "", row[1]
        bundled = Path(source).parts
        data: bytes | None = None
        if len(bundled) > 2 and bundled[0] == "data" and bundled[1] == paths.BUNDLE.name:
            from kb.importers.bundle import read_member  # lazy: tarfile, lzma
            from kb.importers.records import SourceError  # lazy: with the bundle's reader

            try:
                data = read_member("/".join(bundled[2:]))
            except SourceError:
                data = None
        else:
            try:
                data = Path(source).read_bytes()
            except OSError:
                data = None
        if data is None or hashlib.sha256(data).hexdigest() != digest:
            raise SourceFileGone(
                _(
                    "the published file of {name} is no longer at {source}, or changed since it was imported: "
                    "import it again"
                ).format(name=name, source=shown_source(source))
            )
        return data, _charset(data)

    # ---- references ---------------------------------------------------------------------------

    def refs(self, number: str, *, lang: str | None = None, edition: str | None = None) -> References:
        """What a rule cites and what cites it, in one document."""
        from kb.core.results import References  # lazy: its dataclasses cost a fresh show 4 ms

        rule = self.rule(number, lang=lang, edition=edition)
        return References(rule.number, rule.document, rule.lang, rule.edition, rule.cites, rule.cited_by)

    def broken_refs(
        self, *, document: str | None = None, lang: str | None = None, edition: str | None = None
    ) -> list[Reference]:
        """Citations whose target is not in their document, or whose quoted title differs (with the
        actual title); a partial document's citations are checked in its full text (Store.broken_references)."""
        where = "1"
        params: list = []
        if document:
            self.document(document)
            where += " and d.name = ?"
            params.append(document)
        if lang:
            where += " and d.lang = ?"
            params.append(lang)
        if edition:  # through the one resolver: "newest", a date in force, a document name (kb.store.documents)
            self.check_language(lang)
            held = [
                d for d in document_rows(self.conn) if not lang or primary_language(d["lang"]) == primary_language(lang)
            ]
            chosen = [d["id"] for d in edition_documents(held, edition)]
            where += f" and d.id in ({', '.join('?' * len(chosen))})"
            params += chosen
        return self.store.broken_references(where, params)

    # ---- glossary -----------------------------------------------------------------------------

    def glossary(
        self, term: str, *, lang: str | None = None, edition: str | None = None, all_editions: bool = False
    ) -> GlossaryResult:
        """The glossary entries of the concept ``term`` names in any language: per language the newest
        edition's entry (or ``edition``'s, or every edition's with ``all_editions``), found by name, by
        the term dictionary, by a part of a name, else by the nearest spelling ("did you mean");
        what is left out is counted (kb.terms.glossary.GlossaryResult, iterable as its entries)."""
        from kb.terms.glossary import lookup  # lazy: ~16 modules

        if not term.strip():
            raise BadInput(_("empty glossary term"))
        return lookup(self.store, term, lang=lang, edition=edition, all_editions=all_editions)

    # ---- scenarios ----------------------------------------------------------------------------

    def run_scenarios(
        self, paths: list[str] | None = None, *, edition: str | None = None, twins: bool = False, store: bool = True
    ) -> list:
        """Play scenario files on the engine (default: the bundled ones) and store the results per rule."""
        from kb.scenarios import play  # lazy: yaml and the engine, ~56 modules

        results = play(paths, edition=edition, twins=twins)
        if store:
            from kb.scenarios import store_results  # lazy: yaml and the engine, ~56 modules

            store_results(self.conn, results)
            self.store.changed()
        return results

    def scenario_file(self, file: str) -> list:
        """The scenarios of one file as written (name, description, setup, steps); [] if it is gone."""
        from kb.scenarios import scenario_file  # lazy: yaml and the engine, ~56 modules

        return scenario_file(file)

    def scenario_coverage(self) -> dict[str, dict]:
        """Per family (702.26, 702.23, 312, 310, 901): its rules as stored, and those without a scenario.

        A family whose edition is not in the database is checked against the built-in list.
        """
        from kb.scenarios import coverage_report  # lazy: yaml and the engine, ~56 modules

        return coverage_report(self.store)

    def scenario_errors(self) -> list[str]:
        """The problems of the bundled scenario files (bad input), one line each."""
        from kb.scenarios import scenario_errors  # lazy: yaml and the engine, ~56 modules

        return scenario_errors()

    def fuzz_scenarios(self, *, seed: int = 0, games: int = 200, max_steps: int = 24) -> "FuzzReport":
        """Play generated games and check the engine's invariants after every step (docs/engine.md);
        a FuzzReport whose failures carry each shrunk game as a scenario file."""
        from kb.scenarios.fuzz import fuzz  # lazy: yaml and the engine, ~56 modules

        return fuzz(seed=seed, games=games, max_steps=max_steps)

    # ---- history --------------------------------------------------------------------------------

    def diff(self, old: str, new: str, *, section: str | None = None, lang: str | None = None, spans: bool = True):
        """Every rule of two editions (or two documents of one language) classified; see docs/history.md."""
        from kb.history import diff  # lazy: the chain, ~20 modules

        self.whole_history()
        self._complete_history()
        return diff(self.store, old, new, section=section, lang=lang, spans=spans)

    def trace(
        self,
        number: str,
        edition: str | None = None,
        *,
        to: str | None = None,
        back: bool = False,
        subrules: bool = True,
    ):
        """A rule followed through every edition, forwards (to ``to``) or ``back``, subrule by subrule."""
        from kb.history import trace  # lazy: the chain, ~20 modules

        self.whole_history()
        self._complete_history()
        return trace(self.store, number, edition, to=to, back=back, subrules=subrules)

    def renumbered(self, old: str, new: str, *, lang: str | None = None):
        """Every rule whose number changed between two editions."""
        from kb.history import renumbered  # lazy: the chain, ~20 modules

        self.whole_history()
        self._complete_history()
        return renumbered(self.store, old, new, lang=lang)

    def number_map(self, old: str, new: str) -> dict[str, str]:
        """Every rule number of English edition ``old`` -> its number in ``new``, through the chain."""
        from kb.history.mapping import number_map  # lazy: the chain, ~20 modules

        return number_map(self.store, old, new)

    def rule_texts(self, document: str) -> list[tuple[str, str, str | None, str]]:
        """(number, kind, title, text) of every rule of a document, in order, from one query."""
        from kb.history.mapping import rule_texts  # lazy: the chain, ~20 modules

        self.document(document)
        return rule_texts(self.store, document)

    def release_counts(self) -> list:
        """Per release of the English chain, its diff's counts in all and per section (kb.history.overview),
        as stored with the chain: the history overview reads them instead of a diff per release."""
        from kb.history.overview import release_counts  # lazy: the chain, ~20 modules

        return release_counts(self.store)

    def infer_edition(self, document: str, *, save: bool = True):
        """The edition range an undated document matches, with the evidence."""
        from kb.history import infer_edition  # lazy: the chain, ~20 modules

        return infer_edition(self.store, document, save=save)

    def inferred_edition(self, document: str):
        """The stored inference of an undated document, or None."""
        return stored_inference(self.store, document)

    # ---- search -------------------------------------------------------------------------------

    def search(
        self,
        query: str,
        *,
        langs: list[str] | None = None,
        edition: str | None = None,
        section: str | None = None,
        limit: int = 10,
    ):
        """Ranked full-text search in every language; one result per rule (see docs/search.md)."""
        from kb.search.engine import search  # lazy: whoosh, ~180 modules

        return search(self.store, query, langs=langs, edition=edition, section=section, limit=limit)

    def search_index_status(self) -> str:
        """ "ready" when a search can run on the index as it is; "missing" or "stale" when ``search``
        would first build or update it (a read-only server answers 503 instead of building in a request)."""
        from kb.search import index  # lazy: whoosh, ~180 modules
        from kb.search.schema import FORMAT  # lazy: whoosh, ~180 modules
        from kb.store.state import database_state  # lazy: beside the two above, for this status only

        handle = index._handle(index.index_dir(self.store))
        if handle is None or handle.format != FORMAT:
            return "missing"
        return "ready" if handle.markers == dict(database_state(self.conn)) else "stale"

    def search_if_indexed(
        self,
        query: str,
        *,
        langs: list[str] | None = None,
        edition: str | None = None,
        section: str | None = None,
        limit: int = 10,
    ):
        """``search``, but only on an index that is built and current; IndexMissing (503) names the command."""
        status = self.search_index_status()
        if status != "ready":
            why = (
                _("there is no search index beside {path}")
                if status == "missing"
                else _("the search index beside {path} is older than the database")
            )
            raise IndexMissing(
                _("{why}: run 'mtgkb reindex' (the server never builds it in a request)").format(
                    why=why.format(path=self.path)
                )
            )
        return self.search(query, langs=langs, edition=edition, section=section, limit=limit)

    def complete(self, prefix: str, *, lang: str | None = None, limit: int = 10) -> list:
        """Completions of terms and rule titles in any language, best first."""
        from kb.search.complete import complete  # lazy: whoosh, ~180 modules

        return complete(self.store, prefix, lang=lang, limit=limit)

    def update_search_index(self, progress: ProgressCallback | None = None):
        """Build the search index, or bring it up to date with the stored documents; None when it was
        (or when the database is in memory, where no index can live beside it).

        ``progress`` receives "index" events (kb.core.progress)."""
        from kb.search.index import has_place, sync_index  # lazy: whoosh, ~180 modules

        if not has_place(self.store):
            return None
        return _index_phase(progress, lambda step: sync_index(self.store, progress=step))

    def reindex(self, progress: ProgressCallback | None = None):
        """Build the search index again from every stored document; ``progress`` as for update_search_index."""
        from kb.search.index import rebuild_index  # lazy: whoosh, ~180 modules

        try:
            return _index_phase(progress, lambda step: rebuild_index(self.store, progress=step))
        except OSError as error:  # a read-only or full file system: a message, not a traceback
            raise file_fault(error, f"{self.path}.search") from error

    # ---- cross-checks and terms ---------------------------------------------------------------

    def crosscheck(self, a: str, b: str, *, method: str = "auto"):
        """Subrule-by-subrule report of two rules ("de:702.23", "ja@2023-11-17:702.26"); see docs/crosscheck.md."""
        from kb.crosscheck import crosscheck  # lazy: ~47 modules

        return crosscheck(self.conn, a, b, method=method)

    def crosscheck_document(self, document: str, against: str | None = None, *, kinds: tuple[str, ...] | None = None):
        """Whole-document findings of a translation ("ja@2026-01-16") against its original."""
        from kb.crosscheck import FINDINGS, crosscheck_document  # lazy: ~47 modules

        unknown = [kind for kind in kinds or () if kind not in FINDINGS]
        if unknown:
            raise BadInput(
                _("no finding class {kind!r} (expected one of {kinds})").format(
                    kind=unknown[0], kinds=", ".join(FINDINGS)
                ),
                list(FINDINGS),
            )
        return crosscheck_document(self.conn, document, against, kinds or FINDINGS)

    def crosscheck_report(
        self, report, *, format: str = "text", limit: int | None = None, links: str | None = None
    ) -> str:
        """A cross-check result as people read it: text (``limit`` findings per class) or standalone HTML
        whose rule numbers link as ``links`` says (docs/crosscheck.md); format "links" checks ``links`` alone."""
        from kb.crosscheck.model import DocumentCrosscheck  # lazy: ~47 modules

        whole = isinstance(report, DocumentCrosscheck)
        if format in ("html", "links"):
            from kb.crosscheck.render_html import (  # lazy: ~47 modules
                link_template,
                render_document_html,
                render_rule_html,
            )

            try:
                link_template(links)
            except ValueError as error:
                raise BadInput(str(error)) from None
            if format == "links":
                return ""
            return render_document_html(report, links) if whole else render_rule_html(report, links)
        from kb.crosscheck.render_text import render_document, render_rule  # lazy: ~47 modules

        return render_document(report, limit=limit) if whole else render_rule(report)

    def backlog(self, translation: str, *, to: str | None = None, section: str | None = None):
        """What to re-translate in ``translation`` ("ja@2026-01-16") to catch up with the English ``to``
        (default the newest), in the newer edition's order; see docs/backlog.md."""
        from kb.backlog import backlog  # lazy: ~25 modules

        return backlog(self.store, translation, to=to, section=section)

    def backlog_report(self, result, *, format: str = "text"):
        """A backlog as people and tools read it: text, summary (lines), csv, html (str) or po (bytes)."""
        from kb.backlog import render  # lazy: ~25 modules

        if format == "po":
            from kb.backlog.po import write_po  # lazy: ~25 modules

            return write_po(result)
        if format == "summary":
            return "\n".join(render.summary_lines(result)) + "\n"
        writers = {"text": render.render_text, "csv": render.render_csv, "html": render.render_html}
        if format not in writers:
            raise BadInput(
                _("unknown format {name!r}: expected one of {formats}").format(
                    name=format, formats="text, summary, csv, html, po"
                )
            )
        return writers[format](result)

    def term(self, query: str, *, lang: str | None = None) -> list:
        """A CR term in every language, with where each pairing came from."""
        from kb.terms import dictionary  # lazy: ~16 modules

        return dictionary(self.conn).lookup(query, lang)

    def term_suggestions(self, query: str) -> list[str]:
        """Near spellings of a term the dictionary does not hold."""
        from kb.terms import dictionary  # lazy: ~16 modules

        return dictionary(self.conn).suggest(query)

    def check(self, text: str, *, since: str, until: str | None = None, lang: str | None = None) -> list:
        """The citations of a text written against edition ``since``, re-validated against ``until``."""
        from kb.citing.check import check  # lazy: ~30 modules

        return check(self.store, text, since=since, until=until, lang=lang)

    def fix_citations(self, text: str, checked: list) -> tuple[str, list[dict]]:
        """The text with moved numbers updated (from ``check``), and the changes made."""
        from kb.citing.check import fix  # lazy: ~30 modules

        return fix(text, checked)

    # ---- citations ----------------------------------------------------------------------------

    def cite(self, text: str, *, lang: str | None = None, edition: str | None = None) -> list:
        """Every citation in free text, resolved (see kb.citing.cite.ResolvedCitation)."""
        from kb.citing.cite import cite  # lazy: ~30 modules

        return cite(self.store, text, lang=lang, edition=edition)

    def cite_cards(self, text: str):
        """The cards free text names, each with its rules terms and their rules (kb.citing.cards):
        `cite` reports them beside the citations. Nothing without imported cards."""
        from kb.citing.cards import cards_in_text  # lazy: only where a text is cited

        return cards_in_text(self.store, text)

    # ---- helpers ----------------------------------------------------------------------------------

    # ---- history on demand ----------------------------------------------------------------------

    # Set by a front end that may build what a question needs (the CLI; not a server, which must not
    # build in a request): called with a notice, it gives the progress view the build reports to.
    on_demand: Callable[[str], AbstractContextManager[ProgressCallback | None]] | None = None
    # True once an edition was added on demand without its search index: the front end brings the
    # index up to date (update_search_index) after it has answered.
    index_after = False

    def held(self, call: Callable):
        """``call()``; where it needs an edition the package carries and this database lacks (the
        small database), that edition is imported first when this facade builds on demand, else the
        HistoryNotBuilt condition says what is held and what adds the rest."""
        try:
            return call()
        except HistoryNotBuilt as missing:
            if not self.add_history(missing):
                raise
            return call()

    def history_missing(self) -> list[str]:
        """The English editions (dates) the package carries that this database, built from it, lacks."""
        return history_missing(self.store.documents())

    def whole_history(self) -> None:
        """Before a trace, a diff or a rule's history: every English edition the package carries, built
        here on demand, else HistoryNotBuilt (a small database would give a false history)."""
        if not self.history_missing():
            return
        missing = not_built(self.store.documents())
        if not self.add_history(missing):
            raise missing

    def add_history(self, missing: HistoryNotBuilt) -> bool:
        """Import what ``missing`` names, reported to the front end's progress: the one English edition
        an answer needs (its pairing with the editions beside it follows, a second or two), or every
        edition (``mtgkb build``, about a minute and a half). False where nothing may be built."""
        if self.on_demand is None or self.store.readonly:
            return False
        if missing.edition:
            notice = _(
                "Adding the CR of {edition} from the rule texts mtgkb carries ('mtgkb build' adds every edition) ..."
            ).format(edition=missing.edition)
        else:
            notice = _(
                "Adding every edition since 1999 and their history ('mtgkb build'; about a minute and a half) ..."
            )
        with self.on_demand(notice) as progress:
            if not missing.edition:
                self.build(progress)
                return True
            from kb.importers.bundle import read_bundle  # lazy: tarfile, lzma

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
            indexed = self.search_index_status() != "missing"
            self.import_paths(texts, progress=progress, keep_going=False, index=False)
            self.index_after = indexed
        self.store.changed()
        return True

    def rule_text(self, document: str, number: str) -> str | None:
        """The text of one rule of one document (its title where it has no text; the first where the
        document prints the number twice), None where the document lacks it. One indexed query: an
        answer quoting a rule in many editions (Academy Ruins' trace) reads just that, where rule()
        would load the lookups every edition shares (a second, measured by bench/bench_academy_full.py)."""
        row = self.conn.execute(
            "select r.text, r.title from rules r join documents d on d.id = r.document_id "
            "where d.name = ? and r.number = ? order by r.seq limit 1",
            [document, number],
        ).fetchone()
        return None if row is None else row[0] or row[1] or ""


# "702.26 Phasing", "702.26, “Phasing”", "rule 702.26 Phasing": a number, then its title.
_NUMBER_AND_TITLE = re.compile(r"^(?P<number>(?:[^\W\d]+\s+)?\d{1,3}(?:\.\d+[a-z]?)?)[\s,:.]+(?P<title>\D+)$")


def _ambiguous(name: str, candidates: list[dict]) -> AmbiguousName:
    """Several rules for one name: the list with numbers, the first twenty in the message."""
    shown = [f"{c['number']} {c['title'] or ''}".strip() for c in candidates]
    head = ngettext("{name!r} names {n} rule: {rules}", "{name!r} names {n} rules: {rules}", len(shown)).format(
        name=name, n=len(shown), rules="; ".join(shown[:20])
    )
    if len(shown) > 20:
        head += " " + _("(and {n} more)").format(n=len(shown) - 20)
    return AmbiguousName(head, [c["number"] for c in candidates], candidates)


def database_fault(error: "sqlite3.Error", path: str | Path | None = None):
    """A sqlite3 error that reached a front end, as the DatabaseError naming the database (default: the default one)."""
    return explain_fault(error, path or paths.default_db_path())


def expand_sources(sources: Iterable[str | Path | BundledText]) -> list[Path | BundledText]:
    """Files as given; folders as the rule texts below them, sorted; a bundled text as it is."""
    found: list[Path | BundledText] = []
    for source in sources:
        if not isinstance(source, (str, Path)):
            found.append(source)
            continue
        path = Path(source)
        if path.is_dir():
            found.extend(
                sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in paths.SOURCE_SUFFIXES)
            )
        else:
            found.append(path)
    return found


def _charset(data: bytes) -> str:
    """The charset of a published text by its BOM, else UTF-8 when it decodes so, else Windows-1252
    (the encodings of the official files, see kb.importers.decode)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return "windows-1252"
    return "utf-8"


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

    def __init__(self, kb: KnowledgeBase, lock):
        self.kb, self.lock = kb, lock

    def __enter__(self):
        self.lock.__enter__()
        self.kb._locked = True
        return self

    def __exit__(self, *exc):
        self.kb._locked = False
        return self.lock.__exit__(*exc)


def _document_info(row: dict) -> DocumentInfo:
    from kb.core.results import DocumentInfo  # lazy: its dataclasses cost a fresh show 4 ms

    return DocumentInfo(
        name=row["name"],
        lang=row["lang"],
        edition=row["edition"],
        edition_evidence=row["edition_evidence"],
        format=row["format"],
        title=row["title"],
        source=shown_source(row["source"]),
        rules=row["rules"] or 0,
        examples=row["examples"] or 0,
        glossary=row["glossary"] or 0,
        references=row["references"] or 0,
        size=row["size"] or 0,
        imported_at=row["imported_at"],
        meta=json.loads(row["meta"]) if row["meta"] else {},
    )
