"""Faults of the machine end in messages, never tracebacks: repair on a full disk, reindex on a
read-only file system (here a folder and file nobody may write, run without root's overrides)."""

import errno
import os
import sqlite3

from kb.api import KnowledgeBase
from tests.unit.test_storage_faults import db, editions, invoke, mtgkb, read_only  # noqa: F401  (fixtures)


def test_repair_when_the_index_folder_has_no_space_says_so(db, editions, monkeypatch):  # noqa: F811
    kb = KnowledgeBase.open(db)
    kb.update_search_index()
    kb.close()
    import kb.search.index

    def no_space(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(kb.search.index, "update_index", no_space)
    monkeypatch.setattr(kb.search.index, "sync_index", no_space)
    editions[1].write_text(editions[1].read_text().replace("rule 6 of", "rule six of"), encoding="utf-8")
    assert invoke(db, "import", str(editions[1])).exit_code == 2  # stored; its index update failed
    result = invoke(db, "repair")
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert f"{db}.search: the disk is full (No space left on device)" in result.output


def test_reindex_on_a_read_only_database_says_so(read_only):  # noqa: F811
    restricted = os.geteuid() == 0
    result = mtgkb("--db", str(read_only), "reindex", user=restricted)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert "read-only" in result.stderr
    assert (
        sqlite3.connect(f"file:{read_only}?mode=ro", uri=True).execute("select count(*) from documents").fetchone()[0]
        == 2
    )
