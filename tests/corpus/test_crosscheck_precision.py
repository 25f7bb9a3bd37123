"""Precision of every finding class, measured on the hand-labelled systematic sample (tests/data).

The sample is recomputed here (kb.crosscheck.sample.draw) and must be exactly the labelled set:
a finding that appears, disappears or moves must be labelled again, so the labels always judge
what the checks report today and nobody can pick an easy sample.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.crosscheck.sample import draw, precision, read_labels
from tests.corpus.test_crosscheck_db import xdb  # noqa: F401

LABELS = Path(__file__).parents[1] / "data" / "crosscheck_labels.tsv"
FLOOR = 0.95
DOCUMENT_CLASSES = {
    "missing",
    "extra",
    "duplicate",
    "subrules",
    "citations",
    "titles",
    "examples",
    "numbers",
    "terms",
    "untranslated",  # since the keyword "Space Sculptor" left in English in zh 2023-11-17 is found
}
RULE_CLASSES = {"one-side", "rules-change", "citations", "numbers", "terms"}


@pytest.fixture(scope="module")
def sample(xdb):
    return draw(xdb.conn)


@pytest.fixture(scope="module")
def labels():
    return read_labels(LABELS)


def test_the_labelled_set_is_the_systematic_sample(sample, labels):
    keys = [item.key for item in sample]
    assert len(keys) == len(set(keys))
    assert sorted(set(keys) - set(labels)) == []  # every sampled finding is judged
    assert sorted(set(labels) - set(keys)) == []  # and no judgement is of a finding no longer reported
    assert len(labels) >= 150


def test_every_finding_class_is_in_the_sample(sample):
    kinds = {item.kind for item in sample}
    assert {f"document/{k}" for k in DOCUMENT_CLASSES} <= kinds
    assert {f"rule/{k}" for k in RULE_CLASSES} <= kinds


def test_precision_of_each_class_reaches_the_floor(sample, labels):
    measured = precision(sample, labels)
    low = {kind: f"{real}/{total}" for kind, (real, total) in measured.items() if real < FLOOR * total}
    assert low == {}
    assert sum(total for _, total in measured.values()) == len(sample)


def test_bad_label_files_are_refused(tmp_path):
    bad = tmp_path / "labels.tsv"
    bad.write_text(
        "# header\ncheck\tclass\tnumber\tside\tn\tlabel\treason\tmessage\n"
        "document ja\tdocument/missing\t610.5\t\t1\tmaybe\tno idea\t610.5 …\n",
        encoding="utf-8",
    )
    with pytest.raises(ValueError, match="row 2: label must be real or false"):
        read_labels(bad)
    bad.write_text("check\tclass\n", encoding="utf-8")
    with pytest.raises(ValueError, match="expected the columns"):
        read_labels(bad)
