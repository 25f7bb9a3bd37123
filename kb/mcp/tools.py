"""The MCP tools: thin over kb.api.KnowledgeBase, every answer naming its document and edition.

Each tool validates its arguments through its input schema, runs its facade calls through
the backend (kb.mcp.backend) and answers with structured JSON (kb.mcp.payloads); its
docstring is the description agents read. A lookup
that finds nothing is an MCP tool error (``isError``) whose text and structured content
name the nearest numbers, editions or terms that do exist.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from kb.api import MtgkbError
from kb.core.errors import TooLarge
from kb.core.limits import (
    MAX_ANSWER,
    MAX_CITATIONS,
    MAX_TEXT,
    check_answer_size,
    check_text_given,
    check_text_size,
    count_citations,
)
from kb.i18n import _
from kb.mcp import answers, payloads
from kb.mcp.backend import Backend
from kb.mcp.errors import tool_error

F = TypeVar("F", bound=Callable[..., Any])
READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)

Number = Annotated[
    str,
    Field(
        min_length=1,
        max_length=32,
        description='A rule number: a subrule "702.26b", a rule "702.26", a chapter "702" or a section "7"; '
        'or a rule\'s title or keyword in any language held ("Phasing", "フェイジング", "state-based actions").',
    ),
]
Lang = Annotated[
    str | None,
    Field(
        max_length=16,
        description=(
            "Language of the rule texts: en, de, ja, zh, ru, ... Default: English (whatever the server's locale)."
        ),
    ),
]
Edition = Annotated[
    str | None,
    Field(
        max_length=64,
        description=(
            'Edition: an effective date like "2026-08-07" (also "20260807"), or a document name from the editions '
            "resource. Default: the newest edition."
        ),
    ),
]
Text = Annotated[
    str,
    Field(
        min_length=1,
        max_length=MAX_TEXT,
        description=(
            f"Free text that cites rules: at most {MAX_TEXT} bytes (UTF-8), citing at most {MAX_CITATIONS} rules."
        ),
    ),
]
Offset = Annotated[int, Field(ge=0, description="Where the page starts: 0, or the nextOffset of the page before.")]


Limit = Annotated[int, Field(ge=1, le=1000, description="Most items on one page (the default is in the schema).")]


def respond(payload: dict[str, Any]) -> CallToolResult:
    """A tool's answer: the structured content, and the same JSON compact as its text block (an agent
    reads the text; indentation would be a third of it). Past MAX_ANSWER bytes, the tool error the
    HTTP API's 413 is."""
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    try:
        check_answer_size(len(text.encode("utf-8", "surrogatepass")), MAX_ANSWER)
    except TooLarge as error:
        return tool_error(str(error), error)
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=payload)


def known(kb, lang: str | None, edition: str | None = None) -> None:
    """A language no document has, or an edition that is not stored, is an error for the whole call (as in
    the HTTP API), with the languages or editions there are; not citations resolved in a default."""
    kb.check_language(lang)
    if edition:
        kb.resolve(edition)


def bounded(text: str, lang: str | None) -> None:
    """A text to cite or check within the limits the HTTP API has (kb.core.limits), before any work."""
    check_text_given(text)
    check_text_size(text)
    count_citations(text, lang)


async def answer(backend: Backend, work: Callable[[Any], dict[str, Any]], slow: bool = False) -> CallToolResult:
    """``work(kb)`` on a thread of the backend (``slow``: one of the calls that take turns) as the tool's
    answer; lookup and input errors as tool errors."""
    try:
        return respond(await backend.call(work, slow=slow))
    except MtgkbError as error:
        return tool_error(str(error), error)
    except ValueError as error:  # a query with nothing to search for, a side that is no "lang:number"
        return tool_error(str(error))


