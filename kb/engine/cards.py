"""Cards as data: definitions read from data/cards/*.yaml.

A card is a handful of characteristics plus abilities written in the effect
vocabulary of effects.py; no card has code of its own, so adding a card is adding
YAML (docs/engine.md, "How to add a card").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from kb.i18n import _

CARD_TYPES = (
    "Artifact",
    "Creature",
    "Enchantment",
    "Instant",
    "Land",
    "Planeswalker",
    "Sorcery",
    "Plane",
    "Phenomenon",
)
PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker"})
KEYWORDS = frozenset(
    {
        "flying",
        "phasing",
        "haste",
        "trample",
        "infect",
        "indestructible",
        "menace",
        "exalted",
        "vigilance",
        "flash",
        "defender",
        "first strike",
    }
)
TIMINGS = ("instant", "sorcery")


class CardError(ValueError):
    """A card file that does not describe a card the engine can play."""


@dataclass(frozen=True)
class Ability:
    """An activated, triggered or spell ability: when, what it targets, what it does."""

    label: str
    effect: tuple = ()
    targets: tuple = ()
    on: Any = None  # triggered: the event (or a tuple of events)
    when: dict = field(default_factory=dict)  # triggered: conditions on the event
    cost: dict = field(default_factory=dict)  # activated: {mana, tap, loyalty, life}
    timing: str = "instant"  # activated: instant or sorcery speed
    intervening_if: dict | None = None
    zone: str = "battlefield"  # activated: where its source must be ("hand": Talon Gates of Madara)

    def __deepcopy__(self, memo: dict) -> "Ability":
        return self  # immutable: a copy of a game (Game.copy) shares it


@dataclass(frozen=True)
class CardDef:
    name: str
    types: frozenset[str]
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    cost: str = ""
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    keywords: frozenset[str] = frozenset()
    protection: frozenset[str] = frozenset()
    text: str = ""
    spell: Ability | None = None
    statics: tuple = ()
    triggers: tuple[Ability, ...] = ()
    activated: tuple[Ability, ...] = ()
    enchant: dict | None = None  # Aura: what it may enchant
    as_enters: tuple = ()  # choices and counters as it enters (614.1c-d)
    vanishing: int | None = None  # Vanishing N (0 = without a number)
    mana: str = ""  # a land's mana ability: the mana symbol it adds
    kicker: tuple = ()  # Kicker costs, in printed order (702.33a-b)
    multikicker: str = ""  # Multikicker cost (702.33c)
    unearth: str = ""  # Unearth cost (702.84)
    warp: str = ""  # Warp cost (702.185)
    mutate: str = ""  # Mutate cost (702.140)
    simplified: str = ""  # what of the Oracle text the data leaves out, and why
    chapters: tuple = ()  # a Saga's chapter abilities, in order (714)
    read_ahead: bool = False  # 702.155

    @property
    def is_permanent_card(self) -> bool:
        return bool(self.types & PERMANENT_TYPES)

    def has_type(self, card_type: str) -> bool:
        return card_type in self.types

    @property
    def is_aura(self) -> bool:
        return "Aura" in self.subtypes

    @property
    def final_chapter(self) -> int:
        """714.2d: the greatest chapter number (0 without chapters)."""
        return max((a.when["chapter"] for a in self.chapters), default=0)

    @property
    def is_planar(self) -> bool:
        return bool(self.types & {"Plane", "Phenomenon"})

    def __deepcopy__(self, memo: dict) -> "CardDef":
        return self  # immutable: a copy of a game (Game.copy) shares it


def _events(value: Any) -> str | tuple | None:
    """One event, or several for "When X phases out or leaves the battlefield" (one ability)."""
    return tuple(value) if isinstance(value, list) else value


def _ability(raw: dict, where: str, label: str) -> Ability:
    if not isinstance(raw, dict):
        raise CardError(f"{where}: " + _("expected a mapping"))
    unknown = set(raw) - {"label", "effect", "targets", "event", "when", "cost", "timing", "if", "zone"}
    if unknown:
        raise CardError(f"{where}: " + _("unknown field(s) {fields}").format(fields=sorted(unknown)))
    timing = raw.get("timing", "instant")
    if timing not in TIMINGS:
        raise CardError(
            f"{where}.timing: " + _("{value} is not one of {allowed}").format(value=repr(timing), allowed=TIMINGS)
        )
    return Ability(
        label=str(raw.get("label", label)),
        effect=tuple(raw.get("effect", ())),
        targets=tuple(raw.get("targets", ())),
        on=_events(raw.get("event")),
        when=dict(raw.get("when", {})),
        cost=dict(raw.get("cost", {})),
        timing=timing,
        intervening_if=raw.get("if"),
        zone=str(raw.get("zone", "battlefield")),
    )


_FIELDS = {
    "name",
    "cost",
    "types",
    "subtypes",
    "supertypes",
    "colors",
    "power",
    "toughness",
    "loyalty",
    "keywords",
    "protection",
    "text",
    "spell",
    "static",
    "triggers",
    "activated",
    "enchant",
    "as_enters",
    "vanishing",
    "mana",
    "kicker",
    "multikicker",
    "unearth",
    "warp",
    "mutate",
    "simplified",
    "chapters",
    "read_ahead",
}


# Vanishing (702.63): two triggered abilities every card with it shares.
VANISHING = (
    Ability(
        label="vanishing",
        on="upkeep",
        when={"player": "you"},
        intervening_if={"counter": "time"},
        effect=({"remove_counters": {"what": "self", "kind": "time", "count": 1}},),
    ),
    Ability(
        label="last time counter",
        on="last_counter_removed",
        when={"self": True},
        effect=({"sacrifice": {"what": "self"}},),
    ),
)


ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}


def _chapters(raw: Any, where: str) -> tuple[Ability, ...]:
    """A Saga's chapter abilities (714.2): each ``{chapters: [1, 2], targets, effect}`` is a triggered
    ability per chapter number, triggering when lore counters reach it (714.2b-c)."""
    out: list[Ability] = []
    for i, entry in enumerate(raw or ()):
        if not isinstance(entry, dict) or not entry.get("chapters"):
            raise CardError(f"{where}.chapters[{i}]: " + _("a chapter needs 'chapters' (its numbers) and 'effect'"))
        for n in entry["chapters"]:
            out.append(
                Ability(
                    label=f"chapter {ROMAN.get(n, n)}",
                    effect=tuple(entry.get("effect", ())),
                    targets=tuple(entry.get("targets", ())),
                    on="lore_counter",
                    when={"self": True, "chapter": int(n)},
                )
            )
    return tuple(out)


def parse_card(raw: dict, where: str) -> CardDef:
    """One card from its YAML mapping; ``where`` names it in errors."""
    if not isinstance(raw, dict) or "name" not in raw:
        raise CardError(f"{where}: " + _("a card needs a name"))
    name = raw["name"]
    where = f"{where} ({name})"
    unknown = set(raw) - _FIELDS
    if unknown:
        raise CardError(f"{where}: " + _("unknown field(s) {fields}").format(fields=sorted(unknown)))
    types = frozenset(raw.get("types", ()))
    bad = types - set(CARD_TYPES)
    if not types or bad:
        raise CardError(
            f"{where}: "
            + _("types must be some of {allowed}, got {types}").format(allowed=CARD_TYPES, types=sorted(types))
        )
    keywords = frozenset(k.lower() for k in raw.get("keywords", ()))
    if keywords - KEYWORDS:
        raise CardError(f"{where}: " + _("unknown keyword(s) {keywords}").format(keywords=sorted(keywords - KEYWORDS)))
    spell = _ability(raw["spell"], f"{where}.spell", "spell") if "spell" in raw else None
    triggers = tuple(
        _ability(t, f"{where}.triggers[{i}]", f"trigger {i + 1}") for i, t in enumerate(raw.get("triggers", ()))
    )
    for i, trig in enumerate(triggers):
        if not trig.on:
            raise CardError(f"{where}.triggers[{i}]: " + _("a triggered ability needs 'event'"))
    activated = tuple(
        _ability(a, f"{where}.activated[{i}]", f"ability {i + 1}") for i, a in enumerate(raw.get("activated", ()))
    )
    if raw.get("vanishing") is not None:
        triggers += VANISHING
    chapters = _chapters(raw.get("chapters", ()), where)
    triggers += chapters
    return CardDef(
        name=name,
        types=types,
        subtypes=frozenset(raw.get("subtypes", ())),
        supertypes=frozenset(raw.get("supertypes", ())),
        colors=frozenset(raw.get("colors", ())),
        cost=str(raw.get("cost", "")),
        power=raw.get("power"),
        toughness=raw.get("toughness"),
        loyalty=raw.get("loyalty"),
        keywords=keywords,
        protection=frozenset(raw.get("protection", ())),
        text=raw.get("text", ""),
        spell=spell,
        statics=tuple(raw.get("static", ())),
        triggers=triggers,
        activated=activated,
        enchant=raw.get("enchant"),
        as_enters=tuple(raw.get("as_enters", ())),
        vanishing=raw.get("vanishing"),
        mana=str(raw.get("mana", "")),
        kicker=tuple(
            str(k)
            for k in (
                raw["kicker"] if isinstance(raw.get("kicker"), list) else [raw["kicker"]] if raw.get("kicker") else []
            )
        ),
        multikicker=str(raw.get("multikicker", "")),
        warp=str(raw.get("warp", "")),
        mutate=str(raw.get("mutate", "")),
        simplified=str(raw.get("simplified", "")),
        unearth=str(raw.get("unearth", "")),
        chapters=chapters,
        read_ahead=bool(raw.get("read_ahead")),
    )


class CardPool:
    """All known cards by name (case-insensitive lookups)."""

    def __init__(self, cards: dict[str, CardDef]):
        self._cards = cards
        self._folded = {name.casefold(): card for name, card in cards.items()}

    def __deepcopy__(self, memo: dict) -> "CardPool":
        return self  # immutable: a copy of a game (Game.copy) shares it

    def get(self, name: str) -> CardDef | None:
        return self._folded.get(str(name).casefold())

    def __contains__(self, name: str) -> bool:
        return self.get(name) is not None

    def with_cards(self, extra: list[CardDef], where: str = "cards") -> "CardPool":
        """This pool and the cards a scenario file defines for itself (a name may not be reused)."""
        if not extra:
            return self
        cards = dict(self._cards)
        for i, card in enumerate(extra):
            if self.get(card.name) is not None or card.name in {c.name for c in extra[:i]}:
                raise CardError(f"{where}[{i}]: " + _("card {name} defined twice").format(name=repr(card.name)))
            cards[card.name] = card
        return CardPool(cards)

    def names(self) -> list[str]:
        return sorted(self._cards)

    def __len__(self) -> int:
        return len(self._cards)


# immutable package data: the engine's card pool per folder of YAML cards, which never change
_POOL: dict[Path, CardPool] = {}


def load_pool(directory: Path | str) -> CardPool:
    """The card pool of a folder of YAML files (cached: cards are immutable).

    The engine has no folder of its own: the caller (kb/scenarios/play.py) says where cards are."""
    directory = Path(directory)
    if directory in _POOL:
        return _POOL[directory]
    cards: dict[str, CardDef] = {}
    for path in sorted(directory.glob("*.yaml")):
        raw: Any = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        for i, entry in enumerate(raw or ()):
            card = parse_card(entry, f"{path.name}[{i}]")
            if card.name in cards:
                raise CardError(f"{path.name}[{i}]: " + _("card {name} defined twice").format(name=repr(card.name)))
            cards[card.name] = card
    _POOL[directory] = CardPool(cards)
    return _POOL[directory]


def token_def(raw: dict) -> CardDef:
    """A token's characteristics from an effect's description of it."""
    return parse_card({"types": ["Creature"], **raw}, "token")
