"""The effect vocabulary: what the steps of a card's ability do.

Each step is a one-key mapping, ``{verb: params}``; the verbs are listed in
VERBS and documented in docs/engine.md. A step that refers to an illegal target
does nothing for it (608.2b). Effects that last create an ``Effect`` whose set
of objects is fixed as it begins (611.2c); since 2020-08-07 a phased-out
permanent is never in that set, not even when named specifically (702.26e).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import kb.engine.zones as zones
from kb.engine.cards import Ability, token_def
from kb.engine.choices import choose_objects, decide
from kb.engine.combat import deal_damage, tap
from kb.engine.dice import roll_die
from kb.engine.mana import add
from kb.engine.phasing import phase_out
from kb.engine.planechase import run_verb, token_copies
from kb.engine.players import change_life, draw
from kb.engine.select import in_range, is_set_selector, player_ref, select_set
from kb.engine.state import Effect, Game, Obj, RulesError, StackItem
from kb.engine.triggers import obj_event
from kb.i18n import N_


@dataclass
class Ctx:
    game: Game
    source: Obj | None
    controller: str
    source_name: str
    targets: list = field(default_factory=list)
    event: dict | None = None
    vars: dict = field(default_factory=dict)
    did: bool = True
    item: StackItem | None = None


# ----- references ------------------------------------------------------------------------
def _live(game: Game, obj: Obj | None) -> Obj | None:
    if obj is None:
        return None
    return game.permanent(obj.oid)


def objects(ctx: Ctx, spec: Any, specific_phased_out: bool = False) -> list[Obj]:
    """The permanents a selector stands for; ``specific_phased_out`` keeps named phased-out ones."""
    game = ctx.game

    def named(obj: Obj | None) -> list[Obj]:
        if obj is None:
            return []
        live = game.permanent(obj.oid, include_phased_out=specific_phased_out)
        return [live] if live is not None else []

    if spec == "self":
        return named(ctx.source)
    if spec == "attached":
        if ctx.source is None or not isinstance(ctx.source.attached_to, int):
            return []
        host = game.permanent(ctx.source.attached_to, include_phased_out=specific_phased_out)
        return [host] if host is not None else []
    if isinstance(spec, str) and spec.startswith("target"):
        index = int(spec[6:] or 1) - 1
        if index < len(ctx.targets) and isinstance(ctx.targets[index], Obj):
            return [t for t in named(ctx.targets[index])]
        return []
    if spec == "targets":
        return [o for t in ctx.targets if isinstance(t, Obj) for o in named(t)]
    if spec == "event_obj":
        return named((ctx.event or {}).get("obj"))
    if spec == "event_host":
        return named((ctx.event or {}).get("host"))
    if isinstance(spec, str) and spec.startswith("$"):
        return [o for o in ctx.vars.get(spec[1:], []) if _live(game, o) is not None]
    if is_set_selector(spec):
        found = select_set(game, _subst(ctx, spec), ctx.controller, ctx.source, ctx=ctx)
        return [o for o in found if game.planar_reach(ctx.source, game.controller(o))]  # 801.10, 901.13
    raise RulesError(N_("unknown selector {selector} in {source}"), selector=repr(spec), source=ctx.source_name)


def _subst(ctx: Ctx, value: Any) -> Any:
    """Replace "$name" strings by the values chosen earlier in the ability."""
    if isinstance(value, str) and value.startswith("$") and value[1:] in ctx.vars:
        return ctx.vars[value[1:]]
    if isinstance(value, dict):
        out: dict = {}
        for k, v in value.items():
            v = _subst(ctx, v)
            if k == "merge" and isinstance(v, dict):
                out.update(v)
            else:
                out[k] = v
        return out
    if isinstance(value, list):
        return [_subst(ctx, v) for v in value]
    return value


def players(ctx: Ctx, ref: Any) -> list[str]:
    game = ctx.game
    if ref in ("event_player", "event_controller"):
        key = "player" if ref == "event_player" else "controller"
        who = (ctx.event or {}).get(key)
        return [who] if who in game.players and not game.players[who].left else []
    if ref == "target_player":
        return [t for t in ctx.targets if isinstance(t, str) and not game.players[t].left]
    if ref == "owner_of_target":
        return [t.owner for t in objects(ctx, "target")]
    return [
        p
        for p in player_ref(game, ref, ctx.controller, ctx)
        if not game.players[p].left and game.planar_reach(ctx.source, p)  # 801.10, 901.13
    ]


def amount(ctx: Ctx, value: Any) -> int:
    if isinstance(value, int):
        return value
    if value == "X":
        return int(ctx.vars.get("x", 0))  # 107.3: the value chosen for X as it was cast
    if value == "result":
        return int((ctx.event or {}).get("result") or 0)  # the result of the die roll that triggered it
    if value == "kicked":
        return int(ctx.vars.get("kicked", 0))  # 702.33d: the number of times it was kicked
    if isinstance(value, dict) and "count" in value:
        return len(objects(ctx, value["count"]))
    if isinstance(value, str) and value.startswith("$"):
        v = ctx.vars.get(value[1:], 0)
        return len(v) if isinstance(v, list) else int(v)
    raise RulesError(N_("not an amount: {value} in {source}"), value=repr(value), source=ctx.source_name)


# ----- lasting effects ---------------------------------------------------------------------
def add_effect(
    ctx: Ctx, kind: str, params: dict, affected: list[Obj] | None, duration: dict, players_: list[str] | None = None
) -> Effect:
    game = ctx.game
    tracked = None
    if duration.get("while") is not None and affected:
        tracked = affected[0].oid
    oids = None if affected is None else frozenset(o.oid for o in affected)
    if players_ is not None:
        params = {**params, "players": players_}
    dur = dict(duration)
    if dur.get("until") in ("your_next_turn", "your_next_upkeep"):
        dur["player"] = ctx.controller
    elif isinstance(dur.get("player"), str) and dur["player"] not in game.players:
        named = players(ctx, dur["player"])
        dur["player"] = named[0] if named else None
    eff = Effect(
        eid=game.new_id(),
        kind=kind,
        params=params,
        affected=oids,
        controller=ctx.controller,
        source_name=ctx.source_name,
        timestamp=game.new_timestamp(),
        duration=dur,
        tracked=tracked,
        created_turn=game.turn,
    )
    game.effects.append(eff)
    game.touch()
    return eff


def _effect_objects(ctx: Ctx, spec: Any) -> list[Obj]:
    """The set a resolving effect applies to: phased-out permanents only by name, and only
    before 702.26e (2020-08-07)."""
    keep_named = not ctx.game.edition.has("resolved_effects_skip_phased_out")
    return objects(ctx, spec, specific_phased_out=keep_named and not is_set_selector(spec))


def _duration(params: dict) -> dict:
    dur = params.get("duration", {"until": "end_of_turn"})
    if isinstance(dur, str):
        dur = {"until": dur}
    return dur


def v_pump(ctx: Ctx, p: dict) -> None:
    add_effect(
        ctx,
        "pump",
        {"power": amount(ctx, p.get("power", 0)), "toughness": amount(ctx, p.get("toughness", 0))},
        _effect_objects(ctx, p["what"]),
        _duration(p),
    )


def v_set_pt(ctx: Ctx, p: dict) -> None:
    add_effect(
        ctx, "set_pt", {"power": p["power"], "toughness": p["toughness"]}, _effect_objects(ctx, p["what"]), _duration(p)
    )


def v_grant(ctx: Ctx, p: dict) -> None:
    add_effect(
        ctx,
        "grant",
        {"keywords": list(p.get("keywords", ())), "protection": list(p.get("protection", ()))},
        _effect_objects(ctx, p["what"]),
        _duration(p),
    )


def v_gain_control(ctx: Ctx, p: dict) -> None:
    add_effect(ctx, "control", {}, _effect_objects(ctx, p["what"]), _duration(p))


def v_rule(ctx: Ctx, p: dict) -> None:
    """A rule-changing effect: on objects (``what``), on players, or on the game."""
    affected = objects(ctx, p["what"]) if "what" in p else None
    who = players(ctx, p["players"]) if "players" in p else None
    add_effect(ctx, "rule", {"rule": p["rule"]}, affected, _duration(p), who)


# ----- one-shot actions ------------------------------------------------------------------
def v_phase_out(ctx: Ctx, p: dict) -> None:
    until: dict[str, Any] | None = None
    if p.get("until") not in (None, "source_leaves", "while_you_control_source") or p.get("cant_phase_in") not in (
        None,
        "end_of_your_next_turn",
    ):
        raise RulesError(
            N_("unknown phase_out duration {until} in {source}"),
            source=ctx.source_name,
            until=repr(p.get("until") or p.get("cant_phase_in")),
        )
    if p.get("until") == "source_leaves":
        if ctx.source is None or _live(ctx.game, ctx.source) is None:
            return  # the duration is already over: nothing phases out (611.2b)
        until = {"leaves": ctx.source.oid, "tap": bool(p.get("tap"))}
    elif p.get("until") == "while_you_control_source":
        if ctx.source is None or _live(ctx.game, ctx.source) is None:
            until = None  # nothing to wait for: it phases in as usual
        else:
            until = {"unless_controls": ctx.source.oid, "player": ctx.controller}
    if p.get("cant_phase_in") == "end_of_your_next_turn":
        # "They can't phase in until the end of your next turn": a restriction, not a time to phase in.
        # Once lifted, they phase in as usual, in their controller's next untap step (702.26a).
        until = {"end_of_turn_of": ctx.controller, "after_turn": ctx.game.turn}
    gone = phase_out(ctx.game, objects(ctx, p["what"]), until)
    ctx.vars["phased_out"] = [o for o in gone if o.phase_kind == "direct"]


def v_destroy(ctx: Ctx, p: dict) -> None:
    destroyed = []
    for perm in objects(ctx, p["what"]):
        controller = ctx.game.controller(perm)
        if zones.destroy(ctx.game, perm):
            destroyed.append(controller)
    ctx.vars["destroyed_controllers"] = destroyed


def v_sacrifice(ctx: Ctx, p: dict) -> None:
    for perm in objects(ctx, p["what"]):
        if ctx.game.controller(perm) == ctx.controller or p.get("any_controller"):
            zones.leave_battlefield(ctx.game, perm, "graveyard", "sacrifice")


def v_each_player_sacrifices(ctx: Ctx, p: dict) -> None:
    game = ctx.game
    picks = []
    for name in ctx.game.from_player(ctx.controller):
        own = select_set(game, {"permanents": {**p.get("filter", {}), "controller": name}}, name)
        if own:
            picks.extend(choose_objects(game, name, "sacrifice", own, ctx.source_name))
    for perm in picks:
        zones.leave_battlefield(game, perm, "graveyard", "sacrifice")


def v_exile(ctx: Ctx, p: dict) -> None:
    for perm in objects(ctx, p["what"]):
        zones.leave_battlefield(ctx.game, perm, "exile", "exile")


def v_to_library(ctx: Ctx, p: dict) -> None:
    """ "Put target creature on top of its owner's library" (a zone change: a new object, 400.7)."""
    for perm in objects(ctx, p["what"]):
        zones.leave_battlefield(ctx.game, perm, "library", "library")


def v_put_onto_battlefield(ctx: Ctx, p: dict) -> None:
    """ "Put this card from your hand onto the battlefield": only if it is still in that hand (400.7)."""
    card = ctx.source
    if card is not None and card in ctx.game.players[card.owner].hand:
        zones.enter_battlefield(ctx.game, card, ctx.controller)


def v_warp_exile(ctx: Ctx, p: dict) -> None:
    """Warp's delayed trigger: exile the permanent; its owner may cast it after this turn (702.185a)."""
    for perm in objects(ctx, p["what"]):
        fresh = zones.leave_battlefield(ctx.game, perm, "exile", "exile")
        if fresh is not None:
            fresh.chosen = {**fresh.chosen, "warped_turn": ctx.game.turn}


