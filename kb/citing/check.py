"""Re-validating the citations of a text written against an older edition.

Wiki and course maintainers ask after every CR update: which of my "see 702.23j"
still hold? Each citation is followed through the renumbering chain from the
edition the text was written for (``since``) to the one it should now match
(``until``, default the newest): ok, moved (with the new number), changed (same
number, new text, with the word diff), moved and changed (a new number and a new text: the new
number and the word diff), gone, or title mismatch. A number that is not in
``since`` but in an older edition (502.15, Phasing until 2009, cited "since 2010-07-16")
is followed from the newest edition before ``since`` that has it, and says so.

Every cited number or range is checked at its own span, and ``fix`` replaces exactly
those spans, so the offsets ``fix`` reports are the ones ``check`` gave.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from kb import history
from kb.core.citations import find_citations
from kb.core.errors import EditionNotFound, NotFound
from kb.core.labels import (  # noqa: F401
    CHANGED,
    GONE,
    MOVED,
    MOVED_CHANGED,
    NOT_FOUND,
    OK,
    STATUS_LABELS,
    TITLE_MISMATCH,
)
from kb.core.model import Serialisable
from kb.core.numbers import RuleNumber, RuleRange, letter_index
from kb.history import chain_documents
from kb.history.model import connection
from kb.history.resolve import resolve_document
from kb.i18n import _
from kb.importers.references import normalise_title
from kb.store import Store


@dataclass
class CheckedCitation(Serialisable):
    start: int  # the span of this number or range alone
    end: int
    raw: str
    target: str
    status: str
    since: str | None
    until: str | None
    new_target: str | None = None  # the number (or range) in ``until`` where it moved
    title: str | None = None  # a title the text quotes
    current_title: str | None = None
    note: str | None = None
    changes: list[dict] = field(default_factory=list)  # word diff: {"op", "old", "new"}
    citation: dict = field(default_factory=dict)  # the whole citation it stands in: start, end, raw
    read_in: str | None = None  # the older edition the number was read in, when ``since`` lacks it


def check(
    store: Store, text: str, *, since: str, until: str | None = None, lang: str | None = None
) -> list[CheckedCitation]:
    """Every citation of ``text`` checked from edition ``since`` to ``until``."""
    since_doc, until_doc = _chain_document(store, since), _chain_document(store, until)
    checked, numbers = [], []
    for citation in find_citations(text, lang, mode="free"):
        whole = {"start": citation.start, "end": citation.end, "raw": citation.raw}
        for item in citation.items(text):
            target = item.target
            checked.append(
                (
                    item,
                    CheckedCitation(
                        item.start,
                        item.end,
                        item.raw,
                        str(target),
                        OK,
                        since_doc["edition"],
                        until_doc["edition"],
                        title=item.title,
                        citation=whole,
                    ),
                )
            )
            numbers += [str(target.start), str(target.end)] if isinstance(target, RuleRange) else [str(target)]
    follows = _follow_all(store, numbers, since_doc, until_doc)
    for item, result in checked:
        if isinstance(item.target, RuleRange):
            _check_range(store, result, item.target, since_doc, until_doc, follows)
        else:
            _check_number(store, result, str(item.target), since_doc, until_doc, follows)
    return [result for _item, result in checked]


Follows = dict[tuple[str, str], tuple[str | None, str]]  # (document, number) -> (number in until, last words)


def _follow_all(store: Store, numbers: list[str], since_doc: dict, until_doc: dict) -> Follows:
    """Every cited number traced at once, one walk per edition it is read in (``since`` or older)."""
    conn = connection(store)
    doc_id = conn.execute("select id from documents where name = ?", [since_doc["name"]]).fetchone()[0]
    present = {row[0] for row in conn.execute("select number from rules where document_id = ?", [doc_id])}
    groups: dict[str, list[str]] = {}
    for number in dict.fromkeys(numbers):
        where = since_doc if number in present else _older_document(store, number, since_doc)
        if where is not None:
            groups.setdefault(where["name"], []).append(number)
    follows: Follows = {}
    for name, group in groups.items():
        for number, trace in zip(group, history.trace_rules(store, group, name, to=until_doc["name"])):
            follows[(name, number)] = (trace.last.number, trace.end)
    return follows


def _chain_document(store: Store, edition: str | None) -> dict:
    """The English chain's document of an edition (a date or a document name); None: the newest."""

    chain = chain_documents(store)
    if not chain:
        raise EditionNotFound(_("no English editions in the database: import the Comprehensive Rules first"))
    if edition is None:
        return {"name": chain[-1].name, "edition": chain[-1].edition}
    doc = resolve_document(store, edition)
    return {"name": doc.name, "edition": doc.edition}


def _older_document(store: Store, number: str, since_doc: dict) -> dict | None:
    """The newest chain edition before ``since`` that has ``number``: where an old citation was written."""
    chain = [c for c in chain_documents(store) if since_doc["edition"] and c.edition < since_doc["edition"]]
    if not chain:
        return None
    ids = {c.id: c for c in chain}
    having = {
        row[0]
        for row in connection(store).execute(
            f"select document_id from rules where number = ? and document_id in ({','.join('?' * len(ids))})",
            [number, *ids],
        )
    }
    older = [c for c in chain if c.id in having]
    return {"name": older[-1].name, "edition": older[-1].edition} if older else None


def _follow(store: Store, number: str, since_doc: dict, until_doc: dict, follows: Follows) -> tuple[str | None, str]:
    """The number in ``until`` (None when the rule is gone) and the trace's last words."""
    known = follows.get((since_doc["name"], number))
    if known is not None:
        return known
    trace = history.trace(store, number, since_doc["name"], to=until_doc["name"], subrules=False)
    return trace.last.number, trace.end


