"""No two test files share a name: the test folders are not packages, so pytest imports each file by its
name alone, and a second file of the same name fails to be collected ("import file mismatch")."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent


def test_every_test_file_name_is_used_once():
    names = Counter(path.name for path in TESTS.rglob("test_*.py"))
    assert [name for name, n in names.items() if n > 1] == []
