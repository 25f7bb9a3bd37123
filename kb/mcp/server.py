"""The MCP server over one database: tools, resources and a prompt, over stdio or streamable HTTP.

    >>> server = build_server(KnowledgeBase.open("rules.db", readonly=True))
    >>> async with mcp.Client(server) as client: ...   # in memory, as the tests do

`mtgkb mcp` (kb.mcp.command) runs it over stdio, or over streamable HTTP with --http.
"""

from __future__ import annotations

import difflib
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS, CallToolResult
from pydantic import ValidationError

from kb.api import KnowledgeBase
from kb.i18n import _
from kb.mcp.backend import Backend
from kb.mcp.completions import register_completions
from kb.mcp.errors import tool_error
from kb.mcp.prompts import register_prompts
from kb.mcp.resources import register_resources
from kb.mcp.tools import register_tools

NAME = "mtgkb"
HTTP_PATH = "/mcp"
RULE_LANGUAGE = "en"  # of rule texts when a call names none: never the host's locale
SERVER_INSTRUCTIONS = (
    "The Magic: The Gathering Comprehensive Rules in several languages and editions (the editions tool and "
    "resource list them). "
    "Every answer names its document and edition; cite rules as the `citation` fields give them, and "
    "validate a draft's citations with the `cite` tool before answering. Rules are also resources: "
    "mtgkb://{lang}/{edition}/{number}, edition `latest` for the newest."
)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mtgkb")
    except PackageNotFoundError:
        return "0.1.0"


class KnowledgeServer(MCPServer):
    """The MCP server with the backend it answers from (closed with the server)."""

    def __init__(self, backend: Backend) -> None:
        super().__init__(
            NAME,
            title="mtgkb: the Comprehensive Rules",
            instructions=SERVER_INSTRUCTIONS,
            version=_version(),
            log_level="WARNING",
        )
        self.backend = backend
        register_tools(self, backend)
        register_resources(self, backend)
        register_prompts(self, backend)
        register_completions(self, backend)

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Context | None = None) -> Any:
        """A tool's answer; an unknown tool or arguments outside its input schema as the one tool error
        shape (message and suggestions) instead of the SDK's text (pydantic's, with its URLs)."""
        try:
            return await super().call_tool(name, arguments, context)
        except UnexpectedToolError:
            raise  # a fault of ours: the SDK logs it and answers without its details
        except ToolError as error:
            if isinstance(error.__cause__, ValidationError):
                return argument_error(error.__cause__)
            names = [tool.name for tool in await self.list_tools()]
            if name not in names:
                return tool_error(
                    _("no tool {name!r}").format(name=name),
                    suggestions=difflib.get_close_matches(name, names, n=3, cutoff=0.5) or names,
                )
            raise

    async def get_prompt(
        self, name: str, arguments: dict[str, Any] | None = None, context: Context | None = None
    ) -> Any:
        """A prompt; an unknown one or one without its required arguments is invalid params (-32602)."""
        prompt = next((p for p in await self.list_prompts() if p.name == name), None)
        if prompt is None:
            names = [p.name for p in await self.list_prompts()]
            raise MCPError(
                code=INVALID_PARAMS, message=_("no prompt {name!r}").format(name=name), data={"suggestions": names}
            )
        missing = [a.name for a in prompt.arguments or [] if a.required and not (arguments or {}).get(a.name)]
        if missing:
            raise MCPError(
                code=INVALID_PARAMS,
                message=_("the prompt {name} needs the argument {missing}").format(
                    name=name, missing=", ".join(missing)
                ),
                data={"suggestions": missing},
            )
        return await super().get_prompt(name, arguments, context)

    def close(self) -> None:
        self.backend.close()


def argument_error(error: ValidationError) -> CallToolResult:
    """Arguments outside a tool's input schema: each field and what it must be, in pydantic's words
    without its links."""
    message = "; ".join(
        _("invalid argument {name}: {problem}").format(
            name=".".join(str(part) for part in item["loc"]), problem=item["msg"]
        )
        for item in error.errors()
    )
    return tool_error(message)


def build_server(kb: KnowledgeBase, *, index_in_background: bool = False) -> KnowledgeServer:
    """An MCP server over ``kb`` (open it read-only: the server never writes the database); rule
    texts in English unless a call names a language."""
    kb.rule_language = RULE_LANGUAGE
    server = KnowledgeServer(Backend(kb))
    if index_in_background:
        server.backend.prepare_search()
    return server


def open_server(db_path: str | Path | None) -> KnowledgeServer:
    """The server over the database at ``db_path`` (default: the default database), read-only."""
    return build_server(KnowledgeBase.open(db_path, readonly=True), index_in_background=True)


def run_stdio(server: KnowledgeServer) -> None:
    """Serve on stdin and stdout until the client closes them; a line that is not a JSON-RPC message
    gets a JSON-RPC error (kb.mcp.stdio)."""
    import anyio

    from kb.mcp.stdio import serve_checked_stdio

    try:
        serve_checked_stdio(lambda: anyio.run(server.run_stdio_async))
    finally:
        server.close()


def run_http(server: KnowledgeServer, host: str, port: int, announce: Callable[[str], None] | None = None) -> None:
    """Serve streamable HTTP at http://host:port/mcp; ``announce(url)`` once it listens (port 0: any free one)."""
    import anyio
    import uvicorn

    try:
        sock = _listen(host, port)
    except OSError:
        server.close()
        raise
    try:
        app = server.streamable_http_app(host=host, streamable_http_path=HTTP_PATH)
        config = uvicorn.Config(app, log_level="warning", lifespan="on")
        if announce:
            shown = f"[{host}]" if ":" in host else host
            announce(f"http://{shown}:{sock.getsockname()[1]}{HTTP_PATH}")
        anyio.run(lambda: uvicorn.Server(config).serve(sockets=[sock]))
    finally:
        sock.close()
        server.close()


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on exactly ``host`` (so that the loopback default never means every address)."""
    family, kind, proto, _name, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock
