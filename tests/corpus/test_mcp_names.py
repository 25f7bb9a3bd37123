"""MCP's `rule` takes a rule's title in any language, and on the small database a first command builds
an older edition is a tool error that says what is held and what adds the rest (the server builds
nothing), never "none was in force"."""

from __future__ import annotations

import pytest

from kb.api import KnowledgeBase
from kb.mcp.server import build_server
from tests.corpus.test_mcp import call, data
from tests.shared_databases import small_database


@pytest.fixture(scope="module")
def server():
    built = build_server(KnowledgeBase.open(small_database(), readonly=True))
    yield built
    built.close()


def test_rule_by_its_title_in_any_language(server):
    for name, number in (("フェイジング", "702.26"), ("state-based actions", "704"), ("Phasing", "702.26")):
        assert data(server, "rule", number=name, subrules=False)["ruleNumber"] == number


def test_several_rules_are_a_tool_error_listing_them(server):
    result = call(server, "rule", number="exile")
    assert result.is_error and "406 Exile" in result.content[0].text and "701.13 Exile" in result.content[0].text


def test_an_edition_not_held_yet_says_how_to_get_it(server):
    result = call(server, "rule", number="702.26a", edition="2025-06-01")
    text = result.content[0].text
    assert result.is_error and "'mtgkb build' adds every edition since 1999" in text
    assert "none was in force" not in text
