"""Translation QA checks of a whole document, the kind Xbench, Verifika and Okapi CheckMate run.

Each check reads the translation and its original rule by rule and yields findings that
name their class, the English and the translated span, the evidence (the term base's
counts, the marker, the ratio) and a confidence in 0..1; the report ranks by it.

- ``terminology``: a game term of the original whose forms (term base: dictionary, the
  translation's own glossary, the document's dominant form) are all absent;
- ``consistency``: a term written in a rare form one character away from its dominant
  form ("释放" 2 times against "施放" 617), or with one character left out (kb.crosscheck.dropped);
  one English text translated differently;
- ``markers``: left/right, top/bottom, "unless", "opponent" lost or turned around;
- ``coverage``: a parenthesis of the original missing or added; a term named several
  times in the original and seldom in the translation (a clause dropped).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Iterator

from kb.crosscheck.added import added_terms
from kb.crosscheck.dropped import dropped_characters
from kb.crosscheck.homophones import Readings, homophones
from kb.crosscheck.longer import longer_forms
from kb.crosscheck.markers import lost_markers
from kb.crosscheck.model import Finding
from kb.crosscheck.siblings import sibling_swaps
from kb.crosscheck.signals import numerals
from kb.crosscheck.swaps import all_swaps
from kb.crosscheck.termbase import TermBase, TermStats, count_forms, plain, unglossed
from kb.crosscheck.termevidence import Holding, confidence, name_like, same_thing
from kb.crosscheck.texts import DocText
from kb.crosscheck.tiers import tier
from kb.crosscheck.unrendered import unrendered_words
from kb.crosscheck.zones import missing_zones
from kb.i18n import _
from kb.terms.names import english_key
from kb.terms.vocabulary import ABILITY, ACTION, CARD_TYPE, COUNTER, GLOSSARY, STEP, SUBTYPE, SUPERTYPE, ZONE

# The categories whose terms a translation renders by a fixed form (subtypes are names, left out).
TERM_CATEGORIES = (ABILITY, ACTION, CARD_TYPE, COUNTER, GLOSSARY, STEP, SUPERTYPE, ZONE)
# A term judges a rule only when the document renders it this consistently, in this many rules.
MIN_SHARE = 0.85
MIN_RULES = 5
# ... and leaves it out of at most this many rules (a term often left out is one the language leaves implied)
MAX_EXCEPTIONS = 3
# A rare form: at most this share of the dominant form's occurrences in the document.
RARE = 0.1
# A document adding a parenthesis in more of its rules than this glosses by style (Japanese: 1 in 8).
USUAL_PARENTHESES = 0.03
_GRAMMAR_ZH = set("的之此该其这")  # particles and demonstratives: a phrase, not a misspelt term, when they change
MIN_NEAR = 3  # a form this long, one ideograph changed, is a variant; a two-character form so changed is a word
MAX_VARIANT = 5  # a variant written more often than this is a word of its own
COMMON_BIGRAM = 10
RARE_CHAR = 30  # a changed character at the form's edge must be this rare (a typo's, not a particle's)
_CJK_CHAR = "[\u3040-\u30ff\u3400-\u9fff]"
_DIGITS = re.compile(r"\d+")
_ENUMERATION = re.compile(r"[（(]\s*[0-9a-z]\s*[)）]")
_CITING = re.compile(r"rule\s*\d|参照|参见|规则\s*\d")
_NOTE = ("译注", "訳注", "注：")  # the translator's own notes: no part of the original
_PAREN_EN = re.compile(r"\([^()]*\)")
_PAREN_TR = re.compile(r"[（(][^（）()]*[）)]")


def _pairs(tr: DocText, en: DocText):
    for number, rule in tr.by_number.items():
        other = en.by_number.get(number)
        if other is not None and rule.full and other.full:
            yield number, rule, other


def _usable(stats: TermStats | None) -> TermStats | None:
    return stats if stats is not None and stats.category in TERM_CATEGORIES else None


def terminology(tr: DocText, en: DocText, base: TermBase) -> Iterator[Finding]:
    """A term the original names whose every form is absent from the translation, with what the rule holds of it
    instead and the finding's level (kb.crosscheck.termevidence): no finding where the term stands in a noun phrase
    or in a variant the document accepts."""
    readings = Readings() if base.lang == "zh" else None
    for number, rule, other in _pairs(tr, en):
        keys = base.english_keys.get(number, Counter())
        allocated = base.allocate(unglossed(rule.full), keys)
        for key in keys:
            stats = _judged(base, key)
            if stats is None:
                continue
            known = stats.forms  # the dictionary's and the glossary's: what a variant or a part is read against
            stats = stats.judged()  # with the forms learnt from the document and the variants it accepts
            # a keyword's form inside a longer term the original names apart (合变 in 合变式生物咒语) does not count
            text = base.unnamed_terms(unglossed(rule.full), key, keys)  # 난투 of 난투전 is no Brawl
            if count_forms(text, _with_stems(stats.forms, base.lang)) and (
                stats.category != ABILITY or key in allocated or _surplus(base, keys, allocated, stats)
            ):
                continue
            english = base.english_words[number][key]
            if "," in english or name_like(english, other.full) or _relative_clause(english, other.full):
                continue  # a list read as one term ("artifact, creature"), a card name ("Elephant Graveyard")
            if "[" in english or "]" in english or _in_compound(english, other.full):
                continue  # read across a template's slot ("[Objects] enter [the battlefield]"), inside a hyphenated
                # compound ("a destruction-replacement effect"): no term as written
            if _cost_as_verb(english, other.full):
                continue  # "This spell costs {1} less to cast": the verb, no cost named
            if stats.category == CARD_TYPE and _named_by_subtype(
                unglossed(rule.full), other.full, english, number, base
            ):
                continue  # "Aura enchantments" as 灵气: the subtype names its card type
            if _implied_head(
                unglossed(rule.full),
                other.full,
                english,
                stats.forms,
                {
                    word: base.stats[k].forms
                    for k, words in base.english_spans[number].items()
                    for word in words
                    if k != key and k in base.stats
                },
            ):
                continue  # "the prototype keyword ability" as 试作异能: the translation leaves "keyword" implied
            if _variants(plain(rule.full), stats, base, readings):
                continue  # a rare form of it is there: a consistency finding says so
            if _quoted_word(english, other.full, rule.full) or _keyword_as_verb(english, other.full, stats, base):
                continue  # "the word ‘target’" kept in English; "phasing out", "being reached": the verbs
            inside = count_forms(text, stats.forms)
            # a keyword's form only inside a longer term's: weak evidence that the keyword itself is gone
            holding = Holding("part", next(iter(inside))) if inside else base.reader.holding(text, known)
            if holding.how == "phrase" or (holding.how == "variant" and stats.accepted(holding.span or "")):
                continue  # 非公開の領域, 軽減・置換効果: the term in a noun phrase; a variant the document accepts
            if stats.source == "learnt" and (holding.how == "part" or stats.verbal or _participle(english)):
                continue  # part of a form the document itself taught, a verb or participle ("untapped") it may
                # say otherwise: too little to go on
            yield _terminology_finding(number, rule.full, other.full, english, stats, holding)
    yield from _missing_zones(tr, en, base)


def _judged(base: TermBase, key: str) -> TermStats | None:
    """The term's stats where the terminology check judges a rule by its forms: a term of its categories the document
    renders consistently, in all but MAX_EXCEPTIONS of its rules."""
    stats = _usable(base.reliable(key, MIN_SHARE, MIN_RULES, variants=True))
    return stats if stats is not None and stats.rules - stats.covered <= MAX_EXCEPTIONS else None


def _missing_zones(tr: DocText, en: DocText, base: TermBase) -> Iterator[Finding]:
    """A zone the terminology check cannot judge by one form (the document writes it several ways) that a rule
    names and its translation leaves out: none of the characters its ways share (kb.crosscheck.zones)."""
    level = "shared"
    for number, english, stats, part, held in missing_zones(tr, en, base, lambda key: _judged(base, key) is not None):
        message = _("[{level}] ").format(level=level) + _(
            "{number}: the original names {english}; the translation has nothing of the ways the document writes "
            "it, which share {part} (in {held} of the {rules} rules naming it)"
        ).format(number=number, english=english, part=part, held=held, rules=stats.rules)
        yield Finding(
            "terminology",
            number,
            message,
            tr.by_number[number].full,
            en.by_number[number].full,
            {
                "english": english,
                "translated": None,
                "term": stats.key,
                "category": stats.category,
                "expected": [part],
                "dominant": stats.dominant,
                "level": level,
                "tier": tier("terminology", level),
                "holds": "absent",
                "source": "shared",
                # the shared part stands where a form would: ``forms`` as a terminology finding gives them
                "evidence": {
                    "held": held,
                    "rules": stats.rules,
                    "forms": {part: held},
                    "variants": dict(stats.variants.most_common()),
                    "shared": part,
                },
                "confidence": confidence(level, held / stats.rules),  # a zone read has MIN_RULES rules or more
            },
        )


def _participle(english: str) -> bool:
    """Whether the English writes the term as a past participle ("untapped", "equipped"; not "red")."""
    return len(english) > 4 and english.endswith("ed")


def _level(stats: TermStats, holding: Holding) -> str:
    """How sure a terminology finding is (kb.crosscheck.termevidence.LEVELS): a rare variant against the dominant
    form, confident; the term absent, glossary or corpus by where its dominant form comes from; part of the form
    there, weak."""
    if holding.how == "part":
        return "weak"
    if stats.source == "learnt":
        return "learnt"  # the form is the document's own, learnt: below every form a source gives
    if holding.how == "variant":
        return "confident"
    return stats.source


def _terminology_finding(
    number: str, text: str, original: str, english: str, stats: TermStats, holding: Holding
) -> Finding:
    level = _level(stats, holding)
    if holding.how == "variant":
        message = _(
            "{number}: the original names {english}; the translation writes {span} (in {times} of the term's rules), "
            "the document {dominant} in {held} of {rules} rules"
        )
    elif holding.how == "part":
        message = _(
            "{number}: the original names {english}; the translation has only {span} of its forms ({forms}); "
            "the document renders it as {dominant} in {held} of {rules} rules"
        )
    else:
        message = _(
            "{number}: the original names {english}; the translation has none of its forms ({forms}); "
            "the document renders it as {dominant} in {held} of {rules} rules"
        )
    message = _("[{level}] ").format(level=level) + message
    return Finding(
        "terminology",
        number,
        message.format(
            number=number,
            english=english,
            span=holding.span,
            times=stats.variants.get(holding.span or "", 0),
            forms=", ".join(stats.forms[:4]),
            dominant=stats.dominant,
            held=stats.held,
            rules=stats.rules,
        ),
        text,
        original,
        {
            "english": english,
            "translated": holding.span,
            "term": stats.key,
            "category": stats.category,
            "expected": list(stats.forms),
            "dominant": stats.dominant,
            "level": level,
            "tier": tier("terminology", level),
            "holds": holding.how,
            "source": stats.source,
            "evidence": {
                "held": stats.held,
                "rules": stats.rules,
                "forms": dict(stats.by_form.most_common()),
                "variants": dict(stats.variants.most_common()),
            },
            "confidence": confidence(level, stats.covered_share),
        },
    )


def _in_compound(english: str, original: str) -> bool:
    """Whether every place the original writes the term follows a hyphen: the head of a compound that is a term of
    its own ("a destruction-replacement effect", an effect replacing destruction)."""
    places = [m.start() for m in re.finditer(re.escape(english), original)]
    return bool(places) and all(at > 0 and original[at - 1] == "-" for at in places)


def _quoted_word(english: str, original: str, text: str) -> bool:
    """Whether the original quotes the term as a word ("the word ‘target’") and the translation keeps that English
    word: a word of the card's text, no term to translate."""
    quoted = re.search(rf"[‘'“\"]{re.escape(english)}[’'”\"]", original, re.IGNORECASE)
    return bool(quoted) and re.search(rf"\b{re.escape(english)}\b", text, re.IGNORECASE) is not None


def _keyword_as_verb(english: str, original: str, stats: TermStats, base: TermBase) -> bool:
    """Whether a keyword ability is an English verb in the original: every place followed by "out" or "in"
    ("phasing out" is the verb phase out), or the keyword written with "-ed" where the term has no such
    name ("being reached" for Reach; "enchanted" is a name of Enchant, "mutated" adds only "d")."""
    if stats.category != ABILITY:
        return False
    places = [m.end() for m in re.finditer(rf"\b{re.escape(english)}\b", original)]
    if places and all(re.match(r"\s+(?:out|in)\b", original[end:]) for end in places):
        return True
    names = {name.casefold() for name in base.terms.entry(stats.key).english}
    word = english.casefold()
    return word not in names and any(word == name + "ed" for name in names)


# Japanese adjectival forms end in a particle that changes with the sentence: 伝説の before a noun, 伝説であり or
# 伝説だ as a predicate (ja 701.54c "is legendary"). The stem, two characters or more, stands for the form.
_ADJECTIVAL_JA = ("の", "な")
# A verb's dictionary ending changes with the sentence too (振る, 振り; the term matcher reads them so):
# "roll to visit your Attractions" as …サイコロを振り (ja 717.5).
_INFLECTING_JA = tuple("るくすつむぶぬうぐ")