def v_set_level(ctx: Ctx, p: dict) -> None:
    """716.2a: "This Class's level becomes N" (a designation, not counters: 716.2b)."""
    for perm in objects(ctx, "self"):
        perm.chosen = {**perm.chosen, "level": int(p["level"])}


def v_exile_self(ctx: Ctx, p: dict) -> None:
    ctx.vars["exile_self"] = True


def v_draw(ctx: Ctx, p: dict) -> None:
    for name in players(ctx, p.get("player", "you")):
        draw(ctx.game, name, amount(ctx, p.get("count", 1)))


def v_discard(ctx: Ctx, p: dict) -> None:
    game = ctx.game
    for name in players(ctx, p.get("player", "you")):
        hand = game.players[name].hand
        if p.get("count") == "all":
            chosen = list(hand)
        else:
            n = min(amount(ctx, p.get("count", 1)), len(hand))
            chosen = []
            for _ in range(n):
                left = [c for c in hand if c not in chosen]
                chosen.extend(choose_objects(game, name, "discard", left, ctx.source_name))
        for card in chosen:
            zones.put_in_zone(game, card, "graveyard")


def v_mill(ctx: Ctx, p: dict) -> None:
    game = ctx.game
    for name in players(ctx, p.get("player", "you")):
        for card in game.players[name].library[: amount(ctx, p.get("count", 1))]:
            zones.put_in_zone(game, card, "graveyard")


