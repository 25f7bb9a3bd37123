"""Where things live: the bundled sources and the default database."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from kb.core import settings

PROJECT_ROOT = Path(__file__).resolve().parents[2]
_PACKAGE = PROJECT_ROOT / "kb"


def _bundled(name: str) -> Path:
    """A folder of the project that a wheel carries inside the package (kb/data, kb/locales; see
    pyproject.toml) and a checkout keeps at its top level."""
    inside = _PACKAGE / name
    return inside if inside.is_dir() else PROJECT_ROOT / name


DATA_DIR = _bundled("data")
BUNDLE = DATA_DIR / "rules.tar.xz"  # the rule texts the package carries (kb.importers.bundle)
OFFICIAL_EDITIONS = DATA_DIR / "official_editions.tsv"  # the SHA-256 of each English edition in BUNDLE
EDITION_DATES = DATA_DIR / "edition_dates.tsv"  # the SHA-256 and effective date of each of them
DB_ENV = settings.variable("db")


def user_data_dir() -> Path:
    """The platform's per-user data folder (XDG on Linux)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "mtgkb"


def default_db_path() -> Path:
    """$MTGKB_DB if set, else mtgkb.db in the user's data folder."""
    env = settings.value("db")
    return Path(env) if env else user_data_dir() / "mtgkb.db"


def shown_source(stored: str) -> str:
    """A document's source as users see it: a bundled text as ``data/<file>`` (not where this copy of
    the package happens to be installed), any other file as it was named on import."""
    path = Path(stored)
    if path.is_absolute() and path.parent == DATA_DIR:
        return f"data/{path.name}"
    return stored
