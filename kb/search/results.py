"""What searches, completions and fuzzy lookups return: dataclasses with to_dict()."""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.core.model import Serialisable


@dataclass
class Snippet(Serialisable):
    """A stretch of a rule's text; ``highlights`` are [start, end) spans of ``text`` that matched."""

    text: str
    highlights: list[tuple[int, int]] = field(default_factory=list)
    part: str = "text"  # "text", "title" or "example"

    def marked(self, before: str = "[", after: str = "]") -> str:
        """The text with each highlight wrapped in ``before``/``after``."""
        out, last = [], 0
        for start, end in self.highlights:
            out.append(self.text[last:start] + before + self.text[start:end] + after)
            last = end
        return "".join(out) + self.text[last:]


@dataclass
class RuleVersion(Serialisable):
    """One language's (or edition's) text of a result."""

    number: str
    lang: str
    edition: str | None
    document: str
    title: str | None
    heading: str | None  # the title of the rule it belongs to ("Phasing" for 702.26d)
    snippet: Snippet
    score: float
    matched: bool  # False: shown beside the others but the query did not find it itself


@dataclass
class SearchResult(Serialisable):
    """One rule, with its versions in several languages (and editions), ranked by the best."""

    number: str
    score: float
    family: str
    versions: list[RuleVersion]


@dataclass
class SearchResults(Serialisable):
    query: str
    results: list[SearchResult]
    matched: int  # rule versions (all languages) that match
    languages: list[str]  # languages searched
    query_lang: str
    scope: str  # "newest", "all" or an edition
    grouping: str  # "number" or "chain"
    narrowed_to: list[str] = field(default_factory=list)  # rule subtrees from numbers in the query
    corrected: str | None = None  # the query as searched after spelling corrections
    did_you_mean: list[str] = field(default_factory=list)
    expansions: dict[str, list[str]] = field(default_factory=dict)  # query word -> English terms it was read as
    warnings: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)  # imported cards the query names (searched as their terms)


@dataclass
class Completion(Serialisable):
    text: str
    kind: str  # "term" or "title"
    lang: str
    english: str | None = None
    rule: str | None = None
    score: float = 0.0
    document: str | None = None  # the document whose numbering ``rule`` is in


@dataclass
class Suggestion(Serialisable):
    """A vocabulary word near a misspelled one."""

    word: str
    lang: str
    distance: int
    frequency: int