def _with_stems(forms: tuple[str, ...], lang: str) -> tuple[str, ...]:
    """``forms`` and, in Japanese, the stems of the adjectival ones (longest first, as count_forms wants)."""
    if lang == "zh":
        return _with_particles(forms)
    if lang != "ja":
        return forms
    stems = tuple(
        f[:-1] for f in forms if f.endswith(_ADJECTIVAL_JA + _INFLECTING_JA) and len(f) >= 3 and f[:-1] not in forms
    )
    return tuple(sorted(forms + stems, key=len, reverse=True))


# A Chinese term may take 的 between its words where the sentence runs on: 基本地的类别 for 基本地类别 (305.8).
_PARTICLE_ZH = "的"
_MIN_PARTICLE_FORM = 4


def _with_particles(forms: tuple[str, ...]) -> tuple[str, ...]:
    """``forms`` and each form of four characters or more with 的 between two of its characters (not at its
    edges: 的 after a whole term is grammar of the sentence), longest first."""
    extra = {
        form[:i] + _PARTICLE_ZH + form[i:]
        for form in forms
        if len(form) >= _MIN_PARTICLE_FORM and _PARTICLE_ZH not in form
        for i in range(2, len(form) - 1)
    }
    return tuple(sorted(set(forms) | extra, key=len, reverse=True))


