"""Questions read as questions: players' words put into the rules' words (data/players_words.tsv).

Players ask "what happens if my creature has 0 toughness?" or "does it die?"; the rules say
"toughness 0 or less" and "is put into a graveyard from the battlefield". The table of players'
words lists, per language, what players write, the rules' words for it and the rules that answer.
Reading a question drops its question words and chatter ("what", "does", "my", the placeholder
names of judges' columns), puts the rules' words in place of the everyday ones, and names the rules
that answer, which the search then ranks first (kb.search.engine). Nothing is read into a query that
uses the query language (quotes, operators, a rule number): that user chose their words.

Words are compared as written, after folding (case, full-width letters, curly quotes): the table
lists each form ("dies", "died", "dying"), so "die" (a planar die) is not "dies". Japanese and
Chinese are compared inside the text, which has no spaces between words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from whoosh.lang import stopwords_for_language

from kb.core.errors import BadInputFile
from kb.core.numbers import RuleNumber
from kb.core.paths import DATA_DIR
from kb.core.tables import table_rows
from kb.core.text import fold, simplified
from kb.search.analyzers import japanese_words
from kb.search.scripts import has_cjk, has_han, has_kana

PLAYERS_WORDS = DATA_DIR / "players_words.tsv"
KINDS = ("chatter", "everyday", "state", "slang")
LANGUAGES = ("en", "de", "ru", "ja", "zh")
_WORD = re.compile(r"[+-]?\w+(?:['’/+-]\w+)*")
_MAX_WORDS = 8  # the longest entry, in words
APART = "…"  # in the words column: the parts on either side may stand apart in one sentence
APART_GAP = 12  # at most this many words between the parts of such an entry
APART_GAP_CJK = 30  # in Japanese and Chinese, at most this many characters
_SENTENCE_MARKS = ".?!;\n。．？！"
SHORT_WORDS = 6  # a query of this many words or fewer is read as a question without a question word
SHORT_CJK = 12  # the same in Japanese and Chinese characters


@dataclass(frozen=True)
class Entry:
    """One row of the table."""

    lang: str
    words: str
    means: str
    rules: tuple[str, ...]
    kind: str
    line: int


@dataclass(frozen=True)
class Found:
    """Players' words found in a question: ``start:end`` of its text."""

    start: int
    end: int
    entry: Entry


@dataclass
class Reading:
    """A question as the search reads it."""

    original: str
    text: str  # what is searched: chatter dropped, everyday words in the rules' words
    found: list[Found] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)  # the rules the players' words name, in order
    dominant: bool = False  # the players' words are most of what the question asks about

    @property
    def changed(self) -> bool:
        return self.text != self.original

    @property
    def expansions(self) -> dict[str, list[str]]:
        """Players' words -> the rules' words they were searched as."""
        return {self.original[f.start : f.end]: [f.entry.means] for f in self.found if f.entry.means}


class Table:
    """The entries of one language, by their folded words (letters) or folded text (CJK)."""

    def __init__(self, entries: list[Entry]):
        self.entries = entries
        self.by_words: dict[str, dict[tuple[str, ...], Entry]] = {}
        self.by_text: dict[str, list[Entry]] = {}
        self.apart: dict[str, list[tuple[tuple[str, ...], tuple[str, ...], Entry]]] = {}
        self.apart_text: dict[str, list[tuple[str, str, Entry]]] = {}  # Japanese and Chinese, folded
        for entry in entries:
            if APART in entry.words and entry.lang in ("ja", "zh"):
                first, second = (fold(part.strip()) for part in entry.words.split(APART))
                self.apart_text.setdefault(entry.lang, []).append((first, second, entry))
            elif APART in entry.words:
                first, second = entry.words.split(APART)
                self.apart.setdefault(entry.lang, []).append((_words(first), _words(second), entry))
            elif entry.lang in ("ja", "zh"):
                self.by_text.setdefault(entry.lang, []).append(entry)
            else:
                self.by_words.setdefault(entry.lang, {})[_words(entry.words)] = entry
        for listed in self.by_text.values():
            listed.sort(key=lambda entry: -len(entry.words))  # the longest first


