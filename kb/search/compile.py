"""From a parsed query to a plan: words become concepts, concepts cross languages.

Query words are cut into pieces (Japanese by Sudachi, Chinese by character), and runs
of pieces that the term dictionary knows become one concept ("state based actions",
"フェイズ・アウト", "时间跳跃") carrying its pivots. A concept's alternatives are its own
text analysed in every language searched, plus each translation of its pivots in its
own language; each alternative searches the five fields of that language with the
title weighing most.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from whoosh.lang import stopwords_for_language

from kb.core.text import fold, simplified
from kb.search.analyzers import STEMMED, analyzer_for, japanese_words, language_field, terms
from kb.search.compounds import compound_parts
from kb.search.parse import Either, Negated, ParsedQuery, QueryNode, Term
from kb.search.plan import AllOf, AnyOf, Concept, Exact, Leaf, Node, Prefix, Soft, Without, Words
from kb.search.scripts import HAN_RANGES, has_cjk, has_han, has_kana
from kb.search.terms import Lexicon, key_terms

TRANSLATION_BOOST = 0.8
# A word with the particle after it as written in the rules ("phased out"): the index drops "out" as a
# stop word and stems "phased", so "phase" alone would weigh as much in "501. Beginning Phase".
AS_WRITTEN_BOOST = 1.15
_PARTICLES = frozenset({"out", "in", "up", "off", "down", "over", "back", "away"})
CORE_BOOST = 0.9  # the known term inside a longer Chinese word
MAX_ALTERNATIVES = 24
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_HAN_OR_WORD = re.compile(rf"[{HAN_RANGES}]|[^\W{HAN_RANGES}]+")
CJK = ("ja", "zh")
_GERMAN_LETTERS = re.compile(r"[äöüßÄÖÜ]")
_CHINESE_FUNCTION_CHARS = frozenset("的了是在和与或及被把会吗呢吧么什怎谁哪个这那有")
# The words of a question that say nothing about the rules ("what happens when ...").
QUESTION_WORDS = frozenset(
    {
        "happen",
        "happens",
        "happened",
        "happening",
        "work",
        "works",
        "mean",
        "means",
        "meaning",
        "explain",
        "passiert",
        "funktioniert",
        "bedeutet",
        "происходит",
        "случается",
        "работает",
        "означает",
        "どう",
        "なる",
        "什么",
        "怎么",
        "如何",
        "为什么",
    }
)


@dataclass
class QueryConcept:
    """One concept of the query: what the user typed and the pivots it was found under."""

    index: int
    text: str
    kind: str  # "word", "phrase" or "prefix"
    start: int
    end: int
    pivots: frozenset[str] = frozenset()
    negated: bool = False
    source: tuple[int, int] = (0, 0)  # the query word(s) it comes from, for spelling corrections


@dataclass
class Compiled:
    plan: Node | None  # kb.search.plan
    concepts: list[QueryConcept]
    lang: str  # the language the query is written in, as far as it tells
    highlights: dict[str, set[str]] = field(default_factory=dict)  # analysis language -> terms
    prefixes: dict[str, set[str]] = field(default_factory=dict)
    surfaces: dict[str, set[str]] = field(default_factory=dict)  # ja/zh -> spellings to mark


@dataclass(frozen=True)
class _Piece:
    text: str
    start: int
    end: int
    word: int  # which query word it comes from
    han: bool  # a single Chinese character


def query_language(text: str, preferred: str | None = None, lexicon: Lexicon | None = None) -> str:
    """The language a query is written in: by script, then by German letters and stop words.

    Kanji alone may be either Japanese or Chinese: Japanese when written in characters the
    Simplified Chinese texts do not use (統治者, not 统治者), or when the term dictionary knows the
    words as a Japanese name and not as a Chinese one (色); Chinese otherwise.
    """
    if preferred:
        return preferred
    if has_kana(text):
        return "ja"
    if has_han(text):
        return "ja" if _japanese_kanji(text, lexicon) else "zh"
    if _CYRILLIC.search(text):
        return "ru"
    words = [fold(w) for w in re.findall(r"\w+", text)]
    german = sum(w in stopwords_for_language("de") for w in words) + 2 * len(_GERMAN_LETTERS.findall(text))
    english = sum(w in stopwords_for_language("en") for w in words)
    return "de" if german > english else "en"


def _japanese_kanji(text: str, lexicon: Lexicon | None) -> bool:
    han = "".join(char for char in text if has_han(char))
    if simplified(han) != han:
        return True
    if lexicon is None:
        return False
    words = [word for word in text.split() if has_han(word)]
    return bool(words) and all(lexicon.knows("ja", word) and not lexicon.knows("zh", word) for word in words)


class _Compiler:
    def __init__(
        self,
        parsed: ParsedQuery,
        lexicon: Lexicon,
        languages: list[str],
        lang: str,
        unfound: frozenset[tuple[int, int]] = frozenset(),
    ):
        self.text = parsed.text
        self.lexicon = lexicon
        self.unfound = unfound
        self.languages = [language_field(lang) for lang in dict.fromkeys(languages)]
        self.lang = lang
        self.concepts: list[QueryConcept] = []
        self.highlights: dict[str, set[str]] = {}
        self.prefixes: dict[str, set[str]] = {}
        self.surfaces: dict[str, set[str]] = {}

    def node(self, item: QueryNode, negated: bool = False) -> Node | None:
        if isinstance(item, Term):
            return self.group([item], strict=False, negated=negated)
        if isinstance(item, Negated):
            return self.node(item.child, negated=not negated)
        if isinstance(item, Either):
            children = [n for n in (self.node(c, negated) for c in item.children) if n is not None]
            return _single(children) or (AnyOf(tuple(children)) if children else None)
        return self.group(list(item.children), strict=item.strict, negated=negated)

    def group(self, items: list[QueryNode], strict: bool, negated: bool) -> Node | None:
        positives: list[Node] = []
        negatives: list[Node] = []
        run: list[Term] = []
        for item in [*items, None]:
            if isinstance(item, Term) and item.kind == "word":
                run.append(item)
                continue
            if run:
                positives.extend(self.words(run, negated))
                run = []
            if item is None:
                break
            if isinstance(item, Negated):
                child = self.node(item.child, negated=not negated)
                if child is not None:
                    negatives.append(child)
            elif isinstance(item, Term):
                positives.append(self.term(item, negated))
            else:
                child = self.node(item, negated)
                if child is not None:
                    positives.append(child)
        positives = [node for i, node in enumerate(positives) if node not in positives[:i]]  # "red ... red": once
        if not positives:
            return None
        combined = _single(positives) or (AllOf(tuple(positives)) if strict else Soft(tuple(positives)))
        if negatives:
            return Without(combined, _single(negatives) or AnyOf(tuple(negatives)))
        return combined

    # ---- concepts ---------------------------------------------------------------------------

    def words(self, run: list[Term], negated: bool) -> list[Node]:
        """Concepts of a run of juxtaposed words: the dictionary's terms where it knows them."""
        pieces = [piece for i, term in enumerate(run) for piece in _pieces(term, i)]
        if self.lang == "de":
            pieces = [part for piece in pieces for part in self.compound(piece)]
        found: list[Node] = []
        segments = self.segments(pieces)
        kept = [
            (first, last, pivots, core)
            for first, last, pivots, core in segments
            if pivots
            or self.meaningful(
                self.text[pieces[first].start : pieces[last - 1].end], pieces[first].han and last == first + 1
            )
        ]
        starts = {segment[0] for segment in kept}
        for first, last, pivots, core in kept or segments:  # words that are all stop words are searched as they are
            source = (run[pieces[first].word].start, run[pieces[last - 1].word].end)
            particle = None
            if self.lang == "en" and last < len(pieces) and last not in starts and kept:
                following = fold(pieces[last].text)
                particle = following if following in _PARTICLES else None
            found.append(
                self.concept(
                    pieces[first].start,
                    pieces[last - 1].end,
                    "word",
                    pivots,
                    negated,
                    source=source,
                    core=core,
                    particle=particle,
                )
            )
        return found

    def compound(self, piece: _Piece) -> list[_Piece]:
        """A German word the dictionary does not know, cut into the two names it is made of (kb.search.compounds)."""
        cut = compound_parts(piece.text, lambda text: self.lexicon.knows("de", text))
        if cut is None:
            return [piece]
        head_end, tail_start = cut
        return [
            _Piece(piece.text[:head_end], piece.start, piece.start + head_end, piece.word, False),
            _Piece(piece.text[tail_start:], piece.start + tail_start, piece.end, piece.word, False),
        ]

    def segments(self, pieces: list[_Piece]) -> list[tuple[int, int, frozenset[str], str | None]]:
        """(first, last, pivots, core) runs of pieces: dictionary terms, and runs of the rest.

        Unknown Chinese characters next to a known term of the same word stay with it
        ("时空" + "骰": the rule says 时空骰); ``core`` is then the known term's own text.
        """
        spans = self.matches(pieces)
        runs: list[list] = []
        i = 0
        while i < len(pieces):
            if i in spans:
                runs.append([i, spans[i][0], spans[i][1]])
                i = spans[i][0]
                continue
            end = i + 1
            while (
                pieces[i].han
                and not any(start <= pieces[i].start < stop for start, stop in self.unfound)  # each on its own
                and end < len(pieces)
                and pieces[end].han
                and end not in spans
                and pieces[end].word == pieces[i].word
                and not {pieces[i].text, pieces[end].text} & _CHINESE_FUNCTION_CHARS  # 回合|的|阶段
            ):
                end += 1
            runs.append([i, end, frozenset()])
            i = end
        merged: list[tuple[int, int, frozenset[str], str | None]] = []
        for first, last, pivots in runs:
            text = self.text[pieces[first].start : pieces[last - 1].end]
            previous = merged[-1] if merged else None
            if (
                not pivots
                and pieces[first].han
                and previous
                and previous[2]
                and _joined(pieces, previous[1], first)
                and self.meaningful(text, last == first + 1)
            ):
                core = previous[3] or self.text[pieces[previous[0]].start : pieces[previous[1] - 1].end]
                merged[-1] = (previous[0], last, previous[2], core)
            elif (
                pivots
                and previous
                and not previous[2]
                and pieces[previous[0]].han
                and _joined(pieces, previous[1], first)
            ):
                core = self.text[pieces[first].start : pieces[last - 1].end]
                merged[-1] = (previous[0], last, pivots, core)
            else:
                merged.append((first, last, pivots, None))
        return merged

    def meaningful(self, text: str, lone_han: bool) -> bool:
        """Stop words of the query's language and Chinese function characters are not searched."""
        if lone_han:
            return text not in _CHINESE_FUNCTION_CHARS
        if fold(text) in QUESTION_WORDS:
            return False
        if has_kana(text) or has_han(text) or self.lang not in STEMMED:
            return True
        return bool(terms(self.lang, text))

    def matches(self, pieces: list[_Piece]) -> dict[int, tuple[int, frozenset[str]]]:
        """Start piece -> (end piece, pivots) of the longest dictionary terms, in any language."""
        candidates: dict[tuple[int, int], set[str]] = {}
        cjk = [bool(has_cjk(piece.text)) for piece in pieces]
        for lang in self.lexicon.languages:
            if lang in CJK and not any(cjk):
                continue  # Japanese and Chinese names are never spelled in Latin letters alone
            keys = [key_terms(lang, piece.text) if cjk[i] or lang not in CJK else () for i, piece in enumerate(pieces)]
            for match in self.lexicon.match(lang, keys):
                if (pieces[match.start].start, pieces[match.end - 1].end) not in self.unfound:
                    candidates.setdefault((match.start, match.end), set()).update(match.pivots)
        for (start, end), pivots in candidates.items():
            if len(pivots) > 1 and not any(cjk[start:end]):  # names that stem alike: the one spelled as typed
                typed = fold(self.text[pieces[start].start : pieces[end - 1].end])
                exact = {pivot for pivot in pivots if self.lexicon.spelled(pivot, typed)}
                if exact:
                    pivots.intersection_update(exact)
        chosen: dict[int, tuple[int, frozenset[str]]] = {}
        taken: set[int] = set()
        for (start, end), pivots in sorted(candidates.items(), key=lambda kv: (kv[0][0] - kv[0][1], kv[0][0])):
            if taken.isdisjoint(range(start, end)):
                chosen[start] = (end, frozenset(pivots))
                taken.update(range(start, end))
        return chosen

    def term(self, term: Term, negated: bool) -> Node:
        """A "phrase" or a prefix*: searched as written, never expanded (quotes ask for exactly this)."""
        return self.concept(term.start, term.end, term.kind, frozenset(), negated)

    def concept(
        self,
        start: int,
        end: int,
        kind: str,
        pivots: frozenset[str],
        negated: bool,
        source: tuple[int, int] | None = None,
        core: str | None = None,
        particle: str | None = None,
    ) -> Concept:
        text = self.text[start:end] if kind != "prefix" else self.text[start:end].rstrip("*")
        concept = QueryConcept(len(self.concepts), text, kind, start, end, pivots, negated, source or (start, end))
        self.concepts.append(concept)
        alternatives: dict[tuple[str, tuple[str, ...]], float] = {}
        spellings: list[tuple[str, str]] = []  # (language, text) as written, for marking CJK snippets
        exact: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}  # phrase alternative -> words as written
        if kind == "prefix":
            stem = fold(text)
            for lang in self.languages:
                alternatives[(lang, (stem,))] = 1.0
        elif kind == "phrase":  # exactly as written in each language: no stems, no translations
            for lang in self.languages:
                if lang in CJK:
                    _offer(alternatives, lang, tuple(terms(lang, text)), 1.0)
                    spellings.append((lang, text))
                else:
                    stems = tuple(terms(lang, text))
                    if stems:
                        alternatives[(lang, stems)] = 1.0
                        exact[(lang, stems)] = surface_words(text)
        else:
            for lang in self.languages:
                # Kanji read in the other of Japanese and Chinese are a word of that language that
                # happens to share the characters: weighed like a translation.
                other = lang in CJK and self.lang in CJK and lang != self.lang
                for own, boost in ((text, 1.0), (core, CORE_BOOST)):
                    if own:
                        _offer(
                            alternatives, lang, tuple(terms(lang, own)), boost * (TRANSLATION_BOOST if other else 1.0)
                        )
                        spellings.append((lang, own))
            for lang, name in sorted(self.lexicon.translations(pivots)):
                lang = language_field(lang)
                if lang in self.languages:
                    _offer(alternatives, lang, self.lexicon.analyse(lang, name), TRANSLATION_BOOST)
                    spellings.append((lang, name))
        chosen = list(alternatives.items())[:MAX_ALTERNATIVES]
        if not negated:
            for (lang, words), _ in chosen:
                target = self.prefixes if kind == "prefix" else self.highlights
                target.setdefault(lang, set()).update(words)
            for lang, spelling in spellings:
                if lang in CJK and has_cjk(spelling):
                    self.surfaces.setdefault(lang, set()).update(_surfaces(spelling))
        leaves: list[Leaf] = [
            Exact(lang, words, exact[(lang, words)], boost=boost)
            if (lang, words) in exact
            else _alternative(lang, words, boost, kind == "prefix")
            for (lang, words), boost in chosen
        ]
        if particle and not negated and self.lang in self.languages:  # "phased out" as written, above "phase"
            stems = tuple(terms(self.lang, text))
            if stems:
                leaves.append(Exact(self.lang, stems, surface_words(f"{text} {particle}"), AS_WRITTEN_BOOST))
        return Concept(concept.index, tuple(leaves))


