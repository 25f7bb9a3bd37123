"""What docs/crosscheck.md promises of the command itself, each through `mtgkb crosscheck` as a user runs
it (tests/corpus/test_crosscheck_html.py checks the renderers): `--links yawgatog` links the rule
numbers of the file it writes to Yawgatog's anchors, that file is one file with no scripts and no
external resources, and `--document … --all` prints every finding where the default prints 20 of a
class and says how many more there are."""

from __future__ import annotations

import json
import re
from pathlib import Path

from bs4 import BeautifulSoup
from click.testing import CliRunner

from kb.cli import cli
from tests.corpus.test_crosscheck_db import xdb  # noqa: F401

SIDES = ("de:702.23", "ja@2023-11-17:702.26")


def run(db: Path, *args: str):
    result = CliRunner().invoke(cli, ["--db", str(db), *args])
    assert result.exit_code == 0, result.output
    return result


def written(xdb, tmp_path: Path, *links: str) -> BeautifulSoup:  # noqa: F811
    page = tmp_path / f"report{len(list(tmp_path.iterdir()))}.html"
    run(xdb.path, "crosscheck", *SIDES, "--html", str(page), *links)
    return BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")


def japanese_links(dom: BeautifulSoup) -> list[str]:
    """The links of the Japanese cell of the row of 702.23b (its text cites rule 506.4)."""
    return [a["href"] for a in dom.find("a", id="a-R70223b").find_parent("tr").find_all("td")[3].find_all("a")]


def test_links_yawgatog_in_the_file_the_command_writes(xdb, tmp_path, monkeypatch):  # noqa: F811
    monkeypatch.delenv("MTGKB_RULE_LINKS", raising=False)
    assert "https://yawgatog.com/resources/magic-rules/#R5064" in japanese_links(
        written(xdb, tmp_path, "--links", "yawgatog")
    )
    default = japanese_links(written(xdb, tmp_path))
    assert "/rules/506.4?lang=ja&edition=2023-11-17" in default  # the reader's page, not Yawgatog's
    assert not [href for href in default if "yawgatog" in href]


def test_the_written_file_has_no_scripts_and_loads_nothing(xdb, tmp_path):  # noqa: F811
    for links in ((), ("--links", "yawgatog")):
        dom = written(xdb, tmp_path, *links)
        html = str(dom)
        assert dom.find_all("script") == [] and not re.search(r"\son[a-z]+=", html)
        assert dom.find_all(["link", "img", "iframe", "object", "embed", "audio", "video", "source"]) == []
        assert [tag.name for tag in dom.find_all(src=True)] == []
        styles = " ".join(style.get_text() for style in dom.find_all("style"))
        assert styles and "@import" not in styles and "url(" not in styles


def flat(text: str) -> str:
    return " ".join(text.split())


def test_document_all_prints_every_finding(xdb):  # noqa: F811
    """The Japanese translation has 33 citation findings (tests/corpus/test_crosscheck_document.py):
    20 are printed and "… 13 more" said by default, every one with --all."""
    args = ("crosscheck", "--document", "ja@2026-01-16", "--kind", "citations")
    findings = json.loads(run(xdb.path, *args, "--json").output)["findings"]
    messages = [flat(f["message"]) for f in findings if f["kind"] == "citations"]
    assert len(messages) == 33 and len(set(messages)) == 33
    default = flat(run(xdb.path, *args).output)
    every = flat(run(xdb.path, *args, "--all").output)
    assert sum(message in default for message in messages) == 20
    assert "… 13 more (--all or --json for every finding)" in default
    assert all(message in every for message in messages)
    assert "more (--all" not in every
