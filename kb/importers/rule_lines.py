"""What the page importers share: rule lines as pages quote them, term pairs, options.

Wiki articles, rule pages and MediaWiki files all quote CR rules as "number text" and
pair local terms with English ("フェイジング／Phasing", "Instabilität (Phasing)"); one
reading of those keeps the three importers consistent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from kb.core.dates import find_effective_date, parse_date
from kb.core.numbers import RuleNumber, RuleNumberError
from kb.i18n import _
from kb.importers.decode import decode_bytes
from kb.importers.language import detect_language
from kb.importers.records import NoRules, Rule, SourceError, TermPair

_SPACE = "[ \\t\\u00a0\\u2009\\u202f]"
# "702.26a text", "• 702.26 フェイジング／Phasing", "310.\u00a0 Phenomena", "3.  Card Types".
RULE_LINE = re.compile(
    rf"^\s*(?:[•*·▪◦]{_SPACE}*)?(?P<number>\d{{3}}\.\d{{1,3}}[a-z]{{0,2}}|\d{{3}}|\d)"
    rf"(?:{_SPACE}*\.)?{_SPACE}+(?P<text>\S.*?)\s*$"
)
EXAMPLE = re.compile(
    r"^\s*(?:[•*]\s*)?(?:Example|Beispiel|Exemple|Ejemplo|Esempio|Exemplo|Пример|例)\s*[:：]\s*(?P<text>.*?)\s*$"
)
_SQUASH = re.compile(f"{_SPACE}+")
_TERMINAL = tuple(".。．:：!?！？;；")
_LATIN = re.compile(r"[A-Za-z0-9 ,.'’!?&+\-:()]*[A-Za-z][A-Za-z0-9 ,.'’!?&+\-:()]*")
URL = re.compile(r"://|www\.|\w\.\w+/")
_PARENTHESISED = re.compile(r"(?P<a>.+?)\s*[(（](?P<b>[^()（）]+)[)）]")
# A sentence that opens with a pair: "フェイジング/Phasingは…", "Instabilität (Phasing) ist …".
_PAIR_PREFIX = re.compile(
    r"^(?P<a>[^\s/／()（）][^/／()（）]{0,40}?)\s*(?:[/／]\s*(?P<b>[A-Za-z][A-Za-z0-9'’\-]*(?: [A-Za-z][A-Za-z0-9'’\-]*)*)"
    r"|[(（](?P<c>[A-Za-z][A-Za-z0-9 '’\-]{0,40})[)）])"
)


SNIFF_BYTES = 200_000


def sniff_text(data: bytes, path: str) -> str | None:
    """The beginning of ``data`` as text for a sniffer, None when it is no text at all.

    The cut may split a multi-byte character; a few bytes less make it whole again.
    """
    if len(data) <= SNIFF_BYTES:
        candidates = [data]
    else:
        candidates = [data[: SNIFF_BYTES - trim] for trim in range(4)]
    for candidate in candidates:
        try:
            return decode_bytes(candidate, path)
        except SourceError:
            continue
    return None


def squash(text: str) -> str:
    """Runs of spaces, tabs and no-break spaces become one space (ideographic spaces stay)."""
    return _SQUASH.sub(" ", text).strip()


def match_rule_line(line: str) -> tuple[str, str] | None:
    """The raw number and text of a line that starts with a rule number, else None."""
    match = RULE_LINE.match(line)
    if not match:
        return None
    number, text = match["number"], squash(match["text"])
    if "." not in number and not is_title(text):
        return None  # "3 players ..." is prose; a bare section or chapter number heads a title
    return number, text


def match_example(line: str) -> str | None:
    match = EXAMPLE.match(line)
    return match["text"] if match else None


def canonical_number(raw: str, path: str, line: int) -> str:
    """The canonical rule number, or a SourceError naming the line."""
    try:
        return str(RuleNumber.parse(raw))
    except RuleNumberError as error:
        raise SourceError(path, line, _("bad rule line: {error}").format(error=error)) from None


def is_title(text: str) -> bool:
    """A heading title rather than rule text: short and without closing punctuation."""
    text = text.strip()
    return 0 < len(text) <= 60 and len(text.split()) <= 8 and not text.endswith(_TERMINAL)


_CLOSING = _TERMINAL + tuple(')）」』”"’»')


def wraps_on(text: str, line: str) -> bool:
    """Whether ``line``, printed right below a rule whose text so far is ``text`` (no blank line
    between, and ``line`` no rule, example or heading of its own), continues that text.

    A layout wrapped at a width (a PDF copied into a blog post, a text editor's hard breaks) breaks a
    rule mid-sentence, so the text before the break has not ended; a rule whose text has ended (or
    a heading's title) is followed by a paragraph of its own.
    """
    text = text.rstrip()
    return bool(text) and bool(line.strip()) and not text.endswith(_CLOSING) and not is_title(text)


def is_latin(text: str) -> bool:
    return bool(_LATIN.fullmatch(text.strip()))


def split_pair(text: str) -> tuple[str, str] | None:
    """(term, English) of "フェイジング／Phasing", "Instabilität (Phasing)" or "Phasing / Instabilität"."""
    text = text.strip()
    for separator in ("／", "/"):
        if separator in text:
            first, second = (part.strip() for part in text.split(separator, 1))
            return _orient(first, second)
    match = _PARENTHESISED.fullmatch(text)
    return _orient(match["a"], match["b"]) if match else None


def split_pair_prefix(text: str) -> tuple[str, str] | None:
    """The pair a sentence opens with ("フェイジング/Phasingはミラージュ…")."""
    match = _PAIR_PREFIX.match(text.strip())
    if not match:
        return None
    return _orient(match["a"].strip(), (match["b"] or match["c"]).strip())


def _orient(first: str, second: str) -> tuple[str, str] | None:
    """The English side is the plain Latin one; with both Latin the source order holds."""
    if not first or not second or URL.search(first) or URL.search(second):
        return None
    if is_latin(second):
        return first, second
    if is_latin(first):
        return second, first
    return None


@dataclass
class RuleCollector:
    """Rules in document order; repeats must agree, titled rules yield term pairs."""

    path: str
    rules: list[Rule] = field(default_factory=list)
    terms: list[TermPair] = field(default_factory=list)
    _seen: dict[str, Rule] = field(default_factory=dict)

    def add(self, raw_number: str, text: str, line: int, *, titled: bool | None = None) -> Rule | None:
        """Add a rule; a title-like text of a heading becomes its title. None for a repeat."""
        number = canonical_number(raw_number, self.path, line)
        if titled is None:
            titled = RuleNumber.parse(number).kind != "subrule" and is_title(text)
        rule = Rule(number, "", line, title=text) if titled else Rule(number, text, line)
        previous = self._seen.get(number)
        if previous is not None:
            if (previous.text, previous.title) != (rule.text, rule.title):
                raise SourceError(
                    self.path,
                    line,
                    _("bad rule line: rule {number} appears again with other text (first on line {first})").format(
                        number=number, first=previous.line
                    ),
                )
            return None
        self._seen[number] = rule
        self.rules.append(rule)
        return rule

    def add_example(self, text: str, line: int) -> None:
        if not self.rules:
            raise SourceError(
                self.path, line, _("an example before any rule: expected a rule line like '702.26a ...' first")
            )
        self.rules[-1].examples.append(text)

    def split_titles(self, lang: str) -> None:
        """Titles like "フェイジング／Phasing" become the local title plus a term pair."""
        if lang == "en":
            return
        for rule in self.rules:
            pair = split_pair(rule.title) if rule.title else None
            if pair:
                rule.title = pair[0]
                self.terms.append(TermPair(pair[0], pair[1], rule.line))

    def require(self, expected: str) -> None:
        """A SourceError unless a rule was found; ``expected`` (marked with N_) says what should have been there."""
        if not self.rules:
            raise NoRules(self.path, None, _("no rules found: expected {expected}").format(expected=_(expected)))


def resolve_lang(option: str | None, sample: str, path: str) -> str:
    """The caller's language, else the one the text is written in."""
    found = option or detect_language(sample)
    if not found:
        raise SourceError(path, None, _("cannot tell the language of the rule text: pass lang (e.g. 'de')"))
    return found


def resolve_edition(option: str | None, path: str, *candidates: tuple[str, str]) -> tuple[str | None, str | None]:
    """(ISO edition, evidence): the option wins, then the first (label, text) that states a date."""
    if option:
        try:
            return parse_date(option).isoformat(), "--edition"
        except ValueError as error:
            raise SourceError(path, None, _("bad edition option: {error}").format(error=error)) from None
    for label, text in candidates:
        found = find_effective_date(text)
        if found:
            said = text.strip() if "\n" not in text.strip() and len(text) <= 120 else found[1]
            return found[0].isoformat(), f"{label}: {said}"
    return None, None


def edition_from_name(path: str) -> tuple[str, str] | None:
    """A translation version in a file name ("…_20260116.0.txt"): the last resort."""
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    match = re.search(r"(?<!\d)(20\d{2})(\d{2})(\d{2})\.\d(?!\d)", name)
    if not match:
        return None
    try:
        found = date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return None
    return found.isoformat(), f"file name: {match.group(0)}"
