"""Card files: Scryfall's bulk "Oracle Cards" JSON and MTGJSON's AtomicCards.json, read as a stream.

Bytes in, card records out, like every importer; no database. Both formats are public and
documented: Scryfall's bulk file is one JSON array of card objects ("object": "card", with
"oracle_id", "name", "oracle_text", "keywords" and, for cards of several faces, "card_faces");
MTGJSON's AtomicCards is {"meta": ..., "data": {card name: [face, ...]}} with "text",
"manaCost", "type", "keywords", "faceName" and "foreignData" (the card's printed names in other
languages). An MTGJSON set file ({"meta", "data": {"cards": [...]}}) is read too: its printings,
one record per name.

Why a stream: Scryfall's whole file is about 160 MB; ``json.load`` would hold it, its Python
objects and the records at once (well over a gigabyte). The reader decodes the file in chunks and
takes one card object at a time from the text with the standard decoder's ``raw_decode``, so
memory stays at a chunk plus one card. Errors name the file, the character offset, the card's
index and what was expected; the caller stores nothing unless the whole file was read.
"""

from __future__ import annotations

import codecs
import json
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, NoReturn
from urllib.error import HTTPError, URLError
from urllib.request import Request, urlopen

from kb.core.errors import SourceUnavailable
from kb.i18n import _
from kb.importers.records import SourceError

SCRYFALL, MTGJSON = "scryfall-cards", "mtgjson-cards"
CHUNK = 1 << 20  # characters decoded per read
MAX_VALUE = 64 << 20  # one card object larger than this is no card: a broken file
Progress = Callable[[int, int], None]  # (bytes read, bytes in the file)

# MTGJSON names the language of a printed name in English; the store keeps codes like the rules'.
LANGUAGES = {
    "English": "en",
    "German": "de",
    "French": "fr",
    "Italian": "it",
    "Spanish": "es",
    "Portuguese (Brazil)": "pt",
    "Portuguese": "pt",
    "Japanese": "ja",
    "Korean": "ko",
    "Russian": "ru",
    "Chinese Simplified": "zh",
    "Chinese Traditional": "zh-Hant",
}
# Scryfall's own codes for the two Chinese scripts; every other language code of Scryfall's is the store's.
SCRYFALL_LANGUAGES = {"zhs": "zh", "zht": "zh-Hant"}

_SCRYFALL_HEAD = re.compile(r'^\ufeff?\s*\[\s*\{[^{}]*?"object"\s*:\s*"card"', re.DOTALL)
_MTGJSON_HEAD = re.compile(r'^\ufeff?\s*\{\s*"(meta|data)"\s*:', re.DOTALL)


@dataclass
class CardFace:
    """One face of a card: a split card's half, a double-faced card's side."""

    name: str
    mana_cost: str = ""
    type_line: str = ""
    oracle_text: str = ""
    defense: str = ""  # a battle's (CR 310.4); the front face of a Siege has it


@dataclass
class CardRecord:
    """One card by its Oracle identity: the English name and text, and its names in other languages."""

    name: str
    mana_cost: str = ""
    type_line: str = ""
    oracle_text: str = ""
    keywords: list[str] = field(default_factory=list)
    faces: list[CardFace] = field(default_factory=list)
    layout: str = "normal"
    oracle_id: str | None = None
    names: list[tuple[str, str]] = field(default_factory=list)  # (lang, name), English and face names first


def sniff(head: bytes) -> str | None:
    """SCRYFALL or MTGJSON when the first bytes of a file look like one of the two, else None."""
    text = head[:65536].decode("utf-8", errors="ignore")
    if _SCRYFALL_HEAD.match(text) or (text.lstrip("\ufeff \t\r\n").startswith("[") and '"oracle_id"' in text):
        return SCRYFALL
    if _MTGJSON_HEAD.match(text):
        return MTGJSON
    return None


def sniff_file(path: str | Path) -> str | None:
    """``sniff`` of a file's first 64 KB; None for a file that cannot be read (its import says why)."""
    try:
        with open(path, "rb") as handle:
            return sniff(handle.read(65536))
    except OSError:
        return None


