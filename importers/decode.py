"""Bytes to text for every importer: one place that knows the corpus's encodings.

The official files come as UTF-8 (with and without BOM), UTF-16 LE/BE with BOM and
Windows-1252, with LF, CRLF or bare CR line endings. Importers want plain ``str``
with ``\\n`` line endings and no BOM, and a SourceError naming the line of the first
byte that no supported encoding explains.
"""

from __future__ import annotations

import codecs
import re

from importers.records import SourceError
from kb.i18n import N_, _

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_LINE_BREAK = re.compile(r"\r\n|\r")
_BYTE_LINE_BREAK = re.compile(rb"\r\n|\r|\n")
# Control characters never found in text files; a cp1252 reading that yields them is wrong.
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
EXPECTED = N_("expected UTF-8, UTF-16 with a byte-order mark, or Windows-1252 text")


def decode_bytes(data: bytes, path: str) -> str:
    """The text of ``data`` with ``\\n`` line endings and without a byte-order mark."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return normalise_newlines(_strict(data[len(bom):], encoding, path, len(bom)))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        text = _cp1252_fallback(data, path, error)
    return normalise_newlines(text.removeprefix("\ufeff"))


def normalise_newlines(text: str) -> str:
    """CRLF and bare CR (old Mac files) become LF."""
    return _LINE_BREAK.sub("\n", text)


def _strict(data: bytes, encoding: str, path: str, skipped: int) -> str:
    """Decode with an encoding the BOM promised; a failure is the file's fault."""
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        line = _line_of_decoded(data, encoding, error.start)
        raise SourceError(path, line, _describe(error.start + skipped, error, encoding)) from None


def _cp1252_fallback(data: bytes, path: str, utf8_error: UnicodeDecodeError) -> str:
    """Windows-1252 only when it reads as text: no undefined bytes, no control characters."""
    line = byte_line(data, utf8_error.start)
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError as error:
        raise SourceError(path, byte_line(data, error.start), _describe(error.start, error, "cp1252")) from None
    control = _CONTROL.search(text)
    if control:
        raise SourceError(
            path,
            byte_line(data, control.start()),
            _("control character {char} in text that is not UTF-8 (first bad UTF-8 byte {byte} on line {line}); "
              "{expected}").format(char=f"{ord(control.group()):#04x}", byte=f"{data[utf8_error.start]:#04x}",
                                   line=line, expected=_(EXPECTED)),
        )
    return text


def byte_line(data: bytes, offset: int) -> int:
    """1-based line of byte ``offset``, counting LF, CRLF and bare CR as line breaks."""
    return len(_BYTE_LINE_BREAK.findall(data, 0, offset)) + 1


def _line_of_decoded(data: bytes, encoding: str, offset: int) -> int:
    """Line of ``offset`` in a multi-byte encoding: count breaks in the decodable prefix."""
    prefix = data[:offset].decode(encoding, errors="replace")
    return prefix.count("\n") + prefix.count("\r") - prefix.count("\r\n") + 1


def _describe(offset: int, error: UnicodeDecodeError, encoding: str) -> str:
    bad = error.object[error.start:error.end].hex(" ")
    return _("undecodable byte(s) {bytes} at offset {offset} ({encoding}: {reason}); {expected}").format(
        bytes=bad, offset=offset, encoding=encoding, reason=error.reason, expected=_(EXPECTED))
