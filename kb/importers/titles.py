"""Document titles as a reader lists them: the name of the text, not its first line whatever it is.

The first lines of a rules file are not always its title: the Japanese translation opens with
its copyright notice, 23 English editions write "_Magic: The Gathering_" with the italic
underscores of their source, two carry a U+FFFD where a ® was lost and one an "r" for it.
"""

from __future__ import annotations

import re

_LEGAL = re.compile(r"著作権|版权|copyright|©|\(c\)|all rights reserved|wizards of the coast", re.I)
_ITALICS = re.compile(r"(?<![\w_])_{1,2}([^_\n]+?)_{1,2}(?![\w_])")
_LOST_MARK = re.compile(r"[\ufffd®™]|(?<=Gathering)r\b")
_URL = re.compile(r"https?://")
# A note in parentheses, a contents heading, a numbered heading of the contents.
_NOT_TITLE = re.compile(r"^(?:[(（].*[)）]|もくじ|目次|目录|contents|inhalt|содержание|\d+\.\s.*)$", re.I)
_SENTENCE_END = ("。", ".", "．")


def clean_title(line: str | None) -> str | None:
    """A title from a candidate line, or None when the line is no title (a legal notice, a sentence)."""
    if not line:
        return None
    text = _ITALICS.sub(r"\1", line)
    text = _LOST_MARK.sub("", text)
    text = " ".join(text.split()).strip(" =*#'_")
    if not text or _LEGAL.search(text) or _URL.search(text) or _NOT_TITLE.match(text):
        return None
    if len(text) > 100 or (text.endswith(_SENTENCE_END) and len(text) > 40):
        return None
    return text


def first_title(lines: list[str]) -> str | None:
    """The first line among ``lines`` that is a title."""
    return next((title for line in lines if (title := clean_title(line)) is not None), None)
