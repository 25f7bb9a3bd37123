"""Diffs and renumbering lists between any two documents.

Two editions of the English chain are paired by composing the stored consecutive
pairings (so a diff agrees with every trace), and what the chain leaves unpaired
(a rule removed and later restored) is paired directly. Any other two documents
of one language (two Chinese translations, a variant) are paired directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.core.errors import BadInput, RuleNotFound
from kb.core.model import Serialisable
from kb.history.chain import chain_documents, compose, pair_editions, runs_between
from kb.history.diff import Diff, DocumentRef, compare
from kb.history.model import connection, load_doc
from kb.history.pairing import Pairing, pair_documents
from kb.history.pins import load_pins
from kb.history.resolve import DocRow, nearest_numbers, parse_number, resolve_document
from kb.i18n import _


def diff(
    source, old: str, new: str, *, section: str | None = None, lang: str | None = None, spans: bool = True
) -> Diff:
    """Every rule of ``old`` and ``new`` (editions or document names) with its change."""
    within = parse_number(section) if section else None
    pairing, method = pair_for(source, old, new, lang=lang)
    if within is not None and not any(str(within) in d.by_number for d in (pairing.old, pairing.new)):
        raise RuleNotFound(
            _("{number} is in neither {old} nor {new}").format(
                number=within, old=pairing.old.name, new=pairing.new.name
            ),
            nearest_numbers([n.number for n in pairing.new.nodes], within),
        )
    return compare(pairing, method=method, section=str(within) if within else None, spans=spans)


def pair_for(source, old: str, new: str, *, lang: str | None = None) -> tuple[Pairing, str]:
    """The pairing of two documents and how it was made ("chain" or "direct")."""
    conn = connection(source)
    a, b = resolve_document(conn, old, lang=lang), resolve_document(conn, new, lang=lang)
    if a.lang != b.lang:
        raise BadInput(
            _("{old} is in {old_lang!r} and {new} in {new_lang!r}: diff two documents of one language").format(
                old=a.name, old_lang=a.lang, new=b.name, new_lang=b.lang
            ),
            [a.name, b.name],
        )
    old_doc, new_doc = load_doc(conn, a.id), load_doc(conn, b.id)
    fixed = _composed(conn, a, b, old_doc, new_doc)
    if fixed is None:
        return pair_editions(old_doc, new_doc, load_pins()), "direct"
    return pair_documents(old_doc, new_doc, fixed=fixed, how_fixed="chain"), "chain"


def _composed(conn, a: DocRow, b: DocRow, old_doc, new_doc) -> dict[int, int] | None:
    """Old index -> new index through the stored chain, when both are chain editions."""
    chain = chain_documents(conn)
    ids = [c.id for c in chain]
    if a.id not in ids or b.id not in ids:
        return None
    first, last = ids.index(a.id), ids.index(b.id)
    runs = runs_between(conn, chain, first, last)
    if runs is None:
        return None
    mapping = compose(conn, runs, [n.rule_id for n in old_doc.nodes], backwards=last < first)
    new_index = {n.rule_id: n.index for n in new_doc.nodes}
    return {
        n.index: new_index[mapping[n.rule_id]]
        for n in old_doc.nodes
        if n.rule_id in mapping and mapping[n.rule_id] in new_index
    }


@dataclass
class Renumbered(Serialisable):
    old_number: str
    new_number: str
    kind: str
    title: str | None
    change: str  # renumbered, renumbered and edited, split, merged


@dataclass
class Renumbering(Serialisable):
    old: DocumentRef
    new: DocumentRef
    method: str
    rules: list[Renumbered]


def renumbered(source, old: str, new: str, *, lang: str | None = None) -> Renumbering:
    """Every rule (and section, chapter, subrule) whose number differs between two documents."""
    result = diff(source, old, new, lang=lang, spans=False)
    rules = [
        Renumbered(r.old_number, r.new_number, r.kind, r.new_title or r.old_title, r.change)
        for r in result.rules
        if r.old_number and r.new_number and r.old_number != r.new_number
    ]
    return Renumbering(result.old, result.new, result.method, rules)
