"""The cards a free text names, for `cite` (docs/citations.md, "Cards named").

A draft answer ("Platinum Angel says you can't lose, see CR 104.3a") names cards as well as rules:
`cite` reports each card named with its rules terms and their rules (kb.cards.terms), so the
reader sees which rules the card's own text brings in.

Only exact names (folded like the store's index: case, punctuation, accents) are matched, in the
store's name index, over runs of the text's words no longer than the longest name held. The text
may be 1 MB: each distinct run is looked up once, in batches, and the scan stops after
``MAX_LOOKUPS`` distinct runs or ``MAX_CARDS`` cards, and says so (``truncated``). As in search
(kb.search.cards), a name of one word counts only when written with a capital, and a name that is
itself a rules term ("Flash") is never a card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.cards.terms import TermLink, card_terms, term_index, term_key
from kb.core.model import Serialisable
from kb.store.cards import card_key, card_row, cards_named, has_cards, longest_name_words
from kb.store.reader import Store

MAX_LOOKUPS = 200_000  # distinct runs of words looked up; past it the scan stops
MAX_CARDS = 100  # distinct cards reported
BATCH = 500  # runs per index search (SQLite's bound on parameters is far above it)
_WORD = re.compile(r"[^\W_][\w'’\-]*")


@dataclass
class CitedCard(Serialisable):
    """A card a text names: where (the first mention), and its rules terms with their rules."""

    name: str  # as held
    start: int
    end: int
    mentions: int  # how often the text names it
    terms: list[TermLink] = field(default_factory=list)


@dataclass
class CardsNamed(Serialisable):
    """The cards a text names, in the order of their first mention."""

    cards: list[CitedCard] = field(default_factory=list)
    truncated: bool = False  # the scan stopped at a bound before the text's end


def cards_in_text(store: Store, text: str) -> CardsNamed:
    """The cards ``text`` names (see the module's docstring); nothing without cards."""
    longest = longest_name_words(store.conn) if has_cards(store.conn) else 0
    if not longest:
        return CardsNamed()
    words = [(m.start(), m.end(), m.group(), card_key(m.group())) for m in _WORD.finditer(text)]
    runs: dict[str, None] = {}  # each distinct run's key, in the text's order
    truncated = False
    for i in range(len(words)):
        for size in range(1, min(longest, len(words) - i) + 1):
            key = " ".join(w[3] for w in words[i : i + size] if w[3])
            if key:
                runs.setdefault(key)
        if len(runs) >= MAX_LOOKUPS:
            truncated = i + 1 < len(words)
            words = words[: i + 1]
            break
    keys = list(runs)
    held: dict[str, int] = {}
    for at in range(0, len(keys), BATCH):
        for key, card_id, _name, _lang in cards_named(store.conn, keys[at : at + BATCH]):
            held.setdefault(key, card_id)
    if held:  # names that are rules terms themselves
        terms = term_index(store, {term_key(key) for key in held}).keys
        held = {key: card_id for key, card_id in held.items() if term_key(key) not in terms}
    found: dict[int, CitedCard] = {}
    i = 0
    while i < len(words):
        match = _longest(words, i, longest, held)
        if match is None:
            i += 1
            continue
        card_id, size = match
        if card_id in found:
            found[card_id].mentions += 1
        elif len(found) >= MAX_CARDS:
            truncated = True
            break
        else:
            row = card_row(store.conn, card_id, names=False)
            if row is not None:
                links = card_terms(store, row["oracle_text"] or "", row["keywords"], row["name"])
                found[card_id] = CitedCard(row["name"], words[i][0], words[i + size - 1][1], 1, links)
        i += size
    return CardsNamed(list(found.values()), truncated)


def _longest(words, i: int, longest: int, held: dict[str, int]) -> tuple[int, int] | None:
    """(card id, words) of the longest name held that starts at word ``i``."""
    for size in range(min(longest, len(words) - i), 0, -1):
        key = " ".join(w[3] for w in words[i : i + size] if w[3])
        if key in held and (size > 1 or words[i][2][:1].isupper() or not words[i][2][:1].isascii()):
            return held[key], size
    return None
