"""Characteristics of permanents after continuous effects (613).

Only the layers that this card pool touches are modelled: 1 (copy, for token
copies), 2 (control), 6 (abilities), 7b (set base power/toughness), 7c
(modifications and counters); within a layer effects apply in timestamp order.
Static abilities come from phased-in permanents and face-up planes only, so a
phased-out Glorious Anthem does nothing (702.26b).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.engine.select import is_set_selector, select_set
from kb.engine.state import Effect, Game, Obj

LAYER_VERBS = ("control", "grant", "set_pt", "pump")


@dataclass
class Chars:
    name: str
    types: frozenset[str]
    subtypes: frozenset[str]
    supertypes: frozenset[str]
    colors: frozenset[str]
    keywords: set[str] = field(default_factory=set)
    protection: set[str] = field(default_factory=set)
    protection_sources: dict[str, set[int]] = field(default_factory=dict)
    power: int | None = None
    toughness: int | None = None
    controller: str = ""


def base_chars(obj: Obj) -> Chars:
    """Copiable values (layer 1): the card, or what a token copies with its exceptions."""
    cdef = obj.copy_of or obj.cdef
    supertypes = cdef.supertypes
    keywords = set(cdef.keywords)
    if obj.copy_of is not None:
        if obj.copy_except.get("legendary") is False:
            supertypes = supertypes - {"Legendary"}
        keywords |= set(obj.copy_except.get("keywords", ()))
    prot = set(cdef.protection)
    return Chars(
        name=cdef.name,
        types=cdef.types,
        subtypes=cdef.subtypes,
        supertypes=supertypes,
        colors=cdef.colors,
        keywords=keywords,
        protection=prot,
        power=cdef.power,
        toughness=cdef.toughness,
        controller=obj.controller,
    )


def _counter_pt(obj: Obj) -> tuple[int, int]:
    plus = obj.counters.get("+1/+1", 0)
    minus = obj.counters.get("-1/-1", 0)
    return plus - minus, plus - minus


def chars_of_unseen(game: Game, obj: Obj) -> Chars:
    """Characteristics of an object no effect applies to: in another zone, or phased out."""
    ch = base_chars(obj)
    if ch.power is not None and ch.toughness is not None and obj.zone == "battlefield":
        dp, dt = _counter_pt(obj)
        ch.power += dp
        ch.toughness += dt
    return ch


@dataclass
class _Layered:
    """One layer-applicable effect: from a static ability or from a resolved spell/ability."""

    verb: str
    params: dict
    timestamp: int
    source: Obj | None
    affected_oids: frozenset[int] | None
    selector: object = None
    effect: Effect | None = None


def static_sources(game: Game) -> list[Obj]:
    """Objects whose static abilities apply: phased-in permanents and face-up planar cards."""
    return game.permanents() + [c for c in game.command if c.face_up]


def level_ok(src: Obj, params: dict) -> bool:
    """716.2a: a Class's level N abilities apply while it is level N or greater (716.2d: level 1 without one)."""
    return int(params.get("level", 1)) <= int(src.chosen.get("level", 1))


def _static_layered(game: Game) -> list[_Layered]:
    out = []
    for src in static_sources(game):
        for entry in (src.copy_of or src.cdef).statics:
            verb, params = next(iter(entry.items()))
            if verb in LAYER_VERBS and level_ok(src, params or {}):
                ts = src.timestamp
                out.append(_Layered(verb, params or {}, ts, src, None, (params or {}).get("affected", "self")))
    return out


def effect_active(game: Game, eff: Effect) -> bool:
    """Whether a resolved effect still applies; a "for as long as" effect that lost track ends for good."""
    if eff.ended:
        return False
    if eff.tracked is not None:
        tracked = game.permanent(eff.tracked)
        cond = eff.duration.get("while") or {}
        lost = tracked is None
        if tracked is not None and "counter" in cond:
            lost = tracked.counters.get(cond["counter"], 0) < 1
        if lost:
            eff.ended = True
            game.touch()
            return False
    return True


def _resolved_layered(game: Game) -> list[_Layered]:
    return [
        _Layered(e.kind, e.params, e.timestamp, None, e.affected, effect=e)
        for e in game.effects
        if e.kind in LAYER_VERBS and effect_active(game, e)
    ]


def source_controller(game: Game, src: Obj | None, ch: dict[int, Chars]) -> str:
    if src is None:
        return game.active
    if src.zone == "command":
        return game.planar_controller_of(src) or game.active
    if src.oid in ch:
        return ch[src.oid].controller
    return src.controller


def _affected(game: Game, item: _Layered, ch: dict[int, Chars], perms: list[Obj]) -> list[Obj]:
    if item.affected_oids is not None:
        return [p for p in perms if p.oid in item.affected_oids]
    sel = item.selector
    src = item.source
    if sel == "self":
        return [src] if src is not None and src.oid in ch else []
    if sel == "attached":
        if src is None or not isinstance(src.attached_to, int):
            return []
        return [p for p in perms if p.oid == src.attached_to]
    if is_set_selector(sel):
        you = source_controller(game, src, ch)
        found = select_set(game, sel, you, src, chars=lambda o: ch[o.oid], pool=perms)
        # 801.10, 901.13: in Grand Melee a plane affects only objects within its controller's range.
        return [o for o in found if game.planar_reach(src, ch[o.oid].controller)]
    raise ValueError(f"unknown selector {sel!r} in a static ability of {src.name if src else '?'}")


def compute_all(game: Game) -> dict[int, Chars]:
    perms = game.permanents()
    ch = {p.oid: base_chars(p) for p in perms}
    items = sorted(_static_layered(game) + _resolved_layered(game), key=lambda i: i.timestamp)
    # Layer 2: control.
    for item in items:
        if item.verb == "control":
            new = source_controller(game, item.source, ch) if item.effect is None else item.effect.controller
            if game.players.get(new) is None or game.players[new].left:
                continue
            for obj in _affected(game, item, ch, perms):
                ch[obj.oid].controller = new
    # Layer 6: abilities.
    for item in items:
        if item.verb == "grant":
            for obj in _affected(game, item, ch, perms):
                c = ch[obj.oid]
                c.keywords |= set(item.params.get("keywords", ()))
                for quality in item.params.get("protection", ()):
                    if quality == "chosen_color" and item.source is not None:
                        quality = item.source.chosen.get("color", "")
                    c.protection.add(quality)
                    if item.source is not None:
                        c.protection_sources.setdefault(quality, set()).add(item.source.oid)
    # Layer 7b then 7c; counters in 7c.
    for item in items:
        if item.verb == "set_pt":
            for obj in _affected(game, item, ch, perms):
                c = ch[obj.oid]
                if c.power is not None:
                    c.power, c.toughness = item.params["power"], item.params["toughness"]
    for obj in perms:
        c = ch[obj.oid]
        if c.power is not None and c.toughness is not None:
            dp, dt = _counter_pt(obj)
            c.power += dp
            c.toughness += dt
    for item in items:
        if item.verb == "pump":
            for obj in _affected(game, item, ch, perms):
                c = ch[obj.oid]
                if c.power is not None:
                    c.power += item.params.get("power", 0)
                    c.toughness += item.params.get("toughness", 0)
    return ch
