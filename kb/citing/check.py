"""Re-validating the citations of a text written against an older edition.

Wiki and course maintainers ask after every CR update: which of my "see 702.23j"
still hold? Each citation is followed through the renumbering chain from the
edition the text was written for (``since``) to the one it should now match
(``until``, default the newest): ok, moved (with the new number), changed (same
number, new text, with the word diff), gone, or title mismatch.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import asdict, dataclass, field

from kb.core.citations import find_citations
from kb.core.errors import EditionNotFound, NotFound
from kb import history
from kb.history import chain_documents
from kb.history.resolve import resolve_document
from kb.i18n import _
from kb.core.numbers import RuleNumber, RuleRange
from importers.references import normalise_title

from kb.core.labels import CHANGED, GONE, MOVED, NOT_FOUND, OK, STATUS_LABELS, TITLE_MISMATCH  # noqa: F401


@dataclass
class CheckedCitation:
    start: int
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

    def to_dict(self) -> dict:
        return asdict(self)


def check(kb, text: str, *, since: str, until: str | None = None, lang: str | None = None) -> list[CheckedCitation]:
    """Every citation of ``text`` checked from edition ``since`` to ``until``."""
    since_doc, until_doc = _chain_document(kb, since), _chain_document(kb, until)
    checked = []
    for citation in find_citations(text, lang, mode="free"):
        titles = citation.titles or (citation.title,) * len(citation.targets)
        for target, title in zip(citation.targets, titles):
            result = CheckedCitation(citation.start, citation.end, citation.raw, str(target), OK,
                                     since_doc["edition"], until_doc["edition"], title=title)
            if isinstance(target, RuleRange):
                _check_range(kb, result, target, since_doc, until_doc)
            else:
                _check_number(kb, result, str(target), since_doc, until_doc)
            checked.append(result)
    return checked


def _chain_document(kb, edition: str | None) -> dict:
    """The English chain's document of an edition (a date or a document name); None: the newest."""

    chain = chain_documents(kb)
    if not chain:
        raise EditionNotFound(_("no English editions in the database: import the Comprehensive Rules first"))
    if edition is None:
        return {"name": chain[-1].name, "edition": chain[-1].edition}
    doc = resolve_document(kb, edition)
    return {"name": doc.name, "edition": doc.edition}


def _follow(kb, number: str, since_doc: dict, until_doc: dict) -> tuple[str | None, str]:
    """The number in ``until`` (None when the rule is gone) and the trace's last words."""
    trace = history.trace(kb, number, since_doc["name"], to=until_doc["name"], subrules=False)
    return trace.last.number, trace.end


def _check_number(kb, result: CheckedCitation, number: str, since_doc: dict, until_doc: dict) -> None:
    try:
        old = kb.rule(number, lang="en", edition=since_doc["name"])
    except NotFound as error:
        result.status = NOT_FOUND
        result.note = _("{error} (the text says it was written for {edition})").format(
            error=error, edition=since_doc["edition"])
        return
    new_number, end = _follow(kb, number, since_doc, until_doc)
    if new_number is None:
        result.status, result.note = GONE, end
        return
    new = kb.rule(new_number, lang="en", edition=until_doc["name"])
    result.current_title = new.title
    if new_number != number:
        result.status, result.new_target = MOVED, new_number
    elif _words(old.text) != _words(new.text):
        result.status, result.changes = CHANGED, word_changes(old.text, new.text)
    if result.title and normalise_title(result.title) != normalise_title(new.title):
        result.status = TITLE_MISMATCH if result.status == OK else result.status
        result.note = _("the text quotes “{quoted}”; in {edition} the title is “{title}”").format(
            quoted=result.title, edition=until_doc["edition"], title=new.title or "")


def _check_range(kb, result: CheckedCitation, target: RuleRange, since_doc: dict, until_doc: dict) -> None:
    ends = []
    for number in (str(target.start), str(target.end)):
        part = CheckedCitation(result.start, result.end, result.raw, number, OK, result.since, result.until)
        _check_number(kb, part, number, since_doc, until_doc)
        ends.append(part)
    worst = next((p for p in ends if p.status in (NOT_FOUND, GONE)), None)
    if worst:
        result.status, result.note = worst.status, f"{worst.target}: {worst.note}"
        return
    if any(p.status == MOVED for p in ends):
        new_start, new_end = (RuleNumber.parse(p.new_target or p.target) for p in ends)
        try:
            result.new_target = str(RuleRange.between(new_start, new_end))
            result.status = MOVED
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
    """``text`` with every moved number replaced by its new number; and what was replaced where."""
    edits: list[tuple[int, int, str, str]] = []
    for item in checked:
        if item.status != MOVED or not item.new_target:
            continue
        span = _number_span(text, item)
        if span:
            edits.append((span[0], span[1], text[span[0]:span[1]], item.new_target))
    changed = []
    for start, end, old, new in sorted(set(edits), reverse=True):
        text = text[:start] + new + text[end:]
        changed.append({"start": start, "old": old, "new": new})
    return text, list(reversed(changed))


def _number_span(text: str, item: CheckedCitation) -> tuple[int, int] | None:
    """Where the cited number (or range) is written inside the citation's span."""
    target = RuleRange.parse(item.target) if any(c in item.target for c in "–-") else None
    start_text = str(target.start) if target else item.target
    window = text[item.start:item.end]
    match = re.search(re.escape(start_text) + (r"\.?\s*(?:-|–|—|\.\.)\s*[\w.]+" if target else r"(?![\w])"),
                      window, re.IGNORECASE)
    if not match:
        return None
    return item.start + match.start(), item.start + match.end()
