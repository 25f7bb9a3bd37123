"""Rare near-spellings: a word a translation writes once or twice, one letter from a word it writes often.

What translators correct later is, often enough, a slip of the keyboard that leaves a word one letter from the
right one: the youbeebee Korean translation wrote 담계 for 단계 ("phase"), 조정하는 for 조종하는 ("controls"),
타임스템프 for 타임스탬프, 아크애너미 for its own 아크에너미. Spelling checkers of translation QA tools (Xbench,
Verifika, LanguageTool) use a dictionary; we have none for every language, but the document is its own: a form it
writes many times is its spelling, and a form one letter away that it writes once is either a slip or another word.

Another word it is, as often as not (잃는 "losing" beside 있는 "being", 세로 "vertical" beside 서로 "each
other"). The English tells them apart: the common form is learnt to go with an English word (the English word most
associated with it over the aligned rules, Dice of the two sets of rules), and the rare form is a slip where its
rule's English says that word more often than the rule's translation writes the common form: the rule should have
said it and did not. 714.3b says "phase" and holds 담계 where the document writes 단계 in 136 rules, 단계 going
with "phase" (Dice 0.78).

Function words have no English of their own ("if", "the"): a form written once one letter from a form the document
writes at least ``FUNCTION_COMMON`` times is a finding without that witness, at a lower confidence (마약, "drugs",
for 만약, "if", written 183 times). A word is compared as written and without its particle (``korean_stem``), and a
change in its last syllable or its particle is left alone: endings and particles alternate there by grammar
(정한/정할, 것은/것는, 플레이에는/플레이어는).

Korean has a third way in, the counts alone (``kb.crosscheck.hangul.slips``, once a pass of the consistency check):
a whole word (particle and all) written once, one letter from a word written at least ten times and ten times as
often, its stem changed and its ending not a verb's. It finds what the English cannot witness, a slip in a word of
no English of its own or in a form the particle hides (생태가 for 상태가 "state", 플레이에가 for 플레이어가):
over the 52 states of the youbeebee translation it found 1,207 slips (49 distinct word and rule) the two ways above
do not, and they 451 it does not (bench/RESULTS.md, "one check of slips"), so each way is kept and a slip found more
than one way is one finding naming every way (``NearSpelling.ways``). Its own slips are real less often (4/26 tune,
5/21 held-out on fresh labels): with no witness it ranks below every witnessed slip.

Letters: jamo for Korean (initial, vowel, final of a syllable, ``kb.crosscheck.hangul``); a letter put in, left out
or changed for alphabetic languages (words of five letters or more) and for Japanese katakana words (four or more:
トーケン for トークン). Chinese, and Japanese kanji, are not read here: their slips are homophones, which the
consistency check reads against the terms' forms (``kb.crosscheck.homophones``); a trial of character n-grams read
alike found almost nothing but words that are not the same word (bench/RESULTS.md).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from typing import Iterator

from kb.crosscheck.hangul import neighbours, slips, word_counts
from kb.crosscheck.learnt import korean_stem, script
from kb.crosscheck.model import Finding
from kb.crosscheck.texts import DocText
from kb.i18n import _

RARE = 2  # a form written at most this often in the document may be a slip
COMMON = 5  # ... of a form written at least this often
WITNESS = 0.3  # the common form's English word: at least this Dice over the aligned rules
FUNCTION_COMMON = 100  # a slip of a word this common needs no English witness (만약, "if"), if written once
EVERYWHERE = 0.1  # an English word in more than this share of the rules witnesses nothing ("the", "of", "player")
# Korean words ending as a verb or adjective inflects (attributive 는/은/을/한/된/진, connective 고/면/며/서/지/게/기,
# final 다): a word so ended one letter from a common one is mostly the same verb inflected otherwise or another verb
# (입는/있는, 빠지고/가지고, 간다면/한다면, 빛이 도는/또는), so without an English witness it is no finding.
INFLECTED = ("는", "은", "을", "한", "할", "된", "될", "진", "던", "든", "고", "면", "며", "서", "지", "게", "기", "다")
MIN_LETTERS = 5  # an alphabetic word this long or longer (shorter ones are one letter from too many others)
SHOWN = 5  # rules of the common form a finding names
# The ways a slip is found: the rule's English names what the common form renders; a function word written very
# often; the whole word's counts alone (Korean, ``kb.crosscheck.hangul.slips``)
WITNESSED, FUNCTION, COUNTED = "witnessed", "function word", "counted"

_HANGUL_WORD = re.compile(r"[\uac00-\ud7a3]+")
_LATIN_WORD = re.compile(r"[^\W\d_]+")
_ENGLISH_WORD = re.compile(r"[a-z]{3,}")
_ALPHABET = "abcdefghijklmnopqrstuvwxyzäöüßéèêàâçëïîôûùœæñáíóú"
# Japanese loanwords are written in katakana, letter by letter as an alphabet is: a word of four or more
_KATAKANA_WORD = re.compile(r"[\u30a1-\u30fa][\u30a1-\u30faー]{3,}")
_KATAKANA = "".join(chr(code) for code in range(0x30A1, 0x30FB)) + "ー"


@dataclass(frozen=True)
class NearSpelling:
    """A rare form of a rule, the common form one letter away, their counts in the document, and the English word
    the common form goes with (None: a function word, judged by its count alone)."""

    number: str
    rare: str
    common: str
    rare_count: int
    common_count: int
    english: str | None
    association: float
    rare_rules: tuple[str, ...] = ()  # every rule writing the rare form (one or two)
    common_rules: tuple[str, ...] = ()  # the first rules writing the common form, in document order
    ways: tuple[str, ...] = ()  # how it was found (``WITNESSED``, ``FUNCTION``, ``COUNTED``): one slip, one finding

    @property
    def confidence(self) -> float:
        """Witnessed slips first, by how strongly the common form goes with its English word; unwitnessed ones
        below every witnessed one."""
        if self.english is None:
            return round(0.3 * (1 - self.rare_count / self.common_count), 3)
        return round(0.4 + 0.5 * self.association, 3)


def _english_words(text: str) -> Counter:
    """The English words of a text, a plural's s cut (so "phases" witnesses "phase")."""
    words = _ENGLISH_WORD.findall(text.lower())
    return Counter(word[:-1] if len(word) > 3 and word.endswith("s") else word for word in words)


