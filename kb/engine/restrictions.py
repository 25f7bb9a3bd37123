"""Rule-changing continuous effects: "can't block", "can't phase out", "skip your untap step".

They don't change characteristics, so they stay out of the layers (613) and
are asked for by the rule that they change. A static ability counts only while
its source is phased in; an effect from a resolved spell names its objects or
players when it begins (611.2c).
"""

from __future__ import annotations

from kb.engine.layers import effect_active, level_ok, static_sources
from kb.engine.select import is_set_selector, player_ref, select_set
from kb.engine.state import Game, Obj


def _static_objects(game: Game, src: Obj, params: dict) -> list[Obj] | None:
    sel = params.get("affected")
    if sel is None:
        return None
    if sel == "self":
        return [src]
    if sel == "attached":
        host = game.attached_to_obj(src)
        return [host] if host is not None else []
    if is_set_selector(sel):
        you = game.planar_controller_of(src) if src.zone == "command" else game.controller(src)
        found = select_set(game, sel, you or game.active, src)
        return [o for o in found if game.planar_reach(src, game.controller(o))]  # 801.10, 901.13
    raise ValueError(f"unknown selector {sel!r} in {src.name}")


def applies_count(game: Game, rule: str, player: str) -> int:
    """How many static abilities ``rule`` apply to ``player`` (each Barbarian Class adds a die)."""
    count = 0
    for src in static_sources(game):
        for entry in (src.copy_of or src.cdef).statics:
            verb, params = next(iter(entry.items()))
            params = params or {}
            if verb == rule and level_ok(src, params):
                you = game.planar_controller_of(src) if src.zone == "command" else game.controller(src)
                count += player in player_ref(game, params.get("players", "each"), you or game.active) and (
                    game.planar_reach(src, player)
                )
    return count


def applies(game: Game, rule: str, obj: Obj | None = None, player: str | None = None) -> bool:
    """Whether a rule-changing effect named ``rule`` applies to ``obj`` / ``player`` now."""
    for src in static_sources(game):
        for entry in (src.copy_of or src.cdef).statics:
            verb, params = next(iter(entry.items()))
            if verb != rule or not level_ok(src, params or {}):
                continue
            params = params or {}
            if obj is not None:
                objs = _static_objects(game, src, params)
                if objs is not None and any(o.oid == obj.oid for o in objs):
                    return True
            elif player is not None:
                you = game.planar_controller_of(src) if src.zone == "command" else game.controller(src)
                if player in player_ref(game, params.get("players", "each"), you or game.active) and (
                    game.planar_reach(src, player)
                ):
                    return True
            else:
                return True
    for eff in game.effects:
        if eff.kind != "rule" or eff.params.get("rule") != rule or not effect_active(game, eff):
            continue
        if obj is not None and eff.affected is not None:
            if obj.oid in eff.affected:
                return True
        elif player is not None:
            if player in eff.params.get("players", ()):
                return True
        elif obj is None:
            return True
    return False


def can_attack(game: Game, creature: Obj) -> bool:
    return not applies(game, "cant_attack", obj=creature)


def can_block(game: Game, creature: Obj) -> bool:
    return not applies(game, "cant_block", obj=creature)


def can_phase_out(game: Game, perm: Obj) -> bool:
    return not applies(game, "cant_phase_out", obj=perm)


def life_can_change(game: Game, player: str) -> bool:
    return not applies(game, "life_cant_change", player=player)


def player_protected(game: Game, player: str) -> bool:
    """Protection from everything on a player (Teferi's Protection)."""
    return applies(game, "protection_everything", player=player)


def protected_from(game: Game, host: Obj | None, source: Obj, player: str | None = None) -> bool:
    """Protection of a permanent (or a player) from ``source`` (702.16)."""
    if player is not None:
        return player_protected(game, player)
    if host is None:
        return False
    ch = game.chars(host)
    # "This effect doesn't remove [this Aura]": protection granted only by the
    # source itself doesn't count against it (Cho-Manno's Blessing).
    prot = {q for q in ch.protection if ch.protection_sources.get(q) != {source.oid}}
    if not prot:
        return False
    if "everything" in prot:
        return True
    sch = game.chars(source)
    if prot & set(sch.colors):
        return True
    return ("creatures" in prot and "Creature" in sch.types) or ("artifacts" in prot and "Artifact" in sch.types)
