"""Turn what a user typed (an edition, a document name, a rule number) into stored things.

Every failure is a kb.core.errors condition naming what exists nearby, so the CLI can print
"Nearest: ..." and exit non-zero.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

from kb.core.errors import BadRuleNumber, RuleNotFound
from kb.core.numbers import RuleNumber, RuleNumberError
from kb.history.chain import ChainDoc
from kb.history.model import connection, stored_documents
from kb.i18n import _
from kb.store.documents import resolve


@dataclass
class DocRow:
    id: int
    name: str
    lang: str
    edition: str | None


def resolve_document(source, text: str, *, lang: str | None = None) -> DocRow:
    """A document by name (any language), else by edition date in ``lang`` (English by default):
    the store's one resolver (kb.store.documents), so `trace` and `show` name the same file."""
    doc = resolve(stored_documents(source), lang=lang, edition=text.strip(), default_lang=None if lang else "en")[0]
    return DocRow(doc["id"], doc["name"], doc["lang"], doc["edition"])


def chain_position(chain: list[ChainDoc], doc: DocRow) -> int | None:
    """Where a document sits in the chain: itself, or the chain edition of its date."""
    for k, c in enumerate(chain):
        if c.id == doc.id:
            return k
    if doc.lang == "en" and doc.edition:
        dated = [k for k, c in enumerate(chain) if c.edition == doc.edition]
        if dated:
            return dated[-1]
    return None


def parse_number(text: str) -> RuleNumber:
    try:
        return RuleNumber.parse(text)
    except RuleNumberError as error:
        raise BadRuleNumber(str(error)) from error


def find_rule(source, doc: DocRow, text: str) -> tuple[int, str, str, str | None]:
    """(rule id, number, kind, title) of a number in a document, or a failure naming its neighbours."""
    number = parse_number(text)
    conn = connection(source)
    # The first of the rows with the number, taken here: "order by seq limit 1" in SQL made SQLite walk
    # the whole document along its (document_id, seq) index, 0.8 ms, where (document_id, number) finds
    # the row in 0.01 ms; a rule page traces twice.
    rows = conn.execute(
        "select seq, id, number, kind, title from rules where document_id = ? and number = ?", [doc.id, str(number)]
    ).fetchall()
    row = min(rows)[1:] if rows else None
    if row is None:
        present = [r[0] for r in conn.execute("select number from rules where document_id = ?", [doc.id])]
        raise RuleNotFound(
            _("rule {number} is not in {document} ({edition})").format(
                number=number, document=doc.name, edition=doc.edition or _("undated")
            ),
            nearest_numbers(present, number),
        )
    return row


def nearest_numbers(numbers: list[str], number: RuleNumber, count: int = 3) -> list[str]:
    """The numbers just before and after ``number`` in numbering order."""
    ordered = sorted({n for n in numbers}, key=lambda n: RuleNumber.parse(n).sort_key())
    keys = [RuleNumber.parse(n).sort_key() for n in ordered]
    at = bisect_left(keys, number.sort_key())
    return ordered[max(0, at - count) : at] + ordered[at : at + count]
