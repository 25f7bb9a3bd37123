"""Source anomalies of rule texts: repaired where the intent is certain, reported where not.

Official CR files carry typos in their rule numbers: "702. 37a Storm" (a stray space),
"119.1d." (a dot after a subrule number), "605.2c" between 609.2b and 609.4 (a digit
out of place), a letter or a whole rule number repeated. Stored as printed, such a line
becomes a rule with the wrong number (or the wrong text) and breaks the tree every
feature walks. Each repair and each anomaly left alone is a ``SourceWarning`` naming
the file, the line and what was done, so an import never changes a text silently.

Two kinds of check live here: how one line's number is read (``read_spaced``,
``read_spaced_letter``, ``read_missing_digits``, ``strip_repeated_number``,
``separator_anomaly``), called by the importer while it reads, and ``repair_sequence``,
one pass over the rules of a document once they are read, which needs what came before
a rule and which numbers the document prints anywhere. The importer runs that pass only
when some number does not simply ``follows`` the one before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise

from kb.core.model import Serialisable
from kb.core.numbers import LETTERS, RuleNumber, next_letters
from kb.i18n import N_, _
from kb.importers.records import Rule

# What each kind of anomaly says; "left" kinds are reported and the text kept as printed.
MESSAGES = {
    "space-in-number": N_("read {printed!r} as rule {repaired} (a space inside the number)"),
    "space-before-dot": N_("read {printed!r} as {repaired} (a space before the dot)"),
    "dot-after-subrule": N_("read {printed!r} as rule {repaired} (a dot after a subrule number)"),
    "space-after-number": N_("read {printed!r} as rule {repaired} followed by its text (no space after the number)"),
    "rule-digits-missing": N_(
        "read {printed!r} as rule {repaired} (the rule's digits are missing; it follows {after})"
    ),
    "number-out-of-place": N_("read {printed!r} as rule {repaired} (out of sequence after {after})"),
    "letter-repeated": N_(
        "read the second {printed} as {repaired} (the letter repeats the rule before; "
        "{repaired} is not in the document)"
    ),
    "number-repeated": N_(
        "read the second {printed} as {repaired} (the number repeats an earlier rule; "
        "{repaired} is not in the document)"
    ),
    "digit-added": N_(
        "read {printed!r} as rule {repaired} (a stray digit: it follows {after} and its "
        "subrules are numbered {repaired}a, {repaired}b, ...)"
    ),
    "number-in-text": N_("dropped the number {printed} printed again at the start of the text of rule {repaired}"),
    "no-parent": N_("rule {printed} has no parent rule {parent} in the document; left as printed"),
    "letter-skipped": N_("rule {printed} skips {expected} (after {after}); left as printed"),
    "number-skipped": N_("rule {printed} skips {expected} (after {after}); left as printed"),
    "duplicate-number": N_("rule {printed} appears again (first on line {first}); left as printed"),
    "out-of-order": N_("rule {printed} comes after {after}, out of order; left as printed"),
}
LEFT_AS_PRINTED = frozenset({"no-parent", "letter-skipped", "number-skipped", "duplicate-number", "out-of-order"})


@dataclass(frozen=True)
class SourceWarning(Serialisable):
    """One anomaly of a source file: a repair (``repaired`` set) or one left as printed."""

    path: str
    line: int
    kind: str  # a key of MESSAGES
    printed: str  # the number (or token) as the source prints it
    repaired: str | None  # what it was read as; None when left as printed
    message: str  # the sentence a user reads, in the interface language

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


def warning(path: str, line: int, kind: str, printed: str, repaired: str | None = None, **details) -> SourceWarning:
    """A warning of ``kind`` with its message filled in."""
    message = _(MESSAGES[kind]).format(printed=printed, repaired=repaired, **details)
    return SourceWarning(path, line, kind, printed, None if kind in LEFT_AS_PRINTED else repaired, message)


# ---- one line ------------------------------------------------------------------------------

# The rest of a chapter line that continues a number: "702. 37a Storm ..." -> "37a", "Storm ...".
_NUMBER_TAIL = re.compile(r"^(\d{1,3}[a-z]{0,2})(?:\.\s*|\s+|$)(.*)$")
# The rest of a rule line that continues its number: "100.2. b In limited ..." -> "b", "In limited ...".
_LETTER_TAIL = re.compile(r"^([a-z]{1,2})\s+(\S.*)$")
# "408.f Card text ...": a chapter and a letter, the rule's digits missing.
_MISSING_DIGITS = re.compile(r"^\s*(\d{3})\.([a-z]{1,2})\s+(\S.*)$")


def read_spaced(chapter: RuleNumber, rest: str, last: RuleNumber | None) -> tuple[RuleNumber, str] | None:
    """A chapter line that is really a rule of the chapter being read ("702. 37a Storm ...").

    Certain when the chapter is the one the last rule belongs to (a chapter heading never
    repeats) and its text begins with the rest of a number that follows the last rule.
    """
    if last is None or last.kind in ("section", "chapter") or last.chapter != chapter.chapter:
        return None
    match = _NUMBER_TAIL.match(rest)
    if not match:
        return None
    joined = RuleNumber.try_parse(f"{chapter.chapter}.{match[1]}")
    if joined is None or not last < joined:
        return None
    return joined, match[2].strip()


def read_spaced_letter(number: RuleNumber, rest: str, last: RuleNumber | None) -> tuple[RuleNumber, str] | None:
    """A rule line that is really a subrule of it ("100.2. b In limited play ..." after 100.2a).

    Certain when the rule is the one being read (it was just printed, or its subrules
    are) and the letter continues its subrules.
    """
    if last is None or last.kind not in ("rule", "subrule") or not rest[:1].islower():
        return None
    rule = last if last.kind == "rule" else last.parent
    if number != rule:
        return None
    match = _LETTER_TAIL.match(rest)
    if not match:
        return None
    expected = first_child(rule) if last.kind == "rule" else last.successor()
    return (expected, match[2]) if match[1] == expected.letters else None


def read_missing_digits(line: str, last: RuleNumber | None) -> tuple[RuleNumber, str, str] | None:
    """(number, printed, text) of "408.f ..." after 408.2e: the next subrule with its rule's digits lost."""
    if last is None or last.kind not in ("rule", "subrule"):
        return None
    match = _MISSING_DIGITS.match(line)
    if not match or int(match[1]) != last.chapter:
        return None
    expected = first_child(last) if last.kind == "rule" else last.successor()
    if match[2] != expected.letters:
        return None
    return expected, f"{match[1]}.{match[2]}", match[3]


