"""Term forms learnt from a translation's own aligned rules, for a language the term dictionary has no forms in.

The terminology and consistency checks compare a rule against the forms a term base gives for each English game
term. The term dictionary (kb.terms) has forms only where some source pairs the terms (the Chinese and Japanese
glossaries, the aligned corpus of those languages). A translation in another language (the youbeebee Korean
translation, a translation we have never seen) is still aligned with its original rule by rule, and that alone
says how it renders a term: the string the translation writes in the rules whose English names the term, and
seldom elsewhere.

For each English term (``keys``: the rules whose English names it), the learner

1. draws candidate strings from the term's shortest rules (a title such as "702.2. 치명타 Deathtouch" is the
   shortest and names nothing else): character n-grams for Chinese and Japanese, which write no spaces; for
   Korean, the prefixes of each word once its particle is cut off (``korean_stem``: 단계가 → 단계) and runs of two
   or three such words; for alphabetic languages, runs of one to three words cut to their stem (``letters_stem``);
2. scores each candidate by its association with the term over the rules of the document, the Dice coefficient
   2·|T∩F| / (|T| + |F|), T the rules naming the term and F the rules whose translation holds the candidate: a
   word the translation writes everywhere ("플레이어", "player", in a third of the rules) scores low for any other
   term;
3. keeps the best candidate when it is clearly associated (``MIN_DICE``, in at least ``MIN_BOTH`` rules) and gives
   a form to one term only (a string two terms share goes to the one it is more associated with, and the other
   takes its next candidate); a second round learns the terms that failed with no candidate counted inside a form
   already learnt (난투, "Brawl", inside 난투전, "Free-for-All").

A rule title is the strongest evidence: a rule whose English title names the term alone (702.2 "Deathtouch") has a
translated title that is the term's form; such a candidate is always scored, whatever the sample held.

Precision first: ``bench/bench_crosscheck_learnt.py`` measures the share of forms learnt from the Chinese and
Japanese documents that the term dictionary gives too (its forms are the answer there).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from types import MappingProxyType
from typing import Iterable, Mapping

# A candidate must stand in this many of the term's rules, and score at least this association.
MIN_BOTH = 3
MIN_DICE = 0.7
# Candidates are drawn from this many of the term's shortest rules, and must stand in this share of them.
SAMPLE = 8
IN_SAMPLE = 0.5
# ... and at most this many of them (the commonest in the sample) are scored over the whole document.
SCORED = 25
CHOICES = 3  # candidates kept per term, for when another term is more associated with its best
MAX_CJK = 8  # characters of a Chinese or Japanese candidate
MAX_WORDS = 3  # words of a Korean or alphabetic candidate
MIN_CHARS = 2  # a form of one character (Korean 턴, Chinese 牌) matches inside too many other words
# A Korean candidate that another, longer one completes in this share of its rules is the start of that word.
WHOLE_WORD = 0.9

_CJK = "\u3040-\u30ff\u3400-\u9fff"
_HANGUL = "\uac00-\ud7a3"
_CJK_RUN = re.compile(f"[{_CJK}ー・]+")
_HANGUL_CLAUSE = re.compile(f"[{_HANGUL}]+(?: [{_HANGUL}]+)*")
_WORDS = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
_SCRIPT = {"cjk": re.compile(f"[{_CJK}]"), "hangul": re.compile(f"[{_HANGUL}]")}

# Korean particles and the copula's commonest forms after a noun, longest first: what is cut off a word's end.
KOREAN_PARTICLES = tuple(
    sorted(
        (
            "에서는 에게서 에서의 으로는 으로써 으로서 에게는 이라는 이라고 이라면 에서 에게 으로 로는 로써 로서 까지 "
            "부터 보다 처럼 마다 만큼 이나 이며 이고 이다 과의 와의 에는 에도 의 은 는 이 가 을 를 에 로 와 과 도 만"
        ).split(),
        key=len,
        reverse=True,
    )
)
# Light stemming of alphabetic languages: inflectional endings cut off a word of at least four letters.
_ENDINGS = {
    "de": ("ern", "en", "er", "es", "em", "e", "n", "s"),
    "nl": ("en", "s"),
    "fr": ("es", "s", "e"),
    "es": ("es", "s"),
    "pt": ("es", "s"),
    "it": ("i", "e"),
    "ru": (
        "ами",
        "ями",
        "ого",
        "ему",
        "ому",
        "ах",
        "ях",
        "ов",
        "ев",
        "ей",
        "ий",
        "ый",
        "ой",
        "ая",
        "ое",
        "ые",
        "а",
        "я",
        "ы",
        "и",
        "у",
        "ю",
        "е",
        "о",
    ),
}


def script(lang: str) -> str:
    """How a language's text is cut into candidates: "cjk", "hangul" or "letters"."""
    base = lang.split("-")[0].lower()
    return "cjk" if base in ("zh", "ja") else "hangul" if base == "ko" else "letters"


