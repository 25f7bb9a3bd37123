"""Citations in free text, resolved against the database and stamped with an edition.

A chat message like "see CR 702.26b and ex 2 613.6" becomes a list of citations, one per
cited number or range, each with its own span (so a bot can link every number), the span of
the whole list it stands in, the normalised number, and the rules it names (in the language
asked for, else English). A citation written with another language's word ("Regel 702.23a")
is read in that language's documents and followed through the renumbering chain
(kb.citing.readings), so it names the rule the writer meant, not today's rule of that number.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.citing.readings import LanguageReadings, chain_edition, read_in_languages, read_range_in_languages
from kb.citing.titles import TitleMention, find_titles
from kb.core.citations import Citation, CitedItem, find_citations
from kb.core.errors import MtgkbError
from kb.core.model import Serialisable
from kb.core.numbers import RuleNumber, RuleRange
from kb.history.chain import ChainDoc
from kb.i18n import _, language_name, ngettext
from kb.store import Store
from kb.store.documents import primary_language

RESOLVED, NOT_FOUND, AMBIGUOUS = "resolved", "not found", "ambiguous"


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
class ResolvedCitation(Serialisable):
    start: int  # the span of this number or range alone
    end: int
    raw: str
    kind: str  # rule, section, example, or title (a rule cited by its title alone)
    target: str  # the normalised number or range, as cited
    title: str | None
    without_subrules: bool
    example: int | None
    status: str  # "resolved", "ambiguous", "not found"
    edition: str | None = None  # the edition the target was resolved against
    lang: str | None = None
    rules: list[CitedRule] = field(default_factory=list)
    example_text: str | None = None
    note: str | None = None  # e.g. "no Japanese text; English shown", nearest numbers
    citation: dict = field(default_factory=dict)  # the whole citation it stands in: start, end, raw
    languages: list[str] = field(default_factory=list)  # the languages of the words that cite it
    resolved_target: str | None = None  # the number in the edition resolved against (moved: another one)
    readings: list[dict] = field(default_factory=list)  # what it means in its languages' documents


def cite(store: Store, text: str, *, lang: str | None = None, edition: str | None = None) -> list[ResolvedCitation]:
    """Every citation in ``text``, one entry per cited number or range."""
    found: list[ResolvedCitation] = []
    until: list[ChainDoc] = []  # looked up once, and only for a citation in another language
    for citation in find_citations(text, lang, mode="free"):
        whole = {"start": citation.start, "end": citation.end, "raw": citation.raw}
        for item in citation.items(text):
            result = ResolvedCitation(
                start=item.start,
                end=item.end,
                raw=item.raw,
                kind=citation.kind,
                target=str(item.target),
                title=item.title,
                without_subrules=citation.without_subrules,
                example=citation.example,
                status=NOT_FOUND,
                citation=whole,
                languages=list(item.languages),
            )
            target, where, read = item.target, edition, None
            if item.languages:
                if not until:
                    until.append(chain_edition(store, edition))
                read = _read(store, result, item, until[0])
                own = _own_document(result, lang)
                if own:  # the reader's language has the cited document: its own text, as cited
                    where = own
                elif read:
                    target = read
                elif result.readings:  # the rule it meant is gone: today's rule of that number is another
                    found.append(result)
                    continue
            _resolve(store, result, citation, target, lang, where)
            if result.readings and result.status != NOT_FOUND:  # also where the reader's own document is shown
                result.resolved_target = None if read is None else str(read)
            found.append(result)
    return _with_titles(store, text, found, lang, edition)


def _with_titles(
    store: Store, text: str, found: list[ResolvedCitation], lang: str | None, edition: str | None
) -> list[ResolvedCitation]:
    """``found`` with the rules ``text`` cites by title alone (kb.citing.titles), in text order; a
    quoted title beside a number becomes that citation's title, so a disagreement shows."""
    spans = [(min(c.start, c.citation["start"]), max(c.end, c.citation["end"])) for c in found]
    mentions, beside = find_titles(store, text, spans, lang=lang, edition=edition)
    for index, name in beside.items():
        if found[index].title is None:
            found[index].title = name
    for mention in mentions:
        found.append(_title_citation(store, mention))
    return sorted(found, key=lambda c: (c.start, c.end))


def _title_citation(store: Store, mention: TitleMention) -> ResolvedCitation:
    """A title cited alone: its rule (with its subrules), several rules bearing it (each alone, listed
    as ambiguous), or, after "rule on" and the like, none (not found)."""
    whole = {"start": mention.start, "end": mention.end, "raw": mention.raw}
    result = ResolvedCitation(
        start=mention.start,
        end=mention.end,
        raw=mention.raw,
        kind="title",
        target=mention.name,
        title=mention.name,
        without_subrules=False,
        example=None,
        status=NOT_FOUND,
        citation=whole,
    )
    if not mention.hits:
        result.note = _("no rule is titled {name!r}").format(name=mention.name)
        return result
    first = mention.hits[0]
    if len(mention.hits) == 1:
        rules = store.rules(first["number"], lang=first["lang"], edition=first["document"])
        result.status, result.target = RESOLVED, first["number"]
    else:
        rules = [store.rule(hit["number"], lang=hit["lang"], edition=hit["document"]) for hit in mention.hits]
        result.status = AMBIGUOUS
        result.target = ", ".join(hit["number"] for hit in mention.hits)
        shown = "; ".join(f"{hit['number']} {hit['title']}" for hit in mention.hits)
        result.note = ngettext(
            "{name!r} names {n} rule: {rules}", "{name!r} names {n} rules: {rules}", len(rules)
        ).format(name=mention.name, n=len(rules), rules=shown)
    result.title = rules[0].title
    result.resolved_target = result.target
    result.edition, result.lang = rules[0].edition, rules[0].lang
    result.rules = [CitedRule(r.number, r.title, r.text, r.lang, r.edition, r.document, r.anchor) for r in rules]
    return result


