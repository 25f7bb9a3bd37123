"""The hand-edited data tables are read by one reader that refuses a slip with its file and line."""

from __future__ import annotations

import pytest

from kb.core.errors import BadInputFile
from kb.core.tables import table_rows

HEADER = ["lang", "words", "rules"]


def test_rows_come_with_their_line_and_stripped_cells_after_comments_and_the_header():
    text = "# a comment\n\nlang\twords\trules\n# another\nen\t dies \t700.4\n\nja\t死亡\t700.4\n"
    assert list(table_rows(text, "t.tsv", HEADER)) == [(5, ["en", "dies", "700.4"]), (7, ["ja", "死亡", "700.4"])]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("lang words rules\nen\tdies\t700.4\n", "t.tsv, line 1: expected the header 'lang words rules'"),
        ("lang\twords\trules\nen dies\t700.4\n", "t.tsv, line 2: expected 3 tab-separated columns, found 2"),
        ("# only comments\n", "t.tsv: no header line 'lang words rules'"),
    ],
)
def test_a_slip_is_refused_naming_the_file_and_line(text, message):
    with pytest.raises(BadInputFile) as refused:
        list(table_rows(text, "t.tsv", HEADER))
    assert str(refused.value) == message
