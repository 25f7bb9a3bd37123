"""``GET /file/cr`` (kb.http.files, KnowledgeBase.published_file): a translation's own file byte for byte with
its charset, and a file changed or gone since its import refused with a message naming it (404, never a 5xx)."""

from __future__ import annotations

import shutil

from fastapi.testclient import TestClient

from kb.api import KnowledgeBase
from kb.http.app import create_app
from tests.conftest import SEED_DIR, corpus_path

GERMAN = "000_a3c90cc092d5a721.txt"  # the German wiki page: 702.23 of an old edition


def test_a_translations_own_file_then_changed_then_gone(tmp_path):
    source = tmp_path / GERMAN
    shutil.copy(SEED_DIR / GERMAN, source)
    kb = KnowledgeBase.open(tmp_path / "files.db")
    kb.import_file(source)
    assert kb.published_file(kb.resolve(None, lang="de")["name"]) == (source.read_bytes(), "utf-8")
    kb.close()
    with TestClient(create_app(tmp_path / "files.db")) as client:
        answer = client.get("/file/cr", params={"lang": "de"}, headers={"Accept-Encoding": "identity"})
        assert answer.status_code == 200 and answer.content == source.read_bytes()
        assert answer.headers["content-type"] == "text/plain; charset=utf-8" and answer.headers["etag"]
        again = client.get("/file/cr", params={"lang": "de"}, headers={"If-None-Match": answer.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
        packed = client.get("/file/cr", params={"lang": "de"}, headers={"Accept-Encoding": "gzip"})
        assert packed.headers["content-encoding"] == "gzip" and packed.content == source.read_bytes()  # unpacked
    source.write_bytes(source.read_bytes() + b"\n")  # changed since the import
    with TestClient(create_app(tmp_path / "files.db")) as client:
        changed = client.get("/file/cr", params={"lang": "de"})
        body = changed.json()
        assert changed.status_code == 404 and body["kind"] == "SourceFileGone" and str(source) in body["detail"]
    source.unlink()
    with TestClient(create_app(tmp_path / "files.db")) as client:
        gone = client.get("/file/cr", params={"lang": "de"})
        assert gone.status_code == 404 and "import it again" in gone.json()["detail"]


def test_a_windows_1252_edition_with_its_charset(tmp_path):
    """The CR of 2003-10-01 was published in Windows-1252 with CRLF line ends: sent as it is, so named."""
    published = corpus_path("en", "full", "MagicCompRules_20031001.txt")
    kb = KnowledgeBase.open(tmp_path / "old.db")
    kb.import_file(published)
    kb.close()
    with TestClient(create_app(tmp_path / "old.db")) as client:
        answer = client.get("/file/cr/2003-10-01")
        assert answer.status_code == 200 and answer.content == published.read_bytes()
        assert answer.headers["content-type"] == "text/plain; charset=windows-1252" and b"\r\n" in answer.content
