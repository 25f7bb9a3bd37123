"""One resolver for every edition argument (kb/store/documents.py): each command, HTTP route and MCP
tool that takes an edition is asked for "newest", a date between two editions, a document name and a
date before the first edition, and every one answers from the same document (or with the same error):
show, refs, refs --broken, glossary, cite, search, export, trace, diff, renumbered and crosscheck (of
two rules and of a document); the routes /rules, /glossary, /search, /cite, /trace and Academy Ruins'
/cr/{id} and /file/cr/{edition}; the tools rule, glossary, search, cite, trace, diff and crosscheck.

Two small English editions: 2026-05-01 and 2026-08-07, each with one citation of a rule it does not
hold, so that `refs --broken` tells them apart too."""

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
from tests.conftest import MINI

MAY, AUGUST = "MiniRules_20260501", "MiniRules_20260807"
# edition argument -> the document that answers (None: an error naming the first edition)
ASKED = {"newest": AUGUST, "2026-06-15": MAY, MAY: MAY, "2020-01-01": None}
BEFORE_THE_FIRST = "none was in force then: the first is of 2026-05-01"
EDITION_OF = {MAY: "2026-05-01", AUGUST: "2026-08-07"}
EFFECTIVE = {MAY: "May 1, 2026", AUGUST: "August 7, 2026"}  # as each file states it


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("resolver")
    text = (MINI / "MiniRules_20260807.txt").read_text(encoding="utf-8")
    may = text.replace("effective as of August 7, 2026", "effective as of May 1, 2026").replace(
        "General rule 2 of this small test document.", "General rule 2 of this small test document. See rule 100.99."
    )
    august = text.replace(
        "General rule 3 of this small test document.", "General rule 3 of this small test document. See rule 100.98."
    )
    (folder / f"{MAY}.txt").write_text(may, encoding="utf-8")
    (folder / f"{AUGUST}.txt").write_text(august, encoding="utf-8")
    path = folder / "kb.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths([folder / f"{MAY}.txt", folder / f"{AUGUST}.txt"])
    kb.reindex()
    kb.close()
    return path


def cited(citations: list[dict]) -> str:
    """The document the one cited number was resolved in."""
    (one,) = citations
    return one["rules"][0]["document"]


def cli_json(db: Path, *args: str):
    result = CliRunner().invoke(cli, ["--db", str(db), *args, "--json"])
    if result.exit_code != 0:
        return ("error", result.exit_code, json.loads(result.stdout)["error"])
    return json.loads(result.stdout)


def cli_answers(db: Path, edition: str, tmp_path: Path) -> dict:
    """The document each command answers from (or its error)."""

    def document(found, pick):
        return found if isinstance(found, tuple) else pick(found)

    exported = CliRunner().invoke(
        cli, ["--db", str(db), "export", "html", str(tmp_path / "site"), "--edition", edition, "--no-search", "--json"]
    )
    return {
        "show": document(cli_json(db, "show", "100.1", "--edition", edition), lambda r: r["document"]),
        "refs": document(cli_json(db, "refs", "100.1a", "--edition", edition), lambda r: r["document"]),
        "refs --broken": document(
            cli_json(db, "refs", "--broken", "--edition", edition), lambda refs: {r["document"] for r in refs}
        ),
        "glossary": document(
            cli_json(db, "glossary", "Phasing", "--edition", edition), lambda r: r["entries"][0]["document"]
        ),
        "cite": document(cli_json(db, "cite", "rule 100.2", "--edition", edition), cited),
        "search": document(
            cli_json(db, "search", "phasing", "--edition", edition),
            lambda r: {v["document"] for hit in r["results"] for v in hit["versions"]},
        ),
        "export html": (
            json.loads(exported.stdout)["documents"]
            if exported.exit_code == 0
            else ("error", exported.exit_code, json.loads(exported.stdout)["error"])
        ),
        "trace": document(cli_json(db, "trace", "100.1", "--edition", edition), lambda r: r["document"]),
        "diff": document(cli_json(db, "diff", edition, "newest"), lambda r: r["old"]["document"]),
        "renumbered": document(cli_json(db, "renumbered", edition, "newest"), lambda r: r["old"]["document"]),
        "crosscheck": document(
            cli_json(db, "crosscheck", f"en@{edition}:100.1", "en@newest:100.1"), lambda r: r["a"]["document"]
        ),
        "crosscheck --document": itself(cli_json(db, "crosscheck", "--document", f"en@{edition}")),
    }


def itself(answer):
    """`crosscheck --document` of an English text is refused, naming the document it resolved to: that
    name is the answer compared (the refusal is kb.core.errors.SameDocument, exit 2)."""
    if isinstance(answer, tuple) and answer[1] == 2 and "would be checked against itself" in answer[2]:
        return answer[2].split(" (en) ")[0]
    return answer


def test_every_command_resolves_an_edition_alike(db, tmp_path):
    for edition, expected in ASKED.items():
        answers = cli_answers(db, edition, tmp_path / edition)
        if expected is None:
            for command, answer in answers.items():
                assert answer[:2] == ("error", 1) and BEFORE_THE_FIRST in answer[2], (edition, command, answer)
            continue
        assert answers == {
            "show": expected,
            "refs": expected,
            "refs --broken": {expected},
            "glossary": expected,
            "cite": expected,
            "search": {expected},
            "export html": [expected],
            "trace": expected,
            "diff": expected,
            "renumbered": expected,
            "crosscheck": expected,
            "crosscheck --document": expected,
        }, edition