def register_tools(server: MCPServer, backend: Backend) -> None:
    """Add every tool of the knowledge base to ``server``."""

    def tool(title: str) -> Callable[[F], F]:
        """Register a read-only tool, its docstring cleaned of the code's indentation as its description."""

        def add(fn: F) -> F:
            server.add_tool(fn, title=title, description=inspect.cleandoc(fn.__doc__ or ""), annotations=READ_ONLY)
            return fn

        return add

    @tool("One rule")
    async def rule(
        number: Number,
        lang: Lang = None,
        edition: Edition = None,
        subrules: Annotated[bool, Field(description="Include the subrules with their texts and examples.")] = True,
        versions: Annotated[
            bool,
            Field(
                description=(
                    "List every other version (language, edition, document) one by one instead of as runs of editions."
                )
            ),
        ] = False,
        scenarios: Annotated[
            bool, Field(description=("List the example games that exercise the rule (default: only how many passed)."))
        ] = False,
        offset: Offset = 0,
        limit: Limit = payloads.SUBRULES_PAGE,
    ) -> Annotated[CallToolResult, answers.RuleAnswer]:
        """One rule of the Comprehensive Rules with its examples, navigation, citations and subrules
        (one page), stamped with its document and edition; its other versions as runs of editions.
        Cite it as its "citation" field says."""
        try:
            found = await backend.call(lambda kb: kb.rule(number, lang=lang, edition=edition))
        except MtgkbError as error:
            return tool_error(str(error), error)
        if not (subrules and found.children):
            return respond(
                payloads.rule_payload(
                    found, [] if subrules else None, versions=versions, scenarios=scenarios, offset=offset, limit=limit
                )
            )

        def subtree(kb) -> dict[str, Any]:  # up to a whole section
            below = kb.rules(found.number, lang=found.lang, edition=found.document)
            return payloads.rule_payload(
                found,
                [r for r in below if r.number != found.number],
                versions=versions,
                scenarios=scenarios,
                offset=offset,
                limit=limit,
            )

        return await answer(backend, subtree)

    @tool("A range of rules")
    async def rules(
        reference: Annotated[
            str,
            Field(
                min_length=1,
                max_length=64,
                description=('A range like "601.2a-h" or "702.26a–702.26d", or a rule with its subtree like "702.26".'),
            ),
        ],
        lang: Lang = None,
        edition: Edition = None,
        offset: Offset = 0,
        limit: Limit = payloads.RULES_PAGE,
    ) -> Annotated[CallToolResult, answers.RulesAnswer]:
        """Several rules of one document in order, one page at a time: a range or a rule with its subrules."""
        return await answer(
            backend,
            lambda kb: payloads.rules_payload(
                reference, kb.rules(reference, lang=lang, edition=edition), offset, limit
            ),
        )

    @tool("Search the rules")
    async def search(
        query: Annotated[
            str,
            Field(
                min_length=1,
                max_length=10_000,
                description=(
                    'Words in any language ("phased out token", "Instabilität", "フェイズ・アウト"), '
                    '"quoted phrases", or rule numbers to narrow to.'
                ),
            ),
        ],
        lang: Lang = None,
        edition: Edition = None,
        offset: Annotated[
            int,
            Field(ge=0, le=450, description=("Skip this many of the best results (the next page: offset + limit).")),
        ] = 0,
        limit: Annotated[int, Field(ge=1, le=50, description="Most results to return.")] = 10,
    ) -> Annotated[CallToolResult, answers.SearchAnswer]:
        """Ranked full-text search over every language; one result per rule, with its versions
        (language, edition, document, snippet)."""
        await backend.wait_for_search()
        return await answer(
            backend,
            lambda kb: payloads.search_payload(
                kb.search(query, langs=[lang] if lang else None, edition=edition, limit=offset + limit), offset
            ),
        )

    @tool("Resolve citations")
    async def cite(
        text: Text,
        lang: Lang = None,
        edition: Edition = None,
        offset: Offset = 0,
        limit: Limit = payloads.CITATIONS_PAGE,
    ) -> Annotated[CallToolResult, answers.CiteAnswer]:
        """Every rule citation in free text ("CR 702.26b", "Regel 702.23a", "rule 506.4 参照",
        "ex 2 613.6") with its character span, the resolved rules and the edition they come from,
        counted, one page at a time, and the cards it names (imported cards only) with their rules terms
        and rules, what each card's text says, and how the named cards' effects interact. Use it on a draft answer: every citation must come back "resolved"."""

        def work(kb) -> dict[str, Any]:
            known(kb, lang, edition)
            bounded(text, lang)
            payload = payloads.cite_payload(kb.cite(text, lang=lang, edition=edition), offset, limit)
            return payloads.with_cards(payload, kb.cite_cards(text))

        return await answer(backend, work, slow=True)

    @tool("Re-validate citations")
    async def check(
        text: Text,
        since: Annotated[
            str,
            Field(
                min_length=1, max_length=64, description=('The edition the text was written for, e.g. "2010-07-16".')
            ),
        ],
        until: Edition = None,
        lang: Annotated[
            str | None, Field(max_length=16, description=("Language of the text's citation words (default: any)."))
        ] = None,
        fix: Annotated[
            bool, Field(description=("Also answer the whole text with the moved numbers replaced (fixedText)."))
        ] = False,
        offset: Offset = 0,
        limit: Limit = payloads.CITATIONS_PAGE,
    ) -> Annotated[CallToolResult, answers.CheckAnswer]:
        """The citations of a text written against edition `since`, followed through the renumbering
        chain to `until` (default the newest): ok, moved (with the new number), changed (with the word
        changes), gone, title mismatch or not found, counted, one page at a time; with the edits
        (start, end, old, new) that update the moved numbers of the page."""

        def work(kb) -> dict[str, Any]:
            known(kb, lang)
            bounded(text, lang)
            checked = kb.check(text, since=since, until=until, lang=lang)
            fixed, changes = kb.fix_citations(text, checked)
            return payloads.check_payload(checked, fixed if fix else None, changes, offset, limit)

        return await answer(backend, work, slow=True)

    @tool("Trace a rule through the editions")
    async def trace(
        number: Number,
        edition: Annotated[
            str | None, Field(max_length=64, description=("Edition the number belongs to (default: the newest)."))
        ] = None,
        to: Annotated[
            str | None,
            Field(
                max_length=64, description=("Follow the rule to this edition, older or newer (default: the newest).")
            ),
        ] = None,
        back: Annotated[bool, Field(description="Follow the rule back to the oldest edition.")] = False,
        subrules: Annotated[bool, Field(description="Trace each subrule too.")] = True,
        every_edition: Annotated[
            bool, Field(description=("List every edition, not only those where the rule changed."))
        ] = False,
        offset: Offset = 0,
        limit: Limit = payloads.SUBRULES_PAGE,
    ) -> Annotated[CallToolResult, answers.TraceAnswer]:
        """A rule of the English Comprehensive Rules followed through the editions: its number, title
        and change where it changed (every edition if asked), and where the trail ends; its subrules'
        traces one page at a time."""

        def work(kb) -> dict[str, Any]:
            if to and back:
                raise ValueError(_("give either `to` or `back`, not both"))
            kb.rule(number, lang="en", edition=edition)  # a number the edition lacks: its nearest numbers
            return payloads.trace_payload(
                kb.trace(number, edition, to=to, back=back, subrules=subrules),
                every_edition=every_edition,
                offset=offset,
                limit=limit,
            )

        return await answer(backend, work, slow=True)

    @tool("Compare two editions")
    async def diff(
        old: Annotated[str, Field(min_length=1, max_length=64, description='Older edition, e.g. "2021-04-16".')],
        new: Annotated[str, Field(min_length=1, max_length=64, description='Newer edition, e.g. "2026-08-07".')],
        section: Annotated[
            str | None,
            Field(
                max_length=16,
                description=('Only rules inside this section, chapter or rule on either side ("7", "702", "702.26").'),
            ),
        ] = None,
        lang: Annotated[
            str | None, Field(max_length=16, description=("Language of both documents (default English)."))
        ] = None,
        offset: Offset = 0,
        limit: Limit = payloads.CHANGES_PAGE,
        texts: Annotated[bool, Field(description="Include the old and new texts of each changed rule.")] = False,
    ) -> Annotated[CallToolResult, answers.DiffAnswer]:
        """A summary of two editions: how many rules were unchanged, edited, renumbered, added,
        removed, split or merged, and the changed rules with their old and new numbers, one page at a time."""
        return await answer(
            backend,
            lambda kb: payloads.diff_payload(
                kb.diff(old, new, section=section, lang=lang, spans=False), offset=offset, limit=limit, texts=texts
            ),
            slow=True,
        )

    @tool("Cross-check two rules")
    async def crosscheck(
        a: Annotated[
            str,
            Field(
                min_length=3,
                max_length=80,
                description=('One side: "lang[@edition]:number", e.g. "de:702.23" or "en@2010-07-16:702.23".'),
            ),
        ],
        b: Annotated[
            str, Field(min_length=3, max_length=80, description=('The other side, e.g. "ja@2026-01-16:702.26".'))
        ],
        method: Annotated[
            Literal["auto", "structure"],
            Field(description=('"auto" aligns through the English editions; "structure" by order, terms and numbers.')),
        ] = "auto",
        offset: Offset = 0,
        limit: Limit = payloads.RULES_PAGE,
    ) -> Annotated[CallToolResult, answers.CrosscheckAnswer]:
        """Two rules of two languages or editions side by side, subrule by subrule (one page of rows),
        with findings (one-sided subrules, changed numbers, citations, terms, untranslated text)."""
        return await answer(
            backend,
            lambda kb: payloads.crosscheck_payload(kb.crosscheck(a, b, method=method), offset, limit),
            slow=True,
        )

    @tool("Glossary")
    async def glossary(
        term: Annotated[
            str,
            Field(
                min_length=1,
                max_length=200,
                description=(
                    'A glossary term in any language ("Phasing", "Instabilität", "フェイズ・アウト"); '
                    "near spellings are found too."
                ),
            ),
        ],
        lang: Lang = None,
        edition: Edition = None,
        offset: Offset = 0,
        limit: Limit = payloads.ENTRIES_PAGE,
    ) -> Annotated[CallToolResult, answers.GlossaryAnswer]:
        """Glossary entries of the Comprehensive Rules and their translations, with the rules each
        cites, one page at a time."""

        def work(kb) -> dict[str, Any]:
            entries = kb.glossary(term, lang=lang, edition=edition)
            if not entries and not entries.listing:  # an ability word of 207.2c is answered as one
                raise MtgkbError(
                    _("no glossary entry for {term!r}").format(term=term),
                    [c.text for c in kb.complete(term, lang=lang, limit=5)],
                )
            return payloads.glossary_payload(term, entries, offset, limit, entries.listing)

        return await answer(backend, work)

    @tool("A card")
    async def card(
        name: Annotated[
            str,
            Field(
                min_length=1,
                max_length=200,
                description=(
                    'A card name in any language the imported card file gives ("Greater Gargadon", '
                    '"Größeres Gargadon"); case, punctuation and near spellings are forgiven.'
                ),
            ),
        ],
    ) -> Annotated[CallToolResult, answers.CardAnswer]:
        """An imported card's Oracle text with each keyword, keyword action and rules term linked to
        the rule that defines it, and what its text says about the rules (says: "can't lose the game"
        → 104.3, 101.2), cards from `mtgkb update --cards` or `mtgkb import`."""
        return await answer(backend, lambda kb: payloads.card_payload(kb.card(name)))

    @tool("A game term in every language")
    async def term(
        query: Annotated[
            str,
            Field(
                min_length=1,
                max_length=200,
                description=('A game term in any language: "phasing", "Instabilität", "フェイジング".'),
            ),
        ],
        lang: Annotated[str | None, Field(max_length=16, description=("Only names in this language."))] = None,
        offset: Offset = 0,
        limit: Limit = payloads.ENTRIES_PAGE,
    ) -> Annotated[CallToolResult, answers.TermAnswer]:
        """A CR term in every language, with where each pairing came from (glossaries, aligned
        rules, the curated list), one page at a time."""

        def work(kb) -> dict[str, Any]:
            entries = kb.term(query, lang=lang)
            if not entries:
                message = _("no term {term!r} in language {lang!r}") if lang else _("no term {term!r}")
                raise MtgkbError(message.format(term=query, lang=lang), [c.text for c in kb.complete(query, limit=5)])
            return payloads.term_payload(query, entries, offset, limit)

        return await answer(backend, work)

    @tool("Editions")
    async def editions(
        lang: Annotated[str | None, Field(max_length=16, description="Only this language.")] = None,
        offset: Offset = 0,
        limit: Limit = payloads.DOCUMENTS_PAGE,
    ) -> Annotated[CallToolResult, answers.EditionsAnswer]:
        """The newest edition of each language and the imported documents, one page at a time:
        language, edition (or the inferred range of an undated text) and counts."""
        return await answer(backend, lambda kb: payloads.editions_payload(kb.documents(lang=lang), offset, limit))
