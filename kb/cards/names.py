"""Card names in a text: the runs of its words that are names held, for search and for `cite`.

Every run of one to ``max_words`` words is folded like the store's name index (kb.store.cards.card_key)
and each distinct run is looked up once, in batches. A name that is itself a rules term ("Sacrifice",
"Flash") is never a card, and a name of one word counts only when written with a capital (or in a
script without case), unless the caller allows it ("humility" typed as the whole query). Whatever
the case and wherever it stands, one word is never a card when it is a single letter ("X": the X of
every cost) or an ordinary word (the caller's ``ordinary``: the commonest English words by default;
search and `cite` add every language's question words and chatter, kb.search.asking.ordinary_word):
"What", "Why" and "When" are faces of "Who // What // When // Where // Why", and a question's "what"
is not that card. The whole name, "Who // What // When // Where // Why", still is.

Players also mark a name with brackets (《突然のショック》, <龍拳雙子>, 【Shock】), and Japanese and Chinese
questions run a name into the sentence with no space or bracket (突然のショックに対応できますか):
`spotted_names` finds both, in any language the card file names the card in.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field

from whoosh.lang import stopwords_for_language

from kb.cards.terms import rules_terms_among, term_key
from kb.core.text import simplified
from kb.store.cards import card_key, cards_named
from kb.store.reader import Store

BATCH = 500  # runs per index search (SQLite's bound on parameters is far above it)
WORD = re.compile(r"[^\W_][\w'’\-]*")


# The commonest English words (whoosh's stop words: "what", "when", "who", "will", ...): some are names
# of cards or of their faces ("Who // What // When // Where // Why"), and a question capitalises them at
# a sentence's start ("What happens when ..."): there they are the question's words, not a card.
_COMMON_WORDS = frozenset(stopwords_for_language("en"))


def common_word(word: str) -> bool:
    """Whether a folded word is one of the commonest English words."""
    return word in _COMMON_WORDS


@dataclass
class NameRuns:
    """A text's words, the key of each run of them, and the runs that name a card held."""

    words: list[tuple[int, int, str, str]]  # start, end, the word as written, folded
    keys: dict[tuple[int, int], str] = field(default_factory=dict)  # (first word, word count) -> key
    held: dict[str, int] = field(default_factory=dict)  # key -> card id
    truncated: bool = False  # the runs stopped at ``max_lookups`` before the text's end
    # whether a folded word is too ordinary to be a card's name by itself (see the module's docstring)
    ordinary: Callable[[str], bool] = common_word

    def exact(self, i: int, limit: int, alone: bool = False) -> tuple[int, int] | None:
        """(card id, words) of the longest name held that starts at word ``i``, of at most ``limit``
        words; a name of one word only when it may be one (``one_word_name``)."""
        for size in range(min(limit, len(self.words) - i), 0, -1):
            key = self.keys.get((i, size))
            if key in self.held and (size > 1 or self.one_word_name(i, alone)):
                return self.held[key], size
        return None

    def one_word_name(self, i: int, alone: bool = False) -> bool:
        """Whether word ``i`` by itself may be a card's name: more than one letter, not an ordinary
        word, and capitalised unless ``alone`` (the whole query)."""
        _start, _end, written, folded = self.words[i]
        if len(folded) < 2 or self.ordinary(folded):
            return False
        return alone or _capitalised(written)

    def capitalised(self, i: int) -> bool:
        """Whether word ``i`` is written with a capital (or in a script without case)."""
        return _capitalised(self.words[i][2])


def said_short(word: str, name: str, earlier: list[str]) -> bool:
    """Whether a one-word name (folded) is a word of another card named before in the text: that card
    said short ("If I tap a Vedalken Shackles ... he bounces the Shackles" names Vedalken Shackles,
    not the card Shackles)."""
    return any(other != name and word in card_key(other).split() for other in earlier)