def _one_letter(form: str, kind: str, reach: int) -> Iterator[str]:
    """Every string one letter from ``form`` (jamo for Korean) within its first ``reach`` syllables in Korean."""
    if kind == "hangul":
        for i, char in enumerate(form[:reach]):
            for other in neighbours(char):
                yield form[:i] + other + form[i + 1 :]
        return
    alphabet = _KATAKANA if kind == "katakana" else _ALPHABET
    for i in range(len(form) + 1):
        for letter in alphabet:
            yield form[:i] + letter + form[i:]  # a letter put in
            if i < len(form) and letter != form[i]:
                yield form[:i] + letter + form[i + 1 :]  # changed
        if i < len(form):
            yield form[:i] + form[i + 1 :]  # left out


class _Document:
    """The counts of one translation: each form, the rules holding it, and each English word's rules."""

    def __init__(self, tr: DocText, en: DocText, kind: str) -> None:
        self.kind = kind
        self._stems: dict[str, str] = {}  # each distinct Korean word cut once (203,000 cuts a document otherwise)
        self.counts: Counter = Counter()
        self.in_rule: dict[str, Counter] = defaultdict(Counter)
        self.words: dict[str, list[str]] = {}
        for number, rule in tr.by_number.items():
            words = self.words[number] = _words(rule.full, kind)
            for word in words:
                for form in self.forms(word):
                    self.counts[form] += 1
                    self.in_rule[form][number] += 1
        self.english = {number: _english_words(rule.full) for number, rule in en.by_number.items()}
        self.english_rules: dict[str, set[str]] = defaultdict(set)
        for number, said in self.english.items():
            for english in said:
                self.english_rules[english].add(number)
        limit = EVERYWHERE * max(1, len(self.english))
        self.everywhere = {word for word, rules in self.english_rules.items() if len(rules) > limit}
        self._witness: dict[str, tuple[str, float] | None] = {}
        self.with_particle: Counter = Counter()  # how often a Korean form is a stem with a particle cut off
        if kind == "hangul":
            for words in self.words.values():
                self.with_particle.update(stem for stem in map(self.stem, words) if stem not in words)

    def stem(self, word: str) -> str:
        """A Korean word without its particle (``korean_stem``), any other word as it is."""
        if self.kind != "hangul":
            return word
        if word not in self._stems:
            self._stems[word] = korean_stem(word)
        return self._stems[word]

    def forms(self, word: str) -> list[str]:
        """The forms a word is counted as: a Korean word as written and without its particle; a word of letters
        in lower case."""
        if self.kind != "hangul":
            return [word.casefold()]
        stem = self.stem(word)
        return [word] if stem == word else [word, stem]

    def noun(self, form: str) -> bool:
        """Whether the document mostly writes a Korean form with a particle after it (서고를, 서고에서): a noun."""
        return self.with_particle[form] > 0.5 * self.counts[form]

    def witness(self, form: str) -> tuple[str, float] | None:
        """The English word most associated with ``form`` over the paired rules (Dice), and the score."""
        if form not in self._witness:
            rules = [number for number in self.in_rule[form] if number in self.english]
            together = Counter(word for number in rules for word in self.english[number] if word not in self.everywhere)
            best = None
            for word, both in together.items():
                dice = 2 * both / (len(rules) + len(self.english_rules[word]))
                if best is None or dice > best[1]:
                    best = (word, dice)
            self._witness[form] = best
        return self._witness[form]