def parse_table(text: str, origin: str) -> Table:
    """The table from its text; a bad row is a BadInputFile naming ``origin``, the line and what was expected."""
    entries: list[Entry] = []
    for number, cells in table_rows(text, origin, ["lang", "words", "means", "rules", "kind"]):
        lang, words, means, rules, kind = cells
        if lang not in LANGUAGES:
            raise BadInputFile(f"{origin}, line {number}: unknown language {lang!r} (expected one of {LANGUAGES})")
        if kind not in KINDS:
            raise BadInputFile(f"{origin}, line {number}: unknown kind {kind!r} (expected one of {KINDS})")
        if not words or (lang not in ("ja", "zh") and not _words(words)):
            raise BadInputFile(f"{origin}, line {number}: the words column is empty")
        if APART in words and (
            words.count(APART) != 1 or not all(_words(part) for part in words.split(APART)) or kind == "chatter"
        ):
            raise BadInputFile(
                f"{origin}, line {number}: expected words on either side of one {APART!r} "
                f"(parts standing apart in one sentence; not chatter)"
            )
        if kind == "chatter" and (means or rules):
            raise BadInputFile(f"{origin}, line {number}: chatter has no rules' words and no rules")
        if kind != "chatter" and not means:
            raise BadInputFile(f"{origin}, line {number}: expected the rules' words for {words!r}")
        numbers = tuple(part.strip() for part in rules.split(";") if part.strip())
        for rule in numbers:
            if RuleNumber.try_parse(rule) is None:
                raise BadInputFile(f"{origin}, line {number}: {rule!r} is not a rule number")
        entries.append(Entry(lang, words, means, numbers, kind, number))
    return Table(entries)


@lru_cache(maxsize=4)
def _load(path: Path, stamp: int) -> Table:
    return parse_table(path.read_text(encoding="utf-8"), str(path))


def load(path: Path = PLAYERS_WORDS) -> Table:
    """The table of ``path``, read again when the file changes."""
    return _load(path, path.stat().st_mtime_ns)


def read(
    question: str,
    lang: str,
    table: Table | None = None,
    indexed: Callable[[str], bool] | None = None,
) -> Reading:
    """``question`` (in ``lang``) with its players' words read: see the module's docstring.

    ``indexed(text)``: whether the rules use ``text`` (a word, or words in a row) anywhere. In an
    English question, a word or a run of words written with a capital inside a sentence that the
    rules never use is a name the database does not know (a card's, a player's: "Soulstinger",
    "Siege Rhino") and is left out of the search rather than corrected into a rules word
    ("Maralen" was searched as "Marken").
    A question of nothing but chatter is searched as it is: the words are all it says.
    In a long Japanese question, the words ``indexed`` does not know are the story's (`_narrative`).
    A query that does not read as a question has only its slang read, the slang no rule uses
    (`_slang_of_a_statement`).
    """
    table = table if table is not None else load()
    if lang == "ja" and traditional_chinese(question):
        return _read_traditional(question, table)
    plain = unquoted(question, lang)
    if plain != question:  # a quote of card text inside the question: read with the rest
        reading = read(plain, lang, table, indexed)
        if not _asks(plain, reading.found, lang):
            return Reading(question, question)
        return Reading(question, reading.text, reading.found, reading.rules, reading.dominant)
    found = _found_cjk(question, table, lang) if lang in ("ja", "zh") else _found_words(question, table, lang)
    found = _bracketed_names(question, found)
    if lang == "ja" and indexed is not None and _asks(question, found, lang):
        found = sorted(found + _narrative(question, found, indexed), key=lambda item: item.start)
    if found and not _asks(question, found, lang):
        found = _slang_of_a_statement(found, lang, indexed)
    if not found:
        return Reading(question, question)
    if lang == "en" and indexed is not None:
        found = sorted(found + _unknown_names(question, found, indexed), key=lambda item: item.start)
    parts: list[str] = []
    last = 0
    for item in found:
        parts.append(question[last : item.start])
        parts.append(f" {item.entry.means} " if item.entry.means else " ")
        last = item.end
    parts.append(question[last:])
    text = " ".join("".join(parts).split())
    if not _has_words(text):  # only question words: they are what there is to search
        return Reading(question, question)
    rules = list(dict.fromkeys(rule for item in found for rule in item.entry.rules))
    return Reading(question, text, found, rules, _dominant(question, found, lang))


