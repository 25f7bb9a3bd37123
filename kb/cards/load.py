"""A card file stored, or Scryfall's Oracle Cards downloaded and stored (`mtgkb update --cards`).

The file is read as a stream (kb/importers/cards.py) straight into one transaction
(kb/store/cards.py): a bad card, a truncated file or a full disk rolls it back, and the cards
held before stay. A download goes to a temporary file beside nothing else (the system's temporary
folder), is imported from there and removed; the database is not touched until it is complete.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path

from kb.core.model import Serialisable
from kb.core.progress import DOWNLOAD, IMPORT, Progress, ProgressCallback
from kb.importers.cards import BULK_LISTING, bulk_download_url, download, read_cards, sniff_file
from kb.importers.official import check_url
from kb.store.cards import card_count, replace_cards
from kb.store.faults import database_fault
from kb.store.reader import Store


@dataclass
class CardImport(Serialisable):
    """What a card import did: "added" (no cards were held) or "replaced" (the cards held before)."""

    path: str
    format: str
    status: str
    cards: int
    names: int
    replaced: int = 0  # cards held before
    url: str | None = None


def is_card_file(path: str | Path) -> bool:
    """Whether a file is a Scryfall or MTGJSON card file, by its first bytes."""
    return sniff_file(path) is not None


def import_cards(store: Store, path: str | Path, progress: ProgressCallback | None = None) -> CardImport:
    """Store the cards of one file instead of those held; SourceError for a bad file (nothing changed)."""
    shown = str(path)
    kind = sniff_file(path) or ""
    before = card_count(store.conn)

    def read(done: int, total: int) -> None:
        if progress:
            progress(Progress(IMPORT, done, max(total, done), "bytes", shown))

    try:
        cards, names = replace_cards(store.conn, read_cards(path, read if progress else None), source=shown)
    except sqlite3.Error as error:
        raise database_fault(error, store.path) from error
    store.changed()
    return CardImport(shown, kind, "replaced" if before else "added", cards, names, before)


def update_cards(
    store: Store,
    *,
    url: str | None = None,
    file: str | Path | None = None,
    listing: str = BULK_LISTING,
    progress: ProgressCallback | None = None,
) -> CardImport:
    """Scryfall's Oracle Cards (the file its bulk-data listing names, or ``url``), or a given ``file``,
    stored instead of the cards held. SourceUnavailable offline, SourceError for a bad file."""
    if file is not None:
        return import_cards(store, file, progress)
    url = check_url(url) if url else bulk_download_url(listing)

    def received(done: int, total: int) -> None:
        if progress:
            progress(Progress(DOWNLOAD, done, max(total, done), "bytes", url or ""))

    handle, name = tempfile.mkstemp(prefix="mtgkb-cards-", suffix=".json")
    os.close(handle)
    try:
        download(url, Path(name), progress=received if progress else None)
        result = import_cards(store, name, progress)
    finally:
        Path(name).unlink(missing_ok=True)
    result.path, result.url = url, url
    return result
