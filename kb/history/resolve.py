"""Turn what a user typed (an edition, a document name, a rule number) into stored things.

Every failure is a LookupFailed naming what exists nearby, so the CLI can print
"Nearest: ..." and exit non-zero.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

from kb.history.chain import ChainDoc, chain_documents
from kb.history.model import connection
from kb.i18n import _
from kb.numbers import RuleNumber, RuleNumberError


def lookup_failed(message: str, suggestions: list[str] | None = None) -> LookupError:
    """kb.api's LookupFailed, imported late: kb.api may import this package."""
    from kb.api import LookupFailed

    return LookupFailed(message, suggestions or [])


@dataclass
class DocRow:
    id: int
    name: str
    lang: str
    edition: str | None


def resolve_document(source, text: str, *, lang: str | None = None) -> DocRow:
    """A document by name, else by edition date ("2009-07-11", "20090711") in ``lang`` (English by
    default), preferring the edition of the chain over variants of the same date."""
    from kb.api import nearest_editions, normalise_edition

    rows = [DocRow(*r) for r in connection(source).execute("select id, name, lang, edition from documents")]
    named = [d for d in rows if d.name == text]
    if named:
        return named[0]
    wanted = normalise_edition(text.strip())
    language = lang or "en"
    same_lang = [d for d in rows if d.lang == language]
    if not same_lang:
        raise lookup_failed(_("no documents in language {lang!r}").format(lang=language),
                            sorted({d.lang for d in rows}))
    matching = [d for d in same_lang if d.edition == wanted]
    if not matching:
        raise lookup_failed(
            _("no edition {edition!r} in language {lang!r} (give a date like 2009-07-11 or a document name)").format(
                edition=text, lang=language),
            nearest_editions([d.edition for d in same_lang if d.edition], wanted),
        )
    position = {c.id: k for k, c in enumerate(chain_documents(source))}
    matching.sort(key=lambda d: (position.get(d.id, -1), -d.name.count("_"), d.name))
    return matching[-1]


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
        raise lookup_failed(str(error)) from error


def find_rule(source, doc: DocRow, text: str) -> tuple[int, str, str, str | None]:
    """(rule id, number, kind, title) of a number in a document, or a failure naming its neighbours."""
    number = parse_number(text)
    conn = connection(source)
    row = conn.execute("select id, number, kind, title from rules where document_id = ? and number = ? "
                       "order by seq limit 1", [doc.id, str(number)]).fetchone()
    if row is None:
        present = [r[0] for r in conn.execute("select number from rules where document_id = ?", [doc.id])]
        raise lookup_failed(_("rule {number} is not in {document} ({edition})").format(
            number=number, document=doc.name, edition=doc.edition or _("undated")),
                            nearest_numbers(present, number))
    return row


def nearest_numbers(numbers: list[str], number: RuleNumber, count: int = 3) -> list[str]:
    """The numbers just before and after ``number`` in numbering order."""
    ordered = sorted({n for n in numbers}, key=lambda n: RuleNumber.parse(n).sort_key())
    keys = [RuleNumber.parse(n).sort_key() for n in ordered]
    at = bisect_left(keys, number.sort_key())
    return ordered[max(0, at - count):at] + ordered[at:at + count]