def _check_number(
    store: Store, result: CheckedCitation, number: str, since_doc: dict, until_doc: dict, follows: Follows
) -> None:
    try:
        old = store.rule(number, lang="en", edition=since_doc["name"])
    except NotFound as error:
        older = _older_document(store, number, since_doc)
        if older is None:
            result.status = NOT_FOUND
            result.note = _("{error} (the text says it was written for {edition})").format(
                error=error, edition=since_doc["edition"]
            )
            return
        since_doc = older
        old = store.rule(number, lang="en", edition=older["name"])
        result.read_in = older["edition"]
    new_number, end = _follow(store, number, since_doc, until_doc, follows)
    if new_number is None:
        result.status, result.note = GONE, end
        return
    new = store.rule(new_number, lang="en", edition=until_doc["name"])
    result.current_title = new.title
    edited = _words(old.text) != _words(new.text)
    if edited:  # a moved rule's new text is as worth reading as a changed one's
        result.changes = word_changes(old.text, new.text)
    if new_number != number:
        result.status, result.new_target = (MOVED_CHANGED if edited else MOVED), new_number
    elif edited:
        result.status = CHANGED
    if result.title and normalise_title(result.title) != normalise_title(new.title):
        result.status = TITLE_MISMATCH if result.status == OK else result.status
        result.note = _("the text quotes “{quoted}”; in {edition} the title is “{title}”").format(
            quoted=result.title, edition=until_doc["edition"], title=new.title or ""
        )
    if result.read_in:
        read_as = _("{number} is not in {since}; read as {number} of {edition} ({title})").format(
            number=number, since=result.since, edition=result.read_in, title=old.title or old.text[:60]
        )
        result.note = f"{read_as}; {result.note}" if result.note else read_as


def _check_range(
    store: Store, result: CheckedCitation, target: RuleRange, since_doc: dict, until_doc: dict, follows: Follows
) -> None:
    ends = []
    for number in (str(target.start), str(target.end)):
        part = CheckedCitation(result.start, result.end, result.raw, number, OK, result.since, result.until)
        _check_number(store, part, number, since_doc, until_doc, follows)
        ends.append(part)
    result.read_in = next((p.read_in for p in ends if p.read_in), None)
    worst = next((p for p in ends if p.status in (NOT_FOUND, GONE)), None)
    if worst:
        result.status, result.note = worst.status, f"{worst.target}: {worst.note}"
        return
    if any(p.status in (MOVED, MOVED_CHANGED) for p in ends):
        new_start, new_end = (RuleNumber.parse(p.new_target or p.target) for p in ends)
        try:
            result.new_target = str(RuleRange.between(new_start, new_end))
            result.changes = [c for p in ends for c in p.changes]
            result.status = MOVED_CHANGED if result.changes else MOVED
        except ValueError:
            result.status = GONE
            result.note = _("the ends now lie apart: {start} and {end}").format(start=new_start, end=new_end)
        return
    if any(p.status == CHANGED for p in ends):
        result.status = CHANGED
        result.changes = [c for p in ends for c in p.changes]


_WORD = re.compile(r"\w+|[^\w\s]")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.replace("’", "'").replace("“", '"').replace("”", '"'))


def word_changes(old: str, new: str) -> list[dict]:
    """Word-level differences of two texts: what was deleted, inserted or replaced."""
    a, b = _words(old), _words(new)
    changes = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op != "equal":
            changes.append({"op": op, "old": " ".join(a[i1:i2]), "new": " ".join(b[j1:j2])})
    return changes


def fix(text: str, checked: list[CheckedCitation]) -> tuple[str, list[dict]]:
    """``text`` with every moved number replaced by its new number at the span ``check`` gave;
    and what was replaced where (start and end in ``text``, as ``check`` reported them)."""
    edits: list[dict] = []
    written: dict[int, str] = {}  # per citation: the number its last item stands for after the fix
    for item in checked:
        new = item.new_target if item.status in (MOVED, MOVED_CHANGED) and item.new_target else None
        replacement = _written(item, new, written.get(item.citation.get("start", item.start))) if new else None
        written[item.citation.get("start", item.start)] = new or item.target
        if replacement is not None and "-" in item.raw:
            replacement = replacement.replace("–", "-")  # the writer's dash, not ours
        if replacement is not None and text[item.start : item.end] == item.raw and replacement != item.raw:
            edits.append({"start": item.start, "end": item.end, "old": item.raw, "new": replacement})
    for edit in sorted(edits, key=lambda e: e["start"], reverse=True):
        text = text[: edit["start"]] + edit["new"] + text[edit["end"] :]
    return text, edits


def _written(item: CheckedCitation, new: str, before: str | None) -> str:
    """How the new number is written: a lone letter ("and c") stays a letter while it still follows
    the subrule before it (as the grammar reads "702.26b and c"), else the whole number: "502.15a
    and b" merged into one subrule becomes "702.26a and 702.26a", never "702.26a and a"."""
    if not re.fullmatch(r"[a-z]{1,2}", item.raw, re.IGNORECASE) or before is None:
        return new
    try:
        number, previous = RuleNumber.parse(new), RuleNumber.parse(str(before).split("–")[0])
    except ValueError:
        return new
    same_rule = (number.section, number.chapter, number.rule) == (previous.section, previous.chapter, previous.rule)
    follows = bool(number.letters) and letter_index(number.letters or "") > letter_index(previous.letters or "")
    return number.letters if same_rule and follows and number.letters else new
