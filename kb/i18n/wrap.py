"""Line breaking for text without spaces (Japanese, Chinese) in terminal columns.

click wraps help at spaces and counts characters; a Japanese help text has no spaces
and its characters take two columns, so it came out as one overlong line and its
short help as "...". These functions measure columns and may break between any two
wide characters, keeping the line-start and line-end rules (kinsoku) for punctuation.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Sequence

NO_LINE_START = set("、。，．,.)）」』】〕〉》！？!?：:；;・ーぁぃぅぇぉっゃゅょァィゥェォッャュョ々")
NO_LINE_END = set("（(「『【〔〈《")
SENTENCE_END = "。！？"
_ATOMS = re.compile(r"\s+|[^\s]")


def char_width(char: str) -> int:
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def display_width(text: str) -> int:
    """Terminal columns the text takes."""
    return sum(map(char_width, text))


def has_wide(text: str) -> bool:
    return any(char_width(char) == 2 for char in text)


def _atoms(text: str) -> list[str]:
    """Unbreakable pieces: a wide character (with its punctuation), a run of narrow ones, a space."""
    atoms: list[str] = []
    for piece in _ATOMS.findall(text):
        previous = atoms[-1] if atoms else " "
        if piece.isspace():
            atoms.append(" ")
        elif previous != " " and (
            piece in NO_LINE_START or previous[-1] in NO_LINE_END or char_width(piece) == char_width(previous[-1]) == 1
        ):
            atoms[-1] += piece
        else:
            atoms.append(piece)
    return atoms


def wrap_wide(text: str, width: int, first_width: int | None = None) -> list[str]:
    """The lines of ``text`` (whitespace collapsed) at most ``width`` columns wide (the first ``first_width``)."""
    lines: list[str] = []
    line, space = "", False
    limit = width if first_width is None else first_width
    for atom in _atoms(text.strip()):
        if atom == " ":
            space = bool(line)
            continue
        joined = line + (" " if space else "") + atom
        if line and display_width(joined) > limit:
            lines.append(line)
            line, limit = atom, width
        else:
            line = joined
        space = False
    if line:
        lines.append(line)
    return lines


def shorten_wide(text: str, limit: int) -> str:
    """The first sentence of the first paragraph if it fits in ``limit`` columns, else its start and "..."."""
    paragraph = " ".join(text.partition("\n\n")[0].split())
    ends = [paragraph.find(mark) for mark in SENTENCE_END if mark in paragraph]
    sentence = paragraph[: min(ends) + 1] if ends else paragraph
    if display_width(sentence) <= limit:
        return sentence
    cut = ""
    for char in sentence:
        if display_width(cut + char) > limit - 3:
            break
        cut += char
    return cut.rstrip() + "..."


def ljust(text: str, columns: int) -> str:
    """``text`` padded with spaces to ``columns`` terminal columns."""
    return text + " " * max(0, columns - display_width(text))


def rjust(text: str, columns: int) -> str:
    return " " * max(0, columns - display_width(text)) + text


def table(rows: Sequence[Sequence[str]], right: Collection[int] = (), sep: str = " ") -> list[str]:
    """Rows as lines of aligned columns (``right``: the indexes aligned right), by terminal columns.

    Translated headings and long dates vary in width per language, so columns are sized
    by what they hold rather than fixed.
    """
    if not rows:
        return []
    widths = [max(display_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        sep.join(
            rjust(cell, widths[i]) if i in right else ljust(cell, widths[i]) for i, cell in enumerate(row)
        ).rstrip()
        for row in rows
    ]