def _surplus(base: TermBase, keys: Counter, allocated: dict[str, Counter], stats: TermStats) -> bool:
    """Whether a longer term that took the form is named more often in the translation than in the original:
    then one of its spans stands for the term itself (掷骰造访 twice for "Roll to Visit" once and "visit")."""
    for other, found in allocated.items():
        if other != stats.key and any(f in g for f in stats.forms for g in found):
            if sum(found.values()) > keys.get(other, 0):
                return True
    return False


def _unmatched(ours: list[str], theirs: list[str], text: str, original: str) -> str:
    """The translation's parenthesis farthest, by relative place in the text, from every parenthesis of the
    original: the added one (810.11's first, where the English has only the closing one)."""

    def place(part: str, whole: str) -> float:
        return whole.find(part) / max(1, len(whole))

    places = [place(p, original) for p in theirs]
    return max(ours, key=lambda p: min((abs(place(p, text) - q) for q in places), default=1.0))


# A verb with its particle ("phase in") read across a noun and a relative clause: "the only phase in which".
_RELATIVE = re.compile(r"\s+(?:which|whom)\b")


def _relative_clause(english: str, original: str) -> bool:
    """Whether ``english`` runs across two sentences ("phase. In that case", 500.10), or every place the original
    writes it (a word and a preposition) opens a relative clause ("the only phase in which", 505.6a)."""
    if re.search(r"[.;:!?]\s", english):
        return True
    if " " not in english or english.rsplit(" ", 1)[1].lower() not in _PREPOSITIONS:
        return False
    places = [m.end() for m in re.finditer(re.escape(english), original)]
    return bool(places) and all(_RELATIVE.match(original, end) for end in places)


# "costs {1} less", "costs {2}{R} more", "costs X more": the verb "to cost", no cost named as a term.
_COST_VERB = re.compile(r"\bcosts?\s+(?:\{[^}]*\}|[0-9X]+\s)*\s*(?:less|more)\b", re.IGNORECASE)


def _cost_as_verb(english: str, original: str) -> bool:
    """Whether every place the original writes ``english`` ("cost", "costs") is the verb before less or more."""
    if english.lower() not in ("cost", "costs"):
        return False
    places = [m.start() for m in re.finditer(rf"\b{re.escape(english)}\b", original)]
    return bool(places) and all(_COST_VERB.match(original, at) for at in places)


def _named_by_subtype(text: str, original: str, english: str, number: str, base: TermBase) -> bool:
    """Whether the original writes a subtype right before the card type ("Aura enchantments") and the
    translation holds that subtype's form: the subtype (灵气) names its type, which the translation leaves out."""
    for key, word in base.english_words[number].items():
        stats = base.stats.get(key)
        if stats is None or stats.category != SUBTYPE or not stats.forms:
            continue
        if re.search(rf"\b{re.escape(word)}\s+{re.escape(english)}\b", original) and count_forms(text, stats.forms):
            return True
    return False


_PREPOSITIONS = {"in", "out", "on", "off", "up", "down", "into", "onto", "from", "with"}


