"""Step two of the numbered-document pipeline: the rules in lines of text, whatever container they came in.

A rule is a number at the start of a line (after a bullet or emphasis was removed by
``kb.importers.unwrap``), or a number alone on its line with its text on the next one. Its text's
script says its language, so a bilingual page that prints each number twice (the English line,
then the Chinese one) yields two sets of rules. Examples follow their rule. What is not a rule is
said as a warning, never stored:

- a number out of sequence (outside the longest run of rising numbers, between two numbers of
  it), such as a misprinted ``702.212`` between 702.21 and 702.22, or a list item of the prose;
- a rule quoted again: the fuller text is kept (an abridged quote, with "…" or a clause left out,
  is an excerpt of the same rule) and the repeat is reported;
- a table of contents (three or more headings on neighbouring lines, nothing between them) or a
  site's menu of sections: headings, not the rules themselves.

Which numbers are in sequence is decided for the whole run at once: the longest run of rising
numbers is kept, so one stray number early on (a dataset viewer's "7" above its column, a misprinted
"101.1a" under 100.1) is the warning, not every rule after it. A page whose text lost its line
breaks (every rule of a section on one line) is split back at each rule number that follows the end
of a sentence.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from kb.core.numbers import RuleNumber
from kb.i18n import N_, _
from kb.importers.language import detect_language
from kb.importers.records import Rule
from kb.importers.repairs import SourceWarning
from kb.importers.rule_lines import is_title, wraps_on
from kb.importers.unwrap import Line

_BULLET = r"(?:[-*+•·▪◦]\s*)?"
_RULE = re.compile(
    rf"^{_BULLET}(?P<number>\d{{3}}\.\d{{1,3}}[a-z]{{0,2}}|\d{{3}}|\d)(?P<dot>\.)?(?:\s+(?P<text>\S.*))?$"
)
EXAMPLE = re.compile(
    r"^(?:Example|Examples|Beispiel|Exemple|Ejemplo|Esempio|Exemplo|Przykład|Пример|例如|例|예시|예)\s*[:：]\s*(?P<text>.*)$",
    re.I,
)
_SCRIPTS = (
    ("ja", re.compile(r"[\u3040-\u30ff]")),
    ("ko", re.compile(r"[\uac00-\ud7af]")),
    ("zh", re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")),
    ("ru", re.compile(r"[\u0400-\u04ff]")),
    ("el", re.compile(r"[\u0370-\u03ff]")),
    ("he", re.compile(r"[\u0590-\u05ff]")),
    ("ar", re.compile(r"[\u0600-\u06ff]")),
    ("th", re.compile(r"[\u0e00-\u0e7f]")),
)
# A number in full-width forms ("７０２．２６ａ", as Japanese and Chinese typesetting prints it) at a
# line's start: read as the ASCII number it is. Arabic-Indic and other decimal digits need nothing:
# a rule number's digits are any script's (RuleNumber reads them as their values).
_WIDE_NUMBER = re.compile(r"^(\s*(?:[-*+•·▪◦]\s*)?)([０-９][０-９．.]*[ａ-ｚa-z]{0,2}[．.]?)")
# Latin words on both sides of CJK text in one rule: two languages interleaved, not a translation
# followed by its English (which _MIXED_TEXT splits) nor an English term in a translation.
_LIST_MARK = re.compile(r"^\s*\d{1,2}[.)]\s+(?=\d{3}\.\d)")
# A dash or colon between a quoted rule's number and its text ("702.26b – If a permanent …").
_LEAD = re.compile(r"^[-–—:：]\s+")
_LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z'’,-]*(?:\s+[A-Za-z][A-Za-z'’,.-]*){2,}")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_LANGUAGE_SIDE = re.compile(r"^[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?$")
_MIXED_TITLE = re.compile(r"^(?P<local>.*?[^\x00-\x7f])\s+(?P<english>[A-Za-z][A-Za-z0-9 ,'’\-!?]*)$")
# "如果一个永久物跃离，… If a permanent phases out, …": a rule in two languages on one line, the
# translation first; the English part is a sentence of several words after the last CJK character.
_MIXED_TEXT = re.compile(
    r"^(?P<local>.*[。！？」』）])\s+"
    r"(?P<english>[A-Z][^\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uff01-\uff60]*(?: [^ ]+){5,}[.!?”\")])$"
)
ELLIPSIS = ("…", "...", "(...)", "[...]", "[…]")


@dataclass
class Found:
    """The rules of one language in a text, with the warnings about what was not taken."""

    lang: str
    rules: list[Rule] = field(default_factory=list)
    line_count: int = 0  # the lines of text that held its rules: tells the main document from a side


@dataclass
class Finding:
    languages: list[Found] = field(default_factory=list)
    warnings: list[SourceWarning] = field(default_factory=list)
    alone: int = 0  # numbers alone on their line, their text on the next


def script_of(text: str, side: str | None = None) -> str:
    """A language from the side's name ("zh", "en") or the text's script; "latin" for Latin script."""
    if side and _LANGUAGE_SIDE.match(side) and side.lower() not in ("id", "no"):
        return side.lower().replace("_", "-").split("-")[0]  # "en-US": en; Chinese scripts told later
    for lang, pattern in _SCRIPTS:
        if pattern.search(text):
            return lang
    return "latin"


def find_rules(lines: list[Line], path: str) -> Finding:
    """Every rule of ``lines``, by language, in document order; what was left out as warnings."""
    finding = Finding()
    lines = split_run_on(lines)
    candidates: list[tuple[str, str, int, str]] = []  # (number, text, line, script)
    examples: list[tuple[int, str, int, str]] = []  # (after candidate index, text, line, script)
    gaps: list[int] = []  # per candidate: the lines of other text between it and the one before
    gap = 0
    taken: set[int] = set()  # lines read as the text of a number printed alone on the line above
    at = 0
    while at < len(lines):
        if at in taken:
            at += 1
            continue
        line = lines[at]
        text = _narrow_number(line.text)
        match = _RULE.match(text)
        if match is None:
            example = EXAMPLE.match(text)
            if example is not None and candidates:
                examples.append((len(candidates) - 1, example["text"], line.number, script_of(text, line.side)))
            gap += bool(text)
            at += 1
            continue
        number, body = match["number"], match["text"]
        if body is not None:
            body = _LEAD.sub("", body)
        if body is None:  # a number alone on its line: its text is the next line that holds text
            following = next(  # of the same side, where the container has sides (a number's own XLIFF unit)
                (n for n in range(at + 1, min(at + 4, len(lines))) if lines[n].text and lines[n].side == line.side),
                None,
            )
            if following is None or _RULE.match(lines[following].text) or EXAMPLE.match(lines[following].text):
                at += 1
                continue
            body = lines[following].text
            finding.alone += 1
            taken.add(following)  # the lines between (blank, or the other language's) are read in turn
        else:
            while (  # a rule broken at a page's width: the lines right below it continue its text
                at + 1 < len(lines)
                and lines[at + 1].text
                and not _RULE.match(lines[at + 1].text)
                and not EXAMPLE.match(lines[at + 1].text)
                and wraps_on(body, lines[at + 1].text)
            ):
                at += 1
                body = body + " " + lines[at].text
        if "." not in number and not (is_title(body) and _WORDS.search(body)):
            at += 1
            continue  # "3 players ..." or "1. Tournaments ..." is prose, not a section heading; "4" over "2.56k" a cell
        if number.strip("0") == "":
            at += 1
            continue  # "0. Introduction": translations number the introduction, the rules have no section 0
        if RuleNumber.try_parse(number) is None:
            finding.warnings.append(_warning(path, line.number, "impossible", number))
            at += 1
            continue
        canonical, script = str(RuleNumber.parse(number)), script_of(body, line.side)
        mixed = None
        if script in ("zh", "ko", "ja"):
            mixed = (_MIXED_TITLE if is_title(body) else _MIXED_TEXT).match(body.strip())
        if mixed is None and _interleaved(body):
            finding.warnings.append(_warning(path, line.number, "mixed-languages", canonical))
            at += 1
            continue
        if mixed is not None:  # "附加规则 Additional Rules": a title (or a text) in both languages on one line
            candidates.append((canonical, mixed["local"], line.number, script))
            candidates.append((canonical, mixed["english"], line.number, "latin"))
            gaps += [gap, 0]
        else:
            candidates.append((canonical, body.strip(), line.number, script))
            gaps.append(gap)
        gap = 0
        at += 1
    _assign(candidates, examples, finding, path, _contents(candidates, gaps))
    return finding


# A rule number where a page's text lost its line breaks: after the end of a sentence ("…Spielern.
# 100.1a Eine …"), or glued to the heading before it ("Grundlagen des Spiels100. Allgemeines").
_RUN_ON = re.compile(
    r"(?:(?<=[.!?。)\]”“»\"’] )|(?<=[^\W\d_]))(?=(?:\d{3}\.\d{1,3}[a-z]{0,2}\.?|\d{3}\.|\d\.)\s*[^\W\d_])"
)


def _narrow_number(text: str) -> str:
    """A line whose number is printed in full-width forms, with that number in ASCII; an ordered
    list's marker before a rule number ("1. 702.26b …", a post's numbered list of quotes) dropped."""
    text = _LIST_MARK.sub("", text, count=1)
    wide = _WIDE_NUMBER.match(text)
    if wide is None:
        return text
    return wide[1] + unicodedata.normalize("NFKC", wide[2]) + text[wide.end() :]


def _interleaved(body: str) -> bool:
    """Two languages mixed within one rule's sentence: runs of Latin words before and after CJK text."""
    cjk = _CJK.search(body)
    if cjk is None:
        return False
    last = max((m.end() for m in _CJK.finditer(body)), default=0)
    before = any(len(m[0].split()) >= 3 for m in _LATIN_RUN.finditer(body[: cjk.start()]))
    after = any(len(m[0].split()) >= 3 for m in _LATIN_RUN.finditer(body[last:]))
    return before and after


