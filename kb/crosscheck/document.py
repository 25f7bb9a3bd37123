"""A whole translation against the English original of the same edition, rule by rule.

Rules pair by number (the first of a number printed twice). Each check is a small
function from the two documents to findings, so a test can alter one document and
see exactly one class of finding appear.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from typing import Callable, Iterator

from kb.core.errors import EditionNotFound, SameDocument
from kb.core.numbers import RuleNumber
from kb.crosscheck.citecheck import (
    DIFFERENT,
    OMITTED,
    RENUMBERED,
    STALE_ORIGINAL,
    OldNumbers,
    cited_titles,
    classify,
    same_title,
)
from kb.crosscheck.garbled import garbled_findings
from kb.crosscheck.model import FINDINGS, DocumentCrosscheck, Finding, count
from kb.crosscheck.pivot import english_pivot
from kb.crosscheck.qa import QA_CHECKS
from kb.crosscheck.signals import (
    bare_entries,
    citations,
    glossed,
    in_sentence,
    listed,
    numerals,
    sorted_numbers,
    source_words_left,
    untranslated,
)
from kb.crosscheck.specs import DocSpec, resolve
from kb.crosscheck.spelling import spelling
from kb.crosscheck.stale import Earlier, earlier_texts, stale_terms
from kb.crosscheck.termbase import TermBase, own_glossary
from kb.crosscheck.termcheck import swapped_terms
from kb.crosscheck.texts import DocText, RuleText, load_text
from kb.i18n import _, ngettext
from kb.terms import TermDictionary, dictionary


@dataclass
class DocContext:
    """What some checks need beyond the two texts: the term dictionary, the renumbering chain."""

    terms: TermDictionary | None = None
    old_numbers: OldNumbers | None = None
    glossary: dict[str, list[str]] | None = None  # the translation's own glossary, by English key (termbase)
    base: TermBase | None = None  # the term base of the two texts, made by crosscheck_documents for the QA checks
    earlier: dict[str, list[Earlier]] | None = None  # the original's earlier texts of its rules (kb.crosscheck.stale)


Check = Callable[[DocText, DocText, DocContext], Iterator[Finding]]


# A translation holding less than this share of its original's rules is an excerpt (a wiki's quote of one rule,
# a blog post): a rule it does not quote is missing only where the quote has a gap, not all 3,033 others.
EXCERPT_SHARE = 0.5


def missing(tr: DocText, en: DocText, ctx: DocContext) -> Iterator[Finding]:
    excerpt = len(tr.by_number) < EXCERPT_SHARE * len(en.by_number)
    gaps = _gaps(tr, en) if excerpt else set()
    for number, rule in en.by_number.items():
        if number not in tr.by_number and (not excerpt or number in gaps):
            yield Finding(
                "missing", number, _("{number} is not in the translation").format(number=number), original=rule.full
            )


def _gaps(tr: DocText, en: DocText) -> set[str]:
    """The rules an excerpt leaves out within what it quotes: a subrule of a rule it quotes, and a subrule
    between two it quotes of the same rule (702.26b of a quote of 702.26a and 702.26c)."""
    quoted = {rule.parsed for rule in tr.by_number.values()}
    children: dict[RuleNumber, list[RuleNumber]] = {}
    for rule in en.by_number.values():
        parent = rule.parsed.parent
        if parent is not None:
            children.setdefault(parent, []).append(rule.parsed)
    found: set[str] = set()
    for parent, kids in children.items():
        held = [at for at, kid in enumerate(kids) if kid in quoted]
        if parent in quoted and parent.kind in ("rule", "subrule"):
            found.update(str(kid) for kid in kids)
        elif held:
            found.update(str(kid) for kid in kids[held[0] : held[-1] + 1])
    return found


def extra(tr: DocText, en: DocText, ctx: DocContext) -> Iterator[Finding]:
    for number, rule in tr.by_number.items():
        if number not in en.by_number:
            yield Finding(
                "extra", number, _("{number} is not in the original").format(number=number), translation=rule.full
            )


def duplicates(tr: DocText, en: DocText, ctx: DocContext) -> Iterator[Finding]:
    for doc, side in ((tr, "translation"), (en, "original")):
        for number, times in doc.printed.items():
            if times > 1:
                texts = [r.full for r in doc.rules if r.number == number]
                yield Finding(
                    "duplicate",
                    number,
                    _printed(side, len(set(texts)) == 1, times).format(number=number, n=times),
                    translation=texts[0] if side == "translation" else None,
                    original=texts[0] if side == "original" else None,
                    detail={"side": side, "times": times, "texts": texts},
                )


def _printed(side: str, same: bool, times: int) -> str:
    """Whole sentences: the side and the sameness change the words around the count."""
    if side == "translation" and same:
        return ngettext(
            "{number} is printed {n} time in the translation (the same text)",
            "{number} is printed {n} times in the translation (the same text)",
            times,
        )
    if side == "translation":
        return ngettext(
            "{number} is printed {n} time in the translation (different texts)",
            "{number} is printed {n} times in the translation (different texts)",
            times,
        )
    if same:
        return ngettext(
            "{number} is printed {n} time in the original (the same text)",
            "{number} is printed {n} times in the original (the same text)",
            times,
        )
    return ngettext(
        "{number} is printed {n} time in the original (different texts)",
        "{number} is printed {n} times in the original (different texts)",
        times,
    )


def subrules(tr: DocText, en: DocText, ctx: DocContext) -> Iterator[Finding]:
    """Rules on both sides whose subrule letters differ ("805.10: a–g against a–f")."""
    for number, rule in en.by_number.items():
        if rule.kind != "rule" or number not in tr.by_number:
            continue
        theirs = [c.number for c in tr.children(number) if c.kind == "subrule"]
        ours = [c.number for c in en.children(number) if c.kind == "subrule"]
        if theirs != ours:
            only_en = [n for n in ours if n not in theirs]
            only_tr = [n for n in theirs if n not in ours]
            parts = ([_("only in the original: {numbers}").format(numbers=", ".join(only_en))] if only_en else []) + (
                [_("only in the translation: {numbers}").format(numbers=", ".join(only_tr))] if only_tr else []
            )
            message = _("{number} subrules differ: {how}").format(number=number, how="; ".join(parts or [_("order")]))
            yield Finding("subrules", number, message, detail={"original": ours, "translation": theirs})


def cited(tr: DocText, en: DocText, ctx: DocContext) -> Iterator[Finding]:
    """Cited rules that differ, each difference said for what it is: an old number of the same rule
    (the chain says so), a different rule, a citation left out, one the original does not have."""
    for number, pair in _paired(tr, en):
        theirs = citations(pair[0].full, tr.lang, tr.siblings, own=number)
        ours = citations(pair[1].full, en.lang, en.siblings, own=number)
        if tr.lang == "ko":
            theirs |= korean_cited(pair[0].full) & ours
        if theirs == ours:
            continue
        only_tr, only_en = sorted_numbers(theirs - ours), sorted_numbers(ours - theirs)
        hints = {w.number: w.titled for w in cited_titles(pair[0].full, tr.lang, tr.titles, tr.title_index) if w.titled}
        parts = classify(only_tr, only_en, ctx.old_numbers, hints)
        yield Finding(
            "citations",
            number,
            f"{number}: " + "; ".join(_part_message(p) for p in parts),
            pair[0].full,
            pair[1].full,
            {
                "translation": sorted_numbers(theirs),
                "original": sorted_numbers(ours),
                "only_translation": only_tr,
                "only_original": only_en,
                "parts": [p.to_dict() for p in parts],
            },
        )


# A number cited with a Korean word the citation grammar (kb.core.citations) does not know: "8절" (section 8),
# "9장", "규칙 707" (rule 707). The youbeebee translation writes "8절 "Multiplayer Rules."을 보세요" for "See section
# 8, ...": without this, 11 rules of KR@b2e3b22 "leave out" a citation they make (bench/RESULTS.md, issue 44,
# "the report by tier"; read on the tune half: 100.1b, 100.3, 110.4, 113.1c, 408.3, 701.33g). Not in the citation
# grammar itself: 장 is also the counter of cards ("카드 7장", seven cards), so free text would cite sections it
# only counts; here a number counts only where the original cites it too.
_KOREAN_CITED = re.compile(
    r"(?<![\d.])([1-9]\d{0,2}(?:\.\d{1,3}[a-z]{0,2})?)\s?(?:절|장)|규칙\s?([1-9]\d\d(?:\.\d{1,3}[a-z]{0,2})?)(?![\d.]\d)"
)


def korean_cited(text: str) -> set[str]:
    """The numbers a Korean text cites as "N절", "N장" or "규칙 N"; counted only where the original cites them too,
    so a number written otherwise (a count of 3장 cards) never adds a citation the original lacks."""
    return {m.group(1) or m.group(2) for m in _KOREAN_CITED.finditer(text)}


def _part_message(part) -> str:
    if part.kind == RENUMBERED and part.edition:
        return _("cites {old}, the old number of {number} (the renumbering chain: {old} in {edition})").format(
            old=part.translation, number=part.original, edition=part.edition
        )
    if part.kind == RENUMBERED:
        return _("cites {old}, the old number of {number} (the title it gives is that of {number})").format(
            old=part.translation, number=part.original
        )
    if part.kind == STALE_ORIGINAL:
        return _("cites {cited} where the original still cites {old}, the number of {cited} in {edition}").format(
            cited=part.translation, old=part.original, edition=part.edition
        )
    if part.kind == DIFFERENT:
        return _("cites {cited} where the original cites {number}, a different rule").format(
            cited=part.translation, number=part.original
        )
    if part.kind == OMITTED:
        return _("leaves out the citation of {number}").format(number=part.original)
    return _("cites {cited}, which the original does not cite").format(cited=part.translation)


def titles(tr: DocText, en: DocText, ctx: DocContext) -> Iterator[Finding]:
    """A title in 〔〕, 「」 or quotes after a cited number that is not that rule's title in the document, nor
    the original's title of it: a translation may cite titles in the original's words (the Korean of youbeebee
    writes "See rule 508, "Declare Attackers Step."" while its own 508 is 공격자 선언단)."""
    numbers = tr.title_index
    for number, rule in tr.by_number.items():
        text = rule.text if rule.kind != "subrule" or not rule.title else rule.full
        for wrong in cited_titles(text, tr.lang, tr.titles, numbers):
            original = en.titles.get(wrong.number)
            if original is not None and same_title(wrong.cited, original):
                continue
            if wrong.titled:
                message = _(
                    "{number}: cites {cited}〔{title}〕, but {cited} is 〔{stored}〕 here; 〔{title}〕 is {titled}"
                )
            else:
                message = _("{number}: cites {cited}〔{title}〕, but {cited} is 〔{stored}〕 here")
            yield Finding(
                "titles",
                number,
                message.format(
                    number=number, cited=wrong.number, title=wrong.cited, stored=wrong.stored, titled=wrong.titled
                ),
                rule.full,
                en.by_number[number].full if number in en.by_number else None,
                {"cited": wrong.number, "title": wrong.cited, "stored": wrong.stored, "titled": wrong.titled},
            )


def terms(tr: DocText, en: DocText, ctx: DocContext) -> Iterator[Finding]:
    """A rule whose translation names another game term of the same kind than the original."""
    if ctx.terms is None:
        return
    for number, (mine, theirs) in _paired(tr, en):
        for swap in swapped_terms(ctx.terms, mine.full, tr.lang, theirs.full, en.lang):
            yield Finding("terms", number, _term_message(number, swap), mine.full, theirs.full, swap.to_dict())


def _term_message(number: str, swap) -> str:
    return _(
        "{number}: the translation says {found} (the {category} {named}) where the original names the "
        "{category} {original} (expected {expected}); pair from {source}"
    ).format(
        number=number,
        category=swap.category,
        original=swap.original,
        expected=", ".join(swap.expected_names) or "—",
        found=swap.found,
        named=swap.named_english,
        source=swap.sources[0] if swap.sources else "—",
    )


def examples(tr: DocText, en: DocText, ctx: DocContext) -> Iterator[Finding]:
    for number, (mine, theirs) in _paired(tr, en):
        if (
            mine.examples != theirs.examples
            and not mine.examples < theirs.examples <= mine.examples + mine.maybe_examples
        ):
            message = ngettext(
                "{number} has {n} example in the translation, {original} in the original",
                "{number} has {n} examples in the translation, {original} in the original",
                mine.examples,
            ).format(number=number, n=mine.examples, original=theirs.examples)
            yield Finding(
                "examples", number, message, detail={"translation": mine.examples, "original": theirs.examples}
            )


def numbers(tr: DocText, en: DocText, ctx: DocContext) -> Iterator[Finding]:
    """Numbers the original states that the translation does not (dropped or changed).

    A number only the translation states is no finding: translations spell out counts the
    original leaves to its list or its context ("10種類" before ten names, "残り2人", "5種類の色").
    """
    for number, (mine, theirs) in _paired(tr, en):
        if not mine.full or not theirs.full:
            continue
        a, b = numerals(mine.full, tr.lang), numerals(theirs.full, en.lang)
        only_tr, only_en = a.unmatched(b), b.unmatched(a)
        if not only_en:
            continue
        if only_tr:
            message = _("{number}: the original states {original}, the translation {translation} instead")
        else:
            message = _("{number}: the original states {original} that the translation does not")
        message = message.format(number=number, translation=listed(only_tr), original=listed(only_en))
        yield Finding(
            "numbers", number, message, mine.full, theirs.full, {"only_translation": only_tr, "only_original": only_en}
        )


def english(tr: DocText, en: DocText, ctx: DocContext) -> Iterator[Finding]:
    left: dict[str, list[str]] = {}
    for number, rule in tr.by_number.items():
        other = en.by_number.get(number)
        found = untranslated(rule.full, tr.lang)
        if not found and other is not None and ctx.terms is not None:
            matcher = ctx.terms.matcher("en")
            found = [run for run in source_words_left(rule.full, other.full, tr.lang) if _is_term(matcher, run)]
        if not found and other is not None:
            found = bare_entries(rule.full, other.full, tr.lang)
        found = [passage for passage in found if not _cited_title(passage, rule, en)]
        if other is not None:
            found = [
                p
                for p in found
                if not names_listed(p, other.full) and (not quoted_in(p, other.full) or _in_a_sentence(p, rule.full))
            ]
        if found:
            left[number] = found
    kept = kept_in_english(left, tr, en)
    for number, found in left.items():
        found = [passage for passage in found if passage.casefold() not in kept]
        if found:
            yield Finding(
                "untranslated",
                number,
                _("{number}: English in the translation: {passage}").format(number=number, passage=found[0][:60]),
                tr.by_number[number].full,
                en.by_number[number].full if number in en.by_number else None,
                {"passages": found},
            )


_TITLE_EDGES = " \"'“”‘’.,;:()"
# A title cited after its number: "See rule 608, "Resolving Spells and Abilities."", "9절 "Casual Variants."",
# also with its opening quote lost ("(See rule 702.5, Enchant")", Korean 115.1b)
_CITED_BEFORE = re.compile(r"\d[\d.a-z]*\s*(?:절|장)?[,，]?\s*[\"“「『]?\s*$")


def _cited_title(passage: str, rule: RuleText, en: DocText) -> bool:
    """A title of the original quoted after the number that cites it (a translation may cite rules by their
    English titles), or the rule's own English title after its translated title ("308. 종족 Tribals")."""
    folded = passage.strip(_TITLE_EDGES).casefold()
    if folded not in en.folded_titles:
        return False
    own = en.by_number.get(rule.number)
    if rule.title and own is not None and own.title and own.title.strip(" .").casefold() == folded:
        return rule.title.strip() != passage.strip()  # a gloss of a translated title, not a title left in English
    at = rule.full.find(passage)
    return at >= 0 and bool(_CITED_BEFORE.search(rule.full[max(0, at - 16) : at]))


