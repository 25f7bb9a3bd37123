"""Words of the original that a rule's translation gives no rendering of, by the translation's own habits.

A clause left out of a translation leaves words that the rest of the document renders nearly always by one string:
zh 2023-11-17 drops "by a source without infect" from 120.3a, and writes 侵染 in the other rules that say "infect"
and 来源 in most that say "source"; the translators' Chinese of 2022-06-10 drops "in APNAP order (see rule
101.4)" from 500.7, where 顺序 and 规则 stand for "order" and "rule" elsewhere. No term base asks for "source",
"order" or "based", so the terminology check never sees these words go.

The renderings are learnt from the document's own aligned rules: for each English word (stemmed; function words
and names left out) that ``MIN_RULES`` rules or more say, the string of one to ``LONGEST`` characters that the most of those
rules hold (the candidates drawn from its ``SAMPLE`` shortest rules), where it stands in at least ``COVER`` of them
and at least ``SPECIFIC`` of the rules holding it say the word. A rule is scored by the words it says whose string
it lacks, the surer the rendering the more (-log(1.02 - share), a string two words share counted once), and the
document's highest-scored ``SHARE`` of its
rules, scored at least ``LEAST``, are findings: a short list of the most suspect, ranked below the checks that name
a term. One word alone is usually a paraphrase (the translation says "it" for "the permanent"); several, or one
rendered in every other rule, are what a dropped clause leaves.

kb.crosscheck.learnt learns the whole form of each game term (Dice association, forms up to eight characters, Korean
particles cut off) for the term base; here every word needs only a string its rules share, so the reading is
simpler and covers the words no term base names.

Only translations written in scripts without spaces between words, and Korean, have strings to learn here
(ideographs, kana, Hangul); a translation in letters gives no rendering and no finding.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterator

from kb.crosscheck.model import Finding
from kb.crosscheck.termbase import plain
from kb.crosscheck.texts import DocText
from kb.i18n import _
from kb.terms.matcher import stemmer
from kb.terms.vocabulary import STOPWORDS

MIN_RULES = 10  # rules that say a word: fewer say nothing of its usual rendering
SAMPLE = 8  # the word's shortest rules the candidate strings are drawn from
LONGEST = 4  # characters of a candidate string
COVER = 0.8  # the share of the word's rules that hold its string
SPECIFIC = 0.3  # the share of the rules holding the string that say the word
SHARE = 0.02  # the document's rules reported at most: the highest-scored
LEAST = 3.0  # the score a finding needs: two words rendered in 80 % of their rules, or one in 97 %

_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")  # "state-based" one word: its "based" is no "based on"
_SENTENCE_START = tuple('.:;!?“"(')
# a sentence ends before a capital or an opening mark; a parenthesis is a clause of its own
_CLAUSE = re.compile(r"(?<=[.!?”])\s+(?=[A-Z“(])|\s*(?=\()|(?<=\))\s*")
_KANA = re.compile("[\u3040-\u30ffー]")
_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7afー]+")


@dataclass(frozen=True)
class Rendering:
    """A word's usual string in the translation: in ``share`` of the ``rules`` that say the word."""

    form: str
    share: float
    rules: int


def unrendered_words(tr: DocText, en: DocText) -> Iterator[Finding]:
    """Coverage findings: the rules of the document most likely to have dropped words of the original, surest
    first."""
    english, strings = _aligned(tr, en)
    renderings = learn_renderings(english, strings)
    if not renderings:
        return
    scored = []
    for number, words in english.items():
        lacking = {
            stem: word
            for stem, word in words.items()
            if stem in renderings and renderings[stem].form not in strings[number]
        }
        # one string for two words ("see rule" both 则, of 规则) is one thing left out
        surest: dict[str, float] = {}
        for stem in lacking:
            form, share = renderings[stem].form, renderings[stem].share
            surest[form] = max(surest.get(form, 0.0), share)
        score = sum(-math.log(1.02 - share) for share in surest.values())
        if score >= LEAST:
            scored.append((score, number, lacking))
    scored.sort(key=lambda item: -item[0])
    for score, number, lacking in scored[: int(SHARE * len(english))]:
        said = ", ".join(f"“{word}”" for word in lacking.values())
        clause = holding_clause(en.by_number[number].full, list(lacking.values()))
        yield Finding(
            "coverage",
            number,
            _(
                "{number}: the translation renders none of {words} (in “{clause}”), which the document renders elsewhere"
            ).format(number=number, words=said, clause=clause),
            tr.by_number[number].full,
            en.by_number[number].full,
            {
                "english": clause,
                "words": list(lacking.values()),
                "translated": None,
                "level": "unrendered",
                "check": "unrendered",
                "evidence": {
                    word: {
                        "form": renderings[stem].form,
                        "share": round(renderings[stem].share, 3),
                        "rules": renderings[stem].rules,
                    }
                    for stem, word in lacking.items()
                },
                "score": round(score, 2),
                "confidence": round(min(0.4, 0.1 + score / 40), 3),
            },
        )