def split_run_on(lines: list[Line]) -> list[Line]:
    """Lines holding several rules one after another split into a line per rule (the same source line).

    Only a long line in which at least three rule numbers follow the end of a sentence counts as run
    on: a rule that cites "rule 702.26b." mid-sentence is one rule, and so is every line of a layout
    that keeps its breaks.
    """
    split: list[Line] = []
    for line in lines:
        if len(line.text) < 300 or len(_SENTENCE_NUMBER.findall(line.text)) < 3:
            split.append(line)
            continue
        parts = [part.strip() for part in _RUN_ON.split(line.text)]
        split.extend(Line(line.number, part, line.side) for part in parts if part)
    return split


_SENTENCE_NUMBER = re.compile(r"[.!?)”“»\"’] \d{3}\.\d{1,3}[a-z]{0,2}\.? ")
# A title's word: two letters, or one CJK character ("108. 牌", "305. 地").
_WORDS = re.compile(r"[^\W\d_]{2}|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def _contents(candidates: list[tuple[str, str, int, str]], gaps: list[int]) -> set[int]:
    """The candidates that are a table of contents or a menu: three or more headings (section or
    chapter numbers with a title) of different numbers, each on the line after the one before (blank
    lines aside), with no text of a rule among them."""
    found: set[int] = set()
    run: list[int] = []

    def close(following: int | None) -> None:
        # The headings right above the rule that follows them are the body's own ("7.", "702.",
        # "702.26. Phasing" over 702.26a), not the end of a list of contents.
        if following is not None:
            below = RuleNumber.parse(candidates[following][0])
            while run and below.is_within(RuleNumber.parse(candidates[run[-1]][0])):
                run.pop()
        if len({candidates[i][0] for i in run}) >= 3:
            found.update(run)
        run.clear()

    for index, (number, text, _line, _script) in enumerate(candidates):
        if _is_heading(number, text) and (not run or gaps[index] == 0):
            run.append(index)
            continue
        close(index)
        if _is_heading(number, text):
            run.append(index)
    close(None)
    return found


def _assign(
    candidates: list[tuple[str, str, int, str]],
    examples: list[tuple[int, str, int, str]],
    finding: Finding,
    path: str,
    contents: AbstractSet[int] = frozenset(),
) -> None:
    """Candidates grouped by language, checked for sequence and repeats; examples to their rules."""
    latin = [text for _n, text, _l, script in candidates if script == "latin"]
    latin_lang = detect_language(" ".join(latin)) or "en" if latin else "en"
    langs = [latin_lang if script == "latin" else script for _n, _t, _l, script in candidates]
    _latin_pairs(candidates, langs)
    _pair_repeats(candidates, langs)
    groups: dict[str, list[int]] = {}
    for index, lang in enumerate(langs):
        if index in contents:
            continue
        groups.setdefault(lang, []).append(index)
    if contents:
        first = min(contents)
        finding.warnings.append(_warning(path, candidates[first][2], "contents", candidates[first][0]))
    _merge_titles(candidates, groups)
    by_index: dict[int, Rule] = {}
    for lang, indexes in groups.items():
        found = Found(lang)
        seen: dict[str, Rule] = {}
        kept: list[RuleNumber] = []
        rising = _rising(candidates, indexes)
        for index in indexes:
            number, text, line, _script = candidates[index]
            parsed = RuleNumber.parse(number)
            if number in seen:
                _repeat(seen[number], text, line, finding, path)
                continue
            if index not in rising and not _quoted_apart(candidates, index, rising):
                previous = str(kept[-1]) if kept else "-"
                finding.warnings.append(_warning(path, line, "out-of-sequence", number, previous=previous))
                continue
            titled = parsed.kind != "subrule" and is_title(text)
            rule = Rule(number, "", line, title=text) if titled else Rule(number, text, line)
            seen[number] = rule
            kept.append(parsed)
            found.rules.append(rule)
            by_index[index] = rule
            found.line_count += 1
        if any(rule.text for rule in found.rules):  # titles alone (split off a bilingual heading) make no document
            finding.languages.append(found)
    for after, text, line, script in examples:
        owner = _owner(candidates, by_index, after, script, latin_lang)
        if owner is not None and text not in owner.examples:
            owner.examples.append(text)
    finding.languages.sort(key=lambda found: -len(found.rules))


def _latin_pairs(candidates: list[tuple[str, str, int, str]], langs: list[str]) -> None:
    """Two Latin-script languages side by side (English and Polish lines, each number twice): each
    text's language told by its words, where the script cannot tell them apart."""
    latin = [at for at, candidate in enumerate(candidates) if candidate[3] == "latin"]
    repeats = sum(1 for at in latin if at and candidates[at - 1][0] == candidates[at][0] and at - 1 in latin)
    if not latin or repeats < 0.3 * len(latin):
        return
    for at in latin:
        said = detect_language(candidates[at][1])
        if said:
            langs[at] = said


def _pair_repeats(candidates: list[tuple[str, str, int, str]], langs: list[str]) -> None:
    """In a file of two languages, a number printed twice in a row is one rule in each: the second
    line belongs to the other language even where its text kept the first one's script (an
    untranslated title, "702.158. Space Sculptor" on the Chinese line)."""
    counts: dict[str, int] = {}
    for lang in langs:
        counts[lang] = counts.get(lang, 0) + 1
    two = [lang for lang, n in counts.items() if n >= 3]
    if len(two) != 2:
        return
    for at in range(1, len(candidates)):
        if candidates[at][0] == candidates[at - 1][0] and langs[at] == langs[at - 1] and langs[at] in two:
            other = two[1] if langs[at] == two[0] else two[0]
            near = range(max(at - 3, 0), min(at + 2, len(candidates)))
            if not any(candidates[n][0] == candidates[at][0] and langs[n] == other for n in near):
                langs[at] = other


def _merge_titles(candidates: list[tuple[str, str, int, str]], groups: dict[str, list[int]]) -> None:
    """Titles left in another script (a Korean text's "701.22. Fateseal") belong to the text's language.

    A language whose candidates are all titles makes no document: its titles join the largest group
    that has rule texts, in document order, unless that group titles the same number already (the
    other half of a heading printed in two languages on one line).
    """
    with_text = {
        lang
        for lang, indexes in groups.items()
        if any(not _is_heading(candidates[i][0], candidates[i][1]) for i in indexes)
    }
    if not with_text:
        return
    target = max(with_text, key=lambda lang: len(groups[lang]))
    for lang in [lang for lang in groups if lang not in with_text]:
        present = {candidates[i][0] for i in groups[target]}
        groups[target] = sorted(groups[target] + [i for i in groups.pop(lang) if candidates[i][0] not in present])


def _is_heading(number: str, text: str) -> bool:
    return RuleNumber.parse(number).kind != "subrule" and is_title(text)


def _quoted_apart(candidates: list[tuple[str, str, int, str]], index: int, rising: set[int]) -> bool:
    """A rule's text quoted before or after the run of rules in sequence (a note that moves on to
    another part of the rules, "616.1" after 702.16e) is a quote, not a misprint: a misprint breaks
    the run between two of its numbers, and a lone heading outside it heads nothing."""
    number, text, _line, _script = candidates[index]
    if not rising or _is_heading(number, text):
        return False
    return index < min(rising) or index > max(rising)


def _rising(candidates: list[tuple[str, str, int, str]], indexes: list[int]) -> set[int]:
    """The candidates of the longest run of rising numbers (each number's first printing): the rules
    in sequence. Of two runs as long, the one with the lower numbers (patience sorting keeps the
    smaller tail), so a misprint above its neighbours is what is left out."""
    firsts: list[int] = []
    seen: set[str] = set()
    for index in indexes:
        if candidates[index][0] not in seen:
            seen.add(candidates[index][0])
            firsts.append(index)
    numbers = [RuleNumber.parse(candidates[index][0]) for index in firsts]
    tails: list[int] = []  # position in firsts of the smallest tail of a rising run of each length
    before: list[int] = [-1] * len(firsts)
    for position, number in enumerate(numbers):
        low, high = 0, len(tails)
        while low < high:
            middle = (low + high) // 2
            if numbers[tails[middle]] < number:
                low = middle + 1
            else:
                high = middle
        before[position] = tails[low - 1] if low else -1
        if low == len(tails):
            tails.append(position)
        else:
            tails[low] = position
    kept: set[int] = set()
    position = tails[-1] if tails else -1
    while position >= 0:
        kept.add(firsts[position])
        position = before[position]
    return kept


def _repeat(rule: Rule, text: str, line: int, finding: Finding, path: str) -> None:
    """A rule quoted again: the fuller text stays, an abridged quote is an excerpt of it."""
    current = rule.text or rule.title or ""
    if text == current:
        return
    if rule.title is not None and not rule.text and not is_title(text):
        rule.text = text  # a heading ("### 615.1 什么是防止性效应") over the rule's quoted text
        kind = "quoted-again"
    elif _fuller(text, current):
        if rule.title is not None and not rule.text:
            rule.title = text
        else:
            rule.text = text
        kind = "quoted-again"
    else:
        kind = "quoted-abridged" if _abridged(text, current) else "quoted-again"
    finding.warnings.append(_warning(path, line, kind, rule.number, first=rule.line))


def _fuller(text: str, than: str) -> bool:
    return len(_bare(text)) > len(_bare(than))


def _bare(text: str) -> str:
    for mark in ELLIPSIS:
        text = text.replace(mark, " ")
    return " ".join(text.split())


def _abridged(text: str, full: str) -> bool:
    """A shortened quote: its words, ellipses aside, are a subset of the full text's, in order or not."""
    words = set(re.findall(r"\w+", _bare(text).lower()))
    return bool(words) and words <= set(re.findall(r"\w+", full.lower()))


def _owner(candidates, by_index: dict[int, Rule], after: int, script: str, latin_lang: str) -> Rule | None:
    """The rule an example belongs to: the last one before it in the example's own language."""
    lang = latin_lang if script == "latin" else script
    for index in range(after, max(after - 6, -1), -1):
        _n, _t, _l, own = candidates[index]
        if (latin_lang if own == "latin" else own) == lang and index in by_index:
            return by_index[index]
    return by_index.get(after)


_MESSAGES = {
    "out-of-sequence": N_("{printed} is out of sequence after {previous}: read as text, not as a rule"),
    "impossible": N_("{printed} is no rule number: read as text"),
    "contents": N_("a table of contents from {printed} on: its headings are not stored as rules"),
    "mixed-languages": N_(
        "rule {printed} mixes two languages within its text: left out; expected one language a line, "
        "or the translation followed by the English"
    ),
    "quoted-again": N_(
        "rule {printed} is quoted again with other text (first on line {first}): the fuller text is kept"
    ),
    "quoted-abridged": N_(
        "rule {printed} is quoted again, abridged (first on line {first}): an excerpt of the same rule"
    ),
}


def _warning(path: str, line: int, kind: str, printed: str, **details) -> SourceWarning:
    message = _(_MESSAGES[kind]).format(printed=printed, **details)
    return SourceWarning(path, line, kind, printed, None, message)