KEPT_SHARE = 0.5  # a name left in English in this share of the rules whose original names it: the translation's habit
KEPT_POLICY = 10  # a translation that keeps this many names (each in several rules) keeps names by its style


def kept_in_english(left: dict[str, list[str]], tr: DocText, en: DocText) -> set[str]:
    """Names (folded) the translation keeps in English by its style: each written in English in at least half the
    rules whose original names it, in a translation that does so for many names. The Korean of youbeebee leaves dozens
    of keywords in English until an official Korean name exists (Madness, Splice, Dredge); zh 2023-11-17 leaves
    four (Space Sculptor, in all five of its rules), each an oversight. A name the translation renders elsewhere
    ("tribal" once among 종족) is never kept.

    A rule names a word as a whole word ("layer" is not in "player", "planeswalk" not in "planeswalker"), and a rule
    keeps it when its translation writes that word, also inside a longer name or beside another passage (Korean
    Melee: 3 rules flagged "Melee", 9 more write "Grand Melee")."""
    names = {passage.casefold() for passages in left.values() for passage in passages}
    kept, habits = set(), 0
    originals = [(number, rule.full.casefold()) for number, rule in en.by_number.items()] if names else []
    for name in names:
        stem = name[:-1] if name.endswith("s") and len(name) > 4 else name  # "Fortifications" names fortification
        word = re.compile(r"(?<![a-z])" + re.escape(stem) + r"s?(?![a-z])")
        # the plain substring test first: a pattern over every rule for each name took most of the class's time
        named = [number for number, text in originals if stem in text and word.search(text)]
        anycase = re.compile(word.pattern, re.IGNORECASE)
        keeping = [n for n in named if n in tr.by_number and _writes(anycase, tr.by_number[n])]
        if named and len(keeping) >= KEPT_SHARE * len(named):
            kept.add(name)
            habits += len(keeping) > 1  # a name of one rule (an entry of a list) shows no habit
    return kept if habits >= KEPT_POLICY else set()


