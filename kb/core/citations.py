"""The one citation grammar of the project: where a text cites rules of the CR.

The importers (cross-references inside rule texts, ``mode="rules"``) and the ``cite``
command (chat and other free text, ``mode="free"``) must read "rule 704.5m",
"rules 601.2a–h", "第702.26条" or "!cr 702.26." the same way, so both call
:func:`find_citations`. Numbers are parsed by :mod:`kb.core.numbers`; this module only finds
them. The grammar, with examples per language, is in docs/citations.md.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from kb.core.numbers import RuleNumber, RuleNumberError, RuleRange, letter_index

MODES = ("rules", "free")
CITATION_KINDS = ("rule", "section", "example")

Target = RuleNumber | RuleRange

# Words per language. English is always in: every translation quotes "rule 702.26".
# Punctuation (",", "、", dashes, quotes) and the CJK markers 第…条/項/章 belong to all.
_VOCABULARY: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "rule": (r"comprehensive\s+rules?", r"rules?", "cr", r"r\."),
        "section": ("sections?",),
        "join": ("and", "or", r"as\s+well\s+as"),
        "through": ("through", "thru", "to"),
        "example": (r"ex\.?", "example"),
    },
    "de": {
        "rule": ("regeln?",),
        "section": (r"abschnitt(?:en?|s)?", "kapitel[ns]?"),
        "join": ("und", "oder", "sowie"),
        "through": ("bis",),
        "example": ("beispiel", r"bsp\.?"),
    },
    "ru": {
        "rule": ("правил[а-яё]*", "пункт[а-яё]*", r"п\."),
        "section": ("раздел[а-яё]*", "глав[а-яё]*"),
        "join": ("и", "или", r"а\s+также"),
        "through": ("по",),
        "example": ("пример[а-яё]*",),
    },
    "fr": {
        "rule": ("règles?", "regles?"),
        "section": ("sections?", "chapitres?"),
        "join": ("et", "ou"),
        "through": ("à",),
        "example": ("exemple",),
    },
    "ja": {
        "rule": ("ルール", "規則"),
        "section": ("セクション",),
        "join": ("と", "および", "及び", "や", "ならびに", "並びに", "または", "又は"),
        "through": ("から",),
        "example": (),
    },
    "zh": {
        "rule": ("规则", "規則"),
        "section": (),
        "join": ("和", "及", "与", "與", "或", "以及", "并"),
        "through": ("至", "到"),
        "example": (),
    },
}
LANGUAGES = tuple(_VOCABULARY)

# Never directly before a prefix word: a letter or digit ("overrule 702" is no citation).
_BEFORE_WORD = r"(?<![0-9a-z_а-яё])"
# Never directly before a bare number: what makes it a price, a version, a decimal or a
# date ("$100.5", "v100.2", "1,234.5", "2.100.3").
_BEFORE_NUMBER = r"(?<![0-9a-z_.,$€£¥%а-яё\-])"
# A chapter, rule or subrule: "702", "702.26", "702.26b", "704.5aa".
_NUMBER = r"[1-9]\d\d(?:\.[1-9]\d{0,2}(?:[a-z]{1,2})?)?"
# Never directly after one: more digits or letters, another ".digit", a % or currency.
_AFTER = r"(?![0-9a-z]|\.\d|\s?[%$€£¥])"
_DASH = r"(?:\.\.|[-–—‐‑‒−~〜])"
_QUOTED = "|".join(
    f"{opening}[^{opening}{closing}]{{1,120}}[{closing}]"
    for opening, closing in (('"', '"'), ("“", "”“"), ("„", "“”"), ("「", "」"), ("『", "』"), ("〔", "〕"), ("«", "»"))
)
# A bare chapter number cites only before its title or a "see" word: "116〔特別な処理〕参照",
# "(116 参照)", "708〔…〕を参照", "See 718, “Prototype Cards.”"
_BARE_CHAPTER = r"[1-9]\d\d(?=\s*(?:〔|[,，]\s*[“\"「]|を?参照))"
_SEE_AFTER = re.compile(r"\s*を?参照")
# A "see" word after a citation tells its language where the rule word does not
# ("rule 506.4 参照" is Japanese text quoting the English word).
_SEE_LANGUAGES = ("ja",)
_TITLE_STRIP = " \t\r\n.,;:。、，；："
_CONTINUING = tuple(",;，；、")
_LINE_BREAK = re.compile(r"\s*[\r\n]+\s*")
_CJK = re.compile(r"[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]")


@dataclass(frozen=True)
class Citation:
    """One place where a text cites rules: its span, what it cites and how."""

    start: int
    end: int
    raw: str
    targets: tuple[Target, ...]
    kind: str
    title: str | None = None
    without_subrules: bool = False
    example: int | None = None
    prefixed: bool = False
    titles: tuple[str | None, ...] = ()
    # Per target: where its number or range is written (into the caller's text), and the
    # languages whose words introduced it ("Regel" -> ("de",), "規則" -> ("ja", "zh"); () for
    # English words and bare numbers, which every edition reads alike).
    spans: tuple[tuple[int, int], ...] = ()
    languages: tuple[tuple[str, ...], ...] = ()

    def items(self, text: str) -> list["CitedItem"]:
        """One entry per cited number or range, with its own span into ``text`` (the text read)."""
        spans = self.spans or ((self.start, self.end),) * len(self.targets)
        languages = self.languages or ((),) * len(self.targets)
        titles = self.titles or (self.title,) * len(self.targets)
        return [
            CitedItem(target, start, end, text[start:end], title, langs)
            for target, (start, end), title, langs in zip(self.targets, spans, titles, languages)
        ]

    def to_dict(self) -> dict:
        """Plain JSON-ready values; targets as canonical text ("702.26b", "601.2a–h")."""
        return {
            "start": self.start,
            "end": self.end,
            "raw": self.raw,
            "targets": [str(target) for target in self.targets],
            "kind": self.kind,
            "title": self.title,
            "titles": list(self.titles),
            "without_subrules": self.without_subrules,
            "example": self.example,
            "prefixed": self.prefixed,
            "spans": [list(span) for span in self.spans],
            "languages": [list(langs) for langs in self.languages],
        }


@dataclass(frozen=True)
class CitedItem:
    """One number or range of a citation: "c" of "rules 702.26b, c, and d" is 702.26c at its own span."""

    target: Target
    start: int
    end: int
    raw: str
    title: str | None
    languages: tuple[str, ...]


@dataclass(frozen=True)
class _Grammar:
    """The compiled regexes for one vocabulary; matched one after another by the reader."""

    start: re.Pattern
    prefix: re.Pattern
    item: re.Pattern
    suffix: re.Pattern
    title: re.Pattern
    example: re.Pattern
    index: re.Pattern  # "ex 111.3 1": the example's index after the number
    join: re.Pattern
    letter: re.Pattern
    dot: re.Pattern


@dataclass(frozen=True)
class _Item:
    """One cited number or range of a list, with what stands right after it."""

    target: Target
    end: int
    title: tuple[int, int] | None = None  # span of the quoted title, quotes included
    marked: bool = False
    continues: bool = False
    span: tuple[int, int] = (0, 0)  # the number or range alone
    word: str | None = None  # the rule or section word that introduced it, if any
    see: bool = False  # a "see" word (参照) follows it
    group: int = 0  # where the prefix that introduced it starts: items of one prefix share it


def _alternation(words: list[str]) -> str:
    """Longest first, so "rules" wins over "rule"; a never-matching group when empty."""
    return "|".join(sorted(set(words), key=len, reverse=True)) or "(?!)"


def _words(languages: tuple[str, ...], category: str, cjk: bool | None = None) -> str:
    """The words of a category as one alternation; ``cjk`` keeps only words that need
    (False) or do not need (True) spaces around them."""
    found = [w for lang in languages for w in _VOCABULARY[lang][category]]
    if cjk is not None:
        found = [w for w in found if (w[0] >= "\u3000") == cjk]
    return _alternation(found)


def _prefix(languages: tuple[str, ...], named: bool) -> str:
    """A word that introduces a citation: bot sigil, rule or section word, or 第."""
    rule, section = _words(languages, "rule"), _words(languages, "section")
    if not named:
        return rf"[!/]?(?:{rule}|{section}|第)[\s:]*"
    return rf"(?P<bang>[!/])?(?:(?P<rule>{rule})|(?P<section>{section})|(?P<ordinal>第))[\s:]*"


@lru_cache(maxsize=None)
def _grammar(languages: tuple[str, ...]) -> _Grammar:
    """Compile the grammar for a vocabulary once; callers share it."""
    flags = re.IGNORECASE
    example = _words(languages, "example")
    through = rf"\s+(?:{_words(languages, 'through', False)})\s+|\s*(?:{_words(languages, 'through', True)})\s*"
    item = (
        rf"(?P<first>(?P<whole>{_NUMBER})|[1-9]){_AFTER}"
        rf"(?:(?:\s*{_DASH}\s*|{through})(?:{_prefix(languages, False)})?(?P<last>(?(whole){_NUMBER}|[1-9])){_AFTER}"
        rf"|{_DASH}(?P<short>[a-z]{{1,2}}(?![0-9a-z])|[1-9]\d{{0,2}}(?![0-9a-z]|\.\d))"
        # "702.26a through c", "702.26a bis c", "702.26aからc": after a word one later letter only
        # ("rule 702.19 to 3 players", "702.26a to be" and "702.26b to a" are no ranges)
        rf"|(?:{through})(?P<letter_after>[a-z](?![0-9a-z'’\-])))?"
    )
    join = (
        rf"\s*(?P<punct>[,、;])?\s*(?:(?P<word>{_words(languages, 'join', False)})\s+"
        rf"|(?P<cjk>{_words(languages, 'join', True)})\s*)?"
    )
    return _Grammar(
        start=re.compile(
            # "ex 2 613.6", "ex 101.2", "ex101.2": after an example word no lookbehind (its "x" would stop it)
            rf"{_BEFORE_WORD}(?:(?P<exword>{example})\s*(?:(?P<example>\d{{1,2}})\s+)?)?"
            rf"(?:{_prefix(languages, True)}(?=\d)|(?(exword)|{_BEFORE_NUMBER})(?=[1-9]\d\d\.[1-9]|{_BARE_CHAPTER}))",
            flags,
        ),
        prefix=re.compile(_prefix(languages, True) + r"(?=\d)", flags),
        item=re.compile(item, flags),
        suffix=re.compile(r"\s*(?P<suffix>[条條項项節节章])"),
        title=re.compile(rf"(?:[ \t]*[,:][ \t]*|[ \t]*(?=〔))?(?P<title>{_QUOTED})"),
        example=re.compile(rf"(?:\s*,\s*|\s+)(?:{example})\s*(?P<example>\d{{1,2}})(?![0-9]|\.\d)", flags),
        index=re.compile(r"\s+(?P<example>\d{1,2})(?![0-9]|\.\d)", flags),
        join=re.compile(join, flags),
        letter=re.compile(r"(?P<letter>[b-hj-km-np-z])(?![0-9A-Za-z'’\-])"),
        dot=re.compile(r"\.(?![.0-9a-z])(?!\s+[A-ZА-ЯЁ])"),
    )


def _languages(lang: str | None) -> tuple[str, ...]:
    """English plus the text's language; every vocabulary when unknown or not given."""
    primary = (lang or "").replace("_", "-").split("-")[0].lower()
    if primary not in _VOCABULARY:
        return LANGUAGES
    return tuple(dict.fromkeys(("en", primary)))


