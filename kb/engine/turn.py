"""Turns, steps and priority passing (500-514).

The untap step has no priority: its phasing event and untapping happen, and
any ability they trigger waits for the upkeep (702.26a, 503.1). A player who has
left the game gets no turns; their skipped turns are counted, because effects
"until their next turn" and 702.26n wait for the moment that turn would have begun.
"""

from __future__ import annotations

import kb.engine.combat as combat
import kb.engine.phasing as phasing
from kb.engine.durations import expire
from kb.engine.effects import _counters_added
from kb.engine.mana import empty_pools
from kb.engine.planechase import new_active_player
from kb.engine.players import draw
from kb.engine.restrictions import applies
from kb.engine.stack import give_priority, priority_point, resolve_top
from kb.engine.state import STEPS, Game, RulesError
from kb.i18n import N_

PRIORITY_STEPS = frozenset(STEPS) - {"untap", "cleanup"}


def _next_marker_turn(game: Game) -> str:
    """Grand Melee (807.4): the player who ends a turn passes the turn marker to their left (807.4c). The
    engine plays the markers' turns one after another, in marker order, rather than at the same time."""
    markers = sorted(game.turn_markers)
    mine = [m for m in markers if game.turn_markers[m] == game.active]
    if mine:
        game.turn_markers[mine[0]] = game.left_of(game.active)
        following = [m for m in markers if m > mine[0]] or markers
    else:
        following = markers
    return game.turn_markers[following[0]]


def _next_active(game: Game) -> str:
    if game.turn_markers:
        return _next_marker_turn(game)
    while game.extra_turns:
        who = game.extra_turns.pop(0)
        if not game.players[who].left:
            return who
    current = game.active
    team = game.team_of(current)
    for _ in range(len(game.seats)):
        current = game.next_player(current, include_left=True)
        if current in team and len(team) > 1:
            continue  # shared team turns: the next team takes the turn (805.4)
        player = game.players[current]
        if not player.left:
            return current
        # 800.4k: the turn doesn't begin; what waits for it still moves on.
        player.turns_skipped_since_left += 1
        expire(game, "your_next_turn", current)
        phasing.turn_would_have_begun(game, current)
    raise RulesError(N_("no player is left to take a turn"))


def begin_turn(game: Game) -> None:
    nxt = _next_active(game)
    game.turn += 1
    game.active = nxt
    for player in game.players.values():
        player.die_special_actions = 0
    for perm in game.all_permanents():
        perm.attacked_this_turn = False
    for name in game.active_players():  # each player of the active team begins this turn (805.4a)
        expire(game, "your_next_turn", name)
    new_active_player(game)
    enter_step(game, "untap")


def enter_step(game: Game, step: str) -> None:
    """Begin a step: its turn-based actions, then (if it has one) priority."""
    empty_pools(game)  # 500.4
    game.step = step
    game.priority = None
    game.passes = 0
    active = game.active
    if step == "untap":
        _untap_step(game)
        return
    if step == "upkeep":
        for name in game.active_players():
            expire(game, "your_next_upkeep", name)
        game.emit("upkeep", player=active)
    elif step == "draw":
        if not game.skip_flags.pop("skip_draw", False):
            for name in game.active_players():
                draw(game, name)
    elif step == "main1":
        _lore_counters(game, active)
    elif step == "declare_attackers":
        attack = game.skip_flags.pop("attack", None)
        if attack:
            combat.declare_attackers(game, active, attack)
    elif step == "declare_blockers":
        for player, blocks in game.skip_flags.pop("blocks", {}).items():
            combat.declare_blockers(game, player, blocks)
    elif step == "combat_damage":
        combat.combat_damage(game)
    elif step == "end_of_combat":
        game.emit("end_of_combat", player=active)
    elif step == "end":
        game.emit("end_step", player=active)
    elif step == "cleanup":
        _cleanup(game)
        return
    give_priority(game)


