"""`mtgkb mcp` as agents run it: a subprocess over stdio, and streamable HTTP on the loopback.

Both talk to the real command (python -m kb) through the SDK's own client; the HTTP server
binds 127.0.0.1 on a free port and is stopped by the test, with a deadline on every wait.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from click.testing import CliRunner
from mcp import Client, StdioServerParameters

from kb.cli import cli
from tests.conftest import ROOT
from tests.corpus.test_mcp import mcp_db_path

DEADLINE = 120  # seconds for any one exchange with a server process (a first search builds the index)


def _environment() -> dict[str, str]:
    return {"PYTHONPATH": str(ROOT), "MTGKB_LANG": "en", "PATH": os.environ.get("PATH", "")}


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "kb", "--db", str(mcp_db_path()), "mcp", *args]


async def _exchange(client: Client) -> dict:
    """What every transport must carry: tools, a rule, an error with the nearest numbers, a resource."""
    tools = {tool.name for tool in (await client.list_tools()).tools}
    rule = await client.call_tool("rule", {"number": "702.26b", "lang": "ja", "subrules": False})
    missing = await client.call_tool("rule", {"number": "702.26q"})
    resource = await client.read_resource("mtgkb://en/2026-08-07/702.26b")
    cited = await client.call_tool("cite", {"text": "See CR 702.26b."})
    return {
        "tools": tools,
        "rule": rule.structured_content,
        "missing": missing,
        "resource": resource.contents[0].text,
        "cited": cited.structured_content,
    }


def _assert_exchange(found: dict) -> None:
    assert {"rule", "search", "cite", "check", "trace", "diff", "crosscheck", "glossary", "term"} <= found["tools"]
    rule = found["rule"]
    assert rule["ruleText"].startswith("パーマネントがフェイズ・アウトすると")
    assert rule["citation"] == "CR 702.26b (2026-01-16, ja)"
    assert found["missing"].is_error and "702.26p" in found["missing"].structured_content["suggestions"]
    assert '"ruleNumber":"702.26b"' in found["resource"] and '"edition":"2026-08-07"' in found["resource"]
    citation = found["cited"]["citations"][0]
    assert (citation["start"], citation["end"], citation["edition"]) == (7, 14, "2026-08-07")  # the number alone
    assert (citation["citation"]["start"], citation["citation"]["end"]) == (4, 14)  # with its prefix


def test_stdio_subprocess():
    command = _command()
    params = StdioServerParameters(command=command[0], args=command[1:], env=_environment(), cwd=str(ROOT))

    async def run():
        with_deadline = asyncio.timeout(DEADLINE)
        async with with_deadline, Client(params) as client:
            assert client.server_info.name == "mtgkb"
            found = await _exchange(client)
            # Indexed in the background from the start; the search waits for it instead of failing.
            found["search"] = await client.call_tool("search", {"query": "phased out token", "limit": 1})
            return found

    found = asyncio.run(run())
    _assert_exchange(found)
    assert found["search"].structured_content["results"][0]["number"] == "702.26d"


def test_rules_in_english_whatever_the_locale():
    """LANG=ja_JP: the messages may be Japanese, the rule texts are English unless a language is asked for."""
    command = _command()
    environment = {**_environment(), "LANG": "ja_JP.UTF-8"}
    del environment["MTGKB_LANG"]
    params = StdioServerParameters(command=command[0], args=command[1:], env=environment, cwd=str(ROOT))

    async def run():
        async with asyncio.timeout(DEADLINE), Client(params) as client:
            rule = await client.call_tool("rule", {"number": "702.26b", "subrules": False})
            cited = await client.call_tool("cite", {"text": "rule 702.26b"})
            missing = await client.call_tool("rule", {"number": "702.26q"})
            return rule.structured_content, cited.structured_content, missing.content[0].text

    rule, cited, missing = asyncio.run(run())
    assert (rule["lang"], rule["citation"]) == ("en", "CR 702.26b (2026-08-07)")
    assert rule["ruleText"].startswith("If a permanent phases out")
    assert cited["citations"][0]["rules"][0]["lang"] == "en"
    assert missing.startswith("ルール 702.26q が見つかりません")


def test_streamable_http_on_the_loopback():
    process = subprocess.Popen(
        _command("--http", "--port", "0"),
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        env=_environment(),
        cwd=str(ROOT),
        text=True,
    )
    try:
        url = _announced_url(process)
        parts = urlsplit(url)
        assert (parts.hostname, parts.path) == ("127.0.0.1", "/mcp") and parts.port

        async def run():
            async with asyncio.timeout(DEADLINE), Client(url) as client:
                return await _exchange(client)

        _assert_exchange(asyncio.run(run()))
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)
    assert process.returncode is not None


def _announced_url(process: subprocess.Popen) -> str:
    """The URL the server prints once it listens (stderr), within the deadline."""
    import threading

    found: list[str] = []

    def read():
        for line in process.stderr:
            match = re.search(r"(http://\S+)", line)
            if match:
                found.append(match.group(1))
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(DEADLINE)
    if not found:
        process.kill()
        pytest.fail(f"the MCP server announced no URL within {DEADLINE} s (exit code {process.poll()})")
    return found[0]


def test_host_and_port_need_http():
    result = CliRunner().invoke(cli, ["--db", str(mcp_db_path()), "mcp", "--port", "9000"])
    assert result.exit_code == 2 and "--host and --port go with --http" in result.output


def test_a_missing_database_is_bad_input(tmp_path):
    missing = tmp_path / "none.db"
    result = CliRunner().invoke(cli, ["--db", str(missing), "mcp"])
    assert result.exit_code == 2 and "no database at" in result.output
    assert not missing.exists()  # read-only: nothing was created


def test_the_default_database_is_built_on_first_use(tmp_path):
    """As every other command: an agent's first `mtgkb mcp` builds the small database, index included."""
    target = tmp_path / "first.db"
    command = [sys.executable, "-m", "kb", "mcp"]
    environment = _environment() | {"MTGKB_DB": str(target)}
    params = StdioServerParameters(command=command[0], args=command[1:], env=environment, cwd=str(ROOT))

    async def run():
        async with asyncio.timeout(DEADLINE), Client(params) as client:
            rule = await client.call_tool("rule", {"number": "702.26b", "subrules": False})
            found = await client.call_tool("search", {"query": "phased out token", "limit": 1})
            return rule.structured_content, found.structured_content

    rule, found = asyncio.run(run())
    assert rule["citation"] == "CR 702.26b (2026-08-07)" and rule["ruleText"].startswith("If a permanent phases out")
    assert found["results"][0]["number"] == "702.26d"
    assert Path(f"{target}.search").is_dir()


