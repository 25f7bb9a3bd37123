"""In-memory indexes of documents, so that a rule lookup is a few dictionary reads.

Bots and the HTTP API look rules up by the thousand; a lookup that ran ten SQL
queries would cap them at about a thousand a second. A document's rules, examples,
citations and family links are loaded once in a few queries, and dropped when the
database changes (SQLite's data_version tells when another connection wrote;
our own writes call ``clear``).
"""

from __future__ import annotations

import bisect
import sqlite3
from collections import defaultdict, namedtuple
from typing import TYPE_CHECKING

from kb.core.numbers import RuleNumber
from kb.store.documents import document_rows
from kb.store.identity import OFFICIAL, document_order, document_roles, has_counterparts, lineage_rows, versions

if TYPE_CHECKING:
    from kb.core.model import Rule

# A citation as lookups need it. A named tuple, not a dataclass: this module is on the path of
# every fresh `mtgkb show`, where each class built at import time counts.
RefRow = namedtuple(
    "RefRow", "source glossary_term raw target title resolved title_matches target_kind start_key end_key"
)


def ref_row(source, term, raw, target, title, resolved, matches, kind, start, end) -> RefRow:
    """A reference as the refs table stores it, its flags as booleans (``title_matches`` None when unchecked)."""
    return RefRow(
        source, term, raw, target, title, bool(resolved), None if matches is None else bool(matches), kind, start, end
    )


class DocumentIndex:
    """Everything a lookup needs about one document."""

    def __init__(self, doc: dict, rows: list[dict]):
        self.doc = doc
        self.rows = rows
        self.by_number: dict[str, list[int]] = {}
        self.children: dict[str, list[int]] = {}
        self.examples: dict[int, list[str]] = {}
        self.outgoing: dict[int, list[RefRow]] = {}
        self.refs: list[RefRow] = []
        self.commentary: dict[str, list[dict]] = {}
        self.keys: list[str] = []  # sort keys, sorted, for nearest numbers
        self.key_numbers: list[str] = []
        self._incoming: dict[str, list[RefRow]] | None = None

    @classmethod
    def load(cls, conn: sqlite3.Connection, doc: dict) -> "DocumentIndex":
        doc_id = doc["id"]
        cursor = conn.execute(
            "select id, seq, number, sort_key, kind, parent, title, text, line from rules "
            "where document_id = ? order by seq",
            [doc_id],
        )
        names = [c[0] for c in cursor.description]
        rows = [dict(zip(names, row)) for row in cursor]
        index = cls(doc, rows)
        for position, row in enumerate(rows):
            index.by_number.setdefault(row["number"], []).append(position)
            if row["parent"]:
                index.children.setdefault(row["parent"], []).append(position)
        ordered = sorted({(row["sort_key"], row["number"]) for row in rows})
        index.keys = [key for key, _ in ordered]
        index.key_numbers = [number for _, number in ordered]
        examples: dict[int, list[str]] = defaultdict(list)
        for rule_id, text in conn.execute(
            "select rule_id, text from examples where document_id = ? order by rule_id, position", [doc_id]
        ):
            examples[rule_id].append(text)
        index.examples = dict(examples)
        for rule_id, source, term, raw, target, title, resolved, matches, kind, start, end in conn.execute(
            "select r.rule_id, src.number, g.term, r.raw, r.target, r.title, r.resolved, r.title_matches, "
            "r.target_kind, r.start_key, r.end_key from refs r left join rules src on src.id = r.rule_id "
            "left join glossary g on g.id = r.glossary_id where r.document_id = ? order by r.id",
            [doc_id],
        ):
            ref = ref_row(source, term, raw, target, title, resolved, matches, kind, start, end)
            index.refs.append(ref)
            if rule_id is not None:
                index.outgoing.setdefault(rule_id, []).append(ref)
        for heading, text, line, rule in conn.execute(
            "select heading, text, line, rule from commentary where document_id = ? order by line", [doc_id]
        ):
            index.commentary.setdefault(rule, []).append({"heading": heading, "text": text, "line": line})
        return index

    def positions(self, number: str) -> list[int]:
        return self.by_number.get(number, [])

    def row(self, seq: int) -> dict | None:
        return self.rows[seq] if 0 <= seq < len(self.rows) else None

    def title_of(self, number: str) -> str | None:
        found = self.by_number.get(number)
        return self.rows[found[0]]["title"] if found else None

    def children_of(self, number: str) -> list[dict]:
        return [self.rows[i] for i in self.children.get(number, [])]

    def examples_of(self, rule_id: int) -> list[str]:
        return list(self.examples.get(rule_id, []))

    def outgoing_of(self, rule_id: int) -> list[RefRow]:
        return self.outgoing.get(rule_id, [])

    def commentary_of(self, number: str) -> list[dict]:
        return list(self.commentary.get(number, []))

    def subtree(self, number: RuleNumber) -> list[int]:
        key = number.sort_text
        return [i for i, row in enumerate(self.rows) if row["sort_key"] == key or row["sort_key"].startswith(key + ".")]

    def span(self, start: RuleNumber, end: RuleNumber) -> list[int]:
        """Every rule from ``start`` to the end of ``end``'s subtree, in document order (sort keys
        sort as the numbers do: "1.100" < "1.100.0001" < "2" < "3.300")."""
        low, high, below = start.sort_text, end.sort_text, end.sort_text + "."
        return [
            i
            for i, row in enumerate(self.rows)
            if low <= row["sort_key"] and (row["sort_key"] <= high or row["sort_key"].startswith(below))
        ]

    def incoming(self, number: str) -> list[RefRow]:
        """Citations whose target (a number or a range) covers ``number``."""
        if self._incoming is None:
            found: dict[str, list[RefRow]] = defaultdict(list)
            for ref in self.refs:
                if ref.start_key == ref.end_key:
                    found[ref.start_key].append(ref)
                    continue
                low = bisect.bisect_left(self.keys, ref.start_key)
                high = bisect.bisect_right(self.keys, ref.end_key)
                depth = ref.start_key.count(".")
                for key in self.keys[low:high]:
                    if key.count(".") == depth:
                        found[key].append(ref)
            self._incoming = dict(found)
        return self._incoming.get(RuleNumber.parse(number).sort_text, [])

    def nearest(self, number: RuleNumber, count: int = 3) -> list[str]:
        at = bisect.bisect_left(self.keys, number.sort_text)
        before = self.key_numbers[max(0, at - count) : at]
        after = [n for n in self.key_numbers[at : at + count + 1] if n != str(number)][:count]
        return before + after


