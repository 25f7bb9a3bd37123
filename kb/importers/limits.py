"""How big a source may be: the file in bytes and the document in rules, checked before storing.

The largest real Comprehensive Rules measured in ../shared/corpus is 1,707,002 bytes
(MagicCompRules_20221118.txt, UTF-16) and the most rules a document holds is 3,318
(2026-08-07). The defaults leave room for years of growth (about ten times the file,
six times the rules) and still stop a 200 MB file or a 800,000-rule document before
the store and the pairing step spend minutes and gigabytes on it. Callers pass their
own limits (`mtgkb import --max-bytes/--max-rules`), else $MTGKB_MAX_FILE_BYTES and
$MTGKB_MAX_RULES, else these defaults.
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.core import settings
from kb.i18n import _
from kb.importers.records import SourceTooLarge

# Limits in time, not only in size: a 15 MB line read as one rule citing 476,625 rules took minutes
# to store. The longest real rule text has 4,211 characters (an example 1,002, a glossary entry
# 3,922), the most citations in one is 8 and in one document 1,934: these leave 20-25 times that.
MAX_TEXT_CHARS = 100_000
MAX_CITATIONS_PER_TEXT = 200
MAX_CITATIONS = 40_000

DEFAULT_MAX_BYTES = settings.setting("max_file_bytes").default  # 16 MiB
DEFAULT_MAX_RULES = settings.setting("max_rules").default  # 20,000
BYTES_VARIABLE = settings.variable("max_file_bytes")
RULES_VARIABLE = settings.variable("max_rules")


@dataclass(frozen=True)
class Limits:
    max_bytes: int = DEFAULT_MAX_BYTES
    max_rules: int = DEFAULT_MAX_RULES

    @classmethod
    def resolve(cls, max_bytes: int | None = None, max_rules: int | None = None) -> "Limits":
        """The limits given, else those of the environment, else the defaults."""
        return cls(
            max_bytes if max_bytes is not None else settings.value("max_file_bytes"),
            max_rules if max_rules is not None else settings.value("max_rules"),
        )

    def check_size(self, path: str, size: int) -> None:
        if size > self.max_bytes:
            raise SourceTooLarge(
                path,
                None,
                _(
                    "the file has {size} bytes, more than the limit of {limit} (the largest real Comprehensive Rules "
                    "has 1,707,002); pass --max-bytes or set {variable} to import it anyway"
                ).format(size=size, limit=self.max_bytes, variable=BYTES_VARIABLE),
            )

    def check_rules(self, path: str, rules: int) -> None:
        if rules > self.max_rules:
            raise SourceTooLarge(
                path,
                None,
                _(
                    "the document has {rules} rules, more than the limit of {limit} (a real Comprehensive Rules has "
                    "at most 3,318); pass --max-rules or set {variable} to import it anyway"
                ).format(rules=rules, limit=self.max_rules, variable=RULES_VARIABLE),
            )


def check_texts(path: str, document) -> None:
    """Refuse a rule, example or glossary entry longer than MAX_TEXT_CHARS (a huge line), before its
    citations are looked for."""
    for rule in document.rules:
        for text in (rule.text, *rule.examples):
            if text and len(text) > MAX_TEXT_CHARS:
                raise SourceTooLarge(
                    path,
                    getattr(rule, "line", None),
                    _(
                        "rule {number} has a text of {size} characters, more than the limit of {limit} (the longest "
                        "real rule has 4,211): is a line missing its breaks?"
                    ).format(number=rule.number, size=len(text), limit=MAX_TEXT_CHARS),
                )
    for entry in document.glossary:
        if entry.text and len(entry.text) > MAX_TEXT_CHARS:
            raise SourceTooLarge(
                path,
                getattr(entry, "line", None),
                _("the glossary entry {term!r} has {size} characters, more than the limit of {limit}").format(
                    term=entry.term[:80], size=len(entry.text), limit=MAX_TEXT_CHARS
                ),
            )


def check_citations(path: str, where: str, line: int | None, in_text: int, in_document: int) -> None:
    """Refuse a text citing more than MAX_CITATIONS_PER_TEXT rules, or a document more than MAX_CITATIONS."""
    if in_text > MAX_CITATIONS_PER_TEXT:
        raise SourceTooLarge(
            path,
            line,
            _("{where} cites {count} rules, more than the limit of {limit} (a real rule cites at most 8)").format(
                where=where, count=in_text, limit=MAX_CITATIONS_PER_TEXT
            ),
        )
    if in_document > MAX_CITATIONS:
        raise SourceTooLarge(
            path,
            line,
            _("the document cites more than {limit} rules (a real Comprehensive Rules cites 1,934)").format(
                limit=MAX_CITATIONS
            ),
        )
