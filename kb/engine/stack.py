"""The stack and priority: casting, activating, triggers, targets and resolution.

Before a player receives priority the game checks state-based actions, then
puts waiting triggered abilities on the stack (APNAP), and repeats (117.5). On
resolution each target is checked again (608.2b): a phased-out permanent is no
longer there, so a spell whose only target phased out does nothing.
"""

from __future__ import annotations

from typing import Any

import kb.engine.sba as sba
import kb.engine.zones as zones
from kb.engine.cards import Ability
from kb.engine.choices import decide, queued
from kb.engine.combat import tap
from kb.engine.effects import Ctx, run
from kb.engine.mana import pay
from kb.engine.players import change_life
from kb.engine.restrictions import protected_from
from kb.engine.select import matches
from kb.engine.state import ChoiceNeeded, Game, Obj, PendingTrigger, RulesError, StackItem, q
from kb.i18n import N_

TARGET_KINDS = {
    "creature": "Creature",
    "land": "Land",
    "artifact": "Artifact",
    "enchantment": "Enchantment",
    "permanent": None,
    "planeswalker": "Planeswalker",
}


# ----- targets ---------------------------------------------------------------------------
def candidates(game: Game, spec: dict, controller: str, source: Obj | None) -> list[tuple[str, Any]]:
    """Legal choices for one target: (key a scenario names it by, the object or player); in Grand Melee a
    plane's or phenomenon's ability targets only what is within its controller's range (801.10, 901.13)."""
    found = _candidates(game, spec, controller, source)
    if source is None or not game.turn_markers or source.zone != "command":
        return found
    return [
        (key, value)
        for key, value in found
        if not isinstance(value, (str, Obj))
        or game.planar_reach(source, value if isinstance(value, str) else game.controller(value))
    ]


def _candidates(game: Game, spec: dict, controller: str, source: Obj | None) -> list[tuple[str, Any]]:
    kind = spec.get("kind", "creature")
    flt = dict(spec.get("filter", {}))
    out: list[tuple[str, Any]] = []
    if kind == "player":
        for name in game.in_game():
            if flt.get("controller") == "opponent" and name == controller:
                continue
            if source is not None and protected_from(game, None, source, player=name):
                continue
            out.append((name, name))
        return out
    if kind in ("ability", "spell"):
        for item in reversed(game.stack):
            if (kind == "ability") == (item.kind == "ability"):
                out.append((item.source_name, item))
        return out
    card_type = TARGET_KINDS.get(kind, "?")
    if card_type == "?":
        raise RulesError(N_("unknown target kind {kind}"), kind=q(kind))
    for perm in game.permanents():
        ch = game.chars(perm)
        if card_type and card_type not in ch.types:
            continue
        if spec.get("another") and source is not None and perm.oid == source.oid:
            continue
        if flt and not matches(game, perm, flt, controller, source):
            continue
        if source is not None and protected_from(game, perm, source):
            continue
        out.append((game.label_of(perm), perm))
    return out


def choose_targets(
    game: Game, player: str, specs: tuple, given: list | None, source: Obj | None, source_name: str
) -> list | None:
    """Targets for each spec, from ``given`` keys or the choice queue; None if some has no legal choice."""
    chosen: list = []
    for i, spec in enumerate(specs):
        options = [(k, v) for k, v in candidates(game, spec, player, source) if not any(v is c for c in chosen)]
        keys = [k for k, _ in options]
        if spec.get("optional") and options:
            options.append(("none", None))  # "up to one target": none is a choice (115.1)
            keys.append("none")
        if given is not None and i < len(given):
            key = given[i]
            named = game.labelled(str(key)) if key not in keys and key in game.labels else None
            if named is not None and named.label in keys:
                key = named.label  # another card of a merged permanent names it too
            if key not in keys:
                raise RulesError(
                    N_("{target} is not a legal target for {source} (legal: {legal})"),
                    target=q(key),
                    source=source_name,
                    legal=q(keys),
                )
        elif not options:
            if spec.get("optional"):
                chosen.append(None)
                continue
            return None
        else:
            key = decide(game, player, "target", keys, source_name)
        chosen.append(options[keys.index(key)][1])
    return chosen


