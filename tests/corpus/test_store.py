"""The database: atomic, idempotent imports; replacement; readers during imports; lookups."""

import shutil
import sqlite3
import threading

import pytest

from kb.api import KnowledgeBase, LookupFailed
from kb.core.numbers import RuleNumber
from kb.importers.records import SourceError
from tests.conftest import corpus_path
from tests.waiting import Worker

NEWEST = ("en", "full", "MagicCompRules_20260807.txt")


def table_counts(kb):
    return {
        t: kb.db.execute(f"select count(*) from {t}").fetchone()[0]
        for t in ("documents", "rules", "examples", "glossary", "refs", "terms", "commentary")
    }


@pytest.fixture
def kb(tmp_path):
    base = KnowledgeBase.open(tmp_path / "kb.db")
    yield base
    base.close()


@pytest.fixture
def newest(tmp_path):
    """A private copy of the newest edition that tests may alter."""
    path = tmp_path / "MagicCompRules_20260807.txt"
    shutil.copy(corpus_path(*NEWEST), path)
    return path


def test_newest_edition_stored_with_examples_glossary_and_references(kb, newest):
    result = kb.import_file(newest)
    assert (result.status, result.lang, result.edition) == ("added", "en", "2026-08-07")
    assert (result.rules, result.examples, result.glossary) == (3318, 277, 739)
    assert result.references > 1000
    rule = kb.rule("702.26b")
    assert rule.parent.number == "702.26" and rule.parent.title == "Phasing"
    assert (rule.previous.number, rule.next.number) == ("702.26a", "702.26c")
    assert [r.target for r in rule.cites] == ["506.4"]
    assert len(rule.examples) == 2
    children = [c.number for c in kb.rule("702.26").children]
    assert children[0] == "702.26a" and children[-1] == "702.26p" and len(children) == 14
    cited_by = {r.source for r in kb.rule("704.5m").cited_by}
    assert "702.26i" in cited_by
    assert kb.rule("702.26b").anchor == "#R70226b"


def test_same_bytes_again_change_nothing(kb, newest):
    kb.import_file(newest)
    before = table_counts(kb)
    ids = kb.db.execute("select min(id), max(id) from rules").fetchone()
    again = kb.import_file(newest)
    assert again.status == "unchanged"
    assert table_counts(kb) == before
    assert kb.db.execute("select min(id), max(id) from rules").fetchone() == ids


def test_changed_bytes_replace_the_document(kb, newest):
    kb.import_file(newest)
    before = table_counts(kb)
    text = newest.read_bytes().replace("702.26p Multiple instances".encode(), "702.26p Several instances".encode())
    assert text != newest.read_bytes()
    newest.write_bytes(text)
    result = kb.import_file(newest)
    assert result.status == "replaced"
    assert table_counts(kb) == before
    assert kb.rule("702.26p").text.startswith("Several instances")


def test_a_failed_import_leaves_the_database_as_it_was(kb, newest, monkeypatch):
    kb.import_file(newest)
    before = table_counts(kb)
    newest.write_bytes(newest.read_bytes().replace(b"702.26p Multiple instances", b"702.26p Several instances"))

    from kb.store import write

    next_id = write._next_id

    def explode(conn, table):  # fails after the old document is deleted and the new rules written
        if table == "glossary":
            raise RuntimeError("disk on fire")
        return next_id(conn, table)

    monkeypatch.setattr(write, "_next_id", explode)
    with pytest.raises(RuntimeError):
        kb.import_file(newest)
    assert table_counts(kb) == before
    assert kb.rule("702.26p").text.startswith("Multiple instances")


@pytest.mark.parametrize(
    "content, expected",
    [
        (b"\x00\x01\x02\x03binary" * 50, "unknown format"),
        (b"", "empty"),
        ("These rules are effective as of May 1, 2020.\n\nNo rules, only prose.\n".encode(), "no rules found"),
    ],
)
def test_bad_files_store_nothing(kb, tmp_path, content, expected):
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(SourceError) as info:
        kb.import_file(path)
    assert str(path) in str(info.value) and expected in str(info.value)
    assert table_counts(kb)["documents"] == 0


def test_undecodable_bytes_name_the_line(kb, tmp_path, newest):
    data = newest.read_bytes().split(b"\n")
    data[5000] = data[5000] + b" \x81\x8d\x8f\x90\x9d"  # bytes neither UTF-8 nor Windows-1252 can hold
    path = tmp_path / "MagicCompRules_broken.txt"
    path.write_bytes(b"\n".join(data))
    with pytest.raises(SourceError) as info:
        kb.import_file(path)
    assert info.value.line == 5001
    assert table_counts(kb)["documents"] == 0


