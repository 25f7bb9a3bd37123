"""The facade every front end uses: the CLI, the HTTP server and Python callers.

    >>> from kb.api import KnowledgeBase
    >>> kb = KnowledgeBase.open()            # the default database, built on first use
    >>> kb.rule("702.26b", lang="ja").text

Every method returns plain dataclasses with ``to_dict()`` for JSON.
"""

from __future__ import annotations

import json
from pathlib import Path

from kb.core import paths
from kb.core.editions import normalise_edition
from kb.core.errors import (  # noqa: F401  (re-exported: callers catch them from here)
    BadInput, BadRuleNumber, DocumentNotFound, EditionNotFound, MtgkbError, NoDatabase, NotFound, RuleNotFound,
    TermNotFound, UnknownLanguage,
)
from kb.core.model import Reference, Rule, RuleLink  # noqa: F401
from kb.i18n import _
from kb.store import Store

TYPE_CHECKING = False  # typing itself is not imported: a fresh `mtgkb show` starts here
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable, Iterable, Iterator

    import sqlite_utils

    from kb.core.results import DocumentInfo, GlossaryEntry, ImportResult, References

LookupFailed = MtgkbError  # the name callers have caught since the first release

_RESULTS = ("ImportResult", "DocumentInfo", "GlossaryEntry", "References")