def v_counters(ctx: Ctx, p: dict) -> None:
    kind, n = p["kind"], amount(ctx, p.get("count", 1))
    for perm in objects(ctx, p["what"]):
        before = dict(perm.counters)
        ctx.game.set_counters(perm, {**perm.counters, kind: perm.counters.get(kind, 0) + n})
        _counters_added(ctx.game, perm, before)


def v_remove_counters(ctx: Ctx, p: dict) -> None:
    """Remove counters; "when the last is removed" abilities see it (702.63a)."""
    kind = p["kind"]
    for perm in objects(ctx, p["what"]):
        had = perm.counters.get(kind, 0)
        n = had if p.get("count") == "all" else amount(ctx, p.get("count", 1))
        if had <= 0:
            continue
        ctx.game.set_counters(perm, {**perm.counters, kind: max(0, had - n)})
        if had - n <= 0:
            ctx.game.emit("last_counter_removed", kind_removed=kind, **obj_event(ctx.game, perm))


def v_tap(ctx: Ctx, p: dict) -> None:
    for perm in objects(ctx, p["what"]):
        tap(ctx.game, perm)
    ctx.vars["tapped"] = objects(ctx, p["what"])


def v_untap(ctx: Ctx, p: dict) -> None:
    affected = objects(ctx, p["what"])
    for perm in affected:
        perm.tapped = False
    ctx.vars["untapped"] = affected


