"""The whoosh schema: one set of text fields per analysis language.

Every rule is one whoosh document whose text sits in the fields of its own
language ("title_en", "text_ja", ...), because a field has one analyzer. The parts:

    title     the rule's own heading ("Phasing")              weighs most
    heading   the heading of the rule it belongs to           context for subrules
    glossary  glossary terms whose definition cites the rule
    text      the rule text
    examples  its examples
    words     unstemmed words of all parts: the vocabulary did-you-mean suggests from

Markers (kind "marker") record which database document, at which sha256, the index
holds; they are written in the same commit as the rules, so they never disagree.
"""

from __future__ import annotations

from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

from kb.search.analyzers import LANGUAGES, analyzer_for, surface_analyzer

FORMAT = "mtgkb-search-4"  # bump when the schema or the analysis changes: indexes rebuild
PARTS = ("title", "heading", "glossary", "text", "examples")
CJK = ("ja", "zh")


def field(part: str, lang: str) -> str:
    return f"{part}_{lang}"


def words_field(lang: str) -> str:
    """The field holding the surface vocabulary of ``lang`` (CJK: its text field)."""
    return field("text", lang) if lang in CJK else field("words", lang)


def field_language(name: str) -> str:
    return name.rsplit("_", 1)[-1]


def field_part(name: str) -> str:
    return name.rsplit("_", 1)[0]


def build_schema() -> Schema:
    fields = {
        "uid": ID(unique=True, stored=True),
        "kind": ID(stored=True),
        "document": ID(stored=True),
        "lang": ID(stored=True),
        "number": ID(stored=True),
        "rule_id": STORED(),
        "sha": STORED(),
        "tree": KEYWORD(scorable=False),
        "has": KEYWORD(scorable=False),
    }
    for lang in LANGUAGES:
        analyzer = analyzer_for(lang)
        for part in PARTS:
            fields[field(part, lang)] = TEXT(analyzer=analyzer, phrase=True)
        if lang not in CJK:
            fields[field("words", lang)] = TEXT(analyzer=surface_analyzer(lang), phrase=False)
    return Schema(**fields)
