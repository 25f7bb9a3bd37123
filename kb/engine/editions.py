"""The CR edition a game is played under.

The engine knows only the rule changes that alter how phasing and planechase
play out. Each change is keyed by the first CR edition that contains it, read off
the rule texts in ../shared/corpus (see docs/engine.md, "Editions"), so a game
under an older edition plays by the older rule and a reader sees the difference.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass

from kb.core.editions import is_date, normalise_edition
from kb.i18n import _

LATEST = "2026-08-07"
# Phasing became a status (not a zone) with the CR of 2009-07-11 (M10). Older
# editions put phased-out permanents in a "phased-out zone" (217.8, 502.15); the
# engine plays those rules as the CR of 2009-05-01 words them, back to the first
# edition of the corpus whose 502.15 has them all (2001-07-23).
EARLIEST = "2001-07-23"

# First edition containing each rule change (effective dates of the CR files).
CHANGES: dict[str, str] = {
    # 702.23 (M10): phasing is a status; before, the phased-out zone of 217.8.
    "phasing_is_status": "2009-07-11",
    # 506.4 removes a permanent from combat when it phases out (702.26b later
    # repeats it, since 2016-01-16).
    "phasing_removes_from_combat": "2010-07-16",
    # 702.23i: attach/unattach triggers don't trigger on phasing.
    "phasing_does_not_trigger_attach": "2010-10-01",
    # 702.25d: tokens continue to exist while phased out (702.23j/704.5d before).
    "phased_out_tokens_survive": "2017-08-25",
    # 702.25m: delayed phase-in after the controller left the game.
    "phase_in_after_controller_left": "2018-04-27",
    # 702.25e: resolved effects never include a phased-out permanent.
    "resolved_effects_skip_phased_out": "2020-08-07",
    # Planechase 2012 introduced phenomena (rule 310).
    "phenomena": "2012-06-01",
}

# Rule numbers by edition, newest first: (first edition, number).
_PHASING_NUMBERS = [
    ("2021-04-19", "702.26"),
    ("2013-07-11", "702.25"),
    ("2011-06-17", "702.24"),
    ("2009-07-11", "702.23"),
    ("2001-07-23", "502.15"),
]
_PHENOMENA_NUMBERS = [("2023-04-14", "312"), ("2021-07-12", "311"), ("2012-06-01", "310")]


class EditionError(ValueError):
    """An edition the engine cannot play (unparsable or older than phasing as a status)."""


def parse_date(text: str) -> str:
    """ISO date of an edition given as 2010-07-16, 20100716 or 2010.07.16."""
    normal = normalise_edition(str(text))
    if not is_date(normal):
        raise EditionError(_("not an edition date: {text!r} (expected YYYY-MM-DD)").format(text=text))
    try:
        day = _dt.date.fromisoformat(normal)
    except ValueError as exc:
        raise EditionError(_("not an edition date: {text!r} ({reason})").format(text=text, reason=exc)) from None
    return day.isoformat()


@dataclass(frozen=True)
class Edition:
    """A CR edition: its date and the rule changes in force."""

    date: str = LATEST

    def __deepcopy__(self, memo: dict) -> "Edition":
        return self  # immutable: a copy of a game (Game.copy) shares it

    @classmethod
    def of(cls, text: str | None) -> "Edition":
        if text is None:
            return cls()
        date = parse_date(text)
        if date < EARLIEST:
            raise EditionError(
                _("edition {edition} predates the phasing rules the engine knows ({earliest}); not playable").format(
                    edition=date, earliest=EARLIEST
                )
            )
        return cls(date)

    def has(self, change: str) -> bool:
        return self.date >= CHANGES[change]

    @property
    def phasing_rule(self) -> str:
        return _number_at(self.date, _PHASING_NUMBERS)

    @property
    def phenomena_rule(self) -> str | None:
        if not self.has("phenomena"):
            return None
        return _number_at(self.date, _PHENOMENA_NUMBERS)

    def __str__(self) -> str:
        return self.date


def _number_at(date: str, table: list[tuple[str, str]]) -> str:
    for start, number in table:
        if date >= start:
            return number
    return table[-1][1]
