"""A query made only of question words ("what how why when", "どうして なぜ"): said so, with what to add.

The same words are never a card's name when written alone (:func:`ordinary_word`): the split card
"Who // What // When // Where // Why" has a face named "What", and "what" typed alone asks nothing
about that card (kb.cards.names, docs/cards.md "Names that are words").

Such a query says nothing about the rules. Where its words match rules anyway ("when" in the
rules on triggered abilities) it is answered with a note; where they match nothing, the user read
"No rules match" (exit 1) as if the rules lacked an answer. It is :class:`OnlyQuestionWords`
instead: a query with nothing to search for (exit 2, HTTP 400), naming its question words and what
to add. Only a query of plain words is read so: quotes, operators and rule numbers are the query
language, taken as written.
"""

from __future__ import annotations

import re
from functools import cache

from whoosh.lang import stopwords_for_language

from kb.core.text import fold
from kb.i18n import _
from kb.search import players
from kb.search.analyzers import STEMMED, terms
from kb.search.compile import QUESTION_WORDS
from kb.search.parse import Group, ParsedQuery, QueryError, Term

# Question words that neither the table of players' words (its chatter) nor a stop list holds.
_ASKING = frozenset(
    {
        "warum",
        "wieso",
        "weshalb",
        "wann",
        "почему",
        "зачем",
        "どうして",
        "なぜ",
        "何故",
        "いつ",
        "どこ",
        "だれ",
        "誰",
        "なに",
        "何",
        "どう",
        "为什么",
        "为何",
        "什么",
        "怎么",
        "怎样",
        "如何",
        "哪里",
        "谁",
    }
)
_SPLIT = re.compile(r"[\s?？!！。、,，.]+")


class OnlyQuestionWords(QueryError):
    """A query of question words only that matched nothing: the message names them and what to add."""


def question_words_only(parsed: ParsedQuery, lang: str) -> list[str]:
    """The words of a query of plain words when every one is a question word of ``lang`` (or a stop
    word), else []."""
    root = parsed.root
    if parsed.targets or root is None:
        return []
    items = [root] if isinstance(root, Term) else list(root.children) if isinstance(root, Group) else []
    if not items or not all(isinstance(item, Term) and item.kind == "word" for item in items):
        return []
    # a piece with no letter or digit ("//" of "What // Why") says nothing and is not listed as a word
    words = [word for word in _SPLIT.split(parsed.text) if any(char.isalnum() for char in word)]
    if not words or not all(_asks(word, lang) for word in words):
        return []
    return list(dict.fromkeys(words))


def _asks(word: str, lang: str) -> bool:
    folded = fold(word).replace("’", "'")
    if folded in _ASKING or folded in QUESTION_WORDS:
        return True
    entry = players.load().by_words.get(lang, {}).get((folded,))
    if entry is not None and entry.kind == "chatter":
        return True
    # a stop word has no terms; nor has a single letter, which is no question word ("x" asks about X, 107.3)
    return lang in STEMMED and len(folded) > 1 and not tuple(terms(lang, word))


def ordinary_word(word: str) -> bool:
    """Whether a word (folded like a card's name: kb.store.cards.card_key) asks or chats in any
    language the search reads, or is one of the commonest English words: such a word alone never
    names a card ("What", a face of "Who // What // When // Where // Why"; German "was", Russian
    "что"), though a name of several words that holds it still does."""
    return word.replace("'", "") in _ordinary()


@cache  # the table and the lists do not change while a process runs; read once
def _ordinary() -> frozenset[str]:
    words = set(_ASKING) | set(QUESTION_WORDS) | set(stopwords_for_language("en"))
    for entries in players.load().by_words.values():
        words.update(key[0] for key, entry in entries.items() if len(key) == 1 and entry.kind == "chatter")
    return frozenset(fold(word).replace("'", "").replace("’", "") for word in words)


SHOWN_CHARS = 80  # of a refused query, in its message: a pasted paragraph is not repeated back whole


def refused(query: str, words: list[str]) -> OnlyQuestionWords:
    """The error for a query of question words that matched nothing; a long query is shown cut ("…"),
    its question words each once."""
    if len(query) > SHOWN_CHARS:
        query = query[: query.rfind(" ", 0, SHOWN_CHARS) if " " in query[:SHOWN_CHARS] else SHOWN_CHARS] + "…"
    return OnlyQuestionWords(
        _(
            "the query {query!r} holds only question words ({words}): add what it asks about, such as a rules "
            "term ('dies', 'first strike'), a card's name or a rule number"
        ).format(query=query, words=", ".join(words))
    )


def note(words: list[str]) -> str:
    """The note of a query of question words that was answered as it is."""
    return _(
        "the query holds only question words ({words}), searched as they are: add what it asks about, such as a "
        "rules term ('dies', 'first strike'), a card's name or a rule number"
    ).format(words=", ".join(words))
