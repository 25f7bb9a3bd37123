"""Rule numbers of the Comprehensive Rules as a value type.

Rule numbers are never compared as strings: "100.2" sorts before "100.10", the
subrule letters skip "l" and "o", and after "z" come "aa", "ab", ... (704.5aa).
Four kinds of node exist, each addressable on its own:

    section   "7"        (the CR's "section 7", a chapter of the contents)
    chapter   "702"      (the CR's "rule 702", a heading of the contents)
    rule      "702.26"
    subrule   "702.26b"
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from kb.core.errors import BadRuleNumber
from kb.i18n import _

SKIPPED_LETTERS = frozenset("lo")
LETTERS = "".join(c for c in "abcdefghijklmnopqrstuvwxyz" if c not in SKIPPED_LETTERS)

KINDS = ("section", "chapter", "rule", "subrule")

_NUMBER = re.compile(
    r"^\s*(?:(?P<section>\d)|(?P<chapter>\d{3})(?:\.(?P<rule>\d{1,3})(?P<letter>[a-z]{1,2})?)?)\.?\s*$",
    re.IGNORECASE,
)
# A range: "601.2a–h", "704.5m-p", "702.26a..p", "702.26a-702.26p", "100.1–100.3".
_RANGE_PATTERN = r"^\s*(?P<start>\d{3}(?:\.\d{1,3}[a-z]{0,2})?)\.?\s*(?:-|–|—|‑|\.\.|~|〜|～|to)\s*(?P<end>\d{3}(?:\.\d{1,3}[a-z]{0,2})?|[a-z]{1,2}|\d{1,3})\.?\s*$"


@lru_cache(maxsize=1)
def _range_regex() -> re.Pattern:
    """Compiled on first use: a plain lookup never needs it, and start-up time counts."""
    return re.compile(_RANGE_PATTERN, re.IGNORECASE)


RuleNumberError = BadRuleNumber  # the name the parsers have always raised


def letter_index(letters: str) -> tuple[int, str]:
    """Sort key of a subrule letter run: shorter first, then alphabetical."""
    return (len(letters), letters)


def next_letters(letters: str) -> str:
    """The letters after ``letters`` in the CR's sequence (k, m, n, p ... z, aa)."""
    chars = list(letters)
    i = len(chars) - 1
    while i >= 0:
        pos = LETTERS.find(chars[i])
        if pos < 0:
            # A letter the CR skips ("l", "o") still has a successor.
            following = [c for c in LETTERS if c > chars[i]]
            chars[i] = following[0]
            return "".join(chars)
        if pos + 1 < len(LETTERS):
            chars[i] = LETTERS[pos + 1]
            return "".join(chars)
        chars[i] = LETTERS[0]
        i -= 1
    return LETTERS[0] + "".join(chars)


def previous_letters(letters: str) -> str | None:
    """The letters before ``letters`` in the CR's sequence, None before "a"."""
    chars = list(letters)
    i = len(chars) - 1
    while i >= 0:
        pos = LETTERS.find(chars[i])
        if pos < 0:
            preceding = [c for c in LETTERS if c < chars[i]]
            chars[i] = preceding[-1]
            return "".join(chars)
        if pos > 0:
            chars[i] = LETTERS[pos - 1]
            return "".join(chars)
        chars[i] = LETTERS[-1]
        i -= 1
    rest = "".join(chars[1:])
    return rest or None


