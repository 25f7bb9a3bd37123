"""Which rule of one edition is which rule of the newest: grouping results across editions.

kb.history stores the renumbering chain between consecutive English editions; walking
it back from the newest edition gives every chained rule its number of today ("702.23"
of 2010 is "702.26"). A translation borrows the chain of the English edition of its
date. The newest editions of the languages need not share a numbering either (the newest
Japanese text, of 2026-01-16, numbers Day and Night 730; today's English 731, after
722 Preparation Cards came in): there each rule is grouped under the number its lineage
(kb.store.counterparts) has in the scope's English edition. Where neither is stored (or the
lineage is not in that edition), rules are grouped by their own number.
"""

from __future__ import annotations

import sqlite3

from kb.search.scope import Scope, ScopeDocument
from kb.store import Store
from kb.store.state import derived


def grouping(store: Store, scope: Scope) -> str:
    """ "chain" when results of all editions are grouped through the renumbering chain, else "number"."""
    return "chain" if scope.label == "all" and _newest_numbers(store) else "number"


def group_keys(
    store: Store, scope: Scope, items: list[tuple[ScopeDocument, str]]
) -> dict[tuple[str, str], tuple[str, str]]:
    """(document name, number) -> (family, number of the group) for each item."""
    chained = _newest_numbers(store) if scope.label == "all" else {}
    partners = _english_of_edition(store, scope) if chained else {}
    across = _as_english(store, scope, items) if scope.label == "newest" else {}
    keys = {}
    for doc, number in items:
        if doc.renumbered:
            today = scope.renumbering.get(doc.name, {}).get(number)
            keys[(doc.name, number)] = (doc.family, today) if today else (f"doc:{doc.name}", number)
        elif (doc.id, number) in across:
            keys[(doc.name, number)] = (doc.family, across[(doc.id, number)])
        else:
            mapping = chained.get(doc.id) or chained.get(partners.get(doc.edition, -1)) if doc.edition else None
            keys[(doc.name, number)] = (doc.family, (mapping or {}).get(number, number))
    return keys


def _as_english(store: Store, scope: Scope, items: list[tuple[ScopeDocument, str]]) -> dict[tuple[int, str], str]:
    """(document id, number) -> the number of the same rule (its lineage) in the scope's English
    edition, for the dated documents of another edition. A rule whose lineage that edition lacks
    (or a database that does not hold the English edition a translation pairs with, so that its
    lineages are its own) is grouped by its number, as before the counterparts table."""
    english = next((d for d in scope.documents if d.lang == "en" and d.edition and d.family == "newest"), None)
    if english is None:
        return {}
    wanted: dict[int, set[str]] = {}
    for doc, number in items:
        if doc.edition and doc.edition != english.edition and not doc.renumbered:
            wanted.setdefault(doc.id, set()).add(number)
    found: dict[tuple[int, str], str] = {}
    for doc_id, numbers in wanted.items():
        try:
            # Through the rules' (document, number) index: counterparts' own index by number reads
            # every edition's row of each number (most of a warm search's time).
            rows = store.conn.execute(
                "select r.number, t.number from rules r join counterparts c on c.rule_id = r.id "
                "join counterparts t on t.lineage = c.lineage and t.document_id = ? "
                f"where r.document_id = ? and r.number in ({','.join('?' * len(numbers))})",
                [english.id, doc_id, *numbers],
            ).fetchall()
        except sqlite3.OperationalError:  # no counterparts table: grouped by number
            return {}
        for number, today in rows:
            found.setdefault((doc_id, number), today)
    return found


def undated_renumbering(conn) -> dict[str, dict[str, str]]:
    """Undated document -> {its rule number: today's number}, through the English edition
    kb.history inferred it was taken from (the newest of the range) and the renumbering chain.

    Computed when the index is written (a second over 135 editions) and stored with it.
    """
    try:
        inferred = conn.execute(
            "select d.name, i.last from edition_inference i join documents d "
            "on d.id = i.document_id where d.edition is null and i.last is not null"
        ).fetchall()
    except sqlite3.OperationalError:  # no history stored in this database
        return {}
    if not inferred:
        return {}
    walked = _walk(conn)
    english: dict[str, int] = {}  # edition -> id of its first chained English document
    for doc_id, edition in conn.execute(
        "select id, edition from documents where lang = 'en' and edition is not null order by length(name), name"
    ):
        if doc_id in walked:
            english.setdefault(edition, doc_id)
    found = {}
    for name, last in inferred:
        mapping = walked.get(english.get(last, -1))
        if not mapping:
            continue
        numbers = [
            row[0]
            for row in conn.execute(
                "select r.number from rules r join documents d on d.id = r.document_id where d.name = ?", [name]
            )
        ]
        found[name] = {number: mapping[number] for number in numbers if number in mapping}
    return {name: mapping for name, mapping in found.items() if mapping}


def _english_of_edition(store: Store, scope: Scope) -> dict[str, int]:
    """Edition -> id of the chained English document of that date."""
    chained = _newest_numbers(store)
    found: dict[str, int] = {}
    for doc_id, edition in store.conn.execute(
        "select id, edition from documents where lang = 'en' and edition is not null"
    ):
        if doc_id in chained:
            found.setdefault(edition, doc_id)
    return found


def _newest_numbers(store: Store) -> dict[int, dict[str, str]]:
    """Document id -> {number in that edition: number in the newest}, for the chained English editions.

    Kept in the store's derived cache, whose state counts the pairing runs kb.history stores."""
    try:
        store.conn.execute("select 1 from pairing_runs limit 1")
    except sqlite3.OperationalError:  # kb.history has not stored a chain in this database
        return {}
    return derived(store.conn, "search.newest-numbers", (), lambda: _walk(store.conn))


def _walk(conn) -> dict[int, dict[str, str]]:
    # Walked only to write the index or to search all editions: a default search never loads kb.history.
    from kb.history.chain import chain_documents, compose, runs_between  # lazy: kb.history, 18 modules ~50 ms

    chain = chain_documents(conn)
    if len(chain) < 2:
        return {}
    newest = chain[-1]
    current = {
        rule_id: number
        for rule_id, number in conn.execute("select id, number from rules where document_id = ?", [newest.id])
    }
    found = {newest.id: _by_number(conn, newest.id, current)}
    for position in range(len(chain) - 1, 0, -1):
        runs = runs_between(conn, chain, position, position - 1)
        if not runs:
            break
        step = compose(conn, runs, list(current), backwards=True)
        current = {old: current[new] for new, old in step.items()}
        found[chain[position - 1].id] = _by_number(conn, chain[position - 1].id, current)
    return found if len(found) > 1 else {}


def _by_number(conn, doc_id: int, newest: dict[int, str]) -> dict[str, str]:
    mapping: dict[str, str] = {}
    for rule_id, number in conn.execute("select id, number from rules where document_id = ? order by seq", [doc_id]):
        if rule_id in newest:
            mapping.setdefault(number, newest[rule_id])
    return mapping
