"""One exception class per condition a user can meet.

Each class carries its exit code (README: 1 nothing found, 2 bad input) and its HTTP
status, so every front end maps an error to output in one place instead of guessing
from its cause. ``suggestions`` are what exists nearby (numbers, editions, languages).
"""

from __future__ import annotations


class MtgkbError(Exception):
    """Base of every condition the knowledge base reports to a user."""

    exit_code = 1
    http_status = 500

    def __init__(self, message: str, suggestions: list[str] | None = None):
        super().__init__(message)
        self.suggestions: list[str] = list(suggestions or [])

    def to_dict(self) -> dict:
        return {"error": str(self), "kind": type(self).__name__, "suggestions": self.suggestions}


class NotFound(MtgkbError, LookupError):
    """Something asked for is not in the database."""

    exit_code = 1
    http_status = 404


class RuleNotFound(NotFound):
    """A rule number that no chosen document holds; suggests the nearest numbers.

    ``counterparts`` are the same rule where the number names it elsewhere, through the
    renumbering chain: {"number", "document", "lang", "edition", "of": {"number", "document",
    "lang", "edition"}} (in 2017-09-29 the 702.26b of 2026-08-07 is 702.25b). Their numbers
    also lead ``suggestions``.
    """

    def __init__(self, message: str, suggestions: list[str] | None = None, counterparts: list[dict] | None = None):
        super().__init__(message, suggestions)
        self.counterparts: list[dict] = list(counterparts or [])

    def to_dict(self) -> dict:
        return {**super().to_dict(), "counterparts": self.counterparts}


class ExampleNotFound(NotFound):
    """An example a rule does not have ("ex 2 112.4": 112.4 has one), or the examples of a rule
    without any; ``count`` is how many it has, which the message says too."""

    def __init__(self, message: str, suggestions: list[str] | None = None, count: int = 0):
        super().__init__(message, suggestions)
        self.count = count

    def to_dict(self) -> dict:
        return {**super().to_dict(), "examples": self.count}


class EditionNotFound(NotFound):
    """An edition (date) or document name that is not stored; suggests the nearest editions."""


class HistoryNotBuilt(EditionNotFound):
    """An edition or a history that the package carries but this database does not hold yet (the small
    database a first command builds). Never "none was in force": the message says which editions are
    held and that 'mtgkb build' adds every edition since 1999. ``edition``: the one English edition
    (a date) that would answer, when one is enough; None when the whole history is needed. HTTP 409:
    the request is right, the database is not there yet."""

    http_status = 409

    def __init__(self, message: str, suggestions: list[str] | None = None, edition: str | None = None):
        super().__init__(message, suggestions)
        self.edition = edition

    def to_dict(self) -> dict:
        return {**super().to_dict(), "edition": self.edition, "build": "mtgkb build"}


class AmbiguousName(NotFound):
    """A rule's title or term that names several rules ("Landwalk", "Cycling" of a glossary citing
    two): never a guess; ``candidates`` lists each with its number and title, the message the first."""

    def __init__(self, message: str, suggestions: list[str] | None = None, candidates: list[dict] | None = None):
        super().__init__(message, suggestions)
        self.candidates: list[dict] = list(candidates or [])

    def to_dict(self) -> dict:
        return {**super().to_dict(), "candidates": self.candidates}


class DocumentNotFound(EditionNotFound):
    """A document name that is not stored."""


class TermNotFound(NotFound):
    """A glossary or dictionary term with no entry; suggests near spellings."""


class CardNotFound(NotFound):
    """A card name that no imported card has; suggests the nearest names held."""


class SourceUnavailable(NotFound):
    """A page or file that cannot be had (offline, an HTTP error) or a page without what was looked
    for (the rules page without its TXT link); nothing was changed."""

    http_status = 502


class SourceFileGone(NotFound):
    """A document's published file that is no longer where it was imported from, or whose bytes
    changed since (their SHA-256 differs): the message names the file and says to import it again."""


class NoDatabase(NotFound):
    """A database that does not exist or holds no documents; the message says what to run."""

    http_status = 503


class IndexMissing(MtgkbError):
    """Derived data (the search index) that has not been built; the message names the command."""

    exit_code = 1
    http_status = 503


class BadInput(MtgkbError, ValueError):
    """Input that cannot be used as given: the message says what was expected."""

    exit_code = 2
    http_status = 400


class BadRuleNumber(BadInput):
    """A text that is not a rule number, range or citation."""


class TitleMismatch(BadRuleNumber):
    """A number and a title that name different rules ("702.26 Trample": 702.26 is Phasing)."""


class UnknownLanguage(BadInput):
    """A language code that no stored document has; suggests the languages held."""


class BadQuery(BadInput):
    """A search query or request parameter with nothing usable in it."""


class BadInputFile(BadInput):
    """A source file that cannot be read or parsed; names the file and the line."""


class TooLarge(BadInput):
    """A request or file over a stated limit."""

    http_status = 413


class DatabaseError(MtgkbError):
    """A database file that cannot be used (not SQLite, locked, newer schema, read-only)."""

    exit_code = 2
    http_status = 503


class ReplaceRefused(BadInput):
    """An import that would replace a stored document by one holding much less of it (a cut or broken
    file): the message says what would be lost and how to replace it anyway."""


class ServerBusy(MtgkbError):
    """A server with more long requests than it takes at once: 503, to be tried again shortly."""

    exit_code = 1
    http_status = 503


class SameDocument(BadInput):
    """A cross-check of a document against itself (`crosscheck --document en`, whose original is the
    English text itself): every class would be 0, which reads as a clean translation."""