def v_life(ctx: Ctx, p: dict) -> None:
    for name in players(ctx, p.get("player", "you")):
        change_life(ctx.game, name, amount(ctx, p["amount"]))


def v_set_life(ctx: Ctx, p: dict) -> None:
    """ "Your life total becomes N": a gain or loss of the difference (119.5)."""
    for name in players(ctx, p.get("player", "you")):
        change_life(ctx.game, name, amount(ctx, p["amount"]) - ctx.game.players[name].life)


def v_damage_players(ctx: Ctx, p: dict) -> None:
    source = ctx.source
    assert source is not None, "damage has a source (120.1): a card's spell or ability deals it"
    for name in players(ctx, p.get("player", "opponents")):
        deal_damage(ctx.game, source, amount(ctx, p["amount"]), name)


def v_lose_life(ctx: Ctx, p: dict) -> None:
    v_life(ctx, {**p, "amount": -amount(ctx, p["amount"])})


def v_create_token(ctx: Ctx, p: dict) -> None:
    game = ctx.game
    cdef = token_def(p["token"])
    if p.get("for_each_destroyed"):  # "For each permanent destroyed this way, its controller creates ..."
        for name in ctx.vars.get("destroyed_controllers", []):
            zones.make_token(game, cdef, name)
        return
    for name in players(ctx, p.get("player", "you")):
        for _ in range(amount(ctx, p.get("count", 1))):
            zones.make_token(game, cdef, name)


