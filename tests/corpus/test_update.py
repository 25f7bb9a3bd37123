"""`mtgkb update` against a rules page and CR files served on 127.0.0.1 by the test itself.

The page is a copy of the official rules page's links (PDF, TXT, DOCX of the current CR and an
unrelated PDF); the files are corpus files read in place. No other network is used.
"""

from __future__ import annotations

import json
import shutil
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli import cli
from tests.conftest import corpus_path

CURRENT = "MagicCompRules_20260807.txt"
STORED = "MagicCompRules_20260619.txt"

PAGE = """<!DOCTYPE html>
<html lang="en"><head><title>Rules | Magic: The Gathering</title></head>
<body>
<h2>Comprehensive Rules</h2>
<p>The Comprehensive Rules are effective as of August 7, 2026.</p>
<ul>
  <li><a href="{base}/2026/downloads/MagicCompRules%2020260807.pdf">PDF</a></li>
  <li><a href="/2026/downloads/MagicCompRules%2020260807.txt">TXT</a></li>
  <li><a href="{base}/2026/downloads/MagicCompRules%2020260807.docx">DOCX</a></li>
</ul>
<h2>Magic Tournament Rules</h2>
<a href="{base}/2026/downloads/MTG_MTR_2026_Jun23_EN.pdf">Download</a>
</body></html>
"""


class _Server:
    """An HTTP server on 127.0.0.1 (a free port) answering from a dict of path -> bytes."""

    def __init__(self):
        self.routes: dict[str, bytes] = {}
        routes = self.routes

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (http.server's name)
                body = routes.get(unquote(self.path))
                if body is None:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *_args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server():
    srv = _Server()
    srv.routes["/en/rules"] = PAGE.format(base=srv.base).encode()
    srv.routes["/2026/downloads/MagicCompRules 20260807.txt"] = corpus_path("en", "full", CURRENT).read_bytes()
    srv.routes["/older/MagicCompRules 20260417.txt"] = corpus_path(
        "en", "full", "MagicCompRules_20260417.txt"
    ).read_bytes()
    yield srv
    srv.close()


@pytest.fixture(scope="module")
def stored_db(tmp_path_factory):
    """A database holding the edition before the current one (2026-06-19)."""
    path = tmp_path_factory.mktemp("update") / "base.db"
    kb = KnowledgeBase.open(path)
    kb.import_file(corpus_path("en", "full", STORED))
    kb.close()
    return path


@pytest.fixture
def db(stored_db, tmp_path):
    path = tmp_path / "kb.db"
    shutil.copy(stored_db, path)
    return path


def run(db, *args):
    return CliRunner().invoke(cli, ["--db", str(db), "update", *args])


def editions(db) -> list[tuple[str, str]]:
    kb = KnowledgeBase.open(db)
    try:
        return [(d.name, d.edition) for d in kb.documents()]
    finally:
        kb.close()


def test_the_page_links_are_read_with_their_formats_and_dates():
    from kb.importers.official import current_text_link, rules_links

    base = "https://magic.wizards.com"
    links = rules_links(PAGE.format(base="https://media.wizards.com"), base + "/en/rules")
    assert [(link.format, link.date) for link in links] == [
        ("pdf", "2026-08-07"),
        ("txt", "2026-08-07"),
        ("docx", "2026-08-07"),
    ]
    # a relative link is resolved against the page
    assert (
        current_text_link(PAGE.format(base=""), base + "/en/rules").url
        == base + "/2026/downloads/MagicCompRules%2020260807.txt"
    )


def test_update_downloads_checks_imports_and_pairs_the_newer_edition(server, db):
    result = run(db, "--page", server.base + "/en/rules", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["status"] == "updated"
    assert (data["edition"], data["stored"], data["name"]) == ("2026-08-07", "2026-06-19", "MagicCompRules_20260807")
    assert data["rules"] == 3318 and data["glossary"] == 739
    assert data["url"] == server.base + "/2026/downloads/MagicCompRules%2020260807.txt"
    assert editions(db) == [("MagicCompRules_20260619", "2026-06-19"), ("MagicCompRules_20260807", "2026-08-07")]
    kb = KnowledgeBase.open(db)
    try:
        runs = kb.conn.execute("select old_name, new_name from pairing_runs").fetchall()
        assert runs == [("MagicCompRules_20260619", "MagicCompRules_20260807")]
        assert kb.rule("702.26b").edition == "2026-08-07"
    finally:
        kb.close()
    again = run(db, "--page", server.base + "/en/rules")
    assert again.exit_code == 0, again.output
    assert "Already current: August 7, 2026 is the newest stored edition" in again.output


def test_a_page_without_the_text_link_changes_nothing(server, db):
    server.routes["/en/rules"] = PAGE.format(base=server.base).replace(".txt", ".html").encode()
    result = run(db, "--page", server.base + "/en/rules")
    assert result.exit_code == 1
    assert "links no Comprehensive Rules TXT file (it offers: DOCX, PDF)" in result.output
    assert editions(db) == [("MagicCompRules_20260619", "2026-06-19")]


def test_offline_and_missing_files_exit_1_and_change_nothing(server, db):
    missing = run(db, "--url", server.base + "/2026/downloads/MagicCompRules%2020261002.txt")
    assert missing.exit_code == 1 and "HTTP 404" in missing.output
    server.close()
    offline = run(db, "--page", server.base + "/en/rules", "--json")
    assert offline.exit_code == 1
    error = json.loads(offline.output)
    assert error["kind"] == "SourceUnavailable" and "(offline?)" in error["error"]
    assert editions(db) == [("MagicCompRules_20260619", "2026-06-19")]


def test_an_older_file_is_reported_and_not_imported(server, db):
    result = run(db, "--url", server.base + "/older/MagicCompRules%2020260417.txt", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["status"], data["edition"], data["stored"]) == ("older", "2026-04-17", "2026-06-19")
    assert editions(db) == [("MagicCompRules_20260619", "2026-06-19")]


def test_bad_urls_and_bad_files_exit_2(server, db):
    assert run(db, "--url", "ftp://example.org/rules.txt").exit_code == 2
    not_rules = run(db, "--url", server.base + "/en/rules")
    assert not_rules.exit_code == 2 and "en/rules" in not_rules.output
    whole = corpus_path("en", "full", CURRENT).read_bytes()
    server.routes["/cut/MagicCompRules 20260807.txt"] = whole[: len(whole) // 2]
    cut = run(db, "--url", server.base + "/cut/MagicCompRules%2020260807.txt")
    assert cut.exit_code == 2, cut.output
    assert "looks truncated" in cut.output and "stored 2026-06-19 has 3309" in cut.output
    assert editions(db) == [("MagicCompRules_20260619", "2026-06-19")]