def read_cards(path: str | Path, progress: Progress | None = None) -> Iterator[CardRecord]:
    """The cards of a Scryfall or MTGJSON file, one at a time; SourceError for a bad file.

    A consumer that stores must do so in one transaction and roll back on the error: the error
    can come after many good cards (a truncated file), or after none (a file that holds no card:
    stored, it would have replaced the cards held by nothing).
    """
    path = str(path)
    try:
        handle = open(path, "rb")
    except OSError as error:
        raise SourceError(path, None, _("cannot read the file: {reason}").format(reason=error.strerror)) from error
    with handle:
        kind = sniff(handle.read(65536))
        handle.seek(0)
        if kind is None:
            raise SourceError(
                path,
                None,
                _(
                    "not a card file: expected Scryfall's bulk Oracle Cards JSON (an array of objects with "
                    '"object": "card" and "oracle_id") or MTGJSON\'s AtomicCards.json ({"meta": ..., '
                    '"data": {name: [faces]}})'
                ),
            )
        stream = _Stream(handle, path, progress)
        read = 0
        for card in _scryfall(stream) if kind == SCRYFALL else _mtgjson(stream):
            read += 1
            yield card
        stream.finish()
        if not read:  # stored, it would replace every card held by none
            raise SourceError(
                path,
                None,
                _(
                    "holds no card: expected at least one card object in Scryfall's array or one card in "
                    'MTGJSON\'s "data"; the cards held are kept'
                ),
            )


class _Stream:
    """The decoded text of a file, read a chunk at a time, with the position of what was consumed."""

    def __init__(self, handle: IO[bytes], path: str, progress: Progress | None):
        self.handle, self.path, self.progress = handle, path, progress
        self.decoder = codecs.getincrementaldecoder("utf-8-sig")(errors="strict")
        self.buf, self.pos, self.base = "", 0, 0  # base: offset of buf[0] in the whole text
        self.eof = False
        self.size = _file_size(handle)
        self.json = json.JSONDecoder()

    def fill(self) -> bool:
        if self.eof:
            return False
        data = self.handle.read(CHUNK)
        try:
            text = self.decoder.decode(data, final=not data)
        except UnicodeDecodeError as error:
            raise SourceError(
                self.path,
                None,
                _("at byte {offset}: not UTF-8 text: expected a JSON card file").format(
                    offset=self.handle.tell() - len(data) + error.start
                ),
            ) from None
        if not data:
            self.eof = True
        self.buf = self.buf[self.pos :] + text
        self.base += self.pos
        self.pos = 0
        if self.progress:
            self.progress(self.handle.tell(), self.size)
        return bool(data) or bool(text)

    @property
    def offset(self) -> int:
        return self.base + self.pos

    def peek(self) -> str:
        """The next character that is not white space ('' at the end of the file)."""
        while True:
            while self.pos < len(self.buf) and self.buf[self.pos] in " \t\r\n":
                self.pos += 1
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self.fill():
                return ""

    def expect(self, chars: str, what: str) -> str:
        char = self.peek()
        if char == "" or char not in chars:
            self.fail(what)
        self.pos += 1
        return char

    def value(self, what: str, card: int | None = None) -> object:
        """The next JSON value, read whole (one card, one name, the meta object); ``card`` is the
        index of the card it is or belongs to, for the error."""
        self.peek()
        while True:
            try:
                value, end = self.json.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as error:
                # Offsets taken before a fill, which moves the buffer (even the last, empty one).
                start, at, length = self.offset, self.base + error.pos, self.base + len(self.buf.rstrip())
                if len(self.buf) - self.pos > MAX_VALUE:
                    self.fail(what, at=at, reason=error.msg, card=card)
                if not self.fill():
                    if error.msg.startswith("Unterminated") or at >= length:  # the text stops inside the value
                        reason = _("the file ends at character {end}, inside it (truncated?)").format(end=length)
                        self.fail(what, at=start, reason=reason, card=card)
                    self.fail(what, at=at, reason=error.msg, card=card)
                continue
            if end == len(self.buf) and not self.eof and isinstance(value, (int, float)):
                if self.fill():  # a number cut by the chunk's end: read it again whole
                    continue
            self.pos = end
            return value

    def fail(self, what: str, *, at: int | None = None, reason: str | None = None, card: int | None = None) -> NoReturn:
        at = self.offset if at is None else at
        if self.peek() == "" and reason is None:
            reason = _("the file ends here (truncated?)")
        where = _("at character {offset}").format(offset=at)
        if card is not None:
            where += ", " + _("card {index}").format(index=card)
        message = _("{where}: expected {what}").format(where=where, what=what)
        if reason:
            message += f" ({reason})"
        raise SourceError(self.path, None, message)

    def finish(self) -> None:
        if self.peek() != "":
            self.fail(_("the end of the file after the cards"))


