"""Unicode folding shared by indexing, querying, term matching and cross-checks, so all sides meet.

Text is folded before it is split into words: NFKC (full-width letters and digits,
half-width katakana), curly quotes to straight ones, the dashes and tildes people
type for the katakana long vowel mark to "ー", and ё to е. Character offsets into
the original text are kept, because snippets highlight the text as stored.
Words are folded after splitting (case, ß → ss), where offsets no longer matter.
"""

from __future__ import annotations

import re
import unicodedata

import opencc

# One character for one: quotes, Russian ё, the middle dots people type for "・".
_ONE_FOR_ONE = str.maketrans(
    {
        "‘": "'",
        "’": "'",
        "‚": "'",
        "‛": "'",
        "′": "'",
        "“": '"',
        "”": '"',
        "„": '"',
        "‟": '"',
        "«": '"',
        "»": '"',
        "″": '"',
        "ё": "е",
        "Ё": "Е",
        "･": "・",
        "·": "・",
        "‧": "・",
    }
)
# The marks typed for the katakana long vowel "ー" right after katakana: "フェイズ―", "ﾌｪｲｽﾞｰ",
# "フェ－ズ". ASCII and en/em dashes stay: between katakana words they are punctuation.
_LONG_VOWEL = re.compile(r"(?<=[\u30a1-\u30fa\u30fc\uff66-\uff9f])[\u2010\u2015\u2212\u301c\uff5e\uff0d\uff70]")


def fold_text(text: str) -> tuple[str, list[tuple[int, int]] | None]:
    """The folded text and, where its length changed, the source span of each character.

    ``None`` as offsets means the folding kept every character in place.
    """
    mapped = text.translate(_ONE_FOR_ONE)
    if mapped.isascii():
        return mapped, None
    mapped = _LONG_VOWEL.sub("ー", mapped)
    normal = unicodedata.normalize("NFKC", mapped)
    if len(normal) == len(mapped):
        return normal, None
    return _fold_chars(mapped)


def _fold_chars(text: str) -> tuple[str, list[tuple[int, int]]]:
    """NFKC character by character, so every output character knows its source span."""
    out: list[str] = []
    offsets: list[tuple[int, int]] = []
    for index, char in enumerate(text):
        normal = unicodedata.normalize("NFKC", char)
        if normal and unicodedata.combining(normal[0]) and out:
            composed = unicodedata.normalize("NFC", out[-1] + normal)
            if len(composed) == 1:  # a half-width voiced mark joins its kana: ｽﾞ → ズ
                out[-1] = composed
                offsets[-1] = (offsets[-1][0], index + 1)
                continue
        for piece in normal:
            out.append(piece)
            offsets.append((index, index + 1))
    return "".join(out), offsets


def source_span(offsets: list[tuple[int, int]] | None, start: int, end: int) -> tuple[int, int]:
    """The span in the original text of the folded span ``start:end``."""
    if offsets is None or end <= start:
        return start, end
    return offsets[start][0], offsets[end - 1][1]


def fold_word(word: str) -> str:
    """Case and the letters that differ only in spelling: "Straße" → "strasse", "ёж" → "еж"."""
    return word.casefold().replace("ё", "е")


def fold(text: str) -> str:
    """Text folded both ways, for comparing keys (terms, titles, completions)."""
    return fold_word(fold_text(text)[0])


_SIMPLIFIER = None


def simplified(text: str) -> str:
    """Chinese in simplified characters (OpenCC's t2s), so 躍離 and 跃离 are one term in search and
    term matching; the text itself where the conversion would change its length (a phrase
    rewritten, not characters mapped), since callers keep character offsets."""
    global _SIMPLIFIER
    if _SIMPLIFIER is None:
        _SIMPLIFIER = opencc.OpenCC("t2s")
    converted = _SIMPLIFIER.convert(text)
    return converted if len(converted) == len(text) else text