@dataclass(frozen=True)
class _Normalised:
    """The NFKC text that is matched, and where each of its characters came from."""

    text: str
    origins: tuple[int, ...] | None = None

    @classmethod
    def of(cls, text: str) -> "_Normalised":
        """Full-width "７０２．２６ｂ" reads as "702.26b"; one character at a time, so spans map back."""
        if text.isascii() or unicodedata.is_normalized("NFKC", text):
            return cls(text)
        pieces: list[str] = []
        origins: list[int] = []
        for index, char in enumerate(text):
            normal = _nfkc(char) if char >= "\x80" else char
            pieces.append(normal)
            origins.extend([index] * len(normal))
        return cls("".join(pieces), tuple(origins))

    def span(self, start: int, end: int) -> tuple[int, int]:
        if self.origins is None:
            return start, end
        return self.origins[start], self.origins[end - 1] + 1


@lru_cache(maxsize=8192)
def _nfkc(char: str) -> str:
    return unicodedata.normalize("NFKC", char)


def _target(match: re.Match) -> tuple[Target, int]:
    """The number or range an item match stands for, and where it ends.

    A range that kb.core.numbers refuses ("702.26b-a") leaves the first number alone.
    """
    last = match["last"] or match["short"] or match["letter_after"]
    found = _range(match["first"], last) if last else None
    if found is not None and match["letter_after"] and not found.start < found.end:
        found = None
    if found is None:
        return RuleNumber.parse(match["first"]), match.end("first")
    return found, match.end()