def name_runs(
    store: Store,
    text: str,
    max_words: int,
    max_lookups: int | None = None,
    ordinary: Callable[[str], bool] | None = None,
) -> NameRuns:
    """The runs of ``text``'s words up to ``max_words`` long, and those that are card names held;
    after ``max_lookups`` distinct runs the text's remaining words are left out (``truncated``).
    ``ordinary(folded word)``: a word never read as a name by itself (default: the commonest English
    words)."""
    found = NameRuns([(m.start(), m.end(), m.group(), card_key(m.group())) for m in WORD.finditer(text)])
    if ordinary is not None:
        found.ordinary = ordinary
    words = found.words
    distinct: dict[str, None] = {}  # in the text's order
    for i in range(len(words)):
        for size in range(1, min(max_words, len(words) - i) + 1):
            key = " ".join(w[3] for w in words[i : i + size] if w[3])
            if key:
                found.keys[(i, size)] = key
                distinct.setdefault(key)
        if max_lookups is not None and len(distinct) >= max_lookups:
            found.truncated = i + 1 < len(words)
            del words[i + 1 :]
            break
    keys = list(distinct)
    for at in range(0, len(keys), BATCH):
        for key, card_id, _name, _lang in cards_named(store.conn, keys[at : at + BATCH]):
            found.held.setdefault(key, card_id)
    if found.held:  # names that are rules terms themselves, all in one look-up
        terms = rules_terms_among(store, {term_key(key) for key in found.held})
        found.held = {key: card_id for key, card_id in found.held.items() if term_key(key) not in terms}
    return found


def _capitalised(word: str) -> bool:
    return word[:1].isupper() or not word[:1].isascii()


