"""The official Comprehensive Rules page: its links, the download, the text read (`mtgkb update`).

The official rules page links the current CR as TXT, PDF and DOCX, with the date in the file
name ("MagicCompRules 20260807.txt" under media.wizards.com/<year>/downloads/). This module
finds the TXT link on that page (or takes a URL it is given), downloads the file and checks that
it parses as an English CR text with an effective date. Whether it is stored (when newer than
every official English edition held, and not truncated) is the store's decision
(kb/store/update.py). urllib only: no HTTP dependency for one GET.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import PurePosixPath
from urllib.error import HTTPError, URLError
from urllib.parse import unquote, urljoin, urlsplit
from urllib.request import Request, urlopen

from kb.core.errors import BadInput, BadInputFile, SourceUnavailable
from kb.i18n import _
from kb.importers.records import Document
from kb.importers.registry import parse_file

RULES_PAGE = "https://magic.wizards.com/en/rules"
TIMEOUT = 30  # seconds for each request
MAX_BYTES = 16 * 1024 * 1024  # a CR text is about 1 MB (UTF-16 ones 1.7 MB); anything far larger is not one
FORMATS = ("txt", "pdf", "docx")
_NAME = re.compile(r"(comp(rehensive)?[ _-]*rules|magiccomprules)", re.IGNORECASE)
_DATE = re.compile(r"(?<!\d)(19|20)(\d{2})(\d{2})(\d{2})(?!\d)")

Download = Callable[[int, int], None]  # (bytes received, bytes expected or 0)


@dataclass
class RulesLink:
    """One link of the rules page to a CR file."""

    url: str
    format: str  # txt, pdf or docx
    date: str | None  # ISO date from the file name, if it carries one


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.hrefs.extend(value for name, value in attrs if name == "href" and value)


def rules_links(html: str, base: str) -> list[RulesLink]:
    """Every link of a page to a Comprehensive Rules file (TXT, PDF, DOCX), resolved against ``base``."""
    parser = _Links()
    parser.feed(html)
    found: list[RulesLink] = []
    for href in parser.hrefs:
        url = urljoin(base, href.strip())
        file_name = unquote(PurePosixPath(urlsplit(url).path).name)
        suffix = file_name.rsplit(".", 1)[-1].lower() if "." in file_name else ""
        if suffix in FORMATS and _NAME.search(file_name):
            date = _DATE.search(file_name)
            iso = f"{date.group(1)}{date.group(2)}-{date.group(3)}-{date.group(4)}" if date else None
            if all(link.url != url for link in found):
                found.append(RulesLink(url, suffix, iso))
    return found


def current_text_link(html: str, page: str) -> RulesLink:
    """The TXT link of the rules page (the newest by the date in its name, if it offers several)."""
    links = rules_links(html, page)
    texts = [link for link in links if link.format == "txt"]
    if not texts:
        offered = ", ".join(sorted({link.format.upper() for link in links})) or _("no rules files")
        raise SourceUnavailable(
            _(
                "the rules page {page} links no Comprehensive Rules TXT file (it offers: "
                "{offered}); the page may have changed: download the TXT yourself and "
                "run 'mtgkb update --url URL' or 'mtgkb import FILE'"
            ).format(page=page, offered=offered)
        )
    return max(texts, key=lambda link: link.date or "")


def check_url(url: str) -> str:
    """An http(s) or file URL; anything else is bad input."""
    scheme = urlsplit(url).scheme.lower()
    if scheme not in ("http", "https", "file"):
        raise BadInput(_("--url {url!r} is not an http, https or file URL").format(url=url))
    return url


def fetch(url: str, *, timeout: float = TIMEOUT, limit: int = MAX_BYTES, progress: Download | None = None) -> bytes:
    """The body of ``url``; SourceUnavailable naming the URL and the reason when it cannot be had."""
    request = Request(check_url(url), headers={"User-Agent": "mtgkb (Comprehensive Rules update)"})
    try:
        with urlopen(request, timeout=timeout) as response:
            expected = int(response.headers.get("Content-Length") or 0)
            if expected > limit:
                raise BadInputFile(
                    _("{url}: {size} bytes is too large for a rules text (at most {limit})").format(
                        url=url, size=expected, limit=limit
                    )
                )
            chunks, received = [], 0
            while chunk := response.read(65536):
                chunks.append(chunk)
                received += len(chunk)
                if received > limit:
                    raise BadInputFile(
                        _("{url}: more than {limit} bytes: not a rules text").format(url=url, limit=limit)
                    )
                if progress:
                    progress(received, expected)
    except HTTPError as error:
        raise SourceUnavailable(
            _("cannot download {url}: HTTP {status} {reason}").format(url=url, status=error.code, reason=error.reason)
        ) from None
    except (URLError, OSError) as error:
        reason = getattr(error, "reason", None) or error
        if urlsplit(url).scheme.lower() == "file":
            raise SourceUnavailable(
                _("cannot read {url}: {reason}; nothing was changed").format(
                    url=url, reason=getattr(reason, "strerror", None) or reason
                )
            ) from None
        raise SourceUnavailable(
            _("cannot download {url}: {reason} (offline?); nothing was changed").format(url=url, reason=reason)
        ) from None
    data = b"".join(chunks)
    if expected and len(data) < expected:
        raise BadInputFile(
            _("{url}: the download stopped after {got} of {size} bytes; nothing was changed").format(
                url=url, got=len(data), size=expected
            )
        )
    return data


def parse_rules(data: bytes, url: str) -> Document:
    """The downloaded file as an English CR document with an effective date, else BadInputFile."""
    document, _data = parse_file(url, data=data)  # its errors name the URL
    if document.format != "cr-text" or document.lang != "en":
        raise BadInputFile(
            _("{url}: not the English Comprehensive Rules text (read as {format}, language {lang})").format(
                url=url, format=document.format, lang=document.lang
            )
        )
    if not document.edition:
        raise BadInputFile(
            _("{url}: the file states no effective date; import it with 'mtgkb import FILE --edition DATE'").format(
                url=url
            )
        )
    return document
