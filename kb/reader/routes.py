"""The reader's HTTP routes, mounted by kb.http.app: ``app.include_router(reader_router(get_kb))``.

Pages are HTML for people. ``GET /rules/{number}`` is shared with the JSON API: the server
asks ``wants_html`` and answers a browser with ``rule_page``. The routes are plain ``def``
so that FastAPI runs them in its thread pool and a long page never blocks other requests.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from importlib.resources import files
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles

from kb.api import KnowledgeBase
from kb.i18n import _, match_language, ui_language, using_language
from kb.reader import pages, views
from kb.reader.render import FLUSH, warm
from kb.reader.urls import Urls

UI_COOKIE = "mtgkb_ui"
URLS = Urls()
QUERY_LIMIT = 20_000  # characters of a search query the search page takes (the search itself reads 500)


def wants_html(request: Request) -> bool:
    """True when the client prefers HTML to JSON (a browser), by the Accept header's order and weights."""
    best: tuple[float, int] | None = None
    choice = None
    for position, item in enumerate(request.headers.get("accept", "").split(",")):
        kind, _sep, params = item.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        kind = kind.strip().lower()
        if kind in ("text/html", "application/xhtml+xml", "application/json") and quality > 0:
            rank = (-quality, position)
            if best is None or rank < best:
                best, choice = rank, kind
    return choice in ("text/html", "application/xhtml+xml")


def _interface(request: Request):
    """The interface language chosen with the switcher (a cookie), else the one Accept-Language gave."""
    chosen = match_language(request.cookies.get(UI_COOKIE))
    return using_language(chosen) if chosen else _Same()


class _Same:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


CHUNK = 32_768  # characters of a streamed page sent at once


def streamed(pieces: Iterable[str], lang: str, facade: KnowledgeBase | None = None) -> Iterator[str]:
    """The pieces of a streamed page in chunks of about ``CHUNK`` characters, each produced in ``lang``;
    a chunk also ends where the template wrote ``{{ flush }}`` (kb.reader.render.FLUSH).

    Starlette runs each step in a request thread (kb.http.threads) and none between two steps, so a
    page that waits for a slow reader holds no thread. A step sets the interface language itself:
    each runs in a fresh copy of the request's context. ``facade``, the page's own facade (the steps run
    in whichever thread is free, while the request threads' facades serve other requests), is closed
    when the page ends or its reader goes away.
    """
    source = iter(pieces)
    try:
        finished = False
        while not finished:
            chunk: list[str] = []
            size = 0
            with using_language(lang):
                while size < CHUNK:
                    piece = next(source, None)
                    if piece is None:
                        finished = True
                        break
                    chunk.append(piece)
                    size += len(piece)
                    if piece == FLUSH:
                        break
            if chunk:
                yield "".join(chunk)
    finally:
        if facade is not None:
            facade.close()


