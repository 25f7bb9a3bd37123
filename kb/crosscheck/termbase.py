"""A term base of one translation: each English game term with the forms the translation uses for it.

Translation QA tools (Xbench's key-term check, Verifika's terminology check) compare each
segment against a term base and report a source term whose target form is missing. Our
term base is built per document, from these sources:

1. the term dictionary (``kb.terms``): every form any source gives for the term;
2. the translation's own glossary, paired with the English glossary of the same edition
   entry by entry (both are in the English alphabetical order and have the same length);
3. the aligned corpus: across the rules of the document, how often the translation of a
   rule whose English names the term holds each form. The form in most of them is the
   term's *dominant form*; the share of rules holding any form is how consistently the
   translation renders the term, and so how sure a finding about that term can be;
4. where none of these gives the term a form in the translation's language (every term of a Korean translation),
   the form learnt from the document's own aligned rules (kb.crosscheck.learnt): the string most associated with
   the rules whose English names the term. Such a term's findings are of their own level, ``learnt``.

In the rules that hold none of the forms whole, the term base also counts the *variants* the
translation writes instead (a form with an inner part dropped or a character put in:
延迟触发异能 for 延迟触发式异能, kb.crosscheck.termevidence): a variant the document holds in many of
the term's rules is an accepted form of it, a rare one is an inconsistency.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace

from kb.crosscheck.learnt import LearntForm, compound, learn, script, spaced
from kb.crosscheck.termevidence import FormReader
from kb.crosscheck.texts import DocText
from kb.terms import TermDictionary
from kb.terms.names import clean_name, english_key

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
# A misspelt term changes an ideograph; a changed kana is grammar (合体する, 合体あるいは).
_IDEOGRAPH = "[\u3400-\u9fff]"
_CARD_NAME = re.compile(r"《[^《》]*》")  # card names in a Japanese or Chinese text: no game terms in them
# Forms shorter than this (in characters) match inside too many other words to count ("牌" in "牌手").
_MIN_FORM = 2
# Sources of the term dictionary whose forms are term base entries (a glossary's or the curated list's), not
# forms read off the aligned text.
_ENTRY_SOURCES = ("glossary", "curated")
# A variant held in this many of the term's rules, and this share of them, is an accepted form of the term.
ACCEPTED_RULES = 3
ACCEPTED_SHARE = 0.2
# A term whose known forms stand in fewer of its rules than this has its forms learnt from the document.
LEARN_BELOW = 0.85
LEARN_RULES = 5
# A learnt form: most of its occurrences in the document lie in rules whose English names the term.
SPECIFIC = 0.5
MAX_LEARNED = 2
# A term whose form was learnt from the document (kb.crosscheck.learnt) judges a rule only when the form stands in
# this share of the term's rules: the form itself is the document's word, not a source's.
LEARNT_SHARE = 0.95


def derived(key: str, written: str, other: str, other_written: str) -> bool:
    """Whether the term ``other`` (its key, its English as the rules write it) is named by a word derived from the
    term ``key``'s ("triggered ability" of "trigger"): then its form says the term too ("zone-change triggers" as
    구역 이동 격발 능력, triggered abilities, holds 격발). A compound that holds the word as written ("mana cost" of
    "mana") is another thing: 마나 비용 where the English says "mana" is a wrong term, so its form does not count."""
    if key == other or not set(key.split()) <= set(other.split()):
        return False
    return re.search(rf"\b{re.escape(written)}\b", other_written, re.IGNORECASE) is None


@dataclass
class TermStats:
    """How a translation renders one English term across the document."""

    key: str
    english: str  # the English word as the rules write it (the first seen)
    category: str | None
    forms: tuple[str, ...]  # the forms known for it in the translation's language, longest first
    rules: int = 0  # paired rules whose English names the term
    held: int = 0  # ... whose translation holds one of its forms
    by_form: Counter = field(default_factory=Counter)  # rules holding each form
    document: Counter = field(default_factory=Counter)  # occurrences of each form in the whole translation
    glossary: tuple[str, ...] = ()  # the forms the translation's own glossary gives
    variants: Counter = field(default_factory=Counter)  # rules holding each variant (and none of the forms)
    learned: Counter = field(default_factory=Counter)  # forms learnt from the aligned document: rules holding each
    learned_only: int = 0  # rules holding a learnt form and none of the known forms or accepted variants
    entry: LearntForm | None = None  # the term's form learnt from the aligned document, where no source gives one
    verbal: bool = False  # a learnt Korean form the document mostly writes as a verb (해결되는, 공개한)

    @property
    def source(self) -> str:
        """Where the dominant form comes from: "glossary", "learnt" (the document's own aligned rules, for a term
        no source gives a form of) or "corpus" (the term dictionary's aligned corpus)."""
        if self.dominant in self.glossary:
            return "glossary"
        return "learnt" if self.entry is not None else "corpus"

    def accepted(self, variant: str) -> bool:
        """Whether the document writes ``variant`` for the term in enough of its rules to make it a form."""
        held = self.variants.get(variant, 0)
        return held >= ACCEPTED_RULES and held >= ACCEPTED_SHARE * self.rules

    @property
    def covered(self) -> int:
        """Rules holding a form, a variant the document accepts as one, or a form learnt from the document."""
        return self.held + sum(n for variant, n in self.variants.items() if self.accepted(variant)) + self.learned_only

    def judged(self) -> TermStats:
        """These stats with the learnt forms and the accepted variants among the forms (what the terminology check
        judges a rule by, and the dominant form it names)."""
        accepted = Counter({v: n for v, n in self.variants.items() if self.accepted(v)})
        if not self.learned and not accepted:
            return self
        return replace(
            self,
            forms=tuple(sorted({*self.forms, *self.learned, *accepted}, key=lambda f: (-len(f), f))),
            by_form=self.by_form + self.learned + accepted,
            held=self.covered,
            learned_only=0,
            variants=self.variants - accepted,
        )

    @property
    def share(self) -> float:
        return self.held / self.rules if self.rules else 0.0

    @property
    def covered_share(self) -> float:
        """The share of the term's rules that hold a form or an accepted variant (what terminology judges by)."""
        return self.covered / self.rules if self.rules else 0.0

    @property
    def dominant(self) -> str | None:
        return self.by_form.most_common(1)[0][0] if self.by_form else None


def own_glossary(conn, tr: DocText, en: DocText) -> dict[str, list[str]]:
    """English key -> the translation's glossary names, paired with the English glossary entry by entry.

    Only when both glossaries have the same number of entries: then they are one list in
    one order (the Chinese glossary keeps the English alphabetical order).
    """
    ours = [row[0] for row in conn.execute("select term from glossary where document_id = ? order by seq", [tr.id])]
    theirs = [row[0] for row in conn.execute("select term from glossary where document_id = ? order by seq", [en.id])]
    if not ours or len(ours) != len(theirs):
        return {}
    found: dict[str, list[str]] = defaultdict(list)
    for name, english in zip(ours, theirs):
        if not name or not english:
            continue
        clean, _ = clean_name(name)
        for part in re.split(r"[，,／/]", clean):
            part = part.strip()
            if len(part) >= _MIN_FORM and _CJK.search(part):
                for english_part in re.split(r"\s*,\s*", english):
                    key = english_key(english_part)
                    if key:
                        found[key].append(part)
    return dict(found)


def plain(text: str) -> str:
    """``text`` with card names blanked (《魔力奪取》 holds 魔力, no misspelt 能力), offsets kept."""
    return _CARD_NAME.sub(lambda m: "\u3000" * len(m.group()), text)


# A gloss runs to its closing mark, or, where the translator left none (プレイヤーが贈呈するたび／gives a gift に誘発する,
# 702.174c), to the first kana or ideograph: the rest of the rule is no gloss.
_GLOSS = re.compile(r"／[A-Za-z][^」』）)\u3040-\u30ff\u3400-\u9fff]*|[「」『』]")


def unglossed(text: str) -> str:
    """``plain(text)`` without the English glosses and quote marks of a term pair: 「毒／poison」カウンター reads
    毒カウンター, the form the document uses elsewhere (for counting forms; offsets are not kept)."""
    return _GLOSS.sub("", plain(text))


def count_forms(text: str, forms: tuple[str, ...]) -> Counter:
    """Occurrences of each form, longest first, a longer form's span not counted again for a shorter one."""
    found: Counter = Counter()
    for form in forms:
        n = text.count(form)
        if n:
            found[form] = n
            text = text.replace(form, "\0" * len(form))
    return found


_NO_EDGE = re.compile(r"^[\u3040-\u309f的之]|[\u3040-\u309f的之]$")
_KATAKANA_CHAR = re.compile(r"[\u30a1-\u30faー]")


def _whole_word(candidate: str, forms: tuple[str, ...]) -> bool:
    """Whether a learnt candidate can be a term: it ends as a form ends (the head last: 攻击生物, 游戏外), starts
    with no particle or kana ending (る組, 挡生物的 are pieces of a sentence), and a katakana start is a form's
    own (ル変種ルー is cut from ルール)."""
    if _NO_EDGE.search(candidate) or not any(candidate[-1] == form[-1] for form in forms):
        return False
    return not _KATAKANA_CHAR.match(candidate) or any(candidate[0] == form[0] for form in forms)


# What makes a Korean noun a verb: 하다 ("do") and 되다 ("become") in their commonest forms (공개한, 격발되는).
_VERB_AFTER = re.compile("[하한할함합해했되된될됨됩돼됐]")
VERBAL = 0.5


def _verbal(text: str, form: str) -> bool:
    """Whether the document writes ``form`` as a verb at least half the times it writes it: a verbal noun the
    translation may render by another verb or leave to the sentence ("the game once again checks for and resolves
    state-based actions" as 상태 참조 행동을 체크합니다), so its absence says little."""
    places = [m.end() for m in re.finditer(re.escape(form), text)]
    verb = sum(1 for end in places if _VERB_AFTER.match(text, end))
    return bool(places) and verb >= VERBAL * len(places)


def _first(text: str, form: str) -> int:
    """Where ``text`` first writes ``form`` (its length when nowhere)."""
    at = text.find(form)
    return len(text) if at < 0 else at


# "an alternative or additional cost", "one-shot or continuous effects": a head said once for two terms
_COORDINATED = re.compile(r"\b([a-z][a-z-]*)((?:, [a-z][a-z-]*)*),? (?:or|and) ([a-z][a-z-]*) ([a-z]+)\b")
_COORDINATED_WORD = re.compile(r"[a-z][a-z-]*")


class TermBase:
    """The terms of one translation against its original, with their forms and counts."""

    def __init__(self, terms: TermDictionary, tr: DocText, en: DocText, glossary: dict[str, list[str]]):
        self.terms = terms
        self.lang = tr.lang.split("-")[0]
        self.english_matcher = terms.matcher("en")
        self.stats: dict[str, TermStats] = {}
        self.english_keys: dict[str, Counter] = {}  # rule number -> key -> occurrences in the English
        self.english_words: dict[str, dict[str, str]] = {}  # rule number -> key -> the English word
        self.english_spans: dict[str, dict[str, set[str]]] = {}  # rule number -> key -> every way the English writes it
        translation_text = "\n".join(plain(rule.full) for rule in tr.rules)
        self.text = translation_text
        self.all_forms = {n.name for n in terms.names if n.lang == self.lang} | {
            form for forms in glossary.values() for form in forms
        }
        self._counts: dict[str, int] = {}
        self._found: dict[str, list] = {}
        self._near: dict[str, re.Pattern] = {}
        self.reader = FormReader()
        self.longer: dict[str, tuple[str, ...]] = {}  # learnt term -> the learnt terms whose forms hold its form
        self.learnt_owner: dict[str, str] = {}  # a learnt form (without spaces) -> its term
        texts: dict[str, list[str]] = {}  # key -> the translations of the rules whose English names it
        unknown: dict[str, list[str]] = {}  # key of a term without a form in the language -> the rules naming it
        for number, rule in tr.by_number.items():
            other = en.by_number.get(number)
            if other is None or not rule.full or not other.full:
                continue
            keys: Counter = Counter()
            words: dict[str, str] = {}
            spans: dict[str, set[str]] = {}
            for match in self.english_matcher.find(other.full):
                for key in match.keys:
                    keys[key] += 1
                    words.setdefault(key, match.text)
                    spans.setdefault(key, set()).add(match.text)
            self.english_keys[number] = keys
            self.english_words[number] = words
            self.english_spans[number] = spans
            for key in keys:
                if key not in self.stats:
                    self.stats[key] = self._new(key, words[key], glossary, translation_text)
            for key in keys:
                stats = self.stats[key]
                if stats.forms:
                    self._count(stats, unglossed(rule.full), texts)
                else:
                    unknown.setdefault(key, []).append(number)
        if unknown and script(self.lang) != "letters":
            self._learn_entries(unknown, tr, en, texts)
        for key, rule_texts in texts.items():
            self._learn(self.stats[key], rule_texts)

    def _count(self, stats: TermStats, text: str, texts: dict[str, list[str]]) -> None:
        """Count one rule whose English names the term: the forms its translation holds, else a variant."""
        stats.rules += 1
        texts.setdefault(stats.key, []).append(text)
        held = count_forms(text, stats.forms)
        if held:
            stats.held += 1
            stats.by_form.update(held.keys())
        else:
            variant = self.reader.variant(text, stats.forms)
            if variant:
                stats.variants[variant] += 1

    def _learn_entries(
        self, unknown: dict[str, list[str]], tr: DocText, en: DocText, texts: dict[str, list[str]]
    ) -> None:
        """Entries for the terms that neither the dictionary nor the glossary gives a form of in this language,
        learnt from the document's aligned rules (kb.crosscheck.learnt); each rule naming such a term is then
        counted as the others were. Rule titles that are the term alone in the English anchor the learning."""
        translated = {number: unglossed(tr.by_number[number].full) for number in self.english_keys}
        titles: dict[str, list[str]] = {}
        for number in self.english_keys:
            english, title = en.by_number[number].title, tr.by_number[number].title
            key = english_key(english) if english else None
            if title and key in unknown:
                titles.setdefault(key, []).append(title)
        learnt = learn(translated, self.lang, unknown, titles)
        for key, entry in learnt.items():
            stats = self.stats[key]
            # Korean spaces the words of a term as the writer likes (전투 단계, 전투단계), and may join them by the
            # genitive 의 (효과의 범위 for 효과 범위, "range of influence"): each is the form
            words = entry.form.split(" ")
            joined = ["의 ".join(words)] if self.lang == "ko" and len(words) == 2 else []
            stats.forms = tuple(dict.fromkeys((entry.form, spaced(entry.form), *joined)))
            stats.entry = entry
            stats.document = count_forms(self.text, stats.forms)
            stats.verbal = self.lang == "ko" and _verbal(self.text, entry.form)
            for number in unknown[key]:
                self._count(stats, translated[number], texts)
        self.learnt_owner = {spaced(entry.form): key for key, entry in learnt.items()}
        for key in learnt:
            forms = self.stats[key].forms
            self.longer[key] = tuple(
                other
                for other in learnt
                if other != key
                and not derived(key, self.stats[key].english, other, self.stats[other].english)
                and any(f in g and f != g for f in forms for g in self.stats[other].forms)
            )

    def unnamed_terms(self, text: str, key: str, keys) -> str:
        """``text`` with the learnt forms of other terms that hold the form of the learnt term ``key`` blanked,
        where the English rule (its terms: ``keys``) does not name them: 난투전 (Free-for-All) holds 난투 (Brawl),
        and names Brawl no more than 多人 names a player. Other terms' forms are left to the dictionary."""
        longer = self.longer.get(key, ())
        if any(other in keys and count_forms(text, self.stats[other].forms) for other in longer):
            return text  # 非公開領域, the hidden zone the rule names, holds 領域 ("zone") and 公開領域 ("public zone")
        for other in longer:
            if other not in keys and not self._says_term(key, other, keys):
                for form in self.stats[other].forms:
                    text = text.replace(form, "\0" * len(form))
        return text

    def _says_term(self, key: str, other: str, keys) -> bool:
        """Whether the longer learnt term ``other``'s form says the term ``key`` where the English rule (``keys``)
        names the term and not ``other``: ``other`` is a compound of it (kb.crosscheck.learnt.compound: 离开战场 for
        "left the battlefield", 非公開領域 for "a hidden zone", 操控者 for "each player who controls") and what its
        form adds is no learnt form of a term the rule does not name (마나 비용, "mana cost", for "mana spent" adds
        비용, the form of "cost": another thing than the mana)."""
        if not compound(key, other):
            return False
        named = [form for k in keys if k in self.stats for form in self.stats[k].forms]
        for form in self.stats[key].forms:
            for longer in self.stats[other].forms:
                if form in longer:
                    for rest in longer.replace(form, " ").split():
                        owner = self.learnt_owner.get(spaced(rest))
                        if owner is not None and owner not in keys and not any(rest in f for f in named):
                            return False  # (神器类别 for "an artifact subtype" adds 类别 of 副类别, which it names)
        return True

    def _learn(self, stats: TermStats, texts: list[str]) -> None:
        """Forms of a term that the dictionary and the glossary do not give, learnt from the term's rules.

        Where the known forms stand in few of the term's rules, the translation writes the term otherwise: a
        string of the known forms' characters (进行攻击的生物 gives 攻击生物 for "attacking creature"), at least
        half as long as the longest form, held in many of the term's rules (as an accepted variant is) and
        specific to them (most of its occurrences in the document are in those rules)."""
        if stats.rules < LEARN_RULES or stats.covered_share >= LEARN_BELOW:
            return
        chars = set("".join(stats.forms))
        longest = max(len(f) for f in stats.forms)
        shortest = max(_MIN_FORM, (longest + 1) // 2)
        found: Counter = Counter()
        for text in texts:
            seen: set[str] = set()
            for run in re.findall(f"[{re.escape(''.join(sorted(chars)))}]{{{shortest},}}", text):
                for size in range(shortest, min(len(run), longest) + 1):
                    seen.update(run[i : i + size] for i in range(len(run) - size + 1))
            found.update(seen)
        chosen: list[str] = []
        for candidate, held in sorted(found.items(), key=lambda item: (-item[1], -len(item[0]), item[0])):
            if held < ACCEPTED_RULES or held < ACCEPTED_SHARE * stats.rules or len(chosen) >= MAX_LEARNED:
                break
            if not _CJK.search(candidate) or any(candidate in f or f in candidate for f in [*stats.forms, *chosen]):
                continue
            if not _whole_word(candidate, stats.forms) or candidate in stats.variants:
                continue
            inside = sum(text.count(candidate) for text in texts)
            if inside < SPECIFIC * self.document_count(candidate):
                continue
            chosen.append(candidate)
            stats.learned[candidate] = held
        if chosen:
            known = (*stats.forms, *(v for v in stats.variants if stats.accepted(v)))
            stats.learned_only = sum(
                1 for text in texts if count_forms(text, tuple(chosen)) and not count_forms(text, known)
            )

    def _new(self, key: str, english: str, glossary: dict[str, list[str]], text: str) -> TermStats:
        names = self.terms.entry(key, self.lang).in_language(self.lang) if self.terms.has(key, self.lang) else []
        forms = {n for n in [*names, *glossary.get(key, [])] if len(n) >= _MIN_FORM and _CJK.search(n)}
        ordered = tuple(sorted(forms, key=lambda f: (-len(f), f)))
        stats = TermStats(key, english, self.terms.category(key), ordered)
        entries = set(glossary.get(key, ())) | {
            n.name for n in self.terms.by_key.get(key, ()) if n.lang == self.lang and n.source in _ENTRY_SOURCES
        }
        stats.glossary = tuple(f for f in ordered if f in entries)
        stats.document = count_forms(text, ordered)
        return stats

    def allocate(self, text: str, keys) -> dict[str, Counter]:
        """Key -> its forms found in ``text``, longest form first over all ``keys``, each span given once:
        合变 inside 合变式生物咒语 is the mutating creature spell's, not a second "mutated". Of two forms of one length,
        the one the text writes first goes first (衍生物: the token's 衍生 before the creature's 生物); one form of two
        terms goes to the one ``keys`` lists first (the English names it first), or, ``keys`` being a set, whose order
        changes from process to process, to the first in the order of the keys."""
        ordered = sorted(keys) if isinstance(keys, (set, frozenset)) else list(keys)
        forms = sorted(
            ((form, key) for key in ordered if key in self.stats for form in self.stats[key].forms),
            key=lambda pair: (-len(pair[0]), _first(text, pair[0]), pair[0]),
        )
        found: dict[str, Counter] = {}
        for form, key in forms:
            n = text.count(form)
            if n:
                found.setdefault(key, Counter())[form] += n
                text = text.replace(form, "\0" * len(form))
        return found

    def near(self, form: str) -> re.Pattern:
        """A pattern of the strings one ideograph away from ``form`` (group i+1 holds position i).

        Compiled once per form: compiling the CJK class for every rule took ten seconds a document."""
        if form not in self._near:
            ways = [re.escape(form[:i]) + f"({_IDEOGRAPH})" + re.escape(form[i + 1 :]) for i in range(len(form))]
            self._near[form] = re.compile("|".join(ways))
        return self._near[form]

    def document_count(self, text: str) -> int:
        """Occurrences of ``text`` in the whole translation."""
        if text not in self._counts:
            self._counts[text] = self.text.count(text)
        return self._counts[text]

    def overlaps_term(self, text: str, start: int, end: int, variant: str) -> bool:
        """Whether [start, end) of ``text`` overlaps a known term form that is not inside the span."""
        if text not in self._found:
            self._found = {text: self.terms.matcher(self.lang).find(text)}  # one rule at a time
        for match in self._found[text]:
            if match.start < end and start < match.start + len(match.text):
                if not (start <= match.start and match.start + len(match.text) <= end):
                    return True
        return False

    def is_term_form(self, text: str) -> bool:
        """Whether ``text`` is a known form of some term (then it is no misspelling of another)."""
        return text in self.all_forms

    def coordinated(self, original: str) -> dict[str, str]:
        """The terms the original names with their head said once for two or more ("an alternative or additional
        cost" names the alternative cost, which the term matcher does not read): key -> the words as written."""
        found: dict[str, str] = {}
        for match in _COORDINATED.finditer(original):
            head, last = match.group(4), english_key(f"{match.group(3)} {match.group(4)}")
            if last not in self.stats:
                continue
            for word in (match.group(1), *_COORDINATED_WORD.findall(match.group(2))):
                key = english_key(f"{word} {head}")
                if key in self.stats and key != last:
                    found.setdefault(key, f"{word} … {head}")
        return found

    def reliable(self, key: str, share: float, support: int, variants: bool = False) -> TermStats | None:
        """The term's stats when the translation renders it consistently enough to judge a rule by it; with
        ``variants``, a rule holding a variant the document accepts counts as rendering it."""
        stats = self.stats.get(key)
        if stats is None or not stats.forms or stats.rules < support:
            return None
        if stats.entry is not None:
            share = max(share, LEARNT_SHARE)  # a form the document taught: only where it holds almost everywhere
        return stats if (stats.covered_share if variants else stats.share) >= share else None
