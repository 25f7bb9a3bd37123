"""Which importer reads a file: by name with --format, else by sniffing the bytes."""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from types import ModuleType

from importers.decode import collect_warnings, decode_bytes
from importers.limits import Limits, check_texts
from importers.records import Document, NoRules, SourceError
from importers.references import Read, find_references
from kb.core.errors import BadInput
from kb.i18n import _

# Most specific first: a wiki article quotes rule lines too, so it must be asked before cr-text.
FORMATS: dict[str, str] = {
    "po": "importers.po",
    "mediawiki": "importers.mediawiki",
    "wiki-article": "importers.wiki_article",
    "prose": "importers.prose",
    "rule-page": "importers.rule_page",
    "cr-text": "importers.cr_text",
    "dokuwiki-glossary": "importers.dokuwiki_glossary",
}


def importer(name: str) -> ModuleType:
    if name not in FORMATS:
        raise BadInput(
            _("unknown format {name!r}: expected one of {formats}").format(name=name, formats=", ".join(FORMATS)),
            list(FORMATS),
        )
    return importlib.import_module(FORMATS[name])


def detect_format(data: bytes, path: str) -> str:
    for name in FORMATS:
        if importer(name).sniff(data, path):
            return name
    binary = b"\x00" in data[:4096] and data[:2] not in (b"\xff\xfe", b"\xfe\xff")
    if not binary:
        decode_bytes(data, path)  # a sniffer reads no text it cannot decode: say why the bytes are not text
    order = utf16_without_bom(data) if binary else None
    if order:
        raise NoRules(
            path,
            None,
            _(
                "the file looks like UTF-16 ({order}) without a byte-order mark: every other "
                "byte is zero; save it as UTF-8, or as UTF-16 with a byte-order mark"
            ).format(order=order),
        )
    message = (
        _(
            "unknown format (binary data): expected the Comprehensive Rules as text (lines like '702.26a "
            "...'), a wiki article quoting rules, a rule page (text or HTML) or MediaWiki markup; or pass "
            "--format with one of {formats}"
        )
        if binary
        else _(
            "no rules found: expected the Comprehensive Rules as text (lines like '702.26a ...'), a wiki "
            "article quoting rules, a rule page (text or HTML) or MediaWiki markup; or pass --format with one "
            "of {formats}"
        )
    )
    raise NoRules(path, None, message.format(formats=", ".join(FORMATS)))


def parse_file(
    path: str | Path,
    *,
    format: str | None = None,
    lang: str | None = None,
    edition: str | None = None,
    data: bytes | None = None,
    limits: Limits | None = None,
    citations: Read | None = None,
) -> tuple[Document, bytes]:
    """Read and parse one file; SourceError for anything wrong with it (SourceTooLarge over ``limits``).

    What decoding removed (control characters) is in the document's ``warnings``. ``citations``:
    the citations read in the files before this one (importers.references.find_references).
    """
    path = str(path)
    limits = limits or Limits.resolve()
    if data is None:
        data = read_source(path, limits)
    limits.check_size(path, len(data))
    if not data.strip():
        raise SourceError(path, None, _("the file is empty: expected a rule text"))
    if format:
        importer(format)
    with collect_warnings() as warnings:
        name = format or detect_format(data, path)
        document = importer(name).parse(data, path, lang=lang, edition=edition)
    document.warnings[:0] = warnings  # decoding's first, then the importer's repairs
    if not document.rules and not document.glossary and not document.po_entries:  # a PO's numbered by the store
        raise NoRules(path, None, _("no rules found: expected lines starting with a rule number like '702.26a'"))
    limits.check_rules(path, len(document.rules))
    check_texts(path, document)
    document.references = find_references(document, path=path, read=citations)
    return document, data


def utf16_without_bom(data: bytes) -> str | None:
    """ "LE" or "BE" when the first 4 KB look like UTF-16 text without a byte-order mark: mostly
    zero bytes at odd positions (little-endian) or at even ones (big-endian), almost none at the others."""
    sample = data[:4096]
    even, odd = sample[0::2], sample[1::2]
    if len(odd) < 8:
        return None
    zero_even, zero_odd = even.count(0) / len(even), odd.count(0) / len(odd)
    if zero_odd > 0.3 and zero_even < 0.05:
        return "LE"
    if zero_even > 0.3 and zero_odd < 0.05:
        return "BE"
    return None


def read_source(path: str | Path, limits: Limits | None = None) -> bytes:
    """The bytes of a source file, refused before reading when it is over the size limit."""
    limits = limits or Limits.resolve()
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            limits.check_size(str(path), size)
            return handle.read(limits.max_bytes + 1)
    except OSError as error:
        raise SourceError(str(path), None, _("cannot read the file: {reason}").format(reason=error.strerror)) from error