def _range(first: str, last: str) -> RuleRange | None:
    """kb.core.numbers reads "601.2a-h" and "100.1-100.3"; two whole numbers ("7-9") are compared."""
    try:
        return RuleRange.parse(f"{first}-{last}")
    except RuleNumberError:
        pass
    try:
        return RuleRange.between(RuleNumber.parse(first), RuleNumber.parse(last))
    except RuleNumberError:
        return None


def _prefix_word(match: re.Match) -> str | None:
    """The rule or section word of a start or prefix match ("Regel", "規則", "第"); None for a bare number."""
    return match["rule"] or match["section"] or match["ordinal"]


@lru_cache(maxsize=None)
def _word_patterns() -> tuple[tuple[str, re.Pattern], ...]:
    """Each language's rule and section words, to tell which languages a matched word belongs to."""
    return tuple(
        (lang, re.compile(_alternation([*words["rule"], *words["section"]]), re.IGNORECASE))
        for lang, words in _VOCABULARY.items()
    )


@lru_cache(maxsize=1024)
def word_languages(word: str | None) -> tuple[str, ...]:
    """The languages (other than English) a citation word is of: "Regel" -> ("de",),
    "規則" -> ("ja", "zh"); () for an English word ("rule", "CR", "section") or none."""
    if not word:
        return ()
    if word == "第":  # 第702.26条 is written in Japanese and Chinese alike
        return ("ja", "zh")
    found = tuple(lang for lang, pattern in _word_patterns() if pattern.fullmatch(word))
    return () if "en" in found else found