def _lore_counters(game: Game, active: str) -> None:
    """714.3c: as the precombat main phase begins, a lore counter on each Saga the active player controls."""
    for perm in game.permanents():
        if game.controller(perm) == active and (perm.copy_of or perm.cdef).chapters:
            before = dict(perm.counters)
            game.set_counters(perm, {**perm.counters, "lore": perm.counters.get("lore", 0) + 1})
            _counters_added(game, perm, before)


def _untap_step(game: Game) -> None:
    """The phasing event and untapping of the active player (of each player of the active team, 805.4a)."""
    active = game.active
    untapping = [p for p in game.active_players() if not applies(game, "skip_untap", player=p)]
    for name in set(game.team_of(active)) - set(untapping):
        game.events.append({"kind": "untap_skipped", "player": name})  # 702.26m: no phasing event either
    if game.players[active].left and len(game.team_of(active)) == 1:
        return
    if not untapping:
        return
    phasing.untap_step_event(game, untapping)
    for perm in game.permanents():
        if game.controller(perm) in untapping and not applies(game, "doesnt_untap", obj=perm):
            perm.tapped = False
    for name in untapping:
        expire(game, "after_untap", name)


def _cleanup(game: Game) -> None:
    for perm in game.all_permanents():  # damage wears off even where nothing can see it (514.2)
        perm.damage = 0
    expire(game, "end_of_turn")
    phasing.at_end_of_turn(game)
    priority_point(game)
    if game.stack:
        give_priority(game)  # 514.3a: players get priority, then another cleanup


def next_step(game: Game) -> None:
    if game.step == "end_of_combat":
        combat.end_combat(game)
    if game.step == "cleanup":
        if game.stack or game.pending:
            enter_step(game, "cleanup")
            return
        begin_turn(game)
        return
    i = STEPS.index(game.step)
    step = STEPS[i + 1]
    if step in ("declare_blockers", "combat_damage") and not any(p.attacking is not None for p in game.permanents()):
        step = "end_of_combat"  # 508.8
    enter_step(game, step)


def all_pass(game: Game) -> None:
    """Every player passes in succession: the top of the stack resolves, or the step ends."""
    if game.priority is None:
        next_step(game)
        return
    if game.stack:
        resolve_top(game)
        give_priority(game)
    else:
        next_step(game)


def pass_priority(game: Game, player: str | None = None) -> None:
    if game.priority is None:
        raise RulesError(N_("no player has priority in the {step} step"), step=game.step)
    if player is not None and player != game.priority:
        raise RulesError(N_("{player} doesn't have priority ({holder} has)"), player=player, holder=game.priority)
    game.passes += 1
    if game.passes >= len(game.in_game()):
        all_pass(game)
    else:
        game.priority = game.next_player(game.priority)
        height = len(game.stack)
        priority_point(game)  # 117.5: state-based actions and triggers each time a player would receive priority
        if len(game.stack) != height:
            game.passes = 0  # 117.3b: the passes in succession start over


def at(game: Game, step: str, player: str | None, turn: int | None) -> bool:
    return game.step == step and (player is None or game.active == player) and (turn is None or game.turn == turn)


def advance_to(game: Game, step: str, player: str | None = None, turn: int | None = None, limit: int = 3000) -> None:
    """Everyone passes until the given step (of the given player's turn, or turn number) begins."""
    if step not in STEPS:
        raise RulesError(N_("unknown step {step}; steps are {steps}"), step=repr(step), steps=list(STEPS))
    start = (game.turn, game.step)
    moved = False
    for _ in range(limit):
        all_pass(game)
        if game.game_over:
            return
        moved = moved or (game.turn, game.step) != start
        if moved and at(game, step, player, turn) and not (step == "cleanup" and game.stack):
            return
    raise RulesError(
        N_("never reached the {step} step (player={player}, turn={turn})"), step=step, player=player, turn=turn
    )
