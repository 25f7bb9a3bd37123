"""The answer models of the MCP tools: each tool's outputSchema, and what its structured content is checked against.

An agent (or the client that runs it) reads a tool's outputSchema to know the fields it will
get back before it calls; the SDK validates every successful answer against the same model.
The shapes are those kb.mcp.payloads builds. Models allow extra fields, so a field the facade
adds later reaches agents before the schema names it; nested parts an agent rarely relies on
field by field (a cross-check's rows, a search's expansions) stay plain objects.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Answer(BaseModel):
    model_config = ConfigDict(extra="allow")


class Page(Answer):
    """Where one page of a list lies in the whole."""

    total: int = Field(description="Items in the whole list.")
    offset: int = Field(description="The first item of this page.")
    limit: int = Field(description="Most items on a page.")
    nextOffset: int | None = Field(description="The offset of the next page; null on the last.")


class Navigation(Answer):
    previousRule: str | None
    nextRule: str | None
    parentRule: str | None


class RuleLink(Answer):
    number: str
    title: str | None = None


class VersionRun(Answer):
    """Editions in a row (newest first) in which the rule has one number, in one language."""

    lang: str
    number: str
    title: str | None = None
    source: str = Field(description="official, translation, variant or excerpt.")
    newest: str | None
    oldest: str | None
    editions: int = Field(description="Documents in the run.")
    document: str | None = Field(None, description="The document, for a run of one.")


class OtherVersion(Answer):
    document: str
    lang: str
    edition: str | None
    number: str
    title: str | None = None
    source: str


class ScenarioCount(Answer):
    total: int
    passed: int


class CompactRule(Answer):
    """A rule in a list."""

    ruleNumber: str
    title: str | None
    ruleText: str
    examples: list[str]
    uri: str = Field(description="The rule's resource URI.")
    citation: str = Field(description='How to cite it, e.g. "CR 702.26b (2026-08-07)".')


class RuleAnswer(Answer):
    """One rule, stamped with its document and edition."""

    ruleNumber: str
    title: str | None
    ruleText: str
    examples: list[str]
    kind: str = Field(description="section, chapter, rule or subrule.")
    lang: str
    edition: str | None = Field(description="The effective date; null for an undated text.")
    document: str
    line: int
    anchor: str = Field(description='Yawgatog\'s anchor, e.g. "#R70226b".')
    link: str | None
    current: dict[str, Any] | None = Field(description="Today's English rule of its lineage.")
    navigation: Navigation
    parent: RuleLink | None
    children: list[str]
    withoutSubrules: bool
    cites: list[str]
    citedBy: list[str]
    glossaryMentions: list[str]
    commentary: list[dict[str, Any]]
    duplicates: int
    uri: str = Field(description="The rule's resource URI.")
    citation: str = Field(description='How to cite it, e.g. "CR 702.26b (2026-08-07)".')
    otherVersionCount: int
    versionRuns: list[VersionRun] | None = Field(None, description="The other versions as runs (by default).")
    otherVersions: list[OtherVersion] | None = Field(None, description="Every other version (with versions).")
    scenarioCount: ScenarioCount
    scenarios: list[dict[str, Any]] | None = Field(None, description="The example games (with scenarios).")
    inferredEdition: dict[str, Any] | None = None
    definingRule: str | None = Field(None, description="A keyword's defining subrule (702.31: 702.31b).")
    askedExamples: list[dict[str, Any]] | None = Field(None, description='The examples asked for ("ex 2 613.6").')
    inForce: dict[str, Any] | None = Field(
        None, description="Asked by a date between editions: the date and the edition in force then."
    )
    untranslated: dict[str, Any] | None = Field(
        None, description="Asked of a partial translation that leaves the rule untranslated: the English rule is given."
    )
    english: dict[str, Any] | None = None
    subrules: list[CompactRule] | None = None
    subrulesPage: Page | None = None


class RulesAnswer(Answer):
    reference: str
    lang: str
    edition: str | None
    document: str
    rules: list[CompactRule]
    page: Page


class SearchVersion(Answer):
    number: str
    lang: str
    edition: str | None
    document: str
    title: str | None = None
    snippet: dict[str, Any] | None = None
    uri: str
    citation: str


class SearchResult(Answer):
    number: str
    score: float
    versions: list[SearchVersion]


class SearchAnswer(Answer):
    query: str
    results: list[SearchResult]
    matched: int = Field(description="Rules that matched in all.")
    offset: int
    languages: list[str]
    query_lang: str | None
    scope: str
    grouping: str
    narrowed_to: list[str]
    corrected: str | None = Field(description="The query as spelled after correction, if it was corrected.")
    did_you_mean: list[str]
    expansions: dict[str, Any] = Field(description="The words each query word was widened to.")
    warnings: list[str]
    cards: list[str] = Field(
        default_factory=list, description="Imported cards the query names, searched as their rules terms."
    )


class CitedRule(Answer):
    number: str
    title: str | None
    text: str
    lang: str
    edition: str | None
    document: str
    uri: str
    citation: str


class Citation(Answer):
    start: int
    end: int
    raw: str
    target: str
    status: str = Field(description="resolved, ambiguous or not found.")
    edition: str | None = None
    lang: str | None = None
    rules: list[CitedRule]
    note: str | None = None


class CitedCardTerm(Answer):
    term: str = Field(description="As the card writes it.")
    title: str = Field(description="The rule's title or the glossary's term.")
    kind: str = Field(description="keyword ability, keyword action, glossary or rule.")
    rule: str = Field(description="The rule that defines it ('' where none does).")
    rules: list[str]
    start: int
    end: int


class SaidRule(Answer):
    rule: str = Field(description="A rule number (newest English rules), as '104.3'.")
    title: str = Field(description="The rule's title, or a subrule's titled rule's; '' when no rules are held.")


class CardSays(Answer):
    words: str = Field(description="The card's words as matched (at most 40 characters).")
    field: str = Field(description="Where they are: 'text' (Oracle text), 'type' (type line) or 'cost' (mana cost).")
    start: int = Field(description="Their place in that field of the card (-1 when not found).")
    end: int
    face: str | None = Field(None, description="The face that has them, for a card of several faces.")
    rules: list[SaidRule] = Field(description="The rules the wording points to, most specific first.")
    effect: str | None = Field(None, description="continuous, replacement, prevention or trigger; null for none.")
    why: str = Field(description="What the rules say of the wording.")


class CardsTogether(Answer):
    effects: list[str] = Field(description="The two effects that interact, one card's each.")
    cards: list[str] = Field(description="The named cards that make them.")
    rules: list[SaidRule] = Field(description="The rules of how such effects interact.")
    why: str


class CitedCard(Answer):
    name: str
    start: int = Field(description="Where the text first names it.")
    end: int
    mentions: int
    terms: list[CitedCardTerm]
    says: list[CardSays] = Field(
        default_factory=list, description="What its text says about the rules: each wording and its rules."
    )


class CiteAnswer(Answer):
    citations: list[Citation]
    page: Page
    resolved: int
    ambiguous: int
    unresolved: int
    cards: list[CitedCard] = Field(default_factory=list, description="The imported cards the text names.")
    cardsTruncated: bool = Field(False, description="The scan for card names stopped at its bound.")
    cardsTogether: list[CardsTogether] = Field(
        default_factory=list, description="How the effects of the cards the text names interact (two or more cards)."
    )


class WordChange(Answer):
    op: str = Field(description="insert, delete or replace.")
    old: str
    new: str


class CheckedCitation(Answer):
    start: int
    end: int
    raw: str
    target: str
    status: str = Field(description="ok, moved, changed, moved and changed, gone, title mismatch or not found.")
    since: str | None
    until: str | None
    new_target: str | None = Field(description="The number in `until`, for a moved rule.")
    changes: list[WordChange] = Field(description="The word changes of the rule's text.")
    note: str | None


class Edit(Answer):
    start: int
    end: int
    old: str
    new: str


class CheckAnswer(Answer):
    since: str | None
    until: str | None
    counts: dict[str, int]
    citations: list[CheckedCitation]
    page: Page
    changes: list[Edit] = Field(description="The edits that update the moved numbers of this page.")
    fixedText: str | None = Field(None, description="The whole text with every moved number updated (with fix).")


class TraceStep(Answer):
    edition: str | None
    document: str
    number: str | None
    title: str | None
    change: str | None
    note: str | None


class Trail(Answer):
    number: str
    edition: str | None
    document: str
    direction: str
    end: str
    editions: int = Field(description="Editions on the whole trail.")
    steps: list[TraceStep]


class TraceAnswer(Trail):
    subrules: list[Trail]
    subrulesPage: Page


class DocumentRef(Answer):
    document: str
    lang: str
    edition: str | None


class ChangedRule(Answer):
    change: str
    oldNumber: str | None
    newNumber: str | None
    title: str | None


class DiffAnswer(Answer):
    old: DocumentRef
    new: DocumentRef
    method: str
    section: str | None
    summary: dict[str, int]
    glossarySummary: dict[str, int]
    changed: list[ChangedRule]
    page: Page


class CrosscheckAnswer(Answer):
    a: dict[str, Any]
    b: dict[str, Any]
    method: str
    notes: list[Any]
    counts: dict[str, int]
    rows: list[dict[str, Any]]
    page: Page


class GlossaryEntry(Answer):
    term: str
    english: str | None
    text: str
    lang: str
    edition: str | None
    document: str
    rules: list[str]


class AbilityWordAnswer(Answer):
    """An ability word as its language's rule 207.2c lists it (it has no glossary entry)."""

    rule: str = Field(description='The rule listing it: "207.2c", which says it has no rules meaning.')
    lang: str
    edition: str | None
    word: str = Field(description='The word as the rule lists it ("landfall", "上陸").')
    english: str | None = Field(description="Its English name, where known.")
    sentence: str = Field(description="The rule's sentence saying what an ability word is.")


