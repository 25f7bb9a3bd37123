"""What each page shows, gathered from the facade (kb.api.KnowledgeBase) and nothing else.

Views are plain data for the templates: the facade's results, citation segments and the
versions of a rule found through the renumbering chain and each translation's English pivot.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import yaml

from kb.api import KnowledgeBase, MtgkbError, Rule, RuleLink
from kb.i18n import _, format_edition
from kb.reader.glossary import slugs
from kb.reader.links import Segment, first_number, segments

if TYPE_CHECKING:
    from kb.core.results import DocumentInfo, GlossaryEntry

HEADINGS = ("section", "chapter")


@dataclass
class RuleItem:
    """A rule of a page with its text and examples cut at their citations."""

    rule: Rule
    text: list[Segment]
    examples: list[list[Segment]]

    @property
    def heading(self) -> bool:
        return self.rule.kind in HEADINGS


def rule_item(rule: Rule, pivot: str | None = None) -> RuleItem:
    """A rule cut at its citations: a number its document has links there, another one to ``pivot``
    (the English document a translation pairs with: the German seed's "Regel 611.2b" is 611.2b of
    2010), else to nothing."""
    held = {first_number(ref.target) for ref in rule.cites if ref.resolved}

    def where(number: str) -> str | None:
        return "" if number in held else pivot

    return RuleItem(
        rule, segments(rule.text, rule.lang, where), [segments(example, rule.lang, where) for example in rule.examples]
    )


def pivot_document(kb: KnowledgeBase, lang: str, edition: str | None) -> str | None:
    """The English document a translation of ``edition`` (its date, or an undated one's newest
    inferred edition) pairs with, by name; None for an English document or when none is held."""
    if lang == "en" or not edition:
        return None
    try:
        return kb.resolve(edition, lang="en")["name"]
    except MtgkbError:
        return None


@dataclass
class GlossaryItem:
    entry: "GlossaryEntry"
    slug: str
    text: list[Segment]


@dataclass
class DocumentView:
    """A whole document; ``items`` and then ``glossary`` are produced while the page is written."""

    info: "DocumentInfo"
    contents: list  # kb.api.RuleLink of sections and chapters, for the table of contents
    items: Iterator[RuleItem]
    glossary: Iterator[GlossaryItem]

    @property
    def edition(self) -> str | None:
        return self.info.edition or (self.info.inferred or {}).get("last")


def _inferred_last(kb: KnowledgeBase, name: str) -> str | None:
    inference = kb.inferred_edition(name)
    return inference.last if inference else None


def outline(kb: KnowledgeBase, name: str) -> list:
    """The sections (1–9) of a document with their chapters; empty for an excerpt without sections."""
    found = []
    for section in "123456789":
        try:
            rule = kb.rule(section, edition=name)
        except MtgkbError:
            continue
        if rule.document != name:
            continue
        found.append(RuleLink(rule.number, rule.title))
        found.extend(rule.children)
    return found


def document_view(kb: KnowledgeBase, name: str) -> DocumentView:
    """A whole document: every rule and glossary entry, citations linked within the document.

    Rules are built as the template asks for them. A glossary entry's citations are stored
    as references of the rules they cite, so they are collected on the way.
    """
    info = kb.document(name)
    rules = kb.document_rules(name)  # loads the document's index first: the outline's lookups use it
    pivot = pivot_document(kb, info.lang, info.edition or _inferred_last(kb, name))
    numbers: set[str] = set()

    def items() -> Iterator[RuleItem]:
        for rule in rules:
            numbers.add(rule.number)
            yield rule_item(rule, pivot)

    def glossary() -> Iterator[GlossaryItem]:
        entries = kb.document_glossary(name)

        def where(number: str) -> str | None:
            return "" if number in numbers else pivot

        for entry, slug in zip(entries, slugs(entries)):
            yield GlossaryItem(entry, slug, segments(entry.text, entry.lang, where))

    return DocumentView(info, outline(kb, name), items(), glossary())


@dataclass
class Version:
    """The same rule in another document: found through the chain (English) or a pivot (translation)."""

    lang: str
    edition: str | None
    document: str
    number: str
    change: str | None = None
    current: bool = False
    inferred: bool = False
    source: str = "official"  # official, translation, variant or excerpt (kb.store.identity)


def pivot_edition(rule: Rule) -> str | None:
    """The English edition a rule's document pairs with: its own, or the newest inferred one."""
    if rule.edition:
        return rule.edition
    return (rule.inferred_edition or {}).get("last")


