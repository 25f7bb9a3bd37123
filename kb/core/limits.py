"""The bounds of one request, the same in every front end: the HTTP API and the MCP server refuse alike.

A text to cite or check must hold more than spaces (an empty one is BadQuery: every front end said
"no citations" for it, exit 0 and HTTP 200), may be at most ``MAX_TEXT`` bytes (UTF-8) and cite at most
``MAX_CITATIONS`` rules, counted with the citation grammar before anything is resolved; an
answer may hold at most ``MAX_ANSWER`` bytes of JSON. Past any of them the request is refused
with a TooLarge condition that names the limit and the value, instead of minutes of work and
hundreds of megabytes (a 160 KB text used to resolve for 21 s into a 12 MB answer).
"""

from __future__ import annotations

from kb.core.citations import find_citations
from kb.core.errors import BadQuery, TooLarge
from kb.i18n import _, ngettext

MAX_TEXT = 1 << 20  # bytes of a text to cite or check (the HTTP API: of a request body)
MAX_CITATIONS = 1000  # cited numbers and ranges in one text
MAX_ANSWER = 8 << 20  # bytes of one JSON answer


def check_text_given(text: str) -> None:
    """BadQuery when ``text`` is empty or only spaces: nothing to cite, check or read card names in."""
    if not text.strip():
        raise BadQuery(_('the text is empty: give a text that cites rules ("see rule 702.26b") or names cards'))


def check_text_size(text: str, limit: int = MAX_TEXT) -> None:
    """TooLarge when ``text`` is more than ``limit`` bytes in UTF-8."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise TooLarge(
            ngettext(
                "the text is {size} bytes; at most {limit} byte is read",
                "the text is {size} bytes; at most {limit} bytes are read",
                limit,
            ).format(size=size, limit=limit)
        )


def count_citations(text: str, lang: str | None, limit: int = MAX_CITATIONS) -> int:
    """The numbers and ranges ``text`` cites; TooLarge past ``limit``, before any is resolved."""
    count = sum(len(citation.targets) for citation in find_citations(text, lang, mode="free"))
    if count > limit:
        raise TooLarge(
            ngettext(
                "the text cites {count} rules; at most {limit} are answered per request",
                "the text cites {count} rules; at most {limit} are answered per request",
                count,
            ).format(count=count, limit=limit)
        )
    return count


def check_answer_size(size: int, limit: int = MAX_ANSWER) -> None:
    """TooLarge when an answer of ``size`` bytes is over ``limit``."""
    if size > limit:
        raise TooLarge(
            _("the answer would be {size} bytes; at most {limit} are sent: cite fewer or narrower rules").format(
                size=size, limit=limit
            )
        )