def __getattr__(name: str):
    """The facade's other result types, from kb.core.results, on first use."""
    if name in _RESULTS:
        import kb.core.results

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
    def db(self):
        """The database as a sqlite_utils.Database, for callers that want its API."""
        if self._db is None:
            from kb.store import database

            self._db = database(self.conn)
        return self._db

    @classmethod
    def open(cls, path: str | Path | None = None, *, readonly: bool = False, build: bool = True) -> "KnowledgeBase":
        """Open ``path`` (default: $MTGKB_DB, else the user's data folder).

        The default database is built from the bundled sources when it does not exist
        yet; a path given explicitly is opened (or created empty) as it is. ":memory:"
        opens a private database in memory (for tests and one-off scripts).
        """
        db_path = Path(path) if path else paths.default_db_path()
        fresh = str(path) == ":memory:" or not db_path.exists()
        if fresh and readonly:
            raise NoDatabase(_("no database at {path}: run 'mtgkb build' or 'mtgkb import' first").format(
                path=db_path))
        kb = cls(Store.open(db_path, readonly=readonly))
        if fresh and build and path is None:
            kb.build()
        return kb

    def close(self) -> None:
        self.store.close()

    # ---- importing -------------------------------------------------------------------------

    def import_file(
        self, path: str | Path, *, format: str | None = None, lang: str | None = None,
        edition: str | None = None, name: str | None = None, update_history: bool = True,
    ) -> ImportResult:
        """Parse and store one file; raises SourceError and stores nothing when it is bad.

        Afterwards the renumbering chain (and what depends on it) is brought up to date.
        """
        result = self._import_one(Path(path), format=format, lang=lang, edition=edition, name=name)
        if update_history:
            self._after_import([result])
        return result

    def _import_one(self, path: Path, *, format, lang, edition, name=None) -> ImportResult:
        from importers.registry import parse_file
        from kb.core.results import ImportResult

        doc_name = name or path.stem
        data = _read(path)
        from kb.store import digest, document_sha, store_document

        if not (format or lang or edition) and document_sha(self.conn, doc_name) == digest(data):
            info = self.document(doc_name)
            return ImportResult(str(path), doc_name, "unchanged", info.lang, info.edition, info.format,
                                info.rules, info.examples, info.glossary, info.references)
        document, data = parse_file(path, format=format, lang=lang, edition=edition, data=data)
        result = store_document(self.conn, document, name=doc_name, source=str(path), data=data)
        self.store.changed()
        return ImportResult(str(path), doc_name, result.status, document.lang, document.edition,
                            document.format, result.rules, result.examples, result.glossary, result.references)

    def import_paths(
        self, sources: Iterable[str | Path], *, format: str | None = None, lang: str | None = None,
        edition: str | None = None, progress: Callable[[Path], None] | None = None,
        keep_going: bool = True, update_history: bool = True,
    ) -> list[ImportResult]:
        """Import files and folders (their rule texts, recursively); each file is atomic.

        The renumbering chain is updated once, after the last file.
        """
        from importers.records import NoRules, SourceError
        from kb.core.results import ImportResult

        named = {Path(s) for s in sources if not Path(s).is_dir()}
        results = []
        try:
            for path in expand_sources(sources):
                try:
                    results.append(self._import_one(path, format=format, lang=lang, edition=edition))
                except NoRules as error:
                    # A file inside a folder that holds no rules (a header, a glossary-less page) is
                    # passed over with its reason; a file named on its own must be a rule text.
                    if path in named and not keep_going:
                        raise
                    status = "failed" if path in named else "skipped"
                    results.append(ImportResult(str(path), path.stem, status,
                                                error=str(error) if path in named else error.message))
                except SourceError as error:
                    if not keep_going:
                        raise
                    results.append(ImportResult(str(path), path.stem, "failed", error=str(error)))
                if progress:
                    progress(path)
        finally:
            if update_history:
                self._after_import(results)
        return results

    def update_history(self, progress: Callable[[str, str], None] | None = None):
        """Pair the rules of consecutive English editions that are not paired yet; infer undated editions."""
        from kb.history import update_chain
        from kb.history.overview import update_release_counts

        update = update_chain(self.store, progress=progress)
        update_release_counts(self.store)  # the history overview's counts follow the chain
        self.store.changed()
        return update

    def _after_import(self, results: list[ImportResult]) -> None:
        changed = [r.name for r in results if r.status in ("added", "replaced")]
        if changed:
            self.update_history()
            from kb.search.index import index_dir, update_index

            # A search index, once built (by the first search), is kept current here; a database
            # nobody searches never pays for one.
            if index_dir(self.store).exists():
                update_index(self.store, changed)

    def build(self, progress: Callable[[Path], None] | None = None) -> list[ImportResult]:
        """Import the bundled sources of data/ (the default corpus) and play the bundled scenarios."""
        results = self.import_paths(paths.bundled_sources(), progress=progress, keep_going=False)
        self.run_scenarios()
        return results

    # ---- documents and editions -------------------------------------------------------------

    def documents(self, lang: str | None = None) -> list[DocumentInfo]:
        """Every stored document (of one language) with its counts; undated ones with their inferred editions."""
        from kb.store import rows

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
        from kb.store import rows

        found = rows(self.conn, "select * from documents where name = ?", [name])
        if not found:
            raise DocumentNotFound(_("no document named {name!r}").format(name=name),
                                   [d["name"] for d in self.store.documents()][:10])
        return _document_info(found[0])

    def resolve(self, edition: str | None = None, *, lang: str | None = None) -> dict:
        """The document an edition names (id, name, lang, edition): the one resolver of kb.store.documents."""
        return self.store.resolve(edition, lang=lang)

    # ---- rules --------------------------------------------------------------------------------

    def rule(self, number: str, *, lang: str | None = None, edition: str | None = None) -> Rule:
        """One rule with its examples, family, neighbours and citations."""
        rule = self.store.rule(number, lang=lang, edition=edition)
        if rule.edition is None:
            for key, value in self._undated_context(rule).items():
                setattr(rule, key, value)
        return rule

    def rules(self, reference: str, *, lang: str | None = None, edition: str | None = None) -> list[Rule]:
        """A number with its subtree, or a range like "601.2a–h", in document order."""
        return self.store.rules(reference, lang=lang, edition=edition)

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
            context["english"] = {"number": english.number, "title": english.title, "text": english.text,
                                  "edition": english.edition, "document": english.document}
        return context

    def document_rules(self, name: str) -> Iterator[Rule]:
        """Every rule of one document in document order, each built as it is asked for: a
        whole-document page starts sending before its last rule is made."""
        self.document(name)
        return self.store.document_rules(name)

    def document_glossary(self, name: str) -> list[GlossaryEntry]:
        """The glossary of one document in its printed order."""
        self.document(name)
        return self.store.document_glossary(name)

    # ---- references ---------------------------------------------------------------------------

    def refs(self, number: str, *, lang: str | None = None, edition: str | None = None) -> References:
        """What a rule cites and what cites it, in one document."""
        from kb.core.results import References

        rule = self.rule(number, lang=lang, edition=edition)
        return References(rule.number, rule.document, rule.lang, rule.edition, rule.cites, rule.cited_by)

    def broken_refs(self, *, document: str | None = None, lang: str | None = None,
                    edition: str | None = None) -> list[Reference]:
        """Citations whose target is not in their document, or whose quoted title differs."""
        where = "(r.resolved = 0 or r.title_matches = 0)"
        params: list = []
        if document:
            self.document(document)
            where += " and d.name = ?"
            params.append(document)
        if lang:
            where += " and d.lang = ?"
            params.append(lang)
        if edition:
            where += " and d.edition = ?"
            params.append(normalise_edition(edition))
        return self.store.references(where, params)

    # ---- glossary -----------------------------------------------------------------------------

    def glossary(self, term: str, *, lang: str | None = None, edition: str | None = None) -> list[GlossaryEntry]:
        """Glossary entries whose term (or English name) is ``term``; else those that contain it; else near
        spellings (kb.search's fuzzy match)."""
        found = self.store.glossary(term, lang=lang, edition=edition)
        if found:
            return found
        from kb.search.fuzzy import fuzzy_glossary

        return fuzzy_glossary(self.store, term, lang=lang)

    # ---- scenarios ----------------------------------------------------------------------------

    def run_scenarios(self, paths: list[str] | None = None, *, edition: str | None = None,
                      twins: bool = False, store: bool = True) -> list:
        """Play scenario files on the engine (default: the bundled ones) and store the results per rule."""
        from kb.scenario_results import play

        results = play(paths, edition=edition, twins=twins)
        if store:
            from kb.scenario_results import store_results

            store_results(self.conn, results)
            self.store.changed()
        return results

    def scenario_file(self, file: str) -> list:
        """The scenarios of one file as written (name, description, setup, steps); [] if it is gone."""
        from kb.scenario_results import scenario_file

        return scenario_file(file)

    def scenario_coverage(self) -> dict[str, dict]:
        """Per family (702.26, 702.23, 312, 310, 901): its rules as stored, and those without a scenario.

        A family whose edition is not in the database is checked against the built-in list.
        """
        from kb.scenario_results import coverage_report

        return coverage_report(self.store)

    def scenario_errors(self) -> list[str]:
        """The problems of the bundled scenario files (bad input), one line each."""
        from kb.scenario_results import scenario_errors

        return scenario_errors()

    # ---- history --------------------------------------------------------------------------------

    def diff(self, old: str, new: str, *, section: str | None = None, lang: str | None = None, spans: bool = True):
        """Every rule of two editions (or two documents of one language) classified; see docs/history.md."""
        from kb.history import diff

        return diff(self.store, old, new, section=section, lang=lang, spans=spans)

    def trace(self, number: str, edition: str | None = None, *, to: str | None = None, back: bool = False,
              subrules: bool = True):
        """A rule followed through every edition, forwards (to ``to``) or ``back``, subrule by subrule."""
        from kb.history import trace

        return trace(self.store, number, edition, to=to, back=back, subrules=subrules)

    def renumbered(self, old: str, new: str, *, lang: str | None = None):
        """Every rule whose number changed between two editions."""
        from kb.history import renumbered

        return renumbered(self.store, old, new, lang=lang)

    def number_map(self, old: str, new: str) -> dict[str, str]:
        """Every rule number of English edition ``old`` -> its number in ``new``, through the chain."""
        from kb.history.mapping import number_map

        return number_map(self.store, old, new)

    def rule_texts(self, document: str) -> list[tuple[str, str, str | None, str]]:
        """(number, kind, title, text) of every rule of a document, in order, from one query."""
        from kb.history.mapping import rule_texts

        self.document(document)
        return rule_texts(self.store, document)

    def release_counts(self) -> list:
        """Per release of the English chain, its diff's counts in all and per section (kb.history.overview),
        as stored with the chain: the history overview reads them instead of a diff per release."""
        from kb.history.overview import release_counts

        return release_counts(self.store)

    def infer_edition(self, document: str, *, save: bool = True):
        """The edition range an undated document matches, with the evidence."""
        from kb.history import infer_edition

        return infer_edition(self.store, document, save=save)

    def inferred_edition(self, document: str):
        """The stored inference of an undated document, or None."""
        from kb.history import stored_inference

        return stored_inference(self.store, document)

    # ---- search -------------------------------------------------------------------------------

    def search(self, query: str, *, langs: list[str] | None = None, edition: str | None = None,
               section: str | None = None, limit: int = 10):
        """Ranked full-text search in every language; one result per rule (see docs/search.md)."""
        from kb.search.engine import search

        return search(self.store, query, langs=langs, edition=edition, section=section, limit=limit)

    def complete(self, prefix: str, *, lang: str | None = None, limit: int = 10) -> list:
        """Completions of terms and rule titles in any language, best first."""
        from kb.search.complete import complete

        return complete(self.store, prefix, lang=lang, limit=limit)

    def update_search_index(self, progress: Callable[[str, int, int], None] | None = None):
        """Build the search index, or bring it up to date with the stored documents; None when it was."""
        from kb.search.index import sync_index

        return sync_index(self.store, progress=progress)

    def reindex(self, progress: Callable[[str, int, int], None] | None = None):
        """Build the search index again from every stored document."""
        from kb.search.index import rebuild_index

        return rebuild_index(self.store, progress=progress)

    # ---- cross-checks and terms ---------------------------------------------------------------

    def crosscheck(self, a: str, b: str, *, method: str = "auto"):
        """Subrule-by-subrule report of two rules ("de:702.23", "ja@2023-11-17:702.26"); see docs/crosscheck.md."""
        from kb.crosscheck import crosscheck

        return crosscheck(self.conn, a, b, method=method)

    def crosscheck_document(self, document: str, against: str | None = None, *, kinds: tuple[str, ...] | None = None):
        """Whole-document findings of a translation ("ja@2026-01-16") against its original."""
        from kb.crosscheck import FINDINGS, crosscheck_document

        unknown = [kind for kind in kinds or () if kind not in FINDINGS]
        if unknown:
            raise BadInput(_("no finding class {kind!r} (expected one of {kinds})").format(
                kind=unknown[0], kinds=", ".join(FINDINGS)), list(FINDINGS))
        return crosscheck_document(self.conn, document, against, kinds or FINDINGS)

    def crosscheck_report(self, report, *, format: str = "text", limit: int | None = None,
                          links: str | None = None) -> str:
        """A cross-check result as people read it: text (``limit`` findings per class) or standalone HTML
        whose rule numbers link as ``links`` says (docs/crosscheck.md); format "links" checks ``links`` alone."""
        from kb.crosscheck.model import DocumentCrosscheck

        whole = isinstance(report, DocumentCrosscheck)
        if format in ("html", "links"):
            from kb.crosscheck.render_html import link_template, render_document_html, render_rule_html

            try:
                link_template(links)
            except ValueError as error:
                raise BadInput(str(error)) from None
            if format == "links":
                return ""
            return render_document_html(report, links) if whole else render_rule_html(report, links)
        from kb.crosscheck.render_text import render_document, render_rule

        return render_document(report, limit=limit) if whole else render_rule(report)

    def backlog(self, translation: str, *, to: str | None = None, section: str | None = None):
        """What to re-translate in ``translation`` ("ja@2026-01-16") to catch up with the English ``to``
        (default the newest), in the newer edition's order; see docs/backlog.md."""
        from kb.backlog import backlog

        return backlog(self.store, translation, to=to, section=section)

    def backlog_report(self, result, *, format: str = "text"):
        """A backlog as people and tools read it: text, summary (lines), csv, html (str) or po (bytes)."""
        from kb.backlog import render

        if format == "po":
            from kb.backlog.po import write_po

            return write_po(result)
        if format == "summary":
            return "\n".join(render.summary_lines(result)) + "\n"
        writers = {"text": render.render_text, "csv": render.render_csv, "html": render.render_html}
        if format not in writers:
            raise BadInput(_("unknown format {name!r}: expected one of {formats}").format(
                name=format, formats="text, summary, csv, html, po"))
        return writers[format](result)

    def term(self, query: str, *, lang: str | None = None) -> list:
        """A CR term in every language, with where each pairing came from."""
        from kb.terms import dictionary

        return dictionary(self.conn).lookup(query, lang)

    def term_suggestions(self, query: str) -> list[str]:
        """Near spellings of a term the dictionary does not hold."""
        from kb.terms import dictionary

        return dictionary(self.conn).suggest(query)

    def check(self, text: str, *, since: str, until: str | None = None, lang: str | None = None) -> list:
        """The citations of a text written against edition ``since``, re-validated against ``until``."""
        from kb.citing.check import check

        return check(self.store, text, since=since, until=until, lang=lang)

    def fix_citations(self, text: str, checked: list) -> tuple[str, list[dict]]:
        """The text with moved numbers updated (from ``check``), and the changes made."""
        from kb.citing.check import fix

        return fix(text, checked)

    # ---- citations ----------------------------------------------------------------------------

    def cite(self, text: str, *, lang: str | None = None, edition: str | None = None) -> list:
        """Every citation in free text, resolved (see kb.citing.cite.ResolvedCitation)."""
        from kb.citing.cite import cite

        return cite(self.store, text, lang=lang, edition=edition)


# ---- helpers ----------------------------------------------------------------------------------

def expand_sources(sources: Iterable[str | Path]) -> list[Path]:
    """Files as given; folders as the rule texts below them, sorted."""
    found: list[Path] = []
    for source in sources:
        path = Path(source)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in paths.SOURCE_SUFFIXES))
        else:
            found.append(path)
    return found


def _read(path: Path) -> bytes:
    from importers.records import SourceError

    try:
        return path.read_bytes()
    except OSError as error:
        raise SourceError(str(path), None, _("cannot read the file: {reason}").format(reason=error.strerror)) from error


def _document_info(row: dict) -> DocumentInfo:
    from kb.core.results import DocumentInfo

    return DocumentInfo(
        name=row["name"], lang=row["lang"], edition=row["edition"], edition_evidence=row["edition_evidence"],
        format=row["format"], title=row["title"], source=row["source"], rules=row["rules"] or 0,
        examples=row["examples"] or 0, glossary=row["glossary"] or 0, references=row["references"] or 0,
        size=row["size"] or 0, imported_at=row["imported_at"], meta=json.loads(row["meta"]) if row["meta"] else {},
    )