class GlossaryAnswer(Answer):
    term: str
    entries: list[GlossaryEntry]
    page: Page
    abilityWord: AbilityWordAnswer | None = Field(
        None, description="The ability word of rule 207.2c the term names (then no entries), else null."
    )


class TermAnswer(Answer):
    query: str
    entries: list[dict[str, Any]]
    page: Page


class DocumentRow(Answer):
    document: str
    lang: str
    edition: str | None
    title: str | None
    format: str
    rules: int
    glossary: int
    inferred: dict[str, Any] | None


class EditionsAnswer(Answer):
    newest: dict[str, str]
    documents: list[DocumentRow]
    page: Page


class CardTerm(Answer):
    term: str = Field(description="The term as the card writes it.")
    title: str = Field(description="The rule's title or glossary term it stands for.")
    kind: str = Field(description='"keyword ability", "keyword action", "glossary" or "rule".')
    rule: str = Field(description="The rule that defines it (a keyword's defining subrule).")
    rules: list[str]


class CardAnswer(Answer):
    name: str
    manaCost: str
    typeLine: str
    oracleText: str
    keywords: list[str]
    layout: str
    faces: list[dict[str, Any]] = Field(description="Each face's name, mana cost, type line and Oracle text.")
    terms: list[CardTerm] = Field(description="The rules terms of the text, each with the rule that defines it.")
    names: list[dict[str, str]] = Field(description="Its names in other languages (at most 12).")
    matched: str = Field(description="The name that found it.")
    exact: bool = Field(
        True,
        description="False when no card has the name asked for: this card's name (matched) begins with it or is near it.",
    )
    poolText: str | None = Field(None, description="The rules engine's text of a card of this name, where it differs.")
    says: list[CardSays] = Field(
        default_factory=list,
        description="What the card's text says about the rules (at most 20): each wording with its place, "
        "its rules (most specific first, with titles) and why; 'can't lose the game' → 104.3, 101.2.",
    )
    warnings: list[str] = Field(
        default_factory=list, description="Why something is missing (no rules held to link to)."
    )
