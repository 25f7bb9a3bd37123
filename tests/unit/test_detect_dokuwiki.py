"""DokuWiki is told by what most of a file is, not by one mention of a <BOOKMARK:...> tag (issue 42)."""

from __future__ import annotations

from kb.importers.registry import explain
from kb.importers.unwrap import container_of
from tests.conftest import ROOT

FORMS = ROOT / "tests" / "data" / "forms"


def _explained(path):
    detected, _candidates = explain(path.read_bytes(), str(path))
    return detected


def test_a_readme_that_mentions_a_bookmark_tag_is_not_dokuwiki_and_explain_says_why():
    detected = _explained(FORMS / "SOURCES.md")
    assert detected["container"] == "markdown"
    assert "not DokuWiki: 1 <BOOKMARK:...> tag(s), 0 of them before a rule number" in detected["why"]


def test_a_bilingual_dokuwiki_page_is_dokuwiki_by_its_tagged_rule_lines():
    detected = _explained(FORMS / "zh-en_dokuwiki_cr7_athenacykes.txt")
    assert detected["container"] == "dokuwiki"
    assert "61 of the 119 lines that number rules start with a <BOOKMARK:...> tag" in detected["why"]
    assert detected["format"] == "numbered"


def test_a_quote_of_two_tagged_lines_among_many_rule_lines_is_not_dokuwiki():
    rules = "\n".join(f"702.{n}. Rule {n} of a plain text." for n in range(1, 30))
    quoted = "<BOOKMARK:cr700-1>700.1. Anything that happens.\n<BOOKMARK:cr700-2>700.2. A modal spell.\n"
    kind, why = container_of(quoted + rules, "notes.txt")
    assert kind == "text"
    assert "2 of them before a rule number at a line start (of 31 lines that number rules)" in why
    kind, why = container_of(quoted + "700.1. 游戏中发生的任何事情。\n700.2. 模式。\n", "page.txt")
    assert kind == "dokuwiki"
