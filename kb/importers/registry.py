"""Which importer reads a file: by name with --format, else by sniffing the bytes."""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from kb.core.errors import BadInput
from kb.i18n import _
from kb.importers.decode import collect_warnings, decode_bytes
from kb.importers.limits import Limits, check_texts
from kb.importers.pdf import as_text
from kb.importers.records import Document, NoEdition, NoRules, SourceError
from kb.importers.references import Read, find_references

# Most specific first: a wiki article quotes rule lines too, so it must be asked before cr-text.
FORMATS: dict[str, str] = {
    "po": "kb.importers.po",
    "mediawiki": "kb.importers.mediawiki",
    "numbered": "kb.importers.numbered",
    "wiki-article": "kb.importers.wiki_article",
    "prose": "kb.importers.prose",
    "rule-page": "kb.importers.rule_page",
    "cr-text": "kb.importers.cr_text",
    "dokuwiki-glossary": "kb.importers.dokuwiki_glossary",
}

# The endings of the files the readers read, the one list a folder's import takes its files by: detection
# goes by content, so these are the names the forms above come under (".pot", a PO template the po reader
# reads as a catalog; ".xml", an XLIFF or TMX file; ".pdf", a text layer, kb.importers.pdf).
SUFFIXES: tuple[str, ...] = (
    ".txt",
    ".html",
    ".htm",
    ".md",
    ".markdown",
    ".json",
    ".po",
    ".pot",
    ".csv",
    ".tsv",
    ".xlf",
    ".xliff",
    ".tmx",
    ".xml",
    ".rst",
    ".pdf",
)


def importer(name: str) -> ModuleType:
    if name not in FORMATS:
        raise BadInput(
            _("unknown format {name!r}: expected one of {formats}").format(name=name, formats=", ".join(FORMATS)),
            list(FORMATS),
        )
    return importlib.import_module(FORMATS[name])


def detect_format(data: bytes, path: str) -> str:
    data, _pdf = as_text(data, path)  # a PDF is detected as what its text is
    for name in FORMATS:
        if importer(name).sniff(data, path):
            return name
    if _numbered_rules(data, path):
        return "numbered"  # no reader claims it, but its lines number rules: the general reader takes it
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
    message = message.format(formats=", ".join(FORMATS))
    if not binary and _json_like(data, path):
        message = _card_formats() + "; " + message
    raise NoRules(path, None, message + " (" + _("tried") + ": " + _tried(data, path) + ")")


