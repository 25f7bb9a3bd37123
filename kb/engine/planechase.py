"""Planechase (901), planes (311) and phenomena (312; 310 in 2012-2021).

The planar die is a special action of the active player with a cost that rises
with each roll that turn (901.9); the planeswalking ability has no source
(901.8). A face-up phenomenon is left by a state-based action (704.6f), not by
its own ability, so an encounter trigger that is countered still leads away.
Turning a planar card face down or up makes a new object (312.6, 901.7a).
"""

from __future__ import annotations

from typing import Any

from kb.engine.cards import Ability
from kb.engine.choices import choose_objects, decide
from kb.engine.durations import expire
from kb.engine.mana import pay
from kb.engine.restrictions import applies
from kb.engine.state import Game, Obj, PendingTrigger, RulesError
from kb.engine.zones import enter_battlefield, leave_battlefield, make_token, put_aura
from kb.i18n import N_

DIE_FACES = ["planeswalk", "chaos", "blank", "blank", "blank", "blank"]
PLANESWALKING_ABILITY = Ability(
    label="planeswalking ability", on="planar_die", effect=({"planar": {"do": "planeswalk_from_die"}},)
)


def _face_up(game: Game, card: Obj, player_deck: list[Obj], player: str | None = None) -> Obj:
    player_deck.remove(card)
    fresh = game.make_obj(card.cdef, card.owner, "command", card_id=card.card_id)
    fresh.face_up = True
    for marker, holder in game.turn_markers.items():
        if holder == (player or card.owner):
            fresh.chosen["marker"] = marker  # 901.14a: turned up for this turn marker
    fresh.label = card.label
    game.command.append(fresh)
    game.touch()  # a face-up plane's static abilities apply from now on
    return fresh


def _face_down_to_bottom(game: Game, card: Obj) -> Obj:
    game.command.remove(card)
    game.touch()
    fresh = game.make_obj(card.cdef, card.owner, "planar_deck", card_id=card.card_id)
    fresh.label = card.label
    game.players[card.owner].planar_deck.append(fresh)
    return fresh


def start(game: Game) -> None:
    """901.5: the starting player turns up cards until a plane; nothing triggers. In Grand Melee each player
    who starts the game with a turn marker sets a starting plane, in the order of the markers (901.14a)."""
    holders = [game.turn_markers[m] for m in sorted(game.turn_markers)] or [game.seats[0]]
    for holder in holders:
        _set_starting_plane(game, holder)


def _set_starting_plane(game: Game, holder: str) -> None:
    player = game.players[holder]
    for _ in range(len(player.planar_deck) + 1):
        if not player.planar_deck:
            raise RulesError(N_("the starting player's planar deck has no plane"))
        card = _face_up(game, player.planar_deck[0], player.planar_deck, holder)
        if "Plane" in card.cdef.types:
            return
        _face_down_to_bottom(game, card)
    raise RulesError(N_("the starting player's planar deck has no plane"))


def new_active_player(game: Game) -> None:
    """901.6: the active player is the planar controller; in Two-Headed Giant, the primary player of the
    active team (901.12b, 805.2)."""
    if game.planechase:
        game.planar_controller = game.primary(game.active)


def grand_melee_leaves(game: Game, leaving: str) -> bool:
    """901.14b, 807.4: a player with a turn marker leaves. If that reduces the number of turn markers (one for
    each full four players, 807.4a), their marker goes and their face-up planar cards go to the bottom of
    their owners' planar decks, nobody planeswalking; otherwise the player to their left takes the marker
    (807.4c). True if it was a Grand Melee marker holder."""
    mine = [m for m, holder in game.turn_markers.items() if holder == leaving]
    if not mine:
        return False
    staying = [p for p in game.in_game() if p != leaving]
    if len(staying) // 4 < len(game.turn_markers):
        for marker in mine:
            del game.turn_markers[marker]
            for card in [c for c in game.command if c.chosen.get("marker") == marker]:
                _face_down_to_bottom(game, card)
    else:
        for marker in mine:
            game.turn_markers[marker] = game.left_of(leaving)
    if game.planar_controller == leaving:
        game.planar_controller = game.next_player(leaving)
    game.touch()
    return True


