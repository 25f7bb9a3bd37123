"""A bilingual CR glossary in DokuWiki markup (HeliumOctahelide's glossarycn.txt).

Each entry sits between "----" lines: the English term and its translation on two
lines (the first ends in a DokuWiki line break "\\\\"), then each definition in English
and in the translation. The file is the only source that pairs every Chinese glossary
term with its English name, so it feeds the term dictionary (kb.terms) as glossary
entries with ``english`` set.
"""

from __future__ import annotations

import re

from kb.i18n import N_, _
from kb.importers.decode import decode_bytes
from kb.importers.records import Document, GlossaryEntry, SourceError
from kb.importers.rule_lines import resolve_edition, sniff_text

FORMAT = "dokuwiki-glossary"
EXPECTED = N_("entries between '----' lines: 'English term\\\\', the translated term, then the definitions")

_SEPARATOR = re.compile(r"^-{4,}\s*$")
_HEADING = re.compile(r"^\s*=+.*=+\s*$")
_BREAK = re.compile(r"\s*\\\\\s*$")
_LINK = re.compile(r"\[\[[^\]|]*\|([^\]]*)\]\]")
_BARE_LINK = re.compile(r"\[\[([^\]|]*)\]\]")
_URL = re.compile(r"\[url\](.*?)\[/url\]")
_MARKUP = re.compile(r"\{\{[^}]*\}\}|</?WRAP[^>]*>")
_NAME_DATE = re.compile(r"(?<!\d)(20\d\d)(\d\d)(\d\d)(?!\d)")
_LATIN = re.compile(r"[A-Za-z]")


def sniff(data: bytes, path: str) -> bool:
    """Several entries whose first line ends in "\\\\" right after a "----" line."""
    text = sniff_text(data, path)
    if text is None:
        return False
    lines = text.split("\n")
    entries = sum(
        1
        for before, line in zip(lines, lines[1:])
        if _SEPARATOR.match(before) and _BREAK.search(line) and _LATIN.search(line)
    )
    return entries >= 3


def parse(data: bytes, path: str, *, lang: str | None = None, edition: str | None = None) -> Document:
    text = decode_bytes(data, path)
    entries = [entry for block in _blocks(text.split("\n")) if (entry := _entry(block)) is not None]
    if not entries:
        raise SourceError(path, None, _("no glossary entries found: expected {expected}").format(expected=_(EXPECTED)))
    found, evidence = resolve_edition(edition, path)
    if found is None:
        found, evidence = _edition_from_name(path)
    return Document(
        lang=lang or "zh",
        format=FORMAT,
        edition=found,
        edition_evidence=evidence,
        title="glossary (DokuWiki)",
        glossary=entries,
    )


def _blocks(lines: list[str]) -> list[list[tuple[int, str]]]:
    """Numbered lines between separators, headings and blank lines dropped."""
    blocks: list[list[tuple[int, str]]] = [[]]
    for number, line in enumerate(lines, 1):
        if _SEPARATOR.match(line):
            blocks.append([])
        elif line.strip() and not _HEADING.match(line):
            blocks[-1].append((number, line.rstrip()))
    return blocks[1:]  # before the first separator: the page header


def _entry(block: list[tuple[int, str]]) -> GlossaryEntry | None:
    """English term, translated term, then definition lines alternating English/translation."""
    if len(block) < 2 or not _BREAK.search(block[0][1]) or not _LATIN.search(block[0][1]):
        return None
    line, english = block[0][0], _BREAK.sub("", block[0][1]).strip()
    term = _BREAK.sub("", block[1][1]).strip()
    translated = [clean(text) for _, text in block[2:] if not _BREAK.search(text)]
    return GlossaryEntry(term=term, english=english, text="\n".join(translated), line=line)


def clean(text: str) -> str:
    """Link targets and URLs as plain text, DokuWiki includes and wraps removed."""
    text = _LINK.sub(r"\1", text)
    text = _BARE_LINK.sub(r"\1", text)
    text = _URL.sub(r"\1", text)
    return _MARKUP.sub("", text).strip()


def _edition_from_name(path: str) -> tuple[str | None, str | None]:
    """ "…_20260417.txt": the CR edition the glossary was taken from."""
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    match = _NAME_DATE.search(name)
    if not match:
        return None, None
    return f"{match[1]}-{match[2]}-{match[3]}", f"file name: {match.group(0)}"