def _file_size(handle: IO[bytes]) -> int:
    try:
        return os.fstat(handle.fileno()).st_size
    except OSError:
        return 0


def _scryfall(stream: _Stream) -> Iterator[CardRecord]:
    stream.expect("[", _("'[' opening Scryfall's array of cards"))
    if stream.peek() == "]":
        stream.pos += 1
        return
    index = 0
    while True:
        at = stream.offset
        card = stream.value(_("a card object of Scryfall's array"), index)
        if not isinstance(card, dict) or card.get("object", "card") != "card":
            stream.fail(_('a card object ("object": "card")'), at=at, card=index)
        assert isinstance(card, dict)
        yield scryfall_card(card, stream, at, index)
        index += 1
        if stream.expect(",]", _("',' or ']' after card {index}").format(index=index - 1)) == "]":
            return


def scryfall_card(card: dict, stream: _Stream, at: int, index: int) -> CardRecord:
    """One Scryfall card object as a record; a card without a name is refused."""
    name = card.get("name")
    if not isinstance(name, str) or not name.strip():
        stream.fail(_('a card with a "name"'), at=at, card=index, reason=_("this card has no name"))
    if card.get("layout") == "reversible_card":
        card = _reversible(card)
        name = str(card["name"])
    faces = [
        CardFace(
            str(face.get("name") or ""),
            str(face.get("mana_cost") or ""),
            str(face.get("type_line") or ""),
            str(face.get("oracle_text") or ""),
            str(face.get("defense") or ""),
        )
        for face in card.get("card_faces") or []
        if isinstance(face, dict)
    ]
    text = card.get("oracle_text")
    if text is None and faces:
        text = "\n//\n".join(face.oracle_text for face in faces)
    names = [("en", name)] + [("en", face.name) for face in faces if face.name and face.name != name]
    english = {english for _lang, english in names}
    names.extend((lang, printed) for lang, printed in _printed_names(card) if printed not in english)
    return CardRecord(
        name=name,
        mana_cost=str(card.get("mana_cost") or " // ".join(f.mana_cost for f in faces if f.mana_cost)),
        type_line=str(card.get("type_line") or " // ".join(f.type_line for f in faces)),
        oracle_text=str(text or ""),
        keywords=[str(k) for k in card.get("keywords") or []],
        faces=faces,
        layout=str(card.get("layout") or "normal"),
        oracle_id=card.get("oracle_id"),
        names=names,
    )


def _reversible(card: dict) -> dict:
    """A reversible card (Scryfall's "reversible_card", Secret Lair's "Okaun, Eye of Chaos // Okaun,
    Eye of Chaos") read as the one card both its sides print: each side is a whole card with its own
    "oracle_id" and the object has none, so the sides of one Oracle card would otherwise be stored as
    a card of two identical faces, apart from the same card's other printings. Sides of two
    different cards stay as they are."""
    sides = [face for face in card.get("card_faces") or [] if isinstance(face, dict)]
    oracle_ids = {face.get("oracle_id") for face in sides}
    if not sides or len(oracle_ids) != 1 or None in oracle_ids:
        return card
    side = sides[0]
    return {
        **side,
        "keywords": card.get("keywords") or side.get("keywords") or [],
        "lang": card.get("lang"),
        "layout": side.get("layout") or "normal",
        "card_faces": [],
    }


def _printed_names(card: dict) -> list[tuple[str, str]]:
    """(language, name) of a printing in another language than English: its "printed_name", and for a
    card of several faces each face's (a German Jace, Vryn's Prodigy prints "Jace, Wunderkind von Vryn"
    on its front face and has no "printed_name" of its own). Scryfall's Chinese codes become the store's.
    The caller leaves out a printed name that is the card's English name: a Japanese room of 2024 prints
    "Greenhouse // Rickety Gazebo" on both faces, which is no Japanese name."""
    lang = card.get("lang")
    if not isinstance(lang, str) or not lang or lang == "en":
        return []
    lang = SCRYFALL_LANGUAGES.get(lang, lang)
    printed = [card.get("printed_name")] + [
        face.get("printed_name") for face in card.get("card_faces") or [] if isinstance(face, dict)
    ]
    found: list[tuple[str, str]] = []
    for name in printed:
        if isinstance(name, str) and name.strip() and (lang, name) not in found:
            found.append((lang, name))
    return found