def _read(store: Store, result: ResolvedCitation, item: CitedItem, until: ChainDoc) -> RuleNumber | RuleRange | None:
    """The number or range a citation in another language stands for in ``until``, with the readings
    and a note saying how it was read; None: read as written."""
    if isinstance(item.target, RuleNumber):
        found = read_in_languages(store, item.target, item.languages, until)
    else:
        found = read_range_in_languages(store, item.target, item.languages, until)
    result.readings = [r.to_dict() for r in found.readings]
    names = ", ".join(language_name(lang) for lang in item.languages)
    if not found.readings:
        result.note = _reading_missing(found, item, names, until)
        return None
    first = found.readings[0]
    if not found.targets:
        result.note = _("{number} in the {language} documents ({documents}) is gone by {edition}: {end}").format(
            number=item.target,
            language=language_name(first.lang),
            documents=", ".join(first.documents),
            edition=until.edition,
            end=first.end,
        )
        return None
    if found.ambiguous:
        result.note = _("ambiguous: {readings}").format(
            readings="; ".join(
                _("{language} {number} ({documents}) is {target} in {edition}").format(
                    language=language_name(r.lang),
                    number=r.number,
                    documents=", ".join(r.documents),
                    target=r.target or _("gone"),
                    edition=r.edition,
                )
                for r in found.readings
            )
        )
    else:
        result.note = _(
            "{number} as in the {language} documents ({documents}, numbered as {pivots}) is {target} in {edition}"
        ).format(
            number=item.target,
            language=language_name(first.lang),
            documents=", ".join(first.documents),
            pivots=_span_of(first.pivots),
            target=found.targets[0],
            edition=until.edition,
        )
    parse = RuleNumber.parse if isinstance(item.target, RuleNumber) else RuleRange.parse
    return parse(found.targets[0])


def _own_document(result: ResolvedCitation, lang: str | None) -> str | None:
    """The newest cited document in the language the reader asked for, if a reading has one."""
    wanted = primary_language(lang) if lang else None
    return next((r["documents"][0] for r in result.readings if wanted and r["lang"] == wanted), None)


def _reading_missing(found: LanguageReadings, item: CitedItem, names: str, until: ChainDoc) -> str:
    """Why a citation in another language is read with the numbers of the edition asked for."""
    if found.without_number:
        return _("no {language} document has {number}: read with the numbers of {edition}").format(
            language=names, number=item.target, edition=until.edition
        )
    return _("no {language} documents: read with the numbers of {edition}").format(
        language=names, edition=until.edition
    )


def _span_of(editions: list[str]) -> str:
    ordered = sorted(editions)
    return ordered[0] if len(ordered) == 1 else f"{ordered[0]} … {ordered[-1]}"


def _resolve(store: Store, result: ResolvedCitation, citation: Citation, target, lang, edition) -> None:
    """Look ``target`` up in the requested language (else any) and fill ``result`` in."""
    attempts = [lang, None] if lang else [None]
    reading_note = result.note
    for attempt in attempts:
        try:
            rules = _lookup(store, target, citation, attempt, edition)
        except MtgkbError as error:
            result.note = (
                _("{error}; nearest: {suggestions}").format(error=error, suggestions=", ".join(error.suggestions))
                if error.suggestions
                else str(error)
            )
            continue
        first = rules[0]
        result.status = AMBIGUOUS if len({r["target"] for r in result.readings if r["target"]}) > 1 else RESOLVED
        result.resolved_target = str(target)
        result.edition, result.lang = first.edition, first.lang
        result.rules = [CitedRule(r.number, r.title, r.text, r.lang, r.edition, r.document, r.anchor) for r in rules]
        shown = (
            None
            if attempt == lang
            else _("no {language} text; shown in {shown}").format(
                language=language_name(lang), shown=language_name(first.lang)
            )
        )
        result.note = "; ".join(n for n in (reading_note, shown) if n) or None
        if citation.kind == "example" and citation.example is None:  # "ex 101.2": every example
            if first.examples:
                result.example_text = "\n".join(first.examples)
            else:
                result.status = NOT_FOUND
                result.note = _("rule {number} has no examples").format(number=first.number)
        elif citation.example is not None:
            if 1 <= citation.example <= len(first.examples):
                result.example_text = first.examples[citation.example - 1]
            else:
                result.status = NOT_FOUND
                count = len(first.examples)
                result.note = ngettext("rule {number} has {n} example", "rule {number} has {n} examples", count).format(
                    number=first.number, n=count
                )
        return
    if reading_note:
        result.note = f"{reading_note}; {result.note}"


def _lookup(store: Store, target, citation: Citation, lang, edition):
    if isinstance(target, RuleRange):
        return store.rules(str(target), lang=lang, edition=edition)
    if citation.without_subrules or citation.kind == "example" or target.kind == "subrule":
        return [store.rule(str(target), lang=lang, edition=edition)]
    return store.rules(str(target), lang=lang, edition=edition)
