"""Completions of the rule template's arguments (and the prompt's): languages, editions, numbers.

A client that builds ``mtgkb://{lang}/{edition}/{number}`` with a user offers the languages
and editions the database holds and, for a number, the rule itself and its subrules, or the
nearest numbers that exist.
"""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer
from mcp.types import Completion, CompletionArgument, CompletionContext, PromptReference, ResourceTemplateReference

from kb.api import MtgkbError
from kb.mcp.backend import Backend
from kb.mcp.uri import LATEST, RULE_TEMPLATE, edition_argument

MAX_VALUES = 100  # the protocol's limit per answer


def languages(kb, prefix: str) -> list[str]:
    return sorted({d.lang for d in kb.documents() if d.lang.startswith(prefix)})


def editions(kb, prefix: str, lang: str | None) -> list[str]:
    """``latest``, the dated editions newest first, then undated documents by name."""
    documents = kb.documents(lang=lang) if lang else kb.documents()
    dated = sorted({d.edition for d in documents if d.edition}, reverse=True)
    undated = sorted(d.name for d in documents if not d.edition)
    return [e for e in [LATEST, *dated, *undated] if e.startswith(prefix)]


def numbers(kb, value: str, lang: str | None, edition: str | None) -> list[str]:
    """The rule and its children when it exists, else the nearest numbers."""
    if not value:
        return []
    try:
        rule = kb.rule(value, lang=lang, edition=edition)
    except MtgkbError as error:
        return error.suggestions
    return [rule.number, *(child.number for child in rule.children)]


def register_completions(server: MCPServer, backend: Backend) -> None:
    """Answer completion requests for the rule template and the prompt."""

    @server.completion()
    async def complete(
        ref: ResourceTemplateReference | PromptReference,
        argument: CompletionArgument,
        context: CompletionContext | None,
    ) -> Completion | None:
        known = dict(context.arguments or {}) if context else {}
        lang = known.get("lang") or None
        if isinstance(ref, ResourceTemplateReference) and ref.uri != RULE_TEMPLATE:
            return None
        if isinstance(ref, PromptReference) and ref.name != "answer_rules_question":
            return None
        try:
            if argument.name == "lang":
                values = await backend.call(languages, argument.value)
            elif argument.name == "edition":
                values = await backend.call(editions, argument.value, lang)
            elif argument.name == "number":
                values = await backend.call(
                    numbers, argument.value, lang, edition_argument(known.get("edition") or LATEST)
                )
            else:
                return None
        except MtgkbError:  # a language or edition in the context that is not there
            values = []
        return Completion(values=values[:MAX_VALUES], total=len(values), has_more=len(values) > MAX_VALUES)