def english_chain(kb: KnowledgeBase, number: str, edition: str) -> list[dict]:
    """The English steps of a rule's trace, oldest first: back from ``edition`` and forward from it."""
    back = kb.trace(number, edition, back=True, subrules=False).to_dict()["steps"]
    forward = kb.trace(number, edition, subrules=False).to_dict()["steps"]
    return [*reversed(back[1:]), *forward]


def newest_full(documents: list, lang: str):
    """The newest full text of ``lang`` among ``documents`` (DocumentInfo): dated, a rule text (not a
    wiki excerpt or a dictionary), the official file before a reformatted copy of its date, the longer
    before the shorter; None if the language has none."""
    texts = [d for d in documents if d.lang == lang and d.edition and d.format == "cr-text" and d.rules]
    if not texts:
        return None
    return max(texts, key=lambda d: (d.edition, d.lang != "en" or d.name.count("_") <= 1, d.rules))


def held_documents(kb: KnowledgeBase) -> list:
    """kb.documents(), kept in the store's derived cache: every rule page needs it, and it changes
    only with an import, a build or a repair (which change the database's state)."""
    return kb.derived("reader.documents", (), kb.documents)


def versions(kb: KnowledgeBase, rule: Rule, documents: list | None = None) -> list[Version]:
    """Every stored version of ``rule``: each English edition through the chain, and each
    translation through the English edition it pivots on, oldest first per language."""
    documents = documents if documents is not None else held_documents(kb)
    edition = pivot_edition(rule)
    steps: list[dict] = []
    if edition:
        try:
            number = rule.number
            if rule.lang != "en":
                number = (rule.english or {}).get("number", rule.number)
            steps = english_chain(kb, number, edition)
        except MtgkbError:
            steps = []
    if not steps:  # no chain: the same number elsewhere is all we know
        return [Version(v["lang"], v["edition"], v["document"], rule.number) for v in rule.other_versions] + [
            Version(rule.lang, rule.edition, rule.document, rule.number, current=True)
        ]
    by_edition = {step["edition"]: step for step in steps if step.get("number")}
    sources = {v["document"]: v["source"] for v in rule.other_versions}
    found = [
        Version(
            "en",
            step["edition"],
            step["document"],
            step["number"],
            step.get("change"),
            current=step["document"] == rule.document,
            source=sources.get(step["document"], "official"),
        )
        for step in steps
        if step.get("number")
    ]
    for doc in documents:
        if doc.lang == "en":
            continue
        inferred = doc.edition is None
        pivot = doc.edition or (doc.inferred or {}).get("last")
        step = by_edition.get(pivot)
        if step is None:
            continue
        try:
            kb.rule(step["number"], lang=doc.lang, edition=doc.name)
        except MtgkbError:
            continue
        found.append(
            Version(
                doc.lang,
                doc.edition,
                doc.name,
                step["number"],
                current=doc.name == rule.document,
                inferred=inferred,
                source=sources.get(doc.name, "translation"),
            )
        )
    if not any(v.current for v in found):
        found.append(Version(rule.lang, rule.edition, rule.document, rule.number, current=True))
    found.sort(key=lambda v: (v.lang != "en", v.lang, v.edition or edition or ""))
    return found


def citation(rule: Rule) -> str:
    """What the copy button copies: the rule stamped with its edition ("CR 702.26b (2026-08-07)")."""
    edition = rule.edition or pivot_edition(rule)
    stamp = f" ({edition})" if edition else ""
    language = "" if rule.lang == "en" else f" [{rule.lang}]"
    return f"CR {rule.number}{stamp}{language}"


@dataclass
class ScenarioView:
    """An example game of a rule: its stored result, and its description and steps as written."""

    name: str
    passed: bool
    edition: str | None
    description: str
    steps: list[str]


def scenario_view(kb: KnowledgeBase, stored: dict) -> ScenarioView:
    """A stored scenario result with its description and steps, read from its file (and written
    out as text) once per version of the file."""
    file, name = stored.get("file") or "", stored["scenario"]
    try:
        stamp = os.stat(file).st_mtime_ns
    except OSError:
        stamp = None
    scenarios = kb.derived(
        "reader.scenario-file",
        (file, stamp),
        lambda: {
            s.name: ((s.description or "").strip(), [step_text(step) for step in s.steps])
            for s in (kb.scenario_file(file) if stamp is not None else [])
        },
    )
    description, steps = scenarios.get(name, ("", []))
    return ScenarioView(name, bool(stored.get("passed")), stored.get("edition"), description, steps)