def _still_legal(game: Game, spec: dict, target: Any, controller: str, source: Obj | None) -> bool:
    if target is None:
        return False
    if isinstance(target, StackItem):
        return target in game.stack
    if isinstance(target, str):
        return any(v == target for _, v in candidates(game, spec, controller, source))
    return any(v is target for _, v in candidates(game, spec, controller, source))


# ----- putting things on the stack ---------------------------------------------------------
def needs_sorcery_timing(game: Game, player: str) -> None:
    # In shared team turns each player of the active team is an active player (805.4a).
    if player not in game.active_players() or game.step not in ("main1", "main2") or game.stack:
        raise RulesError(
            N_(
                "{player} can do this only in their main phase with an empty stack "
                "(now: {active}'s {step}, stack of {count})"
            ),
            player=player,
            active=game.active,
            step=game.step,
            count=len(game.stack),
        )


def _instant_timing(game: Game) -> None:
    if game.step in ("untap", "cleanup") and not game.priority:
        raise RulesError(N_("no player receives priority during the {step} step"), step=game.step)


def mutate_spec(owner: str) -> dict:
    """702.140a: a mutating creature spell targets a non-Human creature with the same owner."""
    return {"kind": "creature", "filter": {"not_subtype": "Human", "owner": owner}}


def castable_from_exile(game: Game, player: str, card: Obj) -> bool:
    """702.185a: a warped card's owner may cast it from exile after the turn it was exiled in."""
    warped = card.chosen.get("warped_turn")
    return card in game.players[player].exile and warped is not None and game.turn > warped


def cast(game: Game, player: str, card: Obj, targets: list | None = None, choices: dict | None = None) -> StackItem:
    cdef = card.cdef
    from_exile = castable_from_exile(game, player, card)
    if card not in game.players[player].hand and not from_exile:
        raise RulesError(N_("{card} is not in {player}'s hand"), card=card.name, player=player)
    if (choices or {}).get("warp") and (from_exile or not cdef.warp):
        raise RulesError(
            N_("{card} can't be cast for a warp cost here (702.185a: from your hand, a card with warp)"), card=card.name
        )
    if "Instant" in cdef.types or "flash" in cdef.keywords:
        _instant_timing(game)
    else:
        needs_sorcery_timing(game, player)
    if cdef.is_planar or ("Land" in cdef.types and len(cdef.types) == 1):
        raise RulesError(N_("{card} can't be cast"), card=card.name)
    if (choices or {}).get("mutate"):
        if not cdef.mutate or card not in game.players[player].hand:
            raise RulesError(N_("{card} can't be cast for a mutate cost"), card=card.name)
        specs: tuple = (mutate_spec(card.owner),)
        targets = [(choices or {})["mutate"]]
    elif cdef.is_aura:
        specs = (
            {"kind": (cdef.enchant or {}).get("kind", "creature"), "filter": (cdef.enchant or {}).get("filter", {})},
        )
    else:
        specs = cdef.spell.targets if cdef.spell else ()
    spell_obj = zones.new_object(game, card, "stack", controller=player)
    chosen = choose_targets(game, player, specs, targets, spell_obj, card.name)
    if chosen is None:
        raise RulesError(N_("{card} has no legal target"), card=card.name)
    choices = dict(choices or {})
    base = cdef.warp if choices.get("warp") else cdef.mutate if choices.get("mutate") else cdef.cost
    cost = base + kicker_cost(cdef, choices)
    pay(game, player, cost, int(choices.get("x", 0)), card.name)
    zones._detach_from_zone(game, card)
    item = StackItem(game.new_id(), "spell", cdef.spell, player, spell_obj, card.name, chosen, dict(choices or {}))
    game.stack.append(item)
    game.emit("cast", player=player, card=None, spell=spell_obj)
    after_action(game, player)
    return item


