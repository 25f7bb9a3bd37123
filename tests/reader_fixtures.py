"""The database the reader tests share: the seeds, the Japanese and a Chinese translation, and
the English editions they pair with (2010-07-16, 2023-11-17, 2026-01-16, 2026-04-17) plus
today's (2026-08-07); the renumbering chain stored, the bundled scenarios played and the
search index built. Built once per session."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from fastapi.testclient import TestClient

from kb.api import KnowledgeBase
from kb.http.app import create_app
from tests.conftest import SEED_DIR, corpus_path
from tests.shared_databases import shared_database

ENGLISH = ("20100716", "20231117", "20260116", "20260417", "20260807")


def build(path: Path) -> None:
    kb = KnowledgeBase.open(path)
    sources = [
        SEED_DIR / "000_a3c90cc092d5a721.txt",
        SEED_DIR / "001_b91ea460c0a74603.txt",
        corpus_path("ja", "CompRules_ja_20260116.0_lines.txt"),
        corpus_path("zh", "MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt"),
        *(corpus_path("en", "full", f"MagicCompRules_{date}.txt") for date in ENGLISH),
    ]
    kb.import_paths(sources, keep_going=False)
    kb.run_scenarios()
    kb.search("phasing")  # builds the index that the read-only server searches
    kb.close()


@pytest.fixture(scope="session")
def reader_db() -> Path:
    return shared_database("reader", build)


HTML = {"accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


@pytest.fixture(scope="module")
def client(reader_db):
    """The served reader over the shared database."""
    return TestClient(create_app(reader_db))


@pytest.fixture(scope="module")
def kb(reader_db):
    return KnowledgeBase.open(reader_db, readonly=True)


def page(client, url: str, status: int = 200, **headers) -> BeautifulSoup:
    """A page as a browser asks for it, parsed; its status and content type checked."""
    response = client.get(url, headers={**HTML, **headers})
    assert response.status_code == status, (url, response.text[:300])
    assert response.headers["content-type"].startswith("text/html")
    return BeautifulSoup(response.text, "html.parser")
