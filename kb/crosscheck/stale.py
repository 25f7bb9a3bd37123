"""Text left from an earlier edition of the original: a game term the translation still says that the English of
the rule said in an earlier edition and no longer says.

Translators bring their text up to a new edition by the changes they notice, and a clause the English dropped can
stay behind. The Chinese translation of 2023-11-17 (its first state in the translators' history) still lets a player
reveal a companion "after setting aside their sideboard" (103.2b, 在将备牌放在一边之后; the English dropped those
words in 2022-10-07) and says damage is processed by replacement "and prevention effects" (120.4c, 和防止性效应, gone
from the English before 2020); both were corrected later. Read against the English of its own edition alone, such a
term is one the original does not name, which a translation often adds for clarity (kb.crosscheck.added reads that
weak evidence with care); read against the English's own history, it is a statement the rules took back.

A finding needs all of: the database holds an earlier edition of the original, at most ``YEARS`` years older, whose
rule of the same number is the same rule (most of its text alike) and names a game term the rule of this edition
does not name; the translation holds a form of that term, the document renders the term consistently (as the
terminology check asks), and the form is no part of a form of a term the rule of this edition names.
"""

from __future__ import annotations

import datetime
import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterator

from kb.crosscheck.model import Finding
from kb.crosscheck.termbase import TermBase, plain
from kb.crosscheck.texts import DocText, split_examples
from kb.i18n import _

YEARS = 6  # how far back an earlier edition of the original is read
SAME_RULE = 0.6  # an earlier text sharing this share of its words is the same rule, not another one renumbered onto it
MIN_SHARE = 0.85  # the term judges only where the document renders it this consistently, in this many rules
MIN_RULES = 5


@dataclass(frozen=True)
class Earlier:
    """A rule's text in an earlier edition of the original, where it differs from this edition's."""

    edition: str
    text: str


def earlier_texts(conn, original: DocText, years: int = YEARS) -> dict[str, list[Earlier]]:
    """Rule number -> the distinct earlier texts of the same rule in the original language's editions of the last
    ``years`` years before the original's (newest first); {} when the original has no edition or none is stored.
    A rule whose parent has another title in the earlier edition is another rule (702.38b of 2021 is provoke's,
    amplify's today)."""
    if not original.edition:
        return {}
    since = _years_before(original.edition, years)
    rows = conn.execute(
        "select d.id, d.edition, r.number, r.title, r.text from rules r join documents d on d.id = r.document_id"
        " join rules c on c.document_id = ? and c.number = r.number"
        " where d.lang = ? and d.edition < ? and d.edition >= ?"
        " and (r.text is not c.text or r.title is not c.title) order by d.edition desc",
        [original.id, original.lang, original.edition, since],
    ).fetchall()
    titles: dict[int, dict[str, str]] = {}  # document -> number -> title, read once it has a changed rule
    found: dict[str, list[Earlier]] = {}
    for doc_id, edition, number, title, text in rows:
        rule = original.by_number.get(number)
        if rule is None:
            continue
        if doc_id not in titles:
            titles[doc_id] = dict(
                conn.execute("select number, title from rules where document_id = ? and title is not null", [doc_id])
            )
        if not _same_parent(number, titles[doc_id], original):
            continue
        earlier = " ".join(part for part in (title, split_examples(text or "")[0]) if part)
        if earlier == rule.full or any(earlier == seen.text for seen in found.get(number, ())):
            continue
        found.setdefault(number, []).append(Earlier(edition, earlier))
    return found


def _same_parent(number: str, titles: dict[str, str], original: DocText) -> bool:
    parent = number.rstrip("abcdefghijklmnopqrstuvwxyz") if number[-1].isalpha() else number.rpartition(".")[0]
    now = original.by_number.get(parent)
    return not (now and now.title and titles.get(parent) and titles[parent] != now.title)


def _years_before(edition: str, years: int) -> str:
    day = datetime.date.fromisoformat(edition)
    return day.replace(year=day.year - years, day=min(day.day, 28)).isoformat()


_WORD = re.compile(r"\w+")


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def _alike(one: set[str], other: set[str]) -> float:
    """The share of words two texts have in common (of the words of either)."""
    return len(one & other) / max(1, len(one | other))


def _stems(text: str) -> set[str]:
    """The first three letters of each word of ``text``: what tells that a word of a term is still said, inflected
    or derived otherwise ("controls" and "are controlled", "copy effects" and "copiable effects", "pay" and "by
    paying")."""
    return {word[:3] for word in _words(text) if len(word) >= 3}


def stale_terms(tr: DocText, en: DocText, base: TermBase, earlier: dict[str, list[Earlier]]) -> Iterator[Finding]:
    """Coverage findings: a term of an earlier edition's English the translation still holds."""
    for number, rule in tr.by_number.items():
        other = en.by_number.get(number)
        olds = earlier.get(number)
        if other is None or not olds or not rule.full:
            continue
        named = set(base.english_keys.get(number, Counter()))
        named_forms = [form for key in named if key in base.stats for form in base.stats[key].forms]
        text = plain(rule.full)
        said, words = _stems(other.full), _words(other.full)
        reported: set[str] = set()
        for old in olds:
            if _alike(_words(old.text), words) < SAME_RULE:
                continue
            for match in base.english_matcher.find(old.text):
                keys = match.keys - named - reported
                if not keys or not _stems(match.text).isdisjoint(said):
                    continue  # no term taken back, or its words still said: a rewording
                for key in keys:
                    stats = base.reliable(key, MIN_SHARE, MIN_RULES)
                    if stats is None:
                        continue
                    form = next((f for f in stats.forms if f in text), None)
                    if form is None or any(form in longer for longer in named_forms if longer != form):
                        continue
                    reported.add(key)
                    yield Finding(
                        "coverage",
                        number,
                        _(
                            "{number}: the translation says {form} ({english}), which the original said in "
                            "{edition} and no longer says"
                        ).format(number=number, form=form, english=match.text, edition=old.edition),
                        rule.full,
                        other.full,
                        {
                            "english": match.text,
                            "translated": form,
                            "term": key,
                            "check": "stale",
                            "level": "earlier edition",
                            "evidence": {"edition": old.edition, "earlier": old.text},
                            "confidence": round(stats.share, 3),
                        },
                    )
