"""What every importer returns: plain records, no database.

An importer turns the bytes of one source file into one ``Document``. The store
decides how the records become rows; importers only read.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.core.errors import BadInputFile, TooLarge


class SourceError(BadInputFile):
    """Bad input: names the file, the line (1-based, or None) and what was expected."""

    def __init__(self, path: str, line: int | None, message: str):
        self.path = path
        self.line = line
        self.message = message
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {message}")


class NoRules(SourceError):
    """A file that holds no rules this importer (or any) recognises: skipped inside a folder."""


class NoEdition(SourceError):
    """A rules text that states no effective date where its reader needs one (kb.importers.cr_text):
    detection then reads it as an undated document (kb.importers.numbered) instead of refusing it."""


class SourceTooLarge(SourceError, TooLarge):
    """A file, or the document read from it, over a limit (kb.importers.limits): exit 2, HTTP 413."""


@dataclass
class Rule:
    """A section, chapter, rule or subrule as the source gives it."""

    number: str  # canonical rule number, see kb.core.numbers ("7", "702", "702.26", "702.26b")
    text: str  # the rule's own text ("" for a heading that is only a title)
    line: int  # line of the source where the rule starts
    title: str | None = None  # heading title of sections, chapters and titled rules ("Phasing")
    examples: list[str] = field(default_factory=list)  # each "Example:" without its label


@dataclass
class GlossaryEntry:
    term: str  # the term in the document's language
    text: str  # the definition
    line: int
    english: str | None = None  # the English term where the source pairs it ("フェイジング／Phasing")
    reading: str | None = None  # a reading given with the term (Japanese kana)


@dataclass
class Commentary:
    """Text about a rule that is not rule text: a wiki article's sections."""

    heading: str
    text: str
    line: int
    rule: str | None = None  # the rule number the commentary belongs to


@dataclass
class TermPair:
    """A term of the document's language paired with its English name by the source."""

    term: str
    english: str
    line: int
    lang: str | None = None  # defaults to the document's language


@dataclass
class Document:
    """One imported source: the rules, glossary and commentary of one language and edition."""

    lang: str  # BCP 47 tag of the rule text: "en", "de", "ja", "zh-Hans", "ru"
    format: str  # the importer that read it ("cr-text", "wiki-article", "rule-page", ...)
    edition: str | None = None  # ISO date of the CR edition the text belongs to, None if unknown
    edition_evidence: str | None = None  # where the edition came from ("header: ...", "--edition")
    title: str | None = None
    rules: list[Rule] = field(default_factory=list)
    glossary: list[GlossaryEntry] = field(default_factory=list)
    commentary: list[Commentary] = field(default_factory=list)
    terms: list[TermPair] = field(default_factory=list)
    meta: dict[str, str] = field(default_factory=dict)  # infobox fields, page language, ...
    references: list | None = None  # citations (kb.importers.references), found by parse_file
    po_entries: list | None = None  # kb.importers.po.Entry of a PO file, for numbering by the English side
    warnings: list = field(
        default_factory=list
    )  # kb.importers.repairs.SourceWarning: anomalies repaired or left, control characters removed
    siblings: list["Document"] = field(default_factory=list)  # a bilingual file's other languages
