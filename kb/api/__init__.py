"""The read facade every front end uses for its answers: the CLI, the HTTP server, MCP, the reader, Python.

    >>> from kb.api import KnowledgeBase
    >>> kb = KnowledgeBase.open()            # the default database, built on first use
    >>> kb.rule("702.26b", lang="ja").text

Every method returns plain dataclasses with ``to_dict()`` for JSON. Writing is kb.api.maintenance's; text,
HTML, CSV and PO renderings are kb.api.render's. A feature is imported by its method where a fresh `show` would
pay for it: each ``# lazy:`` line says how much (bench/bench_facade_imports.py).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Hashable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from kb.api import naming
from kb.api.compat import EarlierWrites
from kb.api.on_demand import OnDemand
from kb.api.scenarios import ScenarioReads
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
from kb.core.progress import ProgressCallback
from kb.core.results import DocumentInfo, GlossaryEntry, ImportResult, References  # noqa: F401
from kb.i18n import _
from kb.store import Store, catalog
from kb.store.documents import document_rows, edition_documents, primary_language
from kb.store.faults import database_fault as explain_fault
from kb.store.inference import stored_inference
from kb.store.pivot import undated_context, untranslated_rule

if TYPE_CHECKING:
    import sqlite_utils

    from kb.api.maintenance import Maintenance
    from kb.terms.glossary import GlossaryResult

# The name callers caught before MtgkbError: kept for Python callers outside the project, used nowhere in it.
LookupFailed = MtgkbError
_T = TypeVar("_T")  # what ``derived`` keeps


class KnowledgeBase(OnDemand, ScenarioReads, EarlierWrites):
    """One rule database, read: rules, documents, glossary, history, search, cross-checks, citations.

    Front ends (CLI, HTTP, reader, MCP) call these methods for answers and a Maintenance (kb.api.maintenance)
    for writes; each method delegates to the store or to one feature, which take the store (never this
    facade). Inherited: history on demand (kb.api.on_demand), the scenarios' reads (kb.api.scenarios) and
    the write methods of earlier releases (kb.api.compat).
    """

    def __init__(self, store: Store):
        self.store = store
        self._db: "sqlite_utils.Database | None" = None
        self.writer_held = False  # while a Maintenance of this facade holds the writer lock: taken once

    @property
    def conn(self) -> "sqlite3.Connection":
        return self.store.conn

    @property
    def path(self) -> Path:
        return self.store.path

    def derived(self, kind: str, key: Hashable, compute: Callable[[], _T]) -> _T:
        """A value a front end derives from what it reads, kept by the store until the database changes."""
        return self.store.derived(kind, key, compute)

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
            from kb.store import database  # lazy: sqlite_utils, +100 ms

            self._db = database(self.conn)
        return self._db

    @property
    def maintenance(self) -> Maintenance:
        """The write side of this database (import, build, update, repair, reindex), sharing its store."""
        from kb.api.maintenance import Maintenance  # lazy: the importers and every feature, +380 ms

        return Maintenance(self)

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
            kb.maintenance.build(progress, newest_only=True, index=index)
        return kb

    def close(self) -> None:
        self.store.close()

    # ---- documents and editions -------------------------------------------------------------

    def documents(self, lang: str | None = None) -> list[DocumentInfo]:
        """Every stored document (of one language) with its counts; undated ones with their inferred editions."""
        found = [catalog.document_info(row) for row in catalog.document_list(self.conn, lang)]
        for info in found:
            if info.edition is None:
                inference = self.inferred_edition(info.name)
                info.inferred = inference.to_dict() if inference else None
        return found

    editions = documents

    def document(self, name: str) -> DocumentInfo:
        """One document by name."""
        found = catalog.document_by_name(self.conn, name)
        if found is None:
            raise DocumentNotFound(
                _("no document named {name!r}").format(name=name), [d["name"] for d in self.store.documents()][:10]
            )
        return catalog.document_info(found)

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

    def rule(self, number: str, *, lang: str | None = None, edition: str | None = None, defining: bool = False) -> Rule:
        """One rule with its examples, family, neighbours and citations; ``number`` may also be a
        rule's title or a glossary term in any language held ("phasing", "フェイジング"; see
        rule_named), or a number with its title ("702.26 Phasing", checked to agree).

        Asked of a partial translation (a PO file a third done) that leaves the rule untranslated,
        the answer is the English rule of its edition, marked ``untranslated``: never an empty
        text, and never silently an older translation's. ``defining``: a keyword rule's defining subrule
        in its place (702.31: 702.31b), as the judge bots show it; any other rule as it is.
        """
        try:
            rule = self.numbered_rule(number, lang=lang, edition=edition)
        except BadRuleNumber as bad:
            rule = self.rule_named(number, lang=lang, edition=edition, bad=bad)
        if defining and rule.defining_rule:
            return self.rule(rule.defining_rule, lang=rule.lang, edition=rule.document)
        return rule

    def rule_named(
        self, name: str, *, lang: str | None = None, edition: str | None = None, bad: BadRuleNumber | None = None
    ) -> Rule:
        """The rule a title or term names (kb.api.naming.rule_named): AmbiguousName for several, never a
        guess; BadRuleNumber (``bad``, the number's own complaint) with the glossary's nearest terms."""
        return naming.rule_named(self, name, lang=lang, edition=edition, bad=bad)

    def numbered_rule(self, number: str, *, lang: str | None = None, edition: str | None = None) -> Rule:
        """One rule by its number (``rule`` without the names)."""
        english = self.held(lambda: untranslated_rule(self.store, number, lang, edition))
        if english is not None:
            return english
        rule = self.held(lambda: self.store.rule(number, lang=lang, edition=edition))
        if rule.edition is None:
            for key, value in undated_context(self.store, rule).items():
                setattr(rule, key, value)
        return rule

    def rules(self, reference: str, *, lang: str | None = None, edition: str | None = None) -> list[Rule]:
        """A number with its subtree, or a range like "601.2a–h", in document order."""
        return self.held(lambda: self.store.rules(reference, lang=lang, edition=edition))

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
        return catalog.document_table(self.conn, name)

    def document_glossary(self, name: str) -> list[GlossaryEntry]:
        """The glossary of one document in its printed order."""
        self.document(name)
        return self.store.document_glossary(name)

    def published_file(self, name: str) -> tuple[bytes, str]:
        """The bytes of a document's file as it was imported (the bundled archive's member or the file
        imported), and its charset ("utf-8", "utf-16", "windows-1252"): what ``GET /file/cr`` sends.
        SourceFileGone when the file is gone or its bytes are no longer those imported (SHA-256)."""
        from kb.store.published import published_bytes  # lazy: tarfile and lzma, +8 ms

        self.document(name)
        return published_bytes(self.conn, name)

    def card(self, name: str):
        """The imported card ``name`` names, in any language it is known in, forgivingly (case,
        punctuation, a near spelling), with its rules terms linked (kb.cards.lookup.CardView);
        CardNotFound with suggestions, NoDatabase when no cards were imported."""
        from kb.cards.lookup import find_card  # lazy: the cards feature, +14 ms

        return find_card(self.store, name)

    # ---- references ---------------------------------------------------------------------------

    def refs(self, number: str, *, lang: str | None = None, edition: str | None = None) -> References:
        """What a rule cites and what cites it, in one document."""
        rule = self.rule(number, lang=lang, edition=edition)
        return References(rule.number, rule.document, rule.lang, rule.edition, rule.cites, rule.cited_by)

    def broken_refs(
        self, *, document: str | None = None, lang: str | None = None, edition: str | None = None
    ) -> list[Reference]:
        """Citations whose target is not in their document, or whose quoted title differs (with the
        actual title); a partial document's citations are checked in its full text (Store.broken_references)."""
        if document:
            self.document(document)
        # the edition through the one resolver: "newest", a date in force, a document name (kb.store.documents)
        chosen = self.edition_documents(edition, langs=[lang] if lang else None) if edition else None
        return catalog.broken_references(self.store, document=document, lang=lang, names=chosen)

    # ---- glossary -----------------------------------------------------------------------------

    def glossary(
        self, term: str, *, lang: str | None = None, edition: str | None = None, all_editions: bool = False
    ) -> GlossaryResult:
        """The glossary entries of the concept ``term`` names in any language: per language the newest
        edition's entry (or ``edition``'s, or every edition's with ``all_editions``), found by name, by
        the term dictionary, by a part of a name, else by the nearest spelling ("did you mean");
        what is left out is counted (kb.terms.glossary.GlossaryResult, iterable as its entries)."""
        from kb.terms.glossary import lookup  # lazy: the term dictionary and rapidfuzz, +49 ms

        if not term.strip():
            raise BadInput(_("empty glossary term"))
        return lookup(self.store, term, lang=lang, edition=edition, all_editions=all_editions)

    # ---- history --------------------------------------------------------------------------------

    def diff(self, old: str, new: str, *, section: str | None = None, lang: str | None = None, spans: bool = True):
        """Every rule of two editions (or two documents of one language) classified; see docs/history.md."""
        from kb.history import diff  # lazy: the chain, +37 ms

        self.history_ready()
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
        from kb.history import trace  # lazy: the chain, +37 ms

        self.history_ready()
        return trace(self.store, number, edition, to=to, back=back, subrules=subrules)

    def renumbered(self, old: str, new: str, *, lang: str | None = None):
        """Every rule whose number changed between two editions."""
        from kb.history import renumbered  # lazy: the chain, +37 ms

        self.history_ready()
        return renumbered(self.store, old, new, lang=lang)

    def number_map(self, old: str, new: str) -> dict[str, str]:
        """Every rule number of English edition ``old`` -> its number in ``new``, through the chain."""
        from kb.history.mapping import number_map  # lazy: the chain, +45 ms

        return number_map(self.store, old, new)

    def rule_texts(self, document: str) -> list[tuple[str, str, str | None, str]]:
        """(number, kind, title, text) of every rule of a document, in order, from one query."""
        from kb.history.mapping import rule_texts  # lazy: the chain, +45 ms

        self.document(document)
        return rule_texts(self.store, document)

    def rule_text(self, document: str, number: str) -> str | None:
        """One rule's text in one document by one query (kb.store.catalog.rule_text), None where it lacks it."""
        return catalog.rule_text(self.conn, document, number)

    def release_counts(self) -> list:
        """Per release of the English chain, its diff's counts in all and per section (kb.history.overview),
        as stored with the chain: the history overview reads them instead of a diff per release."""
        from kb.history.overview import release_counts  # lazy: the chain, +51 ms

        return release_counts(self.store)

    def infer_edition(self, document: str, *, save: bool = True):
        """The edition range an undated document matches, with the evidence."""
        from kb.history import infer_edition  # lazy: the chain, +37 ms

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
        from kb.search.engine import search  # lazy: whoosh, +264 ms

        return search(self.store, query, langs=langs, edition=edition, section=section, limit=limit)

    def search_index_status(self) -> str:
        """ "ready" when a search can run on the index as it is; "missing" or "stale" when ``search``
        would first build or update it (a read-only server answers 503 instead of building in a request)."""
        from kb.search.index import index_status  # lazy: whoosh, +279 ms

        return index_status(self.store)

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
        from kb.search.complete import complete  # lazy: whoosh, +304 ms

        return complete(self.store, prefix, lang=lang, limit=limit)

    # ---- cross-checks and terms ---------------------------------------------------------------

    def crosscheck(self, a: str, b: str, *, method: str = "auto"):
        """Subrule-by-subrule report of two rules ("de:702.23", "ja@2023-11-17:702.26"); see docs/crosscheck.md."""
        from kb.crosscheck import crosscheck  # lazy: the aligners, +124 ms

        return crosscheck(self.conn, a, b, method=method)

    def crosscheck_document(self, document: str, against: str | None = None, *, kinds: tuple[str, ...] | None = None):
        """Whole-document findings of a translation ("ja@2026-01-16") against its original."""
        from kb.crosscheck import FINDINGS, crosscheck_document  # lazy: the aligners, +124 ms

        unknown = [kind for kind in kinds or () if kind not in FINDINGS]
        if unknown:
            raise BadInput(
                _("no finding class {kind!r} (expected one of {kinds})").format(
                    kind=unknown[0], kinds=", ".join(FINDINGS)
                ),
                list(FINDINGS),
            )
        return crosscheck_document(self.conn, document, against, kinds or FINDINGS)

    def backlog(self, translation: str, *, to: str | None = None, section: str | None = None):
        """What to re-translate in ``translation`` ("ja@2026-01-16") to catch up with the English ``to``
        (default the newest), in the newer edition's order; see docs/backlog.md."""
        from kb.backlog import backlog  # lazy: the backlog and the chain, +175 ms

        return backlog(self.store, translation, to=to, section=section)

    def term(self, query: str, *, lang: str | None = None) -> list:
        """A CR term in every language, with where each pairing came from."""
        from kb.terms import dictionary  # lazy: the term dictionary, +30 ms

        return dictionary(self.conn).lookup(query, lang)

    def term_suggestions(self, query: str) -> list[str]:
        """Near spellings of a term the dictionary does not hold."""
        from kb.terms import dictionary  # lazy: the term dictionary, +30 ms

        return dictionary(self.conn).suggest(query)

    def check(self, text: str, *, since: str, until: str | None = None, lang: str | None = None) -> list:
        """The citations of a text written against edition ``since``, re-validated against ``until``."""
        from kb.citing.check import check  # lazy: the citation checker, +83 ms

        return check(self.store, text, since=since, until=until, lang=lang)

    def fix_citations(self, text: str, checked: list) -> tuple[str, list[dict]]:
        """The text with moved numbers updated (from ``check``), and the changes made."""
        from kb.citing.check import fix  # lazy: the citation checker, +83 ms

        return fix(text, checked)

    # ---- citations ----------------------------------------------------------------------------

    def cite(self, text: str, *, lang: str | None = None, edition: str | None = None) -> list:
        """Every citation in free text, resolved (see kb.citing.cite.ResolvedCitation)."""
        from kb.citing.cite import cite  # lazy: the citation resolver, +74 ms

        return cite(self.store, text, lang=lang, edition=edition)

    def cite_cards(self, text: str):
        """The cards free text names, each with its rules terms and their rules (kb.citing.cards):
        `cite` reports them beside the citations. Nothing without imported cards."""
        from kb.citing.cards import cards_in_text  # lazy: the card names and opencc, +5 ms

        return cards_in_text(self.store, text)


def database_fault(error: "sqlite3.Error", path: str | Path | None = None) -> DatabaseError:
    """A sqlite3 error that reached a front end, as the DatabaseError naming the database (default: the default one)."""
    return explain_fault(error, path or paths.default_db_path())
