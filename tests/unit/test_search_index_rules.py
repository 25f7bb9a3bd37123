"""When the search index is built whole and when documents are merged into it, as docs/search.md
("Keeping in step with the database") says, one rule per test, on small editions of the test rules:

- a search never builds an index: without one it is IndexMissing naming `mtgkb reindex`;
- `sync_index` builds an index that does not exist, and afterwards updates only the documents that
  differ (an update is a segment of its own); an index of another format is built again;
- segments are merged once there are eight;
- an update of more than half the documents rebuilds;
- a search in a process that can write the index updates what differs; a read-only one searches
  the index as it is.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from whoosh import index as whoosh_index

from kb.api import KnowledgeBase
from kb.core.errors import IndexMissing
from kb.search import index
from tests.conftest import MINI, ROOT

EFFECTIVE = "These rules are effective as of August 7, 2026."
RULE = "General rule 5 of"  # a sentence of the test rules that each edition words its own way


def edition(folder: Path, month: int) -> Path:
    """The test rules as of the first of ``month`` in 2025, with a word of their own in one rule."""
    text = (MINI / "MiniRules_20260807.txt").read_text(encoding="utf-8")
    assert EFFECTIVE in text and RULE in text
    names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October"]
    text = text.replace(EFFECTIVE, f"These rules are effective as of {names[month - 1]} 1, 2025.")
    text = text.replace(RULE, f"General rule 5 (wording{chr(ord('a') + month)}) of")
    path = folder / f"MiniRules_2025{month:02d}01.txt"
    path.write_text(text, encoding="utf-8")
    return path


def segments(kb: KnowledgeBase) -> int:
    """How many segments the index on disk has (whoosh's public reader)."""
    ix = whoosh_index.open_dir(str(index.index_dir(kb.store)))
    try:
        with ix.reader() as reader:
            return len(reader.leaf_readers())
    finally:
        ix.close()


@pytest.fixture
def kb(tmp_path):
    """A database of the test rules of 2026-08-07 and of six editions of 2025, without an index."""
    base = KnowledgeBase.open(tmp_path / "kb.db")
    base.import_paths(
        [MINI / "MiniRules_20260807.txt", *(edition(tmp_path, month) for month in range(1, 7))], index=False
    )
    assert not index.index_dir(base.store).exists()
    yield base
    base.close()


def names(kb: KnowledgeBase) -> list[str]:
    return [row[0] for row in kb.conn.execute("select name from documents order by name")]


def test_a_search_never_builds_the_index(kb):
    with pytest.raises(IndexMissing, match="mtgkb reindex"):
        kb.search("phasing")
    assert not index.index_dir(kb.store).exists()


def test_sync_builds_a_missing_index_then_updates_only_what_differs(kb, tmp_path):
    built = index.sync_index(kb.store)
    assert built is not None and built.rebuilt and segments(kb) == 1
    assert index.sync_index(kb.store) is None  # nothing differs: nothing is written
    kb.import_paths([edition(tmp_path, 7)], index=False)
    assert index.stale_documents(kb.store) == {"MiniRules_20250701"}
    updated = index.sync_index(kb.store)
    assert updated is not None and not updated.rebuilt
    assert (updated.added, updated.replaced, updated.removed) == (["MiniRules_20250701"], [], [])
    assert segments(kb) == 2  # the update is a segment of its own
    assert index.stale_documents(kb.store) == set()
    assert [r.number for r in kb.search("wordingh", edition="2025-07-01").results] == ["100.5"]
    kb.import_paths([edition(tmp_path, 8)])  # an import ends with sync_index: the index follows
    assert index.stale_documents(kb.store) == set() and segments(kb) == 3


def test_an_index_of_another_format_is_built_again(kb, monkeypatch):
    index.sync_index(kb.store)
    assert index.sync_index(kb.store) is None
    monkeypatch.setattr(index, "FORMAT", index.FORMAT + "-next")  # the code's format moved on
    again = index.sync_index(kb.store)
    assert again is not None and again.rebuilt
    assert index.sync_index(kb.store) is None  # the new index is of the new format


def test_segments_are_merged_once_there_are_eight(kb, tmp_path):
    index.sync_index(kb.store)
    counts = [segments(kb)]
    for month in range(7, 11):  # four new editions, then the same four worded again: eight updates
        kb.import_paths([edition(tmp_path, month)], index=False)
        index.update_index(kb.store, [f"MiniRules_2025{month:02d}01"])
        counts.append(segments(kb))
    for month in range(7, 11):
        path = edition(tmp_path, month)
        path.write_text(path.read_text(encoding="utf-8").replace("wording", "phrasing"), encoding="utf-8")
        kb.import_paths([path], index=False)
        index.update_index(kb.store, [f"MiniRules_2025{month:02d}01"])
        counts.append(segments(kb))
    assert counts[:8] == [1, 2, 3, 4, 5, 6, 7, 8]  # each update below eight adds its segment
    assert counts[8] == 2  # the update made with eight: the updates' segments merged into one
    assert [r.number for r in kb.search("phrasingk", edition="2025-10-01").results] == ["100.5"]


def test_an_update_of_more_than_half_the_documents_rebuilds(kb, tmp_path):
    index.sync_index(kb.store)
    held = names(kb)
    assert len(held) == 7
    half = index.update_index(kb.store, held[:3])  # three of seven: an update
    assert not half.rebuilt and sorted(half.replaced) == held[:3] and segments(kb) == 2
    most = index.update_index(kb.store, held[:5])  # five of seven: built whole
    assert most.rebuilt and segments(kb) == 1


READ_ONLY_SEARCH = """
import json, sys
from kb.api import KnowledgeBase
kb = KnowledgeBase.open(sys.argv[1], readonly=True)
print(json.dumps([kb.search_index_status(), [r.number for r in kb.search("wordingh", edition="2025-07-01").results]]))
"""


def as_a_user(code: str, *args: str) -> subprocess.CompletedProcess:
    """``code`` in a fresh interpreter without the capabilities by which root writes a read-only folder."""
    return subprocess.run(
        ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "MTGKB_LANG": "en"},
    )


def read_only(folder: Path, writable: bool = False) -> None:
    for path in [folder, *folder.iterdir()]:
        path.chmod((0o755 if path.is_dir() else 0o644) if writable else (0o555 if path.is_dir() else 0o444))


def test_a_writing_search_updates_a_stale_index_and_a_read_only_one_searches_it_as_it_is(kb, tmp_path):
    index.sync_index(kb.store)
    kb.import_paths([edition(tmp_path, 7)], index=False)  # the index is now behind the database
    folder = index.index_dir(kb.store)
    read_only(folder)
    try:
        done = as_a_user(READ_ONLY_SEARCH, str(kb.path))
    finally:
        read_only(folder, writable=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == ["stale", []]  # searched as it is: the new edition is not in it
    assert index.stale_documents(kb.store) == {"MiniRules_20250701"}
    writer = KnowledgeBase.open(kb.path)
    try:
        assert [r.number for r in writer.search("wordingh", edition="2025-07-01").results] == ["100.5"]
        assert index.stale_documents(writer.store) == set()
    finally:
        writer.close()
