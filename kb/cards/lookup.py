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

from kb.cards.oracle import Row, load, said, together
from kb.cards.terms import TermLink, ability_word_terms, card_terms, english_document, glossary_term, layout_term
from kb.core.errors import BadInput, CardNotFound
from kb.core.model import Serialisable
from kb.i18n import _
from kb.store.cards import (
    NOT_CARDS,
    all_names,
    card_key,
    card_names_of,
    card_row,
    cards_named,
    has_cards,
    layouts_of,
    names_starting,
)
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
    defense: str = ""  # a battle's defense (CR 310.4), as printed: "6"


@dataclass
class SaidRule(Serialisable):
    """A rule that a card's wording points to, with the title a reader knows it by."""

    rule: str  # "104.3"
    title: str  # the rule's title, or for a subrule its titled rule's ("Ending the Game"); "" without the rules


@dataclass
class TextSays(Serialisable):
    """One wording of a card and what it says about the rules (a row of data/oracle_rules.tsv)."""

    words: str  # the card's words as matched, on one line, cut at 40 characters ("can't lose the game")
    field: str  # where they are: "text" (the Oracle text), "type" (the type line) or "cost" (the mana cost)
    start: int  # their place in that field of the card (oracle_text, type_line or mana_cost)
    end: int
    face: str | None  # the face whose text or type line holds them, for a card of several faces
    rules: list[SaidRule]  # the rules the wording points to, most specific first; each rule once per card
    effect: str | None  # "continuous", "replacement", "prevention", "trigger" or None
    why: str  # what the rules say of the wording (the table's "why")
    line: int  # the table's line


@dataclass
class TogetherSays(Serialisable):
    """How the effects of several named cards interact (a together row of data/oracle_rules.tsv)."""

    effects: list[str]  # the two effects the row joins ("continuous", "continuous")
    cards: list[str]  # the named cards that make one of them
    rules: list[SaidRule]
    why: str
    line: int


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
    says: list[TextSays] = field(default_factory=list)  # what its text says about the rules (kb.cards.oracle)


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
    key = card_key(name)
    if not key:  # "", "!!!", "//": nothing of a name is left; bad input with cards held or not
        raise BadInput(_("a card name needs a letter or a digit: {name!r} has none").format(name=name))
    if not has_cards(store.conn):
        raise CardNotFound(
            _(
                "no card named {name!r}: no cards are imported; run 'mtgkb update --cards' (downloads "
                "Scryfall's Oracle cards) or 'mtgkb import FILE' (a Scryfall or MTGJSON card file)"
            ).format(name=name)
        )
    hits = cards_named(store.conn, [key])
    exact = bool(hits)
    if hits:
        _key, card_id, matched, lang = best_hit(store, key, hits)
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
            face.get("defense") or "",
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
    for face in faces:
        face.terms += ability_word_terms(store, face.oracle_text, row["keywords"], face.terms)
    view.terms += ability_word_terms(store, view.oracle_text, row["keywords"], view.terms)
    view.says = text_says(store, view.oracle_text, view.type_line, view.mana_cost, row["faces"])
    laid_out = layout_term(store, view.layout)
    if laid_out is not None and all(term.title != laid_out.title for term in view.terms):
        view.terms.append(laid_out)  # after the text's terms: it has no place in the text
    defended = next((face.defense for face in faces if face.defense), "")
    defense = glossary_term(store, "defense", "defense") if defended else None
    if defense is not None and all(term.title != defense.title for term in view.terms):
        view.terms.append(defense)  # a battle's defense: printed beside the text, not in it
    view.pool_text = pool_text(view.name, view.oracle_text)
    if english_document(store) is None:  # cards imported into a database without the rules
        view.warnings.append(
            _(
                "no English Comprehensive Rules are held, so no term is linked to its rule: run 'mtgkb build', "
                "or 'mtgkb import' an English CR"
            )
        )
    return view