# The brackets players set a card's name in: 《》 (how Japanese and Chinese print a card's name), 〈〉,
# ‹›, 【】, and the ASCII < > of the Traditional Chinese translations of Cranial Insertion
# (cardwalker.com.tw: 我操控<龍拳雙子>而我...). 「」 quotes card text as often as it holds a name: like
# the others, it marks a name only when its text is one of the names held.
BRACKETS = re.compile(
    r"《([^《》]{1,40})》|〈([^〈〉]{1,40})〉|‹([^‹›]{1,40})›|【([^【】]{1,40})】|「([^「」]{1,40})」|<([^<>\s][^<>]{0,39})>"
)
CJK_MIN_CHARS = 3  # a shorter name (火球, 謀殺) is also an everyday word of the sentence
CJK_MAX_CHARS = 20  # the longest Japanese or Chinese name looked for inside a sentence
CJK_LANGS = frozenset({"ja", "zh", "zh-Hant"})
# Kana, kanji, the iteration mark 々 and the long-vowel mark; the middle dot ・ joins the parts of a
# transliterated name (ウルザ・マインドオブアーティファクト) and stays inside a run.
_CJK_RUN = re.compile(r"[\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


@dataclass(frozen=True)
class Spotted:
    """A card name found by its brackets or inside a Japanese or Chinese sentence: ``start:end`` of
    the text (the brackets included), the card, and whether brackets marked it."""

    start: int
    end: int
    card_id: int
    bracketed: bool


def spotted_names(store: Store, text: str) -> list[Spotted]:
    """The card names ``text`` marks with brackets, then those run into its Japanese or Chinese
    sentences (outside the brackets), left to right; each looked up in every language the card file
    holds, a Traditional Chinese spelling also in Simplified characters (OpenCC maps one character to
    one). Inside a sentence the longest name wins, of CJK_MIN_CHARS characters at least, in a
    language written without spaces (ja, zh, zh-Hant)."""
    marked = [(m.start(), m.end(), next(g for g in m.groups() if g is not None)) for m in BRACKETS.finditer(text)]
    forms = {start: _forms(inner) for start, _end, inner in marked}
    held = _held(store, [key for keys in forms.values() for key in keys], None)
    found: list[Spotted] = []
    for start, end, _inner in marked:
        card_id = next((held[key] for key in forms[start] if key in held), None)
        if card_id is not None:
            found.append(Spotted(start, end, card_id, True))
    taken = [(item.start, item.end) for item in found]
    found += _in_sentences(store, text, taken)
    return sorted(found, key=lambda item: item.start)


def _forms(name: str) -> list[str]:
    """The keys a name written in a text is looked up by: as written, and in Simplified characters."""
    return list(dict.fromkeys(key for key in (card_key(name), card_key(simplified(name))) if key))


def _held(store: Store, keys: list[str], langs: frozenset[str] | None) -> dict[str, int]:
    """key -> card id of the keys that are names held (in ``langs``, or any language), less the names
    that are rules terms; a batch of index searches."""
    distinct = list(dict.fromkeys(keys))
    held: dict[str, int] = {}
    for at in range(0, len(distinct), BATCH):
        for key, card_id, _name, lang in cards_named(store.conn, distinct[at : at + BATCH]):
            if langs is None or lang in langs:
                held.setdefault(key, card_id)
    if held:
        terms = rules_terms_among(store, {term_key(key) for key in held})
        held = {key: card_id for key, card_id in held.items() if term_key(key) not in terms}
    return held


def _in_sentences(store: Store, text: str, taken: list[tuple[int, int]]) -> list[Spotted]:
    """Japanese and Chinese names held, found as a part of a run of kana and kanji outside ``taken``:
    every part of CJK_MIN_CHARS to CJK_MAX_CHARS characters is looked up, and the longest held wins,
    left to right (突然のショックに対応できますか holds 突然のショック)."""
    runs = [
        (m.start(), m.group())
        for m in _CJK_RUN.finditer(text)
        if len(m.group()) >= CJK_MIN_CHARS and not any(s < m.end() and m.start() < e for s, e in taken)
    ]
    if not runs:
        return []
    names = _cjk_names(store)
    if not names:
        return []
    parts: dict[tuple[int, int], list[str]] = {}
    for offset, run in runs:
        # The run folded once, as written and in Simplified characters: both keep one character for
        # one (OpenCC; the index's folding of kana and kanji), so their parts are the parts' keys.
        # Folding each of a long question's thousands of parts took most of its time.
        folded = [key for key in dict.fromkeys((card_key(run), card_key(simplified(run)))) if len(key) == len(run)]
        for i in range(len(run)):
            for size in range(CJK_MIN_CHARS, min(CJK_MAX_CHARS, len(run) - i) + 1):
                forms = [key[i : i + size] for key in folded] or [card_key(run[i : i + size])]
                keys = [key for key in forms if key in names]
                if keys:
                    parts[(offset + i, offset + i + size)] = keys
    if not parts:
        return []
    held = {key: names[key] for keys in parts.values() for key in keys}
    terms = rules_terms_among(store, {term_key(key) for key in held})
    held = {key: card_id for key, card_id in held.items() if term_key(key) not in terms}
    found: list[Spotted] = []
    for offset, run in runs:
        i = offset
        while i < offset + len(run):
            end = next(
                (
                    i + size
                    for size in range(min(CJK_MAX_CHARS, offset + len(run) - i), CJK_MIN_CHARS - 1, -1)
                    if any(key in held for key in parts.get((i, i + size), []))
                ),
                None,
            )
            if end is None:
                i += 1
                continue
            key = next(key for key in parts[(i, end)] if key in held)
            found.append(Spotted(i, end, held[key], False))
            i = end
    return found


def _cjk_names(store: Store) -> dict[str, int]:
    """key -> card id of every Japanese and Chinese name held of CJK_MIN_CHARS characters or more,
    read once per state of the database: looking each part of a sentence up in the index took 9 ms a
    Japanese question (p95 29 ms, bench/bench_card_names.py); a set held in memory takes a fraction."""

    def read() -> dict[str, int]:
        marks = ",".join("?" * len(CJK_LANGS))
        try:
            rows = store.conn.execute(
                f"select folded, card_id from card_names where lang in ({marks}) and length(folded) >= ?",
                [*sorted(CJK_LANGS), CJK_MIN_CHARS],
            )
            names: dict[str, int] = {}
            for key, card_id in rows:
                names.setdefault(key, card_id)
            return names
        except sqlite3.OperationalError:  # no card tables: an old read-only database
            return {}

    return store.derived("cards.cjk_names", None, read)
