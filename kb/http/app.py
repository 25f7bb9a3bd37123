"""The HTTP API: FastAPI over kb.api, the database opened read-only, one connection per thread.

Field names follow what bots already read from Academy Ruins (ruleNumber, ruleText,
examples, navigation) and add the edition and a Yawgatog-style anchor ("#R70226b").
Every route is a plain ``def``: FastAPI runs it in anyio's thread pool (kb.http.threads), so
no request holds the event loop, and it returns its JSON rendered there (``BoundedJSON``). Slow
requests take turns (kb.http.slow) so that they never hold every thread; more throughput comes
from more worker processes (``mtgkb serve --workers N``, kb.http.server), not from more machinery
in one. Work per request is bounded (kb.http.limits); errors are JSON with the statuses
the OpenAPI document declares (kb.http.errors): 400 bad input, 404 not found, 413 too large,
422 a body that does not fit, 503 no database or no search index.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi import Path as PathParameter
from fastapi.middleware.cors import CORSMiddleware
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, field_validator

from kb.api import BadInput, KnowledgeBase, TermNotFound
from kb.http.academy import academy_router
from kb.http.academy_history import history_router
from kb.http.cache import AnswerCache
from kb.http.cors import AcademyCORS
from kb.http.docs import mount_docs
from kb.http.errors import install_handlers, responses
from kb.http.files import files_router
from kb.http.headers import SecurityHeaders
from kb.http.language import UILanguageMiddleware
from kb.http.limits import MAX_BODY, BodyLimit, BoundedJSON, check_text_given, count_citations
from kb.http.slow import SlowRequests
from kb.http.threads import ThreadFacades, size_thread_pool
from kb.i18n import _
from kb.reader.routes import mount_static, reader_router, rule_page, wants_html

# The query parameters of GET /rules/{number} and the longest value each takes.
MAX_LENGTHS = {"lang": 16, "edition": 64}


class CiteRequest(BaseModel):
    model_config = ConfigDict(strict=True)  # JSON types as declared: no 0 for false, no number for a text

    text: str = Field(..., max_length=MAX_BODY, description="Free text that cites rules.")
    lang: str | None = Field(None, max_length=16, description="Language of the rule texts to return.")
    edition: str | None = Field(None, max_length=64, description="Edition to resolve against; default the newest.")
    cards: bool = Field(
        False,
        description="Also report the cards the text names: the answer is then an object, "
        '{"citations": [...], "cards": [...], "cards_truncated": false, "cards_together": [...]}: each card with '
        "its rules terms and what its text says (says), and how the named cards' effects interact.",
    )


class SearchRequest(BaseModel):
    """The query of `GET /search` in a body: a query of 10,000 kana or kanji, percent-encoded in a URL,
    is more than the server takes in a request line (about 64 KB)."""

    model_config = ConfigDict(strict=True)

    q: str = Field(..., min_length=1, max_length=10_000, description="The query; not empty.")
    lang: list[str] | None = Field(None, max_length=16, description="Languages to search; default every one held.")
    edition: str | None = Field(None, max_length=64, description="newest (default), all, or an edition.")
    section: str | None = Field(None, max_length=16, description="Only rules under this section or chapter.")
    limit: int = Field(10, ge=1, le=100, description="Results to answer.")

    @field_validator("limit", mode="before")
    @classmethod
    def _whole(cls, value: Any) -> Any:
        """67.0 is a JSON integer (JSON Schema counts a number with no fraction as one); "3" stays no number."""
        return int(value) if isinstance(value, float) and value.is_integer() else value


class CheckRequest(BaseModel):
    model_config = ConfigDict(strict=True)

    text: str = Field(..., max_length=MAX_BODY, description="Text whose citations were written against `since`.")
    since: str = Field(..., min_length=1, max_length=64, description="The edition the text was written for.")
    until: str | None = Field(None, max_length=64, description="The edition to check against; default the newest.")
    lang: str | None = Field(None, max_length=16, description="Language of the text's citation words.")
    fix: bool = Field(False, description="Also return the text with moved numbers updated.")


def rule_payload(rule, children: list | None = None) -> dict[str, Any]:
    """A rule in the shape bots know (kb.core.model.Rule.payload), with its subrules when asked."""
    payload = rule.payload()
    if children is not None:
        payload["subrules"] = [rule_payload(child) for child in children]
    return payload


def rule_answer(
    kb: KnowledgeBase, number: str, lang: str | None, edition: str | None, children: bool, defining: bool = False
) -> dict[str, Any]:
    """What `GET /rules/{number}` answers as JSON; ``defining``: a keyword's defining subrule in place
    of its rule (``definingRule``), as the judge bots show it."""
    rule = kb.rule(number, lang=lang, edition=edition, defining=defining)
    subrules = None
    if children:
        subrules = [r for r in kb.rules(rule.number, lang=rule.lang, edition=rule.document) if r.number != rule.number]
    return rule_payload(rule, subrules)


def known(kb: KnowledgeBase, lang: str | None = None, edition: str | None = None) -> None:
    """A language that no document has is bad input (400), an edition that is not stored not found
    (404), for the whole request, as on every other route; the resolver says which and suggests."""
    if lang:
        kb.resolve(None, lang=lang)
    if edition:
        kb.resolve(edition)


def create_app(db_path: str | Path | None = None, *, cors: Sequence[str] = ()) -> FastAPI:
    """The application over one database (default: the default database), opened read-only.

    ``cors``: the origins whose web pages may call the API (none by default).
    """
    kb = KnowledgeBase.open(db_path, readonly=True)  # the startup check: refuses what is not a database
    facades = ThreadFacades(kb.path)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        size_thread_pool()
        yield
        facades.close()

    app = FastAPI(
        title="mtgkb",
        version="0.1.0",
        description="The Magic: The Gathering Comprehensive Rules in several languages and editions. Every "
        "failure answers a JSON object with an `error` message (schema `ErrorBody`).",
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    # Outermost last: security headers, CORS, compression, the interface language, the answer cache,
    # the body limit, the turns of slow requests, the routes.
    app.add_middleware(SlowRequests)  # slow requests take turns: threads are always left for the rest
    app.add_middleware(BodyLimit)
    app.add_middleware(AnswerCache, database=kb.path)
    app.add_middleware(UILanguageMiddleware)
    # Pages and answers compressed for clients that accept it (a whole document: 1.6 MB, about 0.3 MB gzipped).
    # Level 4, not Starlette's 9: 1 MB in 41 ms instead of 162 ms, 8% larger (bench/bench_academy.py).
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=4)
    if cors:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(cors),
            allow_methods=["GET", "POST"],
            allow_headers=["Accept-Language", "Content-Type"],
            max_age=600,
        )
    # Academy Ruins' read-only paths answer every origin, as its API does (no credentials).
    app.add_middleware(AcademyCORS)
    app.add_middleware(SecurityHeaders)  # outermost: every answer, errors and static files too
    install_handlers(app)
    get = facades.get

    # Each route runs in a request thread and returns its answer rendered there (BoundedJSON).
    @app.get(
        "/rules/{number:path}", summary="One rule, with examples and navigation", responses=responses(400, 404, 409)
    )
    def get_rule(
        request: Request,
        number: str,
        lang: str | None = Query(
            None,
            max_length=MAX_LENGTHS["lang"],
            description="Language of the text; default the "
            "Accept-Language language where the rule has a text in it, else English.",
        ),
        edition: str | None = Query(None, max_length=MAX_LENGTHS["edition"]),
        children: bool = Query(False, description="Include the subrules with their texts."),
        defining: bool = Query(
            False,
            description="A keyword's defining subrule (its `definingRule`) "
            "in place of the rule: 702.31 answers 702.31b.",
        ),
    ) -> Response:
        kb = get()
        if wants_html(request):  # a browser: the reader's rule page (a few ms, like the lookup below)
            return rule_page(kb, request, number, lang, edition)
        return BoundedJSON(rule_answer(kb, number, lang, edition, children, defining))

    @app.get("/editions", summary="The imported documents", responses=responses(400))
    def get_editions(lang: str | None = Query(None, max_length=16)) -> Response:
        kb = get()
        found = kb.documents(lang=lang)
        if lang and not found:
            kb.resolve(None, lang=lang)  # UnknownLanguage (400), with the languages held
        return BoundedJSON([d.to_dict() for d in found])

    @app.get(
        "/glossary/{term:path}", summary="Glossary entries by term, in every language", responses=responses(400, 404)
    )
    def get_glossary(
        term: str,
        lang: str | None = Query(None, max_length=16),
        edition: str | None = Query(None, max_length=64),
        all: bool = Query(False, description="Every edition's entry, not only the newest."),
    ) -> Response:
        if not term.strip() or len(term) > 200:
            raise BadInput(_("a glossary term has 1 to 200 characters"))
        result = get().glossary(term, lang=lang, edition=edition, all_editions=all)
        if not result.entries and not result.listing:  # an ability word of 207.2c is answered as one
            raise TermNotFound(_("no glossary entry for {term!r}").format(term=term))
        return BoundedJSON(result.to_dict())

    @app.get(
        "/cards/{name:path}",
        summary="An imported card with its rules terms linked to their rules",
        description="The card's Oracle text, its rules terms each linked to its rule (terms), and what its "
        "text says about the rules (says: each wording with its place, its rules, most specific first, with "
        "their titles, and why; docs/cards.md).",
        responses=responses(400, 404, 503),
    )
    def get_card(
        name: str = PathParameter(..., min_length=1, max_length=200, description="A card's name in any language held."),
    ) -> Response:
        # a blank name is refused by the lookup, with the CLI's and MCP's message ("needs a letter or a digit")
        return BoundedJSON(get().card(name).to_dict())

    @app.get("/search", summary="Ranked search in every language; one result per rule", responses=responses(400, 404))
    def get_search(
        q: str = Query(..., min_length=1, max_length=10_000, description="The query; not empty."),
        lang: list[str] | None = Query(None),
        edition: str | None = Query(None, max_length=64),
        section: str | None = Query(None, max_length=16),
        limit: int = Query(10, ge=1, le=100),
    ) -> Response:
        # Only on an index built beforehand (at import or by `mtgkb reindex`): 503 at once otherwise.
        return BoundedJSON(
            get().search_if_indexed(q, langs=lang, edition=edition, section=section, limit=limit).to_dict()
        )

    @app.post(
        "/search",
        summary="The same search with the query in a JSON body (a long query in any script)",
        responses=responses(400, 404, 422),
    )
    def post_search(body: SearchRequest) -> Response:
        return BoundedJSON(
            get()
            .search_if_indexed(body.q, langs=body.lang, edition=body.edition, section=body.section, limit=body.limit)
            .to_dict()
        )

    # The slow routes (kb.http.slow takes them in turns).
    @app.post(
        "/cite",
        summary="Find and resolve the rule citations of a text (at most 1,000)",
        responses=responses(400, 404, 408, 413, 422),
    )
    def post_cite(body: CiteRequest) -> Response:
        check_text_given(body.text)  # 400: an empty text is no text to cite
        kb = get()
        known(kb, body.lang, body.edition)
        count_citations(body.text, body.lang)
        citations = [c.to_dict() for c in kb.cite(body.text, lang=body.lang, edition=body.edition)]
        if not body.cards:
            return BoundedJSON(citations)
        named = kb.cite_cards(body.text)
        return BoundedJSON(
            {
                "citations": citations,
                "cards": [c.to_dict() for c in named.cards],
                "cards_truncated": named.truncated,
                "cards_together": [item.to_dict() for item in named.together],
            }
        )

    @app.post(
        "/check",
        summary="Re-validate the citations of a text written against an older edition",
        responses=responses(400, 404, 408, 413, 422),
    )
    def post_check(body: CheckRequest) -> Response:
        check_text_given(body.text)
        kb = get()
        known(kb, body.lang)
        count_citations(body.text, body.lang)
        checked = kb.check(body.text, since=body.since, until=body.until, lang=body.lang)
        answer: dict[str, Any] = {"citations": [c.to_dict() for c in checked]}
        if body.fix:
            answer["text"], answer["changes"] = kb.fix_citations(body.text, checked)
        return BoundedJSON(answer)

    @app.get(
        "/trace/{number:path}", summary="A rule followed through every edition", responses=responses(400, 404, 409)
    )
    def get_trace(
        number: str,
        edition: str | None = Query(None, max_length=64),
        to: str | None = Query(None, max_length=64),
        back: bool = False,
    ) -> Response:
        if to and back:
            raise BadInput(_("give either `to` or `back`, not both"))
        return BoundedJSON(get().trace(number, edition, to=to, back=back).to_dict())

    @app.get(
        "/diff",
        summary="Every rule of two editions classified, with word-level changes",
        responses=responses(400, 404, 409, 413),
    )
    def get_diff(
        old: str = Query(..., min_length=1, max_length=64),
        new: str = Query(..., min_length=1, max_length=64),
        section: str | None = Query(None, max_length=16),
        lang: str | None = Query(None, max_length=16),
    ) -> Response:
        return BoundedJSON(get().diff(old, new, section=section, lang=lang).to_dict())

    @app.get(
        "/crosscheck",
        summary="Two rules of two languages or editions side by side, with findings",
        responses=responses(400, 404),
    )
    def get_crosscheck(
        a: str = Query(..., min_length=1, max_length=80, description='e.g. "de:702.23"; not empty.'),
        b: str = Query(..., min_length=1, max_length=80, description='e.g. "ja@2023-11-17:702.26"; not empty.'),
    ) -> Response:
        return BoundedJSON(get().crosscheck(a, b).to_dict())

    app.include_router(academy_router(get))  # Academy Ruins' /cr paths for bots (docs/bots.md)
    app.include_router(files_router(get))  # and its /file/cr, the published text
    app.include_router(history_router(get))  # and its /cr/trace and /diff/cr, from the chain
    # A streamed page (a whole document) reads through a facade of its own, closed at its end.
    app.include_router(reader_router(get, open_kb=lambda: KnowledgeBase.open(kb.path, readonly=True)))
    mount_static(app)
    mount_docs(app)
    app.state.kb = kb
    app.state.facades = facades
    return app
