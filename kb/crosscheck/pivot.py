"""The English pivot: which English edition a translated rule was made from, and how
numbers of one English edition became numbers of another (kb.history's chain).

A dated translation pairs with the English text of its own date. An undated one
(the German seed) takes the newest edition kb.history infers for it. English rules
of two editions pair through the stored renumbering chain; where the chain is not
stored the caller falls back to aligning by structure.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.core.model import Serialisable
from kb.crosscheck.specs import DocRef
from kb.history import infer_edition, stored_inference, trace
from kb.i18n import _

# Strongest first: what a rule went through between two editions, step by step, sums up to this.
_SEVERITY = ("removed", "added", "split", "merged", "edited", "references only", "renumbered", "unchanged")
_EDITED = {"edited", "renumbered and edited"}


@dataclass
class Pivot(Serialisable):
    """The English document one side is compared through."""

    document: str
    edition: str
    how: str  # "same edition", "is English", "inferred …"
    id: int = 0

    json_omit = ("id",)


@dataclass
class Mapping:
    """English numbers of one edition -> the other's, with what happened on the way."""

    numbers: dict[str, str | None] = field(default_factory=dict)
    changes: dict[str, str] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)

    def get(self, number: str) -> str | None:
        return self.numbers.get(number, number)


def english_pivot(conn, doc: DocRef) -> Pivot | None:
    """The English document of ``doc``'s edition (inferred for an undated one), None if none is stored."""
    if doc.lang == "en":
        return Pivot(doc.name, doc.edition or "", _("is English"), doc.id)
    edition, how = doc.edition, _("same edition")
    if edition is None:
        edition, how = _inferred(conn, doc)
        if edition is None:
            return None
    found = _english_of(conn, edition)
    if found is None:
        return None
    return Pivot(found[1], edition, how, found[0])


def _inferred(conn, doc: DocRef) -> tuple[str | None, str]:
    """The newest edition kb.history infers for an undated document, and the range it gave."""
    try:
        result = stored_inference(conn, doc.name) or infer_edition(conn, doc.name, save=False)
    except LookupError:
        return None, ""
    if not result.last:
        return None, ""
    span = result.first if result.first == result.last else f"{result.first} … {result.last}"
    return result.last, _("inferred ({editions}; newest taken)").format(editions=span)


def _english_of(conn, edition: str) -> tuple[int, str] | None:
    """The official English document of a date (not a reformatted variant)."""
    row = conn.execute(
        "select id, name from documents where lang = 'en' and edition = ? order by length(name), name limit 1",
        [edition],
    ).fetchone()
    return (row[0], row[1]) if row else None


def map_numbers(conn, old: Pivot, new: Pivot, numbers: list[str], *, family: str | None = None) -> Mapping | None:
    """Where each English number of ``old`` went in ``new``; None when the chain cannot tell.

    ``family`` (a rule number) is traced with its subrules in one walk; the other
    numbers (cited rules) one by one.
    """
    if old.id == new.id:
        return Mapping({n: n for n in numbers}, {n: "unchanged" for n in numbers})

    found = Mapping()
    try:
        if family is not None:
            whole = trace(conn, family, old.document, to=new.document)
            for step_trace in [whole, *whole.subrules]:
                _note(found, step_trace)
        for number in numbers:
            if number not in found.numbers:
                _note(found, trace(conn, number, old.document, to=new.document, subrules=False))
    except LookupError:
        return None if family is not None else found
    return found


def _note(found: Mapping, walked) -> None:
    steps = walked.steps
    last = steps[-1]
    # forwards a trail ends in "removed"; backwards (into an older edition) in "added"
    gone = last.change == "removed" or (walked.direction == "back" and last.change == "added")
    found.numbers[walked.number] = None if gone else last.number
    found.changes[walked.number] = summarise([s.change for s in steps[1:]])
    notes = [s.note for s in steps if s.note]
    if gone or notes:
        found.notes[walked.number] = "; ".join(notes + ([walked.end] if gone else []))


def summarise(changes: list[str | None]) -> str:
    """One word for several steps: the strongest change met ("edited" over "renumbered")."""
    seen = {"edited" if c in _EDITED else c for c in changes if c}
    for change in _SEVERITY:
        if change in seen:
            return change
    return "unchanged"
