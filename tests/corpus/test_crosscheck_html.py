"""The HTML reports as a browser shows them: headless Chromium renders the page, we read its DOM
and a screenshot. Chromium (Debian: chromium, chromium-driver) is required: without it this fails."""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from kb.crosscheck import crosscheck, crosscheck_document
from kb.crosscheck.render_html import render_document_html, render_rule_html
from tests.corpus.test_crosscheck_db import xdb  # noqa: F401

OPTIONS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WINDOW = (1400, 1800)


def chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary is None:
        pytest.fail(
            "Chromium is not installed: the HTML report tests need it "
            "(Debian: apt-get install -y chromium chromium-driver)",
            pytrace=False,
        )
    profile = tmp_path / f"profile-{len(list(tmp_path.glob('profile-*')))}"
    profile.mkdir()
    return subprocess.run(
        [binary, *OPTIONS, f"--user-data-dir={profile}", *args], capture_output=True, text=True, timeout=180, check=True
    )


def rendered(tmp_path: Path, html: str, name: str) -> tuple[BeautifulSoup, Path]:
    """The DOM Chromium built from the page, and a screenshot of its first screen."""
    page = tmp_path / f"{name}.html"
    page.write_text(html, encoding="utf-8")
    dom = chromium(tmp_path, "--dump-dom", page.as_uri()).stdout
    shot = tmp_path / f"{name}.png"
    chromium(tmp_path, f"--screenshot={shot}", f"--window-size={WINDOW[0]},{WINDOW[1]}", page.as_uri())
    return BeautifulSoup(dom, "html.parser"), shot


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_rule_report_in_a_browser(xdb, tmp_path):
    report = crosscheck(xdb.conn, "de:702.23", "ja@2023-11-17:702.26")
    dom, shot = rendered(tmp_path, render_rule_html(report), "rule")
    rows = dom.select("table.crosscheck tbody tr.row")
    assert len(rows) == len(report.rows) == 16
    assert len(dom.select("tr.row.flagged")) == sum(1 for r in report.rows if r.flags)
    removed = dom.find("a", id="a-R70223j").find_parent("tr")
    assert removed["data-flags"] == "citations one-side"
    assert removed.select("td.b.missing-cell") and removed.select("li.k-one-side")
    # side by side: German, English 2010, English 2023, Japanese
    cells = dom.find("a", id="a-R70223b").find_parent("tr").find_all("td")
    assert [c.get("lang") for c in cells[:4]] == ["de", "en", "en", "ja"]
    assert "removed from combat" in cells[2].find("ins").get_text()
    # rule numbers are links: cited 506.4 in the Japanese text goes to its edition's page in the reader
    assert any(a["href"] == "/rules/506.4?lang=ja&edition=2023-11-17" for a in cells[3].find_all("a"))
    assert dom.select_one(".legend .k-rules-change").get_text() == "the rules changed between the editions: 4"
    assert png_size(shot) == WINDOW
    assert shot.stat().st_size > 100_000  # text and colour, not an empty page


def test_document_report_in_a_browser(xdb, tmp_path):
    report = crosscheck_document(xdb.conn, "ja@2026-01-16")
    dom, shot = rendered(tmp_path, render_document_html(report), "document")
    findings = dom.select("tr.finding")
    assert len(findings) == len(report.findings)
    assert [tr["data-kind"] for tr in findings[:4]] == ["missing", "extra", "duplicate", "subrules"]
    assert dom.find("tr", id="missing-R6105") is not None
    assert dom.find("tr", id="extra-R80510g") is not None
    assert png_size(shot) == WINDOW and shot.stat().st_size > 100_000


def test_rule_links_point_to_the_cited_edition_in_the_reader(xdb, monkeypatch):
    """Not today's rules on another site: the reader's page of the edition the citing text belongs to."""
    monkeypatch.delenv("MTGKB_RULE_LINKS", raising=False)
    report = crosscheck(xdb.conn, "de:702.23", "ja@2023-11-17:702.26")
    dom = BeautifulSoup(render_rule_html(report), "html.parser")
    japanese = dom.find("a", id="a-R70223b").find_parent("tr").find_all("td")[3]
    assert "/rules/506.4?lang=ja&edition=2023-11-17" in [a["href"] for a in japanese.find_all("a")]
    german = dom.find("a", id="a-R70223j").find_parent("tr").find_all("td")[0]
    assert "/rules/704.5d?lang=de&edition=2010-07-16" in [a["href"] for a in german.find_all("a")]  # inferred
    static = BeautifulSoup(render_rule_html(report, "static"), "html.parser")
    hrefs = [a["href"] for a in static.find("a", id="a-R70223b").find_parent("tr").find_all("td")[3].find_all("a")]
    assert "/documents/001_b91ea460c0a74603.html#R5064" in hrefs
    yawgatog = BeautifulSoup(render_rule_html(report, "yawgatog"), "html.parser")  # --links yawgatog
    hrefs = [a["href"] for a in yawgatog.find("a", id="a-R70223b").find_parent("tr").find_all("td")[3].find_all("a")]
    assert "https://yawgatog.com/resources/magic-rules/#R5064" in hrefs  # today's rules, Yawgatog's anchor
    monkeypatch.setenv("MTGKB_RULE_LINKS", "https://example.org/{lang}/{edition}/{anchor}")
    custom = BeautifulSoup(render_rule_html(report), "html.parser")
    assert any(a["href"] == "https://example.org/ja/2023-11-17/R5064" for a in custom.find_all("a"))
    document = BeautifulSoup(
        render_document_html(crosscheck_document(xdb.conn, "ja@2026-01-16"), "reader"), "html.parser"
    )
    row = document.find("tr", id="citations-R1218")
    links = [a["href"] for a in row.find_all("a")]
    assert "/rules/121.8?lang=ja&edition=2026-01-16" in links and "/rules/732?lang=en&edition=2026-01-16" in links


def test_a_bad_link_template_is_bad_input(xdb, tmp_path):
    from click.testing import CliRunner

    from kb.cli import cli

    result = CliRunner().invoke(
        cli,
        [
            "--db",
            str(xdb.path),
            "crosscheck",
            "de:702.23",
            "ja:702.26",
            "--html",
            str(tmp_path / "r.html"),
            "--links",
            "/x/{nonsense}",
        ],
    )
    assert result.exit_code == 2 and "link template" in result.output


def test_a_report_is_one_file_without_scripts_or_external_resources(xdb):
    """docs/crosscheck.md: "one file, no scripts, no external resources" (links to rules are links, not
    resources the page loads)."""
    for html in (
        render_rule_html(crosscheck(xdb.conn, "de:702.23", "ja@2023-11-17:702.26"), "yawgatog"),
        render_document_html(crosscheck_document(xdb.conn, "ja@2026-01-16")),
    ):
        dom = BeautifulSoup(html, "html.parser")
        assert dom.find_all("script") == [] and not re.search(r"\son[a-z]+=", html)  # no script, no handler
        assert dom.find_all(["link", "img", "iframe", "object", "embed", "audio", "video", "source"]) == []
        assert [tag.name for tag in dom.find_all(src=True)] == []
        styles = " ".join(style.get_text() for style in dom.find_all("style"))
        assert styles and "@import" not in styles and "url(" not in styles