def _words(text: str, kind: str) -> list[str]:
    if kind == "hangul":
        return _HANGUL_WORD.findall(text)
    if kind == "katakana":
        return _KATAKANA_WORD.findall(text)
    return [word for word in _LATIN_WORD.findall(text) if len(word) >= MIN_LETTERS]


def near_spellings(tr: DocText, en: DocText) -> Iterator[NearSpelling]:
    """Each rule's rare forms one letter from a common form of the document that its English witnesses (or a
    function word's, see the module's docstring), in document order, one per rare form and rule."""
    kind = "katakana" if tr.lang.split("-")[0].lower() == "ja" else script(tr.lang)
    if kind == "cjk":
        return
    doc = _Document(tr, en, kind)
    whole = word_counts(rule.full for rule in tr.by_number.values()) if kind == "hangul" else None
    for number, words in doc.words.items():
        seen: set[str] = set()
        found_here: list[NearSpelling] = []
        for word in words:
            best: NearSpelling | None = None
            for form in doc.forms(word):
                times = doc.counts[form]
                if form in seen or times > RARE or len(doc.stem(form)) < 2:
                    continue
                seen.add(form)
                found = _judge(doc, number, form, times)
                if found is not None and (best is None or found.confidence > best.confidence):
                    best = found
            if best is not None:
                found_here.append(best)  # the word whole and its stem are one slip: the surer of the two
                seen.update(doc.forms(best.rare))
        if whole is not None and number in en.by_number:
            found_here = _counted(doc, number, tr.by_number[number].full, whole, found_here)
        yield from found_here


