"""What two texts of one rule must agree on, read from each text alone.

Cited rules (through the one citation grammar, ranges expanded), the numbers a text
states (digits, number words, numerals, with "3人以上" allowed to meet "more than two"),
and English left standing in a translation. Each reader works on one text; the
checks in kb.crosscheck.findings compare what they return.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

from kb.core.citations import find_citations
from kb.core.numbers import RuleNumber, RuleRange
from kb.core.text import fold_text
from kb.importers.language import detect_language

_DIGITS = re.compile(r"(?<![\d.A-Za-z])\d+(?![\d])")  # not the 1 of "N1", a placeholder
# A rule number the grammar did not take (no prefix), and a number right before a quoted title:
# "708〔裏向きの呪文やパーマネント〕参照", "See 718, “Prototype Cards.”" cite, they do not count.
_RULE_LIKE = re.compile(r"\d{3}\.\d{1,3}[a-z]{0,2}|(?<![\d.])\d{1,3}(?=\s*,?\s*[〔「“\"]|\s*参照)")
_COMPARATIVE_AFTER = re.compile(
    r"\s*(?:[^\W\d_]{0,2}\s*)?(?:以上|以下|未満|以降|超|或更多|或以上|或更少|个或更多|or more|or fewer|or less)"
)
_COMPARATIVE_BEFORE = re.compile(
    r"(?:more than|fewer than|less than|greater than|at least|up to|mehr als|weniger als|"
    r"mindestens|bis zu|至少|多于|少于|超过)\s*$",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W\d_]+")
_ENGLISH_WORDS = {
    **{
        w: i
        for i, w in enumerate(
            "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
            "fifteen sixteen seventeen eighteen nineteen twenty".split()
        )
    },
    **{w: i for i, w in enumerate("zeroth first second third fourth fifth sixth seventh eighth ninth tenth".split())},
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "hundred": 100,
    "thousand": 1000,
    # articles and the like stand for "1" ("1つの呪文" = "a spell"); "back face" is "第2面"
    "a": 1,
    "an": 1,
    "once": 1,
    "single": 1,
    "each": 1,
    "another": 1,
    "front": 1,
    "same": 1,
    "twice": 2,
    "both": 2,
    "double": 2,
    "doubled": 2,
    "doubling": 2,
    "doubles": 2,
    "triples": 3,
    "pair": 2,
    "back": 2,
    "secondary": 2,
    "triple": 3,
    "tripled": 3,
    "tripling": 3,
    "nonzero": 0,
}
_GERMAN_WORDS = {
    **{w: i for i, w in enumerate("null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf".split())},
    "ein": 1,
    "eine": 1,
    "einer": 1,
    "einem": 1,
    "einen": 1,
    "eines": 1,
    "einmal": 1,
    "erste": 1,
    "ersten": 1,
    "zweimal": 2,
    "beide": 2,
    "beiden": 2,
    "zweite": 2,
    "zweiten": 2,
    "dritte": 3,
    "zwanzig": 20,
    **dict.fromkeys(("derselbe", "derselben", "dieselbe", "dasselbe", "denselben", "demselben", "desselben"), 1),
}
_NUMERALS = {**dict(zip("〇一二三四五六七八九十", range(11))), "两": 2, "兩": 2, "百": 100}
_SPELLED = {"en": _ENGLISH_WORDS, "de": _GERMAN_WORDS}
_UNSPACED = {"ja", "zh", "ko"}
# English left in a CJK text: four or more Latin words not introduced by "／" (a term pair).
_LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z'’\-]*(?:[ ,;:]+[A-Za-z][A-Za-z'’\-]*){3,}[.!?]?")
_CJK_CHAR = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_HANGUL = re.compile(r"[\uac00-\ud7af]")
_SENTENCE = re.compile(r"[^.!?。！？]+[.!?。！？]?")
_MIN_LETTERS = 20


def primary(lang: str | None) -> str:
    return (lang or "").split("-")[0].lower()


@dataclass
class Numerals:
    """The numbers a text states: as digits, spelled out, and those next to "more than"/"以上"."""

    digits: set[int] = field(default_factory=set)
    spelled: set[int] = field(default_factory=set)
    loose: set[int] = field(default_factory=set)

    @property
    def all(self) -> set[int]:
        return self.digits | self.spelled

    def unmatched(self, other: "Numerals") -> list[int]:
        """Digits of this text that the other text states in no form, comparatives allowing ±1."""
        theirs = other.all
        missing = []
        for value in sorted(self.digits):
            near = {value - 1, value + 1}
            if value in theirs or (value in self.loose and near & theirs) or near & other.loose:
                continue
            missing.append(value)
        return missing


def numerals(text: str, lang: str) -> Numerals:
    """The numbers of a rule text, cited rules and titled references left out."""
    lang = primary(lang)
    folded = _blank_citations(fold_text(text)[0], lang)
    found = Numerals()
    for match in _DIGITS.finditer(folded):
        value = int(match.group())
        found.digits.add(value)
        if _COMPARATIVE_AFTER.match(folded, match.end()) or _COMPARATIVE_BEFORE.search(folded, 0, match.start()):
            found.loose.add(value)
    words = _SPELLED.get(lang)
    if words:
        found.spelled = {words[w] for w in _WORD.findall(folded.lower()) if w in words}
    elif lang in _UNSPACED:
        found.spelled = {_NUMERALS[c] for c in folded if c in _NUMERALS}
    return found


_DIGIT = re.compile(r"\d")


def _has_digit(text: str) -> bool:
    """Whether a text has a decimal digit: a citation needs one. A pattern, not a loop over the characters
    (1.7 million calls of str.isdigit for a whole document; \\d is Unicode's decimal digits, what a rule
    number is written with)."""
    return _DIGIT.search(text) is not None


@lru_cache(maxsize=16384)
def _found(text: str, lang: str) -> tuple:
    """find_citations, once per text: the citation and the number checks both need it."""
    return tuple(find_citations(text, lang)) if _has_digit(text) else ()


def _blank_citations(text: str, lang: str) -> str:
    """The text with every citation and rule-like number replaced by spaces (positions kept)."""
    chars = list(text)
    spans = [(c.start, c.end) for c in _found(text, lang)]
    spans += [m.span() for m in _RULE_LIKE.finditer(text) if not _closes_quote(text, m)]
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def _closes_quote(text: str, match: re.Match) -> bool:
    """A number a straight quote follows that closes a quotation it stands in, not one that opens a title after
    it: the 0 of Korean 701.18b "점술 0"을 ("scry 0"), where "See 718, "Prototype Cards."" cites 718."""
    after = text[match.end() :].lstrip(" ,")
    return after.startswith('"') and text.count('"', 0, match.start()) % 2 == 1


def citations(
    text: str, lang: str, siblings: dict[RuleNumber | None, list[RuleNumber]] | None = None, own: str | None = None
) -> set[str]:
    """The rules a text cites, ranges expanded over the document's numbers (``siblings`` by parent).
    ``own``: the rule's number, which a text that opens with it ("702.189. 火の技／Firebending")
    does not cite."""
    if not text or not _has_digit(text):
        return set()
    found: set[str] = set()
    for citation in _found(text, primary(lang)):
        if own is not None and citation.start == 0 and [str(t) for t in citation.targets] == [own]:
            continue
        for target in citation.targets:
            found.update(str(n) for n in expand(target, siblings))
    return found


def expand(
    target: RuleNumber | RuleRange, siblings: dict[RuleNumber | None, list[RuleNumber]] | None
) -> list[RuleNumber]:
    """A range as the numbers it covers: those of the document when known, else by numbering."""
    if isinstance(target, RuleNumber):
        return [target]
    if siblings is not None:
        present = [n for n in siblings.get(target.start.parent, ()) if n in target]
        if present:
            return present
    return target.expand()


def sibling_index(numbers: Iterable[RuleNumber]) -> dict[RuleNumber | None, list[RuleNumber]]:
    """Numbers grouped by parent, for expanding ranges without scanning a whole document."""
    index: dict[RuleNumber | None, list[RuleNumber]] = {}
    for number in numbers:
        index.setdefault(number.parent, []).append(number)
    return index


def untranslated(text: str, lang: str) -> list[str]:
    """Passages of English in a text of another language (card names and term pairs excepted)."""
    lang = primary(lang)
    if lang == "en" or not text:
        return []
    if lang in _UNSPACED:
        return [
            m.group().strip()
            for m in _LATIN_RUN.finditer(text)
            if _letters(m.group()) >= _MIN_LETTERS and not _introduced(text, m.start())
        ]
    return [s.strip() for s in _SENTENCE.findall(text) if _letters(s) >= _MIN_LETTERS and detect_language(s) == "en"]


# A shorter Latin run of a CJK text: one to three words (a keyword, a card name).
_LATIN_WORDS = re.compile(r"[A-Za-z][A-Za-z'’\-]*(?: [A-Za-z][A-Za-z'’\-]*){0,5}")
# The game's name and the dash that joins a product's name to it ("Magic: The Gathering—Conspiracy"; Korean 905.1
# of 2016 has "Magic: The Gathering?Conspiracy", the dash lost with its code page).
_PRODUCT = re.compile(r"Magic: The Gathering\s*[—–\-?:]?\s*$")
# Latin text a CJK translation keeps by its style: symbols, placeholders, abbreviations, trademarks, web addresses.
_ALLOWED_LATIN = re.compile(r"(?:[A-Z]{1,6}|[A-Za-z]|Oracle|Magic|Wizards(?:\.com)?|[a-z]+\.[a-z.]+|www)")


def source_words_left(text: str, original: str, lang: str) -> list[str]:
    """Words of the original standing in a CJK translation, beyond what the translation keeps on purpose
    (candidates: the caller keeps those that name a game term).

    The long passages of ``untranslated`` miss a keyword left in English ("具有Space Sculptor异能"):
    a run of Latin words that the original rule also has, not introduced as a card name or term
    pair (after "／", in 《》, （）, [] or 「」), not an abbreviation, placeholder or web address.
    """
    if primary(lang) not in _UNSPACED or not text or not original:
        return []
    found = []
    korean = primary(lang) == "ko"
    for match in _LATIN_WORDS.finditer(text):
        run = match.group().strip()
        if _letters(run) < 4 or _ALLOWED_LATIN.fullmatch(run) or run.casefold() not in original.casefold():
            continue
        before = text[: match.start()]
        if before.count("“") > before.count("”") and not in_sentence(text, match.start(), match.end()):
            continue  # quoted English wording ("以单词“Prize”开头"); not a word of a quoted sentence ("具有Friends forever的")
        note = max(before.rfind("（译注"), before.rfind("（訳注"))
        if note >= 0 and "）" not in before[note:]:
            continue  # the translator's note names the English on purpose
        end = match.end()
        if korean and _HANGUL.fullmatch(text[match.start() - 1 : match.start()]):
            continue  # a Korean gloss written against its word ("현상phenomenon", 300.1 of the youbeebee Korean)
        if _introduced(text, match.start()) or text[match.start() - 1 : match.start()] in ("[", "［"):
            continue
        if _PRODUCT.search(before):
            continue  # a product's name, "Magic: The Gathering—Conspiracy", kept in English as set names are
        if text[end : end + 1] in ("]", "］", "」", "）", ")", "》") or "." in text[end : end + 1]:
            continue
        found.append(run)
    return list(dict.fromkeys(found))


def in_sentence(text: str, start: int, end: int) -> bool:
    """Whether the Latin run ``text[start:end]`` stands between two characters of a CJK translation: a word of its
    sentence ("两张具有Friends forever的传奇生物牌", 702.124j of zh 2023-11-17), not a wording quoted or glossed."""
    return bool(_CJK_CHAR.match(text[start - 1 : start]) and _CJK_CHAR.match(text[end : end + 1])) if start else False


# An entry of a list that is only its English gloss: "茜卓、[Comet]、戴克" (205.3j of zh 2023-11-17), where every
# other entry is a name with its gloss ("侦探[Detective]").
_BARE_ENTRY = re.compile(r"(?:^|(?<=[、，,：:；;]))[\[［]([A-Za-z][^\]］]*)[\]］]")


def bare_entries(text: str, original: str, lang: str) -> list[str]:
    """English names of the original standing alone in brackets in a CJK translation's list, with no name of the
    translation before them: a gloss with nothing glossed, a name left untranslated."""
    if primary(lang) not in _UNSPACED or not text or not original:
        return []
    found = [m.group(1).strip() for m in _BARE_ENTRY.finditer(text)]
    return [run for run in dict.fromkeys(found) if _letters(run) >= 4 and run.casefold() in original.casefold()]


def glossed(text: str, start: int) -> bool:
    """English alone in an ASCII parenthesis right after a word of the translation: a gloss of that word, as a
    full-width （） is (Korean 603.6 전장에 들어올 때(Enters-the-battlefield; ETB), 903.2 난투전(Free-for-All variant
    …)); a parenthesis that goes on in the translation's words ("(kicker 비용 등)", 601.2c) is none."""
    before = text[:start].rstrip(" ")
    if not before.endswith("(") or not (_CJK_CHAR.match(before[-2:-1]) or _HANGUL.match(before[-2:-1])):
        return False
    inside = text[start:].split(")", 1)[0]
    return not (_CJK_CHAR.search(inside) or _HANGUL.search(inside))  # "(kicker 비용 등)" is an example, no gloss


