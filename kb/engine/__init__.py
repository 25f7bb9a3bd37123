"""A rules engine for phasing and Planechase, played by the rules of a chosen CR edition.

It knows nothing of the rule database: it imports only the core (kb.i18n, kb.core.numbers) from kb,
and the card folder is passed in (load_pool), never found by a path of its own.
Entry points: ``new_game`` (game.py) with the actions of stack.py, special.py, turn.py,
planechase.py; ``build`` (setup.py) and ``Runner`` (runner.py) for scenarios.
"""

from kb.engine.cards import CardPool, load_pool
from kb.engine.editions import Edition, EditionError
from kb.engine.runner import Failure, Runner
from kb.engine.setup import InputError, build
from kb.engine.state import ChoiceNeeded, Game, RulesError

__all__ = [
    "CardPool",
    "ChoiceNeeded",
    "Edition",
    "EditionError",
    "Failure",
    "Game",
    "InputError",
    "Runner",
    "RulesError",
    "build",
    "load_pool",
]