def separator_anomaly(number: RuleNumber, separator: str, rest: str) -> str | None:
    """The kind of anomaly in what follows a rule number ("119.1d." or "305.3.After"), if any."""
    if not separator.startswith("."):
        return None
    if separator == "." and rest:
        return "space-after-number"
    return "dot-after-subrule" if number.kind == "subrule" else None


def strip_repeated_number(number: RuleNumber, rest: str) -> str | None:
    """The text after a number printed twice ("602.2a 602.2a Any rule ..."), else None."""
    printed = str(number)
    if not rest.startswith(printed):
        return None
    after = rest[len(printed) :]
    if after[:1] not in (" ", ".") or not after.strip(". "):
        return None
    return after.lstrip(". ")


def first_child(rule: RuleNumber) -> RuleNumber:
    return RuleNumber(rule.section, rule.chapter, rule.rule, LETTERS[0])


# ---- the whole sequence ------------------------------------------------------------------

_NEXT_LETTER = dict(pairwise(LETTERS))
_DIGITS = "0123456789"


def follows(last: RuleNumber, number: RuleNumber) -> bool:
    """``number`` comes right after ``last``: the next letter, the next rule, a later chapter or section.

    A document whose every number follows the one before has nothing to repair or report,
    so the importer asks this of each rule as it reads and skips repair_sequence when all
    answers are yes (the common case: it costs an import next to nothing).
    """
    letters = number.letters
    if letters is not None:
        if number.rule != last.rule or number.chapter != last.chapter:
            return False
        if last.letters is None:
            return letters == "a"
        return (_NEXT_LETTER.get(last.letters) or next_letters(last.letters)) == letters
    if number.rule is not None:
        return number.chapter == last.chapter and number.rule == (last.rule or 0) + 1
    if number.chapter is not None:
        if last.chapter is None:  # the first chapter of a section, right after its heading
            return number.section == last.section and number.chapter // 100 == last.section
        return number.chapter > last.chapter
    return number.section > last.section


class _Sequence:
    """What one pass over a document's rules knows, keyed by the numbers' text (cheap to keep)."""

    def __init__(self, rules: list[Rule], path: str):
        self.path = path
        self.rules = rules
        self.seen: dict[str, int] = {}  # number as read -> its line
        self.last_text: str | None = None  # the number read last
        self.last_chapter = ""  # its chapter ("702" of "702.26b")
        self.last_rule: Rule | None = None  # the record of the last rule-kind number
        self.rule_before: dict[int, int] = {}  # chapter -> its rule before the last one
        self.last_in_chapter: dict[int, int] = {}  # chapter -> its highest rule
        self.last_letters: dict[str, str] = {}  # rule -> the letters of its last subrule
        self.block: tuple[RuleNumber, RuleNumber] | None = None  # a repeated rule renamed: (old, new)
        self.warnings: list[SourceWarning] = []

    @cached_property
    def printed(self) -> set[str]:
        """Every number the document prints, wanted only when a rule is out of sequence."""
        return {r.number for r in self.rules}

    @property
    def last(self) -> RuleNumber | None:
        return RuleNumber.parse(self.last_text) if self.last_text is not None else None

    def free(self, number: RuleNumber) -> bool:
        """Neither read so far nor printed anywhere in the document."""
        text = str(number)
        return text not in self.seen and text not in self.printed

    def warn(self, rule: Rule, kind: str, printed: str, repaired: str | None = None, **details) -> None:
        self.warnings.append(warning(self.path, rule.line, kind, printed, repaired, **details))


