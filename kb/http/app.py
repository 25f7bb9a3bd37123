"""The HTTP API: FastAPI over kb.api, the database opened read-only.

Field names follow what bots already read from Academy Ruins (ruleNumber, ruleText,
examples, navigation) and add the edition and a Yawgatog-style anchor ("#R70226b").
Errors are JSON: 404 for an unknown rule (with the nearest numbers), 400 for a bad
query, 422 for a bad body, 413 for a body over 1 MB.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from kb.api import BadInput, KnowledgeBase, MtgkbError, TermNotFound
from kb.http.language import UILanguageMiddleware
from kb.i18n import N_, _, ngettext
from kb.reader.routes import mount_static, reader_router, rule_page, wants_html

MAX_BODY = 1 << 20
# Starlette's own error details, so that they are answered in the request's language too.
HTTP_DETAILS = (N_("Not Found"), N_("Method Not Allowed"))


class CiteRequest(BaseModel):
    text: str = Field(..., max_length=MAX_BODY, description="Free text that cites rules.")
    lang: str | None = Field(None, max_length=16, description="Language of the rule texts to return.")
    edition: str | None = Field(None, max_length=64, description="Edition to resolve against; default the newest.")


class CheckRequest(BaseModel):
    text: str = Field(..., max_length=MAX_BODY, description="Text whose citations were written against `since`.")
    since: str = Field(..., max_length=64, description="The edition the text was written for.")
    until: str | None = Field(None, max_length=64, description="The edition to check against; default the newest.")
    lang: str | None = Field(None, max_length=16, description="Language of the text's citation words.")
    fix: bool = Field(False, description="Also return the text with moved numbers updated.")


# What a validation problem says, by pydantic's error type, in the interface language.
PROBLEMS = {
    "missing": N_("this field is required"),
    "string_too_long": N_("at most {max_length} characters"),
    "string_type": N_("expected a text"),
    "json_invalid": N_("the body is not valid JSON"),
    "bool_parsing": N_("expected true or false"),
    "bool_type": N_("expected true or false"),
    "int_parsing": N_("expected a whole number"),
    "int_type": N_("expected a whole number"),
    "less_than_equal": N_("at most {le}"),
    "greater_than_equal": N_("at least {ge}"),
    "dict_type": N_("expected a JSON object"),
    "model_attributes_type": N_("expected a JSON object"),
}


def _problem(error: dict) -> str:
    """One field problem for people; pydantic's own (English) words where we have none."""
    msgid = PROBLEMS.get(error["type"])
    try:
        return _(msgid).format(**error.get("ctx", {})) if msgid else error["msg"]
    except (KeyError, IndexError):
        return error["msg"]


def rule_payload(rule, children: list | None = None) -> dict[str, Any]:
    """A rule in the shape bots know (kb.core.model.Rule.payload), with its subrules when asked."""
    payload = rule.payload()
    if children is not None:
        payload["subrules"] = [rule_payload(child) for child in children]
    return payload


