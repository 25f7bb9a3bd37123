"""`mtgkb card NAME`: a card found by any of its names, its Oracle text with the rules terms linked.

Forgiving like the glossary: case, punctuation and Latin accents do not matter (the folded key of
kb.store.cards), a name in any language the card file gave finds the card, and a name that finds
nothing is answered with the nearest names held ("did you mean"). Where the engine's own card pool
(data/cards/*.yaml) has a card of that name whose text differs from the imported Oracle text, both
are shown: the pool's cards are written for the scenarios and may be older wordings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.cards.terms import TermLink, card_terms, english_document, layout_term
from kb.core.errors import BadInput, CardNotFound
from kb.core.model import Serialisable
from kb.i18n import _
from kb.store.cards import all_names, card_key, card_row, cards_named, has_cards, names_starting
from kb.store.reader import Store

SUGGESTIONS = 5
SURE = 88  # a near spelling taken for the card without asking: one letter off in a name of ten
MIN_TAKEN = 2  # a name that only begins one card's name is taken for it from two characters ("稲妻"), not one ("{R}")
MAX_NAME = 200  # characters of a name asked for, in every front end (the longest card name has 141)


@dataclass
class CardFaceView(Serialisable):
    name: str
    mana_cost: str = ""
    type_line: str = ""
    oracle_text: str = ""
    terms: list[TermLink] = field(default_factory=list)


@dataclass
class CardView(Serialisable):
    """A card as `mtgkb card` shows it."""

    name: str
    mana_cost: str
    type_line: str
    oracle_text: str
    keywords: list[str]
    layout: str
    source: str
    matched: str  # the name that found it, as held
    matched_lang: str
    exact: bool = True  # False: no card has the name asked for; this one's name begins with it or is near it
    terms: list[TermLink] = field(default_factory=list)
    faces: list[CardFaceView] = field(default_factory=list)
    names: list[dict] = field(default_factory=list)  # {"lang", "name"}
    pool_text: str | None = None  # the engine pool's text of the card, where it differs
    oracle_id: str | None = None
    warnings: list[str] = field(default_factory=list)  # why something is missing (no rules to link to)


def find_card(store: Store, name: str) -> CardView:
    """The card ``name`` names (exactly, after folding; else the only card near it), linked; else
    CardNotFound with the nearest names. A card found by a name it only begins with or is near is
    marked ``exact=False``, with the name of it that matched (in its language)."""
    if len(name) > MAX_NAME:
        raise BadInput(
            _("a card name has at most {limit} characters; this one has {length}").format(
                limit=MAX_NAME, length=len(name)
            )
        )
    if not has_cards(store.conn):
        raise CardNotFound(
            _(
                "no card named {name!r}: no cards are imported; run 'mtgkb update --cards' (downloads "
                "Scryfall's Oracle cards) or 'mtgkb import FILE' (a Scryfall or MTGJSON card file)"
            ).format(name=name)
        )
    key = card_key(name)
    if not key:  # "", "!!!", "//": nothing of a name is left
        raise BadInput(_("a card name needs a letter or a digit: {name!r} has none").format(name=name))
    hits = cards_named(store.conn, [key])
    exact = bool(hits)
    if hits:
        hits.sort(key=lambda hit: (hit[3] != "en", hit[1]))
        _key, card_id, matched, lang = hits[0]
    else:
        near = suggestions(store, key)
        if len(near) != 1 or near[0][2] < SURE or len(key) < MIN_TAKEN:
            # The nearest names travel as the error's suggestions; every front end shows them.
            raise CardNotFound(_("no card named {name!r}").format(name=name), [n for _i, n, _s in near])
        card_id = near[0][0]
    row = card_row(store.conn, card_id)
    assert row is not None
    if not exact:
        matched, lang = nearest_name(row["names"], key) or (row["name"], "en")
    faces = [
        CardFaceView(
            face["name"],
            face.get("mana_cost", ""),
            face.get("type_line", ""),
            face.get("oracle_text", ""),
            card_terms(store, face.get("oracle_text", ""), [], face["name"]),
        )
        for face in row["faces"]
    ]
    view = CardView(
        name=row["name"],
        mana_cost=row["mana_cost"] or "",
        type_line=row["type_line"] or "",
        oracle_text=row["oracle_text"] or "",
        keywords=row["keywords"],
        layout=row["layout"] or "normal",
        source=row["source"] or "",
        matched=matched,
        matched_lang=lang,
        exact=exact,
        terms=card_terms(store, row["oracle_text"] or "", row["keywords"], row["name"]),
        faces=faces,
        names=row["names"],
        oracle_id=row["oracle_id"],
    )
    laid_out = layout_term(store, view.layout)
    if laid_out is not None and all(term.title != laid_out.title for term in view.terms):
        view.terms.append(laid_out)  # after the text's terms: it has no place in the text
    view.pool_text = pool_text(view.name, view.oracle_text)
    if english_document(store) is None:  # cards imported into a database without the rules
        view.warnings.append(
            _(
                "no English Comprehensive Rules are held, so no term is linked to its rule: run 'mtgkb build', "
                "or 'mtgkb import' an English CR"
            )
        )
    return view


def suggestions(store: Store, key: str, limit: int = SUGGESTIONS) -> list[tuple[int, str, float]]:
    """(card id, name, score) of the cards nearest ``key``: those whose name it begins (score 100),
    else the closest spellings (rapidfuzz, on every name held: after a miss only). The name is the one
    of the card that matched, in its language: "S" suggests Saugende Wellhornschnecke, not Draining
    Whelk, whose German name it is; any of a card's names finds it again."""
    if not key:
        return []
    scored = {card_id: 100.0 for _k, card_id, _name in names_starting(store.conn, key, 200)}
    if not scored:
        from rapidfuzz import fuzz, process  # lazy: rapidfuzz, only after a miss

        names = all_names(store.conn)
        for _match, score, index in process.extract(
            key, [k for k, _i in names], scorer=fuzz.ratio, limit=limit * 4, score_cutoff=75
        ):
            scored.setdefault(names[index][1], score)
    found = []
    for card_id in list(scored)[:limit]:
        row = card_row(store.conn, card_id)
        if row is not None:
            name, _lang = nearest_name(row["names"], key) or (row["name"], "en")
            found.append((card_id, name, scored[card_id]))
    return found


def nearest_name(names: list[dict], key: str) -> tuple[str, str] | None:
    """(name, language) of the name among ``names`` ({"lang", "name"}) that ``key`` begins, else the
    one nearest it: what a reader is told was found instead ("稲妻" → "稲妻の斧", ja)."""
    from rapidfuzz import fuzz  # lazy: rapidfuzz, only after a miss

    if not names:
        return None
    best = max(names, key=lambda n: (card_key(n["name"]).startswith(key), fuzz.ratio(key, card_key(n["name"]))))
    return best["name"], best["lang"]


_SPACE = re.compile(r"\s+")


def pool_text(name: str, oracle_text: str) -> str | None:
    """The engine pool's text of the card ``name`` where it differs from the Oracle text, else None."""
    from kb.engine import load_pool  # lazy: yaml and the engine, only for a card shown
    from kb.scenarios.play import CARD_DIR

    card = load_pool(CARD_DIR).get(name)
    text = getattr(card, "text", "") if card is not None else ""
    if not text or _normal(text) == _normal(oracle_text):
        return None
    return text


def _normal(text: str) -> str:
    text = text.replace("’", "'").replace("“", '"').replace("”", '"')
    return _SPACE.sub(" ", text).strip().casefold()
