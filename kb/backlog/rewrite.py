"""Mechanical updates of a translation: cited rule numbers rewritten through the renumbering.

The English text tells which numbers changed ("see rule 728" became "see rule 729"); the
same numbers are rewritten in the translation. The number pattern of kb.history.text
treats any letter as part of a word, and in Chinese or Japanese a number stands right
against the words ("规则506.4", "rule 506.4 参照"), so only Latin letters and digits
count as neighbours here.
"""

from __future__ import annotations

import re

from kb.history.text import changed_numbers
from kb.i18n import _

CITED = re.compile(r"(?<![0-9A-Za-z.])\d{3}(?:\.\d{1,3}[a-z]{0,2})?(?![0-9A-Za-z]|\.\d)")


def number_changes(old_english: str, new_english: str) -> dict[str, str] | None:
    """Old number -> new number where two English texts differ in cited numbers only, else None."""
    pairs = changed_numbers(old_english, new_english)
    if pairs is None:
        return None
    mapping: dict[str, str] = {}
    for old, new in pairs:
        if mapping.setdefault(old, new) != new:
            return None  # one number became two different ones: no mechanical update
    return mapping


def rewrite_numbers(
    translation: str, changes: dict[str, str], english: str | None = None
) -> tuple[str, list[str], list[str]]:
    """The translation with every cited number of ``changes`` replaced at once (so 722 -> 723 and
    723 -> 724 do not chain), the old numbers it does not cite, and notes.

    A translation may cite a stale number where its English cites the right one (the Japanese
    text of 2026-01-16 still cites 725 "Restarting the Game", which the English had moved to
    726). When the translation cites as many numbers as the ``english`` text, in the same
    order, the number in the same place is rewritten instead, and a note says so.
    """
    if not changes:
        return translation, [], []
    updated, missing = _by_value(translation, changes)
    if missing and english is not None:
        positional = _by_position(translation, changes, english)
        if positional is not None:
            return positional[0], [], positional[1]
    return updated, missing, []


def _by_position(translation: str, changes: dict[str, str], english: str) -> tuple[str, list[str]] | None:
    cited = [m.group() for m in CITED.finditer(english)]
    ours = list(CITED.finditer(translation))
    if len(cited) != len(ours):
        return None
    for k, match in enumerate(ours):
        if match.group() != cited[k] and match.group() in cited:
            return None  # the translation cites the same numbers in another order
    notes: list[str] = []
    out: list[str] = []
    pos = 0
    for match, number in zip(ours, cited):
        out.append(translation[pos : match.start()])
        if number in changes:
            out.append(changes[number])
            if match.group() != number:
                notes.append(
                    _("the translation cited {ours} where the English cites {english}; now {new}").format(
                        ours=match.group(), english=number, new=changes[number]
                    )
                )
        else:
            out.append(match.group())
        pos = match.end()
    out.append(translation[pos:])
    return "".join(out), notes


def _by_value(translation: str, changes: dict[str, str]) -> tuple[str, list[str]]:
    seen: set[str] = set()

    def replace(match: re.Match) -> str:
        number = match.group()
        if number in changes:
            seen.add(number)
            return changes[number]
        return number

    updated = CITED.sub(replace, translation)
    return updated, [n for n in changes if n not in seen]