_QUOTED = re.compile(r"「[^「」]*」|『[^『』]*』")


def unquoted(question: str, lang: str) -> str:
    """``question`` with the corner brackets of its quotes made spaces, when it is Japanese or Chinese
    and says something outside them: "平地を戦場に出すことは「あなたがクリーチャーでない呪文を唱え
    るたび〜」に該当する?" quotes a card's text as part of what it asks, where the query language
    would search the quote as a phrase and read nothing else. A query that is only a quote
    (「フェイズ・アウト」) is the phrase its user asked for. The text keeps its length (offsets hold)."""
    if lang not in ("ja", "zh") or not _QUOTED.search(question):
        return question
    if not has_cjk(_QUOTED.sub("", question)):
        return question
    return _QUOTED.sub(lambda match: " " + match.group()[1:-1] + " ", question)


# Words of Chinese grammar in their Traditional forms, none of them a kanji of Japanese terms (能 of
# 能力, 個 of 個別, 該 of 該当 and 則 of 法則 are left out): Japanese writes its grammar in kana, so a
# text of kanji holding one of them, and no kana, is Chinese.
_CHINESE_ONLY = frozenset("嗎們這還會麼說裡呢吧哪讓從對與兩為")


def traditional_chinese(question: str) -> bool:
    """Whether ``question`` is Chinese written in Traditional characters (Taiwan, Hong Kong): no
    kana, characters that Simplified Chinese writes otherwise, and a word of Chinese grammar. The
    script test reads such a text as Japanese (統治者 is Japanese, 统治者 Chinese); a question of
    players from Taiwan ("如果我施放先祖擬妖並複製謎樣史芬斯,我能傾曳6還是7?") is Chinese."""
    if has_kana(question):
        return False
    han = "".join(char for char in question if has_han(char))
    return simplified(han) != han and any(char in _CHINESE_ONLY for char in question)


def _read_traditional(question: str, table: Table) -> Reading:
    """A question in Traditional characters, read as Chinese in Simplified characters (the stored
    Chinese translations' script; OpenCC maps one character to one, so spans keep their offsets)."""
    converted = simplified(question)
    reading = read(converted, "zh", table)
    return Reading(question, reading.text, reading.found, reading.rules, reading.dominant)


def _words(text: str) -> tuple[str, ...]:
    return tuple(fold(match.group()).replace("’", "'") for match in _WORD.finditer(text))


def _found_words(question: str, table: Table, lang: str) -> list[Found]:
    known = table.by_words.get(lang, {})
    if not known and not table.apart.get(lang):
        return []
    tokens = [(match.start(), match.end(), fold(match.group()).replace("’", "'")) for match in _WORD.finditer(question)]
    found: list[Found] = []
    i = 0
    while i < len(tokens):
        for size in range(min(_MAX_WORDS, len(tokens) - i), 0, -1):
            entry = known.get(tuple(token for _s, _e, token in tokens[i : i + size]))
            if entry is not None:
                found.append(Found(tokens[i][0], tokens[i + size - 1][1], entry))
                i += size
                break
        else:
            entry = _possessed(tokens[i][2], known) or (_compound_head(tokens[i][2], known) if lang == "de" else None)
            if entry is not None:
                found.append(Found(tokens[i][0], tokens[i][1], entry))
            i += 1
    return sorted(found + _found_apart(question, tokens, found, table.apart.get(lang, [])), key=lambda f: f.start)


