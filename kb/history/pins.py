"""Hand pins: pairs the score gets wrong, fixed by a person with a one-line reason.

data/history_pins.tsv has the columns old_edition, old_number, new_edition,
new_number, reason. An edition is a date (2009-07-11) or a document name; a new
number "-" says the old rule was removed, whatever the score thinks.
"""

from __future__ import annotations

import csv
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from kb.core import paths
from kb.core.numbers import canonical
from kb.history.model import Doc

PINS_PATH = paths.DATA_DIR / "history_pins.tsv"
COLUMNS = ["old_edition", "old_number", "new_edition", "new_number", "reason"]


class Named(Protocol):
    """A document as pins read it (read-only, so a ChainDoc whose edition is always set fits)."""

    @property
    def name(self) -> str: ...

    @property
    def edition(self) -> str | None: ...


@dataclass(frozen=True)
class Pin:
    old_edition: str
    old_number: str
    new_edition: str
    new_number: str | None  # None: the old rule has no successor
    reason: str
    line: int

    def applies(self, old: Named, new: Named) -> bool:
        return self.old_edition in (old.name, old.edition) and self.new_edition in (new.name, new.edition)

    def text(self) -> str:
        return "\t".join([self.old_edition, self.old_number, self.new_edition, self.new_number or "-", self.reason])


def load_pins(path: Path = PINS_PATH) -> list[Pin]:
    """The pins of a file; a malformed line is an error naming the line."""
    if not path.exists():
        return []
    pins: list[Pin] = []
    with open(path, encoding="utf-8", newline="") as handle:
        lines = [(n, line) for n, line in enumerate(handle, 1) if line.strip() and not line.startswith("#")]
    rows = csv.reader((line for _, line in lines), delimiter="\t", quoting=csv.QUOTE_NONE)
    header = next(rows, None)
    if header != COLUMNS:
        raise ValueError(f"{path}: the first line must name the columns {', '.join(COLUMNS)}")
    for (number, _), row in zip(lines[1:], rows):
        if len(row) != len(COLUMNS) or not row[4].strip():
            raise ValueError(f"{path}:{number}: expected {len(COLUMNS)} tab-separated columns and a reason")
        new_number = None if row[3].strip() == "-" else canonical(row[3])
        pins.append(Pin(row[0].strip(), canonical(row[1]), row[2].strip(), new_number, row[4].strip(), number))
    return pins


def resolve(pins: list[Pin], old: Doc, new: Doc) -> tuple[dict[int, int], set[int]]:
    """The pinned pairs (old index -> new index) and the old nodes pinned as removed."""
    fixed: dict[int, int] = {}
    blocked: set[int] = set()
    for pin in pins:
        if not pin.applies(old, new):
            continue
        i = old.by_number.get(pin.old_number)
        if i is None:
            continue
        if pin.new_number is None:
            blocked.add(i)
        elif pin.new_number in new.by_number:
            fixed[i] = new.by_number[pin.new_number]
    return fixed, blocked


def digest(pins: list[Pin], old: Named, new: Named) -> str:
    """Identifies the pins that apply to a pair of documents, so a stored pairing knows it is stale."""
    text = "\n".join(pin.text() for pin in pins if pin.applies(old, new))
    return hashlib.sha256(text.encode()).hexdigest()[:16]
