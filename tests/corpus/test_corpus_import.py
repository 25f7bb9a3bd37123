"""Every English edition, both Chinese translations and the Japanese one in one database."""

import csv
import re

import pytest

from tests.conftest import ROOT, corpus_path
from tests.history_fixtures import open_history_db


@pytest.fixture(scope="module")
def corpus_db():
    """The shared corpus database of tests/history_fixtures.py (every file added, chain stored)."""
    yield from open_history_db()


def expected_counts() -> list[dict]:
    with open(ROOT / "tests" / "data" / "english_editions.tsv", encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def test_all_135_english_editions_with_their_counts(corpus_db):
    table = expected_counts()
    assert len(table) == 135
    stored = {d.name + ".txt": d for d in corpus_db.documents(lang="en")}
    for row in table:
        doc = stored[row["file"]]
        assert (doc.edition, doc.rules, doc.examples, doc.glossary) == (
            row["edition"],
            int(row["rules"]),
            int(row["examples"]),
            int(row["glossary"]),
        ), row["file"]
    assert len(corpus_db.documents()) == 135 + 3 + 2 + 1 + 3


def test_the_table_agrees_with_a_count_of_the_newest_texts_own_lines():
    """english_editions.tsv was recorded from the importer and reviewed; it has no independent source for
    all 135 layouts (mightstone, the one other parser, counts 3,248 rules of 2026-08-07 because it leaves
    the section and chapter headings out). For the newest editions, whose layout is plain, a count of
    their own lines stands beside it: numbered lines between the contents and the glossary, lines
    beginning "Example:", and the glossary's blank-line separated entries."""
    table = {row["file"]: row for row in expected_counts()}
    for name in ("MagicCompRules_20260116.txt", "MagicCompRules_20260807.txt"):
        text = corpus_path("en", "full", name).read_text(encoding="utf-8-sig")
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        glossary = [m.start() for m in re.finditer(r"^Glossary$", text, re.M)]
        credits = [m.start() for m in re.finditer(r"^Credits$", text, re.M)]
        rules_part = text[credits[0] : glossary[1]]  # after the contents' own "Credits" line
        counted = (
            len(re.findall(r"^\d{1,3}(?:\.\d+[a-z]{0,2})?\.? ", rules_part, re.M)),
            len(re.findall(r"^Example: ", rules_part, re.M)),
            len(text[glossary[1] : credits[1]].strip().split("\n\n")) - 1,  # less the heading
        )
        row = table[name]
        assert counted == (int(row["rules"]), int(row["examples"]), int(row["glossary"])), name


def test_facts_through_the_api(corpus_db):
    phasing_2010 = corpus_db.rules("702.23", edition="2010-07-16")
    assert [r.number[6:] for r in phasing_2010[1:]] == list("abcdefghijkm")
    assert phasing_2010[0].title == "Phasing"
    assert len(corpus_db.rule("702.26", edition="2023-11-17").children) == 14
    assert corpus_db.rules("704.5", edition="2026-01-16")[-1].number == "704.5z"
    for number in ("613.6", "707.3", "800.4a"):
        assert len(corpus_db.rule(number, edition="2026-01-16").examples) == 4


def test_same_date_prefers_the_official_file(corpus_db):
    assert corpus_db.rule("702.26", edition="2023-11-17").document == "MagicCompRules_20231117"
    assert (
        corpus_db.rule("702.26", edition="MagicCompRules_20231117_cleaned_HeliumOctahelide").document
        == "MagicCompRules_20231117_cleaned_HeliumOctahelide"
    )


def test_translations_line_up_with_english(corpus_db):
    ja = corpus_db.rule("702.26b", lang="ja")
    assert ja.edition == "2026-01-16"
    assert {
        "lang": "en",
        "edition": "2026-01-16",
        "document": "MagicCompRules_20260116",
        "number": "702.26b",
        "title": "Phasing",
        "source": "official",
    } in ja.other_versions
    zh = corpus_db.rule("702.26b", lang="zh", edition="2023-11-17")
    assert len(zh.examples) == 2
    assert zh.cites[0].target == "506.4"


def test_glossary_pairs_japanese_and_english(corpus_db):
    entries = corpus_db.glossary("Phasing", lang="ja")
    assert entries[0].term == "フェイジング" and entries[0].english == "Phasing"


def test_references_resolve_within_each_edition(corpus_db):
    newest = corpus_db.document("MagicCompRules_20260807")
    broken = corpus_db.broken_refs(document="MagicCompRules_20260807")
    # The newest edition is consistent: almost every citation resolves in it.
    assert len(broken) < 0.02 * newest.references
