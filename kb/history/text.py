"""Text helpers for history: normal forms, word bags, weighted similarity and word diffs.

Rule texts of different editions differ in typography (straight and curly quotes,
dashes, wrapping) that no reader counts as an edit, so everything here compares a
normal form. Cited rule numbers are masked for pairing, because a renumbering
changes the numbers inside thousands of otherwise identical texts.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from kb.core.labels import mark  # noqa: F401  (kept for callers)
from kb.core.model import Serialisable

_TYPOGRAPHY = str.maketrans(
    {
        "’": "'",
        "‘": "'",
        "`": "'",
        "“": '"',
        "”": '"',
        "„": '"',
        "«": '"',
        "»": '"',
        "–": "-",
        "—": "-",
        "‑": "-",
        "−": "-",
        "\u00a0": " ",
        "\u2009": " ",
        "…": "...",
    }
)
_TYPOGRAPHIC = re.compile("[" + "".join(chr(c) for c in _TYPOGRAPHY) + "]")
# A cited rule number: a chapter "212", a rule "704.5" or a subrule "704.5d" (not a year or a card count).
RULE_NUMBER = re.compile(r"(?<![\w.,])\d{3}(?:\.\d{1,3}[a-z]{0,2})?(?![\w])")
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
# Words for similarity: CJK characters one by one (their scripts have no spaces), else letter/digit runs.
_WORD = re.compile(rf"[{_CJK}]|[^\W_]+(?:'[^\W_]+)*")
# Tokens for word diffs: rule numbers whole, words, then any other visible character.
_TOKEN = re.compile(rf"{RULE_NUMBER.pattern}|[{_CJK}]|[^\W_]+(?:['’][^\W_]+)*|\S")


def normalise(text: str | None) -> str:
    """The comparable form of a text: plain quotes and dashes, single spaces."""
    if not text:
        return ""
    # A regex finds the few characters to replace ~9x faster than str.translate scans every one.
    return " ".join(_TYPOGRAPHIC.sub(lambda m: _TYPOGRAPHY[ord(m.group())], text).split())


def fold_title(title: str | None) -> str:
    """Titles compare without case and closing punctuation."""
    return normalise(title).casefold().strip(" .:")


def mask_numbers(text: str) -> str:
    """The text with every cited rule number replaced by "#"."""
    return RULE_NUMBER.sub("#", text)


def words(text: str) -> list[str]:
    """Lower-case words of a normalised text, rule numbers masked."""
    return _WORD.findall(mask_numbers(text).casefold())


def bag(text: str, *, masked: bool = False) -> Counter:
    """The words of a normalised text with their counts (``masked``: numbers are masked already)."""
    return Counter(_WORD.findall(text.casefold()) if masked else words(text))


def document_frequency(bags: list[Counter]) -> Counter:
    """In how many of the texts each word occurs."""
    df: Counter = Counter()
    for b in bags:
        df.update(b.keys())
    return df


class Weights:
    """Inverse document frequencies over the texts of two documents: rare words weigh more."""

    def __init__(self, bags: list[Counter] | None = None, *, df: Counter | None = None, total: int | None = None):
        self.df = df if df is not None else document_frequency(bags or [])
        self.total = max(total if total is not None else len(bags or []), 1)
        self._cache: dict[str, float] = {}

    def __call__(self, word: str) -> float:
        weight = self._cache.get(word)
        if weight is None:
            weight = math.log(1 + self.total / (1 + self.df.get(word, 0)))
            self._cache[word] = weight
        return weight

    def mass(self, b: Counter) -> float:
        return sum(self(w) * c for w, c in b.items())


def dice(a: Counter, b: Counter, weigh: Weights, mass_a: float | None = None, mass_b: float | None = None) -> float:
    """Weighted Dice similarity of two word bags (1.0 for equal bags, 0.0 for disjoint)."""
    if not a and not b:
        return 1.0
    if not a or not b:
        return 0.0
    if len(a) > len(b):
        a, b, mass_a, mass_b = b, a, mass_b, mass_a
    shared = sum(weigh(w) * min(c, b[w]) for w, c in a.items() if w in b)
    if not shared:
        return 0.0
    total = (mass_a if mass_a is not None else weigh.mass(a)) + (mass_b if mass_b is not None else weigh.mass(b))
    return 2 * shared / total


def containment(part: Counter, whole: Counter, weigh: Weights, mass_part: float | None = None) -> float:
    """Weighted share of ``part``'s words found in ``whole``: how much of a text another one holds."""
    if not part:
        return 0.0
    shared = sum(weigh(w) * min(c, whole[w]) for w, c in part.items() if w in whole)
    return shared / (mass_part if mass_part is not None else weigh.mass(part))


@dataclass
class Span(Serialisable):
    """A changed stretch of a text: character offsets [start, end) and what happened to it."""

    start: int
    end: int
    op: str  # "delete" and "replace" in the old text, "insert" and "replace" in the new one


def tokens(text: str) -> list[tuple[str, int, int]]:
    """Diff tokens of a text with their character offsets; the token compares in normal form."""
    return [(normalise(m.group()), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def opcodes(old: list[str], new: list[str]) -> Sequence[tuple[str, int, int, int, int]]:
    return SequenceMatcher(None, old, new, autojunk=False).get_opcodes()


def word_diff(old: str, new: str) -> tuple[list[Span], list[Span]]:
    """Changed spans of the old and the new text, word by word.

    Cited numbers align as placeholders first, so "rules 704.5n and 704.5p" against
    "rules 704.5m and 704.5n" marks the two numbers, not a shifted phrase.
    """
    a, b = tokens(old), tokens(new)
    old_spans: list[Span] = []
    new_spans: list[Span] = []
    for op, i1, i2, j1, j2 in opcodes([_shape(t[0]) for t in a], [_shape(t[0]) for t in b]):
        if op == "equal":
            for x, y in zip(a[i1:i2], b[j1:j2]):
                if x[0] != y[0]:
                    old_spans.append(Span(x[1], x[2], "replace"))
                    new_spans.append(Span(y[1], y[2], "replace"))
            continue
        if i2 > i1:
            old_spans.append(Span(a[i1][1], a[i2 - 1][2], "delete" if op == "delete" else "replace"))
        if j2 > j1:
            new_spans.append(Span(b[j1][1], b[j2 - 1][2], "insert" if op == "insert" else "replace"))
    return old_spans, new_spans


def _shape(token: str) -> str:
    return "#" if RULE_NUMBER.fullmatch(token) else token


def changed_numbers(old: str, new: str) -> list[tuple[str, str]] | None:
    """The cited numbers that differ, position by position, when numbers are all that differs; else None.

    "See rules 704.5n and 704.5p." against "See rules 704.5m and 704.5n." gives
    [("704.5n", "704.5m"), ("704.5p", "704.5n")].
    """
    a = [t[0] for t in tokens(normalise(old))]
    b = [t[0] for t in tokens(normalise(new))]
    if len(a) != len(b):
        return None
    changes: list[tuple[str, str]] = []
    for x, y in zip(a, b):
        if x == y:
            continue
        if not (RULE_NUMBER.fullmatch(x) and RULE_NUMBER.fullmatch(y)):
            return None
        changes.append((x, y))
    return changes
