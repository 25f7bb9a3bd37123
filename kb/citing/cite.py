"""Citations in free text, resolved against the database and stamped with an edition.

A chat message like "see CR 702.26b and ex 2 613.6" becomes a list of citations,
each with its span, the normalised number, and the rules it names (in the language
asked for, else English), so a bot can quote them and say which edition it used.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from kb.core.citations import Citation, find_citations
from kb.core.errors import MtgkbError
from kb.i18n import _, language_name, ngettext
from kb.core.numbers import RuleRange


@dataclass
class CitedRule:
    number: str
    title: str | None
    text: str
    lang: str
    edition: str | None
    document: str
    anchor: str


@dataclass
class ResolvedCitation:
    start: int
    end: int
    raw: str
    kind: str  # rule, section or example
    target: str  # the normalised number or range
    title: str | None
    without_subrules: bool
    example: int | None
    status: str  # "resolved", "not found"
    edition: str | None = None  # the edition the target was resolved against
    lang: str | None = None
    rules: list[CitedRule] = field(default_factory=list)
    example_text: str | None = None
    note: str | None = None  # e.g. "no Japanese text; English shown", nearest numbers

    def to_dict(self) -> dict:
        return asdict(self)


def cite(kb, text: str, *, lang: str | None = None, edition: str | None = None) -> list[ResolvedCitation]:
    """Every citation in ``text``, one entry per cited number or range."""
    found: list[ResolvedCitation] = []
    for citation in find_citations(text, lang, mode="free"):
        titles = citation.titles or (citation.title,) * len(citation.targets)
        for target, title in zip(citation.targets, titles):
            found.append(_resolve(kb, citation, target, title, lang, edition))
    return found


def _resolve(kb, citation: Citation, target, title, lang, edition) -> ResolvedCitation:
    result = ResolvedCitation(
        start=citation.start, end=citation.end, raw=citation.raw, kind=citation.kind, target=str(target),
        title=title, without_subrules=citation.without_subrules, example=citation.example, status="not found",
    )
    attempts = [lang, None] if lang else [None]
    for attempt in attempts:
        try:
            rules = _lookup(kb, target, citation, attempt, edition)
        except MtgkbError as error:
            result.note = (_("{error}; nearest: {suggestions}").format(error=error, suggestions=", ".join(error.suggestions))
                           if error.suggestions else str(error))
            continue
        first = rules[0]
        result.status = "resolved"
        result.edition, result.lang = first.edition, first.lang
        result.rules = [CitedRule(r.number, r.title, r.text, r.lang, r.edition, r.document, r.anchor) for r in rules]
        result.note = None if attempt == lang else _("no {language} text; shown in {shown}").format(
            language=language_name(lang), shown=language_name(first.lang))
        if citation.example is not None:
            if 1 <= citation.example <= len(first.examples):
                result.example_text = first.examples[citation.example - 1]
            else:
                result.status = "not found"
                count = len(first.examples)
                result.note = ngettext("rule {number} has {n} example", "rule {number} has {n} examples",
                                       count).format(number=first.number, n=count)
        return result
    return result


def _lookup(kb, target, citation: Citation, lang, edition):
    if isinstance(target, RuleRange):
        return kb.rules(str(target), lang=lang, edition=edition)
    if citation.without_subrules or citation.example is not None or target.kind == "subrule":
        return [kb.rule(str(target), lang=lang, edition=edition)]
    return kb.rules(str(target), lang=lang, edition=edition)
