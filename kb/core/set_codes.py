"""The set each English edition came with, by its code, as Academy Ruins names editions
(/file/cr/WOE, /diff/cr?old=WOE&new=LCI): data/set_codes.tsv, whose header says where each pair
comes from. The resolver reads a code as its edition's date; Academy Ruins' routes answer an edition
by its code and set name where it has one.
"""

from __future__ import annotations

from functools import cache

from kb.core.paths import DATA_DIR

SET_CODES = DATA_DIR / "set_codes.tsv"


@cache  # immutable package data: the table shipped with the package
def set_codes() -> dict[str, tuple[str, str]]:
    """Each set code of data/set_codes.tsv (upper case) with its edition date and set name."""
    found: dict[str, tuple[str, str]] = {}
    for line in SET_CODES.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            code, name, edition, _source = line.split("\t")
            found[code.upper()] = (edition, name)
    return found


def set_code_edition(text: str) -> str | None:
    """The edition date a set code names, as Academy Ruins reads one (any case: it upper-cases the code);
    None for a text that is no code of the table. Only a document's own name comes before a code."""
    found = set_codes().get(text.strip().upper())
    return found[0] if found else None


def edition_set(edition: str | None) -> tuple[str, str] | None:
    """(code, set name) of the set an edition date came with; None for an edition between sets."""
    for code, (date, name) in set_codes().items():
        if date == edition:
            return code, name
    return None
