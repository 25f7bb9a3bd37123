"""The records the facade returns: a rule, its links and citations.

Plain dataclasses with ``to_dict()`` for JSON. The rarer results (imports, documents,
glossary entries) live in kb.core.results so that a fresh `mtgkb show` never builds them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field


class _Serialisable:
    def to_dict(self) -> dict:
        return asdict(self)  # type: ignore[call-overload]  # every subclass is a dataclass


@dataclass
class RuleLink(_Serialisable):
    number: str
    title: str | None = None


@dataclass
class Reference(_Serialisable):
    source: str | None  # the citing rule's number (None for a glossary entry)
    glossary_term: str | None
    raw: str
    target: str
    title: str | None
    resolved: bool
    title_matches: bool | None
    document: str
    lang: str
    edition: str | None


@dataclass
class Rule(_Serialisable):
    number: str
    kind: str
    title: str | None
    text: str
    examples: list[str]
    lang: str
    edition: str | None
    document: str
    line: int
    anchor: str
    parent: RuleLink | None
    children: list[RuleLink]
    previous: RuleLink | None
    next: RuleLink | None
    cites: list[Reference] = field(default_factory=list)
    cited_by: list[Reference] = field(default_factory=list)
    commentary: list[dict] = field(default_factory=list)
    other_versions: list[dict] = field(default_factory=list)
    duplicates: int = 0  # further rules printed with the same number in this document
    scenarios: list[dict] = field(default_factory=list)  # example games: scenario, file, edition, passed
    # An undated document: the inferred edition range, and the English rule of its newest edition.
    inferred_edition: dict | None = None
    english: dict | None = None

    def payload(self) -> dict:
        """The rule in the shape bots already read (Academy Ruins' field names: ruleNumber, ruleText,
        examples, navigation), plus what only mtgkb has; the HTTP API and the MCP server answer with it."""
        return {
            "ruleNumber": self.number,
            "title": self.title,
            "ruleText": self.text,
            "examples": self.examples,
            "kind": self.kind,
            "lang": self.lang,
            "edition": self.edition,
            "document": self.document,
            "anchor": self.anchor,
            "navigation": {
                "previousRule": self.previous.number if self.previous else None,
                "nextRule": self.next.number if self.next else None,
                "parentRule": self.parent.number if self.parent else None,
            },
            "children": [child.number for child in self.children],
            "cites": [ref.target for ref in self.cites],
            "citedBy": sorted({ref.source or ref.glossary_term or "" for ref in self.cited_by}),
            "otherVersions": self.other_versions,
        }
