"""What kind of citation difference a translation has: an old number, another rule, one left out.

A translation made from an older edition keeps citing the numbers of that edition
("rule 731〔不正な処理の扱い〕" where the original now cites 732). The renumbering
chain tells that case apart from a citation of another rule: the original's cited rule,
traced back through the older English editions, once had the number the translation
cites. What is left over is a citation of a different rule, a citation left out, or
one the original does not have.

Titles in 〔〕, 「」 or quotes after a cited number are checked against the title the
cited rule has in the same document: "725〔ゲームを再び開始する〕" in a document whose
725 is イニシアチブ names the rule by its old number.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from kb.core.citations import find_citations
from kb.core.model import Serialisable
from kb.core.numbers import RuleNumber
from kb.history import trace

# The kinds of a citation difference, in report order.
RENUMBERED, STALE_ORIGINAL, DIFFERENT, OMITTED, ADDED = (
    "old number",
    "old number in the original",
    "different rule",
    "left out",
    "not in the original",
)
CITATION_KINDS = (RENUMBERED, STALE_ORIGINAL, DIFFERENT, OMITTED, ADDED)
_TITLE_NOISE = re.compile(r"[\s・･·.,、。，:：;；\"'“”‘’「」『』〔〕（）()\-‐–—]")


@dataclass(frozen=True)
class CitationPart(Serialisable):
    """One difference: the translation cites ``translation`` where the original cites ``original``."""

    kind: str  # one of CITATION_KINDS
    translation: str | None  # what the translation cites
    original: str | None  # what the original cites
    edition: str | None = None  # for an old number: the newest English edition where it was that number


class OldNumbers:
    """Earlier numbers of the original's rules, read from the renumbering chain (cached per number)."""

    def __init__(self, conn, document: str | None):
        self.conn, self.document = conn, document

    def of(self, number: str) -> dict[str, str]:
        """Earlier number -> the newest edition in which the rule had it ({} when the chain cannot tell)."""
        return dict(self._earlier(number))

    @lru_cache(maxsize=None)
    def _earlier(self, number: str) -> tuple[tuple[str, str], ...]:
        if self.conn is None or self.document is None:
            return ()

        try:
            walked = trace(self.conn, number, self.document, back=True, subrules=False)
        except LookupError:
            return ()
        found: dict[str, str] = {}
        for step in walked.steps[1:]:
            if step.number and step.number != number and step.number not in found:
                found[step.number] = step.edition
        return tuple(found.items())


def classify(
    only_translation: list[str], only_original: list[str], old: OldNumbers | None, titled: dict[str, str] | None = None
) -> list[CitationPart]:
    """Pair what only the translation cites with what only the original cites.

    An old number of the same rule first: the chain says so, or else the translation gives
    the cited number the title its document gives the original's number (``titled``: cited
    number -> the number whose title it is); then the original citing the old number of the
    rule the translation cites (the original is behind: 614.12b where 614.12c is meant); then
    rules of the same chapter, or the one left on each side, as a different rule; then the
    rest as left out or added.
    """
    left_tr, left_en = list(only_translation), list(only_original)
    parts: list[CitationPart] = []
    for original in list(left_en):
        earlier = old.of(original) if old is not None else {}
        cited = next((n for n in left_tr if n in earlier), None)
        edition = earlier.get(cited) if cited else None
        if cited is None:
            cited = next((n for n in left_tr if (titled or {}).get(n) == original), None)
        if cited is not None:
            parts.append(CitationPart(RENUMBERED, cited, original, edition))
            left_tr.remove(cited)
            left_en.remove(original)
    if old is not None:  # the original still cites the old number of the rule the translation cites
        for cited in list(left_tr):
            earlier = old.of(cited)
            behind = next((n for n in left_en if n in earlier), None)
            if behind is not None:
                parts.append(CitationPart(STALE_ORIGINAL, cited, behind, earlier[behind]))
                left_tr.remove(cited)
                left_en.remove(behind)
    for original in list(left_en):
        near = [n for n in left_tr if _near(n, original)]
        cited = near[0] if near else (left_tr[0] if len(left_tr) == len(left_en) == 1 else None)
        if cited is not None:
            parts.append(CitationPart(DIFFERENT, cited, original))
            left_tr.remove(cited)
            left_en.remove(original)
    parts += [CitationPart(OMITTED, None, n) for n in left_en]
    parts += [CitationPart(ADDED, n, None) for n in left_tr]
    return parts


def _near(a: str, b: str) -> bool:
    """Numbers that stand in each other's place: the same chapter, or both chapters."""
    x, y = RuleNumber.parse(a), RuleNumber.parse(b)
    return x.kind == y.kind and (x.kind in ("chapter", "section") or x.chapter == y.chapter)


def same_title(cited: str, stored: str | None) -> bool:
    """A cited title names the stored one: equal once spaces, ・ and punctuation are gone, or one
    contains the other ("不正な処理の扱い" and "不正な処理の扱い方")."""
    if not stored:
        return True  # nothing to compare with
    a, b = fold_title(cited), fold_title(stored)
    return not a or not b or a == b or a in b or b in a


def fold_title(text: str) -> str:
    return _TITLE_NOISE.sub("", unicodedata.normalize("NFKC", text).casefold())


@dataclass(frozen=True)
class CitedTitle:
    """A title the translation gives a cited rule, and the title that rule has in the document."""

    number: str
    cited: str
    stored: str | None
    titled: str | None  # the number whose title it is in the document, when one has it


def cited_titles(
    text: str, lang: str, titles: dict[str, str], numbers: dict[str, str] | None = None
) -> list[CitedTitle]:
    """Titles after cited numbers that are not the cited rule's title in ``titles`` (number -> title);
    ``numbers`` (folded title -> number) names the rule whose title it is."""
    wrong = []
    for citation in find_citations(text, lang):
        for target, title in zip(citation.targets, citation.titles):
            if title is None or not isinstance(target, RuleNumber):
                continue
            number = str(target)
            stored = titles.get(number)
            if stored is None or same_title(title, stored):
                continue
            wrong.append(CitedTitle(number, title, stored, (numbers or {}).get(fold_title(title))))
    return wrong


def title_numbers(titles: dict[str, str]) -> dict[str, str]:
    """Folded title -> number, the first number of each title."""
    found: dict[str, str] = {}
    for number, title in titles.items():
        found.setdefault(fold_title(title), number)
    return found