def _item_languages(item: _Item) -> tuple[str, ...]:
    """The languages of an item: its word's, else those of a "see" word after it."""
    return word_languages(item.word) or (_SEE_LANGUAGES if item.see else ())


def _prefix_kind(match: re.Match) -> str | None:
    """ "rule", "section" or "ordinal" (第) for a start or prefix match; None for a bare number."""
    for kind in ("rule", "section", "ordinal"):
        if match[kind]:
            return kind
    return None


def _licensed(target: Target, prefix: str | None, suffix: str | None, named: bool = False) -> bool:
    """Bare numbers must look like rules; chapters need a word; sections a section word.

    "702.26b" alone is a rule, "702" alone is just a number, and "7" is a section only
    after "section", "Abschnitt", "раздел" or in 第7章. ``named``: a title or a "see" word
    follows the number, which makes a citation of a bare chapter ("116〔特別な処理〕参照",
    "See 718, “Prototype Cards.”") and of a section after "rule" (the Japanese
    "rule 8〔多人数戦ルール〕参照" for "section 8, “Multiplayer Rules”").
    """
    number = target.start if isinstance(target, RuleRange) else target
    if prefix == "ordinal" and suffix is None:
        return False
    if number.kind == "section":
        return prefix == "section" or (prefix == "ordinal" and suffix == "章") or (prefix == "rule" and named)
    if number.kind == "chapter":
        return prefix is not None or named
    return True


