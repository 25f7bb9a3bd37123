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
from dataclasses import dataclass, field

from kb.store.titles import fold_title, titled

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
    looked: dict[str, list[dict]] = {}  # a phrase quoted again is looked up once
    for match in _QUOTED.finditer(text):
        name = next(group for group in match.groups() if group is not None).strip()
        if len(_WORD.findall(name)) > MAX_WORDS:  # a quoted sentence (a card's text), no title
            continue
        near = _beside(match.start(), match.end(), numbered, text)
        if near is not None:
            beside.setdefault(near, name)
            continue
        cued = any(end <= match.start() and not text[end : match.start()].strip() for _start, end in cues)
        key = fold_title(name)
        found = looked[key] if key in looked else looked.setdefault(key, _named(store, name, lang, edition))
        taken.append((match.start(), match.end()))
        if found or cued:
            mentions.append(TitleMention(match.start(), match.end(), match.group(0), name, cued, found))
    for start, end in cues:
        if any(a <= end < b or end == a for a, b in taken) or _inside(end, numbered):
            continue
        mention = _after_cue(store, text, end, lang, edition)
        if mention is not None:
            mentions.append(mention)
    return sorted(mentions, key=lambda m: m.start), beside


def _named(store, name: str, lang: str | None, edition: str | None) -> list[dict]:
    """The rules titled ``name``: in ``lang``'s documents first, else in every language held; only
    those of the first language that has the title."""
    if not fold_title(name):
        return []
    hits = titled(store, name, lang=lang, edition=edition) if lang else []
    if not hits:
        hits = titled(store, name, edition=edition)
    # titled() without a language passes over documents it counts as copies, which the translations'
    # names ("CompRules_ja_20260116.0_lines") make them: each other language is asked by name.
    for other in [] if hits else dict.fromkeys(d["lang"] for d in store.documents() if d["lang"] != lang):
        hits = titled(store, name, lang=other, edition=edition)
        if hits:
            break
    return [hit for hit in hits if hit["lang"] == hits[0]["lang"]] if hits else []


def _after_cue(store, text: str, at: int, lang: str | None, edition: str | None) -> TitleMention | None:
    """The longest run of the words after a cue (up to MAX_WORDS, within its clause) that is a title."""
    stop = _STOP.search(text, at)
    clause = text[at : stop.start() if stop else len(text)]
    words = list(_WORD.finditer(clause))[:MAX_WORDS]
    for count in range(len(words), 0, -1):
        end = words[count - 1].end()
        name = clause[words[0].start() : end]
        hits = _named(store, name, lang, edition)
        if hits:
            start = at + words[0].start()
            return TitleMention(start, at + end, name, name, True, hits)
    return None


def _beside(start: int, end: int, numbered: list[tuple[int, int]], text: str) -> int | None:
    """The numbered citation a quoted phrase belongs to: inside its span, or at most NEAR characters of
    spaces and brackets away."""
    for index, (a, b) in enumerate(numbered):
        if a <= start and end <= b:
            return index
        gap = text[b:start] if b <= start else text[end:a] if end <= a else None
        if gap is not None and len(gap) <= NEAR and not gap.strip(" ,(–-"):
            return index
    return None


def _inside(at: int, spans: list[tuple[int, int]]) -> bool:
    return any(a <= at < b for a, b in spans)
