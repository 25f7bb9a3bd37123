"""Results of the facade that a plain rule lookup never needs.

They live apart from kb.api so that a fresh `mtgkb show` does not build them; kb.api
exports them all the same (``from kb.api import ImportResult`` works).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.core.model import Reference, Serialisable


@dataclass
class ImportResult(Serialisable):
    path: str
    name: str
    status: str  # added, replaced, unchanged, failed, skipped (a file of a folder that holds no rules)
    lang: str | None = None
    edition: str | None = None
    format: str | None = None
    rules: int = 0
    examples: int = 0
    glossary: int = 0
    references: int = 0
    error: str | None = None
    # Anomalies of the source repaired on import or left as printed: {path, line, kind, printed, repaired, message}
    warnings: list[dict] = field(default_factory=list)
    cards: int | None = None  # a card file's cards stored (None for a rule text)
    # Where a failed or skipped file went wrong, apart from ``error``'s text: the file and its line (1-based; None
    # when the fault is the whole file's, as a refused replacement)
    file: str | None = None
    line: int | None = None


@dataclass
class DocumentInfo(Serialisable):
    name: str
    lang: str
    edition: str | None
    edition_evidence: str | None
    format: str
    title: str | None
    source: str
    rules: int
    examples: int
    glossary: int
    references: int
    size: int
    imported_at: str
    meta: dict = field(default_factory=dict)
    inferred: dict | None = None  # undated documents: {first, last, editions, evidence}


@dataclass
class GlossaryEntry(Serialisable):
    term: str
    english: str | None
    reading: str | None
    text: str
    lang: str
    edition: str | None
    document: str
    rules: list[str]
    # True for an entry of an older edition than its language's newest glossary, shown because the
    # newest has no entry of the concept ("Source", 2003): a lookup marks it so.
    older: bool = False

    @classmethod
    def from_row(cls, row, rules: list[str], older: bool = False) -> "GlossaryEntry":
        """An entry from a stored glossary row with its document's lang, edition and name (``document``)."""
        return cls(
            term=row["term"],
            english=row["english"],
            reading=row["reading"],
            text=row["text"] or "",
            lang=row["lang"],
            edition=row["edition"],
            document=row["document"],
            rules=rules,
            older=older,
        )


@dataclass
class References(Serialisable):
    number: str
    document: str
    lang: str
    edition: str | None
    outgoing: list[Reference]
    incoming: list[Reference]