def _clean_title(quoted: str) -> str | None:
    """The title inside its quotes, without the punctuation of the sentence ("Planeswalk.")."""
    inner = quoted[1:-1]
    joined = _LINE_BREAK.sub(lambda m: _line_join(inner, m), inner)
    return joined.strip(_TITLE_STRIP) or None


def _line_join(text: str, match: re.Match) -> str:
    """A line break inside a wrapped title: nothing between CJK characters, else a space."""
    before, after = text[match.start() - 1 : match.start()], text[match.end() : match.end() + 1]
    return "" if _CJK.match(before) and _CJK.match(after) else " "


def _read_item(
    grammar: _Grammar, text: str, pos: int, prefix: str | None, word: str | None = None, group: int = 0
) -> _Item | None:
    """A number or range at ``pos`` with its suffix (条, 項, 章) and quoted title."""
    match = grammar.item.match(text, pos)
    if match is None:
        return None
    target, end = _target(match)
    span = (match.start(), end)
    suffix = grammar.suffix.match(text, end)
    if suffix:
        end = suffix.end()
    title = grammar.title.match(text, end)
    see = _SEE_AFTER.match(text, end) is not None
    if not _licensed(target, prefix, suffix["suffix"] if suffix else None, title is not None or see):
        return None
    if title is None:
        return _Item(target, end, marked=suffix is not None, span=span, word=word, see=see, group=group)
    continues = title["title"][1:-1].rstrip().endswith(_CONTINUING)
    see = _SEE_AFTER.match(text, title.end()) is not None
    return _Item(target, title.end(), title.span("title"), suffix is not None, continues, span, word, see, group)


def _read_letter(grammar: _Grammar, text: str, pos: int, previous: _Item) -> _Item | None:
    """ "rules 608.3a and b": a lone letter after a subrule names the next subrule."""
    before = previous.target
    if not isinstance(before, RuleNumber) or before.kind != "subrule":
        return None
    match = grammar.letter.match(text, pos)
    if match is None or letter_index(match["letter"]) <= letter_index(before.letters or ""):
        return None
    return _Item(
        RuleNumber(before.section, before.chapter, before.rule, match["letter"]),
        match.end(),
        span=match.span("letter"),
        word=previous.word,
        see=_SEE_AFTER.match(text, match.end()) is not None,
        group=previous.group,
    )


def _read_next(grammar: _Grammar, text: str, previous: _Item, prefix: str | None) -> _Item | None:
    """The next item of a list, after a joiner ("," "and" "、" "und" "и" "和" ...).

    A title that ends in a comma ("“Dash,” 702.152") joins with a space alone, a ";"
    only before a repeated prefix ("规则717，“景点牌”；规则901"); a space alone never
    joins otherwise, so the "506.7g" that opens a rule stays apart from its text.
    """
    join = grammar.join.match(text, previous.end)
    assert join is not None  # the joiner pattern also matches the empty string
    strong = join["punct"] in (",", "、") or bool(join["word"] or join["cjk"]) or previous.continues
    pos = join.end()
    repeated = grammar.prefix.match(text, pos)
    if not (strong or (repeated and join["punct"] == ";")):
        return None
    if repeated:
        return _read_item(
            grammar, text, repeated.end(), _prefix_kind(repeated), _prefix_word(repeated), repeated.start()
        )
    item = _read_item(grammar, text, pos, prefix, previous.word, previous.group)
    if item is None and strong:
        item = _read_letter(grammar, text, pos, previous)
    return item


def _read_list(grammar: _Grammar, text: str, first: _Item, prefix: str | None) -> list[_Item]:
    items = [first]
    while (item := _read_next(grammar, text, items[-1], prefix)) is not None:
        items.append(item)
    return items


def _kind(targets: tuple[Target, ...], example: int | None) -> str:
    if example is not None:
        return "example"
    starts = [t.start if isinstance(t, RuleRange) else t for t in targets]
    return "section" if all(n.kind == "section" for n in starts) else "rule"