def _found_apart(
    question: str,
    tokens: list[tuple[int, int, str]],
    found: list[Found],
    entries: list[tuple[tuple[str, ...], tuple[str, ...], Entry]],
) -> list[Found]:
    """The entries whose two parts stand apart in one sentence of ``question``, in order, at most
    APART_GAP words between them, neither inside words already found: "a +1/+1 counter on it and
    casts Soulstinger putting the -1/-1 counters on Elenda" is the state of 704.5q although no
    entry's words stand in a row there. The first part is searched as the entry's rules' words, the
    second dropped (the rules' words say both)."""
    taken = [(item.start, item.end) for item in found]
    out: list[Found] = []

    def at(i: int, part: tuple[str, ...]) -> bool:
        if tuple(token for _s, _e, token in tokens[i : i + len(part)]) != part:
            return False
        start, end = tokens[i][0], tokens[i + len(part) - 1][1]
        return not any(s < end and start < e for s, e in taken)

    for first, second, entry in entries:
        for i in range(len(tokens)):
            if not at(i, first):
                continue
            after = i + len(first)
            match = next((j for j in range(after, min(len(tokens), after + APART_GAP + 1)) if at(j, second)), None)
            if match is None or any(mark in question[tokens[after - 1][1] : tokens[match][0]] for mark in ".?!;\n"):
                continue
            one = Found(tokens[i][0], tokens[after - 1][1], entry)
            rest = Entry(entry.lang, entry.words, "", (), entry.kind, entry.line)
            two = Found(tokens[match][0], tokens[match + len(second) - 1][1], rest)
            out += [one, two]
            taken += [(one.start, one.end), (two.start, two.end)]
            break
    return out


_NAME = Entry("en", "", "", (), "name", 0)  # a name the rules never use: left out, like chatter
_SENTENCE_END = ".?!:;(\n"  # after one of these, a word starts a sentence


def _unknown_names(question: str, found: list[Found], indexed: Callable[[str], bool]) -> list[Found]:
    """The names in ``question`` the rules never use: runs of words that start with a capital letter
    inside a sentence ("Soulstinger", "Siege Rhino", "Approach of the Second Sun"), outside ``found``,
    that ``indexed`` does not know as they are written (a word, or the run's words in a row)."""
    taken = [(item.start, item.end) for item in found]
    names = []
    for start, end in _capitalised_runs(question, taken):
        if not indexed(re.sub(r"['’]s\b", "", question[start:end])):
            names.append(Found(start, end, _NAME))
    return names


_JOINING = frozenset({"of", "the", "from"})  # inside a name: "Approach of the Second Sun"


def _capitalised_runs(question: str, taken: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans of consecutive capitalised words (joined by "of", "the", "from"), none of them the first
    word of a sentence (capitalised whatever it is) nor inside ``taken``."""
    runs: list[tuple[int, int]] = []
    current: list[tuple[int, int]] = []  # the run's capitalised words
    last = None  # where the previous word ended
    for match in _WORD.finditer(question):
        word = match.group()
        capital = word[:1].isupper() and word.replace("'", "").replace("’", "").isalpha()
        inside = any(start <= match.start() < end for start, end in taken)
        first = last is None or any(mark in question[last : match.start()] for mark in _SENTENCE_END)
        last = match.end()
        if capital and not inside and not first:
            current.append((match.start(), match.end()))
            continue
        if current and not inside and word in _JOINING:
            continue  # "of the": the run goes on if a capitalised word follows
        if current:
            runs.append((current[0][0], current[-1][1]))
        current = []
    if current:
        runs.append((current[0][0], current[-1][1]))
    return runs


# How players mark a card's name: 《》 (Japanese and Chinese print style), 〈〉, ‹›, 【】, and the ASCII
# < > of the Traditional Chinese translations of Cranial Insertion (我操控<龍拳雙子>而我). An ASCII pair
# holds no space at either end ("power < 3 and toughness > 2" is no name). 「」 quotes card text as
# often as a name: kb.search.cards takes it as a name only when the card file holds it.
_BRACKETED = re.compile(
    r"《[^《》]{1,40}》|〈[^〈〉]{1,40}〉|‹[^‹›]{1,40}›|【[^【】]{1,40}】|<[^<>\s](?:[^<>]{0,38}[^<>\s])?>"
)


def _bracketed_names(question: str, found: list[Found]) -> list[Found]:
    """``found`` with the card names a question sets in brackets (《取り消し》, <龍拳雙子>, 【Shock】)
    left out of the search, like an English name the rules never use, and the players' words
    inside them dropped: a name's words are the card's, not the question's (《取り消し》 is Cancel,
    not the rules' 取り消す)."""
    names = [Found(match.start(), match.end(), _NAME) for match in _BRACKETED.finditer(question)]
    kept = [item for item in found if not any(n.start < item.end and item.start < n.end for n in names)]
    return sorted(kept + names, key=lambda item: item.start)


_PLACEHOLDERS = frozenset({"さん", "私"})  # "Aさん", "私の《…》": the teller and the players of a story


def _narrative(question: str, found: list[Found], indexed: Callable[[str], bool]) -> list[Found]:
    """The words of a long Japanese question (more than SHORT_CJK characters) that the rules never
    use, to be left out like a name: Japanese questions tell a story ("Aさんが《投げ飛ばし》を唱え、
    生け贄にするクリーチャーを指定したところで…妨害できる?"), and a word of the story that no rule
    holds (妨害, 味方, 火力) matches nothing but examples and weighs as much as 唱え and 生け贄.
    Sudachi cuts the question into content words (particles and auxiliaries are never searched);
    ``indexed`` says which of them the rules use (the term dictionary, the Japanese translation's
    text). The players' placeholder names (A, Bさん; 対戦相手 is the rules' own word and stays) go
    too. Numbers stay: "タフネス1" and "3点" are what a state is."""
    if sum(1 for char in question if has_cjk(char)) <= SHORT_CJK:
        return []
    taken = [(item.start, item.end) for item in found]
    dropped = []
    for word, start, end in japanese_words(question):
        text = question[start:end]
        if any(s < end and start < e for s, e in taken) or any(char.isdigit() for char in text):
            continue
        placeholder = text in _PLACEHOLDERS or (len(text) == 1 and "A" <= text <= "Z")
        if placeholder or not (indexed(text) or indexed(word)):  # 出 of 出て is the rules' 出る
            dropped.append(Found(start, end, _NAME))
    return dropped


_HEAD_MIN = 5  # the shortest German word read as the head of a compound


def _compound_head(token: str, known: dict[tuple[str, ...], Entry]) -> Entry | None:
    """The entry of a German compound's head: German writes "Spielsteinkopie" (a token's copy) in one
    word, whose last part says what it is. Only everyday words and slang of at least five letters,
    after a part of at least three ("Kopie" in "Spielsteinkopie"); never chatter."""
    for cut in range(3, len(token) - _HEAD_MIN + 1):
        entry = known.get((token[cut:],))
        if entry is not None and entry.kind != "chatter":
            return entry
    return None


def _possessed(token: str, known: dict[tuple[str, ...], Entry]) -> Entry | None:
    """The chatter entry of a word written with a possessive ("Amy's", "Nicole’s"): the judges'
    columns name their players Amy and Nicole, and "Amy's Siege Rhino" asks nothing about Amy. Only
    chatter: "creature's" is the rules' word in its own right."""
    if not token.endswith("'s") or len(token) < 4:
        return None
    entry = known.get((token[:-2],))
    return entry if entry is not None and entry.kind == "chatter" else None


def _found_cjk(question: str, table: Table, lang: str) -> list[Found]:
    folded = fold(question)
    if len(folded) != len(question):  # folding changed the length: no safe offsets, read nothing
        return []
    taken = [False] * len(folded)
    found = _found_apart_cjk(folded, taken, table.apart_text.get(lang, []))
    for entry in table.by_text.get(lang, []):
        target = fold(entry.words)
        start = folded.find(target)
        while start >= 0:
            end = start + len(target)
            if not any(taken[start:end]):
                found.append(Found(start, end, entry))
                taken[start:end] = [True] * (end - start)
            start = folded.find(target, end)
    return sorted(found, key=lambda item: item.start)


def _found_apart_cjk(folded: str, taken: list[bool], entries: list[tuple[str, str, Entry]]) -> list[Found]:
    """The entries whose two parts stand apart in one sentence of a Japanese or Chinese question, in
    order, at most APART_GAP_CJK characters between them ("+1/+1カウンターが置かれているクリーチャーに
    -1/-1カウンターを置く" is the state of 704.5q, which the shorter -1/-1カウンター would read as 704.5f).
    Read before the entries of words in a row, which then do not take the parts; ``taken`` is marked.
    The first part is searched as the entry's rules' words, the second dropped (as `_found_apart`)."""
    out: list[Found] = []
    for first, second, entry in entries:
        start = folded.find(first)
        while start >= 0:
            after = start + len(first)
            window = folded[after : after + APART_GAP_CJK + len(second)]
            at = window.find(second)
            if at >= 0 and not any(mark in window[:at] for mark in _SENTENCE_MARKS):
                end = after + at + len(second)
                if not any(taken[start:end]):
                    rest = Entry(entry.lang, entry.words, "", (), entry.kind, entry.line)
                    out += [Found(start, after, entry), Found(after + at, end, rest)]
                    taken[start:after] = [True] * (after - start)
                    taken[after + at : end] = [True] * len(second)
                    break
            start = folded.find(first, after)
    return out


def _asks(question: str, found: list[Found], lang: str) -> bool:
    """Whether the query reads as something asked: a question mark, a question word or chatter, or a
    few words. A long statement (a definition pasted in, the glossary's own sentences) is the rules'
    own wording: 死亡 in a Japanese definition is the rules' word, not a question about dying."""
    if "?" in question or "？" in question or any(item.entry.kind == "chatter" for item in found):
        return True
    if lang in ("ja", "zh"):
        return sum(1 for char in question if has_cjk(char)) <= SHORT_CJK
    return len(_WORD.findall(question)) <= SHORT_WORDS


def _slang_of_a_statement(found: list[Found], lang: str, indexed: Callable[[str], bool] | None) -> list[Found]:
    """The players' slang in a query that does not read as a question, when the rules never use its words
    (``indexed``): a statement is searched in its own words because those may be the rules' (死亡 in a pasted
    definition), but "デスタッチとトランプルを持つクリーチャーにブロックされた" holds a name of deathtouch no rule
    uses, and "my opponent bounced my creature in response to the aura and I recast it" a "bounced" no rule
    says; searched as written they found nothing for those words. In every language: slang is no rule's word."""
    if indexed is None:
        return []
    return [item for item in found if item.entry.kind == "slang" and not indexed(item.entry.words)]


def _has_words(text: str) -> bool:
    return bool(_WORD.search(text)) or has_cjk(text)


def _dominant(question: str, found: list[Found], lang: str) -> bool:
    """Whether the players' words (not chatter) weigh at least half of what else the question asks
    (stop words aside): "what happens when a creature has 0 toughness" is about 0 toughness; a story
    of six cards in which something dies is not about dying."""
    asked = sum(f.end - f.start for f in found if f.entry.kind not in ("chatter", "name"))
    if not asked:
        return False
    rest = list(question)
    for item in (f for f in found if f.entry.kind != "name"):  # a card's name is part of the story
        rest[item.start : item.end] = " " * (item.end - item.start)
    left = "".join(rest)
    if lang in ("ja", "zh"):
        other = sum(1 for char in left if has_cjk(char) or char.isalnum())
    else:
        stop = stopwords_for_language(lang) if lang in ("en", "de", "ru") else frozenset()
        other = sum(len(m.group()) for m in _WORD.finditer(left) if fold(m.group()) not in stop)
    return asked * 2 >= other
