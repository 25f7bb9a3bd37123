"""The keys of the Chinese translators' corrections between earlier states of their translation
(tests/data/crosscheck_corrections_zh_history2.tsv and crosscheck_corrections_zh_history3.tsv) are well formed: valid
columns and classes, each row's half fixed by crc32 of its earlier state and number, and one row per rule within a
pair of states."""

from __future__ import annotations

import re
import zlib
from collections import Counter
from pathlib import Path

import pytest

from kb.crosscheck.corrections import SPLITS, Correction, read_corrections

DATA = Path(__file__).resolve().parent.parent / "data"
# key file -> (fewest rows, fewest errors in each half)
KEYS = {
    "crosscheck_corrections_zh_history2.tsv": (120, 10),
    "crosscheck_corrections_zh_history3.tsv": (60, 5),
}
CLASSES = {"meaning", "term", "inconsistent", "untranslated", "missing", "added"}
_NUMBER = re.compile(r"\d{3}\.\d+[a-z]?")
_PAIR = re.compile(r" \[(\d{8})_Zh\.txt@([0-9a-f]{12}) → (\d{8})_Zh\.txt@([0-9a-f]{12})\]$")

ROWS = {name: read_corrections(DATA / name) for name in KEYS}
EVERY_ROW = [(name, row) for name, rows in ROWS.items() for row in rows]


def row_id(case: tuple[str, Correction]) -> str:
    name, row = case
    return f"{name.removeprefix('crosscheck_corrections_').removesuffix('.tsv')}:{row.number}"


def pair_of(reason: str) -> tuple[str, str]:
    """(earlier state, later state) as YYYYMMDD@commit, from the end of the reason."""
    match = _PAIR.search(reason)
    assert match, reason
    return f"{match.group(1)}@{match.group(2)}", f"{match.group(3)}@{match.group(4)}"


@pytest.mark.parametrize("name", KEYS)
def test_the_key_is_large_enough_in_both_halves_with_errors_in_each(name):
    fewest_rows, fewest_errors = KEYS[name]
    rows = ROWS[name]
    assert len(rows) >= fewest_rows
    for split in SPLITS:
        assert sum(row.split == split and row.label == "error" for row in rows) >= fewest_errors


@pytest.mark.parametrize("case", EVERY_ROW, ids=row_id)
def test_every_row_is_well_formed(case):
    _, row = case
    assert _NUMBER.fullmatch(row.number) and _NUMBER.fullmatch(row.later)
    assert row.split in SPLITS
    assert row.label in ("error", "style")
    assert (row.kind in CLASSES) if row.label == "error" else row.kind == ""
    before, after = pair_of(row.reason)
    assert before < after or before[:8] == after[:8]  # a later file, or the same file revised
    assert row.reason[: row.reason.rindex(" [")].strip(), "a reason before the pair"


@pytest.mark.parametrize("case", EVERY_ROW, ids=row_id)
def test_the_split_is_crc32_of_the_earlier_state_and_the_number(case):
    _, row = case
    state, _ = pair_of(row.reason)
    expected = "held-out" if zlib.crc32(f"{state}|{row.number}".encode()) % 2 else "tune"
    assert row.split == expected


@pytest.mark.parametrize("name", KEYS)
def test_no_number_is_repeated_within_a_pair(name):
    counts = Counter((pair_of(row.reason), row.number) for row in ROWS[name])
    assert [key for key, n in counts.items() if n > 1] == []


def test_the_keys_share_no_pair_of_states():
    pairs = {name: {pair_of(row.reason) for row in rows} for name, rows in ROWS.items()}
    first, second = pairs.values()
    assert first.isdisjoint(second)