def kicker_cost(cdef: Any, choices: dict) -> str:
    """The kicker costs paid, with ``choices["kicked"]`` made the number of times it was kicked (702.33d):
    ``true`` is once; N pays the first N kicker costs ("kicker A and/or B") or the multikicker cost N times."""
    kicked = choices.get("kicked", 0)
    times = 1 if kicked is True else int(kicked or 0)
    choices["kicked"] = times
    if not times:
        return ""
    if cdef.multikicker:
        return cdef.multikicker * times
    if not cdef.kicker:
        raise RulesError(N_("{card} has no kicker"), card=cdef.name)
    if times > len(cdef.kicker):
        raise RulesError(N_("{card} can be kicked at most {n} times"), card=cdef.name, n=len(cdef.kicker))
    return "".join(cdef.kicker[:times])


def _ability_of(perm: Obj, which: Any, zone: str = "battlefield") -> Ability:
    abilities = tuple(a for a in (perm.copy_of or perm.cdef).activated if a.zone == zone)
    if isinstance(which, int):
        if not 0 <= which < len(abilities):
            raise RulesError(N_("{card} has no ability #{number}"), card=perm.name, number=which)
        return abilities[which]
    for ability in abilities:
        if which is None or ability.label.casefold() == str(which).casefold():
            return ability
    raise RulesError(
        N_("{card} has no ability {ability} (has: {abilities})"),
        card=perm.name,
        ability=q(which),
        abilities=[a.label for a in abilities],
    )


def activate_from_hand(game: Game, player: str, card: Obj, which: Any = None, targets: list | None = None) -> StackItem:
    """An activated ability that functions in its owner's hand (602.2; Talon Gates of Madara's "{4}: Put
    this card from your hand onto the battlefield"): no land is played, so it is no land drop (305.1)."""
    if card not in game.players[player].hand:
        raise RulesError(N_("{card} is not in {player}'s hand"), card=card.name, player=player)
    ability = _ability_of(card, which, zone="hand")
    if ability.timing == "sorcery":
        needs_sorcery_timing(game, player)
    else:
        _instant_timing(game)
    chosen = choose_targets(game, player, ability.targets, targets, card, card.name)
    if chosen is None:
        raise RulesError(N_("{card}: no legal target for {ability}"), card=card.name, ability=ability.label)
    if ability.cost.get("mana"):
        pay(game, player, ability.cost["mana"], 0, f"{card.name} ({ability.label})")
    item = StackItem(game.new_id(), "ability", ability, player, card, card.name, chosen)
    game.stack.append(item)
    after_action(game, player)
    return item


def activate(game: Game, player: str, perm: Obj, which: Any = None, targets: list | None = None) -> StackItem:
    if perm.zone != "battlefield" or perm.phased_out:
        raise RulesError(N_("{card} is not on the battlefield"), card=perm.name)
    if game.controller(perm) != player:
        raise RulesError(N_("{player} doesn't control {card}"), player=player, card=perm.name)
    ability = _ability_of(perm, which)
    if "level" in ability.when and int(perm.chosen.get("level", 1)) != int(ability.when["level"]):
        raise RulesError(
            N_("{card} is level {level}: this ability needs level {needed} (716.2a)"),
            card=perm.name,
            level=perm.chosen.get("level", 1),
            needed=ability.when["level"],
        )
    if ability.timing == "sorcery":
        needs_sorcery_timing(game, player)
    else:
        _instant_timing(game)
    cost = ability.cost
    if cost.get("tap"):
        if perm.tapped:
            raise RulesError(N_("{card} is tapped"), card=perm.name)
        ch = game.chars(perm)
        if (
            "Creature" in ch.types
            and perm.controlled_since >= game.turn
            and "haste" not in ch.keywords
            and perm.chosen.get("phased_in_haste") != ch.controller
        ):
            raise RulesError(N_("{card} has summoning sickness (302.6)"), card=perm.name)
    if "loyalty" in cost:
        if perm.loyalty_used_turn == game.turn:
            raise RulesError(N_("{card}'s loyalty abilities were already activated this turn (606.3)"), card=perm.name)
        if perm.counters.get("loyalty", 0) + cost["loyalty"] < 0:
            raise RulesError(N_("{card} has too little loyalty"), card=perm.name)
    chosen = choose_targets(game, player, ability.targets, targets, perm, perm.name)
    if chosen is None:
        raise RulesError(N_("{card}: no legal target for {ability}"), card=perm.name, ability=ability.label)
    if cost.get("mana"):
        pay(game, player, cost["mana"], 0, f"{perm.name} ({ability.label})")
    if cost.get("tap"):
        tap(game, perm)
    if "loyalty" in cost:
        game.set_counters(perm, {**perm.counters, "loyalty": perm.counters.get("loyalty", 0) + cost["loyalty"]})
        perm.loyalty_used_turn = game.turn
    if cost.get("life"):
        change_life(game, player, -cost["life"])
    item = StackItem(game.new_id(), "ability", ability, player, perm, perm.name, chosen)
    game.stack.append(item)
    after_action(game, player)
    return item


