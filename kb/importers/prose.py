"""Rule quotes inside prose: a blog post (Markdown), an HTML page or plain text that explains rules.

A post about phasing quotes rule lines as list items ("- 702.26b 若永久物躍離，…"), block quotes
("> 702.26a ..."), code blocks or paragraphs between paragraphs of its own. The rules quoted
are the document (an excerpt: its edition is inferred from them, as for any undated excerpt),
the prose is its commentary, section by section under the post's headings. Markup is removed
from every line first: Markdown list, quote and heading marks, emphasis and code spans, inline
HTML (`<font color=...>`), HTML block elements (one per line, read as rule_page reads a page).

It claims a file only where prose stands beside the rule lines: at least three lines of prose
of some length, and fewer rule lines than a rules text has. Whole CR texts, rule pages of
sites and wiki articles are read by their own importers first or after it.
"""

from __future__ import annotations

import re

from kb.core.dates import find_effective_date
from kb.i18n import N_
from kb.importers.cr_text import MARKERS
from kb.importers.decode import decode_bytes
from kb.importers.language import chinese_script
from kb.importers.records import Commentary, Document
from kb.importers.rule_lines import (
    EXAMPLE,
    RuleCollector,
    match_rule_line,
    resolve_edition,
    resolve_lang,
    sniff_text,
    wraps_on,
)
from kb.importers.rule_page import has_navigation
from kb.importers.titles import clean_title

FORMAT = "prose"
EXPECTED_RULES = N_("rule lines quoted among the prose, like '- 702.26b ...'")
MAX_QUOTED = 400  # a text with more rule lines is a rules text, not a post about some of them
MIN_PROSE = 3
PROSE_LENGTH = 24  # characters of a prose line (CJK lines are short in characters, long in meaning)

_HTML = re.compile(r"<(?:html|body|p|div|article)[\s>]", re.I)
_FENCE = re.compile(r"^\s*(?:```|~~~)")
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(?P<text>.*?)\s*#*\s*$")
_MARKS = re.compile(r"^\s*(?:(?:[-*+]|>)\s*)+")
_TAG = re.compile(r"<[^>\n]{1,200}>")
_EMPHASIS = re.compile(r"(\*\*|__|`+)")
_SINGLE_EMPHASIS = re.compile(r"(?<![\w*])\*(?!\s)([^*\n]+?)(?<!\s)\*(?!\w)")
_LINK = re.compile(r"!?\[([^\]\n]*)\]\([^)\n]*\)")
_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)
_FRONT_TITLE = re.compile(r"^title:\s*[\"']?(?P<title>.+?)[\"']?\s*$", re.M)


def sniff(data: bytes, path: str) -> bool:
    text = sniff_text(data, path)
    if text is None:
        return False
    html = bool(_HTML.search(text[:4000]))
    if html:
        text = _html(text)[1]
    # The cheap refusals first: every CR file has its date in its first lines (this sniffer is
    # asked of every file an import reads, and counting the lines of 200 KB takes 50 ms).
    if find_effective_date(text[:3000]):
        return False  # a rules text (or an excerpt of one) under its own "effective as of" header
    lines = _plain_lines(text, html=html)
    if any(line in MARKERS.glossary for _number, line in lines):
        return False  # a rules text with its glossary
    if not html and has_navigation(text.split("\n")):
        return False  # a page of a rule site, with its page links or menu: kb.importers.rule_page's
    rules = sum(1 for _number, line in lines if (m := match_rule_line(line)) and "." in m[0])
    prose = sum(1 for _number, line in lines if _is_prose(line))
    if sum(1 for _number, line in lines if (m := match_rule_line(line)) and "." not in m[0]) >= 10:
        return False  # a rules text with its contents list (or the beginning of one)
    return 2 <= rules < MAX_QUOTED and prose >= MIN_PROSE and prose * 10 >= rules


