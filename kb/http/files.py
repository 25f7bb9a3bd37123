"""Academy Ruins' ``/file/cr``: the Comprehensive Rules text as published, for bots that parse it themselves.

judgebot (bra1n/judgebot, modules/cr.ts) downloads ``/file/cr`` and splits it into rules and glossary
itself. mtgkb answers the file a document was imported from, byte for byte (the bundled archive's member
or the imported file, checked against the SHA-256 recorded at import), with its charset: the newest English
edition by default, ``/file/cr/{edition}`` for another, ``lang`` for a translation's own file.

The bundled archive is one xz stream: reading a member takes 0.2-1 s, the target is 50 ms, so the server
keeps the last few files it sent, and their gzip copy once a client asks for gzip (measured by
bench/bench_academy.py and bench/bench_academy_full.py; bench/RESULTS.md). The copy is made at level 6: level 9
took 970 ms for the 1.7 MB UTF-16 file of 2022-11-18 (185 ms at 6, 3 % larger), and was made for every first
request, gzip or not.

``/file/cr/{edition}`` also takes the set code Academy Ruins names an edition by (``/file/cr/WOE``, any case;
data/set_codes.tsv through the one resolver) and its ``format`` (``any``, ``txt``, ``pdf``): a code it does not
know answers its 404 ``{"detail": "CR not available for this set"}``, a file of another format its 404
``{"detail": "CR for this set not available in specified format"}`` (lunakv/academyruins-api at f81bf2c,
src/cr/router.py raw_cr_by_set_code).
"""

from __future__ import annotations

import gzip
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from enum import Enum
from typing import Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse, Response

from kb.api import EditionNotFound, KnowledgeBase
from kb.http.academy import academy_responses

PUBLISHED: dict[int | str, dict[str, Any]] = {
    200: {"description": "The file as published, with its charset", "content": {"text/plain": {}}},
    304: {"description": "Not modified: If-None-Match names this file's ETag (its SHA-256)"},
}
KEPT = 3  # files kept in memory (about 1.3 MB each with the gzip copy): the newest English, a translation, one more
GZIP_LEVEL = 6  # zlib's default: 9 costs five times the time on a UTF-16 file for 3 % less
# A text Academy Ruins would take for a set code (its path parameter: 3 to 5 characters) and that is no date.
SET_CODE = re.compile(r"[A-Za-z0-9]{3,5}")
NO_SET: dict[int | str, dict[str, Any]] = {
    404: {
        "description": "Not found: an edition not held (mtgkb's body with a `detail`); a set code that names none, or"
        ' a format not held: Academy Ruins\' body {"detail": "CR not available for this set"} or {"detail": "CR for'
        ' this set not available in specified format"}'
    }
}


class FileFormat(str, Enum):
    """Academy Ruins' ``format`` of ``/file/cr/{set_code}``: a file of another format counts as missing."""

    any = "any"
    txt = "txt"
    pdf = "pdf"


class PublishedFiles:
    """The files sent lately, by document name and digest (a re-import under the same name is a new key),
    each with its gzip copy once asked for: compressing 1 MB per request took 100-200 ms
    (bench/bench_academy.py), sending the copy takes a few."""

    def __init__(self, kept: int = KEPT):
        self.kept = kept
        self.files: OrderedDict[tuple[str, str], list] = OrderedDict()  # [bytes, charset, gzip copy or None]
        self.lock = threading.Lock()

    def get(self, kb: KnowledgeBase, name: str, digest: str, *, packed: bool = False) -> tuple[bytes, str]:
        """(the bytes, the charset) of the document ``name``; with ``packed``, its gzip copy in place of
        the bytes (made on the first such request)."""
        key = (name, digest)
        with self.lock:
            found = self.files.get(key)
            if found is not None:
                self.files.move_to_end(key)
        if found is None:
            data, charset = kb.published_file(name)
            found = [data, charset, None]
            with self.lock:
                found = self.files.setdefault(key, found)
                while len(self.files) > self.kept:
                    self.files.popitem(last=False)
        if not packed:
            return found[0], found[1]
        if found[2] is None:
            found[2] = gzip.compress(found[0], compresslevel=GZIP_LEVEL, mtime=0)
        return found[2], found[1]


def files_router(get: Callable[[], KnowledgeBase]) -> APIRouter:
    """``GET /file/cr`` and ``GET /file/cr/{edition}`` over the facade ``get()`` returns."""
    router = APIRouter(prefix="/file", tags=["Academy Ruins-compatible"])
    kept = PublishedFiles()

    def send(request: Request, edition: str | None, lang: str, wanted: FileFormat = FileFormat.any) -> Response:
        kb = get()
        try:
            document = kb.resolve(edition, lang=lang)
        except EditionNotFound:
            if edition is not None and SET_CODE.fullmatch(edition):  # Academy Ruins' answer to a code it lacks
                return JSONResponse({"detail": "CR not available for this set"}, status_code=404)
            raise
        if wanted != FileFormat.any and not str(document.get("source") or document["name"]).endswith("." + wanted):
            return JSONResponse({"detail": "CR for this set not available in specified format"}, status_code=404)
        sha = document["sha256"]
        headers = {"ETag": f'"{sha}"', "X-Document": document["name"], "Vary": "Accept-Encoding"}
        if request.headers.get("if-none-match") == headers["ETag"]:  # the copy the client holds is this one
            return Response(status_code=304, headers=headers)
        packed = "gzip" in request.headers.get("accept-encoding", "")  # as Starlette's GZip middleware reads it
        data, charset = kept.get(kb, document["name"], sha, packed=packed)
        if packed:
            headers["Content-Encoding"] = "gzip"
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
        responses={**PUBLISHED, **academy_responses(400, 404), **NO_SET},
    )
    def edition(
        request: Request,
        edition: str = Path(
            ..., max_length=64, description="An edition (2023-11-17), a set code (WOE, any case) or a document name."
        ),
        lang: str = Query("en", max_length=16, description="A translation's own file (default English)."),
        format: FileFormat = Query(FileFormat.any, description="Only a file of this format (Academy Ruins')."),
    ) -> Response:
        return send(request, edition, lang, format)

    return router
