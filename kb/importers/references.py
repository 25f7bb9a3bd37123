"""The citations of a parsed document: found by the core grammar and resolved within the document.

Part of reading a source (bytes to records): the store only writes what this returns.
"""

from __future__ import annotations

import re
from collections import namedtuple

from kb.core.citations import find_citations
from kb.core.numbers import RuleNumber, RuleRange
from kb.i18n import _
from kb.importers.limits import check_citations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from kb.importers.records import Document

_DIGIT = re.compile(r"\d")

# One citation: the citing rule's or glossary entry's position in the document, and the refs row
# (raw, target, target_start, target_end, target_kind, start_key, end_key, title, resolved, title_matches).
Reference = namedtuple("Reference", "rule_seq glossary_seq row")


def normalise_title(title: str | None) -> str:
    """Titles compare without case, quotes and closing punctuation ('"Planeswalk."')."""
    if not title:
        return ""
    return " ".join(title.casefold().strip(" .,:;!?\"'“”„«»「」『』〔〕").split())


# What the citation grammar found in a text, by (text, language): see find_references' ``read``.
Read = dict[tuple[str, str], list]


def find_references(
    doc: "Document", numbers: list[RuleNumber] | None = None, path: str | None = None, read: Read | None = None
) -> list[Reference]:
    """Every citation in rule texts, examples and glossary definitions, resolved in the document.

    With the source's ``path``, a text or a document citing more rules than kb.importers.limits allows is
    refused (SourceTooLarge): storing hundreds of thousands of citations takes minutes. ``read``
    keeps the citations found in each text for the next documents of one import: the editions of
    the CR repeat most of their texts, and reading them is a tenth of an import's time."""
    if numbers is None:
        numbers = [RuleNumber.parse(rule.number) for rule in doc.rules]
    titles: dict[RuleNumber, str | None] = {}
    for rule, number in zip(doc.rules, numbers):
        titles.setdefault(number, rule.title)
    present = set(numbers)
    rows: list[Reference] = []
    sources: list[tuple[int | None, int | None, str]] = []
    for seq, rule in enumerate(doc.rules):
        sources.append((seq, None, rule.text))
        for example in rule.examples:
            sources.append((seq, None, example))
    for seq, entry in enumerate(doc.glossary):
        sources.append((None, seq, entry.text))
    for rule_seq, glossary_seq, text in sources:
        if not text or not _DIGIT.search(text):
            continue
        found = read.get((text, doc.lang)) if read is not None else None
        if found is None:
            found = find_citations(text, doc.lang, mode="rules")  # frozen Citations: shared as they are
            if read is not None:
                read[(text, doc.lang)] = found
        if path is not None:
            targets = sum(len(citation.targets) for citation in found)
            if rule_seq is not None:
                line = getattr(doc.rules[rule_seq], "line", None)
                where = _("rule {number}").format(number=doc.rules[rule_seq].number)
            else:
                assert glossary_seq is not None  # every source is a rule's or a glossary entry's
                line = getattr(doc.glossary[glossary_seq], "line", None)
                where = _("the glossary entry {term!r}").format(term=doc.glossary[glossary_seq].term[:80])
            check_citations(path, where, line, targets, len(rows) + targets)
        for citation in found:
            for target, title in zip(citation.targets, _titles(citation)):
                rows.append(Reference(rule_seq, glossary_seq, _reference_row(citation, target, title, present, titles)))
    return rows


def _titles(citation) -> list[str | None]:
    """The quoted title of each target; a list cites several numbers with one title each."""
    per_target = getattr(citation, "titles", None)
    if per_target:
        return list(per_target)
    if len(citation.targets) == 1:
        return [citation.title]
    return [None] * len(citation.targets)


def _reference_row(citation, target, title, present, titles) -> tuple:
    if isinstance(target, RuleRange):
        start, end = target.start, target.end
        resolved = start in present and end in present
    else:
        start = end = target
        resolved = target in present
    title_matches = None
    if title and resolved:
        title_matches = int(normalise_title(title) == normalise_title(titles.get(start)))
    return (
        citation.raw,
        str(target),
        str(start),
        str(end),
        start.kind,
        start.sort_text,
        end.sort_text,
        title,
        int(resolved),
        title_matches,
    )
