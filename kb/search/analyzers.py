"""Per-language analysis: how rule texts and query words become index terms.

English, German, Russian (and the other languages whoosh can stem) go through
whoosh's LanguageAnalyzer with our folding tokenizer in front; Japanese is split
into words by Sudachi (SplitMode.A, normalised forms, particles and punctuation
dropped); Chinese becomes overlapping character bigrams. The tokenizers are plain
classes whose state is only their settings, so whoosh can pickle them into the
index schema; Sudachi's dictionary is loaded lazily, once per thread.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from functools import lru_cache

from whoosh.analysis import CompositeAnalyzer, LanguageAnalyzer, StemFilter, Token, Tokenizer

from kb.core.text import fold_text, fold_word, simplified, source_span
from kb.search.scripts import HAN_RANGES, has_cjk

STEMMED = ("en", "de", "ru", "fr", "es", "it", "pt")
LANGUAGES = STEMMED + ("ja", "zh", "xx")  # "xx": any other language, folded but not stemmed

_WORD = re.compile(r"\w+(?:\.\w+)*")
_HAN = re.compile(f"[{HAN_RANGES}]+")
_SUDACHI_LIMIT = 4000  # characters per call; Sudachi refuses very long inputs
_JA_DROPPED_POS = frozenset({"助詞", "助動詞", "補助記号", "空白", "記号"})
# Keyword abilities whose stem is an everyday word: "phasing" is not "phase", "banding" not "band".
_UNSTEMMED = {
    "en": frozenset(
        {
            "phasing",
            "banding",
            "flanking",
            "cycling",
            "fading",
            "vanishing",
            "offering",
            "training",
            "undying",
            "impending",
        }
    )
}
_JA_STOP_LEMMAS = frozenset({"為る", "成る", "有る", "居る", "其の", "此の", "事", "物", "こと", "もの", "よう", "様"})


def language_field(lang: str | None) -> str:
    """The analysis language of a document language: itself, else "xx". Chinese in either script
    ("zh-Hant", "zh-TW") is analysed as "zh", whose terms are folded to simplified characters."""
    if lang and lang.lower().startswith("zh"):
        return "zh"
    return lang if lang in LANGUAGES else "xx"


def folded_words(text: str) -> Iterator[tuple[str, int, int]]:
    """(word, start, end): the words (\\w runs, dotted numbers kept whole) of the folded text, folded
    again, with their offsets into ``text``."""
    folded, offsets = fold_text(text)
    for match in _WORD.finditer(folded):
        start, end = source_span(offsets, match.start(), match.end())
        yield fold_word(match.group()), start, end


class _PieceTokenizer(Tokenizer):
    """Whoosh tokens from a function of (text, start, end) pieces; picklable: it holds no state."""

    @staticmethod
    def pieces(value: str) -> Iterator[tuple[str, int, int]]:
        raise NotImplementedError

    def __call__(
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        start_pos: int = 0,
        start_char: int = 0,
        mode: str = "",
        **kwargs,
    ) -> Iterator[Token]:
        token = Token(positions, chars, removestops=kwargs.pop("removestops", True), mode=mode, **kwargs)
        token.boost = 1.0
        for pos, (piece, start, end) in enumerate(self.pieces(value), start_pos):
            token.text = piece
            token.stopped = False
            if keeporiginal:
                token.original = piece
            if positions:
                token.pos = pos
            if chars:
                token.startchar, token.endchar = start_char + start, start_char + end
            yield token


class FoldingTokenizer(_PieceTokenizer):
    """Words of the folded text (:func:`folded_words`)."""

    @staticmethod
    def pieces(value: str) -> Iterator[tuple[str, int, int]]:
        return folded_words(value)


@lru_cache(maxsize=None)
def _sudachi_for(thread_id: int):
    from sudachipy import Dictionary, SplitMode  # lazy: sudachipy, 5 modules ~5 ms, only for Japanese text

    return Dictionary(dict="core").tokenizer(mode=SplitMode.A)


def japanese_words(text: str) -> Iterator[tuple[str, int, int]]:
    """(normalised word, start, end) of the content words of ``text``, offsets into ``text``.

    Text without kana or kanji (an English query searched in the Japanese fields) is split
    into folded words without Sudachi, whose dictionary costs 90 ms and 250 MB to load.
    """
    folded, offsets = fold_text(text)
    if not has_cjk(folded):
        yield from folded_words(text)
        return
    tokenizer = _sudachi_for(threading.get_ident())  # one per thread
    for base, chunk in _chunks(folded):
        for morpheme in tokenizer.tokenize(chunk):
            pos = morpheme.part_of_speech()[0]
            if pos in _JA_DROPPED_POS:
                continue
            word = fold_word(morpheme.normalized_form())
            if not word.strip() or word in _JA_STOP_LEMMAS:
                continue
            start, end = source_span(offsets, base + morpheme.begin(), base + morpheme.end())
            yield word, start, end


def _chunks(text: str) -> Iterator[tuple[int, str]]:
    """Pieces short enough for Sudachi, cut after a sentence end or a space where possible."""
    start = 0
    while len(text) - start > _SUDACHI_LIMIT:
        window = text[start : start + _SUDACHI_LIMIT]
        cut = max(window.rfind(mark) for mark in "。．.!?！？\n ")
        end = start + (cut + 1 if cut > 0 else _SUDACHI_LIMIT)
        yield start, text[start:end]
        start = end
    yield start, text[start:]


class JapaneseTokenizer(_PieceTokenizer):
    """Japanese words by Sudachi (the Sudachi object lives outside, so the schema pickles)."""

    @staticmethod
    def pieces(value: str) -> Iterator[tuple[str, int, int]]:
        return japanese_words(value)


def chinese_pieces(text: str) -> Iterator[tuple[str, int, int]]:
    """(term, start, end): bigrams of Han runs (a lone character stays whole), other words whole."""
    folded, offsets = fold_text(text)
    for match in _WORD.finditer(folded):
        word, base = match.group(), match.start()
        last = 0
        for han in _HAN.finditer(word):
            if han.start() > last:
                yield from _span(word[last : han.start()], base + last, offsets, fold=True)
            run = simplified(han.group())
            if len(run) == 1:
                yield from _span(run, base + han.start(), offsets)
            for i in range(len(run) - 1):
                yield from _span(run[i : i + 2], base + han.start() + i, offsets)
            last = han.end()
        if last < len(word):
            yield from _span(word[last:], base + last, offsets, fold=True)


def _span(
    piece: str, start: int, offsets: list[tuple[int, int]] | None, fold: bool = False
) -> Iterator[tuple[str, int, int]]:
    piece = piece.strip("_")
    if piece:
        begin, end = source_span(offsets, start, start + len(piece))
        yield (fold_word(piece) if fold else piece), begin, end


class ChineseTokenizer(_PieceTokenizer):
    """Chinese as character bigrams, other scripts as folded words."""

    @staticmethod
    def pieces(value: str) -> Iterator[tuple[str, int, int]]:
        return chinese_pieces(value)


# A rule's names share one field: its title, the heading it belongs to, the glossary terms that
# cite it and the definitions of the entries that cite it first (the glossary says in plain words
# what the rule is about: "A keyword ability that causes damage ... to be especially effective"
# is 702.2's), each weighing what a match in it is worth (whoosh adds token boosts into the weight).
NAME_PARTS = (("title", 6.0), ("heading", 1.0), ("glossary", 3.0), ("definition", 1.0))
NAME_SEPARATOR = "\x1f"
_NAME_GAP = 10  # positions between two names: no phrase runs from a title into a heading


class NamesTokenizer(Tokenizer):
    """The names of a rule (title, heading, glossary terms and definitions) as one weighted token stream.

    A word repeated within one part counts once ("Clue Token, Food Token, ..." are not ten
    times about tokens): later occurrences keep their positions but weigh nothing.
    """

    def __init__(self, lang: str):
        self.lang = lang

    def __eq__(self, other):
        return self.__class__ is other.__class__ and self.lang == other.lang

    def __call__(
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        start_pos: int = 0,
        start_char: int = 0,
        mode: str = "",
        **kwargs,
    ) -> Iterator[Token]:
        analyzer = analyzer_for(self.lang)
        pos = start_pos
        for (_, weight), text in zip(NAME_PARTS, value.split(NAME_SEPARATOR)):
            seen: set[str] = set()
            for name in text.split("\n"):
                last = pos
                for token in analyzer(name, positions=True, chars=chars, start_pos=pos, mode=mode, **kwargs):
                    token.boost = 0.0 if token.text in seen else weight
                    seen.add(token.text)
                    last = token.pos
                    yield token
                pos = last + _NAME_GAP


@lru_cache(maxsize=None)
def names_analyzer(lang: str) -> CompositeAnalyzer:
    return CompositeAnalyzer(NamesTokenizer(language_field(lang)))


@lru_cache(maxsize=None)
def analyzer_for(lang: str) -> CompositeAnalyzer:
    """The analyzer of one language field ("en", "ja", ...; unknown languages use "xx")."""
    lang = language_field(lang)
    if lang == "ja":
        return CompositeAnalyzer(JapaneseTokenizer())
    if lang == "zh":
        return CompositeAnalyzer(ChineseTokenizer())
    if lang == "xx":
        return CompositeAnalyzer(FoldingTokenizer())
    stock = LanguageAnalyzer(lang)  # tokenizer, lowercase, stop words, stemmer
    filters = [
        StemFilter(lang=lang, ignore=_UNSTEMMED[lang]) if isinstance(f, StemFilter) and lang in _UNSTEMMED else f
        for f in stock.items[2:]
    ]
    return CompositeAnalyzer(FoldingTokenizer(), *filters)


def terms(lang: str, text: str) -> list[str]:
    """The index terms of ``text`` in language ``lang``, in order."""
    return list(_terms(lang, text))


@lru_cache(maxsize=16384)
def _terms(lang: str, text: str) -> tuple[str, ...]:
    """Cached: the same query words and dictionary names are analysed query after query."""
    return tuple(token.text for token in analyzer_for(lang)(text))
