"""The text of a PDF, a paragraph a line, for the readers that read text.

Wizards publishes the Comprehensive Rules as PDF beside the TXT, and translators often publish
only a PDF. Its text layer is extracted with pypdf (pure Python, no system library): on the
official PDF of 2025-06-06 it gives the same 3,213 rules and 275 examples as the TXT of that
date, and its 711 glossary entries (709 to the character, 2 but for a line break), in about
half the time pdfminer.six takes (bench/bench_forms.py).

A PDF prints lines, not paragraphs: the text is wrapped at the page's width, Word's PDFs
separate paragraphs by blank lines and other writers (a browser's print) by space the text
layer does not hold. The readers expect a paragraph a line, as in the TXT, so the lines are
joined back here, before any reader sees them:

- a line about as wide as the text block (80% of the document's usual long line) was wrapped,
  and the next line continues it, unless that line starts a paragraph: it is blank, an example,
  a section or numbered sense ("2. "), or a rule number where paragraphs are not separated by
  blank lines (where they are, "601.2b and 601.2f–h." after a full line is a wrapped citation);
- a word broken by a hyphen or a dash at a line's end ("turn-" / "based", "occurs—" / "unless")
  is one again ("turn-based", "occurs—unless"): the rules break only at hyphens and dashes they
  print, and print no space after one; Chinese and Japanese lines join without a space, Korean
  and Latin-script ones with one;
- a page that begins with a numbered line (a section moved to a new page) begins a paragraph;
  otherwise pages join as they are, so a rule broken across two pages stays one rule;
- a CJK font's glyphs are read as the characters meant: its text layer often maps "月" to the
  Kangxi radical "⽉" and the full-width solidus to a division slash.
"""

from __future__ import annotations

import io
import logging
import re
import unicodedata

from kb.i18n import _
from kb.importers.records import NoRules, SourceError

MAGIC = b"%PDF-"
# A numbered line at a page's top: "2. Parts of a Card", "702.26b If ...", "100.1. These ..."
_NUMBERED = re.compile(r"^\s*\d{1,3}\.(?:\d{1,3}[a-z]{0,2}\.?)?\s+\S")
# A line that ends in a hyphen or dash right after a word or bracket ("turn-", "[-", "occurs—",
# "601.2f–"): the line was broken there, and the next line continues without a space.
_BROKEN_WORD = re.compile(r"\S[-\u2013\u2014]$")


class UnreadablePdf(SourceError):
    """Bytes that start like a PDF but that pypdf cannot open: damaged, truncated or encrypted."""


class PdfWithoutText(NoRules):
    """A PDF whose pages hold no text layer (a scan): there is nothing to read rules from."""


def is_pdf(data: bytes) -> bool:
    """Whether the bytes are a PDF: they start with ``%PDF-`` (after blank space at most), so a text
    that mentions the header ("a file starting %PDF-1.7 ...") stays a text."""
    return data[:1024].lstrip(b" \t\r\n\x00").startswith(MAGIC)


def as_text(data: bytes, path: str) -> tuple[bytes, str | None]:
    """The bytes a reader reads: a PDF's text (UTF-8) and a sentence on how it was had, or the bytes as they are.

    ``kb.importers.registry`` calls it once per file, before detection, so that no sniffer extracts
    a PDF's text again; a reader called on a PDF's bytes directly (``numbered``) calls it too.
    """
    if not is_pdf(data):
        return data, None
    text = pdf_text(data, path)
    how = _("a PDF (it starts with %PDF-): its text extracted by pypdf, {n} lines").format(n=text.count("\n"))
    return text.encode("utf-8"), how


def pdf_text(data: bytes, path: str) -> str:
    """The text of every page of a PDF, one printed line a line, the pages joined in order."""
    from pypdf import PdfReader  # lazy: only a PDF needs pypdf
    from pypdf.errors import PyPdfError  # lazy: as above

    heard = _Heard()
    logger = logging.getLogger("pypdf")
    logger.addHandler(heard)
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted and not _open_encrypted(reader):
            raise UnreadablePdf(path, None, _("the PDF is encrypted with a password: expected an unencrypted PDF"))
        pages = [page.extract_text() or "" for page in reader.pages]
    except UnreadablePdf:
        raise
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, IndexError, OSError) as error:
        # pypdf raises its own errors for most damage, and Python's for some truncated objects
        reason = str(error)[:200] + "".join(f"; {said}" for said in heard.said[:2])
        raise UnreadablePdf(
            path,
            None,
            _("not a readable PDF ({kind}: {reason}): expected a PDF with a text layer").format(
                kind=type(error).__name__, reason=reason
            ),
        ) from None
    finally:
        logger.removeHandler(heard)
    if not any(page.strip() for page in pages):
        raise PdfWithoutText(
            path,
            None,
            _("the PDF's {n} page(s) hold no text (a scan?): expected a PDF with a text layer").format(n=len(pages)),
        )
    return join_pages(pages)