def pass_planar_control(game: Game, leaving: str) -> None:
    """312.4 / 901.6: the next player in turn order who stays becomes planar controller."""
    if game.turn_markers and grand_melee_leaves(game, leaving):
        return
    if game.planechase and game.planar_controller == leaving:
        team = game.team_of(leaving)
        nxt = leaving
        for _ in range(len(game.seats)):
            nxt = game.next_player(nxt)
            if nxt not in team:
                break
        game.planar_controller = game.primary(nxt)  # 901.12b: the next team's primary player


def owner_left(game: Game, name: str) -> None:
    """901.10: the planar cards a leaving player owns leave; a face-up one is replaced at once.

    The communal deck of the single planar deck option stays (901.15b-c)."""
    if not game.planechase or game.single_planar_deck:
        return
    gone = [c for c in game.command if c.owner == name]
    game.players[name].planar_deck.clear()
    for card in gone:
        game.command.remove(card)
        card.zone = "gone"
    if not gone:
        return
    if any("Plane" in c.cdef.types for c in gone):
        for item in list(game.stack):  # 901.10a
            if item.ability is PLANESWALKING_ABILITY:
                game.stack.remove(item)
    if game.turn_markers:
        # Grand Melee: the planar controller of each card that left turns up the next one (901.10, 901.14a).
        for card in gone:
            holder = game.planar_controller_of(card)
            if holder and holder != name and not game.players[holder].left:
                _walk_to(game, holder, [], [card])
        return
    controller = game.planar_controller
    if controller and not game.players[controller].left:
        _walk_to(game, controller, [], gone)  # other face-up planar cards stay face up


def _walk_to(game: Game, player: str, arriving: list[Obj] | None, left: list[Obj]) -> list[Obj]:
    """Turn cards face up from ``player``'s planar deck (the top one if ``arriving`` is empty)."""
    deck = game.players[player].planar_deck
    cards = arriving or ([deck[0]] if deck else [])
    up = [_face_up(game, c, deck, player) for c in cards]
    if any("Plane" in c.cdef.types for c in left):
        expire(game, "planeswalk_away_from_plane")
    for card in left:
        game.emit("planeswalk_from", lookback=[card], card=card, player=player)
    for card in up:
        kind = "encounter" if "Phenomenon" in card.cdef.types else "planeswalk_to"
        game.emit(kind, card=card, player=player)
    game.events.append(
        {"kind": "planeswalked", "player": player, "to": [c.name for c in up], "from": [c.name for c in left]}
    )
    game.touch()
    return up


def planeswalk(game: Game, player: str, arriving: list[Obj] | None = None) -> list[Obj]:
    """701.31b: every face-up plane and phenomenon to the bottom, then the top card face up."""
    if game.planar_controller != player and player not in game.turn_markers.values():
        return []  # 701.31a
    # Grand Melee: only the planes and phenomena this planar controller controls (901.14).
    leaving = [c for c in game.command if not game.turn_markers or game.planar_controller_of(c) == player]
    for card in leaving:
        _face_down_to_bottom(game, card)
    return _walk_to(game, player, arriving, leaving)


def phenomenon_sba(game: Game) -> bool:
    """704.6f: a face-up phenomenon that is the source of no waiting or stacked trigger is left."""
    if not game.planechase or not game.planar_controller:
        return False
    for card in game.command:
        if "Phenomenon" not in card.cdef.types:
            continue
        busy = any(t.source is card for t in game.pending) or any(
            i.source is card for i in game.stack if i.kind == "ability"
        )
        if not busy:
            planeswalk(game, game.planar_controller_of(card) or game.planar_controller)
            return True
    return False


