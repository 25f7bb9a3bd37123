"""Which importer reads a file: by name with --format, else by sniffing the bytes."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

from importers.records import Document, NoRules, SourceError
from importers.references import find_references
from kb.i18n import _

# Most specific first: a wiki article quotes rule lines too, so it must be asked before cr-text.
FORMATS: dict[str, str] = {
    "po": "importers.po",
    "mediawiki": "importers.mediawiki",
    "wiki-article": "importers.wiki_article",
    "rule-page": "importers.rule_page",
    "cr-text": "importers.cr_text",
    "dokuwiki-glossary": "importers.dokuwiki_glossary",
}


def importer(name: str) -> ModuleType:
    if name not in FORMATS:
        raise ValueError(_("unknown format {name!r}: expected one of {formats}").format(
            name=name, formats=", ".join(FORMATS)))
    return importlib.import_module(FORMATS[name])


def detect_format(data: bytes, path: str) -> str:
    for name in FORMATS:
        if importer(name).sniff(data, path):
            return name
    binary = b"\x00" in data[:4096] and data[:2] not in (b"\xff\xfe", b"\xfe\xff")
    message = (_("unknown format (binary data): expected the Comprehensive Rules as text (lines like '702.26a "
                 "...'), a wiki article quoting rules, a rule page (text or HTML) or MediaWiki markup; or pass "
                 "--format with one of {formats}") if binary else
               _("no rules found: expected the Comprehensive Rules as text (lines like '702.26a ...'), a wiki "
                 "article quoting rules, a rule page (text or HTML) or MediaWiki markup; or pass --format with one "
                 "of {formats}"))
    raise NoRules(path, None, message.format(formats=", ".join(FORMATS)))


def parse_file(
    path: str | Path, *, format: str | None = None, lang: str | None = None, edition: str | None = None,
    data: bytes | None = None,
) -> tuple[Document, bytes]:
    """Read and parse one file; SourceError for anything wrong with it."""
    path = str(path)
    if data is None:
        try:
            data = Path(path).read_bytes()
        except OSError as error:
            raise SourceError(path, None, _("cannot read the file: {reason}").format(reason=error.strerror)) from error
    if not data.strip():
        raise SourceError(path, None, _("the file is empty: expected a rule text"))
    name = format or detect_format(data, path)
    document = importer(name).parse(data, path, lang=lang, edition=edition)
    if not document.rules and not document.glossary:
        raise NoRules(path, None, _("no rules found: expected lines starting with a rule number like '702.26a'"))
    document.references = find_references(document)
    return document, data
