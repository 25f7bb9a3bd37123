"""Garbled characters: text a translation could not have meant, left by a file decoded in the wrong code page.

The youbeebee Korean translation of 2016 wrote 205.3n's "Bolas’s Meditation Realm" as "Bolas뭩 Meditation Realm":
the UTF-8 bytes of the curly apostrophe read as CP949 make 뭩, a Hangul syllable that no Korean word uses (it is
outside the 2,350 syllables of KS X 1001, the Korean national character set). Translation QA tools flag such
"suspicious characters" (Xbench, Verifika); a spelling checker does not, for the word is not in its dictionary
anyway. A rule's translation is garbled when it holds (``garbled``):

- U+FFFD, the replacement character a decoder leaves for bytes it could not read;
- C1 control characters (U+0080–U+009F), a Windows-1252 byte read as Latin-1;
- mojibake of UTF-8 read as Windows-1252 or Latin-1: "Ã©" for é, "â€™" for ’, "Â " for a no-break space;
- a letter outside the language's usual character set next to a Latin letter or an apostrophe: for Korean a
  syllable outside KS X 1001 (it does not encode as EUC-KR in two bytes), for Japanese a letter outside JIS X 0208
  (Shift_JIS), for Chinese outside GB 2312 and Big5. Next to Latin letters only: real Chinese text writes names
  with characters outside GB 2312 (旸谷, 菲罗玆, 索菈雅 in the corpus) but never glues one to an English word.

Each criterion was measured on real text before it was fixed (bench/RESULTS.md, "spelling and garbled
characters"): in the 52 states of the Korean translation the only syllable outside KS X 1001 is 뭩 (8 times, each
the garbled apostrophe); the Chinese and Japanese documents of the corpus have no letter outside their sets next to
a Latin letter, no replacement character, no C1 control and no mojibake sequence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from kb.crosscheck.model import Finding
from kb.crosscheck.texts import DocText
from kb.i18n import _

_REPLACEMENT = "\ufffd"
_C1 = re.compile(r"[\u0080-\u009f]")
# UTF-8 read as Windows-1252 (or Latin-1): a lead byte's character, then a continuation byte's. Lead bytes C2-C3 give
# Â, Ã; E2 gives â followed by € (0x80) or ‚ (0x82) or € … the second byte of a three-byte sequence.
_MOJIBAKE = re.compile(
    r"Ã[\u00a0-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u2013-\u203a\u20ac\u2122]|Â[\u00a0-\u00bf]|â€"
)
_LATIN = re.compile(r"[A-Za-z'’]")
# The character sets a language's text keeps to, as the codecs that encode them (each character in at most two bytes).
CHARSETS = {"ko": ("euc_kr",), "ja": ("shift_jis",), "zh": ("gb2312", "big5")}


@dataclass(frozen=True)
class Garble:
    """A garbled span of a rule: where it is, the characters, and which criterion it meets."""

    number: str
    start: int
    text: str
    why: str  # "replacement", "control", "mojibake", "charset"


def in_charset(char: str, codecs: tuple[str, ...]) -> bool:
    """Whether one of the codecs encodes ``char`` in one or two bytes (Python's EUC-KR writes a syllable outside
    KS X 1001 as an eight-byte jamo sequence, which is no member of the set)."""
    for codec in codecs:
        try:
            if len(char.encode(codec)) <= 2:
                return True
        except UnicodeEncodeError:
            continue
    return False


def garbles(text: str, lang: str) -> Iterator[tuple[int, str, str]]:
    """(offset, span, criterion) of every garbled span of ``text`` in language ``lang``."""
    at = text.find(_REPLACEMENT)
    while at >= 0:
        yield at, _REPLACEMENT, "replacement"
        at = text.find(_REPLACEMENT, at + 1)
    for match in _C1.finditer(text):
        yield match.start(), match.group(), "control"
    for match in _MOJIBAKE.finditer(text):
        yield match.start(), match.group(), "mojibake"
    codecs = CHARSETS.get(lang.split("-")[0].lower())
    if codecs is None:
        return
    for i, char in enumerate(text):
        if ord(char) < 0x3000 or not char.isalpha() or in_charset(char, codecs):
            continue
        before = text[i - 1] if i else ""
        after = text[i + 1] if i + 1 < len(text) else ""
        if _LATIN.match(before) or _LATIN.match(after):
            yield i, char, "charset"


def garbled(tr: DocText) -> Iterator[Garble]:
    """The garbled spans of every rule of a translation, in document order."""
    for number, rule in tr.by_number.items():
        for start, span, why in sorted(garbles(rule.full, tr.lang)):
            yield Garble(number, start, span, why)


def garbled_findings(tr: DocText, en: DocText, ctx: object = None) -> Iterator[Finding]:
    """The garbled spans of a translation as findings of class ``garbled``, one per rule."""
    spans: dict[str, list[Garble]] = {}
    for garble in garbled(tr):
        spans.setdefault(garble.number, []).append(garble)
    for number, found in spans.items():
        rule, other = tr.by_number[number], en.by_number.get(number)
        shown = ", ".join(dict.fromkeys(f"{_context(rule.full, g)} ({_WHY[g.why]})" for g in found))
        yield Finding(
            "garbled",
            number,
            _("{number}: garbled characters: {spans}").format(number=number, spans=shown),
            rule.full,
            other.full if other is not None else None,
            {
                "translated": [g.text for g in found],
                "criteria": [g.why for g in found],
                "offsets": [g.start for g in found],
            },
            confidence=1.0,
        )


_WHY = {
    "replacement": "U+FFFD",
    "control": "a C1 control character",
    "mojibake": "UTF-8 read as Windows-1252",
    "charset": "outside the language's character set, next to Latin letters",
}


def _context(text: str, garble: Garble) -> str:
    """The garbled span with the word it sits in ("Bolas뭩")."""
    start, end = garble.start, garble.start + len(garble.text)
    while start > 0 and not text[start - 1].isspace() and start > garble.start - 12:
        start -= 1
    while end < len(text) and not text[end].isspace() and end < garble.start + 12:
        end += 1
    return text[start:end]
