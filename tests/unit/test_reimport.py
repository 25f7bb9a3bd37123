"""A re-import reads the file again: what its reader reads now, not its bytes, decides (issue 42).

The document stored "by an older reader" is made here by storing part of what today's reader reads
from the very same bytes: the database then holds what a reader that missed rules would have left.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.api.maintenance import expand_sources
from kb.core.errors import ReplaceRefused
from kb.importers.registry import SUFFIXES, parse_file
from kb.store.write import store_document
from tests.conftest import ROOT

MINI = ROOT / "tests" / "data" / "mini" / "MiniRules_20260807.txt"
NAME = MINI.stem


@pytest.fixture
def kb():
    kb = KnowledgeBase.open(":memory:")
    yield kb
    kb.close()


def _store_as_read(kb, rules: slice | None = None, extra: int = 0) -> int:
    """Store MINI's bytes as NAME with the rules today's reader finds, cut to ``rules`` or with ``extra``
    more; returns the count stored."""
    document, data = parse_file(MINI)
    if rules is not None:
        document.rules = document.rules[rules]
    for n in range(extra):
        more = parse_file(MINI)[0].rules[-1]
        more.number, more.text = f"799.{n + 1}", f"A rule only an older reader saw ({n})."
        document.rules.append(more)
    document.references = None  # found again for the rules kept
    store_document(kb.conn, document, name=NAME, source=str(MINI), data=data)
    return len(document.rules)


def _stored_rules(kb) -> list[tuple[str, str]]:
    query = "select number, text from rules join documents d on d.id = document_id where d.name = ? order by seq"
    return list(kb.conn.execute(query, [NAME]))


def test_the_same_bytes_read_as_more_rules_replace_the_document(kb):
    older = _store_as_read(kb, slice(0, 5))
    result = kb.maintenance.import_file(MINI)
    now = len(parse_file(MINI)[0].rules)
    assert now > older
    assert (result.status, result.rules) == ("replaced", now)
    assert [n for n, _ in _stored_rules(kb)] == [r.number.rstrip(".") for r in parse_file(MINI)[0].rules]


def test_the_same_bytes_read_alike_are_unchanged_and_keep_their_ids(kb):
    first = kb.maintenance.import_file(MINI)
    ids = list(kb.conn.execute("select id from rules order by id"))
    again = kb.maintenance.import_file(MINI)
    assert (first.status, again.status) == ("added", "unchanged")
    assert again.rules == first.rules
    assert list(kb.conn.execute("select id from rules order by id")) == ids


def test_the_same_bytes_read_as_fewer_rules_are_refused_and_nothing_changes(kb):
    older = _store_as_read(kb, extra=1)  # one rule more than today's reader reads: within MAX_LOSS
    before = _stored_rules(kb)
    with pytest.raises(ReplaceRefused) as refused:
        kb.maintenance.import_file(MINI)
    assert f"{older - 1} rules where {older} are stored" in str(refused.value)
    assert _stored_rules(kb) == before
    assert kb.maintenance.import_file(MINI, replace_smaller=True).status == "replaced"
    assert len(_stored_rules(kb)) == older - 1


def test_a_changed_text_of_the_same_bytes_replaces_the_stored_one(kb):
    document, data = parse_file(MINI)
    document.rules[0].text = "What an older reader made of the first rule."
    store_document(kb.conn, document, name=NAME, source=str(MINI), data=data)
    assert kb.maintenance.import_file(MINI).status == "replaced"
    assert _stored_rules(kb)[0][1] == parse_file(MINI)[0].rules[0].text


def test_a_folder_takes_every_ending_the_readers_read(tmp_path: Path):
    for suffix in (".pot", ".po", ".txt", ".xml"):
        shutil.copy(MINI, tmp_path / f"rules{suffix}")
    (tmp_path / "notes.docx").write_bytes(b"not a rule text")
    found = {p.suffix for p in expand_sources([tmp_path]) if isinstance(p, Path)}
    assert found == {".pot", ".po", ".txt", ".xml"}
    assert {".pot", ".po", ".txt", ".pdf", ".json", ".html", ".md"} <= set(SUFFIXES)
