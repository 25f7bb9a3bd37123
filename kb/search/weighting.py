"""BM25F with statistics per language, so scores of different languages compare.

whoosh divides by the number of all documents of the index; with one set of fields
per language that makes a word of the 13-rule German page look rarer than any
English word, and the average German field length tiny. Here document frequency is
set against the number of documents of the field's language, field lengths against
the documents that have that field, and the short fields (titles, headings,
glossary terms) are not length-normalised at all.
"""

from __future__ import annotations

from math import log

from whoosh.scoring import BM25F, WeightLengthScorer, WeightScorer, bm25

from kb.search.schema import PARTS, field, field_language, field_part

_SHORT_PARTS = frozenset({"title", "heading", "glossary"})


def field_counts(reader, languages) -> dict[str, int]:
    """Documents per language ("lang:en") and per field ("text_en") of ``reader``."""
    counts = {f"lang:{lang}": reader.doc_frequency("lang", lang) for lang in languages}
    for lang in languages:
        for part in PARTS:
            name = field(part, lang)
            counts[name] = reader.doc_frequency("has", name)
    return counts


class LanguageBM25F(BM25F):
    """BM25F whose idf and average lengths are taken within one language."""

    def __init__(self, counts: dict[str, int], B: float = 0.75, K1: float = 1.2):
        super().__init__(B=B, K1=K1)
        self.counts = counts

    def scorer(self, searcher, fieldname, text, qf=1):
        if not searcher.schema[fieldname].scorable:
            return WeightScorer.for_(searcher, fieldname, text)
        lang = field_language(fieldname)
        documents = self.counts.get(f"lang:{lang}") or searcher.doc_count_all()
        with_field = self.counts.get(fieldname) or documents
        B = 0.0 if field_part(fieldname) in _SHORT_PARTS else self.B
        return _Scorer(searcher, fieldname, text, documents, with_field, B, self.K1)


class _Scorer(WeightLengthScorer):
    def __init__(self, searcher, fieldname, text, documents: int, with_field: int, B: float, K1: float):
        parent = searcher.get_parent()
        frequency = parent.doc_frequency(fieldname, text)
        documents = max(documents, frequency)
        self.idf = log(1.0 + (documents - frequency + 0.5) / (frequency + 0.5))
        self.avgfl = (parent.field_length(fieldname) / max(with_field, 1)) or 1.0
        self.B = B
        self.K1 = K1
        self.setup(searcher, fieldname, text)

    def _score(self, weight, length):
        return bm25(self.idf, weight, length, self.avgfl, self.B, self.K1)
