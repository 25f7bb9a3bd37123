"""The end of continuous effects whose duration is over (611.2a, 514.2)."""

from __future__ import annotations

from kb.engine.state import Game


def expire(game: Game, until: str, player: str | None = None) -> None:
    """End the effects whose duration is ``until`` (for ``player``, when it names one)."""
    for eff in game.effects:
        if eff.ended or eff.duration.get("until") != until:
            continue
        if player is not None and eff.duration.get("player") not in (None, player):
            continue
        eff.ended = True
    game.effects = [e for e in game.effects if not e.ended]
    game.touch()
