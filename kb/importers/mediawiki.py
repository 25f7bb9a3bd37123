"""MediaWiki markup of the Japanese CR (4423-mtg/mtgwiki-scripts): rules, glossary, contents.

Three shapes share the markup and may share a file:
- rules: "=700=" / "==702.26==" / "===702.26a===" headings, the text on the following
  lines (the first line of a titled rule is its title, "フェイジング／Phasing"), "例：" examples;
- glossary: "=相棒（あいぼう）／Companion=" headings with the definition below;
- contents: "***[[#702.26|702.26. フェイジング／Phasing]]" lines, read as rule headings
  and term pairs.
The file's preamble states the translation ("和訳 20260116.0 版"), which dates the edition.
A header-only file holds no rules: parse() refuses it, header() reads its metadata.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.core.numbers import RuleNumber
from kb.i18n import N_, _
from kb.importers.decode import decode_bytes
from kb.importers.records import Document, GlossaryEntry, NoRules, TermPair
from kb.importers.rule_lines import (
    RuleCollector,
    edition_from_name,
    is_title,
    match_example,
    resolve_edition,
    resolve_lang,
    sniff_text,
    split_pair,
)

FORMAT = "mediawiki"
EXPECTED = N_(
    "rule headings like '==702.26==', glossary headings like '=相棒（あいぼう）／Companion=' "
    "or contents lines like '***[[#702.26|702.26. フェイジング／Phasing]]'"
)

HEADING = re.compile(r"^(?P<level>=+)\s*(?P<title>[^=].*?)\s*(?P=level)\s*$")
TOC_LINE = re.compile(r"^\*+\s*\[\[#(?P<anchor>[^|\]]+)\|(?P<label>[^\]]*)\]\]?\s*$")
RULE_NUMBER = re.compile(r"^\d{3}(?:\.\d{1,3}[a-z]{0,2})?\.?$|^\d$")
SECTION_LINE = re.compile(r"^(?P<number>\d)\.\s*(?P<title>\S.*)$")
LABEL_NUMBERS = re.compile(r"^(?:\d{1,3}(?:\.\d+[a-z]*)?\s*(?:\.\s*|$))+")
READING = re.compile(r"^(?P<term>.*?)（(?P<reading>[^（）\u3400-\u9fff]+)）$")  # kana, no kanji
SENSE = re.compile(r"\s*\(\d+\)$")
SEPARATOR = re.compile(r"^(?:-{4,}|__[A-Z]+__)\s*$")
LINK = re.compile(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]")
EXTERNAL_LINK = re.compile(r"\[(?:https?://|//)\S+(?:\s+([^\]]*))?\]")
EMPHASIS = re.compile(r"'{2,}")


@dataclass
class _Item:
    """The heading being read and the lines under it."""

    kind: str  # "rule", "glossary" or "other" (a heading of neither kind, skipped)
    heading: str
    line: int
    lines: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class _Reader:
    path: str
    rules: RuleCollector
    glossary: list[GlossaryEntry] = field(default_factory=list)
    toc: list[tuple[str, str, int]] = field(default_factory=list)
    preamble: list[str] = field(default_factory=list)
    item: _Item | None = None


def sniff(data: bytes, path: str) -> bool:
    """Lines like "==702.26==", "=用語（よみ）／Term=" or "*[[#702.26|…]]"."""
    text = sniff_text(data, path)
    if text is None:
        return False
    for line in text.split("\n")[:2000]:
        heading = HEADING.match(line)
        if TOC_LINE.match(line) or (heading and (RULE_NUMBER.match(heading["title"]) or "／" in heading["title"])):
            return True
    return False


def parse(data: bytes, path: str, *, lang: str | None = None, edition: str | None = None) -> Document:
    """Rules, glossary entries and contents of one MediaWiki file."""
    reader = _read(data, path)
    terms = _toc_rules(reader)
    if not (reader.rules.rules or reader.glossary or terms):
        raise NoRules(
            path,
            None,
            _(
                "no rules found: expected {expected} (a header-only file has none; read it with mediawiki.header())"
            ).format(expected=_(EXPECTED)),
        )
    sample = " ".join(
        [r.text or r.title or "" for r in reader.rules.rules[:200]] + [g.text for g in reader.glossary[:200]]
    )
    doc_lang = resolve_lang(lang, sample, path)
    reader.rules.split_titles(doc_lang)
    found_edition, evidence = _edition(reader, edition, path)
    return Document(
        lang=doc_lang,
        format=FORMAT,
        edition=found_edition,
        edition_evidence=evidence,
        rules=reader.rules.rules,
        glossary=reader.glossary,
        terms=_unique(terms + reader.rules.terms),
        meta=_preamble_meta(reader.preamble),
    )


def header(data: bytes, path: str, *, lang: str | None = None, edition: str | None = None) -> Document:
    """The metadata of a header-only file (edition, source): to date an excerpt without one."""
    reader = _read(data, path)
    text = "\n".join(reader.preamble)
    found_edition, evidence = _edition(reader, edition, path)
    return Document(
        lang=resolve_lang(lang, text, path),
        format=FORMAT + "-header",
        edition=found_edition,
        edition_evidence=evidence,
        meta=_preamble_meta(reader.preamble),
    )


def _read(data: bytes, path: str) -> _Reader:
    reader = _Reader(path, RuleCollector(path))
    for number, line in enumerate(decode_bytes(data, path).split("\n"), start=1):
        _read_line(reader, line.rstrip(), number)
    _finish(reader)
    return reader


def _read_line(reader: _Reader, line: str, number: int) -> None:
    heading = HEADING.match(line)
    toc = TOC_LINE.match(line)
    if heading:
        _finish(reader)
        title = heading["title"]
        kind = "rule" if RULE_NUMBER.match(title) else "glossary" if "／" in title else "other"
        reader.item = _Item(kind, heading["title"], number)
    elif toc:
        reader.toc.append((toc["anchor"].strip(), toc["label"], number))
    elif SEPARATOR.match(line):
        _finish(reader)
    elif reader.item is not None:
        reader.item.lines.append((number, line))
    elif section := _section_line(line):
        reader.rules.add(section["number"], section["title"], number, titled=True)
    elif line.strip():
        reader.preamble.append(line.strip())


def _section_line(line: str) -> re.Match | None:
    """ "7. その他のルール" between the contents and the first heading."""
    match = SECTION_LINE.match(line.strip())
    return match if match and is_title(match["title"]) else None


def _finish(reader: _Reader) -> None:
    """Turn the item being read into a rule or a glossary entry."""
    item, reader.item = reader.item, None
    if item is None:
        return
    body = [(number, clean(text)) for number, text in item.lines if text.strip()]
    if item.kind == "rule":
        _finish_rule(reader, item, body)
    elif item.kind == "glossary":
        _finish_entry(reader, item, body)


def _finish_rule(reader: _Reader, item: _Item, body: list[tuple[int, str]]) -> None:
    """The first line is the rule's title or text; "例：" lines are examples; more lines join the text."""
    texts = [(number, text) for number, text in body if match_example(text) is None]
    examples = [(number, example) for number, text in body if (example := match_example(text)) is not None]
    first = texts[0][1] if texts else ""
    parsed = RuleNumber.try_parse(item.heading)
    titled = True if parsed is not None and parsed.kind in ("section", "chapter") else None
    rule = reader.rules.add(item.heading, first, item.line, titled=titled)
    if rule is None:
        return
    rest = [text for _, text in texts[1:]]
    if rest:
        rule.text = "\n".join(([] if rule.title else [first]) + rest)
    for number, example in examples:
        reader.rules.add_example(example, number)