def parse(data: bytes, path: str, *, lang: str | None = None, edition: str | None = None) -> Document:
    text = decode_bytes(data, path)
    html = bool(_HTML.search(text[:4000]))
    title = None
    if html:
        title, text = _html(text)
    elif (front := _FRONT_MATTER.match(text)) is not None:
        found = _FRONT_TITLE.search(front.group(0))
        title = found["title"] if found else None
        text = "\n" * front.group(0).count("\n") + text[front.end() :]
    collector = RuleCollector(path)
    commentary: list[Commentary] = []
    heading, start = "", 0
    paragraph: list[str] = []

    def close() -> None:
        nonlocal paragraph
        if paragraph:
            commentary.append(Commentary(heading or (title or ""), "\n".join(paragraph), start))
        paragraph = []

    wrapped = None  # the rule just read, while the lines below it may continue its text
    for number, line in _plain_lines(text, html=html):
        if line.startswith("\x00#"):
            close()
            heading = line[2:]
            wrapped = None
            # A heading that prints a rule's number and title ("### 502.15. Phasing" over the quoted
            # 502.15a-p) is that rule's heading, quoted like its subrules, and names no post.
            ruled = match_rule_line(heading)
            if ruled is not None and "." in ruled[0]:
                collector.add(ruled[0], ruled[1], number)
            else:
                title = title or heading
            continue
        quoted = match_rule_line(line)
        if quoted is not None:
            close()
            wrapped = collector.add(quoted[0], quoted[1], number)
            continue
        example = EXAMPLE.match(line)
        if example is not None and collector.rules:
            collector.add_example(example["text"], number)
            wrapped = None
            continue
        if wrapped is not None and wraps_on(wrapped.text, line):
            wrapped.text += " " + line  # a rule broken at the width of the page it was copied from
            continue
        wrapped = None
        if line:
            if not paragraph:
                start = number
            paragraph.append(line)
        else:
            close()
    close()
    collector.require(EXPECTED_RULES)
    sample = " ".join(r.text or r.title or "" for r in collector.rules)
    doc_lang = resolve_lang(lang, sample, path)
    if doc_lang == "zh" and not lang:
        doc_lang = chinese_script(sample)
    collector.split_titles(doc_lang)
    found_edition, evidence = resolve_edition(edition, path, ("text", text[:6000]))
    return Document(
        lang=doc_lang,
        format=FORMAT,
        edition=found_edition,
        edition_evidence=evidence,
        title=clean_title(title),
        rules=collector.rules,
        terms=collector.terms,
        commentary=commentary,
        meta={"quoted_rules": str(len(collector.rules))},
    )


def _html(text: str) -> tuple[str | None, str]:
    """The page's title and its text with block elements on lines of their own, headings marked."""
    # Only an HTML page is parsed as HTML: a Markdown post or a text does not load bs4.
    from bs4 import BeautifulSoup  # lazy: bs4, 53 modules, ~130 ms

    from kb.importers.rule_page import block_text  # lazy: as above (it loads bs4)

    soup = BeautifulSoup(text, "lxml")
    for tag in soup(["script", "style", "noscript", "nav", "footer"]):
        tag.decompose()
    title = soup.title.get_text(" ", strip=True) if soup.title else None
    for level in range(1, 7):
        for heading in soup.find_all(f"h{level}"):
            heading.insert(0, "#" * level + " ")
    return title, block_text(soup.body or soup)


def _plain_lines(text: str, *, html: bool) -> list[tuple[int, str]]:
    """(line number, text without markup) of every line; a heading as "\\x00#" + its text."""
    lines: list[tuple[int, str]] = []
    fenced = False
    for number, raw in enumerate(text.split("\n"), 1):
        if _FENCE.match(raw):
            fenced = not fenced
            lines.append((number, ""))
            continue
        line = raw.replace("\u00a0", " ")
        if not fenced:
            if (heading := _HEADING.match(line)) is not None:
                lines.append((number, "\x00#" + _inline(heading["text"])))
                continue
            line = _MARKS.sub("", line)
        lines.append((number, _inline(line)))
    return lines


def _inline(line: str) -> str:
    """A line without inline markup: tags, links (their text kept), emphasis and code marks."""
    line = _TAG.sub("", line)
    line = _LINK.sub(r"\1", line)
    line = _EMPHASIS.sub("", line)
    line = _SINGLE_EMPHASIS.sub(r"\1", line)
    return " ".join(line.split())


def _is_prose(line: str) -> bool:
    return len(line) >= PROSE_LENGTH and not line.startswith("\x00#") and match_rule_line(line) is None
