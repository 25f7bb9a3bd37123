"""Cards in the database: stored from a card file in one transaction, found by any of their names.

A card file (kb/importers/cards.py) replaces the cards held: Scryfall's and MTGJSON's files each hold
every card, so a second import is a newer copy, not an addition. Nothing is written unless the
whole file was read: the rows go in inside one transaction that a bad card rolls back.

Names are found through ``card_names.folded``, an index: the name folded like every key of the
project (kb.core.text.fold) with punctuation dropped and Latin accents taken off, so "lightning
greaves", "Lightning-Greaves" and "Amrou-Spaher" find their cards.
"""

from __future__ import annotations

import json
import re
import sqlite3
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import asdict
from typing import TYPE_CHECKING

from kb.core.text import fold

if TYPE_CHECKING:
    from kb.importers.cards import CardRecord

BATCH = 2000  # cards per executemany
# Layouts of objects a card file holds that are no card anyone casts (Scryfall's layouts): a token, an
# emblem, the art card of an Art Series, which share their names with cards ("Aeromoeba // Aeromoeba"
# is the art of the card Aeromoeba; "Vizier of Many Faces" is a card and its embalmed token).
NOT_CARDS = frozenset({"token", "double_faced_token", "emblem", "art_series"})
_APOSTROPHES = re.compile(r"['’‘`´]")
_PUNCTUATION = re.compile(r"[^\w]+")


def card_key(name: str) -> str:
    """A card name as the index holds it: folded, without punctuation or Latin accents."""
    folded = _APOSTROPHES.sub("", fold(name))
    out: list[str] = []
    for char in unicodedata.normalize("NFKD", folded):
        if unicodedata.combining(char) and out and out[-1].isascii():
            continue  # é → e, ä → a; a kana's voicing mark stays
        out.append(char)
    text = unicodedata.normalize("NFC", "".join(out))
    return " ".join(_PUNCTUATION.sub(" ", text).split())


def has_cards(conn: sqlite3.Connection) -> bool:
    """Whether the database holds any card (False without the tables: an old read-only database)."""
    try:
        return conn.execute("select 1 from cards limit 1").fetchone() is not None
    except sqlite3.OperationalError:
        return False


