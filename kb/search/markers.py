"""The index's markers: which document it holds at which sha256, each document's code, its format.

They are index documents (kind "marker"), so they commit with the texts they describe and a
reader reads the markers of the very generation it opened.
"""

from __future__ import annotations

from whoosh.reading import IndexReader
from whoosh.searching import Searcher

FORMAT_UID = "@format"

Markers = tuple[dict[str, str], dict[str, str], "str | None"]  # (name -> sha256, name -> code, format)


def stored(reader: IndexReader, fieldname: str, text: str) -> list[dict]:
    """Stored fields of the live documents holding a term."""
    return list(Searcher(reader, closereader=False).documents(**{fieldname: text}))


def read(reader: IndexReader) -> Markers:
    """The markers, read from the marker documents."""
    found: dict[str, str] = {}
    codes: dict[str, str] = {}
    version = None
    for fields in stored(reader, "kind", "marker"):
        if fields["uid"] == FORMAT_UID:
            version = fields.get("sha")
        else:  # a document's marker carries both (kb.search.documents.marker)
            found[fields["document"]] = fields["sha"]
            codes[fields["document"]] = fields["code"]
    return found, codes, version
