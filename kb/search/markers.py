"""The index's markers: which document it holds at which sha256, each document's code, its format.

They are index documents (kind "marker"), so they commit with the texts they describe. Reading
them means reading stored fields, for which whoosh first reads the offsets of every stored
document of the segment: 15 ms of a fresh search over the whole corpus. So every write of the
index also keeps a copy beside it (MARKERS_FILE), for its generation; a reader uses the copy when
it was kept for the generation it opened, and reads the marker documents otherwise.
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path

from whoosh.reading import IndexReader, TermNotFound

FORMAT_UID = "@format"
MARKERS_FILE = "markers.pickle"

Markers = tuple[dict[str, str], dict[str, str], "str | None"]  # (name -> sha256, name -> code, format)


def stored(reader: IndexReader, fieldname: str, text: str) -> list[dict]:
    """Stored fields of the live documents holding a term (whoosh's Searcher, without whoosh.query)."""
    try:
        docnums = list(reader.postings(fieldname, text).all_ids())
    except TermNotFound:
        return []
    return [reader.stored_fields(docnum) for docnum in docnums if not reader.is_deleted(docnum)]


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


def _key(folder: Path, reader: IndexReader) -> tuple:
    """The generation a reader opened, with the size and time of its table of contents."""
    generation = reader.generation()
    try:
        stat = os.stat(folder / f"_MAIN_{generation}.toc")
    except OSError:
        return (generation, None)
    return (generation, stat.st_size, stat.st_mtime_ns)


def kept(folder: Path, reader: IndexReader) -> Markers:
    """The markers of the generation ``reader`` opened: the copy kept for it, else read."""
    try:
        with open(folder / MARKERS_FILE, "rb") as handle:
            copy = pickle.load(handle)
        if copy["key"] == _key(folder, reader):
            return copy["markers"]
    except (OSError, pickle.UnpicklingError, EOFError, KeyError, TypeError, AttributeError, ImportError):
        pass
    return read(reader)


def keep(folder: Path, reader: IndexReader) -> None:
    """Keep a copy of the markers of the generation ``reader`` opened (after every write of the index)."""
    temporary = folder / f"{MARKERS_FILE}.tmp-{os.getpid()}"
    with open(temporary, "wb") as handle:
        pickle.dump({"key": _key(folder, reader), "markers": read(reader)}, handle, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(temporary, folder / MARKERS_FILE)
