"""The facade every front end uses: the CLI, the HTTP server and Python callers.

    >>> from kb.api import KnowledgeBase
    >>> kb = KnowledgeBase.open()            # the default database, built on first use
    >>> kb.rule("702.26b", lang="ja").text

Every method returns plain dataclasses with ``to_dict()`` for JSON.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import asdict, dataclass, field
from pathlib import Path
from collections.abc import Callable, Iterable, Iterator

from kb import paths, store
from kb.i18n import _, default_rules_language
from kb.lookup import DocumentIndex, LookupCache, RefRow, SqlDocument
from kb.numbers import RuleNumber, RuleNumberError, parse_reference


class LookupFailed(LookupError):
    """A number, edition or term that is not in the database; says what exists nearby."""

    def __init__(self, message: str, suggestions: list[str] | None = None):
        super().__init__(message)
        self.suggestions = suggestions or []


class _Serialisable:
    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class RuleLink(_Serialisable):
    number: str
    title: str | None = None


@dataclass
class Reference(_Serialisable):
    source: str | None  # the citing rule's number (None for a glossary entry)
    glossary_term: str | None
    raw: str
    target: str
    title: str | None
    resolved: bool
    title_matches: bool | None
    document: str
    lang: str
    edition: str | None


@dataclass
class Rule(_Serialisable):
    number: str
    kind: str
    title: str | None
    text: str
    examples: list[str]
    lang: str
    edition: str | None
    document: str
    line: int
    anchor: str
    parent: RuleLink | None
    children: list[RuleLink]
    previous: RuleLink | None
    next: RuleLink | None
    cites: list[Reference] = field(default_factory=list)
    cited_by: list[Reference] = field(default_factory=list)
    commentary: list[dict] = field(default_factory=list)
    other_versions: list[dict] = field(default_factory=list)
    duplicates: int = 0  # further rules printed with the same number in this document
    scenarios: list[dict] = field(default_factory=list)  # example games: scenario, file, edition, passed
    # An undated document: the inferred edition range, and the English rule of its newest edition.
    inferred_edition: dict | None = None
    english: dict | None = None


_RESULTS = ("ImportResult", "DocumentInfo", "GlossaryEntry", "References")


def __getattr__(name: str):
    """The facade's other result types, from kb.results, on first use."""
    if name in _RESULTS:
        import kb.results

        return getattr(kb.results, name)
    raise AttributeError(f"module 'kb.api' has no attribute {name!r}")