def v_proliferate(ctx: Ctx, p: dict) -> None:
    """701.34a: choose any number of permanents and players with counters; each gets one more of each kind.

    Only what the game sees can be chosen: a phased-out permanent can't (702.26b)."""
    game = ctx.game
    perms = [o for o in game.permanents() if any(v > 0 for v in o.counters.values())]
    names = [n for n in game.in_game() if game.players[n].poison > 0]
    keys = [game.label_of(o) for o in perms] + names
    ctx.vars["proliferated"] = []
    if not keys:
        return
    picked = decide(game, ctx.controller, "proliferate", keys, ctx.source_name, many=True)
    picked = picked if isinstance(picked, list) else [picked]
    got: list[Obj] = []
    ctx.vars["proliferated"] = got  # "permanents that had a counter put on them this way"
    for key in picked:
        if key in names:
            game.change_poison(key, 1)
            continue
        perm = perms[keys.index(key)]
        before = dict(perm.counters)
        game.set_counters(perm, {k: v + 1 if v > 0 else v for k, v in perm.counters.items()})
        got.append(perm)
        _counters_added(game, perm, before)


def v_choose_up_to(ctx: Ctx, p: dict) -> None:
    """ "Choose up to N [objects]" or "any number of them" as the effect resolves: no targets (115.1), so
    hexproof and the like don't matter, and a phased-out permanent can't be chosen (702.26b). The chosen
    objects are ``$key`` (default ``$chosen``) for later steps; the decision's kind is ``objects``."""
    game = ctx.game
    pool = objects(ctx, p["from"])
    limit = None if p.get("count", "any") == "any" else amount(ctx, p["count"])
    key = p.get("key", "chosen")
    ctx.vars[key] = []
    if not pool or limit == 0:
        return
    keys = [game.label_of(o) for o in pool]
    picked: Any = decide(game, ctx.controller, "objects", keys, ctx.source_name, many=True)
    picked = [k for k in (picked if isinstance(picked, list) else [picked]) if k is not None]
    if limit is not None and len(picked) > limit:
        raise RulesError(
            N_("{source} lets {player} choose up to {limit}, not {count}"),
            source=ctx.source_name,
            player=ctx.controller,
            limit=limit,
            count=len(picked),
        )
    ctx.vars[key] = [pool[keys.index(k)] for k in picked]


def _counters_added(game: Game, perm: Obj, before: dict) -> None:
    """Lore counters put on a Saga trigger its chapters (714.2b)."""
    if before.get("lore", 0) < perm.counters.get("lore", 0):
        game.emit("lore_counter", before=before.get("lore", 0), after=perm.counters["lore"], **obj_event(game, perm))


def v_damage_each(ctx: Ctx, p: dict) -> None:
    """ "Deals N damage to each creature and each planeswalker": phased-out ones aren't there (702.26b)."""
    n = amount(ctx, p["amount"])
    source = ctx.source
    if source is None:
        return
    for spec in p["what"] if isinstance(p["what"], list) else [p["what"]]:
        for perm in objects(ctx, spec):
            deal_damage(ctx.game, source, n, perm)


def v_roll_die(ctx: Ctx, p: dict) -> None:
    """706: roll a dN; ``results`` maps "N", "N1-N2" or "N+" to effects (706.3a); the result is ``$roll``."""
    result = roll_die(ctx.game, ctx.controller, int(p.get("sides", 6)), amount(ctx, p.get("modifier", 0)))
    ctx.vars["roll"] = result
    for key, steps in (p.get("results") or {}).items():
        if in_range(str(key), result):
            run(ctx, steps)
            return


