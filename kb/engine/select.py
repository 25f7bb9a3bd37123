"""Selectors: the "which objects" part of the effect vocabulary.

A selector names objects relative to an ability: ``self``, ``attached`` (what
this Aura, Equipment or Fortification is attached to), ``target``, or a set such
as ``{creatures: {controller: you, color: white}}``. Sets are always drawn from
the battlefield as the game sees it, so phased-out permanents never match.
"""

from __future__ import annotations

from typing import Any, Callable, TypeGuard

from kb.engine.state import Game, Obj

SET_KINDS = {
    "creatures": "Creature",
    "lands": "Land",
    "artifacts": "Artifact",
    "enchantments": "Enchantment",
    "planeswalkers": "Planeswalker",
    "permanents": None,
    "nonland_permanents": None,
}
FILTER_KEYS = {
    "controller",
    "color",
    "type",
    "types_any",
    "not_type",
    "token",
    "another",
    "attacked_this_turn",
    "tapped",
    "subtype",
    "not_subtype",
    "owner",
    "colors_any",
    "among",
}


class SelectorError(ValueError):
    pass


def player_ref(game: Game, ref: str, you: str, ctx: Any = None) -> list[str]:
    """Players a name in an effect stands for."""
    if ref == "you":
        source = getattr(ctx, "source", None)
        if source is not None and source.zone == "command":
            # 901.12c: "you" on a face-up plane or phenomenon is each member of the planar controller's team.
            return [p for p in game.team_of(you) if not game.players[p].left]
        return [you]
    if ref in ("opponent", "opponents", "each_opponent"):
        return game.opponents(you)
    if ref in ("each", "all", "any"):
        return game.in_game()
    if ref == "active":
        return [game.active]
    if ref == "target_player" and ctx is not None:
        return [t for t in ctx.targets if isinstance(t, str)]
    if ref == "left":  # the player seated to your left: seating, not turn order (101.4, 103.1)
        return [game.left_of(you)]
    if ref in game.players:
        return [ref]
    raise SelectorError(f"unknown player reference {ref!r}")


def matches(
    game: Game,
    obj: Obj,
    flt: dict,
    you: str,
    source: Obj | None = None,
    chars: Callable[[Obj], Any] | None = None,
    ctx: Any = None,
) -> bool:
    ch = (chars or game.chars)(obj)
    for key, want in flt.items():
        if key == "controller":
            if want != "any" and ch.controller not in player_ref(game, want, you, ctx):
                return False
        elif key == "owner":
            if obj.owner not in player_ref(game, want, you, ctx):
                return False
        elif key == "color":
            if want not in ch.colors:
                return False
        elif key == "colors_any":
            if not set(want) & ch.colors:
                return False
        elif key == "type":
            if want not in ch.types:
                return False
        elif key == "types_any":
            if not set(want) & ch.types:
                return False
        elif key == "not_type":
            if want in ch.types:
                return False
        elif key == "subtype":
            if want not in ch.subtypes:
                return False
        elif key == "not_subtype":
            if want in ch.subtypes:
                return False
        elif key == "token":
            if obj.token != bool(want):
                return False
        elif key == "another":
            if want and source is not None and obj.oid == source.oid:
                return False
        elif key == "attacked_this_turn":
            if obj.attacked_this_turn != bool(want):
                return False
        elif key == "among":  # one of the objects an earlier step kept ("$proliferated")
            if not any(isinstance(o, Obj) and o.oid == obj.oid for o in (want or ())):
                return False
        elif key == "tapped":
            if obj.tapped != bool(want):
                return False
        else:
            raise SelectorError(f"unknown filter {key!r}")
    return True


def select_set(
    game: Game,
    spec: dict,
    you: str,
    source: Obj | None = None,
    chars: Callable[[Obj], Any] | None = None,
    ctx: Any = None,
    pool: list[Obj] | None = None,
) -> list[Obj]:
    """The phased-in permanents a set selector ({creatures: {...}}) stands for."""
    if len(spec) != 1:
        raise SelectorError(f"a set selector has one key, got {sorted(spec)}")
    kind, flt = next(iter(spec.items()))
    if kind not in SET_KINDS:
        raise SelectorError(f"unknown set {kind!r}")
    flt = dict(flt or {})
    card_type = SET_KINDS[kind]
    getc = chars or game.chars
    out = []
    for obj in pool if pool is not None else game.permanents():
        ch = getc(obj)
        if card_type and card_type not in ch.types:
            continue
        if kind == "nonland_permanents" and "Land" in ch.types:
            continue
        if matches(game, obj, flt, you, source, getc, ctx):
            out.append(obj)
    return out


def is_set_selector(spec: Any) -> TypeGuard[dict]:
    return isinstance(spec, dict) and len(spec) == 1 and next(iter(spec)) in SET_KINDS


def in_range(key: str, value: int) -> bool:
    """Whether a die result is in a results-table range: "N", "N1-N2" or "N+" (706.3a)."""
    if key.endswith("+"):
        return value >= int(key[:-1])
    if "-" in key or "–" in key:
        low, high = key.replace("–", "-").split("-")
        return int(low) <= value <= int(high)
    return value == int(key)
