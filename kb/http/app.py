"""The HTTP API: FastAPI over kb.api, the database opened read-only, one connection per thread.

Field names follow what bots already read from Academy Ruins (ruleNumber, ruleText,
examples, navigation) and add the edition and a Yawgatog-style anchor ("#R70226b").
Every route runs in a worker thread (kb.http.threads), so a slow request never holds the
event loop; work per request is bounded (kb.http.limits); errors are JSON with the statuses
the OpenAPI document declares (kb.http.errors): 400 bad input, 404 not found, 413 too large,
422 a body that does not fit, 503 no database or no search index.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from kb.api import BadInput, KnowledgeBase, TermNotFound
from kb.http.cache import AnswerCache
from kb.http.headers import SecurityHeaders
from kb.http.slow import SlowPages
from kb.http.docs import mount_docs
from kb.http.errors import install_handlers, responses
from kb.http.language import UILanguageMiddleware
from kb.http.limits import MAX_BODY, BodyLimit
from kb.http.long import LongRequests
from kb.http.rule_lane import MAX_LENGTHS, RuleFastLane, rule_answer
from kb.http.threads import ThreadFacades, in_thread, size_thread_pool
from kb.i18n import _, ui_language
from kb.reader.routes import mount_static, reader_router, rule_page, wants_html

class CiteRequest(BaseModel):
    model_config = ConfigDict(strict=True)  # JSON types as declared: no 0 for false, no number for a text

    text: str = Field(..., max_length=MAX_BODY, description="Free text that cites rules.")
    lang: str | None = Field(None, max_length=16, description="Language of the rule texts to return.")
    edition: str | None = Field(None, max_length=64, description="Edition to resolve against; default the newest.")


class CheckRequest(BaseModel):
    model_config = ConfigDict(strict=True)

    text: str = Field(..., max_length=MAX_BODY, description="Text whose citations were written against `since`.")
    since: str = Field(..., min_length=1, max_length=64, description="The edition the text was written for.")
    until: str | None = Field(None, max_length=64, description="The edition to check against; default the newest.")
    lang: str | None = Field(None, max_length=16, description="Language of the text's citation words.")
    fix: bool = Field(False, description="Also return the text with moved numbers updated.")


def _json(body: bytes) -> Response:
    return Response(body, media_type="application/json")


def create_app(db_path: str | Path | None = None, *, cors: Sequence[str] = ()) -> FastAPI:
    """The application over one database (default: the default database), opened read-only.

    ``cors``: the origins whose web pages may call the API (none by default).
    """
    kb = KnowledgeBase.open(db_path, readonly=True)  # the startup check: refuses what is not a database
    facades = ThreadFacades(kb.path)
    worker = LongRequests(kb.path)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        size_thread_pool()
        worker.warm()
        yield
        facades.close()

    app = FastAPI(
        title="mtgkb",
        version="0.1.0",
        description="The Magic: The Gathering Comprehensive Rules in several languages and editions. Every "
                    "failure answers a JSON object with an `error` message (schema `ErrorBody`).",
        docs_url=None, redoc_url=None, lifespan=lifespan,
    )
    # Outermost last: CORS, then the interface language, the answer cache, the body limit, the fast lane
    # of plain rule lookups (kb.http.rule_lane), the routes.
    app.add_middleware(SlowPages)  # the reader's slow pages one at a time: a thread is left for the rest
    app.add_middleware(RuleFastLane, facades=facades)
    app.add_middleware(BodyLimit)
    app.add_middleware(AnswerCache, database=kb.path)
    app.add_middleware(UILanguageMiddleware)
    # Pages and answers compressed for clients that accept it (a whole document: 1.6 MB, about 0.3 MB gzipped).
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    if cors:
        from fastapi.middleware.cors import CORSMiddleware

        app.add_middleware(CORSMiddleware, allow_origins=list(cors), allow_methods=["GET", "POST"],
                           allow_headers=["Accept-Language", "Content-Type"], max_age=600)
    app.add_middleware(SecurityHeaders)  # outermost: every answer, errors and static files too
    install_handlers(app)
    get = facades.get

    # The fast lane (kb.http.rule_lane) takes the plain form of this route: the limits are shared.
    def get_rule(request: Request, number: str, lang: str | None = Query(
                     None, max_length=MAX_LENGTHS["lang"], description="Language of the text; default the "
                     "Accept-Language language where the rule has a text in it, else English."),
                 edition: str | None = Query(None, max_length=MAX_LENGTHS["edition"]),
                 children: bool = Query(False, description="Include the subrules with their texts."),
                 defining: bool = Query(False, description="A keyword's defining subrule (its `definingRule`) "
                                        "in place of the rule: 702.31 answers 702.31b.")):
        kb = get()
        if wants_html(request):  # a browser: the reader's rule page (a few ms, like the lookup below)
            return rule_page(kb, request, number, lang, edition)
        return rule_answer(kb, number, lang, edition, children, defining)

    def get_editions(lang: str | None = Query(None, max_length=16)):
        kb = get()
        found = kb.documents(lang=lang)
        if lang and not found:
            kb.resolve(None, lang=lang)  # UnknownLanguage (400), with the languages held
        return [d.to_dict() for d in found]

    def get_glossary(term: str, lang: str | None = Query(None, max_length=16),
                     edition: str | None = Query(None, max_length=64),
                     all: bool = Query(False, description="Every edition's entry, not only the newest.")):
        if not term.strip() or len(term) > 200:
            raise BadInput(_("a glossary term has 1 to 200 characters"))
        result = get().glossary(term, lang=lang, edition=edition, all_editions=all)
        if not result.entries:
            raise TermNotFound(_("no glossary entry for {term!r}").format(term=term))
        return result.to_dict()

    def get_search(q: str = Query(..., min_length=1, max_length=10_000, description="The query; not empty."),
                   lang: list[str] | None = Query(None),
                   edition: str | None = Query(None, max_length=64), section: str | None = Query(None, max_length=16),
                   limit: int = Query(10, ge=1, le=100)):
        # Only on an index built beforehand (at import or by `mtgkb reindex`): 503 at once otherwise.
        return get().search_if_indexed(q, langs=lang, edition=edition, section=section, limit=limit).to_dict()

    # The long requests run in the worker process (kb.http.long), which renders their JSON.
    async def post_cite(body: CiteRequest):
        return _json(await worker.run("cite", ui_language(), text=body.text, lang=body.lang, edition=body.edition))

    async def post_check(body: CheckRequest):
        return _json(await worker.run("check", ui_language(), text=body.text, since=body.since, until=body.until,
                                      lang=body.lang, fix=body.fix))

    async def get_trace(number: str, edition: str | None = Query(None, max_length=64),
                        to: str | None = Query(None, max_length=64), back: bool = False):
        return _json(await worker.run("trace", ui_language(), number=number, edition=edition, to=to, back=back))

    async def get_diff(old: str = Query(..., min_length=1, max_length=64),
                       new: str = Query(..., min_length=1, max_length=64),
                       section: str | None = Query(None, max_length=16), lang: str | None = Query(None, max_length=16)):
        return _json(await worker.run("diff", ui_language(), old=old, new=new, section=section, lang=lang))

    async def get_crosscheck(a: str = Query(..., min_length=1, max_length=80, description='e.g. "de:702.23"; not empty.'),
                             b: str = Query(..., min_length=1, max_length=80,
                                            description='e.g. "ja@2023-11-17:702.26"; not empty.')):
        return _json(await worker.run("crosscheck", ui_language(), a=a, b=b))

    quick = in_thread
    app.get("/rules/{number:path}", summary="One rule, with examples and navigation",
            responses=responses(400, 404))(quick(get_rule))
    app.get("/editions", summary="The imported documents", responses=responses(400))(quick(get_editions))
    app.get("/glossary/{term:path}", summary="Glossary entries by term, in every language",
            responses=responses(400, 404))(quick(get_glossary))
    app.get("/search", summary="Ranked search in every language; one result per rule",
            responses=responses(400, 404))(quick(get_search))
    app.post("/cite", summary="Find and resolve the rule citations of a text (at most 1,000)",
             responses=responses(400, 404, 408, 413, 422))(post_cite)
    app.post("/check", summary="Re-validate the citations of a text written against an older edition",
             responses=responses(400, 404, 408, 413, 422))(post_check)
    app.get("/trace/{number:path}", summary="A rule followed through every edition",
            responses=responses(400, 404))(get_trace)
    app.get("/diff", summary="Every rule of two editions classified, with word-level changes",
            responses=responses(400, 404, 413))(get_diff)
    app.get("/crosscheck", summary="Two rules of two languages or editions side by side, with findings",
            responses=responses(400, 404))(get_crosscheck)

    from kb.http.academy import academy_router

    app.include_router(academy_router(get))  # Academy Ruins' /cr paths for bots (docs/bots.md)
    app.include_router(reader_router(get))
    mount_static(app)
    mount_docs(app)
    app.state.kb = kb
    app.state.facades = facades
    app.state.worker = worker
    return app
