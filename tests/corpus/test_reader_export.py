"""mtgkb export html: the static site's files, links and anchors, the CLI's exit codes, and the
package data a wheel needs."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from importlib.resources import files
from pathlib import Path
from urllib.parse import unquote

import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli import cli
from kb.reader.export import choose_documents
from tests.conftest import ROOT
from tests.reader_fixtures import reader_db  # noqa: F401


@pytest.fixture(scope="module")
def site(reader_db, tmp_path_factory):
    folder = tmp_path_factory.mktemp("site")
    result = CliRunner().invoke(
        cli, ["--db", str(reader_db), "export", "html", str(folder), "--edition", "2026-01-16", "--json"]
    )
    assert result.exit_code == 0, result.output
    return folder, json.loads(result.output)


def test_one_edition_in_every_language_that_has_it(site):
    folder, report = site
    assert report["documents"] == ["MagicCompRules_20260116", "CompRules_ja_20260116.0_lines"]
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()) == sorted(report["files"])
    assert report["bytes"] == sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def test_the_index_links_every_exported_document_by_a_relative_path(site):
    folder, report = site
    index = BeautifulSoup((folder / "index.html").read_text(encoding="utf-8"), "html.parser")
    links = [a["href"] for a in index.select("ul.documents a:not(.glossary-index-link)")]
    assert sorted(links) == sorted(f"{name}.html" for name in report["documents"])
    glossaries = [a["href"] for a in index.select("ul.documents a.glossary-index-link")]
    assert sorted(glossaries) == sorted(f"{name}.glossary.html" for name in report["documents"])
    assert all((folder / unquote(link)).exists() for link in glossaries)
    assert all((folder / unquote(link)).exists() for link in links)
    assert index.find("link", rel="stylesheet")["href"] == "static/reader.css"
    # no server to search on: one form per language, to its page of Pagefind's index
    assert [form["action"] for form in index.select("form[role=search]")] == ["search-en.html", "search-ja.html"]
    assert report["search"]["languages"] == ["en", "ja"] and report["search"]["pages"] == 2
    assert (folder / "pagefind" / "pagefind-entry.json").stat().st_size > 0
    search = BeautifulSoup((folder / "search-ja.html").read_text(encoding="utf-8"), "html.parser")
    assert search.html["lang"] == "ja" and search.find("script", src="static/search.js") is not None
    assert f"python -m http.server -d {folder.resolve()}" in search.find(id="search-status")["data-serve"]


def test_document_pages_keep_anchors_and_links_within_the_page(site, reader_db):
    folder, _ = site
    kb = KnowledgeBase.open(reader_db, readonly=True)
    dom = BeautifulSoup((folder / "MagicCompRules_20260116.html").read_text(encoding="utf-8"), "html.parser")
    ids = {tag["id"] for tag in dom.find_all(id=True)}
    assert {"R" + r.number.replace(".", "") for r in kb.document_rules("MagicCompRules_20260116")} <= ids
    hrefs = [a["href"] for a in dom.find_all("a", href=True)]
    assert not [h for h in hrefs if h.startswith(("/", "http:", "https:"))]
    local = [h for h in hrefs if h.startswith("#")]
    assert len(local) > 3000 and all(h[1:] in ids for h in local)
    assert dom.find(id="R70226b").find("a", class_="number")["href"] == "#R70226b"
    assert dom.find(id="R70226b").find("a", class_="cite")["href"] == "#R5064"
    ja = BeautifulSoup((folder / "CompRules_ja_20260116.0_lines.html").read_text(encoding="utf-8"), "html.parser")
    assert ja.find("article")["lang"] == "ja" and ja.find(id="R70226b") is not None
    # each page in its document's language (Pagefind's index per language), its interface in the interface's
    assert (dom.html["lang"], ja.html["lang"], ja.find("header", class_="site")["lang"]) == ("en", "ja", "en")
    assert (
        ja.find("article").has_attr("data-pagefind-body")
        and ja.select_one("header.site form")["action"] == "search-ja.html"
    )


def test_the_glossary_index_links_within_the_export(site):
    folder, report = site
    dom = BeautifulSoup((folder / "MagicCompRules_20260116.glossary.html").read_text(encoding="utf-8"), "html.parser")
    hrefs = [a["href"] for a in dom.select("main a[href]")]
    assert hrefs and not [h for h in hrefs if h.startswith(("/", "http:", "https:"))]
    ids: dict[str, set[str]] = {}
    for href in hrefs:
        page, _sep, anchor = href.partition("#")
        page = unquote(page) or "MagicCompRules_20260116.glossary.html"
        if page not in ids:
            target = BeautifulSoup((folder / page).read_text(encoding="utf-8"), "html.parser")
            ids[page] = {tag["id"] for tag in target.find_all(id=True)}
        assert not anchor or anchor in ids[page], href
    phasing = next(
        li for li in dom.select("ul.glossary-index > li") if li.select_one("a.entry").get_text() == "Phasing"
    )
    assert phasing.select_one("ul.others a")["href"] == "CompRules_ja_20260116.0_lines.html#フェイジング"
    assert phasing.select_one("a.term-link") is None  # no term pages in the export


def test_side_by_side_in_the_export(reader_db, tmp_path):
    result = CliRunner().invoke(
        cli, ["--db", str(reader_db), "export", "html", str(tmp_path), "--edition", "2026-01-16", "--side", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert "CompRules_ja_20260116.0_lines.side.html" in json.loads(result.output)["files"]
    index = BeautifulSoup((tmp_path / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert [a["href"] for a in index.select("ul.side-pages a")] == ["CompRules_ja_20260116.0_lines.side.html"]
    dom = BeautifulSoup(
        (tmp_path / "CompRules_ja_20260116.0_lines.side.html").read_text(encoding="utf-8"), "html.parser"
    )
    cells = dom.select_one("tr#R70226a").find_all("td")
    assert [td["lang"] for td in cells] == ["ja", "en"]
    assert [td.select_one("a.number")["href"] for td in cells] == [
        "CompRules_ja_20260116.0_lines.html#R70226a",
        "MagicCompRules_20260116.html#R70226a",
    ]
    assert all(a["href"][1:] in {tr.get("id") for tr in dom.select("tbody tr")} for a in dom.select("nav.toc a"))


def test_without_an_edition_the_newest_document_of_each_language(reader_db):
    kb = KnowledgeBase.open(reader_db, readonly=True)
    assert [d.name for d in choose_documents(kb)] == [
        "000_a3c90cc092d5a721",
        "MagicCompRules_20260807",
        "CompRules_ja_20260116.0_lines",
        "MagicCompRules_20260417_zh-CN_HeliumOctahelide",
    ]
    assert [d.name for d in choose_documents(kb, ["de"], "2010-07-16")] == ["000_a3c90cc092d5a721"]


def test_text_output_and_exit_codes(reader_db, tmp_path):
    runner = CliRunner()
    done = runner.invoke(cli, ["--db", str(reader_db), "export", "html", str(tmp_path / "out"), "--lang", "de"])
    assert done.exit_code == 0
    assert "1 document written to" in done.output
    assert (tmp_path / "out" / "000_a3c90cc092d5a721.html").exists()
    missing = runner.invoke(
        cli, ["--db", str(reader_db), "export", "html", str(tmp_path / "x"), "--edition", "1990-01-01"]
    )
    assert missing.exit_code == 1 and "no edition '1990-01-01'" in missing.output
    language = runner.invoke(
        cli, ["--db", str(reader_db), "export", "html", str(tmp_path / "x"), "--lang", "xx", "--json"]
    )
    assert language.exit_code == 2 and json.loads(language.output)["suggestions"] == ["de", "en", "ja", "zh"]
    (tmp_path / "file").write_text("x")
    clash = runner.invoke(cli, ["--db", str(reader_db), "export", "html", str(tmp_path / "file")])
    assert clash.exit_code == 2


def test_templates_and_assets_are_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["kb.reader"]
    package = files("kb.reader")
    shipped = [f"templates/{p.name}" for p in (package / "templates").iterdir()] + [
        f"static/{p.name}" for p in (package / "static").iterdir()
    ]
    assert {"templates/rule.html", "templates/document.html", "static/reader.css", "static/reader.js"} <= set(shipped)
    assert all(any(Path(name).match(glob) for glob in globs) for name in shipped)
    assert any(dep.startswith("jinja2>=") for dep in config["project"]["dependencies"])


def test_the_command_line_does_not_import_jinja2():
    done = subprocess.run(
        [sys.executable, "-c", "import sys, kb.cli; print('jinja2' in sys.modules)"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert done.stdout.strip() == "False"


def test_the_newest_full_text_of_a_language_not_its_excerpt():
    from types import SimpleNamespace

    from kb.reader.export import best_per_language

    def doc(name, lang, edition, format, rules):
        return SimpleNamespace(name=name, lang=lang, edition=edition, format=format, rules=rules, inferred=None)

    held = [
        doc("CompRules_ja_20260116.0_lines", "ja", "2026-01-16", "cr-text", 3270),
        doc("mtgwiki-scripts_cr_7_excerpt_702.26_phasing_20260116.0", "ja", "2026-01-16", "wiki-article", 15),
        doc("CompRules_ja_20260116.0_dict", "ja", "2026-01-16", "glossary", 0),
        doc("000_a3c90cc092d5a721", "de", None, "wiki-article", 13),
    ]
    assert [d.name for d in best_per_language(held)] == ["CompRules_ja_20260116.0_lines", "000_a3c90cc092d5a721"]


def test_side_pages_beside_the_newest_english_or_a_loud_refusal(reader_db, tmp_path):
    runner = CliRunner()
    done = runner.invoke(
        cli,
        [
            "--db",
            str(reader_db),
            "export",
            "html",
            str(tmp_path / "all"),
            "--lang",
            "en",
            "--lang",
            "ja",
            "--lang",
            "de",
            "--side",
            "--json",
        ],
    )
    assert done.exit_code == 0, done.output
    files = json.loads(done.output)["files"]
    assert {"CompRules_ja_20260116.0_lines.side.html", "000_a3c90cc092d5a721.side.html"} <= set(files)
    german = BeautifulSoup(
        (tmp_path / "all" / "000_a3c90cc092d5a721.side.html").read_text(encoding="utf-8"), "html.parser"
    )
    cells = german.select_one("tr#R70223a").find_all("td")
    assert [td.select_one("a.number").get_text() for td in cells] == ["702.23a", "702.26a"]  # through the chain
    refused = runner.invoke(
        cli, ["--db", str(reader_db), "export", "html", str(tmp_path / "none"), "--lang", "ja", "--side"]
    )
    assert refused.exit_code == 2 and "--side" in refused.output and "--lang en" in refused.output
    assert not (tmp_path / "none" / "index.html").exists()


def test_the_documents_a_user_names(reader_db, tmp_path):
    named = ["MagicCompRules_20100716", "000_a3c90cc092d5a721"]
    done = CliRunner().invoke(
        cli,
        [
            "--db",
            str(reader_db),
            "export",
            "html",
            str(tmp_path),
            "--document",
            named[0],
            "--document",
            named[1],
            "--json",
        ],
    )
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["documents"] == named
    missing = CliRunner().invoke(cli, ["--db", str(reader_db), "export", "html", str(tmp_path), "--document", "nope"])
    assert missing.exit_code == 1 and "nope" in missing.output