def _writes(word: re.Pattern, rule: RuleText) -> bool:
    """Whether a translated rule writes the word in English in its own place, not as a gloss of its translation:
    against a word ("현상phenomenon"), in a parenthesis after one ("종족(tribal)"), after a translated title
    ("308. 종족 Tribals"). Korean 300.2b, "tribal" left twice among 종족, is then no habit of the translation."""
    full = rule.full
    titled = len(rule.title) if rule.title and _NATIVE.search(rule.title) else 0
    for match in word.finditer(full):
        at = match.start()
        if match.end() <= titled or _NATIVE.match(full[at - 1 : at]) or glossed(full, at):
            continue
        return True
    return False


_NATIVE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")  # kana, ideographs, Hangul syllables


# A proper name: capitalised words, with the small words names hold ("Sundial of the Infinite", "Eye for an Eye",
# "Circle of Protection: Artifacts").
_SMALL = r"(?:of|the|from|in|a|an|and|to|for|with|on|at|by|de|des)"
_NAME = re.compile(r"[A-Z][\w'’\-:]*(?:\s+(?:" + _SMALL + r"\s+)*[A-Z0-9][\w'’\-:]*)*")


def names_listed(passage: str, original: str) -> bool:
    """A list of at least two proper names (apart by "," or ";") that the original lists too: card, set or plane
    names a translation keeps in English by its style (Korean 206.3a, the Arabian Nights names; 715.1 "Sundial of
    the Infinite, Day’s Undoing"). One name left alone (zh "Space Sculptor", "Camel") is no list."""
    items = [item.strip(" .") for item in re.split(r"[;,]\s+", passage) if item.strip(" .")]
    if len(items) < 2:
        return False
    plain = _plain_latin(original)
    return all(_NAME.fullmatch(item) and _listed(_plain_latin(item), plain) for item in items)


