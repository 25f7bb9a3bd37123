"""Decisions players make during play, answered in advance by the scenario.

A scenario queues answers (``choose`` actions); the engine takes the first answer
queued for that player (and source, when the answer names one). With a single
option nothing needs answering; "may" defaults to yes. Anything else unanswered is
an error that says what was asked, so a scenario never depends on a hidden default.
"""

from __future__ import annotations

from typing import Any

from kb.engine.state import ChoiceNeeded, Game, Obj, q
from kb.i18n import N_


def _fits(entry: dict, player: str, kind: str, source: str) -> bool:
    if entry.get("player") not in (None, player):
        return False
    if entry.get("kind") not in (None, kind):
        return False
    want = entry.get("source")
    return want is None or str(want).casefold() == str(source).casefold()


def queued(game: Game, player: str, kind: str) -> bool:
    """Whether the scenario queued an answer of this kind for this player."""
    return any(entry.get("player") in (None, player) and entry.get("kind") == kind for entry in game.choices)


def decide(game: Game, player: str, kind: str, options: list, source: str, many: bool = False) -> Any:
    """The answer to a decision; ``options`` are plain values (labels, names, words)."""
    for i, entry in enumerate(game.choices):
        if _fits(entry, player, kind, source):
            game.choices.pop(i)
            value = entry["value"]
            if kind == "may":
                return bool(value)
            values = value if isinstance(value, list) else [value]
            for v in values:
                if options and v not in options:
                    raise ChoiceNeeded(
                        N_("{player} chose {value} for {source} ({kind}), which is not one of {options}"),
                        player=player,
                        value=q(v),
                        source=source,
                        kind=kind,
                        options=options,
                    )
            return values if many else values[0]
    if kind == "may":
        return True
    if len(options) == 1:
        return list(options) if many else options[0]
    if not options:
        return [] if many else None
    raise ChoiceNeeded(
        # TRANSLATORS: 'choose' is the name of a scenario action; keep it in English.
        N_("{player} must choose {kind} for {source} among {options}; add a 'choose' action before this step"),
        player=player,
        kind=kind,
        source=source,
        options=options,
    )


def object_key(game: Game, obj: Obj) -> str:
    """How a scenario names an object in a choice: its label, else its card name."""
    return game.label_of(obj)


def choose_objects(game: Game, player: str, kind: str, objs: list[Obj], source: str, many: bool = False) -> list[Obj]:
    keys = [object_key(game, o) for o in objs]
    picked = decide(game, player, kind, keys, source, many=True if many else False)
    picked = picked if isinstance(picked, list) else [picked]
    out = []
    for key in picked:
        if key is None:
            continue
        out.append(objs[keys.index(key)])
    return out
