"""Snippets: the stretch of a rule's text where the query matched, matches marked.

Alphabetic texts are analysed again with their language's analyzer (character offsets
kept), so "phases" is marked where the query said "phased". Japanese and Chinese texts
are searched for the spellings the query was expanded to (トークン where it said "token"):
running Sudachi over every snippet would cost more than the search itself.
"""

from __future__ import annotations

from functools import lru_cache

from kb.core.text import fold_text, source_span
from kb.search.analyzers import analyzer_for, language_field
from kb.search.results import Snippet

WIDTH = {"ja": 90, "zh": 90}
DEFAULT_WIDTH = 200
_CONTEXT = 0.25  # share of the window shown before the first match


def matches(text: str, lang: str, words: set[str], prefixes: set[str]) -> list[tuple[int, int]]:
    """[start, end) spans of ``text`` whose analysed term is one of ``words`` or starts with a prefix."""
    if not text or not (words or prefixes):
        return []
    spans: list[tuple[int, int]] = []
    starts = tuple(prefixes)
    for term, start, end in _tokens(lang, text):
        if term in words or (starts and term.startswith(starts)):
            if spans and start <= spans[-1][1]:  # overlapping Chinese bigrams: one mark
                spans[-1] = (spans[-1][0], max(spans[-1][1], end))
            else:
                spans.append((start, end))
    return spans


@lru_cache(maxsize=4096)
def _tokens(lang: str, text: str) -> tuple[tuple[str, int, int], ...]:
    """Analysed terms with their offsets; the same rules come back query after query."""
    return tuple((t.text, t.startchar, t.endchar) for t in analyzer_for(lang)(text, chars=True))


@lru_cache(maxsize=4096)
def _folded(text: str) -> tuple[str, list[tuple[int, int]] | None]:
    """A text folded for :func:`spelled` (cased folded where that keeps its length), cached like _tokens."""
    folded, offsets = fold_text(text)
    return (folded.casefold() if len(folded.casefold()) == len(folded) else folded), offsets


def spelled(text: str, spellings: set[str]) -> list[tuple[int, int]]:
    """[start, end) spans of ``text`` where one of ``spellings`` (folded) occurs, overlaps joined."""
    if not text or not spellings:
        return []
    folded, offsets = _folded(text)
    found = []
    for spelling in spellings:
        start = folded.find(spelling)
        while start >= 0:
            found.append(source_span(offsets, start, start + len(spelling)))
            start = folded.find(spelling, start + 1)
    merged: list[tuple[int, int]] = []
    for start, end in sorted(found):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def snippet(
    parts: list[tuple[str, str]], lang: str, words: set[str], prefixes: set[str], spellings: set[str] | None = None
) -> Snippet:
    """The best snippet among ``parts`` ((part name, text), preferred first): the first with a match.

    ``spellings`` (Japanese, Chinese) are searched as written instead of analysing the text.
    """
    lang = language_field(lang)
    first = next(((name, text) for name, text in parts if text), ("text", ""))
    for name, text in parts:
        spans = spelled(text, spellings) if spellings is not None else matches(text, lang, words, prefixes)
        if spans:
            return _window(text, spans, WIDTH.get(lang, DEFAULT_WIDTH), name)
    return _window(first[1], [], WIDTH.get(lang, DEFAULT_WIDTH), first[0])


def _window(text: str, spans: list[tuple[int, int]], width: int, part: str) -> Snippet:
    """The ``width`` characters around the densest run of matches, cut at spaces where there are any."""
    if len(text) <= width:
        return Snippet(text, spans, part)
    best_start, best_count = 0, 0
    last = 0  # spans are in text order and apart: the matches of each window in one pass
    for i, (start, _) in enumerate(spans):
        while last < len(spans) and spans[last][1] <= start + width:
            last += 1
        count = last - i
        if count > best_count:
            best_start, best_count = start, count
    begin = max(0, min(best_start - int(width * _CONTEXT), len(text) - width))
    end = min(len(text), begin + width)
    if begin > 0:
        space = text.find(" ", begin, begin + 20)
        begin = space + 1 if space >= 0 else begin
    if end < len(text):
        space = text.rfind(" ", end - 20, end)
        end = space if space > begin else end
    shown = [(s - begin, e - begin) for s, e in spans if s >= begin and e <= end]
    prefix = "…" if begin > 0 else ""
    suffix = "…" if end < len(text) else ""
    offset = len(prefix)
    return Snippet(prefix + text[begin:end] + suffix, [(s + offset, e + offset) for s, e in shown], part)
