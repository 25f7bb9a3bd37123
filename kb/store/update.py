"""The newest official Comprehensive Rules stored when they are newer (`mtgkb update`).

kb/importers/official.py finds the TXT link on the official rules page (or takes a URL it is
given), downloads the file and reads it as an English CR text with an effective date. This
module decides: the text is stored atomically when it is newer than every official English
edition held and has no fewer rules than a truncated download would leave. The facade then
brings the renumbering chain and the search index up to date. Nothing is written unless every
check passed.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from kb.core.errors import BadInputFile
from kb.core.model import Serialisable
from kb.i18n import _
from kb.importers.official import RULES_PAGE, Download, check_url, current_text_link, fetch, parse_rules
from kb.store.documents import document_rows
from kb.store.identity import is_official
from kb.store.reader import Store
from kb.store.write import store_document

MIN_SHARE = 0.9  # a new edition with fewer rules than this share of the newest stored one is taken as truncated


@dataclass
class UpdateResult(Serialisable):
    """What `mtgkb update` did: "updated", "current" (that edition is stored) or "older"
    (the file is older than the newest stored edition); nothing is written but for "updated"."""

    status: str
    url: str
    page: str | None
    edition: str | None  # the file's effective date
    stored: str | None  # the newest official English edition held before the update
    name: str
    rules: int = 0
    examples: int = 0
    glossary: int = 0
    references: int = 0
    size: int = 0


def newest_official(conn: sqlite3.Connection) -> tuple[str, int] | None:
    """(edition, rules) of the newest official English CR held (the chain's last edition), or None."""
    held = [d for d in document_rows(conn) if is_official(d)]
    newest = max(held, key=lambda d: (d["edition"], d["name"]), default=None)
    return (newest["edition"], newest["rules"] or 0) if newest else None


def update(
    store: Store, *, url: str | None = None, page: str = RULES_PAGE, progress: Download | None = None
) -> UpdateResult:
    """Find, download, check and (when newer) store the current CR text; see the module docstring."""
    listed: str | None = page  # the page the link was found on; None for a given URL
    if url is None:
        html = fetch(page).decode("utf-8", errors="replace")
        url = current_text_link(html, page).url
    else:
        check_url(url)
        listed = None
    data = fetch(url, progress=progress)
    document = parse_rules(data, url)
    edition = document.edition or ""  # parse_rules refused a text without one
    name = "MagicCompRules_" + edition.replace("-", "")
    held = newest_official(store.conn)
    result = UpdateResult(
        "current", url, listed, edition, held[0] if held else None, name, len(document.rules), size=len(data)
    )
    if held and edition < held[0]:
        result.status = "older"
        return result
    if held and edition == held[0]:
        return result
    if held and len(document.rules) < MIN_SHARE * held[1]:
        raise BadInputFile(
            _(
                "{url}: {n} rules where the stored {edition} has {stored}: the file looks "
                "truncated; nothing was changed"
            ).format(url=url, n=len(document.rules), edition=held[0], stored=held[1])
        )
    stored = store_document(store.conn, document, name=name, source=url, data=data)
    store.changed()
    result.status = "updated"
    result.rules, result.examples = stored.rules, stored.examples
    result.glossary, result.references = stored.glossary, stored.references
    return result
