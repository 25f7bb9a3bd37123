"""Rule pages of fan sites (one CR chapter a page, like www.mtg.ru/rules/310.html), as text or HTML.

The page's own language (title, menus) may differ from the rule text's: mtg.ru wraps
the English CR in Russian chrome. The document's language is the rule text's; the
page's goes to meta["page_lang"]. Navigation ("<<  309. Planes", "311. Vanguards  >>")
goes to meta["prev"] and meta["next"], and headings after the last rule are the
navigation's repeats, not rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bs4 import BeautifulSoup, CData, NavigableString, Tag

from kb.i18n import N_
from kb.importers.decode import decode_bytes
from kb.importers.language import detect_language
from kb.importers.records import Document
from kb.importers.rule_lines import (
    RuleCollector,
    match_example,
    match_rule_line,
    resolve_edition,
    resolve_lang,
    sniff_text,
    squash,
)
from kb.importers.titles import clean_title, first_title

FORMAT = "rule-page"
EXPECTED_RULES = N_("lines (or <p> paragraphs) starting with a rule number like '310.1'")

HTML = re.compile(r"^\s*(?:<!doctype html|<html|<head|<body)|<(?:p|div|body|title)[\s>]", re.IGNORECASE)
PREV = re.compile(r"<<\s*([^|<>]*?[^\s|<>])\s*(?:\||\s{3,}|$)")
NEXT = re.compile(r"(?:^|\||\s{3,})\s*([^|<>\s][^|<>]*?)\s*>>")
MENU = re.compile(r"\bContents\b.*\bGlossary\b", re.IGNORECASE)
BLOCKS = (
    "p",
    "div",
    "br",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "li",
    "tr",
    "table",
    "center",
    "blockquote",
    "pre",
    "hr",
    "title",
)
MOJIBAKE = re.compile(r"[À-ÿ]{3,}")


@dataclass
class _Page:
    path: str
    collector: RuleCollector
    chrome: list[str] = field(default_factory=list)
    meta: dict[str, str] = field(default_factory=dict)
    title: str | None = None
    source: str | None = None  # the HTML source when the page came as HTML (for line numbers)


def sniff(data: bytes, path: str) -> bool:
    """HTML with rule paragraphs, or page text with rule lines and page navigation or a site menu."""
    text = sniff_text(data, path)
    if text is None:
        return False
    lines = text.split("\n")
    has_rules = any(match_rule_line(line) for line in lines)
    if HTML.search(text[:4000]):
        return has_rules or bool(re.search(r"\d{3}\.\d+[a-z]?\s", text))
    return has_rules and has_navigation(lines)


def has_navigation(lines: list[str]) -> bool:
    """A rule site's page links ("<<  309. Planes", "311. Vanguards  >>") or its menu ("Contents …
    Glossary"): what tells a page of the rules from a post that quotes some of them."""
    return any(_is_nav(line) or (len(line) < 120 and MENU.search(line)) for line in lines)


def parse(data: bytes, path: str, *, lang: str | None = None, edition: str | None = None) -> Document:
    """Rules of the page; its chrome gives the page language, its navigation prev/next."""
    text = decode_bytes(data, path)
    page = _Page(path, RuleCollector(path))
    if HTML.search(text[:4000]):
        text = _html_text(page, text)
    lines = [line.replace("\u00a0", " ") for line in text.split("\n")]
    _read_lines(page, _drop_footer(lines))
    collector = page.collector
    collector.require(EXPECTED_RULES)
    if page.source is not None:
        _source_lines(collector, page.source)
    doc_lang = resolve_lang(lang, " ".join(r.text or r.title or "" for r in collector.rules), path)
    collector.split_titles(doc_lang)
    chrome = [_repair_mojibake(line) for line in page.chrome]
    page_lang = detect_language(" ".join(chrome))
    if page_lang:
        page.meta["page_lang"] = page_lang
    found_edition, evidence = resolve_edition(edition, path, ("page", "\n".join(chrome)))
    return Document(
        lang=doc_lang,
        format=FORMAT,
        edition=found_edition,
        edition_evidence=evidence,
        title=_title(page, chrome, collector.rules, doc_lang, page_lang),
        rules=collector.rules,
        terms=collector.terms,
        meta=page.meta,
    )


def _html_text(page: _Page, html: str) -> str:
    """Block elements become lines; the <title> and the nav links' targets go to the page."""
    soup = BeautifulSoup(html, "lxml")
    for tag in soup(["script", "style", "noscript"]):
        tag.decompose()
    if soup.title and soup.title.get_text(strip=True):
        page.title = squash(soup.title.get_text())
    for link in soup.find_all("a", href=True):
        label = link.get_text()
        if "<<" in label:
            page.meta["prev_href"] = str(link["href"])
        elif ">>" in label:
            page.meta["next_href"] = str(link["href"])
    page.source = html
    return block_text(soup.body or soup)


