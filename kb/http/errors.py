"""Every answer the server can give besides a success: its JSON body, its schema, its status.

One handler per kind of failure, each answering ``{"error": ...}`` in the request's
language: a condition of kb.core.errors with the status its class carries (400 bad input,
404 not found, 413 too large, 503 no database or no search index), a request that does not
fit the API (400 for a query or path parameter, 422 for a body, with ``problems``), and
Starlette's own 404 and 405 (the latter with its ``Allow`` header). ``responses`` declares
the same statuses in the OpenAPI document, route by route.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from kb.api import MtgkbError, database_fault
from kb.i18n import N_, _

# Starlette's own error details, so that they are answered in the request's language too.
HTTP_DETAILS = (N_("Not Found"), N_("Method Not Allowed"))

# What a validation problem says, by pydantic's error type, in the interface language.
PROBLEMS = {
    "missing": N_("this field is required"),
    "string_too_long": N_("at most {max_length} characters"),
    "string_too_short": N_("must not be empty"),
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


class Problem(BaseModel):
    field: str = Field(..., description='Where: "query.q", "body.text", ...')
    type: str = Field(..., description="pydantic's name of the problem")
    message: str


class ErrorBody(BaseModel):
    """What every failure answers."""

    error: str = Field(..., description="The problem, in the request's interface language.")
    suggestions: list[str] = Field([], description="What exists nearby (rule numbers, editions, languages).")
    problems: list[Problem] = Field(
        [], description="With 400 and 422 for a request that does not fit the API: each field's problem."
    )
    kind: str | None = Field(None, description="The condition's class (RuleNotFound, UnknownLanguage, ...).")
    counterparts: list[dict] = Field(
        [],
        description="With 404 for a rule number: the same rule where its number "
        "names it in another edition or language, through the chain.",
    )


_WHEN = {
    400: "Bad input: a rule number that is none, an unknown language, an empty or too long parameter.",
    404: "Not found: no such rule, edition, document or term; `suggestions` names the nearest.",
    408: "The request body did not arrive in time.",
    409: "Not held yet: an edition the package carries that this database lacks (the small database); "
    "the message says which editions are held and that `mtgkb build` adds every edition since 1999.",
    413: "Too large: a body over 1 MB, a text citing more than 1,000 rules, an answer over 8 MB.",
    422: "A body that does not fit the schema; `problems` lists the fields.",
    503: "No usable database, or no search index yet: the message says what to run.",
}


def responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of a route for these failure statuses (503 always)."""
    return {status: {"model": ErrorBody, "description": _WHEN[status]} for status in sorted({*statuses, 503})}


def _problem(error: dict) -> str:
    """One field problem for people; pydantic's own (English) words where we have none."""
    msgid = PROBLEMS.get(error["type"])
    try:
        return _(msgid).format(**error.get("ctx", {})) if msgid else error["msg"]
    except (KeyError, IndexError):
        return error["msg"]


# Academy Ruins' paths: their failures answer its bodies, ``{"detail": ...}`` (kb.http.academy).
ACADEMY_PREFIXES = ("/cr", "/file/cr", "/diff/cr")


def academy_path(request: Request) -> bool:
    """Whether the request is for one of Academy Ruins' paths (``/cr``, ``/cr/...``, ``/file/cr...``)."""
    path = request.url.path
    return any(path == prefix or path.startswith(prefix + "/") for prefix in ACADEMY_PREFIXES)


def academy_detail(error: RequestValidationError) -> str:
    """pydantic's account of the problems as one text, the way Academy Ruins' 422 ``detail`` reads
    ("1 validation error:" then one line per problem), without where in the code it was raised."""
    problems = error.errors()
    lines = [
        str({key: problem[key] for key in ("type", "loc", "msg", "input") if key in problem}) for problem in problems
    ]
    head = f"{len(problems)} validation error{'s' if len(problems) != 1 else ''}:"
    return "\n  ".join([head, *lines])


def install_handlers(app: FastAPI) -> None:
    """Answer every failure as JSON with the statuses declared by ``responses``."""

    @app.exception_handler(MtgkbError)
    async def condition(request: Request, error: MtgkbError):
        """Every condition answered with the status its class carries (kb.core.errors); on Academy
        Ruins' paths with its ``detail`` besides (an unknown language or edition: mtgkb's parameters)."""
        body = error.to_dict()
        if academy_path(request):
            body = {"detail": body["error"], **body}
        return JSONResponse(body, status_code=error.http_status)

    @app.exception_handler(sqlite3.Error)
    async def database(request: Request, error: sqlite3.Error):
        """A fault of the database itself (locked, damaged, gone) as its DatabaseError: 503 naming it."""
        kb = getattr(request.app.state, "kb", None)
        fault = database_fault(error, kb.path if kb is not None else None)
        return JSONResponse(fault.to_dict(), status_code=fault.http_status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException):
        # The headers go along: a 405 names the methods that are allowed (Allow).
        if academy_path(request):  # Starlette's own body, as Academy Ruins answers it
            return JSONResponse({"detail": error.detail}, status_code=error.status_code, headers=error.headers)
        return JSONResponse({"error": _(str(error.detail))}, status_code=error.status_code, headers=error.headers)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, error: RequestValidationError):
        if academy_path(request):  # Academy Ruins: 422 with pydantic's account as one text
            return JSONResponse({"detail": academy_detail(error)}, status_code=422)
        problems = [
            {"field": ".".join(str(p) for p in e["loc"]), "type": e["type"], "message": _problem(e)}
            for e in error.errors()
        ]
        in_body = any(e["loc"] and e["loc"][0] == "body" for e in error.errors())
        # A parameter of the query or the path is bad input like any other (400); a body that does
        # not fit its schema is 422.
        message = (
            _("the request does not fit the API")
            if in_body
            else _("bad parameter {field}: {problem}").format(
                field=problems[0]["field"].partition(".")[2] or problems[0]["field"], problem=problems[0]["message"]
            )
        )
        return JSONResponse({"error": message, "problems": problems}, status_code=422 if in_body else 400)
