"""The tab-separated tables mtgkb keeps as data (data/players_words.tsv, data/oracle_rules.tsv).

Each is edited by hand: comment lines start with "#", a header names the columns, and every row
has exactly that many cells. A slip (a space instead of a tab, a missing column) is refused with
the file and the line, since a row read into the wrong columns would change search results
silently.
"""

from __future__ import annotations

from collections.abc import Iterator

from kb.core.errors import BadInputFile


def table_rows(text: str, origin: str, header: list[str]) -> Iterator[tuple[int, list[str]]]:
    """Each row after ``header`` as (line number, stripped cells); blank and comment lines skipped.
    Raises BadInputFile naming ``origin`` and the line where the header is not the expected one or
    a row has another number of cells, and naming ``origin`` where there is no header at all."""
    header_seen = False
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if not header_seen:
            if cells != header:
                raise BadInputFile(f"{origin}, line {number}: expected the header {' '.join(header)!r}")
            header_seen = True
            continue
        if len(cells) != len(header):
            raise BadInputFile(
                f"{origin}, line {number}: expected {len(header)} tab-separated columns, found {len(cells)}"
            )
        yield number, [cell.strip() for cell in cells]
    if not header_seen:
        raise BadInputFile(f"{origin}: no header line {' '.join(header)!r}")
