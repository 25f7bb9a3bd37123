"""Cross-checks of translations: a rule against a rule (through the English editions they
were made from), a whole translation against its original. See docs/crosscheck.md.

    crosscheck(conn, "de:702.23", "ja@2023-11-17:702.26")            -> RuleCrosscheck
    crosscheck_document(conn, "ja@2026-01-16", "en@2026-01-16")       -> DocumentCrosscheck
"""

from kb.crosscheck.document import crosscheck_document
from kb.crosscheck.model import FINDINGS, FLAGS, DocumentCrosscheck, Finding, Flag, Row, RuleCrosscheck
from kb.crosscheck.rule import crosscheck_rules as crosscheck

__all__ = [
    "FINDINGS",
    "FLAGS",
    "DocumentCrosscheck",
    "Finding",
    "Flag",
    "Row",
    "RuleCrosscheck",
    "crosscheck",
    "crosscheck_document",
]
