"""Follow a rule through every edition of the chain, forwards or backwards.

Reads only the stored pairings: one indexed query per edition for the rule and
all its subrules together, so a trace over 135 editions takes milliseconds.
Each step says what happened to the rule between the edition before it (in time)
and its own edition.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from kb.core.errors import EditionNotFound, NotFound
from kb.core.model import Serialisable
from kb.history.chain import ChainDoc, chain_documents, runs_between
from kb.history.diff import ADDED, MERGED, REMOVED, SPLIT
from kb.history.model import connection
from kb.history.resolve import DocRow, chain_position, find_rule, resolve_document
from kb.i18n import _


@dataclass(slots=True)
class TraceStep:
    edition: str
    document: str
    number: str | None  # None where the rule no longer (or not yet) exists
    title: str | None
    change: str | None  # the change into this edition from the one before it; None for the first
    note: str | None = None  # split parts and merged rules beside the followed one


@dataclass
class Trace(Serialisable):
    number: str
    edition: str
    document: str
    direction: str  # "forward" or "back"
    steps: list[TraceStep]
    end: str  # where the trail ends, in words
    subrules: list["Trace"] = field(default_factory=list)

    @property
    def last(self) -> TraceStep:
        return self.steps[-1]


def trace(
    source, number: str, edition: str | None = None, *, to: str | None = None, back: bool = False, subrules: bool = True
) -> Trace:
    """Trace ``number`` of ``edition`` (default: the newest) to ``to`` (default: the newest edition,
    or with ``back`` the oldest). A rule brings its subrules, each traced on its own."""
    conn = connection(source)
    chain, start, end, back = _span(source, edition, to, back)
    doc = chain[start]
    rule_id, found, kind, title = find_rule(conn, DocRow(doc.id, doc.name, "en", doc.edition), number)
    followed = [(rule_id, found, title)]
    if subrules and kind == "rule":
        followed += conn.execute(
            "select id, number, title from rules where document_id = ? and parent = ? "
            "and kind = 'subrule' order by seq",
            [doc.id, found],
        ).fetchall()
    traces = _traces(conn, chain, start, end, followed, back)
    traces[0].subrules = traces[1:]
    return traces[0]


def trace_rules(
    source, numbers: list[str], edition: str | None = None, *, to: str | None = None, back: bool = False
) -> list[Trace]:
    """Many rules of one edition traced together (one query per edition for all of them), each alone
    without its subrules: what a citation checker or an audit of the whole chain needs."""
    conn = connection(source)
    chain, start, end, back = _span(source, edition, to, back)
    doc = DocRow(chain[start].id, chain[start].name, "en", chain[start].edition)
    followed = []
    for number in numbers:
        rule_id, found, _kind, title = find_rule(conn, doc, number)
        followed.append((rule_id, found, title))
    return _traces(conn, chain, start, end, followed, back)


def _span(source, edition: str | None, to: str | None, back: bool) -> tuple[list[ChainDoc], int, int, bool]:
    """The chain, the positions a trace walks from and to, and whether that is backwards."""
    chain = chain_documents(source)
    if not chain:
        raise EditionNotFound(_("no English editions in the database: import the Comprehensive Rules first"))
    start = _position(source, chain, edition) if edition else len(chain) - 1
    if to:
        end = _position(source, chain, to)
        back = end < start
    else:
        end = 0 if back else len(chain) - 1
    return chain, start, end, back


def _traces(conn, chain: list[ChainDoc], start: int, end: int, followed: list[tuple], back: bool) -> list[Trace]:
    """One trace per followed (rule id, number, title) of ``chain[start]``, walked to ``chain[end]``."""
    runs = runs_between(conn, chain, start, end)
    if runs is None:
        raise NotFound(_("the renumbering chain is not stored yet: run 'mtgkb repair' to compute it"))
    doc = chain[start]
    editions = [chain[k] for k in (range(start, end - 1, -1) if back else range(start, end + 1))]
    trails = _walk(conn, runs, editions, followed, back)
    return [
        Trace(num, doc.edition, doc.name, "back" if back else "forward", trails[index], _end(trails[index], back))
        for index, (_rid, num, _title) in enumerate(followed)
    ]


def _position(source, chain: list[ChainDoc], text: str) -> int:
    position = chain_position(chain, resolve_document(source, text))
    if position is None:
        raise EditionNotFound(
            _("{edition!r} is not an edition of the English chain").format(edition=text),
            [c.edition for c in chain[-3:]],
        )
    return position


def _walk(conn, runs: list[int], editions: list[ChainDoc], followed: list[tuple], back: bool) -> dict[int, list]:
    """Steps for every followed rule (by its place in ``followed``), one query per edition for all of them."""
    first = editions[0]
    trails = {
        k: [TraceStep(first.edition, first.name, num, title, None)] for k, (_rid, num, title) in enumerate(followed)
    }
    current = {k: rid for k, (rid, _num, _title) in enumerate(followed)}  # followed rule -> its id in this edition
    here, there, beside_kind = ("new_rule", "old_rule", MERGED) if back else ("old_rule", "new_rule", SPLIT)
    there_number, there_title = there.replace("rule", "number"), there.replace("rule", "title")
    for run, edition in zip(runs, editions[1:]):
        alive = {rid: now for rid, now in current.items() if now is not None}
        if not alive:
            break
        rows = defaultdict(list)
        ids = sorted(set(alive.values()))  # a rule and a subrule merged into one are asked for once
        for now, other, other_number, change, title in conn.execute(
            f"select {here}, {there}, {there_number}, change, {there_title} from pairings "
            f"where run_id = ? and {here} in ({','.join('?' * len(ids))})",
            [run, *ids],
        ):
            rows[now].append((other, other_number, change, title))
        for rid, now in alive.items():
            options = rows.get(now, [])
            main = options[0] if options and len(options) == 1 else _main(options, beside_kind)
            if main is None:
                current[rid] = None
                continue
            other, other_number, change, title = main
            beside = [o[1] for o in options if o[2] == beside_kind] if len(options) > 1 else None
            trail = trails[rid]
            if back:  # the change happened between the older edition and the one just walked from
                trail[-1].change = change
                if change == SPLIT or beside:
                    trail[-1].note = _join(
                        _("split off from {number}").format(number=other_number) if change == SPLIT else None,
                        _("also took in {numbers}").format(numbers=", ".join(beside)) if beside else None,
                    )
                if change == ADDED:
                    current[rid] = None
                    continue
                trail.append(TraceStep(edition.edition, edition.name, other_number, title, None))
            else:
                note = None
                if change == MERGED or beside:
                    note = _join(
                        _("merged into {number}").format(number=other_number) if change == MERGED else None,
                        _("split: also became {numbers}").format(numbers=", ".join(beside)) if beside else None,
                    )
                trail.append(TraceStep(edition.edition, edition.name, other_number, title, change, note))
                if change == REMOVED:
                    current[rid] = None
                    continue
            current[rid] = other
    return trails


def _main(options: list | None, beside_kind: str) -> tuple | None:
    """The row a rule continues with: the primary one, not a split part or a merged rule beside it."""
    if not options:
        return None
    return next((o for o in options if o[2] != beside_kind), options[0])


def _join(*notes: str | None) -> str | None:
    return "; ".join(n for n in notes if n) or None


def _end(steps: list[TraceStep], back: bool) -> str:
    last = steps[-1]
    if back and last.change == ADDED:
        return _("added in {edition}").format(edition=last.edition)
    if not back and last.change == REMOVED:
        return _("removed in {edition}").format(edition=last.edition)
    return _("{number} in {edition}").format(number=last.number, edition=last.edition)
