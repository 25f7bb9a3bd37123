"""The records of the term dictionary: one name of one concept in one language, and where it came from."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field


from kb.core.labels import SOURCE_LABELS, SOURCES  # noqa: F401  (shared with `mtgkb term`)


@dataclass(frozen=True)
class TermName:
    """``name`` in ``lang`` is the English ``english`` (concept ``key``), says ``source``."""

    lang: str
    name: str
    english: str
    key: str
    source: str  # one of SOURCES
    origin: str  # the document or file that says so
    detail: str | None = None  # line, rule number or the curator's reason
    sense: str | None = None  # "n"/"v"/"1"/"2" where one English word has several senses

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Attestation:
    """One source of one name."""

    source: str
    origin: str
    detail: str | None = None

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class LocalName:
    """A name of the concept in one language with every source that gives it."""

    lang: str
    name: str
    sources: list[Attestation] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"lang": self.lang, "name": self.name, "sources": [s.to_dict() for s in self.sources]}


@dataclass
class TermEntry:
    """One concept: its English names and its names in every other language."""

    key: str
    english: list[str]
    names: list[LocalName]

    def to_dict(self) -> dict:
        return {"key": self.key, "english": self.english, "names": [n.to_dict() for n in self.names]}

    def in_language(self, lang: str) -> list[str]:
        return [n.name for n in self.names if n.lang == lang]