def _mtgjson(stream: _Stream) -> Iterator[CardRecord]:
    stream.expect("{", _("'{' opening MTGJSON's file"))
    index = 0
    seen_data = False
    while stream.peek() != "}":
        key = stream.value(_('a key of MTGJSON\'s top object ("meta", "data")'))
        stream.expect(":", _("':' after a key"))
        if key == "data":
            seen_data = True
            for card in _mtgjson_data(stream, index):
                index += 1
                yield card
        else:
            stream.value(_("the value of {key!r}").format(key=key))
        if stream.expect(",}", _("',' or '}' in MTGJSON's top object")) == "}":
            break
    else:
        stream.pos += 1
    if not seen_data:
        stream.fail(_('a "data" object holding the cards'))


def _mtgjson_data(stream: _Stream, first: int) -> Iterator[CardRecord]:
    """AtomicCards: {name: [faces]}; a set file: {..., "cards": [printings]} (one record per name)."""
    stream.expect("{", _("'{' opening \"data\""))
    index = first
    if stream.peek() == "}":
        stream.pos += 1
        return
    while True:
        key = stream.value(_('a card name (a key of "data")'))
        stream.expect(":", _("':' after a card name"))
        if key == "cards" and stream.peek() == "[":
            yield from _set_cards(stream, index)
        else:
            value_at = stream.offset
            faces = stream.value(_("the faces of card {name!r} (a list of objects)").format(name=key), index)
            if isinstance(faces, list) and faces and all(isinstance(f, dict) for f in faces):
                if "setCode" not in faces[0]:  # a set file's tokens or decks are no atomic cards
                    yield mtgjson_card(str(key), faces, stream, value_at, index)
                    index += 1
        if stream.expect(",}", _("',' or '}' between the cards of \"data\"")) == "}":
            return


def _set_cards(stream: _Stream, first: int) -> Iterator[CardRecord]:
    stream.expect("[", _("'[' opening a set's cards"))
    by_name: dict[str, list[dict]] = {}
    index = first
    if stream.peek() != "]":
        while True:
            at = stream.offset
            printing = stream.value(_("a card object of a set's cards"), index)
            if not isinstance(printing, dict) or not isinstance(printing.get("name"), str) or not printing["name"]:
                stream.fail(_('a card with a "name"'), at=at, card=index, reason=_("this card has no name"))
            assert isinstance(printing, dict)
            faces = by_name.setdefault(printing["name"], [])
            side = printing.get("side")
            if all(face.get("side") != side for face in faces) or not faces:
                faces.append(printing)
            index += 1
            if stream.expect(",]", _("',' or ']' after a set's card")) == "]":
                break
    else:
        stream.pos += 1
    for position, (name, faces) in enumerate(by_name.items()):
        faces.sort(key=lambda face: str(face.get("side") or ""))
        yield mtgjson_card(name, faces, stream, stream.offset, first + position)


def mtgjson_card(key: str, faces: list[dict], stream: _Stream, at: int, index: int) -> CardRecord:
    """One MTGJSON card (its faces) as a record; a card without a name is refused."""
    head = faces[0]
    name = head.get("name") or key
    if not isinstance(name, str) or not name.strip():
        stream.fail(_('a card with a "name"'), at=at, card=index, reason=_("this card has no name"))
    several = len(faces) > 1
    card_faces = [
        CardFace(
            str(face.get("faceName") or face.get("name") or ""),
            str(face.get("manaCost") or ""),
            str(face.get("type") or ""),
            str(face.get("text") or ""),
            str(face.get("defense") or ""),
        )
        for face in faces
    ]
    keywords: list[str] = []
    for face in faces:
        keywords.extend(k for k in face.get("keywords") or [] if k not in keywords)
    names: list[tuple[str, str]] = [("en", name)]
    names.extend(("en", f.name) for f in card_faces if several and f.name and f.name != name)
    for face in faces:
        for foreign in face.get("foreignData") or []:
            lang = LANGUAGES.get(str(foreign.get("language")))
            printed = foreign.get("name")
            if lang and isinstance(printed, str) and printed and (lang, printed) not in names:
                names.append((lang, printed))
            face_name = foreign.get("faceName")
            if lang and isinstance(face_name, str) and face_name and (lang, face_name) not in names:
                names.append((lang, face_name))
    return CardRecord(
        name=name,
        mana_cost=" // ".join(f.mana_cost for f in card_faces if f.mana_cost) if several else card_faces[0].mana_cost,
        type_line=" // ".join(f.type_line for f in card_faces),
        oracle_text="\n//\n".join(f.oracle_text for f in card_faces),
        keywords=keywords,
        faces=card_faces if several else [],
        layout=str(head.get("layout") or "normal"),
        oracle_id=(head.get("identifiers") or {}).get("scryfallOracleId"),
        names=names,
    )


