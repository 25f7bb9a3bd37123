"""The hand labels of QA findings (kb.crosscheck.corrections.read_qa_labels)."""

import pytest

from kb.crosscheck.corrections import read_qa_labels


def test_a_malformed_qa_label_names_its_line(tmp_path):
    path = tmp_path / "labels.tsv"
    path.write_text("# note\ndocument\tclass\tnumber\tlabel\treason\nzh\tswaps\t303.4m\tmaybe\twhy\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"labels.tsv, line 3: .*label real or false"):
        read_qa_labels(path)
