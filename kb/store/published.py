"""A document's file as it was imported, for a server that sends it (``GET /file/cr``).

The bundled archive's member or the file named at import, checked against the SHA-256 stored then: a
file that moved or changed is never sent as the document's.
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from kb.core import paths
from kb.core.errors import SourceFileGone
from kb.core.paths import shown_source
from kb.i18n import _
from kb.importers.bundle import read_member
from kb.importers.records import SourceError
from kb.store.catalog import document_source


def published_bytes(conn: sqlite3.Connection, name: str) -> tuple[bytes, str]:
    """The bytes of document ``name``'s file as it was imported (the bundled archive's member, or the file
    imported) and their charset; SourceFileGone when the file is gone or its SHA-256 is no longer the one
    imported."""
    source, digest = document_source(conn, name)
    bundled = Path(source).parts
    data: bytes | None = None
    if len(bundled) > 2 and bundled[0] == "data" and bundled[1] == paths.BUNDLE.name:
        try:
            data = read_member("/".join(bundled[2:]))
        except SourceError:
            data = None
    else:
        try:
            data = Path(source).read_bytes()
        except OSError:
            data = None
    if data is None or hashlib.sha256(data).hexdigest() != digest:
        raise SourceFileGone(
            _(
                "the published file of {name} is no longer at {source}, or changed since it was imported: "
                "import it again"
            ).format(name=name, source=shown_source(source))
        )
    return data, charset(data)


def charset(data: bytes) -> str:
    """The charset of a published text by its BOM, else UTF-8 when it decodes so, else Windows-1252
    (the encodings of the official files, see kb.importers.decode)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return "windows-1252"
    return "utf-8"