def test_every_route_resolves_an_edition_alike(db):
    client = TestClient(create_app(db))
    for edition, expected in ASKED.items():
        responses = {
            "/rules": client.get("/rules/100.1", params={"edition": edition}),
            "/glossary": client.get("/glossary/Phasing", params={"edition": edition}),
            "/search": client.get("/search", params={"q": "phasing", "edition": edition}),
            "/cite": client.post("/cite", json={"text": "rule 100.2", "edition": edition}),
            "/trace": client.get("/trace/100.1", params={"edition": edition}),
            "/cr/{id}": client.get("/cr/100.1", params={"edition": edition}),
            "/file/cr/{edition}": client.get(f"/file/cr/{edition}"),
        }
        if expected is None:
            for route, response in responses.items():
                assert response.status_code == 404 and BEFORE_THE_FIRST in response.json()["error"], (edition, route)
            continue
        assert {route: r.status_code for route, r in responses.items()} == dict.fromkeys(responses, 200), edition
        assert responses["/rules"].json()["document"] == expected
        assert responses["/glossary"].json()["entries"][0]["document"] == expected
        found = responses["/search"].json()["results"]
        assert {v["document"] for hit in found for v in hit["versions"]} == {expected}
        assert cited(responses["/cite"].json()) == expected
        assert responses["/trace"].json()["document"] == expected
        # Academy Ruins' shapes name no document: the edition, and the text's own effective date
        assert responses["/cr/{id}"].json()["edition"] == EDITION_OF[expected]
        assert f"effective as of {EFFECTIVE[expected]}" in responses["/file/cr/{edition}"].text


def test_every_tool_resolves_an_edition_alike(db):
    server = build_server(KnowledgeBase.open(db, readonly=True))

    async def ask(edition: str) -> dict:
        async with Client(server) as client:
            return {
                "rule": await client.call_tool("rule", {"number": "100.1", "edition": edition}),
                "glossary": await client.call_tool("glossary", {"term": "Phasing", "edition": edition}),
                "search": await client.call_tool("search", {"query": "phasing", "edition": edition}),
                "cite": await client.call_tool("cite", {"text": "rule 100.2", "edition": edition}),
                "trace": await client.call_tool("trace", {"number": "100.1", "edition": edition}),
                "diff": await client.call_tool("diff", {"old": edition, "new": "newest"}),
                "crosscheck": await client.call_tool("crosscheck", {"a": f"en@{edition}:100.1", "b": "en:100.1"}),
            }

    try:
        for edition, expected in ASKED.items():
            results = asyncio.run(ask(edition))
            if expected is None:
                for tool, result in results.items():
                    assert result.is_error and BEFORE_THE_FIRST in result.content[0].text, (edition, tool)
                continue
            assert not any(result.is_error for result in results.values()), edition
            answers = {tool: result.structured_content for tool, result in results.items()}
            assert answers["rule"]["document"] == expected
            assert answers["glossary"]["entries"][0]["document"] == expected
            assert {v["document"] for hit in answers["search"]["results"] for v in hit["versions"]} == {expected}
            assert cited(answers["cite"]["citations"]) == expected
            assert answers["trace"]["document"] == expected
            assert answers["diff"]["old"]["document"] == expected
            assert answers["crosscheck"]["a"]["document"] == expected
    finally:
        server.close()


def test_a_date_names_one_document_per_language_where_several_languages_are_read():
    """search, refs --broken and export read the documents of every language that an edition names:
    one per language, the one `show` answers from, for a date as for "newest". The reformatted
    variant and the excerpt of a date stayed in before, so a search of 2023-11-17 showed every rule
    twice and `refs --broken` reported the variant's citations beside the official file's."""
    from kb.store.documents import edition_documents, resolve

    def doc(id, name, lang, edition, rules):
        return {"id": id, "name": name, "lang": lang, "edition": edition, "rules": rules}

    docs = [
        doc(1, "MagicCompRules_20231117", "en", "2023-11-17", 3000),
        doc(2, "MagicCompRules_20231117_cleaned_HeliumOctahelide", "en", "2023-11-17", 3000),
        doc(3, "CompRules_ja_20231117.0_lines", "ja", "2023-11-17", 3000),
        doc(4, "mtgwiki-scripts_cr_7_excerpt_702.26_phasing_20231117.0", "ja", "2023-11-17", 16),
        doc(5, "MagicCompRules_20260807", "en", "2026-08-07", 3300),
    ]
    for edition in ("2023-11-17", "2024-01-01", "20231117"):
        assert [d["id"] for d in edition_documents(docs, edition)] == [1, 3], edition
        assert [resolve(docs, lang=lang, edition=edition)[0]["id"] for lang in ("en", "ja")] == [1, 3]
    assert [d["id"] for d in edition_documents(docs, "newest")] == [5, 3]
    assert [d["id"] for d in edition_documents(docs, "MagicCompRules_20231117_cleaned_HeliumOctahelide")] == [2]
    assert len(edition_documents(docs, "all")) == 5
