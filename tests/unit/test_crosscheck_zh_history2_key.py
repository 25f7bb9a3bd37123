"""The larger key of the Chinese translators' corrections (tests/data/crosscheck_corrections_zh_history2.tsv) is
well formed: valid columns and classes, each row's half fixed by crc32 of its earlier state and number, and one
row per rule within a pair of states."""

from __future__ import annotations

import re
import zlib
from collections import Counter
from pathlib import Path

import pytest

from kb.crosscheck.corrections import SPLITS, read_corrections

KEY = Path(__file__).resolve().parent.parent / "data" / "crosscheck_corrections_zh_history2.tsv"
CLASSES = {"meaning", "term", "inconsistent", "untranslated", "missing", "added"}
_NUMBER = re.compile(r"\d{3}\.\d+[a-z]?")
_PAIR = re.compile(r" \[(\d{8})_Zh\.txt@([0-9a-f]{12}) → (\d{8})_Zh\.txt@([0-9a-f]{12})\]$")

ROWS = read_corrections(KEY)


def pair_of(reason: str) -> tuple[str, str]:
    """(earlier state, later state) as YYYYMMDD@commit, from the end of the reason."""
    match = _PAIR.search(reason)
    assert match, reason
    return f"{match.group(1)}@{match.group(2)}", f"{match.group(3)}@{match.group(4)}"


def test_the_key_has_at_least_120_rows_in_both_halves_with_errors_in_each():
    assert len(ROWS) >= 120
    for split in SPLITS:
        assert sum(row.split == split and row.label == "error" for row in ROWS) >= 10


@pytest.mark.parametrize("row", ROWS, ids=lambda row: f"{row.number}")
def test_every_row_is_well_formed(row):
    assert _NUMBER.fullmatch(row.number) and _NUMBER.fullmatch(row.later)
    assert row.split in SPLITS
    assert row.label in ("error", "style")
    assert (row.kind in CLASSES) if row.label == "error" else row.kind == ""
    before, after = pair_of(row.reason)
    assert before < after or before[:8] == after[:8]  # a later file, or the same file revised
    assert row.reason[: row.reason.rindex(" [")].strip(), "a reason before the pair"


@pytest.mark.parametrize("row", ROWS, ids=lambda row: f"{row.number}")
def test_the_split_is_crc32_of_the_earlier_state_and_the_number(row):
    state, _ = pair_of(row.reason)
    expected = "held-out" if zlib.crc32(f"{state}|{row.number}".encode()) % 2 else "tune"
    assert row.split == expected


def test_no_number_is_repeated_within_a_pair():
    counts = Counter((pair_of(row.reason), row.number) for row in ROWS)
    assert [key for key, n in counts.items() if n > 1] == []