def roll_planar_die(game: Game, player: str, result: str | None = None) -> str:
    """901.9: a special action of the active player in a main phase with an empty stack.

    The caller gives the player priority afterwards (special.py)."""
    if not game.planechase:
        raise RulesError(N_("the planar die is rolled only in a Planechase game"))
    # 901.12d: in shared team turns each member of the active team is an active player and may roll.
    if player not in game.active_players() or game.step not in ("main1", "main2") or game.stack:
        raise RulesError(
            N_("{player} may roll the planar die only in their main phase with an empty stack"), player=player
        )
    roller = game.players[player]
    cost = roller.die_special_actions
    # 901.9, 116.2i: {0} the first time this turn, then {1} more each time, paid as any cost (601.2g-h).
    pay(game, player, "{%d}" % cost, 0, "the planar die")
    game.events.append({"kind": "die_cost", "player": player, "cost": cost})
    roller.die_special_actions += 1
    return roll_die_for(game, player, result)


def roll_die_for(game: Game, player: str, result: str | None = None) -> str:
    """Roll the planar die and apply its result: the special action's roll, or an effect's ("roll the
    planar die"), which has no cost and doesn't count toward the special action's cost (901.9)."""
    if result is None:
        result = game.random_result("planar_die", DIE_FACES)  # six faces, four of them blank (901.3a)
    elif result not in DIE_FACES:
        raise RulesError(
            N_("planar die result {result} is not one of {faces}"), result=repr(result), faces=sorted(set(DIE_FACES))
        )
    if result == "blank" and applies(game, "blank_is_chaos"):
        result = "chaos"  # Chaotic Aether
    game.events.append({"kind": "planar_die", "player": player, "result": result})
    game.emit("dice_rolled", player=player, planar=True)  # 901.9d
    if result == "chaos":
        chaos_ensues(game, player)
    elif result == "planeswalk":
        game.pending.append(
            PendingTrigger(
                PLANESWALKING_ABILITY, None, "planeswalking ability", player, {"kind": "planar_die", "player": player}
            )
        )
    return result


def chaos_ensues(game: Game, player: str | None = None) -> None:
    """311.7: the chaos abilities of face-up planes trigger (in Grand Melee, of the roller's planes)."""
    game.emit("chaos", player=player or game.planar_controller)


def token_copies(ctx: Any, p: dict) -> None:
    game = ctx.game
    made: list[tuple[str, Obj, Obj | None]] = []
    for name in game.from_player(ctx.controller):
        pool_owner = game.left_of(name) if p.get("from") == "left" else name
        pool = game.creatures(pool_owner)
        if not pool:
            continue
        picks = choose_objects(game, name, "creatures", pool, ctx.source_name, many=p.get("up_to", 1) > 1)
        if picks:
            made.append((name, picks[0], picks[1] if len(picks) > 1 else None))
    for name, first, second in made:
        counters = {}
        if second is not None and p.get("counters_from_second"):
            counters = {"+1/+1": max(0, game.chars(second).power or 0)}
        make_token(
            game,
            first.cdef,
            name,
            copy_of=first.copy_of or first.cdef,
            copy_except=dict(p.get("except", {})),
            counters=counters,
        )


def _reveal_until(game: Game, player: str, planes: int) -> list[Obj]:
    deck = game.players[player].planar_deck
    revealed: list[Obj] = []
    for card in list(deck):
        if sum("Plane" in c.cdef.types for c in revealed) >= planes:
            break
        revealed.append(card)
    return revealed


def _interplanar_tunnel(ctx: Any) -> None:
    game, you = ctx.game, ctx.controller
    deck = game.players[you].planar_deck
    revealed = _reveal_until(game, you, 5)
    planes = [c for c in revealed if "Plane" in c.cdef.types]
    if not planes:
        return
    keep = choose_objects(game, you, "plane", planes, ctx.source_name)[0]
    rest = [c for c in revealed if c is not keep]
    game.rng.shuffle(rest)
    for card in revealed:
        deck.remove(card)
    deck.insert(0, keep)
    deck.extend(rest)
    game.touch()