def learn_renderings(english: dict[str, dict[str, str]], strings: dict[str, set[str]]) -> dict[str, Rendering]:
    """Stemmed English word -> its usual string, from rules given as their English words (stem -> word as said)
    and the strings their translation holds."""
    saying: dict[str, set[str]] = {}
    for number, words in english.items():
        for stem in words:
            saying.setdefault(stem, set()).add(number)
    lengths = {number: sum(len(word) for word in words.values()) for number, words in english.items()}
    # each word's candidates: the strings all its shortest rules but one hold
    candidates: dict[str, list[str]] = {}
    for stem, rules in saying.items():
        if len(rules) >= MIN_RULES:
            shortest = sorted(rules, key=lambda n: (lengths[n], n))[:SAMPLE]
            counts = Counter(string for number in shortest for string in strings[number])
            # in a fixed order: of equally good strings the first is kept, whatever order a set gives them in
            candidates[stem] = sorted(string for string, count in counts.items() if count >= len(shortest) - 1)
    # the rules holding each candidate (only those: every string of every rule would be ten times as many)
    wanted = {string for strings_of in candidates.values() for string in strings_of}
    holding: dict[str, set[str]] = {string: set() for string in wanted}
    for number, held in strings.items():
        for string in held & wanted:
            holding[string].add(number)
    renderings = {}
    for stem, strings_of in candidates.items():
        rules = saying[stem]
        best: tuple[tuple[float, float, int], str] | None = None
        for string in strings_of:
            both = len(rules & holding[string])
            share, specific = both / len(rules), both / len(holding[string])
            if share >= COVER and specific >= SPECIFIC and not _KANA.fullmatch(string):
                key = (share, specific, len(string))
                if best is None or key > best[0]:
                    best = (key, string)
        if best is not None:
            renderings[stem] = Rendering(best[1], best[0][0], len(rules))
    return renderings


def _aligned(tr: DocText, en: DocText) -> tuple[dict[str, dict[str, str]], dict[str, set[str]]]:
    """For each rule both documents hold: its English words (stem -> the word first said) and the strings of one to
    ``LONGEST`` characters its translation holds (card names left out)."""
    stem = stemmer("en")
    english: dict[str, dict[str, str]] = {}
    strings: dict[str, set[str]] = {}
    for number, rule in tr.by_number.items():
        other = en.by_number.get(number)
        if other is None or not rule.full or not other.full:
            continue
        words: dict[str, str] = {}
        for word in _said_words(other.full):
            words.setdefault(stem(word), word)
        english[number] = words
        strings[number] = {
            run[i : i + n]
            for run in _RUN.findall(plain(rule.full))
            for n in range(1, LONGEST + 1)
            for i in range(len(run) - n + 1)
        }
    return english, strings


def _said_words(original: str) -> list[str]:
    """The words of the original a translation owes a rendering, in order: function words, words of two letters
    and capitalised words inside a sentence (names: "Two-Headed Giant", "Arabian Nights") left out."""
    words = []
    for match in _WORD.finditer(original):
        word = match.group()
        if word[0].isupper():
            before = original[: match.start()].rstrip()
            if before and not before.endswith(_SENTENCE_START):
                continue
        word = word.casefold()
        if len(word) > 2 and word not in STOPWORDS:
            words.append(word)
    return words


def holding_clause(original: str, words: list[str]) -> str:
    """The sentence or parenthesis of the original that says the most of ``words`` (the first of equals): the span
    a translator reads against the translation."""
    clauses = [c.strip() for c in _CLAUSE.split(original) if _WORD.search(c)]
    said = {word.casefold() for word in words}
    return max(clauses, key=lambda c: len(said & {w.casefold() for w in _WORD.findall(c)}), default=original)