_RULE_COLUMNS = "id, seq, number, sort_key, kind, parent, title, text, line"
_REF_QUERY = (
    "select src.number, g.term, r.raw, r.target, r.title, r.resolved, r.title_matches, r.target_kind, "
    "r.start_key, r.end_key from refs r left join rules src on src.id = r.rule_id "
    "left join glossary g on g.id = r.glossary_id where r.document_id = ? and "
)


class SqlDocument:
    """The same questions as DocumentIndex, answered by SQL: for one-off lookups.

    A fresh ``mtgkb show`` needs one rule; loading the whole document first would
    cost more than the lookup.
    """

    def __init__(self, conn: sqlite3.Connection, doc: dict):
        self.conn = conn
        self.doc = doc

    def _rows(self, where: str, params: list) -> list[dict]:
        cursor = self.conn.execute(
            f"select {_RULE_COLUMNS} from rules where document_id = ? and {where} order by seq",
            [self.doc["id"], *params],
        )
        names = [c[0] for c in cursor.description]
        return [dict(zip(names, row)) for row in cursor]

    def _refs(self, where: str, params: list) -> list[RefRow]:
        return [
            ref_row(source, term, raw, target, title, resolved, matches, kind, start, end)
            for source, term, raw, target, title, resolved, matches, kind, start, end in self.conn.execute(
                _REF_QUERY + where + " order by r.id", [self.doc["id"], *params]
            )
        ]

    def positions(self, number: str) -> list[int]:
        return [row["seq"] for row in self._rows("number = ?", [number])]

    def row(self, seq: int) -> dict | None:
        found = self._rows("seq = ?", [seq])
        return found[0] if found else None

    def title_of(self, number: str) -> str | None:
        found = self._rows("number = ?", [number])
        return found[0]["title"] if found else None

    def children_of(self, number: str) -> list[dict]:
        return self._rows("parent = ?", [number])

    def examples_of(self, rule_id: int) -> list[str]:
        return [
            text
            for (text,) in self.conn.execute("select text from examples where rule_id = ? order by position", [rule_id])
        ]

    def outgoing_of(self, rule_id: int) -> list[RefRow]:
        return self._refs("r.rule_id = ?", [rule_id])

    def incoming(self, number: str) -> list[RefRow]:
        parsed = RuleNumber.parse(number)
        key = parsed.sort_text
        return self._refs("r.target_kind = ? and r.start_key <= ? and r.end_key >= ?", [parsed.kind, key, key])

    def commentary_of(self, number: str) -> list[dict]:
        cursor = self.conn.execute(
            "select heading, text, line from commentary where document_id = ? and rule = ? order by line",
            [self.doc["id"], number],
        )
        return [{"heading": h, "text": t, "line": l} for h, t, l in cursor]

    def subtree(self, number: RuleNumber) -> list[int]:
        key = number.sort_text
        return [row["seq"] for row in self._rows("(sort_key = ? or sort_key like ?)", [key, key + ".%"])]

    def span(self, start: RuleNumber, end: RuleNumber) -> list[int]:
        high = end.sort_text
        return [
            row["seq"]
            for row in self._rows(
                "sort_key >= ? and (sort_key <= ? or sort_key like ?)", [start.sort_text, high, high + ".%"]
            )
        ]

    def nearest(self, number: RuleNumber, count: int = 3) -> list[str]:
        key = number.sort_text
        before = [
            n
            for (n,) in self.conn.execute(
                "select number from rules where document_id = ? and sort_key < ? order by sort_key desc limit ?",
                [self.doc["id"], key, count],
            )
        ]
        after = [
            n
            for (n,) in self.conn.execute(
                "select number from rules where document_id = ? and sort_key > ? order by sort_key limit ?",
                [self.doc["id"], key, count],
            )
        ]
        return list(reversed(before)) + after


