"""What the user names ("de:702.23", "ja@2023-11-17:702.26", "ja@2026-01-16") as stored documents.

A side names a language, optionally an edition (a date or a document name), and for
a rule-level check a rule number. Without an edition the newest document of the
language that has the rule is taken; an undated document has its edition inferred
later (kb.crosscheck.pivot).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.core.errors import BadRuleNumber, RuleNotFound
from kb.core.model import Serialisable
from kb.core.numbers import RuleNumber, RuleNumberError
from kb.history.resolve import nearest_numbers
from kb.i18n import _
from kb.store import documents

_LANG = re.compile(r"^[a-z]{2,3}(?:-[A-Za-z]{2,4})?$")


@dataclass(frozen=True)
class DocSpec:
    lang: str | None
    edition: str | None  # a date in any spelling, or a document name

    @classmethod
    def parse(cls, text: str) -> "DocSpec":
        """ "ja@2026-01-16", "ja", "en@MagicCompRules_20260116" or a bare document name."""
        text = text.strip()
        if "@" in text:
            lang, edition = text.split("@", 1)
            return cls(lang.strip() or None, edition.strip() or None)
        if _LANG.match(text):
            return cls(text, None)
        return cls(None, text)

    def __str__(self) -> str:
        return (self.lang or "") + (f"@{self.edition}" if self.edition else "")


@dataclass(frozen=True)
class RuleSpec:
    doc: DocSpec
    number: RuleNumber

    @classmethod
    def parse(cls, text: str) -> "RuleSpec":
        """ "de:702.23", "ja@2023-11-17:702.26"; a bare number means English."""
        left, _, number = text.strip().rpartition(":")
        try:
            parsed = RuleNumber.parse(number)
        except RuleNumberError as error:
            raise BadRuleNumber(f"{text!r}: {error}") from None
        return cls(DocSpec.parse(left) if left else DocSpec("en", None), parsed)

    def __str__(self) -> str:
        return f"{self.doc}:{self.number}"


@dataclass
class DocRef(Serialisable):
    """A resolved document and how it was chosen."""

    id: int
    name: str
    lang: str
    edition: str | None
    chosen: str  # "given", "newest", "only"


def resolve(conn, spec: DocSpec, number: RuleNumber | None = None) -> DocRef:
    """The document ``spec`` names, through the store's one resolver; with ``number`` only
    documents that have that rule count."""
    candidates = documents.resolve(documents.document_rows(conn), lang=spec.lang, edition=spec.edition)
    chosen = "given" if spec.edition else ("only" if len(candidates) == 1 else "newest")
    if number is not None:
        having = {
            row[0] for row in conn.execute("select distinct document_id from rules where number = ?", [str(number)])
        }
        found = [d for d in candidates if d["id"] in having]
        if not found:
            present = [
                r[0] for r in conn.execute("select number from rules where document_id = ?", [candidates[0]["id"]])
            ]
            message = (
                _("rule {number} is in no document of {spec}")
                if str(spec)
                else _("rule {number} is in no document of any language")
            )
            raise RuleNotFound(message.format(number=number, spec=spec), nearest_numbers(present, number))
        candidates = found
    doc = candidates[0]
    return DocRef(doc["id"], doc["name"], doc["lang"], doc["edition"], chosen)