def _letters(text: str) -> int:
    return sum(ch.isalpha() for ch in text)


def _introduced(text: str, start: int) -> bool:
    """English after "／" or "/" (a term pair, also further on in the same English stretch or quote),
    in 《》 or （） (a card name), or in a quote of English wording ("英語で「Protection from …」")."""
    if glossed(text, start) or text.count('"', 0, start) % 2 == 1:
        return True  # a gloss after its word, or inside a straight-quoted wording (Korean quotes so)
    before = text[:start].rstrip(" [(")
    if before.endswith(("「", "『", "（")) or before.count("《") > before.count("》"):
        return True
    slash = max(before.rfind("／"), before.rfind("/"))
    if slash >= 0 and not _CJK_CHAR.search(before[slash + 1 :]):
        return True
    quote = before.rfind("「")
    if quote <= before.rfind("」"):
        return False
    inside = before[quote + 1 :]
    return "／" in inside or "/" in inside or not _CJK_CHAR.search(inside)


def sorted_numbers(numbers: Iterable[str]) -> list[str]:
    """Rule numbers in numbering order (never as strings: 100.2 before 100.10)."""
    return [str(n) for n in sorted(RuleNumber.parse(x) for x in numbers)]


def listed(items) -> str:
    """ "704.5m, 704.5n" for a set of rule numbers or a list of values; "nothing" when empty."""
    items = sorted_numbers(items) if isinstance(items, (set, frozenset)) else [str(i) for i in items]
    return ", ".join(items) if items else "nothing"
