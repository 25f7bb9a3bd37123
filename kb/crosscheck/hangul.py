"""Korean words mistyped by one letter: 조정하는 ("adjusting") typed for 조종하는 ("controlling").

A Hangul syllable is three letters (jamo): an initial consonant, a vowel and an optional final
consonant, composed by arithmetic (Unicode's syllable block: 19 × 21 × 28). A slip of the keyboard
changes one of them and often leaves another real word, spelt right, that a dictionary check passes:
the youbeebee Korean translation had 담계 for 단계 ("phase", 714.3b), 조정 for 조종 (control), 마약
("drugs") for 만약 ("if", 616.1), 본직적 for 본질적 ("essential", 720.1a), each corrected later.

The spelling class (``kb.crosscheck.spelling``) runs this as its third way in, the counts alone; until issue 44
the consistency check ran it too, and a slip both found was read twice. It reads the document's words (runs of Hangul) and counts them. A word written once is a
finding when changing one letter of one of its syllables gives a word the document writes many times;
the last syllable is left alone, for it holds the endings and particles whose letters alternate by
grammar (정한/정할, 것은/것는), and so are words ending as a verb conjugates (``VERB_ENDINGS``).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable, Iterator

_FIRST, _VOWELS, _FINALS = 19, 21, 28
_BASE, _LAST = 0xAC00, 0xD7A3
WORD = re.compile(r"[\uac00-\ud7a3]{3,}")
COMMON = 10  # the word a slip turns into is written at least this often
RATIO = 10  # and at least this many times more often than the slip
# Verb endings: a verb's conjugated stem changes its letters by grammar (집니다/입니다, 갖습니다/같습니다,
# 간다면/한다면, 빠지고/가지고), so a word ending so is left alone.
VERB_ENDINGS = ("니다", "다면", "라도", "고", "면", "서", "며", "지")


def letters(syllable: str) -> tuple[int, int, int]:
    """(initial, vowel, final) indexes of a Hangul syllable."""
    code = ord(syllable) - _BASE
    return code // (_VOWELS * _FINALS), code // _FINALS % _VOWELS, code % _FINALS


def syllable(initial: int, vowel: int, final: int) -> str:
    return chr(_BASE + (initial * _VOWELS + vowel) * _FINALS + final)


def neighbours(char: str) -> Iterator[str]:
    """Every syllable one letter away from ``char``."""
    initial, vowel, final = letters(char)
    for other in range(_FIRST):
        if other != initial:
            yield syllable(other, vowel, final)
    for other in range(_VOWELS):
        if other != vowel:
            yield syllable(initial, other, final)
    for other in range(_FINALS):
        if other != final:
            yield syllable(initial, vowel, other)


def word_counts(texts: Iterable[str]) -> Counter:
    """How often the document writes each word (run of two or more Hangul syllables)."""
    counts: Counter = Counter()
    for text in texts:
        counts.update(WORD.findall(text))
    return counts


def slips(text: str, counts: Counter) -> Iterator[tuple[str, str, int, int]]:
    """(slip, word, slip's count, word's count) for each word of ``text`` one letter from a common word."""
    seen = set()
    for match in WORD.finditer(text):
        word = match.group()
        times = counts[word]
        if word in seen or times > 1 or word.endswith(VERB_ENDINGS):
            continue
        seen.add(word)
        best = None
        for i, char in enumerate(word[:-1]):
            for other in neighbours(char):
                candidate = word[:i] + other + word[i + 1 :]
                common = counts.get(candidate, 0)
                if common >= COMMON and common >= RATIO * times and (best is None or common > best[1]):
                    best = (candidate, common)
        if best is not None:
            yield word, best[0], times, best[1]