def _plain_latin(text: str) -> str:
    """Accents, ligatures and typographic apostrophes dropped: a translation writes "Dandan" for the original's
    "Dandân", "AEther Storm" for "Æther Storm"."""
    folded = unicodedata.normalize("NFKD", text.replace("’", "'").translate(_LIGATURES))
    return "".join(ch for ch in folded if not unicodedata.combining(ch))


_LIGATURES = str.maketrans({"Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe"})
# A character an edition of the original printed garbled: a letter of another code page or a blank where an
# accented letter stood (en 2019-01-25 lists "Dandƒn", "Ghazb n", "Jun£n" for Dandân, Ghazbán, Junún).
_GARBLED = r"(?:[^\x00-\x7f]|\s)"


def _listed(name: str, original: str) -> bool:
    """Whether the original holds a name of a list, as written or with one of its letters garbled."""
    if name in original:
        return True
    return any(
        re.search(re.escape(name[:i]) + _GARBLED + re.escape(name[i + 1 :]), original)
        for i, ch in enumerate(name)
        if ch.isalpha() and 0 < i
    )


def _in_a_sentence(passage: str, text: str) -> bool:
    """Whether the translation writes ``passage`` as a word of its own sentence somewhere (signals.in_sentence): the
    original may quote the words as a keyword's name ("“Friends forever” means ..."), and the translation still owes
    them a translation where it runs them into a sentence."""
    return any(in_sentence(text, m.start(), m.end()) for m in re.finditer(re.escape(passage), text))


