"""Wiki articles that explain a rule and quote it (MTG Wiki, Fandom, forum wikis), as plain text.

An article has a title that pairs the local term with English ("フェイジング/Phasing",
"Instabilität (Phasing)"), maybe an infobox ("key<TAB>value"), sections of commentary
(short lines between blank lines), and a quoted block of rules after a marker such as
"引用：総合ルール 20231117.0" or "Regelauszug aus der deutschen Übersetzung". The marker
dates the quote; the commentary belongs to the rule the article is about.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.core.numbers import RuleNumber
from kb.i18n import N_
from kb.importers.decode import decode_bytes
from kb.importers.records import Commentary, Document, TermPair
from kb.importers.rule_lines import (
    RuleCollector,
    canonical_number,
    is_title,
    match_example,
    match_rule_line,
    resolve_edition,
    resolve_lang,
    sniff_text,
    split_pair,
    split_pair_prefix,
)

FORMAT = "wiki-article"
EXPECTED_RULES = N_(
    "a quoted block of lines starting with a rule number like '702.26a' (after a marker like '引用：総合ルール 20231117.0')"
)

QUOTE_MARKER = re.compile(
    r"^\s*(?:引用|出典|Regelauszug|Regelzitat|Auszug aus|Zitat|Quoted? from|Цитата|Выдержка)\b.{0,80}$",
    re.IGNORECASE,
)
# Site chrome of wiki pages: provider line, revision line, navigation, images.
CHROME = re.compile(
    r"^\s*(?:提供\s*[:：]|移動\s*[:：]|From \S+ Wiki\b|Jump to navigation|目次$|Contents$|\S+\.(?:gif|png|jpe?g|svg)$)"
    r"|時点における.*版$",
    re.IGNORECASE,
)
EDIT_LINK = re.compile(r"^\s*\[(?:編集|edit|Bearbeiten|править)\]\s*", re.IGNORECASE)
BULLET = re.compile(r"^(\s*)[•●◦▪]\s*")
DOTTED_RULE = re.compile(r"^\d{3}\.\d")
MAX_QUOTED = 300
TITLE_NOISE = re.compile(r"[\d:：=?@.,;!]")  # a term, not a sentence, a phone number or an address
MARKUP = re.compile(r"[\[\]<>{}\"]")  # a forum's leftover tags ("Spellshaper[/b]"): no term pair


@dataclass
class _Section:
    heading: str
    line: int
    lines: list[str] = field(default_factory=list)

    def text(self) -> str:
        """The section's text: bullets without their markers, nesting kept as indentation."""
        kept = [BULLET.sub(r"\1", line.rstrip()) for line in self.lines]
        text = "\n".join(kept)
        return re.sub(r"\n{3,}", "\n\n", text).strip("\n")


@dataclass
class _Article:
    path: str
    title: str | None = None
    english: str | None = None
    title_line: int = 0
    infobox: dict[str, str] = field(default_factory=dict)
    sections: list[_Section] = field(default_factory=list)
    markers: list[tuple[int, str]] = field(default_factory=list)
    collector: RuleCollector = field(init=False)

    def __post_init__(self) -> None:
        self.collector = RuleCollector(self.path)


def sniff(data: bytes, path: str) -> bool:
    """Plain text (no HTML, no MediaWiki markup) with a quote marker or a title pair, and a few rule lines."""
    text = sniff_text(data, path)
    if text is None:
        return False
    if re.search(r"<html|<body|<p[ >]|^=+[^=\n]+=+\s*$|\[\[", text, re.IGNORECASE | re.MULTILINE):
        return False
    lines = text.split("\n")
    rule_lines = 0
    for line in lines:
        if DOTTED_RULE.match(line.strip(" •")) and match_rule_line(line):
            rule_lines += 1
            if rule_lines >= MAX_QUOTED:
                return False  # a rules text: no need to count the rest
    has_marker = any(QUOTE_MARKER.match(line) for line in lines)
    has_pair = _find_title(lines)[1] is not None
    # An article quotes a rule or a few; a whole CR (with "Magic(TM)" in its intro) is no article.
    return 0 < rule_lines < MAX_QUOTED and (has_marker or has_pair)


def parse(data: bytes, path: str, *, lang: str | None = None, edition: str | None = None) -> Document:
    """The article's title, infobox, commentary sections and quoted rules."""
    lines = decode_bytes(data, path).split("\n")
    article = _Article(path)
    body_start = _read_head(article, lines)
    _read_body(article, lines, body_start)
    collector = article.collector
    collector.require(EXPECTED_RULES)
    commentary = _commentary(article)
    sample = " ".join([r.text or r.title or "" for r in collector.rules] + [c.text for c in commentary])
    doc_lang = resolve_lang(lang, sample, path)
    collector.split_titles(doc_lang)
    found_edition, evidence = resolve_edition(edition, path, *(("quote", text) for _, text in article.markers))
    return Document(
        lang=doc_lang,
        format=FORMAT,
        edition=found_edition,
        edition_evidence=evidence,
        title=article.title,
        rules=collector.rules,
        commentary=commentary,
        terms=_title_terms(article) + collector.terms,
        meta=_meta(article),
    )


def _find_title(lines: list[str]) -> tuple[int, tuple[str, str] | None]:
    """Index of the line that pairs the title with English, and the pair; before any rule or marker."""
    for index, line in enumerate(lines[:40]):
        stripped = line.strip()
        if QUOTE_MARKER.match(stripped) or match_rule_line(stripped):
            break
        if not stripped or CHROME.search(stripped) or "\t" in stripped:
            continue
        pair = split_pair(stripped) if is_title(stripped) else None
        pair = pair or split_pair_prefix(stripped)
        if pair and not TITLE_NOISE.search(pair[0]) and not MARKUP.search(" ".join(pair)) and _word(pair[1]):
            return index, pair
    return -1, None