def test_readers_keep_working_and_never_see_half_a_document(kb, tmp_path, newest):
    kb.import_file(newest)
    full = kb.document("MagicCompRules_20260807").rules
    reader = sqlite3.connect(f"file:{tmp_path / 'kb.db'}?mode=ro", uri=True, check_same_thread=False)
    seen: set[int] = set()
    stop = threading.Event()

    def read():
        while not stop.is_set():
            count = reader.execute(
                "select count(*) from rules r join documents d on d.id = r.document_id "
                "where d.name = 'MagicCompRules_20260807'"
            ).fetchone()[0]
            seen.add(count)

    thread = Worker(read)  # an error in the reader (a locked or damaged database) fails the test at join
    thread.start()
    original = newest.read_bytes()
    try:
        for i in range(3):  # content that changes each time (appended newlines would be "unchanged")
            newest.write_bytes(original.replace(b"702.26p Multiple", b"702.26p Multiple" + b" very" * (i + 1)))
            assert kb.import_file(newest).status == "replaced"
    finally:
        stop.set()
        thread.join()
    assert seen <= {full}, seen
    assert seen


def test_lookups_say_what_exists_nearby(kb, newest):
    kb.import_file(newest)
    with pytest.raises(LookupFailed) as info:
        kb.rule("702.26q")
    assert "702.26p" in info.value.suggestions
    with pytest.raises(LookupFailed) as info:
        kb.rule("702.26", edition="1998-08-08")  # before every edition held (a later date is the newest's)
    assert "2026-08-07" in info.value.suggestions
    with pytest.raises(LookupFailed):
        kb.rule("not a number")


def test_ranges_and_subtrees(kb, newest):
    kb.import_file(newest)
    assert [r.number for r in kb.rules("601.2a–h")] == [f"601.2{c}" for c in "abcdefgh"]
    assert [r.number for r in kb.rules("704.5k-p")] == ["704.5k", "704.5m", "704.5n", "704.5p"]
    subtree = [r.number for r in kb.rules("702.1")]
    assert subtree[0] == "702.1" and "702.10" not in subtree and "702.10a" not in subtree


def test_one_off_and_in_memory_lookups_agree(kb, newest):
    """The first lookups of a document go through SQL, later ones through its in-memory index."""
    from kb.store.lookup import DocumentIndex, SqlDocument

    kb.import_file(newest)
    doc = next(d for d in kb.store.documents() if d["name"] == "MagicCompRules_20260807")
    sql, memory = SqlDocument(kb.conn, doc), DocumentIndex.load(kb.conn, doc)
    for number in ("7", "702", "702.26", "702.26b", "704.5m", "613.6", "100.1", "905.6"):
        parsed = RuleNumber.parse(number)
        seq = memory.positions(number)[0]
        assert sql.positions(number) == memory.positions(number)
        assert sql.row(seq) == memory.row(seq)
        assert sql.children_of(number) == memory.children_of(number)
        assert sql.examples_of(memory.row(seq)["id"]) == memory.examples_of(memory.row(seq)["id"])
        assert sql.outgoing_of(memory.row(seq)["id"]) == memory.outgoing_of(memory.row(seq)["id"])
        assert sql.incoming(number) == memory.incoming(number)
        assert sql.subtree(parsed) == memory.subtree(parsed)
        assert sql.nearest(parsed) == memory.nearest(parsed)
    assert sql.span(RuleNumber.parse("601.2a"), RuleNumber.parse("601.2h")) == memory.span(
        RuleNumber.parse("601.2a"), RuleNumber.parse("601.2h")
    )


def test_kept_rules_follow_another_connections_import(tmp_path):
    """A reader keeps the rules it built; another process's import is seen by its next lookup."""
    path = tmp_path / "kb.db"
    writer = KnowledgeBase.open(path)
    writer.import_file(corpus_path("en", "full", "MagicCompRules_20260807.txt"))
    reader = KnowledgeBase.open(path, readonly=True)
    for _ in range(4):  # built, kept, and the document loaded into memory
        before = reader.rule("702.26b")
    assert [v["edition"] for v in before.other_versions] == []
    writer.import_file(corpus_path("en", "full", "MagicCompRules_20260116.txt"))
    after = reader.rule("702.26b")
    assert [(v["edition"], v["number"]) for v in after.other_versions] == [("2026-01-16", "702.26b")]
    assert after.edition == "2026-08-07" and after.text == before.text
    reader.close()
    writer.close()