def quoted_in(passage: str, original: str) -> bool:
    """A word or wording the original quotes (“Play” in this sense, the “world rule”, “in play”): the original
    speaks of the English words themselves, and a translation may keep them in English."""
    words = passage.strip(" .,;:").casefold()
    folded = original.casefold()
    for opening, closing in (("“", "”"), ('"', '"'), ("‘", "’"), ("“", ",”"), ("“", ".”")):
        at = folded.find(f"{opening}{words}{closing}")
        while at >= 0:
            if not _CITED_BEFORE.search(folded[max(0, at - 16) : at + 1]):
                return True  # not the title of a cited rule ("See rule 702.26, “Phasing.”")
            at = folded.find(f"{opening}{words}{closing}", at + 1)
    return False


def _is_term(matcher, run: str) -> bool:
    """Whether a Latin run is one game term as a whole ("Space Sculptor", a keyword), not a name or a product."""
    return any(m.start == 0 and len(m.text) == len(run) for m in matcher.find(run))


def _qa(kind: str) -> Check:
    """A translation QA check (kb.crosscheck.qa) over the document's term base; none without a dictionary."""

    def check(tr: DocText, en: DocText, ctx: DocContext) -> Iterator[Finding]:
        if ctx.base is None:
            return
        found = list(QA_CHECKS[kind](tr, en, ctx.base))
        if kind == "coverage" and ctx.earlier:
            found += stale_terms(tr, en, ctx.base, ctx.earlier)
        for finding in found:
            finding.confidence = finding.detail.get("confidence")
        yield from sorted(found, key=lambda f: -(f.confidence or 0.0))  # the surest first

    check.__name__ = kind
    return check