@dataclass(frozen=True)
class RuleNumber:
    """One node of the rules: a section, chapter, rule or subrule."""

    section: int
    chapter: int | None = None
    rule: int | None = None
    letters: str | None = None

    @classmethod
    def parse(cls, text: str) -> "RuleNumber":
        """Read "702.26b", "702.26B.", " 702.26 ", "702." or "7." into a number."""
        if isinstance(text, RuleNumber):
            return text
        return _parse_cached(str(text))

    @classmethod
    def _parse(cls, text: str) -> "RuleNumber":
        match = _NUMBER.match(text)
        if not match:
            raise RuleNumberError(
                _(
                    "{text!r} is not a rule number (expected a section like '7', a chapter like "
                    "'702', a rule like '702.26' or a subrule like '702.26b')"
                ).format(text=text)
            )
        if match["section"] is not None:
            return cls(int(match["section"]))
        chapter = int(match["chapter"])
        if chapter < 100:
            raise RuleNumberError(_("{text!r} is not a rule number (chapters run from 100 to 999)").format(text=text))
        rule = int(match["rule"]) if match["rule"] is not None else None
        letters = match["letter"].lower() if match["letter"] else None
        return cls(chapter // 100, chapter, rule, letters)

    @classmethod
    def try_parse(cls, text: str) -> "RuleNumber | None":
        try:
            return cls.parse(text)
        except RuleNumberError:
            return None

    @property
    def kind(self) -> str:
        if self.chapter is None:
            return "section"
        if self.rule is None:
            return "chapter"
        if self.letters is None:
            return "rule"
        return "subrule"

    @property
    def depth(self) -> int:
        return KINDS.index(self.kind)

    @property
    def parent(self) -> "RuleNumber | None":
        kind = self.kind
        if kind == "section":
            return None
        if kind == "chapter":
            return RuleNumber(self.section)
        if kind == "rule":
            return RuleNumber(self.section, self.chapter)
        return RuleNumber(self.section, self.chapter, self.rule)

    def ancestors(self) -> list["RuleNumber"]:
        """Parents from the nearest up to the section."""
        found = []
        node = self.parent
        while node is not None:
            found.append(node)
            node = node.parent
        return found

    def is_within(self, other: "RuleNumber") -> bool:
        """True when self is other or lies in other's subtree."""
        return self == other or other in self.ancestors()

    def sort_key(self) -> tuple:
        return (
            self.section,
            -1 if self.chapter is None else self.chapter,
            -1 if self.rule is None else self.rule,
            (0, "") if self.letters is None else letter_index(self.letters),
        )

    @cached_property
    def sort_text(self) -> str:
        """A string that sorts like the number, for ORDER BY in SQL ("7.702.0026.1b"); kept, as parsed
        numbers are shared (lookups ask for it thousands of times a second)."""
        parts = [str(self.section)]
        if self.chapter is not None:
            parts.append(f"{self.chapter:03d}")
        if self.rule is not None:
            parts.append(f"{self.rule:04d}")
        if self.letters is not None:
            parts.append(f"{len(self.letters)}{self.letters}")
        return ".".join(parts)

    def __lt__(self, other: "RuleNumber") -> bool:
        return self.sort_key() < other.sort_key()

    def __le__(self, other: "RuleNumber") -> bool:
        return self.sort_key() <= other.sort_key()

    def __gt__(self, other: "RuleNumber") -> bool:
        return self.sort_key() > other.sort_key()

    def __ge__(self, other: "RuleNumber") -> bool:
        return self.sort_key() >= other.sort_key()

    def __str__(self) -> str:
        return self._text

    @cached_property
    def _text(self) -> str:
        kind = self.kind
        if kind == "section":
            return str(self.section)
        if kind == "chapter":
            return str(self.chapter)
        return f"{self.chapter}.{self.rule}{self.letters or ''}"

    def __repr__(self) -> str:
        return f"RuleNumber({str(self)!r})"

    @cached_property
    def anchor(self) -> str:
        """The link anchor bots already use ("#R70226b" for 702.26b)."""
        return "#R" + str(self).replace(".", "")

    def successor(self) -> "RuleNumber":
        """The next number of the same kind by numbering alone (not document order)."""
        kind, chapter, rule, letters = self.kind, self.chapter or 0, self.rule or 0, self.letters or ""
        if kind == "section":
            return RuleNumber(self.section + 1)
        if kind == "chapter":
            return RuleNumber((chapter + 1) // 100, chapter + 1)
        if kind == "rule":
            return RuleNumber(self.section, chapter, rule + 1)
        return RuleNumber(self.section, chapter, rule, next_letters(letters))

    def predecessor(self) -> "RuleNumber | None":
        """The previous number of the same kind by numbering alone, None at the start."""
        kind, chapter, rule = self.kind, self.chapter or 0, self.rule or 0
        if kind == "section":
            return RuleNumber(self.section - 1) if self.section > 1 else None
        if kind == "chapter":
            return RuleNumber((chapter - 1) // 100, chapter - 1) if chapter > 100 else None
        if kind == "rule":
            return RuleNumber(self.section, chapter, rule - 1) if rule > 1 else None
        letters = previous_letters(self.letters or "")
        return RuleNumber(self.section, chapter, rule, letters) if letters else None


@lru_cache(maxsize=1 << 16)
def _parse_cached(text: str) -> RuleNumber:
    """Numbers are immutable, and the same few thousand are parsed over and over."""
    return RuleNumber._parse(text)


def canonical(text: str) -> str:
    """The canonical spelling of a rule number ("702.26B." -> "702.26b")."""
    return str(RuleNumber.parse(text))


def sort_numbers(numbers: Iterable[str | RuleNumber]) -> list[RuleNumber]:
    return sorted(n if isinstance(n, RuleNumber) else RuleNumber.parse(n) for n in numbers)


@dataclass(frozen=True)
class RuleRange:
    """An inclusive run of numbers of one kind, like 601.2a–h."""

    start: RuleNumber
    end: RuleNumber

    @classmethod
    def parse(cls, text: str) -> "RuleRange":
        """Read "601.2a–h", "704.5m-p", "702.26a..p", "702.26a-702.26p", "100.1–3"."""
        match = _range_regex().match(text)
        if not match:
            raise RuleNumberError(
                _("{text!r} is not a rule range (expected e.g. '601.2a–h', '704.5m-p' or '702.26a..p')").format(
                    text=text
                )
            )
        start = RuleNumber.parse(match["start"])
        end_text = match["end"]
        if end_text.isalpha():
            if start.kind != "subrule":
                raise RuleNumberError(_("{text!r}: a letter can only end a range of subrules").format(text=text))
            end = RuleNumber(start.section, start.chapter, start.rule, end_text.lower())
        elif end_text.isdigit() and "." not in end_text:
            if start.kind == "rule":
                end = RuleNumber(start.section, start.chapter, int(end_text))
            elif start.kind == "chapter" and len(end_text) == 3:
                end = RuleNumber.parse(end_text)
            else:
                raise RuleNumberError(
                    _("{text!r}: the end {end!r} does not fit the start {start}").format(
                        text=text, end=end_text, start=start
                    )
                )
        else:
            end = RuleNumber.parse(end_text)
        return cls.between(start, end, text)

    @classmethod
    def between(cls, start: RuleNumber, end: RuleNumber, text: str | None = None) -> "RuleRange":
        label = text or f"{start}-{end}"
        if start.kind != end.kind:
            raise RuleNumberError(_("{text!r}: both ends of a range must be of one kind").format(text=label))
        if start.parent != end.parent and start.kind != "chapter":  # chapters are one run: "100-300"
            raise RuleNumberError(_("{text!r}: both ends of a range must have the same parent").format(text=label))
        if end < start:
            raise RuleNumberError(_("{text!r}: the range ends before it starts").format(text=label))
        return cls(start, end)

    def __contains__(self, number: RuleNumber) -> bool:
        return (
            number.kind == self.start.kind
            and (number.parent == self.start.parent or number.kind == "chapter")
            and self.start <= number <= self.end
        )

    def expand(self, present: Iterable[RuleNumber] | None = None) -> list[RuleNumber]:
        """The numbers of the range in document order.

        With ``present`` (the numbers a document has) only those are returned; without it
        the numbering sequence is generated, skipping the letters "l" and "o".
        """
        if present is not None:
            return sorted(n for n in present if n in self)
        found: list[RuleNumber] = []
        node = self.start
        while node <= self.end and len(found) < 1000:
            found.append(node)
            node = node.successor()
        return found

    def __str__(self) -> str:
        if self.start.kind == "subrule":
            return f"{self.start}–{self.end.letters}"
        return f"{self.start}–{self.end}"


def parse_reference(text: str) -> RuleNumber | RuleRange:
    """A single number or a range, whichever the text is."""
    number = RuleNumber.try_parse(text)
    if number is not None:
        return number
    return RuleRange.parse(text)
