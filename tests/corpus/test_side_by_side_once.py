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


def test_the_whole_corpus_gives_each_rule_one_row():
    """With every edition and translation held (the whole build), a translation or an older edition
    beside the newest text, in either order: each number once per side, 704.5a in one row beside
    704.5a, and 704.5aa (which a search for "704.5a" also finds) in a row of its own."""
    from tests.history_fixtures import history_db_path

    kb = KnowledgeBase.open(history_db_path(), readonly=True)
    newest = "MagicCompRules_20260807"
    try:
        for other in (
            "CompRules_ja_20260116.0_lines",
            "MagicCompRules_20231117_zh-CN_HeliumOctahelide",
            "MagicCompRules_20260116",
        ):
            for pair in ([other, newest], [newest, other]):
                rows = list(docs_view(kb, pair).rows)
                for side in (0, 1):
                    counts = Counter(row.cells[side].number for row in rows if row.cells[side])
                    assert [number for number, n in counts.items() if n > 1] == [], pair
                for number in ("704.5a", "704.5aa"):
                    found = [row for row in rows if any(cell and cell.number == number for cell in row.cells)]
                    assert len(found) == 1, (pair, number)
                (row,) = [row for row in rows if row.cells[0] and row.cells[0].number == "704.5a"]
                assert row.cells[1] is not None and row.cells[1].number == "704.5a"
    finally:
        kb.close()
