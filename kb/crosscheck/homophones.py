"""Chinese terms mistyped as homophones: 登记 (dēngjì, "register") typed for 等级 (děngjí, "level").

Chinese is typed by its sound: an input method offers every word read the same way, and a
translator who picks the wrong one leaves a real word, spelt right, that no dictionary check
flags. 716.2d of the Chinese text of 2023-11-17 says a permanent without a 登记 (register) has
level 1; 601.2b has 释放 (shìfàng, "release") for 施放 (shīfàng, "cast"). The readings come from
pypinyin without tones, every reading of a character that has several, so a term's form and its
mistyping meet whatever tone the input method ignored.

The check (in ``kb.crosscheck.qa.consistency``) compares a rule's translation with the dominant
forms of the terms its English names: a string read as a form but written otherwise is a finding
when the document seldom writes it (a real word used on purpose is written often).
"""

from __future__ import annotations

from typing import Iterator


class Readings:
    """Toneless readings of Chinese characters (the most common reading of each), looked up once per character
    per document; a text is read once while the checks go through the terms of its rule."""

    def __init__(self) -> None:
        from pypinyin import Style, pinyin  # imported here: pypinyin loads its dictionaries on import (~0.3 s)

        self._pinyin = pinyin
        self._style = Style.NORMAL
        self._known: dict[str, str] = {}
        self._text = ""
        self._read: tuple[str, dict[int, int]] = ("", {})

    def of(self, char: str) -> str:
        """The reading of a Chinese character; any other character reads as itself."""
        if char not in self._known:
            found = None
            if "\u3400" <= char <= "\u9fff":
                found = self._pinyin(char, style=self._style, errors="ignore")
            self._known[char] = found[0][0] if found and found[0] else char
        return self._known[char]

    def sound(self, text: str) -> str:
        return "".join("|" + self.of(char) for char in text) + "|"

    def read(self, text: str) -> tuple[str, dict[int, int]]:
        """``text`` as "|reading|reading|…|", with the character at each offset where a reading starts."""
        if text != self._text:
            starts, at = {}, 0
            for i, char in enumerate(text):
                starts[at] = i
                at += 1 + len(self.of(char))
            self._text, self._read = text, (self.sound(text), starts)
        return self._read


def homophones(text: str, form: str, readings: Readings) -> Iterator[tuple[int, str]]:
    """(offset, string) of every string of ``text`` that reads like ``form`` but is written otherwise."""
    if len(form) < 2:
        return
    spoken, index = readings.read(text)
    sound = readings.sound(form)
    at = spoken.find(sound)
    while at >= 0:
        i = index.get(at)
        if i is not None:
            part = text[i : i + len(form)]
            if part != form:
                yield i, part
        at = spoken.find(sound, at + 1)
