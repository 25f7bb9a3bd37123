"""A term written with one character of its form left out, where the document writes the form itself many times.

Translators who shorten a term now and then leave the document inconsistent, and the Chinese translators later made
such rules say the term as everywhere else: in their translation of 2022-06-10, 614.12b and 303.4f write 进场 for
"enter the battlefield", which the document writes 进战场 (116 times) or 进入战场; zh 2023-11-17 writes 静止异能
twice for "static ability" (静止式异能, 158 times); ja 2026-01-16 writes 生贄に捧げる once for "sacrifice"
(生け贄に捧げる, 37 times). The consistency check's other reading, a form with one character changed
(kb.crosscheck.qa._variants), never sees these: nothing is changed, one character is gone.

A finding needs all of: the original rule names the term; the document renders it consistently (the forms it
accepts, its variants included, in most of the term's rules); the rule holds a string that is one of those
forms, written at least ``MIN_COMMON`` times in the document, with one inner character left out; that string is
rare (at most ``MAX_VARIANT`` times, and at most ``RARE`` of the form's count), no form of this or another term,
not part of a longer form; and it stands as a word: no common word made with the character before it (导致伤害 "causing damage"
holds 致伤害, no 致命伤害 shortened) and no katakana word it is the end or start of (パワーストーン holds トーン,
no トークン shortened).
"""

from __future__ import annotations

from collections import Counter
from typing import Iterator

from kb.crosscheck.model import Finding
from kb.crosscheck.termbase import TermBase, TermStats, plain
from kb.crosscheck.termevidence import name_like
from kb.crosscheck.texts import DocText
from kb.i18n import _

MIN_COMMON = 10  # the form left short must be written this often for the document to say it is the form
RARE = 0.1  # the short string: at most this share of the form's occurrences
MAX_VARIANT = 5  # ... and at most this many: written more often, it is a word of its own
MIN_SHARE = 0.8  # the term's rules that hold an accepted form
MIN_RULES = 5
COMMON_BIGRAM = 10  # a character pair written this often is a word: the short string is part of it


def dropped_characters(tr: DocText, en: DocText, base: TermBase) -> Iterator[Finding]:
    """Consistency findings: a term's form with one inner character left out, rare in the document."""
    for number, rule in tr.by_number.items():
        other = en.by_number.get(number)
        if other is None or not rule.full or not other.full:
            continue
        text = plain(rule.full)
        seen: set[str] = set()
        named = {key: base.english_words[number][key] for key in base.english_keys.get(number, Counter())}
        named = {**base.coordinated(other.full), **named}
        for key, english in named.items():
            stats = base.reliable(key, MIN_SHARE, MIN_RULES, variants=True)
            if stats is None or name_like(english, other.full):
                continue  # "Elephant Graveyard" is a card's name, 大象坟场 no graveyard shortened
            for short, form, times, common in _shortened(text, stats, base):
                if short in seen:
                    continue
                seen.add(short)
                yield Finding(
                    "consistency",
                    number,
                    _(
                        "{number}: {english} is written {variant} here ({times} times in the document), "
                        "{form} with a character left out ({common} times)"
                    ).format(number=number, english=english, variant=short, times=times, form=form, common=common),
                    rule.full,
                    other.full,
                    {
                        "english": english,
                        "translated": short,
                        "term": key,
                        "dominant": form,
                        "check": "dropped",
                        "evidence": {"variant": times, "dominant": common},
                        "confidence": round(1 - times / common, 3),
                    },
                )


def _shortened(text: str, stats: TermStats, base: TermBase) -> Iterator[tuple[str, str, int, int]]:
    """(short string, form, the string's count, the form's count) for each accepted form of the term, written
    often in the document, that ``text`` holds with one inner character left out."""
    written = stats.judged().forms  # the forms, the accepted variants and the forms learnt from the document
    for form in written:
        common = base.document_count(form)
        if len(form) < 3 or common < MIN_COMMON:
            continue
        for i in range(1, len(form) - 1):
            short = form[:i] + form[i + 1 :]
            if short not in text or base.is_term_form(short) or any(short in longer for longer in written):
                continue
            times = base.document_count(short)
            if times > MAX_VARIANT or times > RARE * common:
                continue
            if any(
                _part_of_word(text, at, short, written, base) or base.overlaps_term(text, at, at + len(short), short)
                for at in _places(text, short)
            ):
                continue
            yield short, form, times, common


def _places(text: str, short: str) -> Iterator[int]:
    at = text.find(short)
    while at >= 0:
        yield at
        at = text.find(short, at + 1)


def _part_of_word(text: str, at: int, short: str, written: tuple[str, ...], base: TermBase) -> bool:
    """Whether the string at ``at`` is the end of a longer word: the character before it and its first make a pair
    the document writes often where none of the term's forms follows (导致 of 导致伤害, not 个静 of 一个静止式异能),
    or a katakana word runs on across either edge."""
    end = at + len(short)
    before, after = text[at - 1 : at], text[end : end + 1]
    if _ideograph(before) and _pair_as_word(base, before, short, written) >= COMMON_BIGRAM:
        return True
    return (_katakana(before) and _katakana(short[0])) or (_katakana(after) and _katakana(short[-1]))


def _pair_as_word(base: TermBase, before: str, short: str, written: tuple[str, ...]) -> int:
    """How often the document writes ``before`` and the short string's first character side by side where
    neither a term's form nor the short string's own first two characters follow: a word of its own (导致 of
    导致伤害, followed by anything), not a measure word before the short string's start (一个替代费用 beside
    一个替代性效应 and 一个替代式效应: 个替 is always 个替代)."""
    starting = [form for form in {*written, *base.all_forms, short[:2]} if form.startswith(short[0])]
    pair, text, count = before + short[0], base.text, 0
    at = text.find(pair)
    while at >= 0:
        count += not any(text.startswith(form, at + 1) for form in starting)
        at = text.find(pair, at + 1)
    return count


def _ideograph(char: str) -> bool:
    return bool(char) and "\u3400" <= char <= "\u9fff"


def _katakana(char: str) -> bool:
    return bool(char) and ("\u30a1" <= char <= "\u30fa" or char == "ー")
