"""Catalogs: locales/<lang>/LC_MESSAGES/mtgkb.po, compiled to .mo on first use.

Only the .po files are committed (a .mo is a build product, git-ignored). The first
process that needs a language compiles it with babel, next to the .po where that
folder is writable (a checkout) and else in the user's cache folder (an installed
package); the .mo carries the .po's modification time, so an edited or updated .po
is compiled again. Reading a compiled catalog needs only the standard library.
"""

from __future__ import annotations

import gettext
import io
import os
import sys
import zlib
from functools import lru_cache
from gettext import GNUTranslations, NullTranslations
from pathlib import Path

DOMAIN = "mtgkb"
LOCALES_ENV = "MTGKB_LOCALES"
_ROOT = Path(__file__).resolve().parents[2]
# A wheel carries the catalogs inside the package (kb/locales), a checkout at its top level.
PROJECT_LOCALES = _ROOT / "kb" / "locales" if (_ROOT / "kb" / "locales").is_dir() else _ROOT / "locales"

# immutable package data: a language's catalog, read once from the package or $MTGKB_LOCALES
_loaded: dict[tuple[str | None, str], NullTranslations] = {}


def locales_dir() -> Path:
    """$MTGKB_LOCALES (another tree of catalogs, e.g. one being written) or the project's."""
    env = os.environ.get(LOCALES_ENV)
    return Path(env) if env else PROJECT_LOCALES


def po_path(lang: str, root: Path | None = None) -> Path:
    return (root or locales_dir()) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def available_languages() -> tuple[str, ...]:
    """English and every language that has a catalog, sorted."""
    root = locales_dir()
    try:
        stamp = root.stat().st_mtime_ns
    except OSError:
        return ("en",)
    return _languages_in(str(root), stamp)


@lru_cache(maxsize=8)
def _languages_in(root: str, _stamp: int) -> tuple[str, ...]:
    found = {entry.name for entry in Path(root).iterdir() if po_path(entry.name, Path(root)).is_file()}
    return tuple(sorted(found | {"en"}))


def translations(lang: str) -> NullTranslations:
    """The gettext translations of ``lang``, loaded once per process and catalog tree."""
    key = (os.environ.get(LOCALES_ENV), lang)
    found = _loaded.get(key)
    if found is None:
        found = _loaded[key] = _load(po_path(lang))
    return found


def forget_loaded() -> None:
    """Drop the loaded catalogs (tests and tools that rewrite a .po in one process)."""
    _loaded.clear()


def _load(po: Path) -> NullTranslations:
    if not po.is_file():
        return gettext.NullTranslations()
    try:
        mo = compiled(po)
        if mo is not None:
            with mo.open("rb") as stream:
                return gettext.GNUTranslations(stream)
        return gettext.GNUTranslations(io.BytesIO(compile_bytes(po)))
    except Exception as error:  # a broken catalog must not break the program: fall back to English
        print(f"mtgkb: cannot use {po}: {error}", file=sys.stderr)
        return gettext.NullTranslations()


def gettext_folder(lang: str) -> Path | None:
    """The folder that holds a fresh ``<lang>/LC_MESSAGES/mtgkb.mo``, for ``gettext.bindtextdomain``.

    None when ``lang`` has no usable catalog or it could be compiled nowhere. This is how
    click's own messages, which click looks up with the standard ``gettext`` functions,
    come from our catalogs (kb.cli.i18n).
    """
    if not isinstance(translations(lang), GNUTranslations):  # no catalog, or a broken one (reported)
        return None
    mo = compiled(po_path(lang))
    return mo.parents[2] if mo is not None else None


def compiled(po: Path) -> Path | None:
    """A fresh .mo for ``po``, compiling it where it can be written; None if nowhere.

    Both places keep gettext's layout (``<folder>/<lang>/LC_MESSAGES/mtgkb.mo``), so that the
    standard library finds the catalog too (gettext_folder).
    """
    stamp = po.stat().st_mtime_ns
    tree = po.parents[2]
    places = [
        po.with_suffix(".mo"),
        _cache_root() / f"{zlib.crc32(str(tree).encode()):08x}" / po.relative_to(tree).with_suffix(".mo"),
    ]
    for mo in places:
        try:
            if mo.stat().st_mtime_ns == stamp:
                return mo
        except OSError:
            pass
    data = compile_bytes(po)
    for mo in places:
        try:
            _write_atomically(mo, data, stamp)
            return mo
        except OSError:
            continue
    return None


def compile_bytes(po: Path) -> bytes:
    """The .mo form of a .po (fuzzy entries left out, as gettext's msgfmt does)."""
    from babel.messages.mofile import write_mo  # lazy: babel's PO reader and MO writer, ~36 modules: only a compile
    from babel.messages.pofile import read_po  # lazy: babel's PO reader and MO writer, ~36 modules: only a compile

    with po.open("rb") as stream:
        catalog = read_po(stream, domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _write_atomically(path: Path, data: bytes, stamp: int) -> None:
    import tempfile  # lazy: tempfile, ~10 modules: only a compile writes

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".mtgkb-", suffix=".mo")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.utime(tmp, ns=(stamp, stamp))
        os.replace(tmp, path)
    except OSError:
        Path(tmp).unlink(missing_ok=True)
        raise


def _cache_root() -> Path:
    """The per-user cache folder for compiled catalogs (XDG on Linux)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "mtgkb" / "cache"
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches" / "mtgkb"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "mtgkb"
    return base / "locales"
