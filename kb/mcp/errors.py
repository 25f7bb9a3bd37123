"""Lookup failures as an agent reads them: the message and the nearest things that do exist."""

from __future__ import annotations

from mcp.types import CallToolResult, TextContent

from kb.i18n import _


def with_nearest(message: str, suggestions: list[str]) -> str:
    """ "rule 702.26q not found; nearest: 702.26m, 702.26n, 702.26p" (the message alone without any)."""
    if not suggestions:
        return message
    return _("{error}; nearest: {suggestions}").format(error=message, suggestions=", ".join(suggestions))


def error_data(error: Exception | None) -> dict:
    """What an agent can act on besides the message: the nearest numbers and, for a rule number,
    the same rule where that number names it elsewhere (RuleNotFound.counterparts, through the chain)."""
    return {
        "suggestions": list(getattr(error, "suggestions", None) or []),
        "counterparts": list(getattr(error, "counterparts", None) or []),
    }


def tool_error(message: str, error: Exception | None = None, suggestions: list[str] | None = None) -> CallToolResult:
    """An MCP tool error (isError), the one shape of every failure of a tool: its text the message with
    what exists nearby, its structured content ``error``, ``suggestions`` and ``counterparts``."""
    data = error_data(error)
    if suggestions is not None:
        data["suggestions"] = suggestions
    return CallToolResult(
        content=[TextContent(type="text", text=with_nearest(message, data["suggestions"]))],
        structured_content={"error": message, **data},
        is_error=True,
    )