class _Heard(logging.Handler):
    """What pypdf logs while it reads one file ("EOF marker not found"): said in the file's own error,
    where the user reads it, rather than printed bare on stderr by logging's last-resort handler
    (pypdf's logger has no handler of its own)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.said: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.said.append(record.getMessage())


def _open_encrypted(reader) -> bool:
    """Whether an encrypted PDF opens without a password (many are encrypted only against editing)."""
    try:
        return bool(reader.decrypt(""))
    except Exception:  # pypdf raises a dependency error for AES without a crypto library
        return False


def join_pages(pages: list[str]) -> str:
    """The pages' lines as one text, a paragraph a line where the PDF's lines show it.

    A line as wide as the text block ("full") was wrapped there, and the next line continues its
    paragraph unless it starts one (an example, a blank line, or a number where paragraphs are not
    separated by blank lines). Joined without a space: a
    word broken at a hyphen or dash, and Chinese or Japanese, which are written without spaces.
    A numbered line at a page's top starts a paragraph (the blank line that ends one is not
    extracted across a page break).
    """
    lines: list[str] = []
    for page in pages:
        page_lines = [_fold(line.rstrip()) for line in page.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
        if lines and page_lines and _NUMBERED.match(page_lines[0]) and lines[-1].strip():
            lines.append("")
        lines.extend(page_lines)
    full = _full_width(lines)
    # Paragraphs separated by blank lines (as Word prints the CR): a numbered line right after a full
    # line is then a wrapped citation ("... in rules" / "601.2b and 601.2f–h."), not a new rule.
    numbered = [i for i, line in enumerate(lines) if _NUMBERED.match(line)]
    spaced = sum(1 for i in numbered if i == 0 or not lines[i - 1].strip()) > 0.5 * len(numbered)
    joined: list[str] = []
    last = ""  # the last line as printed (a paragraph's lines are judged one by one, not joined)
    for line in lines:
        if joined and last.strip() and _BROKEN_WORD.search(last) and line[:1].strip():
            joined[-1] += line
        elif (
            joined
            and last.strip()
            and line.strip()
            and len(last) >= full
            and (spaced or not _NUMBERED.match(line))
            and not _ITEM.match(line)
            and not _EXAMPLE.match(line)
        ):
            glue = "" if _UNSPACED.match(last[-1]) or _UNSPACED.match(line.lstrip()[0]) else " "
            joined[-1] += glue + line.lstrip()
        else:
            joined.append(line)
        last = line
    return "\n".join(joined) + "\n"


def _full_width(lines: list[str]) -> int:
    """The length from which a line counts as full: 80% of the document's usual long line (the 90th
    percentile of its lines' lengths), as lines of a proportional font vary around the block's width."""
    lengths = sorted(len(line) for line in lines if line.strip())
    if len(lengths) < 5:
        return 10**6  # too few lines to tell a full one: nothing is joined
    return max(8, int(0.8 * lengths[int(0.9 * (len(lengths) - 1))]))


def _fold(line: str) -> str:
    """A CJK font's glyphs read back as the characters meant: Kangxi radicals (U+2F00-2FDF, "⽉")
    and CJK radicals (U+2E80-2EFF) as the ideographs they look like ("月"), and the division slash
    a CJK font shares with the full-width solidus ("フェイジング∕Phasing") as that solidus."""
    if not _RADICAL.search(line) and "\u2215" not in line:
        return line
    line = _RADICAL.sub(lambda m: unicodedata.normalize("NFKC", m.group()), line)
    return _CJK_SLASH.sub("\uff0f", line)


# Chinese and Japanese characters and punctuation: a line wrapped between two of them joins without a space.
_UNSPACED = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff01-\uff60]")
_RADICAL = re.compile(r"[\u2e80-\u2eff\u2f00-\u2fdf]")
_CJK_SLASH = re.compile(r"(?<=[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff60])\u2215")
# A section ("9. Casual Variants") or a numbered sense of a glossary entry ("2. An attribute ..."):
# always a new paragraph, where a wrapped citation of a rule ("601.2b and ...") may continue one.
_ITEM = re.compile(r"^\s*\d{1,2}\.\s")
_EXAMPLE = re.compile(r"^\s*(?:Example|例如|例)\s*[:：]")
