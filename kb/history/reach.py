"""How much of each edition the renumbering chain carries through to the newest one.

A trace follows one rule run by run; this answers the same question for every rule of every
edition at once, walking the stored pairings from the newest edition back (one query per run),
so the audit of the whole chain takes seconds instead of one trace per rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.core.model import Serialisable
from kb.history.chain import chain_documents, runs_between
from kb.history.diff import REMOVED, SPLIT
from kb.history.model import connection


@dataclass
class EditionReach(Serialisable):
    edition: str
    document: str
    rules: int  # rules, subrules, chapters and sections of the edition
    reach: int  # how many of them a forward trace follows to the newest edition

    json_extra = ("fraction",)
    json_round = {"fraction": 4}

    @property
    def fraction(self) -> float:
        return self.reach / self.rules if self.rules else 0.0


def chain_reach(source) -> list[EditionReach]:
    """For every edition of the chain (oldest first): its rules, and how many reach the newest edition."""
    conn = connection(source)
    chain = chain_documents(conn)
    if not chain:
        return []
    runs = runs_between(conn, chain, 0, len(chain) - 1) or []
    alive = {row[0] for row in conn.execute("select id from rules where document_id = ?", [chain[-1].id])}
    found = [EditionReach(chain[-1].edition, chain[-1].name, len(alive), len(alive))]
    for k in range(len(runs) - 1, -1, -1):
        following = _next_rules(conn, runs[k])
        doc = chain[k]
        ids = [row[0] for row in conn.execute("select id from rules where document_id = ?", [doc.id])]
        alive = {rule for rule in ids if following.get(rule) in alive}
        found.append(EditionReach(doc.edition, doc.name, len(ids), len(alive)))
    return found[::-1]


def _next_rules(conn, run: int) -> dict[int, int | None]:
    """Old rule id -> the rule a forward trace continues with (None where it was removed),
    as kb.history.trace chooses: the primary row, never a split part beside it."""
    following: dict[int, int | None] = {}
    for old, new, change in conn.execute(
        "select old_rule, new_rule, change from pairings where run_id = ? and old_rule is not null", [run]
    ):
        if change == SPLIT and old in following:
            continue
        following[old] = None if change == REMOVED else new
    return following