def repair_sequence(rules: list[Rule], path: str) -> list[SourceWarning]:
    """Renumber the rules whose printed number is a certain typo; report the anomalies left.

    ``rules`` are changed in place (their ``number``). One pass in document order: each
    rule is judged against the rules before it and the set of numbers the document
    prints, never against another edition.

    The common case, the next subrule letter or the next rule, is told from the text
    alone (whatever it accepts the full check would accept without a word); it saves
    building number objects for the thousands of rules that are in order, so the check
    costs the import next to nothing.
    """
    state = _Sequence(rules, path)
    seen, last_letters, in_chapter, rule_before = (
        state.seen,
        state.last_letters,
        state.last_in_chapter,
        state.rule_before,
    )
    last, last_chapter, last_rule = None, "", None  # state.last_text, .last_chapter, .last_rule, kept in locals
    for rule in rules:
        text = rule.number
        if text not in seen and state.block is None:
            dot = text.find(".")
            if dot < 0:  # a section or chapter heading
                seen[text] = rule.line
                last, last_chapter = text, (text if len(text) == 3 else "")
                continue
            letters = text[dot + 1 :].lstrip(_DIGITS)
            if letters:
                parent = text[: len(text) - len(letters)]
                if (last == parent and letters == "a") or (
                    last == parent + last_letters.get(parent, "-")
                    and parent in seen
                    and _NEXT_LETTER.get(last_letters[parent]) == letters
                ):
                    last_letters[parent] = letters
                    seen[text] = rule.line
                    last = text
                    continue
            elif text[:dot] == last_chapter:
                chapter = int(last_chapter)
                previous = in_chapter.get(chapter, 0)
                if int(text[dot + 1 :]) == previous + 1:
                    if previous:
                        rule_before[chapter] = previous
                    in_chapter[chapter] = previous + 1
                    seen[text] = rule.line
                    last, last_rule = text, rule
                    continue
        state.last_text, state.last_chapter, state.last_rule = last, last_chapter, last_rule
        _check_rule(state, rule)
        last, last_chapter, last_rule = state.last_text, state.last_chapter, state.last_rule
    return state.warnings


def _check_rule(state: _Sequence, rule: Rule) -> None:
    """The full check of a rule the quick one did not accept: repairs, then what is left to report."""
    number = RuleNumber.parse(rule.number)
    if number.kind in ("section", "chapter"):
        _check_duplicate(state, rule, number)
        state.block = None
    else:
        number = _repair(state, rule, number)
        _check_structure(state, rule, number)
    _advance(state, rule, number)


def _repair(state: _Sequence, rule: Rule, number: RuleNumber) -> RuleNumber:
    """The number the rule is read as; the rule renamed (and warned about) when it changes."""
    fixed: tuple[RuleNumber, str, dict] | None = None
    if state.block and number.parent == state.block[0]:
        fixed = (RuleNumber(number.section, number.chapter, state.block[1].rule, number.letters), "number-repeated", {})
    elif state.last is not None and _out_of_place(state, number) and not _repair_parent(state, number):
        fixed = _in_place(state, number)
    if state.block and (fixed is None or fixed[1] != "number-repeated"):
        state.block = None
    if fixed is None:
        return number
    repaired, kind, details = fixed
    state.warn(rule, kind, rule.number, str(repaired), **details)
    if kind == "number-repeated" and repaired.kind == "rule":
        state.block = (number, repaired)
    rule.number = str(repaired)
    return repaired


def _out_of_place(state: _Sequence, number: RuleNumber) -> bool:
    last = state.last
    assert last is not None
    if not last < number:
        return True
    parent = number.parent
    return parent is not None and str(parent) not in state.seen


def _in_place(state: _Sequence, number: RuleNumber) -> tuple[RuleNumber, str, dict] | None:
    """The certain reading of a number that does not follow the last one, if there is one."""
    last = state.last
    assert last is not None
    expected = _next_sibling(last, number.kind)
    if expected is not None and _same_tail(expected, number) and _fits(state, expected):
        return expected, "number-out-of-place", {"after": str(last)}
    if number == last and number.kind == "subrule":
        following = number.successor()
        if state.free(following):
            return following, "letter-repeated", {}
    if number.kind == "rule" and str(number) in state.seen and last.is_within(number):
        following = number.successor()
        if state.free(following):
            return following, "number-repeated", {}
    return None