# Particles in pairs: the first follows a syllable with a final consonant (차원이, 전장을), the second one without
# (플레이어가, 카드를). A noun ending in the syllable of a particle keeps it when the syllable before does not agree:
# 효과 ("effect") is no 효 with 과, which would follow a final consonant.
_AFTER_FINAL: Mapping[str, bool] = MappingProxyType(
    {
        **{"이": True, "가": False, "은": True, "는": False, "을": True, "를": False, "과": True, "와": False},
        **{
            "로": False,
            "으로": True,
            "이나": True,
            "이며": True,
            "이고": True,
            "이다": True,
            "과의": True,
            "와의": False,
        },
    }
)


_RIEUL = 8  # the final ㄹ, after which 로 stands as after a vowel (길로)


def _final(syllable: str) -> int:
    code = ord(syllable) - 0xAC00
    return code % 28 if 0 <= code <= 0xD7A3 - 0xAC00 else -1


def _has_final(syllable: str) -> bool:
    return _final(syllable) > 0


def korean_stem(word: str) -> str:
    """``word`` without the particle after its noun (단계가 → 단계, 전장으로 → 전장); a word the particle would
    leave empty is kept whole (이 is a word of its own), and so is a particle that does not agree with the
    syllable before it (효과, 대지)."""
    for particle in KOREAN_PARTICLES:
        if word.endswith(particle) and len(word) > len(particle):
            stem = word[: -len(particle)]
            agrees = _AFTER_FINAL.get(particle)
            if agrees is None or agrees == _has_final(stem[-1]) or (particle == "로" and _final(stem[-1]) == _RIEUL):
                return stem
    return word


def letters_stem(word: str, lang: str) -> str:
    """``word`` lower-cased without one inflectional ending of its language (Kreaturen → kreatur)."""
    word = word.casefold()
    for ending in _ENDINGS.get(lang.split("-")[0].lower(), ()):
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word


# A particle, a kana ending or a sentence's function word opens or closes no term (を支払, の勝ち, 战斗伤害步骤中).
_NO_EDGE = re.compile(r"^[\u3040-\u309fー・的之中时]|[・的之中时にをがはでともへのや]$")
_KATAKANA = re.compile(r"[\u30a1-\u30faー]")


def _edge(run: str, i: int) -> bool:
    """Whether a candidate may start or end at ``i`` of ``run``: not between two katakana (a word cut)."""
    return not (0 < i < len(run) and _KATAKANA.match(run[i - 1]) and _KATAKANA.match(run[i]))