# A document is loaded into memory once it has been asked this often; before, SQL answers.
LOAD_AFTER = 3
# What one connection's lookups keep, each table bounded, the least recently used out first (figures
# of the whole corpus, bench/bench_memory.py): a whole edition in memory is about 6 MB, a rule's
# "also in" list up to 30 KB (110 versions), a built rule holds its list. So about 70 MB of documents,
# 60 MB of lists and rules at most per connection; a server has three (docs/http.md).
DOCUMENTS_IN_MEMORY = 12
VERSIONS_KEPT = 2_048  # rules whose "also in" list, lineage and today's version are kept
BUILT_RULES = 2_048  # built rules kept for repeated lookups
CANDIDATES_KEPT = 256  # (language, edition, interface language) choices of documents


def keep(table: dict, key, value, bound: int):
    """Store ``value`` in ``table``, first dropping its oldest entry when it holds ``bound`` already."""
    if key not in table and len(table) >= bound:
        del table[next(iter(table))]
    table[key] = value
    return value


def recent(table: dict, key):
    """``table[key]`` (or None), marked most recently used: moved to the end, dropped last."""
    found = table.pop(key, None)
    if found is not None:
        table[key] = found
    return found


class LookupCache:
    """Documents, their indexes and where each number exists, for one connection."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self.version: int | None = None
        self._documents: list[dict] | None = None
        self._indexes: dict[int, DocumentIndex] = {}
        self._asked: dict[int, int] = {}
        self._where: dict[str, frozenset[int]] | None = None
        self._by_id: dict[int, dict] = {}
        self._scenarios: dict[str, list[dict]] | None = None
        self.candidates: dict[tuple, list[dict]] = {}  # ranked documents per (lang, edition, ui language)
        self._versions: dict[int, list[dict]] = {}  # rule id -> its other versions ("also in")
        self._lineages: dict[int, list | None] = {}  # rule id -> its lineage rows (kb.store.identity)
        self._current: dict[int, dict | None] = {}  # rule id -> today's English version of it
        self._roles: dict[int, str] | None = None
        self._order: dict[int, tuple] | None = None  # each document's place in "also in" lists
        self._identity: bool | None = None  # whether the counterparts table can be read
        self._newest: dict | None = None  # the newest official English edition
        self.memo: dict = {}  # what features derive from the stored data, dropped with it (glossary names)
        self.built: dict[tuple[int, str], Rule] = {}  # (document id, number) -> its Rule, the latest asked

    def clear(self) -> None:
        self.memo = {}
        self.built = {}
        self._versions = {}
        self._lineages = {}
        self._current = {}
        self._roles = None
        self._order = None
        self._identity = None
        self._documents = None
        self._indexes = {}
        self._asked = {}
        self._where = None
        self._scenarios = None
        self.candidates = {}

    def remember(self, key: tuple[int, str], rule: Rule) -> None:
        """Keep a built rule for the next lookup of it: bots and the server ask for the same rules
        over and over. The oldest is dropped past ``BUILT_RULES``, so a whole-document walk stays small."""
        keep(self.built, key, rule, BUILT_RULES)

    def _fresh(self) -> None:
        version = self.conn.execute("pragma data_version").fetchone()[0]
        if version != self.version:
            self.version = version
            self.clear()

    def documents(self) -> list[dict]:
        """All documents; the one place that notices another connection's writes."""
        self._fresh()
        if self._documents is None:
            self._documents = document_rows(self.conn)
            self._by_id = {doc["id"]: doc for doc in self._documents}
        return self._documents

    def document_by_id(self, doc_id: int) -> dict | None:
        """A document of the last ``documents()`` call (no freshness check: same lookup)."""
        return self._by_id.get(doc_id)

    def by_id(self) -> dict[int, dict]:
        """The documents of the last ``documents()`` call by id."""
        return self._by_id

    def versions(self, rule_id: int, number: str, doc_id: int) -> list[dict]:
        """A rule's versions in the other documents (kb.store.identity), once per rule and database state."""
        found = recent(self._versions, rule_id)
        if found is not None:
            return found
        roles = self._read_roles()
        rows = self.lineage(rule_id)
        if rows is None:  # no identity stored (yet): the same number elsewhere
            rows = [(other, number, None) for other in sorted(self.documents_with(number))]
        if self._order is None:
            self._order = document_order(self._by_id, roles)
        return keep(self._versions, rule_id, versions(rows, doc_id, self._by_id, roles, self._order), VERSIONS_KEPT)

    def lineage(self, rule_id: int) -> list | None:
        """(document id, number, topic) of every rule of a rule's lineage; None without stored identities."""
        self._read_roles()
        if not self._identity:
            return None
        if rule_id in self._lineages:
            rows = self._lineages.pop(rule_id)
            self._lineages[rule_id] = rows  # the most recently used: dropped last
            return rows
        return keep(self._lineages, rule_id, lineage_rows(self.conn, rule_id), VERSIONS_KEPT)

    def _read_roles(self) -> dict[int, str]:
        """Each document's role, whether identities are stored, and the newest official edition."""
        if self._roles is None:
            docs = self.documents()
            self._roles = document_roles(docs)
            self._identity = has_counterparts(self.conn)
            self._newest = max(
                (d for d in docs if self._roles[d["id"]] == OFFICIAL),
                key=lambda d: (d["edition"], d["name"]),
                default=None,
            )
        return self._roles

    def current(self, rule_id: int, doc: dict, number: str, others: list[dict]) -> dict | None:
        """Today's English version of a rule: the newest official edition's, from ``others`` (its versions);
        remembered per rule like the versions."""
        if rule_id in self._current:
            return self._current[rule_id]
        self._read_roles()
        newest, found = self._newest, None
        if newest is not None and newest["id"] == doc["id"]:
            found = {"number": number, "edition": doc["edition"], "document": doc["name"]}
        elif newest is not None:
            version = next((v for v in others if v["document"] == newest["name"]), None)
            if version:
                found = {"number": version["number"], "edition": version["edition"], "document": version["document"]}
        return keep(self._current, rule_id, found, VERSIONS_KEPT)

    def index(self, doc: dict) -> "DocumentIndex | SqlDocument":
        """The document's rules: in memory once it is asked often, else through SQL."""
        asked = self._asked[doc["id"]] = self._asked.get(doc["id"], 0) + 1
        found = recent(self._indexes, doc["id"])
        if found is not None:
            return found
        if asked < LOAD_AFTER:
            return SqlDocument(self.conn, doc)
        if len(self._indexes) >= DOCUMENTS_IN_MEMORY:
            # Full: a document takes the place of the least asked one only when asked twice as often.
            # Lookups spread over more documents than fit then stay with SQL (about a millisecond
            # each) instead of loading a whole document for each of them.
            coldest = min(self._indexes, key=self._asked.__getitem__)
            if asked < 2 * self._asked[coldest]:
                return SqlDocument(self.conn, doc)
            del self._indexes[coldest]
        return keep(self._indexes, doc["id"], DocumentIndex.load(self.conn, doc), DOCUMENTS_IN_MEMORY)

    def scenarios(self, rule_id: int, number: str) -> list[dict]:
        """Stored scenario results of a rule: those whose number names a rule of its lineage in the
        scenario's edition, so 702.26b of 2010 (Cycling) gets none of today's phasing games, and the
        German 702.23b gets them all. Without stored identities, those of the same number."""
        rows = self.lineage(rule_id)
        if rows is None:
            return self._results_of([number]).get(number, [])
        held = {(doc_id, found) for doc_id, found, _topic in rows}
        results = self._results_of(sorted({found for _doc, found, _topic in rows}))
        kept = [
            result
            for found, listed in results.items()
            for result in listed
            if (self._edition_document(result["edition"]), found) in held
        ]
        return sorted(kept, key=lambda result: (result["file"], result["scenario"]))

    def _results_of(self, numbers: list[str]) -> dict[str, list[dict]]:
        """Stored results of some rule numbers (a one-off lookup reads only its own)."""
        if self._scenarios is None and self._one_off():
            return results_by_rule(self.conn, numbers)
        if self._scenarios is None:
            self._scenarios = results_by_rule(self.conn)
        return {number: list(self._scenarios[number]) for number in numbers if number in self._scenarios}

    def _edition_document(self, edition: str | None) -> int | None:
        """The official English document a scenario's edition reads its numbers in: that edition's,
        else the newest one before it (the chain's pivot rule, kb.store.counterparts), else the oldest."""
        roles = self._read_roles()
        official = sorted((d["edition"], d["name"], d["id"]) for d in self.documents() if roles[d["id"]] == OFFICIAL)
        if not official:
            return None
        if edition is None:
            return official[-1][2]
        before = [entry for entry in official if entry[0] <= edition]
        return (before[-1] if before else official[0])[2]

    def _one_off(self) -> bool:
        """Whether lookups are still few (no document asked for ``LOAD_AFTER`` times): then SQL
        answers for one rule, instead of loading what many lookups share."""
        return sum(self._asked.values()) < LOAD_AFTER

    def holds(self, doc_id: int, number: str) -> bool:
        """Whether a document has ``number``: one indexed probe for a one-off lookup (its best
        document usually has it), the map of every number once lookups are many."""
        if self._where is None and self._one_off():
            return (
                self.conn.execute(
                    "select 1 from rules where document_id = ? and number = ? limit 1", [doc_id, number]
                ).fetchone()
                is not None
            )
        return doc_id in self.documents_with(number)

    def documents_with(self, number: str) -> frozenset[int]:
        """Ids of the documents that have ``number``."""
        if self._where is None and self._one_off():
            return frozenset(
                doc_id
                for (doc_id,) in self.conn.execute("select distinct document_id from rules where number = ?", [number])
            )
        if self._where is None:
            where: dict[str, set[int]] = defaultdict(set)
            for rule_number, doc_id in self.conn.execute("select distinct number, document_id from rules"):
                where[rule_number].add(doc_id)
            self._where = {rule_number: frozenset(ids) for rule_number, ids in where.items()}
        return self._where.get(number, frozenset())


def results_by_rule(conn: sqlite3.Connection, numbers: list[str] | None = None) -> dict[str, list[dict]]:
    """Every stored result (or those of some rule numbers), keyed by rule number (empty when no
    scenario ran yet)."""
    if not conn.execute("select 1 from sqlite_master where name = 'scenario_results'").fetchone():
        return {}
    found: dict[str, list[dict]] = {}
    where, params = "", []
    if numbers is not None:
        where, params = f"where rule in ({','.join('?' * len(numbers))}) ", list(numbers)
    for scenario, file, rule, edition, passed, twins in conn.execute(
        "select scenario, file, rule, edition, passed, twins from scenario_results "
        + where
        + "order by file, scenario",
        params,
    ):
        found.setdefault(rule, []).append(
            {"scenario": scenario, "file": file, "edition": edition, "passed": bool(passed), "twins": bool(twins)}
        )
    return found