def test_a_port_in_use_is_bad_input():
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["--db", str(mcp_db_path()), "mcp", "--http", "--port", str(port)])
    assert result.exit_code == 2 and f"cannot listen on 127.0.0.1:{port}" in result.output


def test_only_loopback_addresses_pass_without_a_warning():
    from kb.mcp.command import _loopback

    assert all(_loopback(host) for host in ("127.0.0.1", "127.0.0.2", "::1", "localhost"))
    assert not any(_loopback(host) for host in ("0.0.0.0", "::", "192.168.1.10", "example.org"))


def test_the_cli_loads_no_mcp_sdk_until_the_command_runs():
    probe = (
        "import sys, kb.cli; print(sorted(m for m in sys.modules if m == 'mcp' or m.startswith(('mcp.', 'mcp_types'))))"
    )
    output = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env=_environment(),
        cwd=str(ROOT),
        timeout=DEADLINE,
        check=True,
    ).stdout
    assert output.strip() == "[]"
    assert "mcp" in cli.list_commands(None) and cli.get_command(None, "mcp").name == "mcp"


def test_stdio_answers_lines_that_are_no_message():
    """A line that is not JSON gets -32700 with id null; JSON that is not a JSON-RPC message gets -32600,
    with its id when it has one; a blank line is skipped; the session goes on."""
    lines = [
        "not json",
        '{"jsonrpc": "2.0", "id": 7, "method": 5}',
        "",
        "[1, 2]",
        '{"jsonrpc": "2.0", "id": "seven", "params": {}}',
        '{"jsonrpc": "2.0", "id": 1, "method": "initialize", '
        '"params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}',
    ]
    server = subprocess.Popen(
        _command(),
        env=_environment(),
        cwd=str(ROOT),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    timer = threading.Timer(DEADLINE, server.kill)  # bounds the test if an answer never comes
    timer.start()
    try:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write("".join(line + "\n" for line in lines).encode())
        server.stdin.flush()
        answers = []
        while not answers or answers[-1].get("id") != 1:
            line = server.stdout.readline()
            assert line, f"the server stopped after {answers}"
            answers.append(json.loads(line))
        server.stdin.close()
        assert server.wait(timeout=DEADLINE) == 0
    finally:
        timer.cancel()
        if server.poll() is None:
            server.kill()
    errors = [(a["id"], a["error"]["code"], a["error"]["message"]) for a in answers[:-1]]
    assert errors == [
        (None, -32700, "Parse error"),
        (7, -32600, "Invalid Request"),
        (None, -32600, "Invalid Request"),
        ("seven", -32600, "Invalid Request"),
    ]
    assert "method" in answers[1]["error"]["data"]
    assert answers[-1]["result"]["serverInfo"]["name"] == "mtgkb"
