"""Lookup failures as an agent reads them: the message and the nearest things that do exist."""

from __future__ import annotations

from mcp.types import CallToolResult, TextContent

from kb.i18n import _


def with_nearest(message: str, suggestions: list[str]) -> str:
    """"rule 702.26q not found; nearest: 702.26m, 702.26n, 702.26p" (the message alone without any)."""
    if not suggestions:
        return message
    return _("{error}; nearest: {suggestions}").format(error=message, suggestions=", ".join(suggestions))


def tool_error(message: str, suggestions: list[str] | None = None) -> CallToolResult:
    """An MCP tool error (isError) whose text and structured content name what exists nearby."""
    found = list(suggestions or [])
    return CallToolResult(content=[TextContent(type="text", text=with_nearest(message, found))],
                          structured_content={"error": message, "suggestions": found}, is_error=True)
