"""The MCP resources: every rule through a URI template, and the list of editions.

``mtgkb://en/2026-08-07/702.26b`` reads one rule (``latest`` for the newest edition; an
undated text by its document name); ``mtgkb://editions`` lists what the database holds.
A rule that is not there is a protocol error (invalid params) naming the nearest numbers.
"""

from __future__ import annotations

import json

from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS

from kb.api import MtgkbError
from kb.mcp import payloads
from kb.mcp.backend import Backend
from kb.mcp.errors import error_data, with_nearest
from kb.mcp.uri import EDITIONS_URI, RULE_TEMPLATE, edition_argument

JSON = "application/json"


def _json(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))  # compact: an agent reads it


def register_resources(server: MCPServer, backend: Backend) -> None:
    """Add the rule template and the editions list to ``server``."""

    @server.resource(
        RULE_TEMPLATE,
        name="rule",
        title="A rule of one edition",
        mime_type=JSON,
        description="One rule in one language and edition, e.g. mtgkb://en/2026-08-07/702.26b or "
        "mtgkb://ja/latest/702.26b; the same JSON as the rule tool, without subrules.",
    )
    async def rule_resource(lang: str, edition: str, number: str) -> str:
        try:
            found = await backend.call(lambda kb: kb.rule(number, lang=lang, edition=edition_argument(edition)))
        except MtgkbError as error:
            uri = RULE_TEMPLATE.format(lang=lang, edition=edition, number=number)
            raise MCPError(
                code=INVALID_PARAMS,
                message=with_nearest(str(error), error.suggestions),
                data={"uri": uri, **error_data(error)},
            ) from error
        return _json(payloads.rule_payload(found))

    @server.resource(
        EDITIONS_URI,
        name="editions",
        title="Editions",
        mime_type=JSON,
        description="Every imported document with its language, edition and counts, and the newest "
        "edition of each language.",
    )
    async def editions_resource() -> str:
        return _json(await backend.call(lambda kb: payloads.editions_payload(kb.documents())))
