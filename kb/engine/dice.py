"""Rolling dice (706): below the effects and the zones, which both roll (a spell's "roll a d20", a
permanent that enters with as many counters as a roll)."""

from __future__ import annotations

from kb.engine.restrictions import applies_count
from kb.engine.state import Game


def roll_die(game: Game, player: str, sides: int, modifier: int = 0) -> int:
    """Roll a dN for ``player`` (706.2) and return its result; "whenever you roll" abilities trigger.

    "If you would roll one or more dice, instead roll that many dice plus one and ignore the lowest roll"
    (the rule ``extra_die``, Barbarian Class) replaces the roll: an ignored roll never happened, so it
    triggers nothing (706.6)."""
    faces = [str(n) for n in range(1, sides + 1)]
    rolls = [int(game.random_result(f"d{sides}", faces))]
    for _ in range(applies_count(game, "extra_die", player=player)):
        rolls.append(int(game.random_result(f"d{sides}", faces)))
        rolls.remove(min(rolls))  # ties: the same value is ignored whichever is chosen
    result = rolls[0] + modifier
    game.events.append({"kind": "die", "player": player, "sides": sides, "result": result})
    game.emit("dice_rolled", player=player, planar=False, sides=sides, result=result)
    return result
