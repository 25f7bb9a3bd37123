"""The cards a free text names, for `cite` (docs/citations.md, "Cards named").

A draft answer ("Platinum Angel says you can't lose, see CR 104.3a") names cards as well as rules:
`cite` reports each card named with its rules terms and their rules (kb.cards.terms) and what its
text says about the rules (kb.cards.lookup.text_says), so the reader sees which rules the card's own
text brings in; and, for several cards, how their effects interact (kb.cards.lookup.together_says).

Only exact names (folded like the store's index: case, punctuation, accents) are matched, in the
store's name index, over runs of the text's words no longer than the longest name held. The text
may be 1 MB: each distinct run is looked up once, in batches, and the scan stops after
``MAX_LOOKUPS`` distinct runs or ``MAX_CARDS`` cards, and says so (``truncated``). As in search
(kb.search.cards), the runs are read by kb.cards.names: a name of one word counts only when written with
a capital and is no question word or chatter (kb.search.asking.ordinary_word), and a name that is itself
a rules term ("Flash") is never a card.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.cards.lookup import TextSays, TogetherSays, text_says, together_says
from kb.cards.names import name_runs, said_short
from kb.cards.terms import TermLink, card_terms
from kb.core.model import Serialisable
from kb.search.asking import ordinary_word
from kb.store.cards import card_row, has_cards, longest_name_words
from kb.store.reader import Store

MAX_LOOKUPS = 200_000  # distinct runs of words looked up; past it the scan stops
MAX_CARDS = 100  # distinct cards reported


@dataclass
class CitedCard(Serialisable):
    """A card a text names: where (the first mention), and its rules terms with their rules."""

    name: str  # as held
    start: int
    end: int
    mentions: int  # how often the text names it
    terms: list[TermLink] = field(default_factory=list)
    says: list[TextSays] = field(default_factory=list)  # what its text says about the rules (as `card` shows it)


@dataclass
class CardsNamed(Serialisable):
    """The cards a text names, in the order of their first mention."""

    cards: list[CitedCard] = field(default_factory=list)
    truncated: bool = False  # the scan stopped at a bound before the text's end
    together: list[TogetherSays] = field(default_factory=list)  # how the named cards' effects interact


def cards_in_text(store: Store, text: str) -> CardsNamed:
    """The cards ``text`` names (see the module's docstring); nothing without cards."""
    longest = longest_name_words(store.conn) if has_cards(store.conn) else 0
    if not longest:
        return CardsNamed()
    runs = name_runs(store, text, longest, MAX_LOOKUPS, ordinary_word)  # "What" is no card, as in search
    words, truncated = runs.words, runs.truncated
    found: dict[int, CitedCard] = {}
    i = 0
    while i < len(words):
        match = runs.exact(i, longest)
        if match is None:
            i += 1
            continue
        card_id, size = match
        word = runs.words[i][3]
        if size == 1 and card_id not in found and said_short(word, "", [c.name for c in found.values()]):
            # "the Shackles" after "Vedalken Shackles": a mention of the card named before, said short
            next(c for c in found.values() if said_short(word, "", [c.name])).mentions += 1
            i += 1
            continue
        if card_id in found:
            found[card_id].mentions += 1
        elif len(found) >= MAX_CARDS:
            truncated = True
            break
        else:
            row = card_row(store.conn, card_id, names=False)
            if row is not None:
                links = card_terms(store, row["oracle_text"] or "", row["keywords"], row["name"])
                says = text_says(
                    store, row["oracle_text"] or "", row["type_line"] or "", row["mana_cost"] or "", row["faces"]
                )
                found[card_id] = CitedCard(row["name"], words[i][0], words[i + size - 1][1], 1, links, says)
        i += size
    cards = list(found.values())
    return CardsNamed(cards, truncated, together_says(store, [(card.name, card.says) for card in cards]))
