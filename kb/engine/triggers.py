"""Triggered abilities: which abilities an event triggers (603.2), and delayed ones (603.7).

Abilities that trigger on leaving the battlefield or on phasing out "look back
in time" (603.10): the object that left or phased out is scanned as it was.
Triggered abilities only wait here; stack.py puts them on the stack the next time
a player would receive priority (603.3).
"""

from __future__ import annotations

from typing import Any

from kb.engine.layers import static_sources
from kb.engine.select import in_range
from kb.engine.state import Game, Obj, PendingTrigger


def obj_event(game: Game, obj: Obj) -> dict[str, Any]:
    """What an event remembers of an object: enough to look back at it later."""
    ch = game.chars(obj)
    return {
        "obj": obj,
        "oid": obj.oid,
        "controller": ch.controller,
        "types": set(ch.types),
        "colors": set(ch.colors),
        "token": obj.token,
        "owner": obj.owner,
    }


def _controller(game: Game, src: Obj, event: dict, lookback: list[Obj]) -> str:
    if src.zone == "command":
        return game.planar_controller_of(src) or game.active
    if src in lookback:
        if event.get("obj") is src and "controller" in event:
            return event["controller"]
        return src.controller
    return game.controller(src)


def _yous(game: Game, src: Obj, you: str) -> tuple[str, ...]:
    """Who "you" is: on a face-up plane or phenomenon, each member of the planar controller's team (901.12c)."""
    return game.team_of(you) if src.zone == "command" else (you,)


def _matches(game: Game, when: dict, src: Obj, you: str, event: dict) -> bool:
    for key, want in when.items():
        obj = event.get("obj")
        if key == "self":
            if want and (obj is None or obj.oid != src.oid):
                return False
        elif key == "another":
            if want and obj is not None and obj.oid == src.oid:
                return False
        elif key == "controller":
            if want == "you" and event.get("controller") not in _yous(game, src, you):
                return False
        elif key == "player":
            if want == "you" and event.get("player") not in _yous(game, src, you):
                return False
        elif key == "type":
            if want not in event.get("types", ()):
                return False
        elif key == "attached_host":
            if not want or obj is None or src.attached_to != obj.oid:
                return False
        elif key == "chapter":
            # 714.2b: the lore counters were fewer than N and became at least N; with read ahead,
            # the turn the Saga entered only the chapter it has exactly that many counters for (702.155a).
            if not event.get("before", 0) < want <= event.get("after", 0):
                return False
            cdef = src.copy_of or src.cdef
            if cdef.read_ahead and src.controlled_since == game.turn and event.get("after") != want:
                return False
        elif key == "result":
            # "Whenever you roll a 5 or higher": the planar die has no number (706.7, 901.9d).
            if event.get("planar") or event.get("result") is None or not in_range(str(want), event["result"]):
                return False
        elif key == "level":
            if int(src.chosen.get("level", 1)) < int(want):  # 716.2a: level N or greater
                return False
        elif key == "this_card":
            if event.get("card") is not src:
                return False
        else:
            raise ValueError(f"unknown trigger condition {key!r} on {src.name}")
    return True


def collect(game: Game, event: dict, lookback: list[Obj]) -> None:
    kind = event["kind"]
    sources: list[Obj] = static_sources(game)
    for obj in lookback:
        if obj not in sources:
            sources.append(obj)
    card = event.get("card")
    if card is not None and card not in sources:
        sources.append(card)
    for src in sources:
        for ability in (src.copy_of or src.cdef).triggers:
            if ability.on != kind and not (isinstance(ability.on, tuple) and kind in ability.on):
                continue
            you = _controller(game, src, event, lookback)
            if game.turn_markers and src.zone == "command" and kind == "chaos" and event.get("player") != you:
                continue  # Grand Melee: chaos ensues on the planes of the player who rolled (901.14)
            if not _matches(game, ability.when, src, you, event):
                continue
            who = event.get("controller") or event.get("player")
            if isinstance(who, str) and who in game.players and not game.planar_reach(src, who):
                continue  # 801.11, 901.13: in Grand Melee a plane doesn't see events outside its controller's range
            game.pending.append(PendingTrigger(ability, src, src.name, you, event))
    for delayed in list(game.delayed):
        if delayed["on"] != kind:
            continue
        if delayed.get("player") and event.get("player") != delayed["player"]:
            continue
        if delayed.get("after_turn") is not None and game.turn <= delayed["after_turn"]:
            continue
        game.delayed.remove(delayed)
        game.pending.append(
            PendingTrigger(
                delayed["ability"], None, delayed["source_name"], delayed["controller"], {**event, "delayed": delayed}
            )
        )
