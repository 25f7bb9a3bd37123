"""Academy Ruins' ``/file/cr``: the Comprehensive Rules text as published, for bots that parse it themselves.

judgebot (bra1n/judgebot, modules/cr.ts) downloads ``/file/cr`` and splits it into rules and glossary
itself. mtgkb answers the file a document was imported from, byte for byte (the bundled archive's member
or the imported file, checked against the SHA-256 recorded at import), with its charset: the newest English
edition by default, ``/file/cr/{edition}`` for another, ``lang`` for a translation's own file.

The bundled archive is one xz stream: reading a member takes 0.2-1 s, the target is 50 ms, so the server
keeps the last few files it sent, and their gzip copy (measured by bench/bench_academy.py; bench/RESULTS.md).
"""

from __future__ import annotations

import gzip
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import Response

from kb.api import KnowledgeBase
from kb.http.academy import academy_responses

PUBLISHED: dict[int | str, dict[str, Any]] = {
    200: {"description": "The file as published, with its charset", "content": {"text/plain": {}}},
    304: {"description": "Not modified: If-None-Match names this file's ETag (its SHA-256)"},
}
KEPT = 3  # files kept in memory (about 1.3 MB each with the gzip copy): the newest English, a translation, one more


class PublishedFiles:
    """The files sent lately, by document name and digest (a re-import under the same name is a new key),
    each with its gzip copy: compressing 1 MB per request took 160-200 ms (bench/bench_academy.py), sending
    the copy takes a few."""

    def __init__(self, kept: int = KEPT):
        self.kept = kept
        self.files: OrderedDict[tuple[str, str], tuple[bytes, bytes, str]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, kb: KnowledgeBase, name: str, digest: str) -> tuple[bytes, bytes, str]:
        """(the bytes, their gzip copy, the charset) of the document ``name``."""
        key = (name, digest)
        with self.lock:
            if key in self.files:
                self.files.move_to_end(key)
                return self.files[key]
        data, charset = kb.published_file(name)
        found = (data, gzip.compress(data, compresslevel=9, mtime=0), charset)
        with self.lock:
            self.files[key] = found
            while len(self.files) > self.kept:
                self.files.popitem(last=False)
        return found


def files_router(get: Callable[[], KnowledgeBase]) -> APIRouter:
    """``GET /file/cr`` and ``GET /file/cr/{edition}`` over the facade ``get()`` returns."""
    router = APIRouter(prefix="/file", tags=["Academy Ruins-compatible"])
    kept = PublishedFiles()

    def send(request: Request, edition: str | None, lang: str) -> Response:
        kb = get()
        document = kb.resolve(edition, lang=lang)
        sha = document["sha256"]
        data, packed, charset = kept.get(kb, document["name"], sha)
        headers = {"ETag": f'"{sha}"', "X-Document": document["name"], "Vary": "Accept-Encoding"}
        if request.headers.get("if-none-match") == headers["ETag"]:  # the copy the client holds is this one
            return Response(status_code=304, headers=headers)
        if "gzip" in request.headers.get("accept-encoding", ""):  # as Starlette's GZip middleware reads it
            data, headers["Content-Encoding"] = packed, "gzip"
        return Response(data, media_type=f"text/plain; charset={charset}", headers=headers)

    @router.get(
        "/cr",
        summary="The newest Comprehensive Rules text as published",
        response_class=Response,
        responses={**PUBLISHED, **academy_responses(400, 404)},
    )
    def latest(
        request: Request,
        lang: str = Query("en", max_length=16, description="A translation's own file (default English)."),
    ) -> Response:
        return send(request, None, lang)

    @router.get(
        "/cr/{edition}",
        summary="One edition's Comprehensive Rules text as published",
        response_class=Response,
        responses={**PUBLISHED, **academy_responses(400, 404)},
    )
    def edition(
        request: Request,
        edition: str = Path(..., max_length=64, description="An edition (2023-11-17) or a document name."),
        lang: str = Query("en", max_length=16, description="A translation's own file (default English)."),
    ) -> Response:
        return send(request, edition, lang)

    return router