class KnowledgeBase:
    """One rule database: import into it and look rules up."""

    def __init__(self, conn: sqlite3.Connection, path: Path):
        self.conn = conn
        self.path = path
        self._db = None
        self._cache = LookupCache(conn)

    @property
    def db(self):
        """The database as a sqlite_utils.Database, for callers that want its API."""
        if self._db is None:
            self._db = store.database(self.conn)
        return self._db

    @classmethod
    def open(cls, path: str | Path | None = None, *, readonly: bool = False, build: bool = True) -> "KnowledgeBase":
        """Open ``path`` (default: $MTGKB_DB, else the user's data folder).

        The default database is built from the bundled sources when it does not exist
        yet; a path given explicitly is opened (or created empty) as it is.
        """
        db_path = Path(path) if path else paths.default_db_path()
        fresh = not db_path.exists()
        if fresh and readonly:
            raise LookupFailed(_("no database at {path}: run 'mtgkb build' or 'mtgkb import' first").format(
                path=db_path))
        kb = cls(store.connect(db_path, readonly=readonly), db_path)
        if fresh and build and path is None:
            kb.build()
        return kb

    def close(self) -> None:
        self.conn.close()

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
        from kb.results import ImportResult

        doc_name = name or path.stem
        data = _read(path)
        if not (format or lang or edition) and store.document_sha(self.conn, doc_name) == store.digest(data):
            info = self.document(doc_name)
            return ImportResult(str(path), doc_name, "unchanged", info.lang, info.edition, info.format,
                                info.rules, info.examples, info.glossary, info.references)
        document, data = parse_file(path, format=format, lang=lang, edition=edition, data=data)
        result = store.store_document(self.conn, document, name=doc_name, source=str(path), data=data)
        self._cache.clear()
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
        from importers.records import SourceError
        from kb.results import ImportResult

        results = []
        try:
            for path in expand_sources(sources):
                try:
                    results.append(self._import_one(path, format=format, lang=lang, edition=edition))
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

        update = update_chain(self, progress=progress)
        self._cache.clear()
        return update

    def _after_import(self, results: list[ImportResult]) -> None:
        changed = [r.name for r in results if r.status in ("added", "replaced")]
        if changed:
            self.update_history()
            from kb.search import index_dir, update_index

            # A search index, once built (by the first search), is kept current here; a database
            # nobody searches never pays for one.
            if index_dir(self).exists():
                update_index(self, changed)

    def build(self, progress: Callable[[Path], None] | None = None) -> list[ImportResult]:
        """Import the bundled sources of data/ (the default corpus) and play the bundled scenarios."""
        results = self.import_paths(paths.bundled_sources(), progress=progress, keep_going=False)
        self.run_scenarios()
        return results

    # ---- documents and editions -------------------------------------------------------------

    def documents(self, lang: str | None = None) -> list[DocumentInfo]:
        sql = "select * from documents"
        params: list = []
        if lang:
            sql += " where lang = ?"
            params.append(lang)
        sql += " order by lang, edition is null, edition, name"
        found = [_document_info(row) for row in store.rows(self.conn, sql, params)]
        for info in found:
            if info.edition is None:
                inference = self.inferred_edition(info.name)
                info.inferred = inference.to_dict() if inference else None
        return found

    editions = documents

    def document(self, name: str) -> DocumentInfo:
        found = store.rows(self.conn, "select * from documents where name = ?", [name])
        if not found:
            raise LookupFailed(_("no document named {name!r}").format(name=name),
                               [d.name for d in self.documents()][:10])
        return _document_info(found[0])

    def _candidate_documents(self, lang: str | None, edition: str | None) -> list[dict]:
        """Documents in preference order: the asked language, newest edition first.

        Without ``lang``, the interface language's documents come first (where it has
        any), then English, then the others: a German reader gets German rule texts.
        """
        from kb.i18n import ui_language

        key = (lang, edition, None if lang else ui_language())
        self._cache.documents()  # notices another connection's writes, which clears the memo
        remembered = self._cache.candidates.get(key)
        if remembered is None:
            remembered = self._cache.candidates[key] = self._rank_documents(lang, edition)
        return remembered

    def _rank_documents(self, lang: str | None, edition: str | None) -> list[dict]:
        docs = list(self._cache.documents())
        if lang:
            docs = [d for d in docs if d["lang"] == lang]
            if not docs:
                langs = sorted({d["lang"] for d in self._cache.documents()})
                raise LookupFailed(_("no documents in language {lang!r}").format(lang=lang), langs)
        if edition and edition not in ("latest", "newest"):
            wanted = normalise_edition(edition)
            matching = [d for d in docs if d["name"] == edition] or [d for d in docs if d["edition"] == wanted]
            if not matching:
                message = (_("no edition {edition!r} in language {lang!r}") if lang else _("no edition {edition!r}"))
                raise LookupFailed(message.format(edition=edition, lang=lang),
                                   nearest_editions([d["edition"] for d in docs if d["edition"]], wanted))
            docs = matching
        docs.sort(key=_document_rank, reverse=True)
        if not lang:
            preferred = default_rules_language({d["lang"] for d in docs})
            docs.sort(key=lambda d: (d["lang"] != preferred, d["lang"] != "en"))
        return docs

    # ---- rules --------------------------------------------------------------------------------

    def rule(self, number: str, *, lang: str | None = None, edition: str | None = None) -> Rule:
        """One rule with its examples, family, neighbours and citations."""
        parsed = _parse_number(number)
        docs = self._candidate_documents(lang, edition)
        key = str(parsed)
        having = set(self._cache.documents_with(key))
        for doc in docs:
            if doc["id"] in having:
                source = self._cache.index(doc)
                positions = source.positions(key)
                return self._rule_view(source, source.row(positions[0]), duplicates=len(positions) - 1)
        # The nearest numbers come from an English document where one was a candidate: a partial
        # translation preferred for the interface language would suggest only its few rules.
        nearest = next((d for d in docs if d["lang"] == "en"), docs[0]) if docs else None
        raise LookupFailed(_not_found(parsed, lang, edition),
                           self._cache.index(nearest).nearest(parsed) if nearest else [])

    def rules(self, reference: str, *, lang: str | None = None, edition: str | None = None) -> list[Rule]:
        """A number with its subtree, or a range like "601.2a–h", in document order."""
        try:
            target = parse_reference(reference)
        except RuleNumberError as error:
            raise LookupFailed(str(error)) from error
        start = target if isinstance(target, RuleNumber) else target.start
        first = self.rule(str(start), lang=lang, edition=edition)
        source = self._cache.index(self._doc_row(first.document))
        chosen = source.subtree(target) if isinstance(target, RuleNumber) else source.span(target.start, target.end)
        return [self._rule_view(source, source.row(seq)) for seq in chosen]

    def _doc_row(self, name: str) -> dict:
        return next(d for d in self._cache.documents() if d["name"] == name)

    def _rule_view(self, source: "DocumentIndex | SqlDocument", row: dict, duplicates: int = 0) -> Rule:
        doc = source.doc
        number = row["number"]
        parent = RuleLink(row["parent"], source.title_of(row["parent"])) if row["parent"] else None
        previous, following = source.row(row["seq"] - 1), source.row(row["seq"] + 1)
        return Rule(
            number=number, kind=row["kind"], title=row["title"], text=row["text"] or "",
            examples=source.examples_of(row["id"]), lang=doc["lang"], edition=doc["edition"],
            document=doc["name"], line=row["line"], anchor=RuleNumber.parse(number).anchor, parent=parent,
            children=[RuleLink(child["number"], child["title"]) for child in source.children_of(number)],
            previous=RuleLink(previous["number"], previous["title"]) if previous else None,
            next=RuleLink(following["number"], following["title"]) if following else None,
            cites=[self._reference(ref, doc) for ref in source.outgoing_of(row["id"])],
            cited_by=[self._reference(ref, doc) for ref in source.incoming(number)],
            commentary=source.commentary_of(number),
            other_versions=self._other_versions(number, doc["id"]), duplicates=duplicates,
            scenarios=self._cache.scenarios(number),
            **(self._undated_context(number, doc) if doc["edition"] is None else {}),
        )

    def _undated_context(self, number: str, doc: dict) -> dict:
        """For an undated document: its inferred editions and the English rule of the newest one."""
        inference = self.inferred_edition(doc["name"])
        if inference is None or not inference.last:
            return {}
        note = _("undated; English pairing uses {edition}").format(edition=inference.last)
        context = {"inferred_edition": {"first": inference.first, "last": inference.last, "note": note}}
        if doc["lang"] != "en":
            try:
                english = self.rule(number, lang="en", edition=inference.last)
            except LookupFailed:
                return context
            context["english"] = {"number": english.number, "title": english.title, "text": english.text,
                                  "edition": english.edition, "document": english.document}
        return context

    def _other_versions(self, number: str, doc_id: int) -> list[dict]:
        found = [self._cache.document_by_id(i) for i in self._cache.documents_with(number) if i != doc_id]
        found = [d for d in found if d is not None]
        found.sort(key=lambda d: (d["lang"], d["edition"] or ""), reverse=True)
        found.sort(key=lambda d: d["lang"])
        return [{"document": d["name"], "lang": d["lang"], "edition": d["edition"]} for d in found]

    @staticmethod
    def _reference(ref: RefRow, doc: dict) -> Reference:
        return Reference(
            source=ref.source, glossary_term=ref.glossary_term, raw=ref.raw, target=ref.target, title=ref.title,
            resolved=ref.resolved, title_matches=ref.title_matches, document=doc["name"], lang=doc["lang"],
            edition=doc["edition"],
        )

    def document_rules(self, name: str) -> Iterator[Rule]:
        """Every rule of one document in document order, each built as it is asked for: a
        whole-document page starts sending before its last rule is made."""
        self.document(name)
        doc = self._doc_row(name)
        source = self._cache.index(doc)
        while not isinstance(source, DocumentIndex):  # read whole: ask until the cache holds it in memory
            source = self._cache.index(doc)
        return (self._rule_view(source, row) for row in source.rows)

    def document_glossary(self, name: str) -> list[GlossaryEntry]:
        """The glossary of one document in its printed order."""
        from kb.results import GlossaryEntry

        info = self.document(name)
        targets: dict[int, list[str]] = {}
        for glossary_id, target in self.conn.execute(
                "select r.glossary_id, r.target from refs r join glossary g on g.id = r.glossary_id "
                "join documents d on d.id = g.document_id where d.name = ? order by r.id", [name]):
            targets.setdefault(glossary_id, []).append(target)
        rows = store.rows(self.conn, "select g.* from glossary g join documents d on d.id = g.document_id "
                                     "where d.name = ? order by g.seq", [name])
        return [GlossaryEntry(term=row["term"], english=row["english"], reading=row["reading"], text=row["text"] or "",
                              lang=info.lang, edition=info.edition, document=name, rules=targets.get(row["id"], []))
                for row in rows]

    # ---- references ---------------------------------------------------------------------------

    _REF_SQL = (
        "select r.raw, r.target, r.title, r.resolved, r.title_matches, src.number as source, g.term as glossary_term, "
        "d.name as document, d.lang, d.edition from refs r join documents d on d.id = r.document_id "
        "left join rules src on src.id = r.rule_id left join glossary g on g.id = r.glossary_id where "
    )

    def _references(self, where: str, params: list) -> list[Reference]:
        return [
            Reference(
                source=row["source"], glossary_term=row["glossary_term"], raw=row["raw"], target=row["target"],
                title=row["title"], resolved=bool(row["resolved"]),
                title_matches=None if row["title_matches"] is None else bool(row["title_matches"]),
                document=row["document"], lang=row["lang"], edition=row["edition"],
            )
            for row in store.rows(self.conn, self._REF_SQL + where + " order by r.id", params)
        ]

    def refs(self, number: str, *, lang: str | None = None, edition: str | None = None) -> References:
        """What a rule cites and what cites it, in one document."""
        from kb.results import References

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
        return self._references(where, params)

    # ---- glossary -----------------------------------------------------------------------------

    def glossary(self, term: str, *, lang: str | None = None, edition: str | None = None) -> list[GlossaryEntry]:
        """Glossary entries whose term (or English name) is ``term``; else those that contain it."""
        from kb.results import GlossaryEntry

        folded = term.strip().casefold()
        if not folded:
            raise LookupFailed(_("empty glossary term"))
        docs = {d["id"]: d for d in self._candidate_documents(lang, edition)}
        if not docs:
            return []
        marks = ",".join("?" * len(docs))
        base = (f"select g.*, d.name as document, d.lang, d.edition from glossary g join documents d on d.id = g.document_id "
                f"where g.document_id in ({marks}) and ")
        found = store.rows(self.conn, base + "(lower(g.term) = ? or lower(g.english) = ?)", [*docs, folded, folded])
        if not found:
            like = f"%{folded}%"
            found = store.rows(self.conn, base + "(lower(g.term) like ? or lower(g.english) like ?) limit 50",
                               [*docs, like, like])
        if not found:
            from kb.search import fuzzy_glossary

            return fuzzy_glossary(self, term, lang=lang)
        order = {doc_id: i for i, doc_id in enumerate(docs)}
        found.sort(key=lambda row: order[row["document_id"]])
        return [
            GlossaryEntry(
                term=row["term"], english=row["english"], reading=row["reading"], text=row["text"] or "",
                lang=row["lang"], edition=row["edition"], document=row["document"],
                rules=[r["target"] for r in store.rows(self.conn, "select target from refs where glossary_id = ? order by id", [row["id"]])],
            )
            for row in found
        ]


    # ---- scenarios ----------------------------------------------------------------------------

    def run_scenarios(self, paths: list[str] | None = None, *, edition: str | None = None,
                      twins: bool = False, store: bool = True) -> list:
        """Play scenario files on the engine (default: the bundled ones) and store the results per rule."""
        from kb.scenario_results import store_results
        from kb.scenarios import run_scenarios

        results = run_scenarios(paths, edition=edition, twins=twins)
        if store:
            store_results(self.conn, results)
            self._cache.clear()
        return results

    def scenario_file(self, file: str) -> list:
        """The scenarios of one file as written (name, description, setup, steps); [] if it is gone."""
        from kb.scenarios import load_scenarios

        if not Path(file).is_file():
            return []
        return [s for s in load_scenarios([file]) if not s.errors]

    def scenario_coverage(self) -> dict[str, dict]:
        """Per family (702.26, 702.23, 312, 310, 901): its rules as stored, and those without a scenario.

        A family whose edition is not in the database is checked against the built-in list.
        """
        from kb.scenario_results import family_rules
        from kb.scenarios import FAMILIES, coverage, load_scenarios, required_rules

        loaded = [s for s in load_scenarios() if not s.errors]
        builtin = required_rules()
        report = {}
        for family, row in family_rules(self, FAMILIES).items():
            rules = row["rules"] or builtin[family]
            missing = coverage(rules, loaded)
            report[family] = {"rules": rules, "covered": len(rules) - len(missing), "missing": missing,
                              "source": row["source"] or _("built-in list (edition not in the database)")}
        return report

    # ---- history --------------------------------------------------------------------------------

    def diff(self, old: str, new: str, *, section: str | None = None, lang: str | None = None, spans: bool = True):
        """Every rule of two editions (or two documents of one language) classified; see docs/history.md."""
        from kb.history import diff

        return diff(self, old, new, section=section, lang=lang, spans=spans)

    def trace(self, number: str, edition: str | None = None, *, to: str | None = None, back: bool = False,
              subrules: bool = True):
        """A rule followed through every edition, forwards (to ``to``) or ``back``, subrule by subrule."""
        from kb.history import trace

        return trace(self, number, edition, to=to, back=back, subrules=subrules)

    def renumbered(self, old: str, new: str, *, lang: str | None = None):
        """Every rule whose number changed between two editions."""
        from kb.history import renumbered

        return renumbered(self, old, new, lang=lang)

    def infer_edition(self, document: str, *, save: bool = True):
        """The edition range an undated document matches, with the evidence."""
        from kb.history import infer_edition

        return infer_edition(self, document, save=save)

    def inferred_edition(self, document: str):
        """The stored inference of an undated document, or None."""
        from kb.history import stored_inference

        return stored_inference(self, document)

    # ---- search -------------------------------------------------------------------------------

    def search(self, query: str, *, langs: list[str] | None = None, edition: str | None = None,
               section: str | None = None, limit: int = 10):
        """Ranked full-text search in every language; one result per rule (see docs/search.md)."""
        from kb.search import search

        return search(self, query, langs=langs, edition=edition, section=section, limit=limit)

    def complete(self, prefix: str, *, lang: str | None = None, limit: int = 10) -> list:
        """Completions of terms and rule titles in any language, best first."""
        from kb.search import complete

        return complete(self, prefix, lang=lang, limit=limit)

    # ---- cross-checks and terms ---------------------------------------------------------------

    def crosscheck(self, a: str, b: str, *, method: str = "auto"):
        """Subrule-by-subrule report of two rules ("de:702.23", "ja@2023-11-17:702.26"); see docs/crosscheck.md."""
        from kb.crosscheck import crosscheck

        return crosscheck(self.conn, a, b, method=method)

    def crosscheck_document(self, document: str, against: str | None = None, *, kinds: tuple[str, ...] | None = None):
        """Whole-document findings of a translation ("ja@2026-01-16") against its original."""
        from kb.crosscheck import FINDINGS, crosscheck_document

        return crosscheck_document(self.conn, document, against, kinds or FINDINGS)

    def term(self, query: str, *, lang: str | None = None) -> list:
        """A CR term in every language, with where each pairing came from."""
        from kb.terms import dictionary

        return dictionary(self.conn).lookup(query, lang)

    def check(self, text: str, *, since: str, until: str | None = None, lang: str | None = None) -> list:
        """The citations of a text written against edition ``since``, re-validated against ``until``."""
        from kb.check import check

        return check(self, text, since=since, until=until, lang=lang)

    # ---- citations ----------------------------------------------------------------------------

    def cite(self, text: str, *, lang: str | None = None, edition: str | None = None) -> list:
        """Every citation in free text, resolved (see kb.cite.ResolvedCitation)."""
        from kb.cite import cite

        return cite(self, text, lang=lang, edition=edition)


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


