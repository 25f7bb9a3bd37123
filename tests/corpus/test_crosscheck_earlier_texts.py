"""The earlier texts kb.crosscheck.stale reads, from a database of two real English editions (../shared/corpus)."""

from __future__ import annotations

from kb.api import KnowledgeBase
from kb.crosscheck.specs import DocSpec, resolve
from kb.crosscheck.stale import earlier_texts
from kb.crosscheck.texts import load_text
from tests.conftest import corpus_path


def test_the_earlier_texts_are_the_same_rules_where_they_differ():
    kb = KnowledgeBase.open(":memory:")
    for name in ("20210224", "20231117"):
        kb.import_file(corpus_path("en", "full", f"MagicCompRules_{name}.txt"))
    [(older,)] = kb.conn.execute("select edition from documents where edition < '2023'").fetchall()
    original = load_text(kb.conn, resolve(kb.conn, DocSpec.parse("en@2023-11-17")).id)
    earlier = earlier_texts(kb.conn, original)
    # 103.2b dropped "after setting aside their sideboard" in 2022-10-07
    assert [(e.edition, "sideboard" in e.text) for e in earlier["103.2b"]] == [(older, True)]
    assert "100.1" not in earlier  # the same text in both editions
    # 702.38 was provoke in 2021 and is amplify today: its subrules of 2021 are another rule's
    assert original.by_number["702.38"].title == "Amplify" and "702.38b" not in earlier
    assert earlier_texts(kb.conn, original, years=1) == {}  # the edition of 2021 is more than a year before
    kb.close()