def step_text(step) -> str:
    """A scenario step on one line, as YAML writes it in flow style ("advance: {player: A, to: untap}")."""
    if isinstance(step, dict) and len(step) == 1:
        ((action, value),) = step.items()
        if isinstance(value, (dict, list)):
            return (
                f"{action}: {yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000).strip()}"
            )
        return f"{action}: {value}"
    return yaml.safe_dump(step, default_flow_style=True, allow_unicode=True, width=10_000).strip()


@dataclass
class Translation:
    """The same rule in another language, with its text: what a reader of the rule page came for."""

    version: Version
    item: RuleItem


@dataclass
class Run:
    """Editions in a row in which the rule kept its number: "702.23b from 2009-07-11"."""

    number: str
    first: Version  # the run's oldest edition, which the run links to
    count: int
    edited: int  # editions of the run whose wording changed from the one before
    newest: bool  # the run reaches the newest English edition held ("today")


@dataclass
class RuleView:
    item: RuleItem
    subrules: list[RuleItem]
    versions: list[Version]
    citation: str
    side: list[str] = field(default_factory=list)  # crosscheck specs for a side-by-side page
    scenarios: list[ScenarioView] = field(default_factory=list)
    pivot: str | None = None  # the English document a translation's citations of rules it lacks go to
    translations: list[Translation] = field(default_factory=list)
    runs: list[Run] = field(default_factory=list)
    history_note: str | None = None  # where the database lacks the history (the small database)
    unplaced: list[DocumentInfo] = field(default_factory=list)  # other languages' texts the chain cannot place yet


def translations(kb: KnowledgeBase, others: list[Version]) -> list[Translation]:
    """Each other language's newest text of the rule, English first: read before the history."""
    found = []
    for version in others:
        try:
            other = kb.rule(version.number, lang=version.lang, edition=version.document)
        except MtgkbError:
            continue
        found.append(Translation(version, rule_item(other, pivot_document(kb, other.lang, pivot_edition(other)))))
    return found


def runs(found: list[Version]) -> list[Run]:
    """The English versions as runs of one number, oldest first, each with how often its wording changed."""
    english = sorted(
        (v for v in found if v.lang == "en" and v.edition and v.source == "official"), key=lambda v: v.edition or ""
    )
    result: list[Run] = []
    for version in english:
        edited = int(version.change == "edited")
        if result and result[-1].number == version.number:
            run = result[-1]
            run.count += 1
            run.edited += edited
        else:
            result.append(Run(version.number, version, 1, 0, False))
    if result:
        result[-1].newest = True
    return result


def spec(version: Version) -> str:
    """A crosscheck side naming one exact document ("de@000_a3c90cc092d5a721:702.23")."""
    return f"{version.lang}@{version.document}:{version.number}"


def rule_view(kb: KnowledgeBase, number: str, *, lang: str | None = None, edition: str | None = None) -> RuleView:
    rule = kb.rule(number, lang=lang, edition=edition)
    pivot = pivot_document(kb, rule.lang, pivot_edition(rule))
    subrules = []
    if rule.kind == "rule":  # a rule's subrules in full; a chapter or section lists its children only
        subrules = [
            rule_item(kb.rule(child.number, lang=rule.lang, edition=rule.document), pivot) for child in rule.children
        ]
    found = versions(kb, rule)
    current = next(v for v in found if v.current)
    newest: dict[str, Version] = {}
    for v in found:  # per other language its newest full text, else its newest excerpt (oldest first per language)
        partial = v.source in ("variant", "excerpt")
        if (
            not v.current
            and v.lang != current.lang
            and (not partial or v.lang not in newest or newest[v.lang].source in ("variant", "excerpt"))
        ):
            newest[v.lang] = v
    # English first, then full translations, then excerpts: a translator compares with the original.
    others = sorted(newest.values(), key=lambda v: (v.lang != "en", v.source in ("variant", "excerpt"), v.lang))[:2]
    side = [spec(current), *(spec(v) for v in others)] if others else []
    games = [scenario_view(kb, stored) for stored in rule.scenarios]
    texts = sorted(newest.values(), key=lambda v: (v.lang != "en", v.source in ("variant", "excerpt"), v.lang))
    return RuleView(
        rule_item(rule, pivot),
        subrules,
        found,
        citation(rule),
        side,
        games,
        pivot,
        translations(kb, texts),
        runs(found),
        history_note(kb),
        unplaced(kb, {rule.lang, *newest}),
    )


def unplaced(kb: KnowledgeBase, shown: set[str]) -> list[DocumentInfo]:
    """The undated documents of languages the page shows no text of, whose edition stays unknown until
    the history is built (the German wiki page of 702.23 on the small database): the page names them
    rather than leave their language out without a word."""
    if not kb.history_missing():
        return []
    return [
        d
        for d in held_documents(kb)
        if d.lang not in shown and not d.edition and not (d.inferred or {}).get("editions")
    ]


