"""Special actions and mana abilities: they use no stack, and the player keeps priority (116, 605, 117.3c).

Playing a land (305), rolling the planar die (901.9) and tapping a land for
mana (a mana ability, 605.3); each ends with the checks a priority point makes.
"""

from __future__ import annotations

import kb.engine.planechase as planechase
from kb.engine.combat import tap
from kb.engine.mana import add
from kb.engine.stack import after_action, needs_sorcery_timing
from kb.engine.state import Game, Obj, RulesError
from kb.engine.zones import enter_battlefield
from kb.i18n import N_


def play_land(game: Game, player: str, card: Obj) -> Obj:
    """Play a land: a special action in the player's main phase with an empty stack (305.1)."""
    needs_sorcery_timing(game, player)
    if "Land" not in card.cdef.types:
        raise RulesError(N_("{card} is not a land"), card=card.name)
    perm = enter_battlefield(game, card, player)
    after_action(game, player)
    return perm


def tap_for_mana(game: Game, player: str, perm: Obj, label: str) -> str:
    """Tap a land for mana (605.3a): the mana goes to the player's mana pool."""
    if game.controller(perm) != player or "Land" not in game.chars(perm).types or perm.tapped:
        raise RulesError(N_("{card} is not an untapped land {player} controls"), card=label, player=player)
    tap(game, perm)
    color = land_mana(perm)
    add(game, player, "{" + color + "}")
    after_action(game, player)
    return color


BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def land_mana(perm: Obj) -> str:
    """The mana a land makes: its card's ``mana`` or that of its basic land type (305.6)."""
    cdef = perm.copy_of or perm.cdef
    if cdef.mana:
        return cdef.mana
    for subtype, color in BASIC_MANA.items():
        if subtype in cdef.subtypes or cdef.name == subtype:
            return color
    return "C"


def roll_planar_die(game: Game, player: str, result: str | None = None) -> str:
    """The planar die as the special action of 901.9; the player receives priority again."""
    rolled = planechase.roll_planar_die(game, player, result)
    after_action(game, player)
    return rolled
