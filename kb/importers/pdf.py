"""The text of a PDF, line by line, for the readers that read text.

Wizards publishes the Comprehensive Rules as PDF beside the TXT, and translators often publish
only a PDF. Its text layer is extracted with pypdf (pure Python, no system library): on the
official PDF of 2025-06-06 it gives the same 3,213 rules, 275 examples and 711 glossary entries as
the TXT of that date, as fast as pdfminer.six gives them or faster (bench/bench_forms.py).

A PDF's text is wrapped at the page's width, like the TXT editions of 1999-2004 that
``kb.importers.cr_text`` reads in its wrapped layout (a rule begins after a blank line). Two
things of a PDF are not in any TXT, and are undone here so that the readers need not know a
PDF from a text:

- a word broken by a hyphen or a dash at a line's end ("turn-" / "based", "occurs—" / "unless")
  is one again ("turn-based", "occurs—unless"): the rules break only at hyphens and dashes they
  print (Word does not hyphenate them), and print no space after one;
- a page that begins with a numbered line (a section moved to a new page) begins a new paragraph:
  the blank line that ends a paragraph is not extracted across a page break.

Pages are otherwise joined as they are, so a rule broken across two pages stays one rule.
"""

from __future__ import annotations

import io
import re

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
    """Whether the bytes are a PDF: the header ``%PDF-`` within the first 1,024 bytes, where
    readers accept it (some writers put a few bytes before it)."""
    return MAGIC in data[:1024]


def pdf_text(data: bytes, path: str) -> str:
    """The text of every page of a PDF, one printed line a line, the pages joined in order."""
    from pypdf import PdfReader  # lazy: only a PDF needs pypdf
    from pypdf.errors import PyPdfError  # lazy: as above

    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted and not _open_encrypted(reader):
            raise UnreadablePdf(path, None, _("the PDF is encrypted with a password: expected an unencrypted PDF"))
        pages = [page.extract_text() or "" for page in reader.pages]
    except UnreadablePdf:
        raise
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, IndexError, OSError) as error:
        # pypdf raises its own errors for most damage, and Python's for some truncated objects
        raise UnreadablePdf(
            path,
            None,
            _("not a readable PDF ({kind}: {reason}): expected a PDF with a text layer").format(
                kind=type(error).__name__, reason=str(error)[:200]
            ),
        ) from None
    if not any(page.strip() for page in pages):
        raise PdfWithoutText(
            path,
            None,
            _("the PDF's {n} page(s) hold no text (a scan?): expected a PDF with a text layer").format(n=len(pages)),
        )
    return join_pages(pages)


def _open_encrypted(reader) -> bool:
    """Whether an encrypted PDF opens without a password (many are encrypted only against editing)."""
    try:
        return bool(reader.decrypt(""))
    except Exception:  # pypdf raises a dependency error for AES without a crypto library
        return False


def join_pages(pages: list[str]) -> str:
    """The pages' lines as one text: broken words joined, a numbered line at a page's top a new paragraph."""
    lines: list[str] = []
    for page in pages:
        page_lines = [line.rstrip() for line in page.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
        if lines and page_lines and _NUMBERED.match(page_lines[0]) and lines[-1].strip():
            lines.append("")
        lines.extend(page_lines)
    joined: list[str] = []
    for line in lines:
        if joined and _BROKEN_WORD.search(joined[-1]) and line[:1].strip():
            joined[-1] += line
        else:
            joined.append(line)
    return "\n".join(joined) + "\n"
