"""One corpus database with the renumbering chain for all history tests, built once per session.

A test module declares its fixture over it:

    @pytest.fixture(scope="module")
    def history_db():
        yield from open_history_db()

The build is cached here, so every module shares one database file (about 30 s to import
the corpus, 20 s to pair the chain).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from kb.api import KnowledgeBase
from kb.history import update_chain
from tests.conftest import SEED_DIR, corpus_path
from tests.shared_databases import shared_database

SEEDS = ("000_a3c90cc092d5a721.txt", "001_b91ea460c0a74603.txt", "004_87f96431dc6e8d24.txt")


@lru_cache(maxsize=1)
def history_db_path() -> Path:
    """Every English edition and variant, the Chinese and Japanese translations and the seeds, with the chain."""
    return shared_database("history", _build)


def _build(path: Path) -> None:
    kb = KnowledgeBase.open(path)
    try:
        results = kb.import_paths(
            [
                corpus_path("en", "full"),
                corpus_path("en", "variants"),
                corpus_path("zh"),
                corpus_path("ja", "CompRules_ja_20260116.0_lines.txt"),
                *(SEED_DIR / s for s in SEEDS),
            ],
            keep_going=False,
        )
        assert all(r.status == "added" for r in results)
        update_chain(kb)  # already done by the import; a call with nothing stale is cheap
    finally:
        kb.close()


def open_history_db():
    """The shared database as a KnowledgeBase, closed when the generator finishes."""
    kb = KnowledgeBase.open(history_db_path())
    yield kb
    kb.close()
