"""What a card's Oracle text says about the rules: wording every card of a kind uses, and the rules
that govern it (data/oracle_rules.tsv).

A question about Platinum Angel is answered by 104.3 and 101.2 although its text holds no keyword:
"You can't lose the game" is a can't that beats the ways to lose. The rules terms of a card
(kb.cards.terms) find its keywords and glossary words; this module reads what its sentences do —
"instead" makes a replacement effect (614.1a), "When ... enters" an enters-the-battlefield trigger
(603.6a), "As long as" a static ability's continuous effect (611.3a), a type line's "Aura" the rules
of attaching (303.4). Two cards named together whose texts both make continuous effects (or both
triggers, or a trigger and a replacement) add the rules of how such effects interact (613.1,
616.1, 603.3b): the table's ``together`` rows.

The table is data, checked as it is read: a bad row is a BadInputFile naming the file, the line
and what was expected.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from kb.core.errors import BadInputFile
from kb.core.numbers import RuleNumber
from kb.core.paths import DATA_DIR
from kb.core.tables import table_rows

ORACLE_RULES = DATA_DIR / "oracle_rules.tsv"
HEADER = ["field", "pattern", "rules", "effect", "searched", "why"]
FIELDS = ("text", "type", "cost", "together")
EFFECTS = ("continuous", "replacement", "prevention", "trigger")
_REMINDER = re.compile(r"\([^()]*\)")  # reminder text restates a keyword: not what the card says
SHOWN_CHARS = 40  # the card's words shown for a row ("can't lose the game"), at most


@dataclass(frozen=True)
class Row:
    """One row of the table: a wording and the rules it points to."""

    field: str
    pattern: re.Pattern[str] | None  # None for a together row
    rules: tuple[str, ...]
    effect: str | None  # None: the wording makes no effect the table joins
    why: str
    line: int
    pair: tuple[str, str] | None = None  # a together row's two effects
    searched: tuple[str, ...] = ()  # a together row's words, searched with the question


@dataclass(frozen=True)
class Said:
    """What one wording of a card says: the card's words as matched, and the rules."""

    words: str  # the card's own words ("can't lose the game"), cut to SHOWN_CHARS
    rules: tuple[str, ...]
    effect: str | None
    line: int  # the table's line, for a reader who asks why
    field: str = "text"  # where on the card: "text", "type" (the type line) or "cost" (the mana cost)
    start: int = -1  # the words' place in that field as printed, reminder text included
    end: int = -1
    why: str = ""  # the table's reason

    def shown(self) -> str:
        """As "Also searched as" shows it: the words and the first rule ("can't lose the game → 104.3")."""
        return f"{self.words} → {self.rules[0]}"


def parse_table(text: str, origin: str) -> list[Row]:
    """The rows of the table's text; a bad row is a BadInputFile naming ``origin``, the line and what
    was expected."""
    rows: list[Row] = []
    for number, cells in table_rows(text, origin, HEADER):
        field, pattern, rules, effect, searched, why = cells
        if field not in FIELDS:
            raise BadInputFile(f"{origin}, line {number}: unknown field {field!r} (expected one of {FIELDS})")
        numbers = tuple(part.strip() for part in rules.split(";") if part.strip())
        if not numbers:
            raise BadInputFile(f"{origin}, line {number}: expected at least one rule number")
        for rule in numbers:
            if RuleNumber.try_parse(rule) is None:
                raise BadInputFile(f"{origin}, line {number}: {rule!r} is not a rule number")
        if field == "together":
            pair = tuple(pattern.split("+"))
            if len(pair) != 2 or not all(part in EFFECTS for part in pair):
                raise BadInputFile(
                    f"{origin}, line {number}: expected two effects joined by + (each one of {EFFECTS}), "
                    f"found {pattern!r}"
                )
            words = tuple(part.strip() for part in searched.split(";") if part.strip())
            rows.append(Row(field, None, numbers, None, why, number, (pair[0], pair[1]), words))
            continue
        if searched:
            raise BadInputFile(f"{origin}, line {number}: only a together row has searched words (found {searched!r})")
        if effect != "-" and effect not in EFFECTS:
            raise BadInputFile(f"{origin}, line {number}: unknown effect {effect!r} (expected - or one of {EFFECTS})")
        try:
            compiled = re.compile(pattern, re.IGNORECASE)
        except re.error as error:
            raise BadInputFile(f"{origin}, line {number}: the pattern is no regular expression ({error})") from None
        if compiled.search(""):
            raise BadInputFile(f"{origin}, line {number}: the pattern matches an empty text (expected wording)")
        rows.append(Row(field, compiled, numbers, None if effect == "-" else effect, why, number))
    return rows


