"""The rule texts the package carries: one xz-compressed tar archive, ``data/rules.tar.xz``.

``scripts/make_archive.py`` makes it from the corpus: every official English edition under ``en/``,
the full translations under ``ja/`` and ``zh/``, the seed documents under ``seeds/``, each file
byte for byte as published. Reading it whole takes about a second; the texts are then imported
from memory like any file (``BundledText`` stands where a path would).
"""

from __future__ import annotations

import re
import tarfile
from dataclasses import dataclass
from pathlib import Path

from kb.core.paths import BUNDLE
from kb.i18n import _
from kb.importers.records import SourceError

_ENGLISH_EDITION = re.compile(r"^en/MagicCompRules_(\d{8})\.txt$")
_DATE = re.compile(r"(?<!\d)(\d{8})(?!\d)")


@dataclass(frozen=True, slots=True)
class BundledText:
    """One file of the archive: its member name (``en/MagicCompRules_20260807.txt``) and bytes."""

    member: str
    data: bytes

    @property
    def path(self) -> Path:
        """How the file is named to users and in the database: ``data/rules.tar.xz/en/...``."""
        return Path("data", BUNDLE.name, self.member)

    @property
    def english_edition(self) -> str | None:
        """The date of an official English edition (``20260807``), None for anything else."""
        found = _ENGLISH_EDITION.match(self.member)
        return found.group(1) if found else None


def read_bundle(archive: Path = BUNDLE) -> list[BundledText]:
    """Every text of the archive, in its order (English editions oldest first, then the rest)."""
    try:
        with tarfile.open(archive, "r:xz") as tar:
            return [BundledText(member.name, _read(tar, member)) for member in tar if member.isfile()]
    except (OSError, tarfile.TarError, EOFError) as error:
        raise SourceError(
            str(archive),
            None,
            _(
                "cannot read the bundled rule texts ({reason}): reinstall mtgkb, "
                "or import rule texts with 'mtgkb import'"
            ).format(reason=getattr(error, "strerror", None) or error),
        ) from error


def read_member(member: str, archive: Path = BUNDLE) -> bytes | None:
    """One file of the archive by its member name (``en/MagicCompRules_20260807.txt``), None when the
    archive has no such file. The archive is one xz stream, so this reads it up to that file (most of a
    second); a server keeps what it read (kb.http.files)."""
    try:
        with tarfile.open(archive, "r:xz") as tar:
            for found in tar:
                if found.name == member and found.isfile():
                    return _read(tar, found)
    except (OSError, tarfile.TarError, EOFError) as error:
        raise SourceError(str(archive), None, str(getattr(error, "strerror", None) or error)) from error
    return None


def _read(tar: tarfile.TarFile, member: tarfile.TarInfo) -> bytes:
    handle = tar.extractfile(member)
    assert handle is not None  # a regular file always has its data
    return handle.read()


def first_answers(texts: list[BundledText]) -> tuple[list[BundledText], list[BundledText]]:
    """The texts split in two: what answers at once and the older editions the history needs.

    The first part holds the newest English edition, the newest text of each translation (the
    Chinese of 2026-04-17, not its predecessor of 2023-11-17), the seeds, and the English editions
    of those translations' own dates: a translation is paired with its English original rule by
    rule, and its terms are named in English through that pairing (死触 is Deathtouch). The older
    translations come with the history, beside their English originals.
    """
    series: dict[str, str] = {}  # a translation's name without its date -> its newest member
    for text in texts:
        if not text.english_edition:
            key = _DATE.sub("", text.member)
            series[key] = max(series.get(key, text.member), text.member)
    newest = set(series.values())
    english = {t.english_edition for t in texts if t.english_edition}
    wanted = {max(english, default=None)} | {
        date for member in newest for date in _DATE.findall(member) if date in english
    }
    first = [t for t in texts if t.english_edition in wanted or t.member in newest]
    return first, [t for t in texts if t not in first]
