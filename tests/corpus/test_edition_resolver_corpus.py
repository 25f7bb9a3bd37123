"""One resolver on the real editions: each command, route and tool that takes an edition, asked for
"newest", a date between two editions, a document name and a date before the first edition,
answers from the same document, or with the same error (tests/unit/test_edition_resolver.py asks
the same of two small editions; here the corpus's 135 editions and their variants decide).

The date between: 2024-01-01, when the CR of 2023-11-17 was in force (the next is of 2024-02-06);
of that date the official file comes before the reformatted variant. The document name is that
variant's, which only its name reaches. Before the first: 1998-01-01 (the first is of 1999-04-23).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from mcp import Client

from kb.api import KnowledgeBase
from kb.cli import cli
from kb.http.app import create_app
from kb.mcp.server import build_server
from tests.history_fixtures import history_db_path

NEWEST = "MagicCompRules_20260807"
IN_FORCE = "MagicCompRules_20231117"
VARIANT = "MagicCompRules_20231117_cleaned_HeliumOctahelide"
ASKED = {"newest": NEWEST, "2024-01-01": IN_FORCE, VARIANT: VARIANT, "1998-01-01": None}
BEFORE_THE_FIRST = "none was in force then: the first is of 1999-04-23"
# trace follows the renumbering chain, which holds the official editions only (kb/history/chain.py): a
# variant's name is read as its edition, and the trace names the official file it started from.
TRACED = {VARIANT: IN_FORCE}


@pytest.fixture(scope="module")
def db() -> Path:
    return history_db_path()


def cli_json(db: Path, *args: str):
    result = CliRunner().invoke(cli, ["--db", str(db), *args, "--json"])
    if result.exit_code != 0:
        return ("error", result.exit_code, json.loads(result.stdout)["error"])
    return json.loads(result.stdout)


def answer(found, pick):
    return found if isinstance(found, tuple) else pick(found)


def versions(results: dict) -> set[str]:
    return {v["document"] for hit in results["results"] for v in hit["versions"]}


def test_every_command_resolves_a_real_edition_alike(db):
    for edition, expected in ASKED.items():
        answers = {
            "show": answer(cli_json(db, "show", "702.26b", "--edition", edition), lambda r: r["document"]),
            "refs": answer(cli_json(db, "refs", "702.26b", "--edition", edition), lambda r: r["document"]),
            "refs --broken": answer(
                cli_json(db, "refs", "--broken", "--edition", edition, "--lang", "en"),
                lambda refs: {r["document"] for r in refs} <= {expected},
            ),
            "glossary": answer(
                cli_json(db, "glossary", "Phasing", "--edition", edition, "--lang", "en"),
                lambda r: r["entries"][0]["document"],
            ),
            "search": answer(cli_json(db, "search", "phased out", "--edition", edition, "--lang", "en"), versions),
            "trace": answer(cli_json(db, "trace", "702.26", "--edition", edition), lambda r: r["document"]),
            "diff": answer(cli_json(db, "diff", edition, "newest"), lambda r: r["old"]["document"]),
            "crosscheck": answer(
                cli_json(db, "crosscheck", f"en@{edition}:702.26b", "en@newest:702.26b"),
                lambda r: r["a"]["document"],
            ),
        }
        if expected is None:
            for command, found in answers.items():
                assert found[:2] == ("error", 1) and BEFORE_THE_FIRST in found[2], (edition, command, found)
            continue
        assert answers == {
            "show": expected,
            "refs": expected,
            "refs --broken": True,
            "glossary": expected,
            "search": {expected},
            "trace": TRACED.get(edition, expected),
            "diff": expected,
            "crosscheck": expected,
        }, edition


def test_every_route_resolves_a_real_edition_alike(db):
    client = TestClient(create_app(db))
    for edition, expected in ASKED.items():
        responses = {
            "/rules": client.get("/rules/702.26b", params={"edition": edition}),
            "/glossary": client.get("/glossary/Phasing", params={"edition": edition, "lang": "en"}),
            "/search": client.get("/search", params={"q": "phased out", "edition": edition, "lang": "en"}),
            "/cite": client.post("/cite", json={"text": "rule 702.26b", "edition": edition}),
            "/trace": client.get("/trace/702.26", params={"edition": edition}),
        }
        if expected is None:
            for route, response in responses.items():
                assert response.status_code == 404 and BEFORE_THE_FIRST in response.json()["error"], (edition, route)
            continue
        assert {route: r.status_code for route, r in responses.items()} == dict.fromkeys(responses, 200), edition
        assert responses["/rules"].json()["document"] == expected
        assert responses["/glossary"].json()["entries"][0]["document"] == expected
        assert versions(responses["/search"].json()) == {expected}
        (citation,) = responses["/cite"].json()
        assert citation["rules"][0]["document"] == expected
        assert responses["/trace"].json()["document"] == TRACED.get(edition, expected)


def test_every_tool_resolves_a_real_edition_alike(db):
    server = build_server(KnowledgeBase.open(db, readonly=True))

    async def ask(edition: str) -> dict:
        async with Client(server) as client:
            return {
                "rule": await client.call_tool("rule", {"number": "702.26b", "edition": edition}),
                "glossary": await client.call_tool("glossary", {"term": "Phasing", "edition": edition, "lang": "en"}),
                "search": await client.call_tool("search", {"query": "phased out", "edition": edition, "lang": "en"}),
                "trace": await client.call_tool("trace", {"number": "702.26", "edition": edition}),
                "diff": await client.call_tool("diff", {"old": edition, "new": "newest"}),
            }

    try:
        for edition, expected in ASKED.items():
            results = asyncio.run(ask(edition))
            if expected is None:
                for tool, result in results.items():
                    assert result.is_error and BEFORE_THE_FIRST in result.content[0].text, (edition, tool)
                continue
            assert not [tool for tool, result in results.items() if result.is_error], edition
            found = {tool: result.structured_content for tool, result in results.items()}
            assert found["rule"]["document"] == expected
            assert found["glossary"]["entries"][0]["document"] == expected
            assert versions(found["search"]) == {expected}
            assert found["trace"]["document"] == TRACED.get(edition, expected)
            assert found["diff"]["old"]["document"] == expected
    finally:
        server.close()
