"""Mana costs and the mana pool (106, 107.4, 601.2g-h).

A game either takes costs as paid (``mana: free``, the default of scenarios that
are about something else) or has players pay them from their mana pool, filled by
tapping lands (``mana: paid``). Unspent mana empties at the end of each step (500.4).
"""

from __future__ import annotations

import re

from kb.engine.state import Game, RulesError
from kb.i18n import N_

COLORS = ("W", "U", "B", "R", "G", "C")
_SYMBOL = re.compile(r"\{([^}]+)\}")


def parse_cost(cost: str, x: int = 0) -> tuple[int, dict[str, int]]:
    """Generic mana and colored symbols of a cost such as "{2}{U}{U}" ({X} counts ``x``, 107.3)."""
    generic = 0
    colored: dict[str, int] = {}
    for sym in _SYMBOL.findall(cost or ""):
        if sym.isdigit():
            generic += int(sym)
        elif sym == "X":
            generic += x
        elif sym in COLORS:
            colored[sym] = colored.get(sym, 0) + 1
    return generic, colored


def pay(game: Game, player: str, cost: str, x: int = 0, what: str = "") -> None:
    """Pay ``cost`` from the player's mana pool; refused (nothing spent) if the pool can't (601.2h)."""
    if not game.pay_mana:
        return
    generic, colored = parse_cost(cost, x)
    pool = dict(game.players[player].mana)
    for sym, n in colored.items():
        if pool.get(sym, 0) < n:
            raise RulesError(
                N_("{player} can't pay {cost} for {what}: the mana pool has {pool}"),
                player=player,
                cost=cost,
                what=what,
                pool=show(game.players[player].mana),
            )
        pool[sym] -= n
    for sym in COLORS:
        take = min(generic, pool.get(sym, 0))
        pool[sym] = pool.get(sym, 0) - take
        generic -= take
    if generic:
        raise RulesError(
            N_("{player} can't pay {cost} for {what}: the mana pool has {pool}"),
            player=player,
            cost=cost,
            what=what,
            pool=show(game.players[player].mana),
        )
    game.players[player].mana = {k: v for k, v in pool.items() if v}
    game.touch()


def add(game: Game, player: str, symbols: str) -> None:
    """Add mana such as "{W}{U}" to a player's mana pool (106.4)."""
    pool = game.players[player].mana
    for sym in _SYMBOL.findall(symbols):
        pool[sym] = pool.get(sym, 0) + 1
    game.touch()


def empty_pools(game: Game) -> None:
    """500.4: mana empties from each player's mana pool at the end of each step and phase."""
    for player in game.players.values():
        player.mana = {}


def show(pool: dict[str, int]) -> str:
    """A mana pool as symbols ("{U}{W}"), or "nothing"."""
    return "".join(f"{{{sym}}}" * pool.get(sym, 0) for sym in COLORS) or "nothing"