def create_app(db_path: str | Path | None = None) -> FastAPI:
    """The application over one database (default: the default database), opened read-only."""
    kb = KnowledgeBase.open(db_path, readonly=True)
    app = FastAPI(
        title="mtgkb",
        version="0.1.0",
        description="The Magic: The Gathering Comprehensive Rules in several languages and editions.",
    )

    @app.middleware("http")
    async def limit_body(request: Request, call_next):
        length = request.headers.get("content-length")
        too_large = bool(length) and (not length.isdigit() or int(length) > MAX_BODY)
        if not too_large and request.method in ("POST", "PUT", "PATCH") and not length:
            too_large = len(await request.body()) > MAX_BODY
        if too_large:
            message = ngettext("the body is larger than {n} byte", "the body is larger than {n} bytes", MAX_BODY)
            return JSONResponse({"error": message.format(n=MAX_BODY)}, status_code=413)
        return await call_next(request)

    app.add_middleware(UILanguageMiddleware)

    @app.exception_handler(MtgkbError)
    async def condition(request: Request, error: MtgkbError):
        """Every condition answered with the status its class carries (kb.core.errors)."""
        return JSONResponse(error.to_dict(), status_code=error.http_status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException):
        return JSONResponse({"error": _(str(error.detail))}, status_code=error.status_code)

    @app.exception_handler(RequestValidationError)
    async def bad_body(request: Request, error: RequestValidationError):
        problems = [{"field": ".".join(str(p) for p in e["loc"]), "type": e["type"], "message": _problem(e)}
                    for e in error.errors()]
        return JSONResponse({"error": _("the request does not fit the API"), "problems": problems}, status_code=422)

    @app.get("/rules/{number}", summary="One rule, with examples and navigation")
    async def get_rule(request: Request, number: str, lang: str | None = Query(
                           None, max_length=16, description="Language of the text; default the Accept-Language "
                           "language where the rule has a text in it, else English."),
                       edition: str | None = Query(None, max_length=64),
                       children: bool = Query(False, description="Include the subrules with their texts.")):
        if wants_html(request):  # a browser: the reader's rule page (a few ms, like the lookup below)
            return rule_page(kb, request, number, lang, edition)
        rule = kb.rule(number, lang=lang, edition=edition)
        subrules = None
        if children:
            subrules = [r for r in kb.rules(rule.number, lang=rule.lang, edition=rule.document) if r.number != rule.number]
        return rule_payload(rule, subrules)

    @app.get("/editions", summary="The imported documents")
    async def get_editions(lang: str | None = Query(None, max_length=16)):
        return [d.to_dict() for d in kb.documents(lang=lang)]

    @app.get("/glossary/{term}", summary="Glossary entries by term, in every language")
    async def get_glossary(term: str, lang: str | None = Query(None, max_length=16),
                           edition: str | None = Query(None, max_length=64),
                           all: bool = Query(False, description="Every edition's entry, not only the newest.")):
        if not term.strip() or len(term) > 200:
            raise BadInput(_("a glossary term has 1 to 200 characters"))
        result = kb.glossary(term, lang=lang, edition=edition, all_editions=all)
        if not result.entries:
            raise TermNotFound(_("no glossary entry for {term!r}").format(term=term))
        return result.to_dict()

    @app.get("/search", summary="Ranked search in every language; one result per rule")
    async def get_search(q: str = Query(..., max_length=10_000), lang: list[str] | None = Query(None),
                         edition: str | None = Query(None, max_length=64), section: str | None = Query(None, max_length=16),
                         limit: int = Query(10, ge=1, le=100)):
        return kb.search(q, langs=lang, edition=edition, section=section, limit=limit).to_dict()

    @app.post("/cite", summary="Find and resolve the rule citations of a text")
    async def post_cite(body: CiteRequest):
        return [c.to_dict() for c in kb.cite(body.text, lang=body.lang, edition=body.edition)]

    @app.post("/check", summary="Re-validate the citations of a text written against an older edition")
    async def post_check(body: CheckRequest):
        checked = kb.check(body.text, since=body.since, until=body.until, lang=body.lang)
        answer: dict[str, Any] = {"citations": [c.to_dict() for c in checked]}
        if body.fix:
            answer["text"], answer["changes"] = kb.fix_citations(body.text, checked)
        return answer

    @app.get("/trace/{number}", summary="A rule followed through every edition")
    async def get_trace(number: str, edition: str | None = Query(None, max_length=64),
                        to: str | None = Query(None, max_length=64), back: bool = False):
        if to and back:
            raise BadInput(_("give either `to` or `back`, not both"))
        return kb.trace(number, edition, to=to, back=back).to_dict()

    @app.get("/diff", summary="Every rule of two editions classified, with word-level changes")
    async def get_diff(old: str = Query(..., max_length=64), new: str = Query(..., max_length=64),
                       section: str | None = Query(None, max_length=16), lang: str | None = Query(None, max_length=16)):
        return kb.diff(old, new, section=section, lang=lang).to_dict()

    @app.get("/crosscheck", summary="Two rules of two languages or editions side by side, with findings")
    async def get_crosscheck(a: str = Query(..., max_length=80, description='e.g. "de:702.23"'),
                             b: str = Query(..., max_length=80, description='e.g. "ja@2023-11-17:702.26"')):
        return kb.crosscheck(a, b).to_dict()

    def facade() -> KnowledgeBase:
        return kb

    app.include_router(reader_router(facade))
    mount_static(app)
    app.state.kb = kb
    return app


def serve(host: str = "127.0.0.1", port: int = 8000, db_path: str | Path | None = None) -> None:
    import uvicorn

    uvicorn.run(create_app(db_path), host=host, port=port, log_level="warning")
