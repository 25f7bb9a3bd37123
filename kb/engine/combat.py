"""Combat: declaring attackers and blockers, combat damage, removal from combat (506-511).

A creature that phases out is removed from combat (506.4, since 2010-07-16;
702.26b repeats it): it stops attacking or blocking, deals and receives no damage.
First strike is not modelled: this card pool has none.
"""

from __future__ import annotations

from kb.engine.cards import Ability
from kb.engine.players import change_life
from kb.engine.restrictions import applies, can_attack, can_block, player_protected, protected_from
from kb.engine.state import Game, Obj, PendingTrigger, RulesError
from kb.engine.triggers import obj_event
from kb.i18n import N_

EXALTED = Ability(
    label="exalted", on="attacks_alone", effect=({"pump": {"what": "event_obj", "power": 1, "toughness": 1}},)
)


def tap(game: Game, perm: Obj) -> None:
    if not perm.tapped:
        perm.tapped = True
        game.emit("becomes_tapped", **obj_event(game, perm))


def check_attackers(game: Game, player: str, attackers: list[tuple[Obj, str]]) -> None:
    """Raise if these attackers may not be declared (508.1)."""
    if player not in game.active_players():
        raise RulesError(N_("only the active player ({player}) attacks"), player=game.active)
    for creature, defender in attackers:
        ch = game.chars(creature)
        if creature.phased_out or creature.zone != "battlefield" or "Creature" not in ch.types:
            raise RulesError(
                N_("{card} can't attack: it isn't a creature on the battlefield"), card=game.label_of(creature)
            )
        if ch.controller not in game.team_of(player):  # the active team attacks together (805.10)
            raise RulesError(N_("{player} doesn't control {card}"), player=player, card=game.label_of(creature))
        if creature.tapped:
            raise RulesError(N_("{card} is tapped and can't attack"), card=game.label_of(creature))
        if (
            creature.controlled_since >= game.turn
            and "haste" not in ch.keywords
            and creature.chosen.get("phased_in_haste") != ch.controller
        ):
            raise RulesError(N_("{card} has summoning sickness and can't attack (302.6)"), card=game.label_of(creature))
        if not can_attack(game, creature) or "defender" in ch.keywords:
            raise RulesError(N_("{card} can't attack"), card=game.label_of(creature))
        if defender not in game.opponents(player):
            raise RulesError(N_("{card} can't attack {player}"), card=game.label_of(creature), player=defender)


def declare_attackers(game: Game, player: str, attackers: list[tuple[Obj, str]]) -> None:
    check_attackers(game, player, attackers)
    for creature, defender in attackers:
        if "vigilance" not in game.chars(creature).keywords:
            tap(game, creature)
        creature.attacking = defender
        creature.attacked_this_turn = True
    for creature, _ in attackers:
        game.emit("attacks", **obj_event(game, creature))
    if len(attackers) == 1:
        creature = attackers[0][0]
        for perm in game.permanents():
            if game.controller(perm) == player and "exalted" in game.chars(perm).keywords:
                game.pending.append(
                    PendingTrigger(
                        EXALTED, perm, perm.name, player, {"kind": "attacks_alone", **obj_event(game, creature)}
                    )
                )


def check_blockers(game: Game, player: str, blocks: list[tuple[Obj, Obj]]) -> None:
    """Raise if these blocks may not be declared (509.1)."""
    by_attacker: dict[int, list[Obj]] = {}
    for blocker, attacker in blocks:
        ch = game.chars(blocker)
        name = game.label_of(blocker)
        if blocker.phased_out or "Creature" not in ch.types or ch.controller != player:
            raise RulesError(N_("{card} can't block: not a creature {player} controls"), card=name, player=player)
        if blocker.tapped:
            raise RulesError(N_("{card} is tapped and can't block"), card=name)
        if not can_block(game, blocker):
            raise RulesError(N_("{card} can't block"), card=name)
        if attacker.phased_out or attacker.attacking != player:
            raise RulesError(N_("{card} isn't attacking {player}"), card=game.label_of(attacker), player=player)
        ach = game.chars(attacker)
        if "flying" in ach.keywords and "flying" not in ch.keywords:
            raise RulesError(
                N_("{card} can't block {attacker}, which has flying"), card=name, attacker=game.label_of(attacker)
            )
        if applies(game, "blockable_only_by_walls", obj=attacker) and "Wall" not in ch.subtypes:
            raise RulesError(N_("{card} can't be blocked except by Walls"), card=game.label_of(attacker))
        by_attacker.setdefault(attacker.oid, []).append(blocker)
    for attacker_oid, blockers in by_attacker.items():
        attacking = game.permanent(attacker_oid)
        assert attacking is not None, "checked above: phased in and attacking, so on the battlefield"
        if "menace" in game.chars(attacking).keywords and len(blockers) < 2:
            raise RulesError(N_("{card} has menace and needs two or more blockers"), card=game.label_of(attacking))


def declare_blockers(game: Game, player: str, blocks: list[tuple[Obj, Obj]]) -> None:
    check_blockers(game, player, blocks)
    for blocker, attacker in blocks:
        blocker.blocking = [*blocker.blocking, attacker.oid]
        attacker.blocked = True


def _damage_amount(game: Game, creature: Obj) -> int:
    ch = game.chars(creature)
    value = ch.toughness if applies(game, "damage_by_toughness") else ch.power
    return max(0, value or 0)


def deal_damage(game: Game, source: Obj, amount: int, target: Obj | str) -> None:
    if amount <= 0:
        return
    infect = "infect" in game.chars(source).keywords
    if isinstance(target, str):
        if game.players[target].left or player_protected(game, target):
            return  # 800.4e; protection prevents the damage (702.16e)
        if infect:
            for member in game.team_of(target):  # 810.10: poison counters are shared by the team
                game.change_poison(member, amount)
        else:
            change_life(game, target, -amount)
        return
    if target.phased_out or target.zone != "battlefield":
        return
    if protected_from(game, target, source):
        return
    if "Planeswalker" in game.chars(target).types and "Creature" not in game.chars(target).types:
        game.set_counters(target, {**target.counters, "loyalty": max(0, target.counters.get("loyalty", 0) - amount)})
    elif infect:
        game.set_counters(target, {**target.counters, "-1/-1": target.counters.get("-1/-1", 0) + amount})
    else:
        target.damage += amount


def combat_damage(game: Game) -> None:
    """All combat damage at once (510.2), from creatures still in combat."""
    assignments: list[tuple[Obj, int, Obj | str]] = []
    attackers = [(p, p.attacking) for p in game.permanents() if p.attacking is not None]
    for attacker, defender in attackers:
        amount = _damage_amount(game, attacker)
        blockers = [b for b in game.permanents() if attacker.oid in b.blocking]
        if not attacker.blocked:
            assignments.append((attacker, amount, defender))
            continue
        for blocker in blockers:
            lethal = max(0, (game.chars(blocker).toughness or 0) - blocker.damage)
            given = min(amount, lethal) if blocker is not blockers[-1] else amount
            if blocker is blockers[-1] and "trample" in game.chars(attacker).keywords:
                given = min(amount, lethal)
                if amount > given:
                    assignments.append((attacker, amount - given, defender))
            assignments.append((attacker, given, blocker))
            amount -= given
        for blocker in blockers:
            assignments.append((blocker, _damage_amount(game, blocker), attacker))
    for source, amount, target in assignments:
        deal_damage(game, source, amount, target)


def end_combat(game: Game) -> None:
    """At the end of the end of combat step everything leaves combat (511.3)."""
    for perm in game.all_permanents():
        perm.attacking, perm.blocking, perm.blocked = None, [], False
