"""The database the backlog tests share: real corpus files, built once per session.

The English editions the translations were made from and are compared with
(2023-11-17, 2026-01-16, 2026-04-17, 2026-08-07), the Japanese translation of
2026-01-16 and both Chinese translations, with the renumbering chain of those editions.
Other test modules import ``backlog_db_path`` and open the file themselves; a test that
writes (a PO import) works on a copy.
"""

from __future__ import annotations

import shutil
from functools import lru_cache
from pathlib import Path

from kb.api import KnowledgeBase
from tests.conftest import corpus_path
from tests.shared_databases import shared_database

ENGLISH = ("20231117", "20260116", "20260417", "20260807")
JA = ("ja", "CompRules_ja_20260116.0_lines.txt")
ZH_OLD = ("zh", "MagicCompRules_20231117_zh-CN_HeliumOctahelide.txt")
ZH_NEW = ("zh", "MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt")


@lru_cache(maxsize=1)
def backlog_db_path() -> Path:
    return shared_database("backlog", _build)


def _build(path: Path) -> None:
    kb = KnowledgeBase.open(path)
    try:
        sources = [
            *(corpus_path("en", "full", f"MagicCompRules_{d}.txt") for d in ENGLISH),
            corpus_path(*JA),
            corpus_path(*ZH_OLD),
            corpus_path(*ZH_NEW),
        ]
        results = kb.import_paths(sources, keep_going=False)
        assert [r.status for r in results] == ["added"] * len(sources)
    finally:
        kb.close()


def copy_db(folder: Path) -> Path:
    """A private copy of the shared database, for tests that import into it."""
    target = folder / "backlog-copy.db"
    shutil.copyfile(backlog_db_path(), target)
    return target


def test_the_backlog_database_has_the_translations_and_the_chain():
    kb = KnowledgeBase.open(backlog_db_path())
    try:
        docs = {(d.lang, d.edition) for d in kb.documents()}
        assert {("ja", "2026-01-16"), ("zh", "2023-11-17"), ("zh", "2026-04-17"), ("en", "2026-08-07")} <= docs
        runs = kb.conn.execute("select count(*) from pairing_runs").fetchone()[0]
        assert runs == len(ENGLISH) - 1
    finally:
        kb.close()
