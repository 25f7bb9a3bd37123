"""What the user names ("de:702.23", "ja@2023-11-17:702.26", "ja@2026-01-16") as stored documents.

A side names a language, optionally an edition (a date or a document name), and for
a rule-level check a rule number. Without an edition the newest document of the
language that has the rule is taken; an undated document has its edition inferred
later (kb.crosscheck.pivot).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

from kb.i18n import _
from kb.numbers import RuleNumber, RuleNumberError

_LANG = re.compile(r"^[a-z]{2,3}(?:-[A-Za-z]{2,4})?$")


@dataclass(frozen=True)
class DocSpec:
    lang: str | None
    edition: str | None  # a date in any spelling, or a document name

    @classmethod
    def parse(cls, text: str) -> "DocSpec":
        """"ja@2026-01-16", "ja", "en@MagicCompRules_20260116" or a bare document name."""
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
        """"de:702.23", "ja@2023-11-17:702.26"; a bare number means English."""
        left, _, number = text.strip().rpartition(":")
        try:
            parsed = RuleNumber.parse(number)
        except RuleNumberError as error:
            raise ValueError(f"{text!r}: {error}") from None
        return cls(DocSpec.parse(left) if left else DocSpec("en", None), parsed)

    def __str__(self) -> str:
        return f"{self.doc}:{self.number}"


@dataclass
class DocRef:
    """A resolved document and how it was chosen."""

    id: int
    name: str
    lang: str
    edition: str | None
    chosen: str  # "given", "newest", "only"

    def to_dict(self) -> dict:
        return asdict(self)


def lookup_failed(message: str, suggestions: list[str] | None = None) -> Exception:
    from kb.api import LookupFailed  # late: kb.api imports this package for its facade

    return LookupFailed(message, suggestions or [])


def _primary(lang: str | None) -> str:
    return (lang or "").split("-")[0].lower()


def _size(conn, doc_id: int, number: RuleNumber | None) -> int:
    """Rules of a document: all of them, or those of ``number``'s subtree."""
    if number is None:
        return conn.execute("select count(*) from rules where document_id = ?", [doc_id]).fetchone()[0]
    return conn.execute(
        "select count(*) from rules where document_id = ? and (sort_key = ? or sort_key like ?)",
        [doc_id, number.sort_text, number.sort_text + ".%"]).fetchone()[0]


def resolve(conn, spec: DocSpec, number: RuleNumber | None = None) -> DocRef:
    """The document ``spec`` names; with ``number`` only documents that have that rule count."""
    from kb.api import nearest_editions, normalise_edition

    docs = conn.execute("select id, name, lang, edition from documents").fetchall()
    if spec.lang:
        docs = [d for d in docs if _primary(d[2]) == _primary(spec.lang)]
        if not docs:
            langs = sorted({row[0] for row in conn.execute("select distinct lang from documents")})
            raise lookup_failed(_("no documents in language {lang!r}").format(lang=spec.lang), langs)
    chosen = "only"
    if spec.edition:
        wanted = normalise_edition(spec.edition)
        matching = [d for d in docs if d[1] == spec.edition] or [d for d in docs if d[3] == wanted]
        if not matching:
            message = _("no edition {edition!r} in language {lang!r}") if spec.lang else _("no edition {edition!r}")
            raise lookup_failed(message.format(edition=spec.edition, lang=spec.lang),
                                 nearest_editions([d[3] for d in docs if d[3]], wanted))
        docs, chosen = matching, "given"
    if number is not None:
        having = {row[0] for row in conn.execute("select distinct document_id from rules where number = ?", [str(number)])}
        if not any(d[0] in having for d in docs):
            from kb.history.resolve import nearest_numbers

            newest = max(docs, key=lambda d: d[3] or "")
            present = [r[0] for r in conn.execute("select number from rules where document_id = ?", [newest[0]])]
            message = (_("rule {number} is in no document of {spec}") if str(spec)
                       else _("rule {number} is in no document of any language"))
            raise lookup_failed(message.format(number=number, spec=spec),
                                nearest_numbers(present, number))
        docs = [d for d in docs if d[0] in having]
    if chosen == "only" and len(docs) > 1:
        chosen = "newest"
    newest = max(d[3] or "" for d in docs)
    # of one date the fullest (a contents list has titles only), then the official name
    same = sorted((d for d in docs if (d[3] or "") == newest),
                  key=lambda d: (_size(conn, d[0], number), -d[1].count("_"), d[1]), reverse=True)
    doc_id, name, lang, edition = same[0]
    return DocRef(doc_id, name, lang, edition, chosen)