def history_note(kb: KnowledgeBase) -> str | None:
    """What a page says where the database, built from the package, lacks the history (the small
    database): its runs then start at its oldest edition, which is not where the rule began."""
    if not kb.history_missing():
        return None
    held = sorted(d.edition for d in held_documents(kb) if d.lang == "en" and d.edition)
    return _(
        "This database holds the English editions since {since} only: 'mtgkb build' adds every edition "
        "since 1999 and the history of each rule."
    ).format(since=format_edition(held[0]) if held else "?")


@dataclass
class SideCell:
    number: str | None
    text: str | None
    lang: str
    pieces: list[Segment] = field(default_factory=list)  # the text cut at its citations


@dataclass
class SideRow:
    cells: list[SideCell]
    english: SideCell | None  # the English text the first side pivots on
    change: str | None
    flags: list[dict]


@dataclass
class SideView:
    sides: list[dict]  # each crosscheck side: spec, document, lang, edition, number, title, pivot
    rows: list[SideRow]
    counts: dict


def side_by_side(kb: KnowledgeBase, specs: list[str]) -> SideView:
    """Two or three rules aligned subrule by subrule through the chain: the first against each other.

    The rows follow the first side; a row only another side has comes after the row it follows.
    """
    if len(specs) < 2:
        raise ValueError("side by side needs two or three rules")
    reports = [kb.crosscheck(specs[0], other).to_dict() for other in specs[1:]]
    sides = [reports[0]["a"], *(report["b"] for report in reports)]
    langs = [side["lang"] for side in sides]
    rows: list[SideRow] = []
    by_first: dict[str, SideRow] = {}
    counts: dict[str, int] = {}
    for column, report in enumerate(reports, start=1):
        for kind, n in report["counts"].items():
            counts[kind] = counts.get(kind, 0) + n
        after: SideRow | None = None
        for row in report["rows"]:
            a, b = row.get("a"), row.get("b")
            key = a["number"] if a else None
            target = by_first.get(key) if key else None
            if target is None and b and column > 1:
                target = _counterpart_row(kb, rows, sides, column, b["number"])
            if target is None:
                empty = [SideCell(None, None, lang) for lang in langs]
                if a:
                    empty[0] = SideCell(a["number"], a["text"], a["lang"])
                en = row.get("en_a")
                target = SideRow(empty, SideCell(en["number"], en["text"], "en") if en else None, row.get("change"), [])
                if key:
                    by_first[key] = target
                at = next((i + 1 for i, r in enumerate(rows) if r is after), len(rows))
                rows.insert(at, target)
            if b:
                target.cells[column] = SideCell(b["number"], b["text"], b["lang"])
            target.flags.extend({**flag, "column": column} for flag in row.get("flags", []))
            after = target
    for column, side in enumerate(sides):
        pivot = (side.get("pivot") or {}).get("document") if side["lang"] != "en" else None
        for row in rows:
            cell = row.cells[column]
            if cell.number and cell.text is not None:
                cell.pieces = _cell_pieces(kb, cell, side["document"], pivot)
    return SideView(sides, rows, counts)


def _cell_pieces(kb: KnowledgeBase, cell: SideCell, document: str, pivot: str | None) -> list[Segment]:
    """A side-by-side cell's text with its citations linked as on the rule's own page."""
    if cell.number is None:
        return [Segment(cell.text or "")]
    try:
        rule = kb.rule(cell.number, lang=cell.lang, edition=document)
    except MtgkbError:
        return [Segment(cell.text or "")]
    return rule_item(rule, pivot).text if rule.text == cell.text else [Segment(cell.text or "")]


def _counterpart_row(
    kb: KnowledgeBase, rows: list[SideRow], sides: list[dict], column: int, number: str
) -> SideRow | None:
    """The row of an earlier column holding the same rule as ``number`` of ``column`` where the first
    side has none (ja and en 702.26e beside a German 702.23 that lacks it): one row per rule, found
    through the rule's identity (its versions elsewhere), not its number."""
    try:
        rule = kb.rule(number, lang=sides[column]["lang"], edition=sides[column]["document"])
    except MtgkbError:
        return None
    same = {(v["document"], v["number"]) for v in rule.other_versions}
    for row in rows:
        if (
            row.cells[0].number is None
            and row.cells[column].number is None
            and any(
                row.cells[j].number and (sides[j]["document"], row.cells[j].number) in same for j in range(1, column)
            )
        ):
            return row
    return None