def _next_sibling(last: RuleNumber, kind: str) -> RuleNumber | None:
    """The number of ``kind`` that would continue the run ``last`` belongs to.

    Only a run already begun counts: a subrule "a" right after a rule may as well have
    lost its parent (724.3a after 724.2 in 2021-09-24) as have a wrong digit.
    """
    if kind == "subrule":
        return last.successor() if last.kind == "subrule" else None
    if last.kind == "subrule":
        last = last.parent  # type: ignore[assignment]
    return last.successor() if last.kind == "rule" else None


def _same_tail(expected: RuleNumber, number: RuleNumber) -> bool:
    """The printed number ends like the expected one: only a digit before it went astray."""
    if number.kind == "subrule":
        return expected.letters == number.letters
    return expected.rule == number.rule


def _fits(state: _Sequence, expected: RuleNumber) -> bool:
    parent = expected.parent
    return state.free(expected) and parent is not None and str(parent) in state.seen


def _repair_parent(state: _Sequence, number: RuleNumber) -> bool:
    """ "505.54." followed by 505.5a: the rule before its subrules printed with a stray digit."""
    rule = state.last_rule
    parent = number.parent
    if number.kind != "subrule" or rule is None or parent is None or str(parent) in state.seen:
        return False
    if state.last_text != rule.number or str(parent) in state.printed:
        return False
    chapter = parent.chapter or 0
    before = state.rule_before.get(chapter, 0)
    if (parent.rule or 0) != before + 1 or not rule.number.startswith(str(parent)):
        return False
    after = f"{chapter}.{before}" if before else str(chapter)
    state.warnings = [w for w in state.warnings if not (w.line == rule.line and w.kind == "number-skipped")]
    state.warnings.append(warning(state.path, rule.line, "digit-added", rule.number, str(parent), after=after))
    del state.seen[rule.number]
    state.seen[str(parent)] = rule.line
    state.last_in_chapter[chapter] = parent.rule or 0
    rule.number = state.last_text = str(parent)
    return True


def _check_duplicate(state: _Sequence, rule: Rule, number: RuleNumber) -> None:
    """A section or chapter heading printed twice."""
    if rule.number in state.seen:
        state.warn(rule, "duplicate-number", rule.number, first=state.seen[rule.number])


def _check_structure(state: _Sequence, rule: Rule, number: RuleNumber) -> None:
    """Report what no certain repair explains: a missing parent, a gap, a repeat, a step back."""
    text = str(number)
    parent = number.parent
    last = state.last
    if text in state.seen:
        state.warn(rule, "duplicate-number", text, first=state.seen[text])
    elif last is not None and not last < number:
        state.warn(rule, "out-of-order", text, after=str(last))
    if parent is not None and str(parent) not in state.seen:
        state.warn(rule, "no-parent", text, parent=str(parent))
        return
    if number.kind == "subrule":
        previous = state.last_letters.get(str(parent))
        expected = next_letters(previous) if previous else LETTERS[0]
        if (len(number.letters or ""), number.letters) > (len(expected), expected):
            after = f"{parent}{previous}" if previous else str(parent)
            state.warn(rule, "letter-skipped", text, expected=f"{parent}{expected}", after=after)
    else:
        previous_rule = state.last_in_chapter.get(number.chapter or 0, 0)
        if (number.rule or 0) > previous_rule + 1:
            after = f"{number.chapter}.{previous_rule}" if previous_rule else str(parent)
            state.warn(rule, "number-skipped", text, expected=f"{number.chapter}.{previous_rule + 1}", after=after)


def _advance(state: _Sequence, rule: Rule, number: RuleNumber) -> None:
    text = str(number)
    state.seen.setdefault(text, rule.line)
    state.last_text = text
    state.last_chapter = str(number.chapter) if number.chapter is not None else ""
    if number.kind == "rule":
        chapter = number.chapter or 0
        previous = state.last_in_chapter.get(chapter)
        if previous is not None:
            state.rule_before[chapter] = previous
        if previous is None or previous < (number.rule or 0):
            state.last_in_chapter[chapter] = number.rule or 0
        state.last_rule = rule
    elif number.kind == "subrule":
        parent = text[: len(text) - len(number.letters or "")]
        known = state.last_letters.get(parent)
        letters = number.letters or ""
        if known is None or (len(known), known) < (len(letters), letters):
            state.last_letters[parent] = letters
