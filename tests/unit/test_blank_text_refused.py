"""An empty or blank text is refused alike in every front end (issue 41, "Bad input"): `mtgkb cite ""`
said nothing and exited 0, POST /cite answered 200 and [], MCP's cite answered an empty list. Now each
refuses it as bad input (exit 2, HTTP 400, an MCP tool error) with the same message, as `search ""`
and `card ""` already were."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli.app import cli
from kb.core.errors import BadQuery
from kb.core.limits import check_text_given
from tests.conftest import MINI

EMPTY = "the text is empty"


@pytest.fixture(scope="module")
def mini_db(tmp_path_factory) -> Path:
    """One small CR-shaped document (tests/data/mini)."""
    path = tmp_path_factory.mktemp("blank-text") / "mini.db"
    kb = KnowledgeBase.open(path)
    kb.import_file(MINI / "MiniRules_20260807.txt")
    kb.close()
    return path


@pytest.mark.parametrize("text", ["", " ", "\n\t  \n", "\u3000"])
def test_a_blank_text_is_bad_input(text):
    with pytest.raises(BadQuery) as refused:
        check_text_given(text)
    assert EMPTY in str(refused.value) and refused.value.exit_code == 2 and refused.value.http_status == 400


def test_a_text_with_a_word_is_taken():
    check_text_given(" see 702.9b ")  # raises nothing


@pytest.mark.parametrize(
    "args",
    [
        ["cite", ""],
        ["cite", "   "],
        ["cite", "--cards", ""],
        ["cite", "--check", "--since", "2026-08-07", " "],
    ],
)
def test_the_cli_refuses_it_with_exit_2_and_json_naming_the_kind(mini_db, args):
    runner = CliRunner()
    plain = runner.invoke(cli, ["--db", str(mini_db), *args])
    assert plain.exit_code == 2 and EMPTY in plain.output
    as_json = runner.invoke(cli, ["--db", str(mini_db), *args, "--json"])
    assert as_json.exit_code == 2
    payload = json.loads(as_json.stdout)
    assert payload["kind"] == "BadQuery" and EMPTY in payload["error"]


def test_a_blank_file_is_refused_naming_the_file(mini_db, tmp_path):
    blank = tmp_path / "draft.txt"
    blank.write_text("\n  \n", encoding="utf-8")
    shown = CliRunner().invoke(cli, ["--db", str(mini_db), "cite", "--file", str(blank)])
    assert shown.exit_code == 2 and f"{blank}: {EMPTY}" in shown.output


NO_NAME = "a card name needs a letter or a digit"


def test_search_and_card_refuse_theirs_too(mini_db):
    """`card " "` said "no card named ' '" (exit 1) without cards imported, and /cards/%20 "a card name
    has 1 to 200 characters"; both now say what MCP's card tool says."""
    runner = CliRunner()
    assert runner.invoke(cli, ["--db", str(mini_db), "search", " "]).exit_code == 2
    card = runner.invoke(cli, ["--db", str(mini_db), "card", " "])
    assert card.exit_code == 2 and NO_NAME in card.output


def test_http_cite_and_check_answer_400(mini_db):
    from fastapi.testclient import TestClient

    from kb.http.app import create_app

    with TestClient(create_app(mini_db)) as client:
        for path, body in [("/cite", {"text": ""}), ("/cite", {"text": "  ", "cards": True})] + [
            ("/check", {"text": " \n", "since": "2026-08-07"})
        ]:
            answer = client.post(path, json=body)
            assert answer.status_code == 400, (path, body, answer.text)
            assert answer.json()["kind"] == "BadQuery" and EMPTY in answer.json()["error"]
        assert client.post("/cite", json={"text": "see 100.1"}).status_code == 200
        card = client.get("/cards/%20%20")
        assert card.status_code == 400 and NO_NAME in card.json()["error"]


def test_mcp_cite_and_check_are_tool_errors(mini_db):
    from mcp import Client

    from kb.mcp.server import build_server

    server = build_server(KnowledgeBase.open(mini_db, readonly=True))

    async def scenario():
        async with Client(server) as client:
            cited = await client.call_tool("cite", {"text": "   "})
            checked = await client.call_tool("check", {"text": "\n", "since": "2026-08-07"})
            card = await client.call_tool("card", {"name": "  "})
            return cited, checked, card

    try:
        cited, checked, card = asyncio.run(scenario())
    finally:
        server.close()
    for result in (cited, checked):
        assert result.is_error and EMPTY in result.content[0].text
    assert card.is_error and NO_NAME in card.content[0].text


def test_a_file_that_is_missing_or_not_utf8_is_bad_input_not_a_traceback(mini_db, tmp_path):
    """`cite --file` of a missing file or of Windows-1252 text ended in a traceback (exit 1)."""
    runner = CliRunner()
    missing = runner.invoke(cli, ["--db", str(mini_db), "cite", "--file", str(tmp_path / "none.txt")])
    assert missing.exit_code == 2 and "does not exist" in missing.output
    latin = tmp_path / "draft-1252.txt"
    latin.write_bytes("Règle 702.9b: “flying”".encode("cp1252"))
    shown = runner.invoke(cli, ["--db", str(mini_db), "cite", "--file", str(latin), "--json"])
    assert shown.exit_code == 2
    payload = json.loads(shown.stdout)
    assert payload["kind"] == "BadInputFile"
    assert payload["error"].startswith(f"{latin}: not UTF-8 text (byte 1 is 0xe8)")
