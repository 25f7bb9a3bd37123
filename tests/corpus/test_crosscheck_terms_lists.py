"""The `terms` class on the Chinese translations in the databases users build: a list of card types is read
item by item (地 is land there), and "Kindreds" (the title of 308) and "kindred" (205.2a) are one card type.

Before, the small database's report on zh 2026-04-17 read 110.4, 205.2a and 300.1 as saying 亲缘 (Kindreds)
for land; the rules named below must carry no `terms` finding on either Chinese edition.
"""

from __future__ import annotations

import shutil

import pytest

from kb.api import KnowledgeBase
from kb.crosscheck import crosscheck_document
from tests.conftest import corpus_path
from tests.shared_databases import small_database

LISTS = ("110.4", "205.2a", "300.1", "116.2f")


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    """The small database with the Chinese text of 2023-11-17, its English, and an English edition of the
    layout before Magic 2010 (whose chapter titles name no zones or types)."""
    path = tmp_path_factory.mktemp("terms-lists") / "kb.db"
    shutil.copyfile(small_database(), path)
    kb = KnowledgeBase.open(path)
    for parts in (
        ("zh", "MagicCompRules_20231117_zh-CN_HeliumOctahelide.txt"),
        ("en", "full", "MagicCompRules_20231117.txt"),
        ("en", "full", "MagicCompRules_20080715.txt"),
    ):
        kb.import_file(corpus_path(*parts))
    yield kb
    kb.close()


@pytest.mark.parametrize("edition", ["2026-04-17", "2023-11-17"])
def test_no_list_of_types_reads_as_another_type(database, edition):
    report = crosscheck_document(database.conn, f"zh@{edition}", kinds=("terms",))
    assert report.rules["paired"] > 3000  # the whole document was read
    wrong = [(f.number, f.message) for f in report.of_kind("terms") if f.number in LISTS]
    assert wrong == []


def test_the_small_database_finds_no_term_swap_in_the_chinese_text():
    """zh 2026-04-17 against its English: the three findings of the small database were all false."""
    kb = KnowledgeBase.open(small_database())
    try:
        report = crosscheck_document(kb.conn, "zh@2026-04-17", kinds=("terms",))
    finally:
        kb.close()
    assert report.counts["terms"] == 0
    assert report.rules["paired"] == 3294
