"""The multilingual term dictionary: which word of each language names which CR concept.

Pairs are mined from the stored documents (bilingual headings and contents lines,
glossaries with English names, rule titles paired by number, 「term／English」 inside
rule texts) plus data/terms_curated.tsv; see docs/terms.md.
"""

from kb.terms.dictionary import TermDictionary, dictionary
from kb.terms.matcher import Matcher, TermMatch
from kb.terms.model import Attestation, LocalName, TermEntry, TermName
from kb.terms.names import english_key
from kb.terms.table import ensure_terms_schema, rebuild_terms

__all__ = [
    "Attestation",
    "LocalName",
    "Matcher",
    "TermDictionary",
    "TermEntry",
    "TermMatch",
    "TermName",
    "dictionary",
    "english_key",
    "ensure_terms_schema",
    "rebuild_terms",
]