def _spatial_merging(ctx: Any) -> None:
    game, you = ctx.game, ctx.controller
    deck = game.players[you].planar_deck
    revealed = _reveal_until(game, you, 2)
    planes = [c for c in revealed if "Plane" in c.cdef.types]
    others = [c for c in revealed if c not in planes]
    leaving = list(game.command)
    for card in leaving:
        _face_down_to_bottom(game, card)
    _walk_to(game, you, planes, leaving)
    for card in others:
        deck.remove(card)
        deck.append(card)


def _morphic_tide(ctx: Any) -> None:
    game = ctx.game
    revealed: dict[str, list[Obj]] = {}
    for name in game.in_game():
        owned = [p for p in game.permanents() if p.owner == name]
        for perm in owned:
            leave_battlefield(game, perm, "library", "shuffle")
        game.rng.shuffle(game.players[name].library)
        revealed[name] = list(game.players[name].library[: len(owned)])
    # Artifacts, creatures, lands and planeswalkers first, then enchantments: an
    # Aura among them enchants what is on the battlefield by then, such as a
    # creature of the first group (303.4f); with nothing to enchant it stays (303.4g).
    for wanted in ({"Artifact", "Creature", "Land", "Planeswalker"}, {"Enchantment"}):
        for name in game.in_game():
            for card in revealed[name]:
                if (
                    card.zone == "library"
                    and card in game.players[name].library
                    and wanted & card.cdef.types
                    and not (card.cdef.is_aura and "Enchantment" not in wanted)
                ):
                    if card.cdef.is_aura:
                        put_aura(game, card, name, ctx.source_name)
                    else:
                        enter_battlefield(game, card, name)
    for name in game.in_game():
        library = game.players[name].library
        rest = [c for c in revealed[name] if c in library]
        library[:] = [c for c in library if c not in rest] + rest
    game.touch()


def _reality_shaping(ctx: Any) -> None:
    game = ctx.game
    for name in game.from_player(ctx.controller):
        cards = [c for c in game.players[name].hand if c.cdef.is_permanent_card]
        if not cards:
            continue
        keys = [game.label_of(c) for c in cards] + ["none"]
        pick = decide(game, name, "card", keys, ctx.source_name)
        if pick != "none":
            card = cards[keys.index(pick)]
            if card.cdef.is_aura:
                put_aura(game, card, name, ctx.source_name)
            else:
                enter_battlefield(game, card, name)


def run_verb(ctx: Any, p: dict) -> None:
    game = ctx.game
    what = p.get("do")
    if what == "planeswalk":
        planeswalk(game, ctx.controller)
    elif what == "planeswalk_from_die":
        if applies(game, "die_planeswalk_is_chaos"):
            chaos_ensues(game)  # Fixed Point in Time
        else:
            # 901.8: the roller controls the ability; a teammate of the planar controller (901.12d)
            # rolled for the team, whose planar controller planeswalks (701.31a).
            who = ctx.controller
            if game.planar_controller in game.team_of(who):
                who = game.planar_controller
            planeswalk(game, who)
    elif what == "chaos":
        chaos_ensues(game)
    elif what == "roll_planar_die":
        roll_die_for(game, ctx.controller)
    elif what == "reverse_turn_order":
        game.seats.reverse()
        game.touch()
    elif what == "interplanar_tunnel":
        _interplanar_tunnel(ctx)
    elif what == "spatial_merging":
        _spatial_merging(ctx)
    elif what == "morphic_tide":
        _morphic_tide(ctx)
    elif what == "reality_shaping":
        _reality_shaping(ctx)
    else:
        raise RulesError(N_("unknown planar action {action}"), action=repr(what))
