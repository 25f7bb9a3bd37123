"""A new game, wired to the rules that derive what its state means.

``state.Game`` holds the state only; characteristics (layers.py) and triggered
abilities (triggers.py) are passed to it here, which keeps the modules free of
import cycles: state below the rules, the rules below this module.
"""

from __future__ import annotations

from kb.engine.cards import CardPool
from kb.engine.editions import Edition
from kb.engine.layers import chars_of_unseen, compute_all
from kb.engine.state import Game, Hooks
from kb.engine.triggers import collect

HOOKS = Hooks(compute=compute_all, unseen=chars_of_unseen, collect=collect)


def new_game(pool: CardPool, players: list[str], edition: Edition | None = None, seed: int = 0) -> Game:
    """An empty game of ``players`` (in seating and turn order) with the cards of ``pool``."""
    return Game(pool, players, edition, seed, hooks=HOOKS)
