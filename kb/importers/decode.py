"""Bytes to text for every importer: one place that knows the corpus's encodings.

The official files come as UTF-8 (with and without BOM), UTF-16 LE/BE with BOM and
Windows-1252, with LF, CRLF or bare CR line endings. Importers want plain ``str``
with ``\\n`` line endings and no BOM.

A file reads as one encoding or not at all. A file with a BOM is read strictly as
the BOM says. Without one it is UTF-8, or Windows-1252 only when the whole file reads
as Windows-1252 and not as UTF-8: it holds no valid UTF-8 multi-byte sequence (every
legacy file of the corpus holds none, while a UTF-8 file with one stray byte holds
its other accented letters as such sequences: reading it as Windows-1252 would store
"InstabilitÃ¤t"), no byte Windows-1252 leaves undefined, and no control character.
Anything else raises a SourceError naming the file, the line and the byte offset of
the first byte that does not fit.

Control characters (NUL and the other C0 codes except tab and line breaks, and DEL)
are removed from a text that is otherwise sound, with a warning naming where: a stray
NUL must not reach a stored rule text, but one is no reason to refuse an edition. A
text made mostly of them is no text (or UTF-16 without a BOM) and is refused.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from kb.i18n import N_, _
from kb.importers.records import SourceError
from kb.importers.repairs import SourceWarning

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_LINE_BREAK = re.compile(r"\r\n|\r")
_BYTE_LINE_BREAK = re.compile(rb"\r\n|\r|\n")
# Control characters never found in text files; a cp1252 reading that yields them is wrong.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# A well-formed UTF-8 sequence of two to four bytes: proof that a file was written as UTF-8.
_UTF8_SEQUENCE = re.compile(
    rb"[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}"
    rb"|\xed[\x80-\x9f][\x80-\xbf]|\xf0[\x90-\xbf][\x80-\xbf]{2}"
    rb"|[\xf1-\xf3][\x80-\xbf]{3}|\xf4[\x80-\x8f][\x80-\xbf]{2}"
)
# Every byte but the control characters: deleting them leaves the control bytes (bytes.translate runs at
# memory speed where a regular expression over the text took longer than decoding it). In UTF-8 no
# byte of a multi-byte sequence is below 0x80, so a control byte is a control character.
_NOT_CONTROL = bytes(b for b in range(256) if not _CONTROL.match(chr(b)) or b >= 0x80)
# More control characters than this share of the text: not a text file at all.
_MAX_CONTROL_SHARE = 0.01
EXPECTED = N_("expected UTF-8, UTF-16 with a byte-order mark, or Windows-1252 text")

_warnings: ContextVar[dict[tuple, SourceWarning] | None] = ContextVar("decode_warnings", default=None)


@contextmanager
def collect_warnings() -> Iterator[list[SourceWarning]]:
    """Gather what decode_bytes removed while the block runs; the list is filled when it ends.

    A sniffer and the importer may decode the same bytes: each warning is kept once.
    """
    found: dict[tuple, SourceWarning] = {}
    result: list[SourceWarning] = []
    token = _warnings.set(found)
    try:
        yield result
    finally:
        _warnings.reset(token)
        result.extend(found.values())


def decode_bytes(data: bytes, path: str) -> str:
    """The text of ``data`` with ``\\n`` line endings, without a byte-order mark or control characters."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            text = normalise_newlines(_strict(data[len(bom) :], encoding, path, len(bom)))
            return _remove_controls(text, path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        text = _cp1252_fallback(data, path, error)
    return _remove_controls(normalise_newlines(text.removeprefix("\ufeff")), path)


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
    """Windows-1252 only when the whole file reads as it: no UTF-8 sequence, no undefined byte,
    no control character. Otherwise the first byte that is not UTF-8 is the file's fault."""
    # Undecodable bytes become one character each, ASCII too: only a valid multi-byte sequence
    # makes the text shorter than the bytes.
    if len(data.decode("utf-8", "surrogateescape")) < len(data):
        sequence = _UTF8_SEQUENCE.search(data)
        raise SourceError(path, byte_line(data, utf8_error.start), _not_utf8(data, utf8_error, sequence))
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError as error:
        raise SourceError(path, byte_line(data, error.start), _describe(error.start, error, "cp1252")) from None
    control = _CONTROL.search(text)
    if control:
        raise SourceError(
            path,
            byte_line(data, control.start()),
            _(
                "control character {char} at offset {offset} in text that is not UTF-8 (first bad UTF-8 byte {byte} "
                "on line {line}); {expected}"
            ).format(
                char=f"{ord(control.group()):#04x}",
                offset=control.start(),
                byte=f"{data[utf8_error.start]:#04x}",
                line=byte_line(data, utf8_error.start),
                expected=_(EXPECTED),
            ),
        )
    return text


def _not_utf8(data: bytes, error: UnicodeDecodeError, sequence: re.Match | None) -> str:
    """A UTF-8 file with a byte that does not belong: where it is, and why Windows-1252 is no way out."""
    start = data.rfind(b"\n", 0, error.start) + 1
    return _(
        "byte {byte} at offset {offset} (column {column}) is not UTF-8 ({reason}); the file is UTF-8 "
        "elsewhere ({char!r} at offset {first}), so it is not read as Windows-1252 either: fix or remove "
        "the byte"
    ).format(
        byte=data[error.start : error.end].hex(" "),
        offset=error.start,
        column=error.start - start + 1,
        reason=error.reason,
        char=sequence.group().decode("utf-8") if sequence else "",
        first=sequence.start() if sequence else 0,
    )


def _remove_controls(text: str, path: str) -> str:
    """The text without control characters; a warning says where they were, too many refuse the file."""
    if not text.encode("utf-8", "surrogatepass").translate(None, _NOT_CONTROL):
        return text
    found = _CONTROL.search(text)
    if not found:
        return text
    count = len(_CONTROL.findall(text))
    line = text.count("\n", 0, found.start()) + 1
    column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    char = f"{ord(found.group()):#04x}"
    if count > max(16, len(text) * _MAX_CONTROL_SHARE):
        raise SourceError(
            path,
            line,
            _(
                "{count} control characters (the first, {char}, at column {column}): not a text file, or UTF-16 "
                "without a byte-order mark; {expected}"
            ).format(count=count, char=char, column=column, expected=_(EXPECTED)),
        )
    collected = _warnings.get()
    if collected is not None:
        message = _("removed {count} control character(s) (the first, {char}, at column {column})").format(
            count=count, char=char, column=column
        )
        collected.setdefault(
            (path, line, message), SourceWarning(path, line, "control-characters", char, None, message)
        )
    return _CONTROL.sub("", text)


def byte_line(data: bytes, offset: int) -> int:
    """1-based line of byte ``offset``, counting LF, CRLF and bare CR as line breaks."""
    return len(_BYTE_LINE_BREAK.findall(data, 0, offset)) + 1


def _line_of_decoded(data: bytes, encoding: str, offset: int) -> int:
    """Line of ``offset`` in a multi-byte encoding: count breaks in the decodable prefix."""
    prefix = data[:offset].decode(encoding, errors="replace")
    return prefix.count("\n") + prefix.count("\r") - prefix.count("\r\n") + 1


def _describe(offset: int, error: UnicodeDecodeError, encoding: str) -> str:
    bad = error.object[error.start : error.end].hex(" ")
    return _("undecodable byte(s) {bytes} at offset {offset} ({encoding}: {reason}); {expected}").format(
        bytes=bad, offset=offset, encoding=encoding, reason=error.reason, expected=_(EXPECTED)
    )