def _implied_head(text: str, original: str, english: str, forms: tuple[str, ...], others: dict[str, tuple]) -> bool:
    """Whether the translation writes the term's head word right after another term the original names just
    before it: "the prototype keyword ability" as 试作异能, where the language leaves "keyword" implied.

    ``others`` maps the English words of the rule's other terms to their forms. The head is the last two
    characters of a form of more than two (关键字异能 → 异能); the English term must be of several words, the
    head standing for its last: "artifact subtype" as 神器类别 drops the 副 of 副类别, a real error (717.1)."""
    if " " not in english:
        return False
    heads = {form[-2:] for form in forms if len(form) > 2}
    for word, their_forms in others.items():
        if not re.search(re.escape(word) + r"\s+" + re.escape(english), original):
            continue
        if any(form + head in text for form in their_forms for head in heads):
            return True
    return False


def _near(form: str, text: str) -> Iterator[tuple[int, int]]:
    """(start, changed position) of each string of ``text`` one ideograph away from ``form``: what
    ``TermBase.near(form).finditer`` finds (leftmost first, the first position that fits, no overlaps).

    Found with a pattern of any character in the changed place, the character then checked: compiling the
    ideograph class into a pattern for each form took 0.6 s of a document's 4 s."""
    pattern = re.compile("|".join(re.escape(form[:i]) + "(.)" + re.escape(form[i + 1 :]) for i in range(len(form))))
    size, at = len(form), 0
    # a Korean form of two syllables with one changed is as often another word (카드, 코드): three or more
    hangul = len(form.replace(" ", "")) >= MIN_NEAR
    while (match := pattern.search(text, at)) is not None:
        start = match.start()
        for i in range(size):
            if (
                (
                    _IDEOGRAPH_FIRST <= text[start + i] <= _IDEOGRAPH_LAST
                    or (hangul and _HANGUL_FIRST <= text[start + i] <= _HANGUL_LAST)
                )
                and text.startswith(form[:i], start)
                and text.startswith(form[i + 1 :], start + i + 1)
            ):
                yield start, i
                at = start + size
                break
        else:
            at = start + 1  # only another character fits here: no match at this place, as with the class


_IDEOGRAPH_FIRST, _IDEOGRAPH_LAST = "\u3400", "\u9fff"  # termbase's ideograph class
_HANGUL_FIRST, _HANGUL_LAST = "\uac00", "\ud7a3"  # a Korean syllable changed: the forms a Korean term base learnt


def _variants(
    text: str, stats: TermStats, base: TermBase, readings: Readings | None = None, named: int = 0
) -> list[tuple[str, str, int, int]]:
    """(variant, form, variant's count, form's count in the document): a string of the translation one
    character away from a form of the term, rare where the form is common (a misspelling, a stray synonym).

    A changed character at the form's edge must not be part of a common word with its neighbour
    ("复制此咒语" is 复制 + 此咒语, no variant of 复制品), and the variant must not overlap another term.
    """
    found: list[tuple[str, str, int, int]] = []
    for form in stats.forms:
        common = stats.document.get(form, 0)
        if len(form) < 2 or common < 10:
            continue
        if readings is not None:
            found.extend(_homophones(text, form, common, stats, base, readings))
        if readings is not None and len(form) < MIN_NEAR:
            # Chinese: 绿色, 金色 beside 颜色; 兵器 beside 神器 are words of their own; a two-character term mistyped
            # reads alike (释放 for 施放), and the homophones above find it. Elsewhere readings are not known here.
            continue
        for start, i in _near(form, text):  # i: the changed position
            end = start + len(form)
            variant = text[start:end]
            if variant == form or variant in stats.forms or base.is_term_form(variant):
                continue
            if variant[i] in _GRAMMAR_ZH:
                continue  # 起动此异能 "activate this ability", 起动的异能: grammar in the term's place, no misspelling
            times = base.document_count(variant)
            if times > MAX_VARIANT or times > RARE * common:
                continue
            if i == 0 and start > 0:
                joined = text[start - 1 : start + 1]
            elif i == len(form) - 1 and end < len(text):
                joined = text[end - 1 : end + 1]
            else:
                joined = ""
            if i in (0, len(form) - 1) and base.document_count(variant[i]) > RARE_CHAR:
                continue  # a common character at the edge starts or ends another word (由离开, 蓝色, 操控十个)
            if joined and base.document_count(joined) >= COMMON_BIGRAM:
                continue
            if base.overlaps_term(text, start, end, variant):
                continue
            if named and _another_word(text, variant, i, stats, base, named):
                continue
            found.append((variant, form, times, common))
    return found