def _json_like(data: bytes, path: str) -> bool:
    """Whether a file is JSON by its name or its first character: a card file is JSON, and `mtgkb import`
    reads card files too (kb.importers.cards, detected before the rule readers are asked)."""
    head = data[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    return path.lower().endswith(".json") or head[:1] in (b"{", b"[")


def _card_formats() -> str:
    """The card formats `mtgkb import` reads, named for a JSON file that is no card file and no rule text,
    as `mtgkb update --cards --file` names them."""
    return _(
        "not a card file: expected Scryfall's bulk Oracle Cards JSON (an array of objects with "
        '"object": "card" and "oracle_id") or MTGJSON\'s AtomicCards.json ({"meta": ..., '
        '"data": {name: [faces]}})'
    )


def _tried(data: bytes, path: str) -> str:
    """Every reader and what it makes of a file that none reads: for the error that refuses it."""
    return "; ".join(f"{c.format}: {c.summary()}" for c in explain(data, path)[1])


def _undated(data: bytes, path: str, lang: str | None, error: NoEdition) -> Document:
    """A text its reader refused for want of a date, read as an undated document: its edition is then
    inferred from its rules (kb.history), and the warning says so and how to give one."""
    from kb.importers import numbered  # lazy: yaml and the finder, only for a file no other reader claims
    from kb.importers.repairs import SourceWarning  # lazy: as above

    document = numbered.parse(data, path, lang=lang)
    message = _(
        "the text states no effective date: imported undated, its edition inferred from its rules "
        "(give --edition DATE to set it)"
    )
    document.warnings.insert(0, SourceWarning(path, 1, "undated", "", None, message))
    return document


def _numbered_rules(data: bytes, path: str) -> int:
    from kb.importers import numbered  # lazy: yaml and the finder, only for a file no other reader claims

    try:
        _unwrapped, finding = numbered.read(data, path)
    except SourceError:
        return 0
    return sum(len(found.rules) for found in finding.languages)


@dataclass
class Candidate:
    """What one reader makes of a file: whether it claims it, and how many rules it reads (or why not)."""

    format: str
    claims: bool
    rules: int | None = None
    languages: list[str] = field(default_factory=list)
    error: str | None = None
    no_rules: bool = False  # the error says it finds no rules (a claim it cannot keep), not that the file is bad
    fails: bool = False  # the import would fail with this reader's error (all but a missing date, read undated)

    def summary(self) -> str:
        claimed = _("claims it") if self.claims else _("does not claim it")
        if self.error is not None:
            return _("{claimed}, reads nothing: {error}").format(claimed=claimed, error=self.error)
        return _("{claimed}, reads {n} rules ({languages})").format(
            claimed=claimed, n=self.rules, languages=", ".join(self.languages) or "-"
        )


def explain(
    data: bytes, path: str, *, lang: str | None = None, edition: str | None = None
) -> tuple[dict[str, str], list[Candidate]]:
    """What a file is and what every reader finds in it: for ``mtgkb import --explain``.

    ``lang`` and ``edition`` are given to every reader as the import gives them (``--lang``, ``--edition``),
    so the languages and counts said are those the import would store.

    The first value says what was detected and why: the container (``kb.importers.unwrap``), the
    reader chosen (or the error that no reader claims it); the candidates are every reader, asked
    to sniff and then to read, with its rule count per language or its error. Nothing is stored.
    """
    from kb.importers import numbered  # lazy: yaml and the finder, only for a file no other reader claims
    from kb.importers.unwrap import container_of  # lazy: as above

    detected: dict[str, str] = {}
    try:
        data, pdf = as_text(data, path)
        text = decode_bytes(data, path)
    except SourceError as error:
        return {"error": str(error)}, []
    try:
        container, reason = container_of(text, path)
    except SourceError as error:  # a JSON document cut short: no reader is asked
        return {"error": str(error)}, []
    detected["container"], detected["why"] = container, reason
    if pdf:
        detected["container"], detected["why"] = (
            "pdf",
            pdf + "; " + _("its text is {kind}: {why}").format(kind=container, why=reason),
        )
    candidates = []
    for name in FORMATS:
        module = importer(name)
        try:
            claims = bool(module.sniff(data, path))
        except SourceError:
            claims = False
        candidate = Candidate(name, claims)
        try:
            with collect_warnings():
                document = module.parse(data, path, lang=lang, edition=edition)
            documents = [document, *document.siblings]
            candidate.rules = sum(len(d.rules) for d in documents)
            candidate.languages = [f"{d.lang} {len(d.rules)}" for d in documents]
        except (SourceError, BadInput) as error:
            candidate.no_rules = isinstance(error, NoRules)
            candidate.fails = not isinstance(error, NoEdition)
            candidate.error = getattr(error, "message", str(error))
            line = getattr(error, "line", None)
            if line and f"line {line}" not in candidate.error:  # where the reader stopped, said once
                candidate.error = _("line {line}: {error}").format(line=line, error=candidate.error)
        except Exception as error:  # a reader asked of a file it does not claim may trip over it
            candidate.error = f"{type(error).__name__}: {error}"
        candidates.append(candidate)
    claimer = next((c for c in candidates if c.claims), None)
    if claimer is not None and not claimer.fails:
        detected["format"] = claimer.format
    elif (claimer is None or claimer.no_rules) and _numbered_rules(data, path):  # as parse_file reads it
        detected["format"] = numbered.FORMAT
    else:
        detected["format"] = ""
    return detected, candidates


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
    the citations read in the files before this one (kb.importers.references.find_references).
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
    text, pdf = as_text(data, path)  # the readers read a PDF's text; the file's own bytes are what is stored
    with collect_warnings() as warnings:
        name = format or detect_format(text, path)
        try:
            document = importer(name).parse(text, path, lang=lang, edition=edition)
        except NoEdition as error:
            if format:
                raise
            document = _undated(text, path, lang, error)
        except NoRules as error:
            # The reader that claimed the file finds nothing in it: the general reader is asked, as for a
            # file none claims, else the error names every reader tried (what --explain prints).
            if format or name == "numbered" or not _numbered_rules(text, path):
                if format:
                    raise
                raise NoRules(path, error.line, f"{error.message} ({_('tried')}: {_tried(text, path)})") from error
            document = importer("numbered").parse(text, path, lang=lang, edition=edition)
    if pdf:
        document.meta["pdf"] = pdf
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
