"""What a citation written in another language means: its number read in that language's documents.

A German text that says "Regel 702.23a" was written against the German translation, whose
numbers are those of an English edition of 2009–2010: there 702.23a is Phasing, today's
702.26a, while today's 702.23a is Rampage. So a citation introduced by a word of a language
("Regel", "règle", "規則", "ルール") is looked up in that language's documents, each paired with
the English editions it was translated from (its own date, or the dates its edition was inferred
to lie between), and followed through the renumbering chain to the edition asked for. When the
documents disagree about what the rule is now, the citation is ambiguous and every reading is kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.core.errors import EditionNotFound, NotFound
from kb.core.model import Serialisable
from kb.core.numbers import RuleNumber, RuleNumberError, RuleRange
from kb.history import chain_documents, stored_inference, trace_rules
from kb.history.chain import ChainDoc
from kb.history.model import connection
from kb.history.resolve import chain_position, resolve_document
from kb.i18n import _


@dataclass
class Reading(Serialisable):
    """One meaning of a cited number: in these documents of ``lang`` it is ``number`` (``title``),
    which through the chain is ``target`` in ``edition`` (None: the rule is gone by then)."""

    lang: str
    number: str
    title: str | None
    documents: list[str]
    pivots: list[str]  # the English editions the documents' numbers were read in
    target: str | None
    target_title: str | None
    edition: str
    end: str  # the trace's last words ("702.26a in 2026-08-07", "removed in 2017-08-25")


@dataclass
class LanguageReadings:
    """The readings of one number in the documents of some languages, and the languages that had none."""

    readings: list[Reading] = field(default_factory=list)
    without_documents: list[str] = field(default_factory=list)  # no stored document of the language
    without_number: list[str] = field(default_factory=list)  # documents, but none has the number

    @property
    def targets(self) -> list[str]:
        """The distinct numbers the readings lead to, in reading order (the newest documents first)."""
        return list(dict.fromkeys(r.target for r in self.readings if r.target))

    @property
    def ambiguous(self) -> bool:
        return len(self.targets) > 1


def chain_edition(source, edition: str | None) -> ChainDoc:
    """The English chain edition a citation is resolved in: the one of ``edition`` (a date or a
    document name of any language; a translation stands for the English edition of its date, or the
    latest before it), else the newest."""
    conn = connection(source)
    chain = chain_documents(conn)
    if not chain:
        raise EditionNotFound(_("no English editions in the database: import the Comprehensive Rules first"))
    if edition is None:
        return chain[-1]
    doc = resolve_document(conn, edition)
    position = chain_position(chain, doc)
    if position is None and doc.edition:
        before = [k for k, c in enumerate(chain) if c.edition <= doc.edition]
        position = before[-1] if before else 0
    return chain[-1 if position is None else position]


def read_in_languages(source, number: RuleNumber, languages: tuple[str, ...], until: ChainDoc) -> LanguageReadings:
    """``number`` as the documents of ``languages`` use it, followed to the chain edition ``until``."""
    conn = connection(source)
    chain = chain_documents(conn)
    found = LanguageReadings()
    for lang in languages:
        docs = _documents(conn, lang)
        if not docs:
            found.without_documents.append(lang)
            continue
        having = _documents_with(conn, [d[0] for d in docs], str(number))
        if not having:
            found.without_number.append(lang)
            continue
        for doc_id, name, edition in docs:
            if doc_id in having:
                _add_readings(conn, found, chain, lang, name, edition, having[doc_id], number, until)
    return found


def read_range_in_languages(source, cited: RuleRange, languages: tuple[str, ...], until: ChainDoc) -> LanguageReadings:
    """A range as the documents of ``languages`` use it ("Regel 702.23a–c"): its first and last
    numbers read alike, paired per document; the target is the range between where each lands
    (None when they no longer share a parent, or either is gone)."""
    first = read_in_languages(source, cited.start, languages, until)
    last = read_in_languages(source, cited.end, languages, until)
    found = LanguageReadings(
        without_documents=first.without_documents,
        without_number=list(dict.fromkeys(first.without_number + last.without_number)),
    )
    for start in first.readings:
        for end in last.readings:
            shared = [name for name in start.documents if name in end.documents]
            if start.lang != end.lang or not shared:
                continue
            target = _range_between(start.target, end.target)
            why = (
                start.end
                if start.target is None
                else end.end
                if end.target is None
                else _("{number} in {edition}").format(
                    number=target or f"{start.target} … {end.target}", edition=until.edition
                )
            )
            found.readings.append(
                Reading(start.lang, str(cited), start.title, shared, start.pivots, target, None, until.edition, why)
            )
    return found


def _range_between(first: str | None, last: str | None) -> str | None:
    if first is None or last is None:
        return None
    try:
        return str(RuleRange.between(RuleNumber.parse(first), RuleNumber.parse(last)))
    except RuleNumberError:
        return None


def _documents(conn, lang: str) -> list[tuple[int, str, str | None]]:
    """The documents of a language, newest first (an undated one by its inferred last edition)."""
    rows = conn.execute(
        "select d.id, d.name, d.edition, i.last from documents d left join edition_inference i "
        "on i.document_id = d.id where d.lang = ?",
        [lang],
    ).fetchall()
    rows.sort(key=lambda row: (row[2] or row[3] or "", row[1]), reverse=True)
    return [(row[0], row[1], row[2]) for row in rows]


def _documents_with(conn, ids: list[int], number: str) -> dict[int, str | None]:
    """Which of the documents hold ``number``, with its title there."""
    rows = conn.execute(
        f"select document_id, title from rules where number = ? and document_id in ({','.join('?' * len(ids))}) "
        "order by seq",
        [number, *ids],
    ).fetchall()
    having: dict[int, str | None] = {}
    for doc_id, title in rows:
        having.setdefault(doc_id, title)
    return having


def _pivots(conn, chain: list[ChainDoc], name: str, edition: str | None) -> list[ChainDoc]:
    """The English editions a document's numbers are those of."""
    if edition:
        same = [c for c in chain if c.edition == edition]
        if same:
            return same[-1:]
        before = [c for c in chain if c.edition < edition]
        return before[-1:]
    inference = stored_inference(conn, name)
    if inference is None:
        return []
    wanted = set(inference.editions)
    return [c for c in chain if c.edition in wanted]


def _add_readings(
    conn,
    found: LanguageReadings,
    chain: list[ChainDoc],
    lang: str,
    name: str,
    edition: str | None,
    title: str | None,
    number: RuleNumber,
    until: ChainDoc,
) -> None:
    """The readings of one document: its number traced from each English edition it pairs with."""
    for pivot in _pivots(conn, chain, name, edition):
        try:
            trail = trace_rules(conn, [str(number)], pivot.name, to=until.name)[0]
        except NotFound:  # the English edition lacks the number the translation has
            continue
        last = trail.last
        target = last.number if last.document == until.name else None
        same = next((r for r in found.readings if r.lang == lang and r.target == target), None)
        if same is None:
            found.readings.append(
                Reading(
                    lang,
                    str(number),
                    title,
                    [name],
                    [pivot.edition],
                    target,
                    last.title if target else None,
                    until.edition,
                    trail.end,
                )
            )
            continue
        if name not in same.documents:
            same.documents.append(name)
        if pivot.edition not in same.pivots:
            same.pivots.append(pivot.edition)