def candidates(text: str, lang: str) -> set[str]:
    """The strings of ``text`` that may be a term's form (see the module's docstring)."""
    kind = script(lang)
    found: set[str] = set()
    if kind == "cjk":
        for run in _CJK_RUN.findall(text):
            # where a candidate may start and end: not inside a katakana word (ク・イベント規定 of デッキ・イベント規定)
            starts = [i for i in range(len(run)) if _edge(run, i)]
            ends = {i for i in range(1, len(run) + 1) if _edge(run, i)}
            for i in starts:
                for j in range(i + MIN_CHARS, min(len(run), i + MAX_CJK) + 1):
                    if j in ends and not _NO_EDGE.search(run[i:j]):
                        found.add(run[i:j])
        return found
    if kind == "hangul":
        for clause in _HANGUL_CLAUSE.findall(text):
            words = clause.split(" ")
            stems = [korean_stem(word) for word in words]
            for i, stem in enumerate(stems):
                # the stem's prefixes (공격 of 공격하는), and the word whole where the cut syllable was the noun's
                # own (정의, "definition", is no 정 with 의)
                found.update(stem[:size] for size in range(MIN_CHARS, len(stem) + 1))
                found.add(words[i])
                for size in range(2, MAX_WORDS + 1):
                    if i + size <= len(stems):
                        found.add(" ".join(stems[i : i + size]))
                        found.add(" ".join([*stems[i : i + size - 1], words[i + size - 1]]))
        return found
    words = [letters_stem(word, lang) for word in _WORDS.findall(text)]
    for size in range(1, MAX_WORDS + 1):
        found.update(" ".join(words[i : i + size]) for i in range(len(words) - size + 1))
    return {c for c in found if len(c) >= 3}


def normalise(text: str, lang: str) -> str:
    """``text`` as candidates are looked for in it: alphabetic text as stemmed words, the others as written."""
    if script(lang) != "letters":
        return text
    return " " + " ".join(letters_stem(word, lang) for word in _WORDS.findall(text)) + " "


def spaced(form: str) -> str:
    """``form`` as compared with another: Korean spaces the words of a term as the writer likes (전투 피해,
    전투피해), so without its spaces."""
    return form.replace(" ", "")


def holds(text: str, form: str, lang: str) -> bool:
    """Whether a normalised text holds ``form`` (whole stemmed words in an alphabetic language; a Korean form
    with or without the spaces between its words)."""
    kind = script(lang)
    if kind == "letters":
        return f" {form} " in text
    return form in text or (kind == "hangul" and " " in form and spaced(form) in text)


@dataclass(frozen=True)
class LearntForm:
    """A form learnt for one English term, with the counts that are its evidence."""

    key: str
    form: str
    both: int  # rules naming the term whose translation holds the form
    term_rules: int  # rules naming the term
    form_rules: int  # rules whose translation holds the form
    anchor: bool  # the translated title of a rule whose English title is the term

    @property
    def dice(self) -> float:
        return round(2 * self.both / (self.term_rules + self.form_rules), 3)


