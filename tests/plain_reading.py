"""Corpus files read as plainly as possible, by no code of mtgkb: for tests that pin what the importer
counts to a count made beside it."""

from __future__ import annotations

from pathlib import Path


def plain_text(path: Path) -> str:
    """A CR file's text as a plain reader takes it: UTF-16 by its BOM, else UTF-8 (with or without a
    BOM), else Windows-1252; every line ending a newline."""
    data = path.read_bytes()
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = data.decode("utf-16")
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("cp1252")
    return text.replace("\r\n", "\n").replace("\r", "\n")
