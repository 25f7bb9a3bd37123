"""Players: drawing, life, and leaving a multiplayer game (800.4a).

A player who leaves takes every object they own out of the game. A phased-out
permanent they own leaves without any zone-change ability seeing it (702.26k);
one that phased out under their control but that someone else owns waits for the
untap step after their next turn would have begun (702.26n, in phasing.py).
"""

from __future__ import annotations

from kb.engine.planechase import owner_left, pass_planar_control
from kb.engine.restrictions import life_can_change
from kb.engine.state import Game
from kb.engine.zones import leave_battlefield, put_in_zone


def draw(game: Game, name: str, count: int = 1) -> None:
    player = game.players[name]
    for _ in range(count):
        if not player.library:
            player.drew_from_empty = True  # 704.5b: loses at the next check
            return
        put_in_zone(game, player.library[0], "hand")


def change_life(game: Game, name: str, delta: int) -> None:
    if delta == 0 or game.players[name].left or not life_can_change(game, name):
        return
    for member in game.team_of(name):  # 810.9: the result is applied to the team's shared life total
        game.players[member].life += delta
        game.events.append({"kind": "life", "player": member, "delta": delta})  # what explains a life total
    game.touch()


def lose(game: Game, name: str) -> None:
    """A player loses: in a multiplayer game they leave it; with one player (or team, 810.8) left the
    game ends. A team loses together (810.8a)."""
    for member in game.team_of(name):
        leave_game(game, member)
    left = game.in_game()
    if len(left) <= 1 or all(game.team_of(p) == game.team_of(left[0]) for p in left):
        game.game_over = True


def leave_game(game: Game, name: str) -> None:
    player = game.players[name]
    if player.left:
        return
    # Owners of the planar cards as the player leaves: with the single planar deck, the leaving planar
    # controller (901.15b), whose phenomena's abilities pass to the next planar controller (901.10b).
    planar_owners = {
        item.sid: game.planar_owner(item.source)
        for item in game.stack
        if item.source is not None and item.source.cdef.is_planar
    }
    pass_planar_control(game, name)  # 312.4 / 901.6: succession first
    player.left = True
    player.left_turn = game.turn
    # Objects owned by the player leave the game.
    for perm in [p for p in game.all_permanents() if p.owner == name]:
        if perm.phased_out:
            game.battlefield.remove(perm)  # 702.26k: nothing triggers
            perm.zone = "gone"
            game.events.append({"kind": "left_phased_out", "oid": perm.oid, "to": "gone"})  # logged, triggers nothing
        else:
            leave_battlefield(game, perm, "gone", "left the game")
    for zone in (player.hand, player.library, player.graveyard, player.exile):
        zone.clear()
    for item in list(game.stack):
        from_phenomenon = item.source is not None and "Phenomenon" in item.source.cdef.types
        if item.kind == "spell" and item.source is not None and item.source.owner == name:
            game.stack.remove(item)
        elif item.controller == name and not from_phenomenon:
            game.stack.remove(item)  # abilities it controlled cease to exist
        elif from_phenomenon and planar_owners.get(item.sid) == name:
            item.controller = game.planar_controller or item.controller  # 901.10b
    game.pending = [t for t in game.pending if t.controller != name]
    # Effects giving the player control end; what they still control is exiled.
    for eff in game.effects:
        if eff.kind == "control" and eff.controller == name:
            eff.ended = True
    game.touch()
    for perm in [p for p in game.all_permanents() if game.controller(p) == name]:
        if perm.phased_out:
            put_in_zone(game, perm, "exile")  # nothing can see it go (702.26n)
            perm.zone = "exile"
            game.events.append({"kind": "left_phased_out", "oid": perm.oid, "to": "exile"})  # logged, triggers nothing
        else:
            leave_battlefield(game, perm, "exile", "left the game")
    owner_left(game, name)
    if game.priority == name:
        game.priority = game.next_player(name)
    game.events.append({"kind": "left_game", "player": name})