def card_count(conn: sqlite3.Connection) -> int:
    try:
        return int(conn.execute("select count(*) from cards").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def replace_cards(
    conn: sqlite3.Connection,
    cards: Iterable["CardRecord"],
    *,
    source: str,
    every: int = BATCH,
    counted: Callable[[int], None] | None = None,
) -> tuple[int, int]:
    """Store the cards instead of those held, atomically; (cards, names) stored.

    ``cards`` may raise part-way (a truncated file): the transaction is rolled back and the cards
    held before stay as they were. ``counted`` hears the running count after each batch.
    """
    stored = names = 0
    with conn:
        conn.execute("delete from card_names")
        conn.execute("delete from cards")
        card_rows: list[tuple] = []
        name_rows: list[tuple] = []
        by_oracle: dict[str, int] = {}  # a file of printings (Scryfall's All Cards) repeats a card
        seen: dict[int, set[tuple[str, str]]] = {}
        for card in cards:
            known = by_oracle.get(card.oracle_id) if card.oracle_id else None
            if known is not None:
                _names(name_rows, known, card.names, seen[known])  # a printing: only its printed name
                continue
            stored += 1
            if card.oracle_id:
                by_oracle[card.oracle_id] = stored
            seen[stored] = set()
            card_rows.append(
                (
                    stored,
                    card.name,
                    card.mana_cost,
                    card.type_line,
                    card.oracle_text,
                    json.dumps(card.keywords, ensure_ascii=False),
                    json.dumps([asdict(face) for face in card.faces], ensure_ascii=False),
                    source,
                    card.layout,
                    card.oracle_id,
                )
            )
            _names(name_rows, stored, card.names, seen[stored])
            if len(card_rows) >= every or len(name_rows) >= every * 10:
                names += _flush(conn, card_rows, name_rows)
                if counted:
                    counted(stored)
        names += _flush(conn, card_rows, name_rows)
        if counted:
            counted(stored)
    return stored, names


def _names(rows: list[tuple], card_id: int, names: list[tuple[str, str]], seen: set[tuple[str, str]]) -> None:
    """The rows of a card's names not yet stored for it."""
    for lang, name in names:
        key = card_key(name)
        if key and (lang, key) not in seen:
            seen.add((lang, key))
            rows.append((card_id, name, lang, key))


def _flush(conn: sqlite3.Connection, card_rows: list[tuple], name_rows: list[tuple]) -> int:
    conn.executemany(
        "insert into cards (id, name, mana_cost, type_line, oracle_text, keywords, faces, source, layout, oracle_id) "
        "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        card_rows,
    )
    conn.executemany("insert into card_names (card_id, name, lang, folded) values (?, ?, ?, ?)", name_rows)
    count = len(name_rows)
    card_rows.clear()
    name_rows.clear()
    return count


def card_row(conn: sqlite3.Connection, card_id: int, *, names: bool = True) -> dict | None:
    """One card as a dict: keywords and faces decoded, its names listed (unless not ``names``)."""
    conn_row = conn.execute(
        "select id, name, mana_cost, type_line, oracle_text, keywords, faces, source, layout, oracle_id "
        "from cards where id = ?",
        [card_id],
    ).fetchone()
    if conn_row is None:
        return None
    keys = ("id", "name", "mana_cost", "type_line", "oracle_text", "keywords", "faces", "source", "layout", "oracle_id")
    row = dict(zip(keys, conn_row))
    row["keywords"] = json.loads(row["keywords"] or "[]")
    row["faces"] = json.loads(row["faces"] or "[]")
    row["names"] = (
        [
            {"lang": lang, "name": name}
            for lang, name in conn.execute(
                "select lang, name from card_names where card_id = ? order by rowid", [card_id]
            )
        ]
        if names
        else []
    )
    return row


def cards_named(conn: sqlite3.Connection, keys: list[str]) -> list[tuple[str, int, str, str]]:
    """(folded key, card id, name as matched, its language) of every name that is one of ``keys``:
    one index search."""
    if not keys:
        return []
    marks = ",".join("?" * len(keys))
    try:
        return list(conn.execute(f"select folded, card_id, name, lang from card_names where folded in ({marks})", keys))
    except sqlite3.OperationalError:
        return []


def names_starting(conn: sqlite3.Connection, prefix: str, limit: int = 200) -> list[tuple[str, int, str]]:
    """(folded key, card id, name) of names whose key starts with ``prefix``: a range of the index."""
    if not prefix:
        return []
    try:
        return list(
            conn.execute(
                "select folded, card_id, name from card_names where folded >= ? and folded < ? limit ?",
                [prefix, prefix + "\U0010ffff", limit],
            )
        )
    except sqlite3.OperationalError:
        return []


def layouts_of(conn: sqlite3.Connection, ids: list[int]) -> dict[int, str]:
    """card id -> layout of the cards given."""
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    return {
        card_id: layout or "normal"
        for card_id, layout in conn.execute(f"select id, layout from cards where id in ({marks})", ids)
    }


def card_names_of(conn: sqlite3.Connection, ids: list[int]) -> dict[int, str]:
    """Card id → its (English) name."""
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    return dict(conn.execute(f"select id, name from cards where id in ({marks})", ids))


def all_names(conn: sqlite3.Connection) -> list[tuple[str, int]]:
    """(folded key, card id) of every name held, for suggestions after a miss (a scan, on a miss only)."""
    try:
        return list(conn.execute("select folded, card_id from card_names"))
    except sqlite3.OperationalError:
        return []


def longest_name_words(conn: sqlite3.Connection) -> int:
    """The word count of the longest card name held (any language), 0 without cards: no run of a
    text's words longer than this can be a name."""
    try:
        found = conn.execute("select max(length(folded) - length(replace(folded, ' ', ''))) + 1 from card_names")
        value = found.fetchone()[0]
    except sqlite3.OperationalError:
        return 0
    return int(value or 0)
