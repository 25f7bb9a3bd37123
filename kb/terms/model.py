"""The records of the term dictionary: one name of one concept in one language, and where it came from."""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.core.labels import SOURCE_LABELS, SOURCES  # noqa: F401  (shared with `mtgkb term`)
from kb.core.model import Serialisable

# How far a pairing of each source is to be trusted: a curator's word, a glossary, down to a
# 「term／English」 pair read out of running text.
CONFIDENCE = {"curated": 1.0, "glossary": 0.95, "pair": 0.9, "rule-title": 0.85, "inline": 0.75}


@dataclass(frozen=True)
class TermName(Serialisable):
    """``name`` in ``lang`` is the English ``english`` (concept ``key``), says ``source``."""

    lang: str
    name: str
    english: str
    key: str
    source: str  # one of SOURCES
    origin: str  # the document or file that says so
    detail: str | None = None  # line, rule number or the curator's reason
    sense: str | None = None  # "n"/"v"/"1"/"2" where one English word has several senses

    json_extra = ("confidence",)

    @property
    def confidence(self) -> float:
        return CONFIDENCE.get(self.source, 0.5)


@dataclass
class Attestation(Serialisable):
    """One source of one name."""

    source: str
    origin: str
    detail: str | None = None

    @property
    def confidence(self) -> float:
        return CONFIDENCE.get(self.source, 0.5)

    json_extra = ("confidence",)


@dataclass
class LocalName(Serialisable):
    """A name of the concept in one language with every source that gives it."""

    lang: str
    name: str
    sources: list[Attestation] = field(default_factory=list)

    @property
    def confidence(self) -> float:
        """The best source's: a name two sources give is as sure as the surer one."""
        return max((s.confidence for s in self.sources), default=0.0)

    json_extra = ("confidence",)


@dataclass
class TermEntry(Serialisable):
    """One concept: its English names and its names in every other language."""

    key: str
    english: list[str]
    names: list[LocalName]
    category: str | None = None  # kb.terms.vocabulary: "zone", "keyword ability", ...; None: curated only

    def in_language(self, lang: str) -> list[str]:
        return [n.name for n in self.names if n.lang == lang]
