"""What a translated rule holds of a game term whose forms it lacks, and so how sure a terminology finding is.

A rule whose translation holds none of a term's forms is one of four things, read from the text itself:

- a *noun-phrase paraphrase*: the form's two parts with a particle between (非公開の領域 for 非公開領域) or
  coordinated with another term that shares the head (軽減・置換効果 for "prevention effects or replacement
  effects", 替代、额外、或其他……费用 for "alternative or additional costs"): the term is there, no finding;
- a *variant* of the form: the form with an inner part dropped (延迟触发异能 for 延迟触发式异能, メインフェイズ for
  メイン・フェイズ) or a character or two put in (不適正な処理 for 不正な処理). The term base counts in how many of the
  term's rules each variant stands (``TermBase.variants``): one the document holds in many rules is an accepted
  form of the term, a rare one is the finding, named with both counts;
- *part* of the form: its head or its modifier alone (コスト for マナ・コスト, 时间印记 for 时间印记顺序). A translator
  shortens in context as often as he drops a word that matters: weak evidence;
- nothing of it: the term is gone or rendered by another word.

The finding's level ranks it (``LEVELS``): ``confident`` when a rare variant stands against the dominant form (the
document's own counts say which is the term's form); ``glossary`` when the term is absent and its form is an entry
of a glossary (the translation's own, or the term dictionary's glossary and curated sources); ``corpus`` when the
term is absent and only the aligned document and the term dictionary give its form; ``learnt`` when no source
gives the term a form in the language and the form was learnt from the document's own aligned rules
(kb.crosscheck.learnt), whatever the rule holds of it; ``shared`` when the document writes a zone several ways and
the rule holds none of what they share (kb.crosscheck.zones); ``weak`` when part of the form is there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.terms.names import english_key

LEVELS = ("confident", "glossary", "corpus", "learnt", "shared", "weak")
# Confidence bands of the levels: the report ranks by confidence, so every confident finding comes first.
BANDS = {
    "confident": (0.9, 1.0),
    "glossary": (0.6, 0.9),
    "corpus": (0.45, 0.6),
    "learnt": (0.4, 0.45),
    "shared": (0.38, 0.4),
    "weak": (0.1, 0.38),
}

# The levels whose findings a person confirmed in at least 95 % of a labelled sample (bench/RESULTS.md, issue 44:
# "terminology findings confirmed"): the report's ``sure`` tier. Every other level, and the swaps class, is
# ``possible``: worth a look, too often a paraphrase to stand beside the sure findings.
SURE_LEVELS = frozenset({"confident"})
TIERS = ("sure", "possible")


def tier(level: str) -> str:
    """The tier of a terminology finding of ``level``: "sure" or "possible"."""
    return "sure" if level in SURE_LEVELS else "possible"


# A swap of two core words (kb.crosscheck.swaps) that the rules make the same thing where the English says so: an
# object on the battlefield or attached is a permanent (CR 110.1, 303.4); a card being cast is a spell, and a spell
# a card (601.2a); "the other player" of two is the opponent. (A, B, what the English must say): the translation
# writing B's form for A there is a paraphrase, no swap. Not "an object to enchant" (303.4g: 永久物 there was
# corrected by the translators), nor "a face-down permanent" as a creature (labelled both ways).
_SAME_THING = (
    ("object", "permanent", re.compile(r"\bon the battlefield\b|\battached\b", re.IGNORECASE)),
    ("card", "spell", re.compile(r"\bcast", re.IGNORECASE)),
    ("spell", "card", re.compile(r"\bcast", re.IGNORECASE)),
    ("player", "opponent", re.compile(r"\bthe other player", re.IGNORECASE)),
)


def same_thing(word: str, other: str, original: str) -> bool:
    """Whether the English rule ``original`` makes its core word ``word`` the same thing as ``other``, the word
    whose form the translation writes in its place (both as stemmed keys: "object", "permanent")."""
    return any(
        word == english_key(a) and other == english_key(b) and pattern.search(original) for a, b, pattern in _SAME_THING
    )


# What may stand between the two parts of a form in a noun phrase: a particle or a space.
_PARTICLES = "の的之な・ 　"
# What starts a coordination ("X or Y effects", X・Y効果, X、Y费用), and how far the coordinated words may run.
_COORDINATE = r"(?:[・、／/]|或是|或者|以及|或|和|与|及|および|または|や|と)"
_COORDINATED = r"[^。；;，,：:「」“”（）()]{0,15}?"
# A variant may put in at most this many characters, or drop at most this many; more is another wording
# (アトラクションを観覧する is no variant of アトラクションを観覧するためサイコロを振る).
MAX_INSERTED = 2
MAX_DROPPED = 3
_MIN_PART = 2  # a form's part of fewer characters matches inside too many words


@dataclass(frozen=True)
class Holding:
    """What a translated rule holds of a term: ``how`` is "phrase", "variant", "part" or "absent"."""

    how: str
    span: str | None = None  # the variant or the part, as the translation writes it


def _splits(form: str):
    """(modifier, head) of ``form``, each of two characters or more; a middle dot belongs to neither."""
    for i in range(1, len(form)):
        left, right = form[:i].rstrip("・"), form[i:].lstrip("・")
        if len(left) >= _MIN_PART and len(right) >= _MIN_PART:
            yield left, right


def phrase_pattern(form: str) -> re.Pattern | None:
    """The noun phrases that hold ``form``: its parts with a particle between, or coordinated with other words."""
    ways = []
    for left, right in dict.fromkeys(_splits(form)):
        a, b = re.escape(left), re.escape(right)
        ways.append(f"{a}[{_PARTICLES}]{{1,2}}{b}")
        ways.append(f"{a}{_COORDINATE}{_COORDINATED}{b}")
    return re.compile("|".join(ways)) if ways else None


def variants(form: str) -> list[str]:
    """The strings made from ``form`` by dropping an inner part of at most three characters (both ends kept),
    longest first: 延迟触发式异能 → 延迟触发异能, 混血法术力符号 → 混血符号, メイン・フェイズ → メインフェイズ. Each keeps
    more than half the form."""
    found = {
        form[:i] + form[j:]
        for i in range(1, len(form) - 1)
        for j in range(i + 1, min(len(form), i + MAX_DROPPED + 1))
        if len(form) - (j - i) > len(form) // 2
    }
    return sorted(found, key=lambda v: (-len(v), v))


def inserted(form: str) -> re.Pattern | None:
    """The strings made from ``form`` by putting in one or two characters that are no particle (不適正な処理)."""
    if len(form) < 3:
        return None
    ways = [
        f"{re.escape(form[:i])}[^{_PARTICLES}\\s、。，,；;（）()「」“”]{{1,{MAX_INSERTED}}}{re.escape(form[i:])}"
        for i in range(1, len(form))
    ]
    return re.compile("|".join(ways))


_KATAKANA = re.compile(r"[\u30a1-\u30faー]{2}")


def parts(form: str) -> list[str]:
    """The form's heads and modifiers (prefixes and suffixes of two characters or more and at least half of it),
    longest first. A katakana word is one word: ック is no part of スタック, タップ none of アンタップ."""
    half = max(_MIN_PART, (len(form.replace("・", "")) + 1) // 2)
    cuts = [i for i in range(1, len(form)) if not _KATAKANA.fullmatch(form[i - 1 : i + 1])]
    found = {form[:i].strip("・") for i in cuts} | {form[i:].strip("・") for i in cuts}
    return sorted((p for p in found if len(p.replace("・", "")) >= half and p != form), key=lambda p: (-len(p), p))


class FormReader:
    """Reads a translated text for what it holds of a term's forms; patterns compiled once per form."""

    def __init__(self) -> None:
        self._phrases: dict[str, re.Pattern | None] = {}
        self._inserted: dict[str, re.Pattern | None] = {}
        self._variants: dict[str, list[str]] = {}
        self._parts: dict[str, list[re.Pattern]] = {}

    def phrase(self, text: str, forms: tuple[str, ...]) -> str | None:
        """The noun phrase of ``text`` that holds one of ``forms``, if any."""
        for form in forms:
            if form not in self._phrases:
                self._phrases[form] = phrase_pattern(form)
            pattern = self._phrases[form]
            match = pattern.search(text) if pattern else None
            if match:
                return match.group()
        return None

    def variant(self, text: str, forms: tuple[str, ...]) -> str | None:
        """A variant of one of ``forms`` that ``text`` holds (an inner part dropped, or a character put in)."""
        for form in forms:
            if form not in self._variants:
                self._variants[form] = [v for v in variants(form) if len(v) >= 3]
                self._inserted[form] = inserted(form)
            for variant in self._variants[form]:
                if variant in text:
                    return variant
            pattern = self._inserted[form]
            match = pattern.search(text) if pattern else None
            if match:
                return match.group()
        return None

    def part(self, text: str, forms: tuple[str, ...]) -> str | None:
        """The longest head or modifier of one of ``forms`` that ``text`` holds, a particle allowed between its
        characters (ライフの総量 holds ライフ総量 of 初期ライフ総量), as the translation writes it."""
        best: str | None = None
        for form in forms:
            if form not in self._parts:
                found = parts(form)
                self._parts[form] = [re.compile(f"[{_PARTICLES}]?".join(re.escape(c) for c in part)) for part in found]
            for pattern in self._parts[form]:
                match = pattern.search(text)
                if match and (best is None or len(match.group()) > len(best)):
                    best = match.group()
                    break
        return best

    def holding(self, text: str, forms: tuple[str, ...]) -> Holding:
        """What ``text`` (which holds none of ``forms`` whole) holds of the term."""
        phrase = self.phrase(text, forms)
        if phrase:
            return Holding("phrase", phrase)
        variant = self.variant(text, forms)
        if variant:
            return Holding("variant", variant)
        part = self.part(text, forms)
        if part:
            return Holding("part", part)
        return Holding("absent")


def confidence(level: str, share: float) -> float:
    """A confidence in the level's band, higher for a term the document renders more consistently."""
    low, high = BANDS[level]
    return round(low + (high - low) * max(0.0, min(1.0, share)), 3)


def name_like(english: str, original: str) -> bool:
    """A capitalised term inside a sentence, or followed by a capitalised word ("Commander Legends: Battle for
    Baldur's Gate", where the colon looks like a sentence's start): part of a card or set name, not the term."""
    at = original.find(english)
    if not english[:1].isupper() or at < 0:
        return False
    if _NAME_GOES_ON.match(original, at + len(english)):
        return True
    return at > 0 and not re.search(r"(?:^|[.!?:;“\"]\s*)$", original[max(0, at - 3) : at])


# After a term, a capitalised word (maybe after "for", "of", "the") continues a proper name.
_NAME_GOES_ON = re.compile(r"\s+(?:(?:for|of|the|and)\s+)?[A-Z]")