def _finish_entry(reader: _Reader, item: _Item, body: list[tuple[int, str]]) -> None:
    """ "=相棒（あいぼう）／Companion=": term, reading, English, and the definition below."""
    local, _, english = item.heading.partition("／")
    reading_match = READING.match(local.strip())
    term, reading = (reading_match["term"], reading_match["reading"]) if reading_match else (local.strip(), None)
    # "=（へや）／Room=" prints no term, only its reading: the reading is the term then.
    term = term.strip() or (reading or "")
    text = "\n".join(text for _, text in body)
    reader.glossary.append(GlossaryEntry(term, text, item.line, SENSE.sub("", english.strip()), reading))


def _toc_rules(reader: _Reader) -> list[TermPair]:
    """Contents lines: headings not in the body become title-only rules, every pair a term."""
    terms = []
    for anchor, label, number in reader.toc:
        title = LABEL_NUMBERS.sub("", clean(label)).strip()
        if not title or not RULE_NUMBER.match(anchor):
            continue  # "701.1" has no title: its text is in the body, not in the contents
        pair = split_pair(title)
        if pair:
            terms.append(TermPair(pair[0], pair[1], number))
        if anchor not in {rule.number for rule in reader.rules.rules}:
            reader.rules.add(anchor, pair[0] if pair else title, number, titled=True)
    return terms


def _unique(terms: list[TermPair]) -> list[TermPair]:
    """One pair per (term, English), the first occurrence kept."""
    seen: set[tuple[str, str]] = set()
    kept = []
    for pair in terms:
        if (pair.term, pair.english) not in seen:
            seen.add((pair.term, pair.english))
            kept.append(pair)
    return kept


def _edition(reader: _Reader, option: str | None, path: str) -> tuple[str | None, str | None]:
    """The option, else the preamble's "和訳 20260116.0", else the file name's version."""
    found = resolve_edition(option, path, ("header", "\n".join(reader.preamble)))
    if found[0] is None:
        return edition_from_name(path) or found
    return found


def _preamble_meta(preamble: list[str]) -> dict[str, str]:
    meta: dict[str, str] = {}
    text = "\n".join(preamble)
    link = re.search(r"\[(https?://\S+)\s+([^\]]*)\]", text)
    if link:
        meta["source"], meta["source_name"] = link[1], link[2]
    version = re.search(r"和訳\s*(\d{8}\.\d)", text)
    if version:
        meta["translation"] = version[1]
    return meta


def clean(text: str) -> str:
    """Markup to text: [[総合ルール/8#800.4|rule 800.4]] -> "rule 800.4", [url label] -> label."""
    text = LINK.sub(r"\1", text)
    text = EXTERNAL_LINK.sub(lambda m: m[1] or "", text)
    return EMPHASIS.sub("", text).strip()