def surface_words(text: str) -> tuple[str, ...]:
    """The folded words of ``text``, unstemmed, stop words kept: what a quoted phrase must match."""
    return tuple(token.text for token in analyzer_for("xx")(text))  # folded, not stemmed: any language


def _surfaces(spelling: str) -> set[str]:
    """A CJK spelling folded, with and without its middle dots and spaces ("フェイズ・アウト", "フェイズアウト")."""
    folded = fold(spelling)
    return {folded, re.sub(r"[・\s]", "", folded)} - {""}


def _offer(alternatives: dict, lang: str, words: tuple[str, ...], boost: float) -> None:
    if words and boost > alternatives.get((lang, words), 0.0):
        alternatives[(lang, words)] = boost


def _alternative(lang: str, words: tuple[str, ...], boost: float, prefix: bool) -> Leaf:
    """A leaf of the plan in analysis language ``lang``, whose fields BM25F scores together."""
    lone_han = lang == "zh" and len(words) == 1 and len(words[0]) == 1  # bigrams start with it
    if prefix or lone_han:
        return Prefix(lang, words[0], boost=boost)
    return Words(lang, words, boost=boost)


def _pieces(term: Term, word: int) -> list[_Piece]:
    """A query word cut where the dictionary may match: Japanese words, Chinese characters."""
    text = term.text
    if has_kana(text):
        return [_Piece(text[s:e], term.start + s, term.start + e, word, False) for _, s, e in japanese_words(text)]
    if has_han(text):  # each Chinese character a piece; digits and letters between them whole
        return [
            _Piece(m.group(), term.start + m.start(), term.start + m.end(), word, has_han(m.group()))
            for m in _HAN_OR_WORD.finditer(text)
        ]
    return [_Piece(text, term.start, term.end, word, False)]


def _joined(pieces: list[_Piece], left_end: int, right_start: int) -> bool:
    """Two runs of pieces that touch inside one query word."""
    return left_end == right_start and pieces[left_end - 1].word == pieces[right_start].word


def _single(nodes: list[Node]) -> Node | None:
    return nodes[0] if len(nodes) == 1 else None


def compile_query(
    parsed: ParsedQuery,
    lexicon: Lexicon,
    languages: list[str],
    lang: str | None = None,
    unfound: frozenset[tuple[int, int]] = frozenset(),
) -> Compiled:
    """The plan of ``parsed`` over the analysis ``languages`` of the documents searched.

    ``unfound``: (start, end) of dictionary terms and of runs of Chinese characters that no rule
    of the scope holds, not taken whole again: their words, the shorter terms inside them, or
    their characters are searched instead.
    """
    detected = query_language(parsed.text, lang, lexicon)
    compiler = _Compiler(parsed, lexicon, languages, detected, unfound)
    plan = compiler.node(parsed.root) if parsed.root is not None else None
    return Compiled(plan, compiler.concepts, detected, compiler.highlights, compiler.prefixes, compiler.surfaces)
