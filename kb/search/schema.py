"""The whoosh schema: one set of text fields per analysis language.

Every rule is one whoosh document whose text sits in the fields of its own
language ("names_en", "text_ja", ...), because a field has one analyzer. The parts:

    names     the rule's names, weighted token by token (analyzers.NAME_PARTS):
              its title ("Phasing") x6, the heading of the rule it belongs to x1,
              the glossary terms whose definition cites it x3, the definitions of the
              entries that cite it first x1
    text      the rule text
    examples  its examples

One names field instead of three keeps a query's posting-list reads few: a cold query
reads each (field, term) once, and that read is most of its cost.

Each distinct text is indexed once: a whoosh document is one rule version's content
(language, number, names, text, examples), keyed by its hash, and ``holders`` lists the
short codes of the database documents that hold it (an unchanged rule of 135 English
editions is one whoosh document with 135 codes), stored only. Markers (kind "marker") record which
database document, at which sha256 and under which code, the index holds; they are
written in the same commit as the rules, so they never disagree.
"""

from __future__ import annotations

from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

from kb.search.analyzers import LANGUAGES, analyzer_for, names_analyzer

FORMAT = "mtgkb-search-13"  # bump when the schema or the analysis changes: indexes rebuild
PARTS = ("names", "text", "examples")
CJK = ("ja", "zh")


def field(part: str, lang: str) -> str:
    return f"{part}_{lang}"


def words_field(lang: str) -> str:
    """The field whose terms stand in for the vocabulary of ``lang`` when no stored one exists."""
    return field("text", lang)


def build_schema() -> Schema:
    fields = {
        "uid": ID(unique=True, stored=True),
        "kind": ID(stored=True),  # "marker" on markers only: rules need no posting of their own
        # Codes of the documents holding this text: stored, not indexed (a posting per holder was
        # a quarter of a whole-corpus build); which texts a document holds is stored with the
        # index as arrays (kb.search.derived), read from these stored values.
        "holders": STORED(),
        "document": STORED(),  # a marker's document name
        "code": STORED(),  # a marker's document code
        "lang": ID(stored=True),
        "number": STORED(),
        "sha": STORED(),
        # Never scored, but scorable: whoosh's commit looks up a field's length column at each of its
        # postings, and a field without one costs a file-system lookup each time (4% of a build).
        "tree": KEYWORD(scorable=True),
        "has": KEYWORD(scorable=True),
    }
    for lang in LANGUAGES:
        fields[field("names", lang)] = TEXT(analyzer=names_analyzer(lang), phrase=True)
        for part in ("text", "examples"):
            fields[field(part, lang)] = TEXT(analyzer=analyzer_for(lang), phrase=True)
    return Schema(**fields)
