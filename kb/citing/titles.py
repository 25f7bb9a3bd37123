"""Rules cited by their titles alone: 'the rule on “Phasing”', 'see the rule on state-based actions',
'siehe „Instabilität“', '「フェイジング」を参照'.

People name rules by title as often as by number. A title is read where the text marks it as one: in
quotes of any language, or after words that say a rule follows ("rule on", "Regel zu", "правило о").
Only a rule's exact title (kb.store.titles.fold_title: case, quotes, a leading article, hyphens aside)
in a document that answers by default counts, first in the language asked for, then in any language
held. Nothing is guessed from a near spelling: a quoted phrase that is no title is no citation, and a
title that several rules bear gives them all.

A quoted title right beside a number ('“Phasing” (702.26)') is that number's title, not a citation of
its own: kb.citing.cite checks the two agree.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field

from kb.core.errors import MtgkbError
from kb.store.documents import primary_language, resolve
from kb.store.titles import fold_title

# A quoted phrase: the pairs of quotes the languages held use; straight single quotes are apostrophes too.
_QUOTED = re.compile(
    r"“(?P<a>[^“”\n]{1,80})”|„(?P<b>[^„“”\n]{1,80})[“”]|\"(?P<c>[^\"\n]{1,80})\"|«\s?(?P<d>[^«»\n]{1,80}?)\s?»"
    r"|「(?P<e>[^「」\n]{1,80})」|『(?P<f>[^『』\n]{1,80})』|‘(?P<g>[^‘’\n]{1,80})’"
)
# Words saying that a rule's title follows, in the languages whose texts cite rules.
_CUE = re.compile(
    r"\b(?:rules?|section)\s+(?:on|about|for)\s+(?:the\s+)?"
    r"|\bRegeln?\s+(?:zu|zum|zur|über|für)\s+(?:(?:der|die|das|den|dem)\s+)?"
    r"|\bправил[оа]?\s+(?:о|об|про)\s+",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W\d_][\w\-‐’']*")
_STOP = re.compile(r"[.,;:!?()\[\]\n]")  # an unquoted title ends at a sentence's or a clause's mark
MAX_WORDS = 7  # the longest title: "Interaction of Replacement and/or Prevention Effects" (2026-08-07)
NEAR = 3  # characters between a quoted title and a number it stands beside ('“Phasing” (702.26)')


@dataclass
class TitleMention:
    """A title in the text and the rules it names (each {"number", "title", "lang", "document"})."""

    start: int
    end: int
    raw: str  # as written, with its quotes
    name: str  # the title alone
    cued: bool  # after "rule on" and the like: the writer means a rule, so finding none is reported
    hits: list[dict] = field(default_factory=list)


def find_titles(
    store, text: str, numbered: list[tuple[int, int]], *, lang: str | None = None, edition: str | None = None
) -> tuple[list[TitleMention], dict[int, str]]:
    """The titles ``text`` cites by themselves, and the quoted titles standing beside a numbered
    citation (``numbered``: its spans), as {index in ``numbered``: title}."""
    mentions: list[TitleMention] = []
    beside: dict[int, str] = {}
    cues = [(m.start(), m.end()) for m in _CUE.finditer(text)]
    taken: list[tuple[int, int]] = []
    spans = _Numbered(numbered)
    table: list[TitleTable] = []  # read once, at the first phrase that is not a number's title

    def named(name: str) -> list[dict]:
        if not table:
            table.append(TitleTable(store, edition))
        return table[0].named(name, lang)

    for match in _QUOTED.finditer(text):
        name = next(group for group in match.groups() if group is not None).strip()
        if len(_WORD.findall(name)) > MAX_WORDS:  # a quoted sentence (a card's text), no title
            continue
        near = spans.beside(match.start(), match.end(), text)
        if near is not None:
            beside.setdefault(near, name)
            continue
        cued = any(end <= match.start() and not text[end : match.start()].strip() for _start, end in cues)
        found = named(name)
        taken.append((match.start(), match.end()))
        if found or cued:
            mentions.append(TitleMention(match.start(), match.end(), match.group(0), name, cued, found))
    for _start, end in cues:
        if any(a <= end < b or end == a for a, b in taken) or _inside(end, numbered):
            continue
        mention = _after_cue(named, text, end)
        if mention is not None:
            mentions.append(mention)
    return sorted(mentions, key=lambda m: m.start), beside


class TitleTable:
    """Every rule title of the documents a title is looked for in, folded, from one query: per language
    the documents of the edition asked for (by default the newest), best first, and the undated ones.
    The choice is kb.store.titles.titled's, over every language at once (titled() without a language
    passes over the translations, whose names make them look like copies)."""

    def __init__(self, store, edition: str | None):
        docs = store.documents()
        chosen: list[dict] = []
        for lang in dict.fromkeys(d["lang"] for d in docs):
            try:
                found = resolve(docs, lang=lang, edition=edition)
            except MtgkbError:  # no document of that language in force then
                continue
            chosen.extend(d for d in found if d["edition"] and d["edition"] == found[0]["edition"])
        chosen.extend(d for d in docs if not d["edition"])
        rank = {d["id"]: index for index, d in enumerate(chosen)}
        marks = ", ".join("?" * len(rank))
        rows = store.conn.execute(
            f"select document_id, number, title from rules where title is not null and document_id in ({marks})",
            list(rank),
        ).fetchall()
        by_id = {d["id"]: d for d in chosen}
        self.hits: dict[str, dict[tuple[str, str], dict]] = {}
        for doc_id, number, title in sorted(rows, key=lambda row: rank[row[0]]):
            doc = by_id[doc_id]
            self.hits.setdefault(fold_title(title), {}).setdefault(
                (primary_language(doc["lang"]), number),
                {
                    "number": number,
                    "title": title,
                    "lang": doc["lang"],
                    "document": doc["name"],
                    "dated": bool(doc["edition"]),
                },
            )

    def named(self, name: str, lang: str | None) -> list[dict]:
        """The rules titled ``name``: in ``lang`` first, else dated texts before undated ones, English
        first, then the other languages; only those of the first language that has the title."""
        found = list(self.hits.get(fold_title(name), {}).values())
        if not found:
            return []
        wanted = primary_language(lang) if lang else None
        first = min(
            found,
            key=lambda hit: (
                primary_language(hit["lang"]) != wanted,
                not hit["dated"],
                hit["lang"] != "en",
                hit["lang"],
            ),
        )
        return [
            {key: value for key, value in hit.items() if key != "dated"}
            for hit in found
            if hit["lang"] == first["lang"] and hit["dated"] == first["dated"]
        ]


def _after_cue(named, text: str, at: int) -> TitleMention | None:
    """The longest run of the words after a cue (up to MAX_WORDS, within its clause) that is a title."""
    stop = _STOP.search(text, at)
    clause = text[at : stop.start() if stop else len(text)]
    words = list(_WORD.finditer(clause))[:MAX_WORDS]
    for count in range(len(words), 0, -1):
        end = words[count - 1].end()
        name = clause[words[0].start() : end]
        hits = named(name)
        if hits:
            start = at + words[0].start()
            return TitleMention(start, at + end, name, name, True, hits)
    return None


class _Numbered:
    """The spans of the numbered citations, sorted, to find the one a quoted phrase stands in or beside
    without comparing it with every one (a glossary's 800 citations and 700 quotes took 3 s)."""

    def __init__(self, spans: list[tuple[int, int]]):
        self.spans = spans
        self.order = sorted(range(len(spans)), key=lambda index: spans[index])
        self.starts = [spans[index][0] for index in self.order]

    def beside(self, start: int, end: int, text: str) -> int | None:
        """The citation a quoted phrase belongs to: inside its span, or at most NEAR characters of spaces
        and brackets away."""
        at = bisect_right(self.starts, start)
        for index in self.order[max(0, at - 3) : at + 2]:
            a, b = self.spans[index]
            if a <= start and end <= b:
                return index
            gap = text[b:start] if b <= start else text[end:a] if end <= a else None
            if gap is not None and len(gap) <= NEAR and not gap.strip(" ,(–-"):
                return index
        return None


def _inside(at: int, spans: list[tuple[int, int]]) -> bool:
    return any(a <= at < b for a, b in spans)
