"""The Comprehensive Rules as plain text, and every translation laid out like it.

Reads the 135 official English editions (1999-2026, wrapped and unwrapped
layouts), the Chinese translations and the Japanese one-rule-a-line translation:
a header with the effective date, a contents list (skipped), the numbered rules
with their "Example:" lines, a glossary and the credits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.core.dates import find_date, find_effective_date
from kb.core.numbers import RuleNumber
from kb.i18n import N_, _
from kb.importers.decode import decode_bytes
from kb.importers.language import detect_language
from kb.importers.records import Document, GlossaryEntry, NoEdition, NoRules, Rule, SourceError, TermPair
from kb.importers.repairs import (
    SourceWarning,
    follows,
    read_missing_digits,
    read_spaced,
    read_spaced_letter,
    repair_sequence,
    separator_anomaly,
    strip_repeated_number,
    warning,
)
from kb.importers.titles import first_title
from kb.importers.wrapped import hyphenated_words, is_wrapped, join_wrapped, joins_at_hyphen

FORMAT = "cr-text"
NO_RULES = N_("no rules found: expected lines starting with a rule number like '100.1a'")


@dataclass(frozen=True)
class Markers:
    """Words a language's CR uses for the parts of the document."""

    glossary: tuple[str, ...]
    credits: tuple[str, ...]
    example: tuple[str, ...]


# The headings of the languages the CR has been translated into (French, Italian, Spanish and Portuguese
# editions were published by Wizards; the Korean one of youbeebee/kormtgcr heads its glossary 용어사전).
# Without its heading the glossary and credits were read as the last rule's text.
MARKERS = Markers(
    glossary=(
        "Glossary",
        "用語集",
        "词汇表",
        "詞彙表",
        "Glossar",
        "Глоссарий",
        "용어집",
        "용어사전",
        "용어 사전",
        "Glossaire",
        "Glossario",
        "Glosario",
        "Glossário",
    ),
    credits=(
        "Credits",
        "クレジット",
        "版权信息",
        "製作人員",
        "Impressum",
        "Авторы",
        "제작진",
        "Crédits",
        "Crediti",
        "Créditos",
    ),
    example=("Example", "例如", "例", "Beispiel", "Пример", "예시", "예"),
)

_SECTION = re.compile(r"^\s*(?P<number>\d)\.\s+(?P<rest>\S.*)$")
_CHAPTER = re.compile(r"^\s*(?P<number>\d{3})(?P<sep> ?)\.\s+(?P<rest>\S.*)$")  # "720 . 前兆カード" occurs
# "305.3.After" (no space) occurs in official files; the text still starts there.
_NUMBERED = re.compile(
    r"^\s*(?P<number>\d{3}\.\d{1,3}[a-z]{0,2})"
    r"(?P<sep>\.?\s+|\.(?=[^\W\d])|(?=[^\w\s.]|[^\x00-\x7f])|\.?$)(?P<rest>\S.*)?$"
)
_LOOKS_NUMBERED = re.compile(r"^\d{1,4}\.\d")
_EXAMPLE = re.compile(r"^\s*_?(?:" + "|".join(MARKERS.example) + r")_?\s*[:：]\s*(.*)$")
_RULE_LINE = re.compile(r"^\s*\d{3}\.\d{1,3}[a-z]{0,2}\.?\s")
_DECORATION = re.compile(r"^[\s\-=_*~·.]+$")
_ITALICS = re.compile(r"(?<![\w_])_{1,2}([^_\n]+?)_{1,2}(?![\w_])")
# "フェイジング／Phasing", "相棒（あいぼう）／Companion": only the full-width slash pairs
# terms; an ASCII slash is part of English titles ("Power/Toughness").
_BILINGUAL = re.compile(r"^(?P<term>.+?)(?:（(?P<reading>[^）]*)）)?\s*／\s*(?P<english>[A-Za-z][^／]*)$")
# A Japanese term line ("血・トークン（ちとーくん）／Blood Token") starts an entry even where the
# definition before it was not indented with a full-width space (that of Blood Token is not, and
# "Lander Token" was read as the second line of its definition; 50 entries merged so).
_JAPANESE_TERM = re.compile(r"^[^\s\u3000。「」]{1,40}?（[^）]{1,40}）\s*／\s*[A-Za-z0-9][\x20-\x7E’–—]*$")
_SENTENCE_END = (".", "。", ":", "：", ";", ",", "、", "．")