def _html(body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(body, status_code=status, headers={"Vary": "Accept, Accept-Language, Cookie"})


def rule_page(kb: KnowledgeBase, request: Request, number: str, lang: str | None, edition: str | None) -> Response:
    """The rule page a browser gets at ``/rules/{number}``; an unknown rule gets a page that says so."""
    with _interface(request):
        return _html(*pages.rule_or_missing(kb, URLS, number, lang=lang, edition=edition))


def _latest(kb: KnowledgeBase, lang: str) -> Response:
    """A temporary redirect to the newest full document of ``lang``, or a page naming the languages held."""
    documents = views.held_documents(kb)
    found = views.newest_full(documents, lang)
    if found is None:
        held = sorted({d.lang for d in documents})
        return _html(
            pages.render(
                "missing.html",
                URLS,
                message=_("no document in language {lang!r}").format(lang=lang),
                suggestions=[f"/latest/{code}" for code in held],
            ),
            404,
        )
    return RedirectResponse(URLS.document(found.name), status_code=302)


def reader_router(get_kb: Callable[[], KnowledgeBase], open_kb: Callable[[], KnowledgeBase] | None = None) -> APIRouter:
    """The reader's pages over the facade ``get_kb()`` returns (the request thread's); a streamed page
    reads through a facade of its own from ``open_kb()``, when given. None is in the OpenAPI document."""
    router = APIRouter(include_in_schema=False)

    def page_kb() -> tuple[KnowledgeBase, KnowledgeBase | None]:
        """The facade of a page that may stream, and the one to close when it ends (None: not ours)."""
        if open_kb is None:
            return get_kb(), None
        own = open_kb()
        return own, own

    warm()

    @router.get("/", response_class=HTMLResponse)
    def home(request: Request):
        with _interface(request):
            return _html(pages.home(get_kb(), URLS))

    @router.get("/read/doc/{name}")
    def document(request: Request, name: str):
        kb, own = page_kb()
        with _interface(request):
            found = pages.document_or_missing(kb, URLS, name)
            if isinstance(found, tuple):
                if own is not None:
                    own.close()
                return _html(*found)
            lang = ui_language()
        # The page streams: the first rules arrive while the rest is still being written.
        return StreamingResponse(
            streamed(found, lang, own),
            media_type="text/html; charset=utf-8",
            headers={"Vary": "Accept-Language, Cookie"},
        )

    @router.get("/read/glossary/{name}")
    def glossary(request: Request, name: str):
        with _interface(request):
            return _html(*pages.glossary_or_missing(get_kb(), URLS, name))

    @router.get("/read/side/docs")
    def side_docs(request: Request, d: list[str] = Query([], max_length=200)):
        kb, own = page_kb()
        with _interface(request):
            found = pages.side_docs(kb, URLS, [name for name in d if name][:3])
            if isinstance(found, tuple):
                if own is not None:
                    own.close()
                return _html(*found)
            lang = ui_language()
        return StreamingResponse(
            streamed(found, lang, own),
            media_type="text/html; charset=utf-8",
            headers={"Vary": "Accept-Language, Cookie"},
        )

    @router.get("/read/side")
    def side(request: Request, s: list[str] = Query([], max_length=80)):
        with _interface(request):
            return _html(*pages.side_by_side(get_kb(), URLS, s[:3]))

    @router.get("/read/history")
    def history(request: Request):
        with _interface(request):
            return _html(*pages.overview(get_kb(), URLS))

    @router.get("/read/history/{number}")
    def trace(request: Request, number: str, edition: str | None = Query(None, max_length=64)):
        with _interface(request):
            return _html(*pages.trace(get_kb(), URLS, number, edition))

    @router.get("/read/diff")
    def diff(
        request: Request,
        old: str = Query(..., max_length=64),
        new: str = Query(..., max_length=64),
        section: str | None = Query(None, max_length=16),
    ):
        with _interface(request):
            return _html(*pages.diff(get_kb(), URLS, old, new, section))

    @router.get("/read/renumbered")
    def renumbered(request: Request, old: str = Query(..., max_length=64), new: str = Query(..., max_length=64)):
        with _interface(request):
            return _html(*pages.renumbered(get_kb(), URLS, old, new))

    @router.get("/read/search")
    # A long query (a pasted paragraph) is answered as the CLI answers it: the search cuts it and says so
    # on the page. Only past QUERY_LIMIT is it refused, as bare parameter validation.
    def search(request: Request, q: str = Query("", max_length=QUERY_LIMIT), page: int = Query(1, ge=1, le=10)):
        with _interface(request):
            return _html(*pages.search(get_kb(), URLS, q, page))

    @router.get("/read/jump")
    def jump(request: Request, n: str = Query("", max_length=64)):
        """The jump-to-rule box: a rule number or a rule's title goes to its page, anything else to the search."""
        target = pages.jump(n) or pages.jump_named(get_kb(), n)
        return RedirectResponse(target or f"/read/search?{urlencode({'q': n})}", status_code=303)

    @router.get("/favicon.ico")
    def favicon():
        """Browsers ask for /favicon.ico whatever the page says: the icon is an SVG among the assets."""
        return RedirectResponse("/static/favicon.svg", status_code=301)

    @router.get("/latest")
    def latest(request: Request):
        """The newest English edition, at an address that stays: ``/latest#R70226b`` for a link."""
        return _latest(get_kb(), "en")

    @router.get("/latest/{lang}")
    def latest_in(request: Request, lang: str):
        """The newest full text of a language (``/latest/ja``)."""
        return _latest(get_kb(), lang)

    @router.get("/read/complete")
    def complete(q: str = Query("", max_length=200)):
        return JSONResponse(pages.completions(get_kb(), URLS, q))

    @router.get("/read/term/{query}")
    def term(request: Request, query: str):
        with _interface(request):
            return _html(*pages.term(get_kb(), URLS, query))

    # ``path``: a split card's name holds slashes ("Wear // Tear"), which the link's %2F does not keep.
    @router.get("/read/card/{name:path}")
    def card(request: Request, name: str):
        with _interface(request):
            return _html(*pages.card(get_kb(), URLS, name))

    @router.get("/read/ui/{lang}")
    def interface(request: Request, lang: str):
        back = request.headers.get("referer") or "/"
        if not back.startswith(str(request.base_url)):  # never redirect to another host
            back = "/"
        response = RedirectResponse(back, status_code=303)
        chosen = match_language(lang)
        if chosen:
            response.set_cookie(UI_COOKIE, chosen, max_age=365 * 86400, samesite="lax")
        return response

    return router


def mount_static(app) -> None:
    """The reader's CSS and script at /static (served from the package, so a wheel has them)."""
    app.mount("/static", StaticFiles(directory=str(files("kb.reader") / "static")), name="reader-static")
