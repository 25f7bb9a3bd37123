"""Card names in a text: the runs of its words that are names held, for search and for `cite`.

Every run of one to ``max_words`` words is folded like the store's name index (kb.store.cards.card_key)
and each distinct run is looked up once, in batches. A name that is itself a rules term ("Sacrifice",
"Flash") is never a card, and a name of one word counts only when written with a capital (or in a
script without case), unless the caller allows it ("humility" typed as the whole query).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from whoosh.lang import stopwords_for_language

from kb.cards.terms import rules_terms_among, term_key
from kb.store.cards import card_key, cards_named
from kb.store.reader import Store

BATCH = 500  # runs per index search (SQLite's bound on parameters is far above it)
WORD = re.compile(r"[^\W_][\w'’\-]*")


@dataclass
class NameRuns:
    """A text's words, the key of each run of them, and the runs that name a card held."""

    words: list[tuple[int, int, str, str]]  # start, end, the word as written, folded
    keys: dict[tuple[int, int], str] = field(default_factory=dict)  # (first word, word count) -> key
    held: dict[str, int] = field(default_factory=dict)  # key -> card id
    truncated: bool = False  # the runs stopped at ``max_lookups`` before the text's end

    def exact(self, i: int, limit: int, alone: bool = False) -> tuple[int, int] | None:
        """(card id, words) of the longest name held that starts at word ``i``, of at most ``limit``
        words; a name of one word only when capitalised, or when ``alone``."""
        for size in range(min(limit, len(self.words) - i), 0, -1):
            key = self.keys.get((i, size))
            if key in self.held and (size > 1 or alone or _one_word_name(self.words[i][2])):
                return self.held[key], size
        return None


def name_runs(store: Store, text: str, max_words: int, max_lookups: int | None = None) -> NameRuns:
    """The runs of ``text``'s words up to ``max_words`` long, and those that are card names held;
    after ``max_lookups`` distinct runs the text's remaining words are left out (``truncated``)."""
    found = NameRuns([(m.start(), m.end(), m.group(), card_key(m.group())) for m in WORD.finditer(text)])
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


# The commonest English words (whoosh's stop words: "what", "when", "who", "will", ...): some are names
# of cards or of their faces ("Who // What // When // Where // Why"), and a question capitalises them at
# a sentence's start ("What happens when ..."): there they are the question's words, not a card.
_COMMON_WORDS = frozenset(stopwords_for_language("en"))


def _one_word_name(word: str) -> bool:
    """Whether a one-word run may be a card's name in running text: capitalised, more than one
    letter ("X" is a card, and the X of every cost), and not one of the commonest English words."""
    return _capitalised(word) and len(word) > 1 and word.casefold() not in _COMMON_WORDS