def sniff(data: bytes, path: str) -> bool:
    """Plain text with several lines that start with a rule number like "100.1a"."""
    head = data[:200_000]
    if head[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            head = head.decode("utf-16", errors="ignore").encode("utf-8")
        except UnicodeError:
            return False
    if b"<html" in head[:2000].lower():
        return False
    numbered = re.findall(rb"(?:^|[\r\n])[ \t]*\d{3}\.\d{1,3}[a-z]{0,2}\.?\s", head)
    return len(numbered) >= 20


def parse(data: bytes, path: str, *, lang: str | None = None, edition: str | None = None) -> Document:
    text = decode_bytes(data, path)
    lines = text.split("\n")
    body_start = _find_body(lines, path)
    glossary_start, credits_start = _find_glossary(lines, body_start)
    doc = Document(lang="", format=FORMAT)
    doc.title = first_title([l for l in lines[:10] if l.strip() and not _DECORATION.match(l)])
    doc.rules = _parse_rules(lines, body_start, glossary_start, path, doc)
    if glossary_start is not None:
        doc.glossary = _parse_glossary(lines, glossary_start + 1, credits_start)
    sample = " ".join(r.text for r in doc.rules[:400])
    doc.lang = lang or detect_language(sample) or ""
    if not doc.lang:
        raise SourceError(path, None, _("cannot tell the language of the rule text; pass --lang"))
    doc.edition, doc.edition_evidence = _edition(text, edition, path)
    for entry in doc.glossary:
        if entry.english and doc.lang != "en":
            doc.terms.append(TermPair(entry.term, entry.english, entry.line))
    return doc


def _edition(text: str, given: str | None, path: str) -> tuple[str, str]:
    if given:
        return given, "--edition"
    for chunk in (text[:6000], text[-3000:]):
        found = find_effective_date(chunk)
        if found:
            return found[0].isoformat(), f"header: {found[1]}"
    head = "\n".join(text[:1500].split("\n")[:12])
    dated = find_date(head)
    if dated:
        return dated[0].isoformat(), f"header: {head[dated[1][0] : dated[1][1]]}"
    raise NoEdition(
        path,
        None,
        _(
            "no effective date found: expected a header such as 'These rules are effective as of November 17, "
            "2023.'; pass --edition to give one"
        ),
    )


def _find_body(lines: list[str], path: str) -> int:
    """The first line of the numbered rules: after the contents list, at section 1."""
    first_rule = next((i for i, line in enumerate(lines) if _RULE_LINE.match(line)), None)
    if first_rule is None:
        raise NoRules(path, None, _(NO_RULES))
    start = first_rule
    for i in range(first_rule - 1, max(first_rule - 12, -1), -1):
        line = lines[i]
        if _CHAPTER.match(line) or _SECTION.match(line):
            start = i
        elif line.strip() and not _DECORATION.match(line):
            break
    return start


def _find_glossary(lines: list[str], body_start: int) -> tuple[int | None, int]:
    glossary = credits = None
    longest = max(len(m) for m in MARKERS.glossary + MARKERS.credits) + 12  # room for "= Glossary =", spaces
    for i in range(body_start, len(lines)):
        line = lines[i]
        if len(line) > longest:
            continue
        word = line.strip().strip("_-= ")
        if glossary is None and word in MARKERS.glossary:
            glossary = i
        elif glossary is not None and word in MARKERS.credits:
            credits = i
            break
    return glossary, credits if credits is not None else len(lines)


def _clean(text: str) -> str:
    if "_" in text:
        text = _ITALICS.sub(r"\1", text)
    return " ".join(text.split())


class _RuleBuilder:
    """Collects the lines of one rule or example; wrapped lines continue the last record."""

    def __init__(self, compounds: set[str] | None = None) -> None:
        self.rules: list[Rule] = []
        self.parts: list[str] = []
        self.target: str = "text"  # or "example"
        # Hyphenated words the document prints whole: a line broken after "state-" joins "based" at once.
        self.compounds = compounds or set()

    def start(self, rule: Rule, text: str) -> None:
        self.flush()
        self.rules.append(rule)
        self.parts = [text] if text else []
        self.target = "text"

    def start_example(self, text: str) -> None:
        self.flush()
        self.parts = [text]
        self.target = "example"
        self.rules[-1].examples.append("")

    def add(self, text: str, paragraph: bool) -> None:
        if paragraph and self.parts:
            self.parts.append("\n")
        self.parts.append(text)

    def _joined(self) -> str:
        joined = ""
        for part in self.parts:
            if part != "\n" and joined and not joined.endswith("\n"):
                joined += "" if joins_at_hyphen(joined, part, self.compounds) else " "
            joined += part
        return joined

    def flush(self) -> None:
        if not self.rules or not self.parts:
            self.parts = []
            return
        if len(self.parts) == 1:  # one line, as most rules of the unwrapped layouts are
            text = _clean(self.parts[0])
        else:
            paragraphs = self._joined().split("\n")
            text = "\n".join(_clean(p) for p in paragraphs if p.strip())
        rule = self.rules[-1]
        if self.target == "example":
            rule.examples[-1] = text
        else:
            rule.text = f"{rule.text}\n{text}" if rule.text else text
        self.parts = []


def _parse_rules(lines: list[str], start: int, end: int | None, path: str, doc: Document) -> list[Rule]:
    last: RuleNumber | None = None
    in_sequence = True  # every number so far follows the one before: nothing for repair_sequence to do
    wrapped = _is_wrapped_layout(lines, start, end)
    builder = _RuleBuilder(hyphenated_words("\n".join(lines)) if wrapped else None)
    blank_before = True
    stop = end if end is not None else len(lines)
    for index in range(start, stop):
        line = lines[index]
        lineno = index + 1
        if not line.strip():
            blank_before = True
            continue
        if _DECORATION.match(line):
            continue
        number, rest, repaired = (
            _rule_start(line, last, path, lineno) if blank_before or not wrapped else (None, "", None)
        )
        if number is not None:
            if repaired is not None:
                doc.warnings.append(repaired)
            title, text = _title_or_text(number, rest, lines, index)
            if title and (pair := _BILINGUAL.match(title)):
                title = pair["term"].strip()
                doc.terms.append(TermPair(title, pair["english"].strip(), lineno))
            builder.start(Rule(str(number), "", lineno, title=title), text)
            if in_sequence and last is not None:
                in_sequence = follows(last, number)
            last = number
        elif (example := _EXAMPLE.match(line)) and builder.rules:
            builder.start_example(example.group(1).strip())
        elif builder.rules:
            if not wrapped and _LOOKS_NUMBERED.match(line):
                raise SourceError(
                    path,
                    lineno,
                    _(
                        "cannot read the rule number in {line!r}: expected a number like '702.26' or '702.26b' "
                        "followed by a space and the rule text"
                    ).format(line=line.strip()[:40]),
                )
            builder.add(line.strip(), paragraph=blank_before and not _is_wrapped(line))
        blank_before = False
    builder.flush()
    if not builder.rules:
        raise NoRules(path, start + 1, _(NO_RULES))
    if not in_sequence:
        doc.warnings.extend(repair_sequence(builder.rules, path))
        doc.warnings.sort(key=lambda w: w.line)
    return builder.rules


def _is_wrapped_layout(lines: list[str], start: int, end: int | None) -> bool:
    """Old files wrap rules at 80 columns: many body lines are continuations."""
    sample = [l for l in lines[start : (end or len(lines))][:3000] if l.strip()]
    continuations = sum(
        1 for l in sample if not (_RULE_LINE.match(l) or _EXAMPLE.match(l) or _CHAPTER.match(l) or _SECTION.match(l))
    )
    return continuations > 0.3 * max(len(sample), 1)


def _is_wrapped(line: str) -> bool:
    return line.startswith("  ") and not line.startswith("\u3000")


_Start = tuple[RuleNumber | None, str, SourceWarning | None]


def _rule_start(line: str, last: RuleNumber | None, path: str, lineno: int) -> _Start:
    """A number that starts a new rule here, the rest of the line, and the anomaly repaired in it.

    Numbers are taken as printed, duplicates too (repairs.repair_sequence judges them
    once the whole document is read); only a section or chapter heading must follow on
    from the last number. (In a wrapped layout the caller only asks after a blank line:
    a wrapped line that begins with a cited number, "419.8", is a continuation.)
    """
    for pattern in (_NUMBERED, _CHAPTER, _SECTION):
        match = pattern.match(line)
        if not match:
            continue
        number = RuleNumber.try_parse(match["number"])
        if number is None:
            return None, "", None
        rest = (match["rest"] or "").strip()
        if pattern is _NUMBERED:
            return _numbered(match, number, rest, last, path, lineno)
        if pattern is _SECTION and last is not None and number.section != last.section + 1:
            return None, "", None
        if pattern is _CHAPTER:
            spaced = read_spaced(number, rest, last)
            if spaced is not None:
                return _spaced(spaced, line, path, lineno)
            if last is not None and number.section not in (last.section, last.section + 1):
                return None, "", None
            if match["sep"]:
                return number, rest, warning(path, lineno, "space-before-dot", f"{match['number']} .", f"{number}.")
        return number, rest, None
    if line[:1].isdigit() or line.lstrip()[:1].isdigit():
        missing = read_missing_digits(line, last)
        if missing is not None:
            return (
                missing[0],
                missing[2],
                warning(path, lineno, "rule-digits-missing", missing[1], str(missing[0]), after=str(last)),
            )
    return None, "", None


def _numbered(
    match: re.Match, number: RuleNumber, rest: str, last: RuleNumber | None, path: str, lineno: int
) -> _Start:
    """A rule or subrule line, read across the anomalies repairs.py knows; cheap tests first,
    since nearly every line is printed as it should be."""
    if rest[:1].islower() and number.letters is None:
        spaced = read_spaced_letter(number, rest, last)
        if spaced is not None:
            return _spaced(spaced, match.string, path, lineno)
    if rest.startswith(match["number"]):
        unrepeated = strip_repeated_number(number, rest)
        if unrepeated is not None:
            return number, unrepeated, warning(path, lineno, "number-in-text", str(number), str(number))
    separator = match["sep"]
    if separator[:1] == "." and (number.letters or separator == "."):
        kind = separator_anomaly(number, separator, rest)
        if kind:
            printed = match["number"] + "." + (rest.split()[0] if kind == "space-after-number" else "")
            return number, rest, warning(path, lineno, kind, printed, str(number))
    return number, rest, None


def _spaced(spaced: tuple[RuleNumber, str], line: str, path: str, lineno: int) -> _Start:
    """A number read across a stray space: the number, its text and the warning that says so."""
    number, text = spaced
    printed = line.strip()[: len(line.strip()) - len(text)].strip()
    return number, text, warning(path, lineno, "space-in-number", printed, str(number))


def _title_or_text(number: RuleNumber, rest: str, lines: list[str], index: int) -> tuple[str | None, str]:
    """Sections and chapters have titles; a rule like "702.26. Phasing" has a title too."""
    if number.kind in ("section", "chapter"):
        return _clean(rest), ""
    if number.kind == "rule" and rest and len(rest) <= 80 and not _is_sentence(rest):
        following = _next_rule_number(lines, index)
        if following is not None and following.parent == number:
            return _clean(rest), ""
    return None, rest


def _is_sentence(text: str) -> bool:
    """Rule text, not a title: it ends like a sentence ("... priority. (See rule 117.)") or has one inside."""
    return text.rstrip(')）”"’」』').endswith(_SENTENCE_END) or ". " in text or "。" in text


def _next_rule_number(lines: list[str], index: int) -> RuleNumber | None:
    for line in lines[index + 1 : index + 30]:
        match = _NUMBERED.match(line)
        if match:
            return RuleNumber.try_parse(match["number"])
    return None


def _parse_glossary(lines: list[str], start: int, end: int) -> list[GlossaryEntry]:
    """Entries are a term line and its definition; three layouts exist.

    Modern English: term, definition lines, a blank line. 1999: term, indented
    paragraphs with blank lines between. Japanese: term, full-width-indented
    definition lines, no blank lines. A fourth, the hard-wrapped English of about
    2001-2004, is told by its lines and read by _parse_wrapped_glossary.
    """
    if is_wrapped(lines[start:end]):
        return _parse_wrapped_glossary(lines, start, end)
    entries: list[GlossaryEntry] = []
    parts: list[str] = []
    expect_term = True
    indented_definition = False

    def close() -> None:
        if entries and parts:
            entries[-1].text = _join_definition(parts)

    for index in range(start, end):
        line = lines[index]
        if not line.strip() or _DECORATION.match(line):
            expect_term = True
            continue
        indented = line[:1].isspace()
        if indented:
            if entries:
                parts.append(line)
                indented_definition = True
            continue
        if expect_term or indented_definition or not entries or _JAPANESE_TERM.match(line):
            close()
            parts = []
            indented_definition = False
            entries.append(_glossary_term(line.strip(), index + 1))
        else:
            parts.append(line)
        expect_term = False
    close()
    return [e for e in entries if e.term]


def _parse_wrapped_glossary(lines: list[str], start: int, end: int) -> list[GlossaryEntry]:
    """A term is the flush-left line after a blank line; the lines under it, wrapped, are its definition."""
    entries: list[GlossaryEntry] = []
    parts: list[str] = []
    expect_term = True

    def close() -> None:
        if entries and parts:
            entries[-1].text = "\n".join(_clean(p) for p in join_wrapped(parts))

    for index in range(start, end):
        line = lines[index]
        if not line.strip() or _DECORATION.match(line):
            expect_term = True
            continue
        if expect_term and not line[:1].isspace():
            close()
            parts = []
            entries.append(_glossary_term(line.strip(), index + 1))
        elif entries:
            parts.append(line)
        expect_term = False
    close()
    return [e for e in entries if e.term]


def _join_definition(parts: list[str]) -> str:
    """Wrapped lines (ASCII-indented) continue a paragraph; other lines start one."""
    paragraphs: list[str] = []
    for part in parts:
        if paragraphs and part.startswith("  ") and not part.startswith("\u3000"):
            paragraphs[-1] += " " + part
        else:
            paragraphs.append(part)
    return "\n".join(_clean(p) for p in paragraphs if p.strip())


def _glossary_term(line: str, lineno: int) -> GlossaryEntry:
    line = _clean(line)
    match = _BILINGUAL.match(line)
    if match:
        return GlossaryEntry(
            match["term"].strip(), "", lineno, english=match["english"].strip(), reading=match["reading"]
        )
    return GlossaryEntry(line, "", lineno)
