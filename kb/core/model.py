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