class Learner:
    """Learns term forms from one translation: ``texts`` maps a rule number to its translated text."""

    def __init__(self, texts: Mapping[str, str], lang: str):
        self.lang = lang
        self.texts = {number: normalise(text, lang) for number, text in texts.items()}
        self._df: dict[str, int] = {}
        self.kind = script(lang)
        self._script = _SCRIPT.get(self.kind)
        self.taken: set[str] = set()  # forms other terms hold: a string inside one of them is not the string
        self._inside: dict[str, list[str]] = {}
        self._index: dict[str, set[str]] | None = None  # unit -> the rules holding it
        self._candidates: dict[str, set[str]] = {}  # rule number -> its usable candidates
        self.missed: set[str] = set()  # terms with a candidate that could have scored, had it been rarer

    def take(self, forms: Iterable[str]) -> None:
        """Count no candidate inside ``forms`` (another term's forms) from now on: 난투 ("Brawl") inside 난투전
        ("Free-for-All") is Free-for-All's."""
        self.taken.update(forms)
        self._df.clear()
        self._inside.clear()

    def _count(self, numbers: Iterable[str], candidate: str) -> int:
        """How many of the rules ``numbers`` hold ``candidate`` (outside the forms taken by other terms).

        The commonest operation of the learner (millions of times a document): the plain case, a substring test
        of each text, is written out."""
        if candidate not in self._inside:
            self._inside[candidate] = sorted((f for f in self.taken if candidate in f and candidate != f), key=_longest)
        inside = self._inside[candidate]
        texts = self.texts
        possible = self._possible(candidate)
        if possible is not None:
            numbers = possible if numbers is texts else [n for n in numbers if n in possible]
        if not inside and self.kind != "letters":
            other = spaced(candidate) if self.kind == "hangul" and " " in candidate else candidate
            return sum(1 for n in numbers if candidate in texts[n] or other in texts[n])
        found = 0
        for number in numbers:
            text = texts[number]
            for form in inside:
                text = text.replace(form, "\0")
            found += holds(text, candidate, self.lang)
        return found

    def _units(self, text: str) -> set[str]:
        """What the index keeps of a text: its stemmed words in an alphabetic language, else its character pairs."""
        if self.kind == "letters":
            return set(text.split())
        return {text[i : i + 2] for i in range(len(text) - 1)}

    def _possible(self, candidate: str) -> set[str] | None:
        """The rules holding every unit of ``candidate`` (a Korean form's pairs within its words, which a text
        holds with or without the spaces between them): the only rules that may hold it. None: every rule."""
        if self._index is None:
            self._index = {}
            for number, text in self.texts.items():
                for unit in self._units(text):
                    self._index.setdefault(unit, set()).add(number)
        units = (
            {u for word in candidate.split(" ") for u in self._units(word)}
            if self.kind != "letters"
            else set(candidate.split())
        )
        if not units:
            return None
        postings = sorted((self._index.get(u, set()) for u in units), key=len)
        return set.intersection(*postings)

    def rules_holding(self, form: str) -> int:
        """Rules of the document whose translation holds ``form`` (counted once per form)."""
        if form not in self._df:
            self._df[form] = self._count(self.texts, form)
        return self._df[form]

    def ranked(self, key: str, numbers: Iterable[str], anchors: Iterable[str] = ()) -> list[LearntForm]:
        """The candidates clearly associated with the term named in the rules ``numbers``, best first (at most
        ``CHOICES``: where another term takes the best, the next is the term's form)."""
        rules = [n for n in dict.fromkeys(numbers) if n in self.texts]
        if len(rules) < MIN_BOTH:
            return []
        sample = sorted(rules, key=lambda n: (len(self.texts[n]), n))[:SAMPLE]
        seen: Counter = Counter()
        for number in sample:
            if number not in self._candidates:
                self._candidates[number] = {c for c in candidates(self.texts[number], self.lang) if self._usable(c)}
            seen.update(self._candidates[number])
        least = max(2, int(IN_SAMPLE * len(sample) + 0.5))
        # ties the longer first, then in the order of the string, not of a set: a set's order changes with the
        # process's hash seed, and with it which of equally common candidates were scored (the findings were not the
        # same from one run to the next)
        common = [(c, n) for c, n in seen.items() if n >= least]
        chosen = [c for c, _n in sorted(common, key=lambda item: (-item[1], -len(item[0]), item[0]))][:SCORED]
        titled = {c for title in anchors for c in candidates(title, self.lang) if self._usable(c)}
        # Counting a candidate over the whole document is the costly step: a candidate's score is at most
        # 2·both / (rules + both) (it is in no rule outside the term's), so candidates are scored in the order of
        # that bound, and the others not once the bound is under the threshold or the scores already kept.
        bounded = []
        for candidate in dict.fromkeys([*chosen, *sorted(titled)]):
            both = self._count(rules, candidate)
            if both >= MIN_BOTH:
                bounded.append((2 * both / (len(rules) + both), candidate, both))
        kept: list[LearntForm] = []
        for bound, candidate, both in sorted(bounded, key=lambda item: (-item[0], -len(item[1]), item[1])):
            if bound < MIN_DICE or (len(kept) >= CHOICES and bound < kept[CHOICES - 1].dice - 0.001):  # rounded
                break
            found = LearntForm(key, candidate, both, len(rules), self.rules_holding(candidate), candidate in titled)
            if found.dice >= MIN_DICE:
                kept = sorted([*kept, found], key=self._rank, reverse=True)
            else:
                self.missed.add(key)
        return self._whole_words(kept)[:CHOICES]

    def _whole_words(self, kept: list[LearntForm]) -> list[LearntForm]:
        """``kept`` without the Korean candidates that stop inside a word another kept candidate completes in
        nearly all of their places (``WHOLE_WORD``): 아크 ("arch-") of 아크에너미 ("archenemy") scores a better Dice
        than the word when two rules misspell the rest (아크애너미), yet it is the word's start, not its form."""
        if self.kind != "hangul":
            return kept
        whole = [f for f in kept if " " not in f.form and self._cut_well(f.form)]
        return [
            f
            for f in kept
            if not any(w.form != f.form and w.form.startswith(f.form) and w.both >= WHOLE_WORD * f.both for w in whole)
        ]

    def _rank(self, form: LearntForm) -> tuple:
        """Of two candidates the better associated; of two equally so (무덤 and 무덤에, always together), the anchored,
        then the one cut where a word ends, then the longer."""
        return (form.dice, form.anchor, self._cut_well(form.form), len(form.form))

    def _cut_well(self, candidate: str) -> bool:
        """Whether a Korean candidate ends where its noun ends: not before a particle (무덤에), and not with a
        syllable cut from the last word of several (특징 정 of 특징 정의, "characteristic-defining")."""
        if self.kind != "hangul":
            return True
        words = candidate.split(" ")
        last = words[-1]
        stem = korean_stem(last)
        if stem != last and len(stem) >= 2:
            return False
        return len(words) == 1 or len(last) >= 2

    def _usable(self, candidate: str) -> bool:
        if len(candidate.replace(" ", "")) < MIN_CHARS:
            return False
        return self._script is None or bool(self._script.search(candidate))