def _has_subrules_marker(grammar: _Grammar, text: str, items: list[_Item], mode: str) -> bool:
    """Free text only: "702.26." means the rule without its subrules (not a full stop)."""
    if mode != "free" or len(items) != 1 or items[0].title is not None:
        return False
    target = items[0].target
    if not isinstance(target, RuleNumber) or target.kind == "subrule":
        return False
    return grammar.dot.match(text, items[0].end) is not None


@dataclass(frozen=True)
class _Reading:
    """A citation as read, in the coordinates of the normalised text."""

    start: int
    end: int
    items: tuple[_Item, ...]
    prefix: str | None
    example: int | None
    without_subrules: bool
    examples: bool = False  # an example word asked for the examples ("ex 101.2": all of them)


def _read_citation(grammar: _Grammar, text: str, start: re.Match, mode: str) -> _Reading | None:
    """The whole citation that ``start`` opens, or None when no number follows as it must."""
    prefix = _prefix_kind(start)
    first = _read_item(grammar, text, start.end(), prefix, _prefix_word(start), start.start())
    if first is None:
        return None
    example = int(start["example"]) if start["example"] else None
    examples = bool(start["exword"])
    if example is None and first.title is None:
        after = (grammar.index if examples else grammar.example).match(text, first.end)
        if after:
            example, examples = int(after["example"]), True
            first = _Item(
                first.target, after.end(), marked=first.marked, span=first.span, word=first.word, group=first.group
            )
    items = [first] if examples else _read_list(grammar, text, first, prefix)
    without_subrules = not examples and _has_subrules_marker(grammar, text, items, mode)
    end = items[-1].end + without_subrules
    return _Reading(start.start(), end, tuple(items), prefix, example, without_subrules, examples)


def _original_title(item: _Item, source: _Normalised, text: str) -> str | None:
    """Titles come from the caller's text, so "「装着済／Harnessed」" keeps its "／"."""
    if item.title is None:
        return None
    start, end = source.span(*item.title)
    return _clean_title(text[start:end])


def _citation(reading: _Reading, source: _Normalised, text: str) -> Citation:
    """The reading with its span mapped back to the caller's (unnormalised) text."""
    start, end = source.span(reading.start, reading.end)
    targets = tuple(item.target for item in reading.items)
    titles = tuple(_original_title(item, source, text) for item in reading.items)
    return Citation(
        start=start,
        end=end,
        raw=text[start:end],
        targets=targets,
        kind="example" if reading.examples else _kind(targets, reading.example),
        title=next((t for t in titles if t), None),
        without_subrules=reading.without_subrules,
        example=reading.example,
        prefixed=reading.prefix is not None or reading.items[0].marked,
        titles=titles,
        spans=tuple(source.span(*item.span) for item in reading.items),
        languages=_languages_of(reading.items),
    )


def _languages_of(items: tuple[_Item, ...]) -> tuple[tuple[str, ...], ...]:
    """Each item's languages; a "see" word after the last item of a list speaks for the items of its
    prefix ("rules 506.4 and 506.5 参照"), not for those of an earlier one ("CR 702.26b; rule 506.4 参照")."""
    last = items[-1]
    tail = _SEE_LANGUAGES if last.see else ()
    return tuple(_item_languages(item) or (tail if item.group == last.group else ()) for item in items)


def find_citations(text: str, lang: str | None = None, mode: str = "rules") -> list[Citation]:
    """Every citation of rules in ``text``, in text order, with spans into ``text``.

    ``mode="rules"`` reads the text of a rule (a dot after a number ends the sentence);
    ``mode="free"`` reads chat, where "702.26." asks for 702.26 without its subrules.
    ``lang`` narrows the words to English plus that language; None (or a language
    without words here) uses all of them.
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
    grammar = _grammar(_languages(lang))
    source = _Normalised.of(text)
    found: list[Citation] = []
    pos = 0
    while (start := grammar.start.search(source.text, pos)) is not None:
        reading = _read_citation(grammar, source.text, start, mode)
        if reading is None:
            pos = max(start.end(), start.start() + 1)
            continue
        found.append(_citation(reading, source, text))
        pos = reading.end
    return found
