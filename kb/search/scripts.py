"""Which scripts a text is written in.

These checks walk the text (queries are short; a long Japanese text stops at its first kana;
ASCII text is answered at once).
"""

from __future__ import annotations

HAN = (("\u3400", "\u4dbf"), ("\u4e00", "\u9fff"), ("\uf900", "\ufaff"))
KANA = (("\u3040", "\u30ff"), ("\uff66", "\uff9f"))
HAN_RANGES = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"


def _any(ranges: tuple, text: str) -> bool:
    return not text.isascii() and any(low <= char <= high for char in text for low, high in ranges)


def has_han(text: str) -> bool:
    """A Chinese character (kanji, hanzi) in ``text``."""
    return _any(HAN, text)


def has_kana(text: str) -> bool:
    return _any(KANA, text)


def has_cjk(text: str) -> bool:
    """Kana or a Chinese character in ``text``."""
    return _any(KANA + HAN, text)


def all_han(text: str) -> bool:
    """Only Chinese characters (and spaces) in ``text``, at least one of them."""
    return has_han(text) and all(char.isspace() or has_han(char) for char in text)