def _longest(form: str) -> tuple[int, str]:
    return (-len(form), form)


def compound(key: str, other: str) -> bool:
    """Whether the term ``other`` (its key) is a compound of the term ``key``: a word of its key starts with a word
    of ``key``'s ("leav the battlefield" of "battlefield", "hidden zone" of "zone", "controller" of "control").
    Its form then holds the term's as a part of the same thing (离开战场 holds 战场), not as a homograph inside
    another word (난투전, "Free-for-All", holds 난투, "Brawl")."""
    words = key.split()
    return any(word.startswith(mine) for word in other.split() for mine in words if len(mine) >= MIN_CHARS)


def learn(
    texts: Mapping[str, str],
    lang: str,
    term_rules: Mapping[str, Iterable[str]],
    titles: Mapping[str, Iterable[str]] | None = None,
) -> dict[str, LearntForm]:
    """Key -> the form learnt for it from the translation ``texts`` (rule number -> translated text), given the
    rules whose English names each term (``term_rules``) and the translated titles of the rules whose English title
    is the term (``titles``). A form two terms would share is kept by the one it is more associated with."""
    learner = Learner(texts, lang)
    owner: dict[str, LearntForm] = {}
    learnt: dict[str, LearntForm] = {}
    keys = list(term_rules)
    for _ in range(2):
        # the second round: the terms a candidate failed for, with the strings inside the forms learnt not counted
        choices = [
            (form, place)
            for key in keys
            for place, form in enumerate(learner.ranked(key, term_rules[key], (titles or {}).get(key, ())))
        ]
        for form, _ in sorted(choices, key=lambda item: (-item[0].dice, -item[0].both, item[0].key, item[1])):
            if form.key not in learnt and spaced(form.form) not in owner:
                owner[spaced(form.form)] = learnt[form.key] = form
        keys = [key for key in keys if key in learner.missed and key not in learnt]
        learner.take(form.form for form in learnt.values())
    return learnt
