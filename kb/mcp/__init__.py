"""The Model Context Protocol front end: `mtgkb mcp` serves the facade to LLM agents.

Importing this package loads no part of the MCP SDK (kb.mcp.command stays light, so
that `mtgkb show` starts fast); kb.mcp.server builds the server when it is asked for.
"""
