"""The database the term and cross-check tests share: real corpus files, built once per session.

Seeds (German 702.23, Japanese 702.26 of 2023-11-17), the English editions they and the
full translations belong to (2010-07-16, 2023-11-17, 2026-01-16, 2026-04-17), the
Japanese and both Chinese translations, the English–Chinese glossary and the Japanese
keyword list; the renumbering chain of those English editions is stored.
Other test modules import ``xdb``; the database is built once per test run.
"""

from __future__ import annotations

import pytest

from kb import store
from kb.api import KnowledgeBase
from kb.importers import dokuwiki_glossary
from kb.importers.registry import parse_file
from tests.conftest import SEED_DIR, corpus_path
from tests.shared_databases import shared_database

# 2025-02-07 and 2025-06-06 lie between: the chain then knows the numbers the Japanese text of 2026-01-16
# still cites (731 for today's 732, "Handling Illegal Actions").
ENGLISH = ("20100716", "20231117", "20250207", "20250606", "20260116", "20260417")
GLOSSARY = ("mapping", "glossary_en-zh_dokuwiki_HeliumOctahelide_20260417.txt")
KEYWORDS = ("mapping", "ja-en_keywords_701-702_toc_CR-ja-20260116.0_mtgwiki-markup.txt")


def build(path) -> None:
    """Import everything into ``path``."""
    kb = KnowledgeBase.open(path)
    sources = [
        SEED_DIR / "000_a3c90cc092d5a721.txt",
        SEED_DIR / "001_b91ea460c0a74603.txt",
        corpus_path("ja", "CompRules_ja_20260116.0_lines.txt"),
        corpus_path("zh", "MagicCompRules_20231117_zh-CN_HeliumOctahelide.txt"),
        corpus_path("zh", "MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt"),
        *(corpus_path("en", "full", f"MagicCompRules_{date}.txt") for date in ENGLISH),
    ]
    for path in sources:
        kb.import_file(path)
    glossary = corpus_path(*GLOSSARY)
    data = glossary.read_bytes()
    store.store_document(
        kb.conn, dokuwiki_glossary.parse(data, str(glossary)), name=glossary.stem, source=str(glossary), data=data
    )
    keywords = corpus_path(*KEYWORDS)
    document, data = parse_file(keywords, format="mediawiki")
    store.store_document(kb.conn, document, name=keywords.stem, source=str(keywords), data=data)
    from kb.history import update_chain

    update_chain(kb.conn)
    kb.close()


@pytest.fixture(scope="session")
def xdb():
    kb = KnowledgeBase.open(shared_database("crosscheck", build))
    yield kb
    kb.close()


def test_the_shared_database_has_every_source_and_the_chain(xdb):
    names = {d.name for d in xdb.documents()}
    assert {
        "000_a3c90cc092d5a721",
        "CompRules_ja_20260116.0_lines",
        "MagicCompRules_20100716",
        "glossary_en-zh_dokuwiki_HeliumOctahelide_20260417",
    } <= names
    runs = xdb.conn.execute("select count(*) from pairing_runs").fetchone()[0]
    assert runs == len(ENGLISH) - 1