def block_text(root: Tag) -> str:
    """The text of ``root`` with each block element on lines of its own.

    One iterative walk, linear in the size of the tree however deep it is nested (inserting
    newline strings around each block made a page nested 20,000 deep take 17 s), and no
    recursion limit to meet.
    """
    parts: list[str] = []
    stack: list = [iter((root,))]
    blocks = set(BLOCKS)
    while stack:
        node = next(stack[-1], None)
        if node is None:
            stack.pop()
            continue
        if isinstance(node, str):
            if node is not _END and type(node) in _TEXT_TYPES:
                parts.append(node)
            elif node is _END:
                parts.append("\n")
            continue
        block = node.name in blocks and node is not root
        if block:
            parts.append("\n")
        stack.append(iter(node.contents + [_END]) if block else iter(node.contents))
    return "".join(parts)


_END = "\x00end"  # marks the end of a block element's children in block_text's walk
_TEXT_TYPES = (NavigableString, CData)  # what get_text() reads: no comments, doctypes or declarations


def _drop_footer(lines: list[str]) -> list[str]:
    """Cut the lines after the last rule with a dotted number that are no rule of the page.

    The footer repeats the chapter's headings around the navigation links; headings
    after the last rule head nothing, so they are navigation.
    """
    last = max((i for i, line in enumerate(lines) if _dotted_rule(line)), default=-1)
    if last < 0:
        return lines
    tail = [line if _keep_in_footer(line) else "" for line in lines[last + 1 :]]
    return lines[: last + 1] + tail  # blanked, not removed: line numbers stay those of the source


def _keep_in_footer(line: str) -> bool:
    return _is_nav(line) or match_example(line) is not None or not match_rule_line(line)


def _is_nav(line: str) -> bool:
    return bool(PREV.search(line) or NEXT.search(line))


def _dotted_rule(line: str) -> bool:
    found = match_rule_line(line)
    return bool(found and "." in found[0])


def _read_lines(page: _Page, lines: list[str]) -> None:
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        if _navigation(page, line):
            continue
        example = match_example(line)
        if example is not None and page.collector.rules:
            page.collector.add_example(squash(example), number)
            continue
        found = match_rule_line(line)
        if found:
            page.collector.add(*found, number)
        elif not re.fullmatch(r"[\s|_\-]*", line):
            page.chrome.append(squash(line))


def _navigation(page: _Page, line: str) -> bool:
    """Record "<<  309. Planes" and "311. Vanguards  >>"; True when the line is navigation."""
    before, after = PREV.search(line), NEXT.search(line)
    if before:
        page.meta.setdefault("prev", squash(before.group(1)))
    if after:
        page.meta.setdefault("next", squash(after.group(1)))
    return bool(before or after)


def _source_lines(collector: RuleCollector, source: str) -> None:
    """Point each rule of an HTML page at the body's next source line where its number occurs.

    BeautifulSoup with lxml keeps no source lines; searching the numbers in order is close enough.
    """
    position = max(source.lower().find("<body"), 0)
    for rule in collector.rules:
        match = re.compile(rf"(?<![\d.]){re.escape(rule.number)}(?![\w])").search(source, position)
        if match:
            position = match.end()
            rule.line = source.count("\n", 0, match.start()) + 1


def _title(page, chrome: list[str], rules: list, doc_lang: str, page_lang: str | None) -> str | None:
    """The page's title; where the page is in another language than its rules (the Russian site's page
    of English rules), the title of its first rule heading, the page's own title kept in the meta."""
    title = clean_title(_repair_mojibake(page.title)) if page.title else first_title(chrome)
    if page_lang and page_lang != doc_lang.split("-")[0]:
        if title:
            page.meta["page_title"] = title
        heading = next((r for r in rules if r.title and "." not in r.number and len(r.number) > 1), None)
        if heading is not None:  # the chapter the page holds (310, not section 3)
            return f"{heading.number}. {heading.title}"
        if rules:  # a page of rules within a chapter: their range
            return rules[0].number if len(rules) == 1 else f"{rules[0].number}–{rules[-1].number}"
    return title


def _repair_mojibake(line: str) -> str:
    """Windows-1251 Russian that was read as Latin-1 ("Ïîëíûå" -> "Полные"); else unchanged."""
    if not MOJIBAKE.search(line):
        return line
    for encoding in ("latin-1", "cp1252"):
        try:
            repaired = line.encode(encoding).decode("cp1251")
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
        if re.search(r"[а-яА-ЯёЁ]{3,}", repaired):
            return repaired
    return line