def _word(text: str) -> bool:
    """An English name has a word in it, not a letter left over from a tag ("b" of "[/b]")."""
    return bool(re.search(r"[A-Za-z]{2}", text))


def _read_head(article: _Article, lines: list[str]) -> int:
    """Title, English name and infobox; returns where the body starts."""
    index, pair = _find_title(lines)
    if pair is None:
        first = next((i for i, line in enumerate(lines) if line.strip()), 0)
        article.title, article.title_line = (lines[first].strip() or None), first + 1
        return first + 1
    article.title, article.english = pair
    article.title_line = index + 1
    heading = lines[index].strip()
    if split_pair(heading) != pair or not is_title(heading):
        return index  # the pair opens the lead sentence, which is body text
    end = index + 1
    while end < len(lines) and lines[end].strip():
        end += 1
    article.infobox = _infobox(lines[index + 1 : end])
    return end


def _infobox(lines: list[str]) -> dict[str, str]:
    """ "種別<TAB>常在型能力" (or space-separated, as a stripped page shows it); "CR:702.26" -> "702.26"."""
    fields: dict[str, str] = {}
    for line in lines:
        parts = line.strip().split("\t", 1) if "\t" in line else line.split(None, 1)
        if len(parts) == 2:
            fields[parts[0].strip()] = re.sub(r"\bCR\s*[:：]\s*", "", parts[1]).strip()
    return fields


def _is_heading(lines: list[str], index: int) -> bool:
    """A short line standing alone between blank lines, without closing punctuation."""
    text = EDIT_LINK.sub("", lines[index]).strip()
    before = index == 0 or not lines[index - 1].strip()
    after = index + 1 >= len(lines) or not lines[index + 1].strip()
    return (
        before
        and after
        and is_title(text)
        and len(text) <= 30
        and "\t" not in text
        and not BULLET.match(lines[index])
        and any(ch.isalpha() for ch in text)
    )


def _read_body(article: _Article, lines: list[str], start: int) -> None:
    """Sections of commentary and quoted blocks of rules, in one pass."""
    current = _Section(article.title or "", article.title_line)
    article.sections.append(current)
    quoting = False
    for index in range(start, len(lines)):
        line, number = lines[index], index + 1
        if quoting:
            quoting = _quote_line(article, line, number)
            if quoting:
                continue
        stripped = line.strip()
        if QUOTE_MARKER.match(stripped):
            article.markers.append((number, stripped))
            quoting = True
        elif DOTTED_RULE.match(stripped) and match_rule_line(stripped) or _heads_quote(lines, index):
            quoting = _quote_line(article, line, number)
        elif CHROME.search(stripped):
            continue
        elif _is_heading(lines, index):
            current = _Section(EDIT_LINK.sub("", stripped), number)
            article.sections.append(current)
        else:
            current.lines.append(line)


def _heads_quote(lines: list[str], index: int) -> bool:
    """A section or chapter heading ("1. Il gioco", "100. Generale") right above the rules it heads:
    the quote begins with it, as the rules print it."""
    found = match_rule_line(lines[index].strip())
    if found is None or RuleNumber.parse(found[0]).kind == "subrule" or not is_title(found[1]):
        return False
    below = next((at for at in range(index + 1, min(index + 4, len(lines))) if lines[at].strip()), None)
    inner = match_rule_line(lines[below].strip()) if below is not None else None
    if below is None or inner is None or not RuleNumber.parse(inner[0]).is_within(RuleNumber.parse(found[0])):
        return False
    return bool(DOTTED_RULE.match(lines[below].strip())) or _heads_quote(lines, below)


def _quote_line(article: _Article, line: str, number: int) -> bool:
    """Take one line of a quoted block; False when the line ends the block."""
    if not line.strip():
        return True
    example = match_example(line)
    if example is not None and article.collector.rules:
        article.collector.add_example(example, number)
        return True
    found = match_rule_line(line)
    if found is None:
        _reject_malformed_number(article.path, line, number)
        return False
    article.collector.add(*found, number)
    return True


def _reject_malformed_number(path: str, line: str, number: int) -> None:
    """A line in a quote that starts like a rule number but is none ("012.3 …") is an error."""
    match = re.match(r"^\s*(?:[•*]\s*)?(\d{1,3}\.\d+[a-z]*)\s", line)
    if match:
        canonical_number(match[1], path, number)


def _commentary(article: _Article) -> list[Commentary]:
    rule = _article_rule(article)
    found = []
    for section in article.sections:
        text = section.text()
        if text:
            found.append(Commentary(section.heading, text, section.line, rule))
    return found


def _article_rule(article: _Article) -> str | None:
    """The rule the article explains: the infobox's CR, else the first quoted rule (not a heading)."""
    cited = article.infobox.get("CR", "")
    match = re.match(r"\d{3}\.\d+[a-z]?", cited)
    if match:
        return canonical_number(match.group(0), article.path, article.title_line)
    rules = article.collector.rules
    dotted = [rule for rule in rules if "." in rule.number]
    return (dotted or rules)[0].number if rules else None


def _title_terms(article: _Article) -> list[TermPair]:
    if article.title and article.english:
        return [TermPair(article.title, article.english, article.title_line)]
    return []


def _meta(article: _Article) -> dict[str, str]:
    meta = dict(article.infobox)
    if article.english:
        meta["english"] = article.english
    return meta
