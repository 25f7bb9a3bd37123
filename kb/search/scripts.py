"""Which scripts a text is written in, without compiling regular expressions at import.

A character class spanning the CJK blocks costs Python's regex compiler 10–25 ms (it
builds a bitmap of 20,000 characters), and a search process must not pay that for an
English query. These checks walk the text instead (queries are short; a long Japanese
text stops at its first kana); patterns needed to cut long texts compile on first use.
"""

from __future__ import annotations

import re
from functools import cached_property

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


def is_han(char: str) -> bool:
    return any(low <= char <= high for low, high in HAN)


def all_han(text: str) -> bool:
    """Only Chinese characters (and spaces) in ``text``, at least one of them."""
    return has_han(text) and all(char.isspace() or is_han(char) for char in text)


class LazyPattern:
    """A regular expression compiled on first use."""

    def __init__(self, pattern: str):
        self.pattern = pattern

    @cached_property
    def compiled(self) -> re.Pattern:
        return re.compile(self.pattern)

    def __getattr__(self, name: str):
        return getattr(self.compiled, name)