@lru_cache(maxsize=4)
def _load(path: Path, stamp: int) -> tuple[Row, ...]:
    return tuple(parse_table(path.read_text(encoding="utf-8"), str(path)))


def load(path: Path = ORACLE_RULES) -> tuple[Row, ...]:
    """The table of ``path``, read again when the file changes."""
    return _load(path, path.stat().st_mtime_ns)


def said(oracle_text: str, type_line: str = "", mana_cost: str = "", rows: tuple[Row, ...] | None = None) -> list[Said]:
    """What a card's text, type line and mana cost say about the rules, in the table's order; each rule
    once (the first row that gives it keeps it). Reminder text is left out."""
    rows = load() if rows is None else rows
    fields = {
        "text": _as_read(oracle_text or ""),
        "type": (type_line or "", list(range(len(type_line or "") + 1))),  # matched as printed
        "cost": (mana_cost or "", list(range(len(mana_cost or "") + 1))),
    }
    found: list[Said] = []
    given: set[str] = set()
    for row in rows:
        if row.pattern is None:
            continue
        read, places = fields[row.field]
        match = row.pattern.search(read)
        if match is None:
            continue
        rules = tuple(rule for rule in row.rules if rule not in given)
        if not rules:
            continue
        given.update(rules)
        start, end = places[match.start()], places[match.end() - 1] + 1
        found.append(Said(_shown_words(match.group(0)), rules, row.effect, row.line, row.field, start, end, row.why))
    return found


def _as_read(text: str) -> tuple[str, list[int]]:
    """``text`` as the table's patterns read it (reminder text left out, a curly apostrophe straight),
    and for each of its characters (and its end) the place of that character in ``text``: a card view
    shows where on the printed card each wording stands."""
    kept: list[str] = []
    places: list[int] = []
    last = 0
    for reminder in [*_REMINDER.finditer(text), None]:
        stop = reminder.start() if reminder is not None else len(text)
        kept.append(text[last:stop])
        places.extend(range(last, stop))
        if reminder is not None:
            last = reminder.end()
    places.append(len(text))
    return "".join(kept).replace("’", "'"), places


def together(effects: list[set[str]], rows: tuple[Row, ...] | None = None) -> list[str]:
    """The rules of how the effects of several cards interact: for each together row, whether two of
    the cards (``effects``: each card's set of effects) make its two effects, one each. Two cards'
    continuous effects add the layers (613.1, 613.7, 613.8); one card alone adds nothing."""
    rows = load() if rows is None else rows
    rules: list[str] = []
    for row in rows:
        if row.pair is None:
            continue
        if _both(row.pair, effects):
            rules.extend(rule for rule in row.rules if rule not in rules)
    return rules


def together_words(effects: list[set[str]], rows: tuple[Row, ...] | None = None) -> list[str]:
    """The rules' words of the together rows that apply to the cards (``effects`` as for `together`),
    each once: searched with the question, so that the rules of the interaction are among what it finds."""
    rows = load() if rows is None else rows
    words: list[str] = []
    for row in rows:
        if row.pair is not None and _both(row.pair, effects):
            words.extend(word for word in row.searched if word not in words)
    return words


def _both(pair: tuple[str, str], effects: list[set[str]]) -> bool:
    """Whether two different cards make the pair's two effects, one each."""
    first, second = pair
    return any(
        first in mine and second in theirs
        for i, mine in enumerate(effects)
        for j, theirs in enumerate(effects)
        if i != j
    )


def _shown_words(words: str) -> str:
    """The card's words as matched, on one line and cut to SHOWN_CHARS."""
    words = " ".join(words.split())
    return words if len(words) <= SHOWN_CHARS else words[: SHOWN_CHARS - 1].rstrip() + "…"
