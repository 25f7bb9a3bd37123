"""Any document that numbers the rules: a translation or a quote in whatever container it comes in.

One pipeline instead of a reader per website: ``kb.importers.unwrap`` opens the container (JSON,
CSV/TSV, XLIFF/TMX, DokuWiki, Markdown with or without front matter, HTML, text) with the library
made for it, ``kb.importers.rule_finder`` finds the rules in its lines and tells their languages by
script and words. A bilingual file yields a document per language: the first returned is the
translation, the others (``Document.siblings``) are stored beside it under the name plus the
language ("….en"). The edition is the effective date the text states ("These rules are effective
as of …"); a post's own date (front matter ``date:``) is when it was written, not an edition, so
such a document is imported undated and its edition is inferred from its rules like any excerpt's.
"""

from __future__ import annotations

import re

from kb.i18n import _
from kb.importers.decode import decode_bytes
from kb.importers.language import chinese_script
from kb.importers.pdf import as_text
from kb.importers.records import Document, GlossaryEntry, NoRules, SourceError
from kb.importers.rule_finder import Finding, Found, find_rules
from kb.importers.rule_lines import resolve_edition, sniff_text, split_pair
from kb.importers.titles import clean_title
from kb.importers.unwrap import Unwrapped, container_of, unwrap

FORMAT = "numbered"
# Containers this reader claims outright when it finds rules in them; the others it claims only for
# what the older readers cannot read: a page printing each rule in two languages, a page source
# (Markdown, a post) whose lines are mostly rules however its numbers are marked (bold, HTML headings),
# numbers alone on their line, or a rule quoted twice.
_ANY_NUMBER = re.compile(r"(?<![\d.])\d{3}\.\d{1,3}[a-z]{0,2}(?![\d])")
_RULE_OR_EXAMPLE = re.compile(r"^(?:[-*•]\s*)?(?:\d{1,3}(?:\.\d{1,3}[a-z]{0,2})?\.?(?:\s|$)|\S{1,12}\s*[:：])")


def sniff(data: bytes, path: str) -> bool:
    head = data[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    # JSON is read whole or not at all: the sniffers' first 200 KB of a dataset parse as nothing.
    text = _whole_text(data, path) if head[:1] in (b"{", b"[") else sniff_text(data, path)
    if text is None:
        return False
    kind, _reason = container_of(text, path)
    if kind in ("text", "po"):
        return False
    if kind in ("json", "csv", "xml"):  # a dataset, a table, a translation memory: claimed if it holds rule numbers
        return bool(_ANY_NUMBER.search(text))
    try:
        unwrapped = unwrap(text.encode("utf-8"), path)
    except Exception:  # a sniffer never fails: the reader chosen says what is wrong
        return False
    finding = find_rules(unwrapped.lines, path)
    rules = sum(len(found.rules) for found in finding.languages)
    if not rules:
        return False
    if kind == "dokuwiki":  # its rules, not a glossary's "See rule 702.2" (kb.importers.dokuwiki_glossary)
        return True
    bilingual = len([f for f in finding.languages if len(f.rules) >= 3]) >= 2
    repeated = any(w.kind.startswith("quoted") for w in finding.warnings)
    # A post whose rules are its bulk (a translation published as posts), not quotes among prose,
    # which kb.importers.prose reads with its commentary.
    prose = sum(1 for line in unwrapped.lines if len(line.text) >= 24 and not _RULE_OR_EXAMPLE.match(line.text))
    # Whatever marks the numbers (bold, or <h3>/<h4> headings as a translation platform writes them).
    page = kind == "markdown" and rules >= 2 and prose * 5 < rules
    return bilingual or repeated or finding.alone >= 2 or page


def _whole_text(data: bytes, path: str) -> str | None:
    try:
        return decode_bytes(data, path)
    except SourceError:
        return None


def parse(data: bytes, path: str, *, lang: str | None = None, edition: str | None = None) -> Document:
    data, _pdf = as_text(data, path)  # once: unwrap and the edition both read the text
    unwrapped = unwrap(data, path)
    finding = find_rules(unwrapped.lines, path)
    documents = _documents(unwrapped, finding, path, lang, edition, decode_bytes(data, path))
    main, *siblings = documents
    main.siblings = siblings
    return main


def read(data: bytes, path: str) -> tuple[Unwrapped, Finding]:
    """The container and the rules found in it, for ``mtgkb import --explain``."""
    unwrapped = unwrap(data, path)
    return unwrapped, find_rules(unwrapped.lines, path)


def _documents(
    unwrapped: Unwrapped, finding: Finding, path: str, lang: str | None, edition: str | None, text: str
) -> list[Document]:
    groups = [found for found in finding.languages if found.rules]
    mixed = next((w for w in finding.warnings if w.kind == "mixed-languages"), None)
    if not groups and mixed is not None:  # every rule mixed two languages: say where
        raise NoRules(path, mixed.line, mixed.message)
    if not groups:
        raise NoRules(
            path,
            None,
            _("no rules found in {container} ({reason}): expected lines that start with a rule number").format(
                container=unwrapped.container, reason=unwrapped.reason
            ),
        )
    # The translation first: a bilingual file's English side is its companion.
    groups.sort(key=lambda found: (found.lang == "en", -len(found.rules)))
    found_edition, evidence = resolve_edition(edition, path, ("text", text[:20000]))
    documents = []
    for position, found in enumerate(groups):
        doc_lang = found.lang
        if lang and (position == 0 or len(groups) == 1):
            doc_lang = lang
        elif doc_lang == "zh":
            doc_lang = chinese_script(" ".join(r.text or r.title or "" for r in found.rules))
        documents.append(_document(unwrapped, found, doc_lang, found_edition, evidence, position == 0))
    documents[0].warnings.extend(finding.warnings)
    return documents


def _document(
    unwrapped: Unwrapped, found: Found, lang: str, edition: str | None, evidence: str | None, main: bool
) -> Document:
    document = Document(
        lang=lang,
        format=FORMAT,
        edition=edition,
        edition_evidence=evidence,
        title=clean_title(unwrapped.title),
        rules=found.rules,
        meta={"container": unwrapped.container, **{k: v for k, v in unwrapped.meta.items() if k != "date"}},
    )
    for entry_lang, term, text, english, position in unwrapped.glossary:
        if entry_lang == lang.split("-")[0] or (entry_lang == "" and main):
            document.glossary.append(GlossaryEntry(term, text, position, english=english if english != term else None))
    if "date" in unwrapped.meta:
        document.meta["posted"] = unwrapped.meta["date"]  # when the post was written: no edition
    if not main:
        document.meta["companion_of"] = "translation"
    if lang != "en":
        for rule in found.rules:
            pair = split_pair(rule.title) if rule.title else None
            if pair:
                rule.title = pair[0]
    return document
