"""Find dictionary terms in a rule text: which concepts (English keys) a text names.

Scripts without spaces (Japanese, Chinese) are matched character by character; others
word by word after stemming, so "bleibenden Karten" finds "bleibende Karte" and "phases
out" finds "phase out". Matching is greedy leftmost-longest: "フェイズ・アウト" wins over
"フェイズ" (phase), "automatische Spielstatus-Aktion" over "Aktion".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable

from whoosh.lang import stemmer_for_language

from kb.core.model import Serialisable
from kb.core.text import fold_text, simplified
from kb.terms.names import light_stem

_TOKEN = re.compile(r"[^\W\d_]+")
_UNSPACED = {"ja", "zh", "ko"}
_JA_INFLECTING = "るくすつむぶぬうぐ"  # dictionary-form verb endings: "取り除く" also finds "取り除かれる"
_SNOWBALL = {"fr", "es", "it", "pt", "ru", "nl", "sv"}
_GERMAN_ENDINGS = ("en", "em", "es", "e", "n", "s")


@dataclass(frozen=True)
class TermMatch(Serialisable):
    """A span of the (folded) text that names the concepts ``keys``."""

    start: int
    end: int
    text: str
    keys: frozenset[str]


@lru_cache(maxsize=None)
def stemmer(lang: str) -> Callable[[str], str]:
    """English and German: inflection only; Snowball for other spaced languages."""
    if lang == "en":
        return light_stem
    if lang == "de":
        return german_stem
    if lang in _SNOWBALL:
        snowball = stemmer_for_language(lang)
        return lambda word: snowball(word.casefold())
    return str.casefold


def german_stem(word: str) -> str:
    """Inflection endings off, at most two ("Spielsteine", "Spielstein" -> "spielstei"). "-er" only
    for lower-case words (adjectives: "aktiver", "aktive" -> "aktiv"): Snowball takes it from nouns
    too and makes "Spieler" (player) the "Spiel" (game)."""
    endings = _GERMAN_ENDINGS + (("er",) if word[:1].islower() else ())
    word = word.casefold()
    for _ in range(2):
        ending = next((e for e in endings if word.endswith(e) and len(word) - len(e) >= 4), None)
        if ending is None:
            break
        word = word[: -len(ending)]
    return word


class Matcher:
    """The names of one language, indexed by their first unit (character or word stem)."""

    def __init__(self, lang: str, names: Iterable[tuple[str, str]]):
        self.lang = lang
        self.unspaced = lang.split("-")[0] in _UNSPACED
        self.stem = stemmer(lang)
        index: dict[object, dict[tuple, set[str]]] = {}
        for name, key in names:
            units = self._units(fold_text(_ja_stem(name) if lang == "ja" else name)[0])[0]
            if len(units) < (2 if self.unspaced else 1):
                continue  # one CJK character ("色", "島") is part of too many words
            index.setdefault(units[0], {}).setdefault(tuple(units), set()).add(key)
        self._index = {
            first: sorted(((u, frozenset(k)) for u, k in entries.items()), key=lambda e: -len(e[0]))
            for first, entries in index.items()
        }

    def _units(self, folded: str) -> tuple[list, list[tuple[int, int]]]:
        """A folded text as matching units with their spans."""
        if self.unspaced:
            if self.lang.startswith("zh"):
                folded = simplified(folded)  # traditional and simplified characters match alike
            return list(folded.lower()), [(i, i + 1) for i in range(len(folded))]
        found = list(_TOKEN.finditer(folded))
        return [self.stem(m.group()) for m in found], [m.span() for m in found]

    def find(self, text: str) -> list[TermMatch]:
        """Every term in ``text``, leftmost-longest, not overlapping; spans and texts are those of
        the folded text (NFKC, plain quotes), which reads as the original."""
        text = fold_text(text)[0]
        units, spans = self._units(text)
        found: list[TermMatch] = []
        i = 0
        while i < len(units):
            for candidate, keys in self._index.get(units[i], ()):
                if tuple(units[i : i + len(candidate)]) == candidate:
                    start, end = spans[i][0], spans[i + len(candidate) - 1][1]
                    found.append(TermMatch(start, end, text[start:end], keys))
                    i += len(candidate)
                    break
            else:
                i += 1
        return found

    def keys(self, text: str, *, nested: bool = False) -> set[str]:
        """The concepts ``text`` names; ``nested`` adds those inside longer terms
        ("ゲーム" inside "ゲームから離れる"), for asking whether a text names a concept at all."""
        if not nested:
            return {key for match in self.find(text) for key in match.keys}
        units, _ = self._units(fold_text(text)[0])
        return {
            key
            for i in range(len(units))
            for candidate, keys in self._index.get(units[i], ())
            if tuple(units[i : i + len(candidate)]) == candidate
            for key in keys
        }


def _ja_stem(name: str) -> str:
    """A Japanese verb without its inflecting ending ("飛ばす" -> "飛ば", "フェイズ・アウトする" -> "フェイズ・アウト")."""
    stem = name[:-2] if name.endswith("する") else name[:-1] if name[-1:] in _JA_INFLECTING else name
    # a stem of hiragana alone ("はず" of "はずす") is too common a word to stand for the verb
    return stem if len(stem) >= 2 and any(not "\u3040" <= ch <= "\u309f" for ch in stem) else name
