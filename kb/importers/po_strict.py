"""The checks a PO file passes before its messages are read: its charset, and every string literal.

polib reads the structure (a ``msgstr`` without its ``msgid`` is a syntax error with a line), but
it decodes with whatever charset the header names and skips a string that never closes, and
babel is laxer still; both keep a bad escape as two characters. A PO file that says
``charset=latin-1`` over UTF-8 text reads as mojibake with the same counts, so no guard on
counts can see it: it is refused here, with the file and line, before anything is stored.
"""

from __future__ import annotations

import codecs
import re

from kb.i18n import _
from kb.importers.records import SourceError

_CHARSET = re.compile(rb'"Content-Type:[^"\n]*charset=([A-Za-z0-9_.:-]+)', re.I)
# A keyword line and a continuation line: the string must close on its line.
_KEYWORD = re.compile(r"^\s*(?:#~\s*)?(?:#\|\s*)?(?:msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(.*)$")
_CONTINUATION = re.compile(r'^\s*(?:#~\s*)?(?:#\|\s*)?(".*)$')
# gettext's escapes: \n \t \r \a \b \f \v \\ \" \' \? , octal and hex.
_STRING = re.compile(r'"(?:[^"\\]|\\(?:[ntrabfv\\"\'?]|[0-7]{1,3}|x[0-9A-Fa-f]+))*"')
_ESCAPE = re.compile(r"\\(.)")


def decode(data: bytes, path: str) -> str:
    """The text of a PO file in the charset its header names; an error where the bytes disagree.

    A header naming a single-byte charset (latin-1, cp1252) over bytes that are UTF-8 with
    non-ASCII characters is refused: every one of them would be stored as two wrong ones.
    """
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    found = _CHARSET.search(data[:16384])
    declared = found.group(1).decode("ascii").lower() if found else "utf-8"
    if declared == "charset":  # the template's placeholder: gettext reads such files as UTF-8
        declared = "utf-8"
    try:
        codec = codecs.lookup(declared).name
    except LookupError:
        raise SourceError(
            path,
            _line_of(data, found.start() if found else 0),
            _("the header names an unknown charset {charset!r}: expected UTF-8 (charset=UTF-8)").format(
                charset=declared
            ),
        ) from None
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as error:
        raise SourceError(
            path,
            _line_of(data, error.start),
            _(
                "byte 0x{byte:02X} cannot be read as {charset}, the charset the header names: the file is in "
                "another encoding, or its header is wrong"
            ).format(byte=data[error.start], charset=declared),
        ) from None
    if codec != "utf-8" and any(byte > 0x7F for byte in data):
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:
            first = next(i for i, byte in enumerate(data) if byte > 0x7F)
            raise SourceError(
                path,
                _line_of(data, first),
                _(
                    "the header says charset={charset} but the text is UTF-8: it would be stored as mojibake. "
                    "Correct the header to charset=UTF-8"
                ).format(charset=declared),
            )
    return text


def check_strings(text: str, path: str) -> None:
    """SourceError at the first string literal that does not close on its line or holds a bad escape."""
    for number, line in enumerate(text.split("\n"), 1):
        match = _KEYWORD.match(line) or _CONTINUATION.match(line)
        if match is None:
            continue
        literal = match.group(1).rstrip()
        if _STRING.fullmatch(literal):
            continue
        if not literal.startswith('"') or not _closes(literal):
            raise SourceError(
                path,
                number,
                _("unterminated string: expected a string in double quotes that closes on its line ({line!r})").format(
                    line=line.strip()[:60]
                ),
            )
        bad = next(
            (m.group(0) for m in _ESCAPE.finditer(literal) if m.group(1) not in "ntrabfv\\\"'?x01234567"), literal
        )
        raise SourceError(
            path,
            number,
            _('bad escape {escape!r}: expected \\n, \\t, \\\\ or \\" in {line!r}').format(
                escape=bad[:8], line=line.strip()[:60]
            ),
        )


def _closes(literal: str) -> bool:
    """A literal whose closing quote is its last character (escapes aside), whatever its escapes."""
    at, end = 1, len(literal)
    while at < end:
        if literal[at] == "\\":
            at += 2
            continue
        if literal[at] == '"':
            return at == end - 1
        at += 1
    return False


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1
