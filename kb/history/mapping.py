"""Rule numbers of one English edition mapped to another's through the stored renumbering chain,
for a whole document at once (a side-by-side page of two documents aligns every rule by it).

A trace follows one rule; this composes the chain's primary pairs run by run for every rule of
the first edition (one query per release), so the 2010 numbers land on today's in well under a
second. Rules the chain does not carry (removed, or split or merged away) are left out.
"""

from __future__ import annotations

from kb.core.errors import BadInput
from kb.history.chain import chain_documents, compose, runs_between
from kb.history.model import connection
from kb.history.resolve import chain_position, resolve_document
from kb.i18n import _


def number_map(source, old: str, new: str) -> dict[str, str]:
    """Every number of English edition (or document) ``old`` -> its number in ``new``."""
    conn = connection(source)
    chain = chain_documents(conn)
    a, b = resolve_document(conn, old, lang="en"), resolve_document(conn, new, lang="en")
    first, last = chain_position(chain, a), chain_position(chain, b)
    if first is None or last is None:
        raise BadInput(
            _("{old} and {new} must both be English editions of the renumbering chain").format(old=a.name, new=b.name),
            [c.name for c in chain[-3:]],
        )
    start = dict(conn.execute("select id, number from rules where document_id = ?", [chain[first].id]).fetchall())
    if first == last:
        return {number: number for number in start.values()}
    runs = runs_between(conn, chain, first, last)
    if runs is None:
        raise BadInput(
            _("the renumbering chain between {old} and {new} is not stored: run 'mtgkb import' to update it").format(
                old=a.name, new=b.name
            )
        )
    ids = compose(conn, runs, list(start), backwards=last < first)
    numbers = dict(conn.execute("select id, number from rules where document_id = ?", [chain[last].id]).fetchall())
    return {start[old_id]: numbers[new_id] for old_id, new_id in ids.items() if new_id in numbers}


def rule_texts(source, document: str) -> list[tuple[str, str, str | None, str]]:
    """(number, kind, title, text) of every rule of a document in document order: what a
    side-by-side row shows, read in one query rather than as full rules with their citations."""
    conn = connection(source)
    return conn.execute(
        "select r.number, r.kind, r.title, coalesce(r.text, '') from rules r join documents d "
        "on d.id = r.document_id where d.name = ? order by r.seq",
        [document],
    ).fetchall()