CHECKS: dict[str, Check] = {
    "missing": missing,
    "extra": extra,
    "duplicate": duplicates,
    "subrules": subrules,
    "citations": cited,
    "titles": titles,
    "examples": examples,
    "numbers": numbers,
    "terms": terms,
    "untranslated": english,
    **{kind: _qa(kind) for kind in QA_CHECKS},
    "spelling": spelling,
    "garbled": garbled_findings,
}


def crosscheck_documents(
    tr: DocText, en: DocText, kinds: tuple[str, ...] = FINDINGS, context: DocContext | None = None
) -> DocumentCrosscheck:
    """Every finding of the asked kinds, in report order, then document order within a kind."""
    context = context or DocContext()
    if context.base is None and context.terms is not None and any(kind in QA_CHECKS for kind in kinds):
        context = replace(context, base=TermBase(context.terms, tr, en, context.glossary or {}))
    findings = [finding for kind in kinds for finding in CHECKS[kind](tr, en, context)]
    paired = sum(1 for number in tr.by_number if number in en.by_number)
    return DocumentCrosscheck(
        translation=tr.ref(),
        original=en.ref(),
        rules={"translation": len(tr.rules), "original": len(en.rules), "paired": paired},
        counts=count([f.kind for f in findings], kinds),
        findings=findings,
    )


def _paired(tr: DocText, en: DocText) -> Iterator[tuple[str, tuple[RuleText, RuleText]]]:
    for number, rule in tr.by_number.items():
        other = en.by_number.get(number)
        if other is not None:
            yield number, (rule, other)


def crosscheck_document(
    conn, document: str, against: str | None = None, kinds: tuple[str, ...] = FINDINGS
) -> DocumentCrosscheck:
    """``document`` ("ja@2026-01-16", a language or a document name) against ``against`` (default:
    the English document of the same edition)."""
    unknown = [k for k in kinds if k not in CHECKS]
    if unknown:
        raise ValueError(
            _("unknown finding kind {kind!r}: expected one of {kinds}").format(
                kind=unknown[0], kinds=", ".join(FINDINGS)
            )
        )
    tr = resolve(conn, DocSpec.parse(document))
    if against:
        en_id = resolve(conn, DocSpec.parse(against)).id
    else:
        pivot = english_pivot(conn, tr)
        if pivot is None:
            message = (
                _("no English document of {edition} {document}: give --against")
                if tr.edition
                else _("no English document of the edition of {document}: give --against")
            )
            raise EditionNotFound(message.format(edition=tr.edition, document=tr.name))
        en_id = pivot.id
    if en_id == tr.id:
        raise SameDocument(
            _(
                "{document} ({lang}) would be checked against itself: --document takes a translation, "
                "or give --against another document"
            ).format(document=tr.name, lang=tr.lang)
        )

    original = load_text(conn, en_id)
    translation = load_text(conn, tr.id)
    context = DocContext(
        dictionary(conn),
        OldNumbers(conn, original.name if original.lang == "en" else None),
        own_glossary(conn, translation, original),
        earlier=earlier_texts(conn, original) if "coverage" in kinds else None,  # read for that class only
    )
    return crosscheck_documents(translation, original, kinds, context)
