"""Whether a word is a word of a language, so that did-you-mean leaves ordinary words alone.

A question's word that matches nothing in the rules is usually not a misspelling: players write
"bounce", "chump block", "ping" and "swings", which the rules never use. Respelled into the nearest
rules word ("once", "jump", "Ring", "wins") they led the search away; the word left alone matches
nothing and the rest of the question leads. Misspellings ("deaftouch", "indestructable",
"Instabiltät") are not words of their language, so they are still respelled.

The word lists are pyspellchecker's (word frequency lists of English, German, Russian, French,
Spanish, Portuguese, Italian and Dutch, shipped with the package): a maintained, offline list per
language is what this needs, and none ships with the rules. A list is read only when a question has
a word to respell (most have none), about 0.1 s for English.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spellchecker import SpellChecker

# the languages of the search that pyspellchecker has a list for
LISTED = frozenset({"en", "de", "ru", "fr", "es", "pt", "it", "nl"})


@cache
def _checker(lang: str) -> "SpellChecker":
    from spellchecker import SpellChecker  # lazy: a search imports it only when it has a word to respell

    return SpellChecker(language=lang, distance=1)


def is_word(word: str, languages: list[str]) -> bool:
    """Whether ``word`` is in the word list of one of ``languages`` (case folded; languages without a
    list, Japanese and Chinese, say nothing)."""
    folded = word.casefold().strip("'’")
    return any(folded in _checker(lang) for lang in languages if lang in LISTED)
