"""Game terms the translation adds: coverage the other way round.

The coverage check reads clauses of the original that the translation lost. A translation can also say more than
its original: Korean 110.4b (2017) lists the permanent spells "artifact, creature, enchantment, planeswalker" as
마법물체, 생물, 부여마법, 대지, 플레인즈워커 주문, with land (대지) that the English does not name, and a land is no
spell. This module finds a term of the term base (kb.crosscheck.termbase) whose form the translation holds where the
English rule names none of the term's words, for the term kinds a translation renders by one fixed word (card
types, zones, steps and phases, keyword abilities).

A translation legitimately names a noun the English leaves to a pronoun or to a narrower word ("Aura" as an Aura
enchantment, "it" as the creature), so a term merely more in the translation is weak evidence. The precise case is
a list: the added form stands as an item among items of the same kind that the English does name (the translation
extended an enumeration). Each finding says which of the two it is (``detail.level``: ``list item`` or ``added
term``), and the tier table (kb.crosscheck.tiers) says how far each was confirmed on labelled rules.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterator

from kb.crosscheck.model import Finding
from kb.crosscheck.termbase import TermBase, TermStats, unglossed
from kb.crosscheck.texts import DocText
from kb.i18n import _, ngettext
from kb.terms.names import english_key
from kb.terms.vocabulary import ABILITY, CARD_TYPE, STEP, ZONE

# The kinds of term a translation renders by one fixed word, so that one more of them is a statement of its own.
PRECISE = (CARD_TYPE, ZONE, STEP, ABILITY)
# A term judges a rule only when the document renders it this consistently, in this many rules (as terminology).
MIN_SHARE = 0.85
MIN_RULES = 5
LIST_ITEM = "list item"
ADDED_TERM = "added term"
# What stands between two items of a list: a comma or an enumeration mark, "and"/"or", and in Korean a particle
# after the item (마법물체와 생물, 생물이나 대지).
_SEPARATOR = re.compile(
    r"\s*(?:[、,，/／・]|和|或|与|及|以及|或是|或者|및|또는|이나|나|와|과|や|または|、または|か|および)\s*"
)
# Words of the original that may stand for a noun the translation names (201.4 "it" as その呪文, "this" as この呪文).
_PRONOUN = re.compile(r"\b(?:it|its|itself|they|them|their|themselves|this|that|these|those|one)\b", re.IGNORECASE)
# English words that name a term by its role: "blockers" are blocking creatures (702.23b as 阻挡生物, 703.4h as
# 공격 생물 for "declares attackers").
_IMPLIED = {english_key("creature"): {"attacker", "blocker"}}
_QUOTED = re.compile(r"「[^「」]*」|“[^“”]*”|\"[^\"]*\"")
# A form the document uses for the term in fewer rules naming it than this is not its word for it (竭绝, Exhaust,
# among the forms of "exiled" in zh 2026-04-17).
MIN_FORM_RULES = 2
_MIN_STEM = 4
_ENDING = 3  # letters after a stem that make an inflection (planar, banding), not another word
_LATIN_PLURAL = 8  # a name this long is also read without its last two letters (phenomenon, phenomena)
# A Korean form read inside a longer word is another word: 무적 (indestructible) in 의무적 (mandatory).
_HANGUL = re.compile(
    "[\uac00-\ud7a3]"
)  # a term's stem this long read as the start of a word ("plan" of planar); "ant" is no ante


@dataclass(frozen=True)
class Span:
    key: str
    form: str
    start: int
    end: int


def spans(text: str, forms: list[tuple[str, str]]) -> list[Span]:
    """Every place of a form in ``text``, longest form first, a longer form's span not read again for a shorter
    one (전투 단계 is the combat phase's, not a second 단계); in text order."""
    found: list[Span] = []
    for form, key in forms:
        start = text.find(form)
        while start >= 0:
            found.append(Span(key, form, start, start + len(form)))
            text = text[:start] + "\0" * len(form) + text[start + len(form) :]
            start = text.find(form, start + len(form))
    return sorted(found, key=lambda s: s.start)


def inside_word(text: str, span: Span, lang: str) -> bool:
    """Whether a Korean form stands inside a longer word (Korean writes words apart; a particle follows the noun,
    nothing comes before it): 무적 (indestructible) in 의무적이지 (mandatory), 118.3c."""
    return lang == "ko" and span.start > 0 and _HANGUL.match(text, span.start - 1) is not None


def _names_english(base: TermBase, key: str, number: str, original: str) -> bool:
    """Whether the original writes one of the term's words, whether or not the term matcher took it for the term
    there: a name in the singular or plural ("lands", "the Dungeon" for Dungeons), a word of the term's stem
    ("planar" for plane, "banding" for a band, "phenomena"), a step or phase by its name alone ("beginning,
    precombat main, combat ... phases"), or a longer word that starts with a name ("instantaneous") unless that word
    is another term the original names ("battlefield" names no battle)."""
    names = [*base.terms.entry(key).english, base.stats[key].english]
    words = {re.sub(r"(?:e?s)$", "", name.lower()) for name in names if name}
    if base.stats[key].category == STEP:
        words |= {re.sub(r"\s+(?:step|phase)s?$", "", name.lower()) for name in names if name}
    if len(key) >= _MIN_STEM and " " not in key:
        words.add(key)
    words |= {word[:-3] for word in words if word.endswith("ing") and len(word) - 3 >= _MIN_STEM}  # banding: band
    words |= {word[:-2] for word in words if len(word) >= _LATIN_PLURAL}  # phenomenon: phenomena
    words |= _IMPLIED.get(key, set())
    other_terms = {
        part.lower()
        for other, spans in base.english_spans.get(number, {}).items()
        if other != key
        for span in spans
        for part in span.split()
    }
    for word in words:
        for match in re.finditer(rf"\b{re.escape(word)}[a-z]*", original, re.IGNORECASE):
            written = match.group().lower()
            if len(written) - len(word) <= _ENDING or written not in other_terms:
                return True
    return False


def _in_list(text: str, span: Span, named: list[Span]) -> Span | None:
    """The named item of the same kind that ``span`` stands next to in a list (only a separator between), if any."""
    for other in named:
        between = text[span.end : other.start] if other.start >= span.end else text[other.end : span.start]
        if (other.start >= span.end or other.end <= span.start) and _SEPARATOR.fullmatch(between):
            return other
    return None


def _head(key: str) -> str | None:
    """The head word of a term of several words ("effect" of "prevention effect"), None for one word."""
    words = key.split()
    return words[-1] if len(words) > 1 else None


def _modifier_said(key: str, original: str) -> bool:
    """Whether the original says a word of the term before its head ("alternative" of "alternative cost")."""
    return any(re.search(rf"\b{re.escape(word)}", original, re.IGNORECASE) for word in key.split()[:-1])


def _same_kind(base: TermBase, key: str, other: str, precise: bool) -> bool:
    """Whether two terms are items of one list: of the same precise kind, or two kinds of one thing (their head
    word: "replacement effects and prevention effects", "triggered or activated abilities")."""
    if precise:
        return base.stats[other].category == base.stats[key].category
    return _head(key) is not None and _head(key) == _head(other)


def added_terms(tr: DocText, en: DocText, base: TermBase) -> Iterator[Finding]:
    """A term of a precise kind held by the translation where its original names none of the term's words; a
    ``list item`` where it stands in a list beside a term of the same kind that the original names. A term of
    several words of another kind is judged as a list item only, beside a named term of its head word (prevention
    effects listed beside replacement effects)."""
    usable: dict[str, TermStats] = {}
    for key, stats in base.stats.items():
        if stats.category in PRECISE or _head(key):
            reliable = base.reliable(key, MIN_SHARE, MIN_RULES)
            if reliable is not None:
                usable[key] = reliable
    # every known form reads its span, so that a usable term's form inside a longer term's is that term's
    forms = sorted(
        ((form, key) for key, stats in base.stats.items() for form in stats.forms),
        key=lambda pair: -len(pair[0]),
    )
    for number, rule in tr.by_number.items():
        other = en.by_number.get(number)
        if other is None or not rule.full or not other.full:
            continue
        named_keys = base.english_keys.get(number, Counter())
        named_forms = {form for key in named_keys if key in base.stats for form in base.stats[key].forms}
        # a quote is a card's wording or a name (「クリーチャー配備」, the deploy creatures option): blanked
        text = unglossed(_QUOTED.sub(lambda m: "\u3000" * len(m.group()), rule.full))
        found = [
            s
            for s in spans(text, forms)
            if s.key in named_keys
            or s.form not in named_forms  # one word, two terms (エンチャント: Enchant, enchantment)
            and not inside_word(text, s, base.lang)
            and (s.key not in usable or usable[s.key].by_form[s.form] >= MIN_FORM_RULES)
        ]
        counts = Counter(s.key for s in found)
        for key in counts:
            if key not in usable or key in named_keys or _names_english(base, key, number, other.full):
                continue
            stats = usable[key]
            mine = [s for s in found if s.key == key]
            precise = stats.category in PRECISE
            if not precise and _modifier_said(key, other.full):
                continue  # "alternative or additional costs", "one-shot or continuous effects": the head said once
            named = [s for s in found if s.key in named_keys and _same_kind(base, key, s.key, precise)]
            beside = next((b for s in mine if (b := _in_list(text, s, named)) is not None), None)
            if beside is None and (not precise or _PRONOUN.search(other.full)):
                continue  # "it", "that permanent": the translation may name the noun the pronoun stands for
            yield _finding(number, rule.full, other.full, stats, mine[0].form, counts[key], beside, base)


def _finding(
    number: str,
    text: str,
    original: str,
    stats: TermStats,
    form: str,
    times: int,
    beside: Span | None,
    base: TermBase,
) -> Finding:
    level = LIST_ITEM if beside is not None else ADDED_TERM
    if beside is not None:
        message = _(
            "{number}: the translation lists {form} ({english}) beside {other} ({other_english}); the original "
            "names no {english} (the document renders it as {dominant} in {held} of {rules} rules)"
        )
    else:
        message = ngettext(
            "{number}: the translation says {form} ({english}) once; the original names no {english} "
            "(the document renders it as {dominant} in {held} of {rules} rules)",
            "{number}: the translation says {form} ({english}) {times} times; the original names no {english} "
            "(the document renders it as {dominant} in {held} of {rules} rules)",
            times,
        )
    other_english = base.stats[beside.key].english if beside is not None else None
    return Finding(
        "coverage",
        number,
        message.format(
            number=number,
            form=form,
            english=stats.english,
            other=beside.form if beside is not None else "",
            other_english=other_english,
            times=times,
            dominant=stats.dominant,
            held=stats.held,
            rules=stats.rules,
        ),
        text,
        original,
        {
            "check": "added",
            "english": None,
            "translated": form,
            "term": stats.key,
            "category": stats.category,
            "expected": list(stats.forms),  # the term base entry: its forms and where they come from
            "source": stats.source,
            "level": level,
            "beside": {"translated": beside.form, "english": other_english} if beside is not None else None,
            "evidence": {
                "translation": times,
                "original": 0,
                "dominant": stats.dominant,
                "held": stats.held,
                "rules": stats.rules,
            },
            "confidence": 0.8 if beside is not None else 0.4,
        },
    )
