"""Make data/rules.tar.xz, the rule texts the package carries, from the corpus beside the project.

    python scripts/make_archive.py [--shared ../shared] [--output data/rules.tar.xz]

The archive holds, byte for byte as published (the importers' repairs and decodings are part of
what the tests check, so nothing is normalised here):

- ``en/``: every official English CR edition of ``corpus/en/full`` (1999 to today);
- ``ja/``: the full Japanese translation and its glossary (``corpus/ja/CompRules_ja_*``);
- ``zh/``: both full Chinese translations (``corpus/zh``);
- ``seeds/``: the three seed documents (``seeds/``).

Beside it, ``official_editions.tsv`` lists the SHA-256 of each English edition's bytes.

One solid xz stream over files sorted by folder and date: consecutive editions repeat each other
almost word for word, so the 90 MB of text compress to about a megabyte. The members carry no
owner, time or mode of the machine that made them, so the same corpus always gives the same bytes.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import lzma
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # a maintenance script of the checkout, not of the package
DATA = ROOT / "data"
OFFICIAL_LIST = "official_editions.tsv"
EDITION_DATES = "edition_dates.tsv"

# Folder in the archive -> (folder under ../shared, file-name pattern).
CONTENTS = {
    "en": ("corpus/en/full", "MagicCompRules_*.txt"),
    "ja": ("corpus/ja", "CompRules_ja_*.txt"),
    "zh": ("corpus/zh", "*.txt"),
    "seeds": ("seeds", "*.txt"),
}


def selected(shared: Path) -> list[tuple[str, Path]]:
    """(member name, file) of everything the archive holds, in archive order."""
    chosen = []
    for folder, (where, pattern) in CONTENTS.items():
        files = sorted((shared / where).glob(pattern))
        if not files:
            raise SystemExit(
                f"{shared / where}: no files matching {pattern}: is --shared the folder that holds corpus/ and seeds/?"
            )
        chosen.extend((f"{folder}/{path.name}", path) for path in files)
    return chosen


def make(shared: Path, output: Path) -> int:
    """Write the archive, and beside it the list of its official English editions; returns the
    archive's size in bytes."""
    write_official_list(selected(shared), output.parent / OFFICIAL_LIST)
    write_edition_dates(selected(shared), output.parent / EDITION_DATES)
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, path in selected(shared):
            data = path.read_bytes()
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tar.addfile(info, io.BytesIO(data))
    packed = lzma.compress(buffer.getvalue(), preset=9 | lzma.PRESET_EXTREME)
    output.write_bytes(packed)
    return len(packed)


def write_official_list(chosen: list[tuple[str, Path]], target: Path) -> None:
    """The SHA-256 and member name of every official English edition, one per line: a document
    stored from these bytes is the edition itself, whatever else is stored (kb.store.documents)."""
    lines = [
        f"{hashlib.sha256(path.read_bytes()).hexdigest()}\t{name}\n" for name, path in chosen if name.startswith("en/")
    ]
    target.write_text("".join(lines), encoding="utf-8")


def write_edition_dates(chosen: list[tuple[str, Path]], target: Path) -> None:
    """The SHA-256 and effective date (as the importer reads it from the header, which is right where
    the file name disagrees: MagicCompRules_20170925.txt is the CR of 2017-09-29) of every official
    English edition: which edition was in force on a day, without reading the archive
    (kb.store.documents.carried_editions)."""
    from kb.importers.cr_text import parse  # the importer's own reading of the header

    lines = []
    for name, path in chosen:
        if name.startswith("en/"):
            data = path.read_bytes()
            lines.append(f"{hashlib.sha256(data).hexdigest()}\t{parse(data, name).edition}\n")
    target.write_text("".join(lines), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--shared",
        type=Path,
        default=ROOT.parent / "shared",
        help="the folder holding corpus/ and seeds/ (default: ../shared beside the project)",
    )
    parser.add_argument("--output", type=Path, default=DATA / "rules.tar.xz")
    args = parser.parse_args(argv)
    size = make(args.shared, args.output)
    print(f"{args.output}: {len(selected(args.shared))} files, {size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