def v_counter_ability(ctx: Ctx, p: dict) -> None:
    game = ctx.game
    for target in ctx.targets:
        if isinstance(target, StackItem) and target in game.stack:
            game.stack.remove(target)
            game.record(target.source_name, f"{getattr(target.ability, 'label', 'spell')} (countered)", False)


def v_flip_coin(ctx: Ctx, p: dict) -> None:
    result = ctx.game.random_result("coin", ["win", "lose"])
    ctx.game.events.append({"kind": "coin", "player": ctx.controller, "result": result})
    run(ctx, p.get(result, ()))


def v_may(ctx: Ctx, p: dict) -> None:
    """ "You may" asks the controller; "that player may" asks the player named by ``player``."""
    who = players(ctx, p["player"]) if "player" in p else [ctx.controller]
    if not who:
        ctx.did = False
        return
    ctx.did = bool(decide(ctx.game, who[0], "may", [True, False], ctx.source_name))
    if ctx.did:
        run(ctx, p["effect"])


def v_if_did(ctx: Ctx, p: dict) -> None:
    if ctx.did:
        run(ctx, p["effect"])


def v_unless_pay(ctx: Ctx, p: dict) -> None:
    """ "Unless you pay" asks the controller; "unless that player pays", the ``player`` named."""
    who = players(ctx, p["player"]) if "player" in p else [ctx.controller]
    paid = bool(who) and decide(ctx.game, who[0], "pay", [True, False], ctx.source_name)
    if not paid:
        run(ctx, p["else"])


def v_choose(ctx: Ctx, p: dict) -> None:
    """A player picks one of named options; later steps use it as ``$key``."""
    options: dict = p["options"]
    who = players(ctx, p.get("player", "you"))[0]
    pick = decide(ctx.game, who, "option", list(options), ctx.source_name)
    ctx.vars[p.get("key", "choice")] = options[pick]
    ctx.vars[p.get("key", "choice") + "_name"] = pick


def v_delayed(ctx: Ctx, p: dict) -> None:
    game = ctx.game
    bound = {k: v for k, v in ctx.vars.items()}
    ability = Ability(label=p.get("label", "delayed"), effect=tuple(p["effect"]), on=p["event"])
    game.delayed.append(
        {
            "on": p["event"],
            "ability": ability,
            "controller": ctx.controller,
            "source_name": ctx.source_name,
            "event": ctx.event,
            "vars": bound,
            "player": ctx.controller if p.get("yours") else None,
        }
    )


def v_attach(ctx: Ctx, p: dict) -> None:
    me = objects(ctx, "self")
    hosts = objects(ctx, p["to"])
    if me and hosts and me[0].oid != hosts[0].oid:
        zones.attach(ctx.game, me[0], hosts[0])


def v_exile_linked(ctx: Ctx, p: dict) -> None:
    """Exile, remembering the card for a linked ability of the same source (607)."""
    for perm in objects(ctx, p["what"]):
        fresh = zones.leave_battlefield(ctx.game, perm, "exile", "exile")
        if fresh is not None and ctx.source is not None:
            ctx.source.chosen = {**ctx.source.chosen, "exiled": fresh.card_id}


def v_return_linked(ctx: Ctx, p: dict) -> None:
    game = ctx.game
    card_id = (ctx.source.chosen if ctx.source else {}).get("exiled")
    card = game.find_card(card_id) if card_id else None
    if card is not None and card.zone == "exile":
        zones.enter_battlefield(game, card, card.owner)


def v_extra_turns(ctx: Ctx, p: dict) -> None:
    ctx.game.extra_turns[:0] = [ctx.controller] * amount(ctx, p.get("count", 1))


def v_repeat_until_win(ctx: Ctx, p: dict) -> None:
    for _ in range(50):
        run(ctx, p["effect"])
        if ctx.game.random_result("coin", ["win", "lose"]) == "win":
            return


