"""Reading the store: the documents, the resolver applied to them, rules and glossary entries.

A ``Store`` is what features take (history, search, cross-checks, citing, scenario
results): an open connection, its path, and the in-memory lookup indexes. The facade
(kb.api) holds one and adds what needs features, such as an undated document's context.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from kb.core.editions import is_date, normalise_edition
from kb.core.errors import BadInput, BadRuleNumber, ExampleNotFound, RuleNotFound
from kb.core.keywords import defining_subrule, is_keyword_rule
from kb.core.model import Reference, Rule, RuleLink
from kb.core.numbers import RuleNumber
from kb.core.queries import read_query
from kb.i18n import _, format_edition, ngettext, ui_language
from kb.store.broken import really_broken
from kb.store.documents import resolve as resolve_documents
from kb.store.identity import counterparts_of
from kb.store.lookup import CANDIDATES_KEPT, DocumentIndex, LookupCache, RefRow, SqlDocument, keep
from kb.store.schema import connect
from kb.store.state import database_state, derived, forget

if TYPE_CHECKING:
    from collections.abc import Iterator

    from kb.core.results import GlossaryEntry

T = TypeVar("T")


class Store:
    """One open database, read through the one document resolver."""

    def __init__(self, conn: sqlite3.Connection, path: Path, readonly: bool = False):
        self.conn = conn
        self.path = path
        self.readonly = readonly  # derived tables are then read as they are, never rebuilt
        self.cache = LookupCache(conn)
        # The language rule texts come in when a call names none; None: the interface language
        # where it has the text, else English (a front end may fix it, whatever the locale).
        self.rule_language: str | None = None

    @classmethod
    def open(cls, path: str | Path, *, readonly: bool = False) -> "Store":
        return cls(connect(path, readonly=readonly), Path(path), readonly)

    def close(self) -> None:
        self.conn.close()

    def state(self) -> tuple:
        """What the database holds now (kb.store.state.database_state): its documents and their sha256."""
        return database_state(self.conn)

    def derived(self, kind: str, key: Hashable, compute: Callable[[], T]) -> T:
        """Data derived from the database, computed once per state of it (kb.store.state).

        ``kind`` names what is kept ("search.scope", "reader.concepts"), ``key`` which one;
        ``compute`` is called when the database's cache does not hold it for the current state.
        Every Store on the same file shares the cache; it holds at most kb.store.state.ENTRIES values.
        """
        return derived(self.conn, kind, key, compute)

    def forget(self, kind: str, key: Hashable) -> None:
        """Drop one derived value (a resource found outdated by its owner)."""
        forget(self.conn, kind, key)

    def changed(self) -> None:
        """Forget what was read: called after this connection wrote."""
        self.cache.clear()

    # ---- documents -----------------------------------------------------------------------

    def documents(self) -> list[dict]:
        """Every stored document (id, name, lang, edition, rules); notices other writers."""
        return self.cache.documents()

    def candidates(self, lang: str | None = None, edition: str | None = None) -> list[dict]:
        """The documents ``lang`` and ``edition`` name, best first (kb.store.documents.resolve).

        Without ``lang`` the interface language's documents come first where it has any,
        then English: a German reader gets German rule texts.
        """
        key = (lang, edition, None if lang else self.rule_language or ui_language())
        self.cache.documents()  # notices another connection's writes, which clears the memo
        remembered = self.cache.candidates.get(key)
        if remembered is None:
            remembered = keep(
                self.cache.candidates,
                key,
                resolve_documents(self.cache.documents(), lang=lang, edition=edition, prefer=key[2]),
                CANDIDATES_KEPT,
            )
        return remembered

    def resolve(self, edition: str | None = None, *, lang: str | None = None, default_lang: str | None = None) -> dict:
        """The one document an edition names (see kb.store.documents.resolve)."""
        return resolve_documents(
            self.cache.documents(),
            lang=lang,
            edition=edition,
            default_lang=default_lang,
            prefer=None if lang or default_lang else self.rule_language or ui_language(),
        )[0]

    def document_row(self, name: str) -> dict:
        return next(d for d in self.cache.documents() if d["name"] == name)

    # ---- rules ---------------------------------------------------------------------------

    def rule(self, number: str, *, lang: str | None = None, edition: str | None = None) -> Rule:
        """One rule with its examples, family, neighbours, citations and its versions elsewhere, from the
        best document having it. "702.26." (a trailing dot) is the rule without its subrules."""
        query = read_query(number)
        if not isinstance(query.target, RuleNumber):
            raise BadRuleNumber(
                _(
                    "{text!r} is a range: ask for its rules (`mtgkb show` prints them, "
                    "KnowledgeBase.rules returns them)"
                ).format(text=number)
            )
        parsed, whole = query.target, query.whole
        docs = self.candidates(lang, edition)
        key = str(parsed)
        for doc in docs:
            found = self.cache.built.get((doc["id"], key))
            if found is None:
                if not self.cache.holds(doc["id"], key):
                    continue
                source = self.cache.index(doc)
                positions = source.positions(key)
                found = self.rule_view(source, _present(source.row(positions[0])), duplicates=len(positions) - 1)
                self.cache.remember((doc["id"], key), found)
            found = _copy(found)
            if found.lang != "en" and found.defining_rule is None and found.children and is_keyword_rule(key):
                found.defining_rule = self.translated_defining(found)
            if not whole:
                found.children, found.subrules = [], False
            found.in_force = in_force_note(edition, found.edition)
            if query.examples:
                found.asked_examples = asked_examples(found, query.example)
            return found
        raise self.not_found(parsed, docs, lang, edition)

    def translated_defining(self, rule: Rule) -> str | None:
        """A translation's defining subrule: the English one of the same edition (the translation keeps
        its numbers), where that edition is held and the subrule is in the translation too."""
        if rule.edition is None or not any(
            d["lang"] == "en" and d["edition"] == rule.edition for d in self.cache.documents()
        ):
            return None
        try:
            english = self.rule(rule.number, lang="en", edition=rule.edition)
        except RuleNotFound:
            return None
        children = {child.number for child in rule.children}
        return english.defining_rule if english.defining_rule in children else None

    def not_found(self, number: RuleNumber, docs: list[dict], lang: str | None, edition: str | None) -> RuleNotFound:
        """The failure of a lookup: the same rule where the number names it elsewhere (through the chain),
        then the nearest numbers of the best document."""
        # The nearest numbers come from an English document where one was a candidate: a partial
        # translation preferred for the interface language would suggest only its few rules.
        nearest_doc = next((d for d in docs if d["lang"] == "en"), docs[0]) if docs else None
        nearest = self.cache.index(nearest_doc).nearest(number) if nearest_doc else []
        self.cache.documents()
        found = counterparts_of(self.conn, str(number), docs, self.cache.by_id())
        message = not_found_message(number, lang, edition)
        if found:
            first, where = found[0], format_edition(found[0]["edition"] or found[0]["document"])
            message += "; " + _("in {where} this rule is {number} ({original} of {edition})").format(
                where=where,
                number=first["number"],
                original=first["of"]["number"],
                edition=format_edition(first["of"]["edition"] or first["of"]["document"]),
            )
            message += "".join(
                "; "
                + _("the {original} of {edition} is {number} there").format(
                    original=c["of"]["number"],
                    edition=format_edition(c["of"]["edition"] or c["of"]["document"]),
                    number=c["number"],
                )
                for c in found[1:]
            )
        numbers = [c["number"] for c in found]
        return RuleNotFound(message, numbers + [n for n in nearest if n not in numbers], found)

    def rules(self, reference: str, *, lang: str | None = None, edition: str | None = None) -> list[Rule]:
        """A number with its subtree, or a range like "601.2a–h", in document order; "702.26." (a
        trailing dot) the rule alone."""
        query = read_query(reference)
        target = query.target
        if isinstance(target, RuleNumber) and (not query.whole or query.examples):
            return [self.rule(reference, lang=lang, edition=edition)]
        first = self.rule(str(query.number), lang=lang, edition=edition)
        source = self.cache.index(self.document_row(first.document))
        chosen = source.subtree(target) if isinstance(target, RuleNumber) else source.span(target.start, target.end)
        return [self.rule_view(source, _present(source.row(seq))) for seq in chosen]

    def rule_view(self, source: "DocumentIndex | SqlDocument", row: dict, duplicates: int = 0) -> Rule:
        doc = source.doc
        number = row["number"]
        parent = RuleLink(row["parent"], source.title_of(row["parent"])) if row["parent"] else None
        previous, following = source.row(row["seq"] - 1), source.row(row["seq"] + 1)
        others = self.other_versions(row["id"], number, doc["id"])
        children = source.children_of(number)
        defining = (
            defining_subrule(number, [(c["number"], c["text"] or "") for c in children])
            if doc["lang"] == "en" and is_keyword_rule(number)
            else None
        )
        return Rule(
            number=number,
            kind=row["kind"],
            title=row["title"],
            text=row["text"] or "",
            examples=source.examples_of(row["id"]),
            lang=doc["lang"],
            edition=doc["edition"],
            document=doc["name"],
            line=row["line"],
            anchor=RuleNumber.parse(number).anchor,
            parent=parent,
            children=[RuleLink(child["number"], child["title"]) for child in children],
            defining_rule=defining,
            previous=RuleLink(previous["number"], previous["title"]) if previous else None,
            next=RuleLink(following["number"], following["title"]) if following else None,
            cites=[reference(ref, doc) for ref in source.outgoing_of(row["id"])],
            cited_by=[reference(ref, doc) for ref in source.incoming(number)],
            commentary=source.commentary_of(number),
            other_versions=others,
            duplicates=duplicates,
            scenarios=self.cache.scenarios(row["id"], number),
            current=self.cache.current(row["id"], doc, number, others),
        )

    def other_versions(self, rule_id: int, number: str, doc_id: int) -> list[dict]:
        """The same rule in every other document, through the renumbering chain and each translation's
        English pivot (kb.store.identity), grouped by language, newest first."""
        return list(self.cache.versions(rule_id, number, doc_id))

    def document_rules(self, name: str) -> "Iterator[Rule]":
        """Every rule of one document in document order, each built when it is asked for."""
        doc = self.document_row(name)
        source = self.cache.index(doc)
        while not isinstance(source, DocumentIndex):  # read whole: ask until the cache holds it in memory
            source = self.cache.index(doc)
        return (self.rule_view(source, row) for row in source.rows)

    def document_glossary(self, name: str) -> list["GlossaryEntry"]:
        """The glossary of one document in its printed order."""
        from kb.core.results import GlossaryEntry  # lazy: its dataclasses cost a fresh show 4 ms

        doc = self.document_row(name)
        targets: dict[int, list[str]] = {}
        for glossary_id, target in self.conn.execute(
            "select r.glossary_id, r.target from refs r join glossary g on g.id = r.glossary_id "
            "where g.document_id = ? order by r.id",
            [doc["id"]],
        ):
            targets.setdefault(glossary_id, []).append(target)
        found = rows(self.conn, "select * from glossary where document_id = ? order by seq", [doc["id"]])
        return [
            GlossaryEntry.from_row(
                {**row, "lang": doc["lang"], "edition": doc["edition"], "document": name}, targets.get(row["id"], [])
            )
            for row in found
        ]

    # ---- citations -----------------------------------------------------------------------

    _REF_SQL = (
        "select r.raw, r.target, r.title, r.resolved, r.title_matches, src.number as source, g.term as glossary_term, "
        "d.name as document, d.lang, d.edition from refs r join documents d on d.id = r.document_id "
        "left join rules src on src.id = r.rule_id left join glossary g on g.id = r.glossary_id where "
    )

    def references(self, where: str, params: list) -> list[Reference]:
        """Citations matching an SQL condition over refs r and documents d, in stored order."""
        return [
            Reference(
                source=row["source"],
                glossary_term=row["glossary_term"],
                raw=row["raw"],
                target=row["target"],
                title=row["title"],
                resolved=bool(row["resolved"]),
                title_matches=None if row["title_matches"] is None else bool(row["title_matches"]),
                document=row["document"],
                lang=row["lang"],
                edition=row["edition"],
            )
            for row in rows(self.conn, self._REF_SQL + where + " order by r.id", params)
        ]

    def broken_references(self, where: str, params: list) -> list[Reference]:
        """Citations that are really broken, among those matching an SQL condition (as ``references``).

        A full text's citation is broken when its document lacks the target or the quoted title
        differs (the actual title is given). A partial document (an excerpt, a glossary-only list)
        holds few rules: its citations of rules it does not hold are checked in the full text it
        belongs to (same language and date, else its English pivot), and reported only when that
        lacks them too; one with no such text is left out, as nothing can be said of it.
        """
        sql = (
            self._REF_SQL.replace(
                " from refs r",
                ", r.target_start, r.target_end, d.id as document_id, d.format, "
                "d.rules as document_rules, (select t.title from rules t where t.document_id = "
                "r.document_id and t.number = r.target limit 1) as actual_title from refs r",
            )
            + "(r.resolved = 0 or r.title_matches = 0) and "
            + where
            + " order by r.id"
        )
        return really_broken(self, rows(self.conn, sql, params))

    # ---- glossary ------------------------------------------------------------------------

    def glossary(self, term: str, *, lang: str | None = None, edition: str | None = None) -> list["GlossaryEntry"]:
        """Glossary entries whose term (or English name) is ``term``; else those that contain it."""
        from kb.core.results import GlossaryEntry  # lazy: its dataclasses cost a fresh show 4 ms

        folded = term.strip().casefold()
        if not folded:
            raise BadInput(_("empty glossary term"))
        docs = {d["id"]: d for d in self.candidates(lang, edition)}
        marks = ",".join("?" * len(docs))
        base = (
            f"select g.*, d.name as document, d.lang, d.edition from glossary g join documents d "
            f"on d.id = g.document_id where g.document_id in ({marks}) and "
        )
        found = rows(self.conn, base + "(lower(g.term) = ? or lower(g.english) = ?)", [*docs, folded, folded])
        if not found:
            like = f"%{folded}%"
            found = rows(
                self.conn, base + "(lower(g.term) like ? or lower(g.english) like ?) limit 50", [*docs, like, like]
            )
        order = {doc_id: i for i, doc_id in enumerate(docs)}
        found.sort(key=lambda row: order[row["document_id"]])
        return [
            GlossaryEntry.from_row(
                row,
                [
                    r["target"]
                    for r in rows(self.conn, "select target from refs where glossary_id = ? order by id", [row["id"]])
                ],
            )
            for row in found
        ]


def rows(conn: sqlite3.Connection, sql: str, params: "list | tuple" = ()) -> list[dict]:
    """Rows of a query as dicts."""
    cursor = conn.execute(sql, list(params))
    columns = [c[0] for c in cursor.description]
    return [dict(zip(columns, row)) for row in cursor.fetchall()]


def reference(ref: RefRow, doc: dict) -> Reference:
    return Reference(
        source=ref.source,
        glossary_term=ref.glossary_term,
        raw=ref.raw,
        target=ref.target,
        title=ref.title,
        resolved=ref.resolved,
        title_matches=ref.title_matches,
        document=doc["name"],
        lang=doc["lang"],
        edition=doc["edition"],
    )


def _copy(rule: Rule) -> Rule:
    """A remembered rule handed out: its fields may be reassigned (the facade adds an undated
    document's context), the remembered one stays as built. Its lists are shared and not changed."""
    copied = object.__new__(Rule)
    copied.__dict__.update(rule.__dict__)
    return copied


def _present(row: dict | None) -> dict:
    """A row found by a position the index just gave."""
    assert row is not None
    return row


def asked_examples(rule: Rule, index: int | None) -> list[int]:
    """The examples a query names, counted from 1: all of them, or the ``index``-th; ExampleNotFound
    says how many the rule has when it has none or fewer."""
    count = len(rule.examples)
    if count and (index is None or index <= count):
        return [index] if index else list(range(1, count + 1))
    if not count:
        message = _("rule {number} has no examples").format(number=rule.number)
    else:
        message = ngettext(
            "rule {number} has {n} example; there is no example {index}",
            "rule {number} has {n} examples; there is no example {index}",
            count,
        ).format(number=rule.number, n=count, index=index)
    raise ExampleNotFound(message, [f"ex {i} {rule.number}" for i in range(1, count + 1)], count)


def not_found_message(number: RuleNumber, lang: str | None, edition: str | None) -> str:
    """ "rule ... not found", naming the language and edition looked in (whole sentences for translators)."""
    if lang and edition:
        message = _("rule {number} not found in language {lang}, edition {edition}")
    elif lang:
        message = _("rule {number} not found in language {lang}")
    elif edition:
        message = _("rule {number} not found in edition {edition}")
    else:
        message = _("rule {number} not found")
    return message.format(number=number, lang=lang, edition=edition)


def in_force_note(edition: str | None, found: str | None) -> dict | None:
    """{"date", "edition"} when ``edition`` is a date between editions and ``found`` the edition in force then."""
    if not edition or not found:
        return None
    date = normalise_edition(edition)
    return {"date": date, "edition": found} if is_date(date) and date != found else None
