"""German compounds read as their parts: "Spielsteinkreaturen" is Spielstein (token) + Kreaturen (creatures).

German writes as one word what English writes as two, and players coin compounds the rules never print
("Spielsteinkreaturen", "Kampfschadensschritt", "Extraländer"), so a question's compound often matches no term of
the dictionary while each of its parts does. A word the dictionary does not know is cut where both sides are
names it knows, a linking element (the s of "Friedhofskarte", the n of "Kreaturenzauber") allowed at the head's end;
the longest known head wins. Words the dictionary knows whole are never cut.
"""

from __future__ import annotations

from typing import Callable

MIN_PART = 4  # a part shorter than this matches inside too many words ("Zug" of "Zugang")
# What German puts between the parts of a compound (Fugenelemente), longest first; "" is none.
LINKERS = ("es", "en", "er", "s", "n", "e", "")


def compound_parts(word: str, knows: Callable[[str], bool]) -> tuple[int, int] | None:
    """(end of the head, start of the tail) in ``word`` where it is a compound of two known names, or None.

    ``knows`` tells whether a text is, whole, a name of the dictionary (kb.search.terms.Lexicon.knows)."""
    if len(word) < 2 * MIN_PART or knows(word):
        return None
    for cut in range(len(word) - MIN_PART, MIN_PART - 1, -1):  # the longest head first
        tail = word[cut:]
        if not knows(tail):
            continue
        head = word[:cut]
        for linker in LINKERS:
            stem = head[: len(head) - len(linker)]
            if head.endswith(linker) and len(stem) >= MIN_PART and knows(stem):
                return len(stem), cut
    return None
