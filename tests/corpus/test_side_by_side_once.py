"""Documents side by side show each rule once: the Japanese translation of 2026-01-16 repeats the
line of 505.4, which gave 505.4 two rows (one beside nothing)."""

from __future__ import annotations

from collections import Counter

from kb.api import KnowledgeBase
from kb.importers.bundle import first_answers, read_bundle
from kb.reader.side_docs import docs_view


def test_each_rule_of_each_side_has_one_row(tmp_path):
    kb = KnowledgeBase.open(tmp_path / "side.db")
    kb.import_paths(first_answers(read_bundle())[0], keep_going=False, index=False)
    japanese = "CompRules_ja_20260116.0_lines"
    assert [n for n, *_rest in kb.rule_texts(japanese)].count("505.4") == 2  # the source's repeated line
    rows = list(docs_view(kb, [japanese, "MagicCompRules_20260807"]).rows)
    for side in (0, 1):
        counts = Counter(row.cells[side].number for row in rows if row.cells[side])
        assert [number for number, n in counts.items() if n > 1] == []
    (row,) = [row for row in rows if row.cells[0] and row.cells[0].number == "505.4"]
    assert row.cells[1] is not None and row.cells[1].number == "505.4"