UNEARTH = Ability(label="unearth", effect=({"unearth_return": {}},), timing="sorcery")


def unearth(game: Game, player: str, card: Obj) -> StackItem:
    """702.84a: "[Cost]: Return this card from your graveyard to the battlefield. ... Activate only as a sorcery."""
    if card not in game.players[player].graveyard:
        raise RulesError(N_("{card} is not in {player}'s graveyard"), card=card.name, player=player)
    if not card.cdef.unearth:
        raise RulesError(N_("{card} has no unearth"), card=card.name)
    needs_sorcery_timing(game, player)
    pay(game, player, card.cdef.unearth, 0, f"{card.name} (unearth)")
    item = StackItem(game.new_id(), "ability", UNEARTH, player, card, card.name, [])
    game.stack.append(item)
    after_action(game, player)
    return item


def after_action(game: Game, player: str) -> None:
    """After a player acts they receive priority again (117.3c)."""
    priority_point(game)
    game.priority = player
    game.passes = 0


def put_triggers(game: Game) -> bool:
    """Put waiting triggered abilities on the stack, active player's first (603.3b)."""
    if not game.pending:
        return False
    waiting, game.pending = game.pending, []
    order = game.apnap()
    waiting.sort(key=lambda t: order.index(t.controller) if t.controller in order else len(order))
    for player in order + sorted({t.controller for t in waiting} - set(order)):
        for trig in _in_chosen_order(game, player, [t for t in waiting if t.controller == player]):
            _put_trigger(game, trig)
    return True


def _in_chosen_order(game: Game, player: str, mine: list[PendingTrigger]) -> list[PendingTrigger]:
    """A player puts their simultaneous triggers on the stack in any order they choose (603.3b).

    The choice (kind ``order``) lists them first to last put on the stack, by "Source: label"
    or by source name; without one they go in the order they triggered."""
    if len(mine) < 2 or not queued(game, player, "order"):
        return mine
    keys = [f"{t.source_name}: {t.ability.label}" for t in mine]
    wanted = decide(game, player, "order", [], "triggers", many=True)
    out: list[PendingTrigger] = []
    for value in wanted:
        hits = [
            t
            for t, k in zip(mine, keys)
            if t not in out and str(value).casefold() in (k.casefold(), t.source_name.casefold())
        ]
        if not hits:
            raise ChoiceNeeded(
                N_("{player} ordered {value}, which is not one of their waiting triggers {options}"),
                player=player,
                value=q(value),
                options=keys,
            )
        out.append(hits[0])
    return out + [t for t in mine if t not in out]


def _put_trigger(game: Game, trig: PendingTrigger) -> None:
    ability = trig.ability
    label = ability.label
    if trig.controller not in game.in_game():
        game.record(trig.source_name, label, False)  # 800.4d
        return
    if ability.intervening_if and not _condition(game, ability.intervening_if, trig):
        game.record(trig.source_name, label, False)
        return
    chosen = choose_targets(game, trig.controller, ability.targets, None, trig.source, trig.source_name)
    if chosen is None:
        game.record(trig.source_name, label, False)  # no legal target: removed (603.3d)
        return
    item = StackItem(
        game.new_id(),
        "ability",
        ability,
        trig.controller,
        trig.source,
        trig.source_name,
        chosen,
        trigger_event=trig.event,
        is_trigger=True,
    )
    game.stack.append(item)
    game.record(trig.source_name, label, True)