def _homophones(
    text: str, form: str, common: int, stats: TermStats, base: TermBase, readings: Readings
) -> Iterator[tuple[str, str, int, int]]:
    """Strings read like ``form`` and written otherwise, rare in the document (kb.crosscheck.homophones)."""
    for start, variant in homophones(text, form, readings):
        if variant in stats.forms or base.is_term_form(variant):
            continue
        times = base.document_count(variant)
        if times > MAX_VARIANT or times > RARE * common:
            continue
        if base.overlaps_term(text, start, start + len(variant), variant):
            continue
        before, after = text[start - 1 : start], text[start + len(variant) : start + len(variant) + 1]
        if (before and before == form[0] != variant[0]) or (after and after == form[-1] != variant[-1]):
            continue  # the form's own character beside it: one longer word (地底城 holds 底城, no 地城)
        yield variant, form, times, common


def consistency(tr: DocText, en: DocText, base: TermBase) -> Iterator[Finding]:
    """A term in a rare form next to its dominant one (one ideograph away, or read alike in Chinese); an English
    text translated two ways."""
    readings = Readings() if base.lang == "zh" else None
    for number, rule, other in _pairs(tr, en):
        best: dict[str, tuple[str, str, int, int]] = {}  # variant -> (key, form, times, common)
        keys = base.english_keys.get(number, Counter())
        text = _unnamed(plain(rule.full))
        for key in keys:
            stats = _usable(base.reliable(key, 0.8, MIN_RULES))
            if stats is None:
                continue
            for variant, form, times, common in _variants(text, stats, base, readings, keys[key]):
                if variant not in best or best[variant][3] < common:
                    best[variant] = (key, form, times, common)
        for variant, (key, form, times, common) in best.items():
            english = base.english_words[number][key]
            yield Finding(
                "consistency",
                number,
                _(
                    "{number}: {english} is written {variant} here ({times} times in the document) "
                    "against {form} ({common} times)"
                ).format(number=number, english=english, variant=variant, times=times, form=form, common=common),
                rule.full,
                other.full,
                {
                    "english": english,
                    "translated": variant,
                    "term": key,
                    "dominant": form,
                    "evidence": {"variant": times, "dominant": common},
                    "confidence": round(1 - times / common, 3),
                },
            )
    yield from dropped_characters(tr, en, base)
    yield from longer_forms(tr, en, base)
    yield from _same_english(tr, en)
    yield from _same_quote(tr, en)


# A name glossed with its English in a list (「魂力(こんりき)／Channel」 among the ability words of 207.2c): a name,
# whose characters are no variant of a term's form.
_GLOSSED_NAME = re.compile(r"「[^「」／]*／[A-Za-z][^「」]*」")


def _unnamed(text: str) -> str:
    """``text`` with glossed names blanked, offsets kept."""
    return _GLOSSED_NAME.sub(lambda m: "\u3000" * len(m.group()), text)


def _another_word(text: str, variant: str, i: int, stats: TermStats, base: TermBase, named: int) -> bool:
    """Whether a string one ideograph away from a form (changed at ``i``) is the start of other words, not the
    term misspelt (a misspelling read alike is the homophones' to find):

    - a shorter form of the same term whole in it, the changed character after or before it: 操控十个 "control
      ten", 操控军队 "control an Army" beside 操控者 (controller), whose form 操控 they hold;
    - the changed character a common word with its neighbour inside the string, where the rule already writes
      the term as often as the original names it: 一种法术力类别 "a type of mana" beside 一般法术力 (generic mana).
    """
    for shorter in stats.forms:
        if len(shorter) < len(variant) and (variant.startswith(shorter) and i >= len(shorter)):
            return True
        if len(shorter) < len(variant) and variant.endswith(shorter) and i < len(variant) - len(shorter):
            return True
    pairs = [variant[j : j + 2] for j in (i - 1, i) if 0 <= j and j + 2 <= len(variant)]
    if any(base.document_count(pair) >= COMMON_BIGRAM for pair in pairs):
        return sum(count_forms(text, stats.forms).values()) >= named
    return False


_QUOTE = re.compile(r"“([^“”]+)”")
_PUNCT = re.compile(r"[\s，,。.、；;：:！!？?]")
# What a Chinese quote may add or drop by style: particles, demonstratives, ellipses (该被放逐的牌 / 被放逐的牌,
# 被[此物件]放逐 / 被[这个物件]放逐的, 只要…… / 只要); 受 and 被 both mark the passive.
_STYLE_ZH = re.compile(r"[的之该于…]|这个|此")


_SLOT = re.compile(r"\[[^\[\]]*\]")
_BRACKETS = re.compile(r"[\[\]［］]")