def v_each_player_copy(ctx: Ctx, p: dict) -> None:
    """Caught in a Parallel Universe / Human-Time Lord Meta-Crisis: token copies by choice."""
    token_copies(ctx, p)


def v_planar(ctx: Ctx, p: dict) -> None:
    """Planechase actions: planeswalk, chaos, reverse turn order and the phenomena's own."""
    run_verb(ctx, p)


VERBS: dict[str, Callable[[Ctx, Any], None]] = {
    "pump": v_pump,
    "set_pt": v_set_pt,
    "grant": v_grant,
    "gain_control": v_gain_control,
    "rule": v_rule,
    "phase_out": v_phase_out,
    "destroy": v_destroy,
    "sacrifice": v_sacrifice,
    "each_player_sacrifices": v_each_player_sacrifices,
    "exile": v_exile,
    "to_library": v_to_library,
    "put_onto_battlefield": v_put_onto_battlefield,
    "warp_exile": v_warp_exile,
    "set_level": v_set_level,
    "exile_self": v_exile_self,
    "draw": v_draw,
    "discard": v_discard,
    "mill": v_mill,
    "counters": v_counters,
    "remove_counters": v_remove_counters,
    "tap": v_tap,
    "untap": v_untap,
    "gain_life": v_life,
    "lose_life": v_lose_life,
    "set_life": v_set_life,
    "damage_players": v_damage_players,
    "create_token": v_create_token,
    "counter_ability": v_counter_ability,
    "flip_coin": v_flip_coin,
    "may": v_may,
    "if_did": v_if_did,
    "unless_pay": v_unless_pay,
    "choose": v_choose,
    "delayed": v_delayed,
    "attach": v_attach,
    "exile_linked": v_exile_linked,
    "return_linked": v_return_linked,
    "extra_turns": v_extra_turns,
    "repeat_until_win": v_repeat_until_win,
    "proliferate": v_proliferate,
    "choose_up_to": v_choose_up_to,
    "damage_each": v_damage_each,
    "roll_die": v_roll_die,
    "if_kicked": lambda ctx, p: run(ctx, p["effect"]) if ctx.vars.get("kicked") else None,
    "add_mana": lambda ctx, p: _add_mana(ctx, p),
    "unearth_return": lambda ctx, p: v_unearth_return(ctx, p),
    "each_player_copy": v_each_player_copy,
    "planar": v_planar,
}


def v_unearth_return(ctx: Ctx, p: dict) -> None:
    """Unearth resolving: back with haste, exiled at the next end step, exiled if it would leave (702.84a).

    The delayed trigger names the permanent: if it is phased out then, it isn't there to exile (702.26b)."""
    game, card = ctx.game, ctx.source
    if card is None or card not in game.players[card.owner].graveyard:
        return
    perm = zones.enter_battlefield(game, card, ctx.controller)
    perm.chosen = {**perm.chosen, "unearthed": True}
    add_effect(ctx, "grant", {"keywords": ["haste"], "protection": []}, [perm], {"until": "forever"})
    ability = Ability(label="unearth exile", effect=({"exile": {"what": "$unearthed"}},), on="end_step")
    game.delayed.append(
        {
            "on": "end_step",
            "ability": ability,
            "controller": ctx.controller,
            "source_name": card.name,
            "event": None,
            "vars": {"unearthed": [perm]},
            "player": None,
        }
    )


def _add_mana(ctx: Ctx, p: dict) -> None:
    add(ctx.game, ctx.controller, p["mana"])


def run(ctx: Ctx, steps: Any) -> None:
    for step in steps or ():
        if not isinstance(step, dict) or len(step) != 1:
            raise RulesError(
                N_("an effect step is a one-key mapping, got {step} in {source}"),
                step=repr(step),
                source=ctx.source_name,
            )
        verb, params = next(iter(step.items()))
        fn = VERBS.get(verb)
        if fn is None:
            raise RulesError(N_("unknown effect verb {verb} in {source}"), verb=repr(verb), source=ctx.source_name)
        fn(ctx, params if params is not None else {})
        if ctx.game.game_over:
            return