def best_hit(store: Store, key: str, hits: list[tuple[str, int, str, str]]) -> tuple[str, int, str, str]:
    """The card a name names among the cards that have it: a card before a token, an emblem or an
    Art Series card of the same name (an Oracle Cards file holds the card Aeromoeba and the art card
    "Aeromoeba // Aeromoeba"), an English name before another language's, a card's whole name before
    another card's face, then the card stored first."""
    ids = [hit[1] for hit in hits]
    layouts, names = layouts_of(store.conn, ids), card_names_of(store.conn, ids)
    return min(
        hits,
        key=lambda hit: (
            layouts.get(hit[1]) in NOT_CARDS,
            hit[3] != "en",
            card_key(names.get(hit[1], "")) != key,
            hit[1],
        ),
    )


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


def text_says(
    store: Store, oracle_text: str, type_line: str = "", mana_cost: str = "", faces: list[dict] | None = None
) -> list[TextSays]:
    """What a card's text, type line and mana cost say about the rules (kb.cards.oracle.said), each
    wording with its place in the card and the title of each rule. ``faces`` (the card's faces, each
    with "name", "oracle_text" and "type_line") name the face that holds each wording."""
    found = said(oracle_text, type_line, mana_cost)
    titles = rule_titles(store, [rule for item in found for rule in item.rules])
    says = []
    for item in found:
        whole, key = {"text": (oracle_text, "oracle_text"), "type": (type_line, "type_line")}.get(
            item.field, (mana_cost, "mana_cost")
        )
        face = _face_at(whole, faces or [], key, item.start)
        rules = [SaidRule(rule, titles.get(rule, "")) for rule in item.rules]
        says.append(
            TextSays(item.words, item.field, item.start, item.end, face, rules, item.effect, item.why, item.line)
        )
    return says


def together_says(store: Store, cards: list[tuple[str, list[TextSays]]]) -> list[TogetherSays]:
    """How the effects of several named cards (name, what its text says) interact: each together row of
    the table that two of them make (kb.cards.oracle.together), with the cards and the rules' titles;
    each rule once. One card alone, or cards whose texts make no effect, interact by no row."""
    effects = {name: {item.effect for item in says if item.effect} for name, says in cards}
    rows: list[Row] = [row for row in load() if row.pair is not None]
    given: set[str] = set()
    joined: list[tuple[Row, list[str]]] = []
    for row in rows:
        rules = [rule for rule in together(list(effects.values()), rows=(row,)) if rule not in given]
        if rules:
            given.update(rules)
            joined.append((row, rules))
    titles = rule_titles(store, list(given))
    return [
        TogetherSays(
            list(row.pair or ()),
            [name for name, made in effects.items() if made & set(row.pair or ())],
            [SaidRule(rule, titles.get(rule, "")) for rule in rules],
            row.why,
            row.line,
        )
        for row, rules in joined
    ]


def rule_titles(store: Store, numbers: list[str]) -> dict[str, str]:
    """The title of each rule of the newest English rules held, a subrule's being its titled rule's
    (104.3 → "Ending the Game"): a subrule has no title of its own, and a number alone tells a reader
    little. Empty without the English rules."""
    document = english_document(store)
    if document is None:
        return {}
    titles: dict[str, str] = {}
    for number in dict.fromkeys(numbers):
        current: str | None = number
        for _depth in range(4):  # 702.26b → 702.26 → 702 (→ 7, a section)
            if current is None:
                break
            found = store.conn.execute(
                "select title, parent from rules where document_id = ? and number = ?", [document["id"], current]
            ).fetchone()
            if found is None:
                break
            if found[0]:
                titles[number] = found[0]
                break
            current = found[1]
    return titles


def _face_at(whole: str, faces: list[dict], key: str, start: int) -> str | None:
    """The name of the face whose ``key`` ("oracle_text", "type_line" or "mana_cost") holds ``start`` in ``whole``
    (the card's, its faces' joined); None for a card of one face or a place not found."""
    if len(faces) < 2 or start < 0:
        return None
    at = 0
    for face in faces:
        part = face.get(key) or ""
        begins = whole.find(part, at) if part else -1
        if begins < 0:
            continue
        if begins <= start < begins + len(part):
            return str(face["name"])
        at = begins + len(part)
    return None


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
