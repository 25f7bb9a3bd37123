"""The hand labels of QA findings (kb.crosscheck.corrections.read_qa_labels)."""

import pytest

from kb.crosscheck.corrections import read_qa_labels


def test_a_malformed_qa_label_names_its_line(tmp_path):
    path = tmp_path / "labels.tsv"
    path.write_text("# note\ndocument\tclass\tnumber\tlabel\treason\nzh\tswaps\t303.4m\tmaybe\twhy\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"labels.tsv, line 3: .*label real or false"):
        read_qa_labels(path)


def test_the_second_round_of_labels_splits_by_rule_number():
    """The split is fixed by the number alone, so a rule's labels in two documents fall in one half."""
    import zlib
    from pathlib import Path

    from kb.crosscheck.corrections import qa_split

    labels = read_qa_labels(Path(__file__).parents[1] / "data" / "crosscheck_qa_precision_round2.tsv")
    halves = {x.number: qa_split(x.number) for x in labels}
    assert all(half == ("held-out" if zlib.crc32(n.encode()) & 1 else "tune") for n, half in halves.items())
    assert set(halves.values()) == {"tune", "held-out"}
    assert len({(x.document, x.kind, x.number) for x in labels}) == len(labels)  # one label per finding
    assert all(x.reason for x in labels)