def _condition(game: Game, cond: dict, trig: PendingTrigger | StackItem) -> bool:
    source = trig.source
    if "counter" in cond:
        return source is not None and source.counters.get(cond["counter"], 0) > 0
    if "hand_empty" in cond:
        return not game.players[trig.controller].hand
    raise RulesError(N_("unknown condition {condition}"), condition=q(cond))


def priority_point(game: Game) -> None:
    """A player would receive priority: state-based actions and triggers first (117.5)."""
    for _ in range(200):
        sba.check(game)
        if game.game_over:
            return
        if not put_triggers(game):
            return


def give_priority(game: Game) -> None:
    priority_point(game)
    order = game.in_game()
    game.priority = game.active if game.active in order else game.next_player(game.active)
    game.passes = 0


# ----- resolving ---------------------------------------------------------------------------
def resolve_top(game: Game) -> StackItem | None:
    if not game.stack:
        return None
    item = game.stack.pop()
    specs = _specs(item)
    legal = [t if _still_legal(game, s, t, item.controller, item.source) else None for s, t in zip(specs, item.targets)]
    # 702.140b: a mutating creature spell whose target is illegal resolves as a creature spell.
    fizzled = bool(specs) and all(t is None for t in legal) and not item.choices.get("mutate")
    if item.kind == "spell":
        _resolve_spell(game, item, legal, fizzled)
    elif not fizzled:
        ctx = Ctx(game, item.source, item.controller, item.source_name, legal, item.trigger_event, item=item)
        if item.trigger_event and item.trigger_event.get("delayed"):
            ctx.vars.update(item.trigger_event["delayed"].get("vars", {}))
            ctx.event = item.trigger_event["delayed"].get("event") or item.trigger_event
        if item.ability.intervening_if and not _condition(game, item.ability.intervening_if, item):
            return item
        run(ctx, item.ability.effect)
    game.events.append({"kind": "resolved", "item": item, "fizzled": fizzled})
    return item


def _warp_delayed(game: Game, perm: Obj, controller: str) -> None:
    """702.185a: "exile the permanent this spell becomes at the beginning of the next end step". The delayed
    trigger names that permanent: if it is phased out then, it isn't there to be exiled (702.26b)."""
    ability = Ability(label="warp exile", effect=({"warp_exile": {"what": "$warped"}},), on="end_step")
    game.delayed.append(
        {
            "on": "end_step",
            "ability": ability,
            "controller": controller,
            "source_name": perm.name,
            "event": None,
            "vars": {"warped": [perm]},
            "player": None,
        }
    )


def _specs(item: StackItem) -> tuple:
    if item.kind == "spell" and item.choices.get("mutate") and item.source is not None:
        return (mutate_spec(item.source.owner),)
    if item.kind == "spell" and item.source is not None and item.source.cdef.is_aura:
        enchant = item.source.cdef.enchant or {}
        return ({"kind": enchant.get("kind", "creature"), "filter": enchant.get("filter", {})},)
    return item.ability.targets if item.ability else ()


def _resolve_spell(game: Game, item: StackItem, legal: list, fizzled: bool) -> None:
    card = item.source
    if card is None:  # a spell is always a card or a copy (112.1a); nothing to resolve
        return
    cdef = card.cdef
    if fizzled:
        zones.put_in_zone(game, card, "graveyard")
        return
    if item.choices.get("mutate") and legal and isinstance(legal[0], Obj):
        where = decide(game, item.controller, "mutate", ["over", "under"], card.name)
        zones.merge(game, card, legal[0], over=where == "over")  # 702.140c
        return
    if cdef.is_permanent_card:
        attached = None
        if cdef.is_aura:
            target = legal[0]
            attached = target if isinstance(target, str) else target.oid
        perm = zones.enter_battlefield(game, card, item.controller, attached_to=attached, choices=item.choices)
        if item.choices.get("warp"):
            _warp_delayed(game, perm, item.controller)
        return
    ctx = Ctx(game, card, item.controller, card.name, legal, None, vars=dict(item.choices), item=item)
    run(ctx, cdef.spell.effect if cdef.spell else ())
    zones.put_in_zone(game, card, "exile" if ctx.vars.get("exile_self") else "graveyard")