def _wording(text: str, lang: str, english: str = "") -> str:
    """A quote's wording as compared across rules: punctuation, and in Chinese the style words, left out.

    Where the English quote has a slot ("as [this] enters"), the translation's name for the slot ([此物件],
    [此永久物]) is the template's, not the rule's wording; elsewhere brackets are the translator's mark of a
    template word ([此阶段] against 该阶段) and only the words inside count."""
    text = _SLOT.sub("[]", text) if "[" in english else _BRACKETS.sub("", text)
    text = _PUNCT.sub("", text).casefold()  # English kept in a quote compares without its capitals (“Bands with other”)
    return _STYLE_ZH.sub("", text).replace("受", "被") if lang.startswith("zh") else text


def _same_quote(tr: DocText, en: DocText) -> Iterator[Finding]:
    """One quoted English wording (a keyword's meaning, a template) translated one way in most rules and
    another way here. Quotes pair by order where both texts quote as often."""
    seen: dict[str, list[tuple[str, str]]] = defaultdict(list)  # English quote -> [(number, translated quote)]
    for number, rule, other in _pairs(tr, en):
        theirs = _QUOTE.findall(other.full)
        ours = _QUOTE.findall(rule.full)
        if theirs and len(theirs) == len(ours):
            for english, translated in zip(theirs, ours):
                if len(english) >= 12:
                    seen[english.rstrip(".")].append((number, translated))
    for english, found in seen.items():
        if len(found) < 2:
            continue
        forms = Counter(_wording(t, tr.lang, english) for _, t in found)
        dominant, times = forms.most_common(1)[0]
        if times == len(found) or (times < 2 and len(found) > 2) or times * 2 < len(found):
            continue
        if times == 1:  # two rules, two translations: neither is the rule, each is shown against the other
            dominant = ""
        for number, translated in found:
            if _wording(translated, tr.lang, english) == dominant:
                continue
            example = next(
                t for n, t in found if n != number and (not dominant or _wording(t, tr.lang, english) == dominant)
            )
            yield Finding(
                "consistency",
                number,
                _(
                    "{number}: “{english}” is translated “{translated}” here, “{dominant}” in {times} of {rules} rules"
                ).format(
                    number=number,
                    english=english,
                    translated=translated,
                    dominant=example,
                    times=times,
                    rules=len(found),
                ),
                tr.by_number[number].full,
                en.by_number[number].full,
                {
                    "english": english,
                    "translated": translated,
                    "dominant": example,
                    "evidence": {"same": times, "rules": len(found)},
                    "confidence": round(times / len(found), 3) if dominant else 0.5,
                },
            )


def _same_english(tr: DocText, en: DocText) -> Iterator[Finding]:
    """Rules with one English text (of some length) whose translations differ: the rare one is flagged."""
    groups: dict[str, list[str]] = defaultdict(list)
    for number, rule, other in _pairs(tr, en):
        if len(other.full) >= 40:
            groups[other.full].append(number)
    for english, numbers in groups.items():
        if len(numbers) < 3:
            continue
        texts = Counter(tr.by_number[n].full for n in numbers)
        common, times = texts.most_common(1)[0]
        if times < 2 or times == len(numbers):
            continue
        for n in numbers:
            text = tr.by_number[n].full
            if text != common:
                yield Finding(
                    "consistency",
                    n,
                    _("{number}: the same English as {others} is translated differently here").format(
                        number=n, others=", ".join(m for m in numbers if tr.by_number[m].full == common)
                    ),
                    text,
                    english,
                    {
                        "english": english,
                        "translated": text,
                        "dominant": common,
                        "evidence": {"same": times, "rules": len(numbers)},
                        "confidence": round(times / len(numbers), 3),
                    },
                )


def markers(tr: DocText, en: DocText, base: TermBase) -> Iterator[Finding]:
    for number, rule, other in _pairs(tr, en):
        for lost in lost_markers(rule.full, other.full, tr.lang):
            if lost.found:
                message = _("{number}: the original says “{english}”, the translation {found} (the opposite)")
            else:
                message = _("{number}: the original says “{english}”; the translation does not render it")
            yield Finding(
                "markers",
                number,
                message.format(number=number, english=lost.english, found=lost.found),
                rule.full,
                other.full,
                {
                    "english": lost.english,
                    "translated": lost.found,
                    "marker": lost.marker,
                    "evidence": {"marker": lost.marker},
                    "confidence": lost.confidence,
                },
            )