# ---- Scryfall's bulk file, downloaded (`mtgkb update --cards`) -------------------------------------

BULK_LISTING = "https://api.scryfall.com/bulk-data/oracle-cards"  # its "download_uri" names today's file
TIMEOUT = 60
MAX_DOWNLOAD = 1 << 30  # Oracle Cards is about 160 MB; a gigabyte is no card file
_HEADERS = {"User-Agent": "mtgkb (card data for rules lookups)", "Accept": "application/json;q=0.9,*/*;q=0.8"}


def bulk_download_url(listing: str = BULK_LISTING, *, timeout: float = TIMEOUT) -> str:
    """The download URL of Scryfall's Oracle Cards file, read from its bulk-data listing.

    Scryfall's API documents the listing (https://scryfall.com/docs/api/bulk-data): an object with
    "download_uri" for one bulk file, or {"data": [...]} of every bulk file with their "type".
    """
    data = _get(listing, timeout=timeout, limit=1 << 20)
    try:
        listed = json.loads(data)
    except ValueError:
        raise SourceError(listing, None, _("not JSON: expected Scryfall's bulk-data listing")) from None
    if isinstance(listed, dict) and isinstance(listed.get("data"), list):
        listed = next((item for item in listed["data"] if item.get("type") == "oracle_cards"), {})
    uri = listed.get("download_uri") if isinstance(listed, dict) else None
    if not isinstance(uri, str) or not uri.startswith(("http://", "https://")):
        raise SourceError(listing, None, _('no "download_uri" of the Oracle Cards file: expected Scryfall\'s listing'))
    return uri


def download(url: str, destination: Path, *, progress: Progress | None = None, timeout: float = TIMEOUT) -> int:
    """Write the body of ``url`` to ``destination`` chunk by chunk; the bytes written.

    SourceUnavailable when it cannot be had, SourceError when it stops short of its stated length.
    """

    received = expected = 0
    with _unavailable(url):
        with urlopen(Request(url, headers=_HEADERS), timeout=timeout) as response, open(destination, "wb") as out:
            expected = int(response.headers.get("Content-Length") or 0)
            while chunk := response.read(1 << 20):
                out.write(chunk)
                received += len(chunk)
                if received > MAX_DOWNLOAD:
                    raise SourceError(
                        url, None, _("more than {limit} bytes: not a card file").format(limit=MAX_DOWNLOAD)
                    )
                if progress:
                    progress(received, expected)
    if expected and received < expected:
        raise SourceError(
            url,
            None,
            _("the download stopped after {got} of {size} bytes; nothing was changed").format(
                got=received, size=expected
            ),
        )
    return received


def _get(url: str, *, timeout: float, limit: int) -> bytes:
    with _unavailable(url), urlopen(Request(url, headers=_HEADERS), timeout=timeout) as response:
        return response.read(limit)


@contextmanager
def _unavailable(url: str) -> Iterator[None]:
    """An HTTP error or a network failure while ``url`` is read, as SourceUnavailable (exit 1)."""
    try:
        yield
    except HTTPError as error:
        raise SourceUnavailable(
            _("cannot download {url}: HTTP {status} {reason}").format(url=url, status=error.code, reason=error.reason)
        ) from None
    except (URLError, OSError) as error:
        reason = getattr(error, "reason", None) or error
        raise SourceUnavailable(
            _("cannot download {url}: {reason} (offline?); nothing was changed").format(url=url, reason=reason)
        ) from None