def _parse_number(number: str) -> RuleNumber:
    try:
        return RuleNumber.parse(number)
    except RuleNumberError as error:
        raise LookupFailed(str(error)) from error


def _not_found(number: RuleNumber, lang: str | None, edition: str | None) -> str:
    """"rule ... not found", naming the language and edition looked in (whole sentences for translators)."""
    if lang and edition:
        message = _("rule {number} not found in language {lang}, edition {edition}")
    elif lang:
        message = _("rule {number} not found in language {lang}")
    elif edition:
        message = _("rule {number} not found in edition {edition}")
    else:
        message = _("rule {number} not found")
    return message.format(number=number, lang=lang, edition=edition)


def _document_rank(doc: dict) -> tuple:
    """Newest edition first; an official file before a reformatted variant of the same date."""
    return (doc["edition"] or "", -doc["name"].count("_"), doc["name"])


def _document_info(row: dict) -> DocumentInfo:
    from kb.results import DocumentInfo

    return DocumentInfo(
        name=row["name"], lang=row["lang"], edition=row["edition"], edition_evidence=row["edition_evidence"],
        format=row["format"], title=row["title"], source=row["source"], rules=row["rules"] or 0,
        examples=row["examples"] or 0, glossary=row["glossary"] or 0, references=row["references"] or 0,
        size=row["size"] or 0, imported_at=row["imported_at"], meta=json.loads(row["meta"]) if row["meta"] else {},
    )


def normalise_edition(text: str) -> str:
    """"20231117", "2023-11-17" and "20231117.0" all name the edition 2023-11-17."""
    digits = "".join(ch for ch in text.split(".")[0] if ch.isdigit())
    if len(digits) == 8:
        return f"{digits[:4]}-{digits[4:6]}-{digits[6:]}"
    return text


def nearest_editions(editions: list[str], wanted: str, count: int = 3) -> list[str]:
    unique = sorted(set(editions))
    before = [e for e in unique if e < wanted][-count:]
    after = [e for e in unique if e > wanted][:count]
    return before + after