def coverage(tr: DocText, en: DocText, base: TermBase) -> Iterator[Finding]:
    """A parenthesis the original does not have that states a number the original does not, in digits or in
    words (810.11's "（起始总生命为30，…）"; Korean 402.1's "(일반적으로 7장)" renders "normally seven").

    Translators turn clauses into parentheses by their style, so a parenthesis more is a finding only with a
    number of its own, and only where the document does that seldom (the rate the document itself gives). Then
    the terms the translation adds (kb.crosscheck.added) and the words of the original it renders none of
    (kb.crosscheck.unrendered).
    """
    added: list[tuple[str, list[str], list[str]]] = []
    for number, rule, other in _pairs(tr, en):
        ours = [p for p in _PAREN_TR.findall(rule.full) if not p[1:].startswith(_NOTE)]
        theirs = _PAREN_EN.findall(other.full)
        if len(ours) > len(theirs):
            extra = _unmatched(ours, theirs, rule.full, other.full)
            if _ENUMERATION.fullmatch(extra) or _CITING.search(extra):
                continue  # "(1)" of a list, "(rule 601.2f 参照)": the citations class judges citations
            stated = numerals(other.full, en.lang)  # cited rules left out on both sides
            if numerals(extra, tr.lang).digits - stated.digits - stated.spelled:
                added.append((number, ours, theirs))
    rate = len(added) / max(1, len(tr.by_number))
    if rate <= USUAL_PARENTHESES:
        for number, ours, theirs in added:
            yield Finding(
                "coverage",
                number,
                _("{number}: {ours} parentheses in the translation, {theirs} in the original").format(
                    number=number, ours=len(ours), theirs=len(theirs)
                ),
                tr.by_number[number].full,
                en.by_number[number].full,
                {
                    "english": None,
                    "translated": _unmatched(ours, theirs, tr.by_number[number].full, en.by_number[number].full),
                    "evidence": {"translation": len(ours), "original": len(theirs), "document rate": round(rate, 4)},
                    "confidence": round(1 - rate * 10, 3),
                },
            )
    if base is not None:  # the other way round: a game term the original does not name (a term base's)
        yield from added_terms(tr, en, base)
    yield from unrendered_words(tr, en)  # words the document renders elsewhere, none of them here


def swaps(tr: DocText, en: DocText, base: TermBase) -> Iterator[Finding]:
    """A core noun or verb of the original (object, player, cast ...) rendered by another's dominant form
    (kb.crosscheck.swaps), then a term rendered as another of its family (kb.crosscheck.siblings) in a rule with
    no core-word swap; both spans and both words' counts are the evidence."""
    found = list(_core_swaps(tr, en, base))
    yield from found
    swapped = {f.number for f in found}
    yield from (f for f in sibling_swaps(tr, en, base) if f.number not in swapped)


def _core_swaps(tr: DocText, en: DocText, base: TermBase) -> Iterator[Finding]:
    for number, swap in all_swaps(tr, en, base):
        if swap.expected and same_thing(
            english_key(swap.english), english_key(swap.found_word), en.by_number[number].full
        ):
            continue  # "that object while it's on the battlefield" as 전장의 지속물: the same thing, no swap
        if swap.expected:
            message = _(
                "{number}: the original says {english}, the translation has {found} ({other}'s form in "
                "{found_rules} of {found_of} rules) and not {expected} ({english}'s form in {rules_held} of {rules} rules)"
            )
        else:  # an indefinite word ("anything") narrowed to a class
            message = _(
                "{number}: the original says “{english}”, the translation names {found} ({other}'s form in "
                "{found_rules} of {found_of} rules), a class the original does not name"
            )
        yield Finding(
            "swaps",
            number,
            message.format(
                number=number,
                english=swap.english,
                found=swap.found,
                other=swap.found_word,
                found_rules=swap.found_rules,
                found_of=swap.found_of,
                expected=swap.expected,
                rules_held=swap.expected_rules,
                rules=swap.rules,
            ),
            tr.by_number[number].full,
            en.by_number[number].full,
            {
                "english": swap.english,
                "translated": swap.found,
                "dominant": swap.expected,
                "swapped_with": swap.found_word,
                "tier": tier("swaps"),  # kb.crosscheck.tiers: 0.53-0.82 confirmed on fresh labels
                "evidence": {
                    "english": {"form": swap.expected, "held": swap.expected_rules, "rules": swap.rules},
                    "translated": {"form": swap.found, "held": swap.found_rules, "rules": swap.found_of},
                },
                "confidence": swap.confidence,
            },
        )


QA_CHECKS = {
    "terminology": terminology,
    "consistency": consistency,
    "markers": markers,
    "coverage": coverage,
    "swaps": swaps,
}
