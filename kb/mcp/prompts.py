"""The MCP prompt that has an agent answer a rules question citing only validated rules."""

from __future__ import annotations

from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS
from pydantic import Field

from kb.api import MtgkbError
from kb.i18n import N_, _
from kb.mcp.backend import Backend
from kb.mcp.errors import error_data, with_nearest

# TRANSLATORS: the instructions an LLM agent receives; keep the tool names (search, rule, cite,
# check, trace, glossary, term) and the example citation as they are.
INSTRUCTIONS = N_("""Answer the rules question below from the Magic: The Gathering Comprehensive Rules served by this mtgkb server.

1. Find the rules: call the `search` tool with the question's key words (`glossary` or `term` for a game term), then read each candidate with the `rule` tool.
2. Base the answer only on rule texts that the tools returned. Never cite a rule number from memory.
3. Cite every rule as its `citation` field gives it, with its edition, e.g. "CR 702.26b (2026-08-07)".
4. Before answering, pass your draft to the `cite` tool: every citation must come back "resolved" in the edition you name. Correct or drop any that does not.
5. If the question quotes an older edition or an old rule number, use `check` or `trace` to give today's number as well.
6. If the rules do not settle the question, say so.

Edition: {edition}. Rule texts in: {lang}.

Question: {question}""")


def _edition(kb, edition: str | None) -> str:
    """The edition to answer from: the one asked for (checked), else the newest English one."""
    doc = kb.resolve(edition, lang=None if edition else "en")  # the store's one resolver
    return doc["edition"] or doc["name"]


def register_prompts(server: MCPServer, backend: Backend) -> None:
    """Add the rules-question prompt to ``server``."""

    @server.prompt(name="answer_rules_question", title="Answer a rules question with validated citations")
    async def answer_rules_question(
        question: Annotated[str, Field(description="The rules question, in any language.")],
        edition: Annotated[
            str | None, Field(description='Edition to answer from, e.g. "2026-08-07" (default: the newest).')
        ] = None,
        lang: Annotated[
            str | None, Field(description="Language of the rule texts to quote (en, de, ja, ...; default: English).")
        ] = None,
    ) -> str:
        """Guides an agent to answer a rules question citing only rules the server validated, with the edition."""
        try:
            chosen = await backend.call(_edition, edition)
        except MtgkbError as error:
            raise MCPError(
                code=INVALID_PARAMS, message=with_nearest(str(error), error.suggestions), data=error_data(error)
            ) from error
        return _(INSTRUCTIONS).format(edition=chosen, lang=lang or "en", question=question)