def _counted(doc: _Document, number: str, text: str, whole: Counter, found: list[NearSpelling]) -> list[NearSpelling]:
    """``found`` with the Korean slips of the counts alone (``kb.crosscheck.hangul.slips``): a slip already found
    (the same word, or its stem) names that way too; another one is added, with no English witness."""
    found = list(found)
    for slip, word, times, common in slips(text, whole):
        changed = next(i for i, (a, b) in enumerate(zip(slip, word)) if a != b)
        if changed >= len(doc.stem(slip)):
            continue  # its particle changed, not the word: 플레이에는 ("in play") beside 플레이어는 ("the player")
        at = next((i for i, f in enumerate(found) if slip.startswith(f.rare) or f.rare.startswith(slip)), None)
        if at is not None:
            found[at] = replace(found[at], ways=found[at].ways + (COUNTED,))
            continue
        rules = tuple(doc.in_rule[slip]) or (number,)
        shown = tuple(list(doc.in_rule[word])[:SHOWN])
        found.append(NearSpelling(number, slip, word, times, common, None, 0.0, rules, shown, (COUNTED,)))
    return found


def _judge(doc: _Document, number: str, form: str, times: int) -> NearSpelling | None:
    best: NearSpelling | None = None
    # Korean: the last syllable holds the endings that alternate by grammar (정한/정할); a word's particle, even of
    # two syllables, is grammar too (플레이에는 "in play" beside 플레이어는 "the player"): only the stem may change
    stem = doc.stem(form)
    reach = len(stem) if stem != form else len(form) - 1
    for other in set(_one_letter(form, doc.kind, reach)):
        common = doc.counts.get(other, 0)
        if common < COMMON:
            continue
        if doc.kind == "hangul" and form.endswith(INFLECTED) and doc.noun(other):
            continue  # 섞고 ("shuffling") beside 서고를 ("library"): the shared syllable ends a verb here, a noun there
        witness = doc.witness(other)
        english = doc.english.get(number, Counter())
        if witness is not None and witness[1] >= WITNESS and english[witness[0]] > doc.in_rule[other][number]:
            found = NearSpelling(
                number, form, other, times, common, witness[0], round(witness[1], 3), ways=(WITNESSED,)
            )
        elif (
            times == 1
            and common >= FUNCTION_COMMON
            and (witness is None or witness[1] < WITNESS)
            and not form.endswith(INFLECTED)
            and doc.stem(form) == form
        ):
            found = NearSpelling(number, form, other, times, common, None, 0.0, ways=(FUNCTION,))
        else:
            continue
        if best is None or (found.confidence, found.common_count) > (best.confidence, best.common_count):
            best = found
    if best is None:
        return None
    shown = tuple(list(doc.in_rule[best.common])[:SHOWN])
    return replace(best, rare_rules=tuple(doc.in_rule[form]), common_rules=shown)


def spelling(tr: DocText, en: DocText, ctx: object = None) -> Iterator[Finding]:
    """The near-spellings of a translation as findings of class ``spelling``, the surest first."""
    found = []
    for slip in near_spellings(tr, en):
        rule, other = tr.by_number[slip.number], en.by_number.get(slip.number)
        if slip.english is None:
            message = _(
                "{number}: {rare} ({rare_count} times in the document) is one letter from {common} "
                "({common_count} times)"
            )
        else:
            message = _(
                "{number}: {rare} ({rare_count} times in the document) is one letter from {common} "
                "({common_count} times), which renders “{english}” and the original says “{english}” here"
            )
        found.append(
            Finding(
                "spelling",
                slip.number,
                message.format(
                    number=slip.number,
                    rare=slip.rare,
                    rare_count=slip.rare_count,
                    common=slip.common,
                    common_count=slip.common_count,
                    english=slip.english,
                ),
                rule.full,
                other.full if other is not None else None,
                {
                    "english": slip.english or "",
                    "translated": slip.rare,
                    "dominant": slip.common,
                    "evidence": {
                        "variant": slip.rare_count,
                        "dominant": slip.common_count,
                        "association": slip.association,
                        "variant_rules": list(slip.rare_rules),
                        "dominant_rules": list(slip.common_rules),
                        "ways": list(slip.ways),
                    },
                    "confidence": slip.confidence,
                },
                confidence=slip.confidence,
            )
        )
    yield from sorted(found, key=lambda f: -(f.confidence or 0.0))
