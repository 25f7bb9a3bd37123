"""The rules terms of a card's Oracle text, each linked to the rule that defines it.

Read from the newest English Comprehensive Rules held: a keyword ability (702.N) or keyword action
(701.N) by its title, linked to its defining subrule (kb.core.keywords: 702.10 Haste → 702.10b,
701.21 Sacrifice → 701.21a); a glossary term by the rules its entry points to ("Mana Value" → 202.3,
"Lose the Game" → 104). One phrase the glossary lacks is added by hand: "can't" (101.2: a "can't"
beats a "can"), which decides half the questions about cards that forbid something.

Terms are found word by word: every run of the text's words up to the longest term (and each
keyword the card file lists) is looked up, as written and with an English plural or past ending
taken off, in the titles and glossary terms of that one document. Both sides are keyed alike
(``term_key``), so "Jump-Start", "State-Based Actions", "For Mirrodin!" and each spelling of
"Control, Controller" are found; an obsolete entry ("Tribal (Obsolete)") is found by its old name,
which older Oracle texts still print. The keys of a document (about a thousand, 2 ms to read) are
read once per state of the database (``Store.derived``, kind "cards.terms"); whether a word is a
rules term at all (`rules_terms_among`, asked for every run of a question that names a card) is
answered from the set of those keys.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.core.errors import NotFound
from kb.core.keywords import defining_subrule
from kb.core.model import Serialisable
from kb.i18n import N_
from kb.store.reader import Store
from kb.terms.ability_words import listing as ability_listing

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'’]*")  # "d20" is one word
_APOSTROPHE = re.compile(r"['’]")
_NOT_LETTER = re.compile(r"[^a-z0-9]+")
_OBSOLETE = re.compile(r"\s*\(obsolete\)\s*$", re.IGNORECASE)
# "can't" beats "can" (CR 101.2); the glossary has no entry for it.
PHRASES = {"cant": ("can't", "101.2")}
# "counter" is a keyword action (701.6) only before what is countered; else the marker (122.1).
NOUN_COUNTER = ("Counter (marker)", "rule", "122.1")
_COUNTERED = frozenset({"target", "it", "that", "all", "each", "up", "the", "them", "this"})
# Glossary entries for words of every sentence: never linked.
SKIP = frozenset({"you", "your", "x", "if"})
# Glossary terms that name what nearly every card mentions: linked on a card, never added to a search.
COMMON = frozenset(
    "card player creature spell ability target turn permanent object controller owner control game life mana "
    "color land artifact enchantment instant sorcery battlefield graveyard library hand stack effect cost source "
    "you opponent type subtype characteristics text name".split()
)


# The kinds of term, as `card` shows them (the JSON keeps the English words).
KINDS = (N_("keyword ability"), N_("keyword action"), N_("glossary"), N_("rule"))


@dataclass
class TermLink(Serialisable):
    """One rules term of a card: as written, what kind it is, and the rule that defines it."""

    term: str  # as the card writes it ("Sacrifice", "mana value")
    title: str  # the rule's title or the glossary's term ("Sacrifice", "Mana Value")
    kind: str  # "keyword ability", "keyword action", "glossary", "rule"
    rule: str  # the defining subrule, or the glossary's first rule
    rules: list[str] = field(default_factory=list)  # every rule it points to
    start: int = -1  # its place in the Oracle text; -1 for a keyword the card file lists but the text does not spell
    end: int = -1

    @property
    def common(self) -> bool:
        """A term nearly every card has ("creature", "target"): not worth adding to a search."""
        return self.kind == "glossary" and term_key(self.title) in COMMON


def english_document(store: Store) -> dict | None:
    """The newest English Comprehensive Rules held, or None."""
    try:
        return store.resolve(None, lang="en")
    except NotFound:
        return None


def term_key(text: str) -> str:
    """An English term or run of card words as a key: lower case, no apostrophes, dashes as spaces."""
    return " ".join(_NOT_LETTER.sub(" ", _APOSTROPHE.sub("", text.lower())).split())


@dataclass
class TermIndex:
    """The rules terms of one English document by key: (title, kind, glossary id or rule number).

    Built from a few hundred short rows (glossary terms, the titles of 701 and 702); the rule a term
    links to is read only for the terms a card has (``link``)."""

    store: Store
    doc_id: int | None
    keys: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    words: int = 1  # the word count of the longest key

    def link(self, title: str, kind: str, ident: str) -> tuple[str, list[str]]:
        """(the defining rule, every rule) of one term."""
        conn = self.store.conn
        if kind == "glossary":
            targets = [t for (t,) in conn.execute("select target from refs where glossary_id = ? order by id", [ident])]
            return (targets[0] if targets else ""), targets
        if kind == "rule":
            return ident, [ident]
        subrules = [
            (number, text or "")
            for number, text in conn.execute(
                "select number, text from rules where document_id = ? and parent = ? order by seq", [self.doc_id, ident]
            )
        ]
        defining = defining_subrule(ident, subrules) or ident
        return defining, [defining, ident] if defining != ident else [ident]


def rules_terms_among(store: Store, keys: set[str]) -> set[str]:
    """Those of ``keys`` (term keys) that are keywords, keyword actions or glossary terms (the
    document's keys, read once per state of the database by ``term_index``)."""
    return keys & term_index(store).keys.keys()


def term_index(store: Store, wanted: set[str] | None = None) -> TermIndex:
    """The rules terms of the newest English CR held (empty without one); only those whose key is
    in ``wanted`` when it is given. The document's keys are read once per state of the database."""
    doc = english_document(store)
    if doc is None:
        return TermIndex(store, None)
    keys, words = store.derived("cards.terms", doc["id"], lambda: _read_terms(store, doc["id"]))
    if wanted is not None:
        keys = {key: keys[key] for key in wanted if key in keys}
    return TermIndex(store, doc["id"], keys, words)


def _read_terms(store: Store, doc_id: int) -> tuple[dict[str, tuple[str, str, str]], int]:
    """Every term of one document by its key, and the word count of the longest key.

    A glossary entry is read by each of its spellings ("Control, Controller"; "Phased In, Phased
    Out"), an obsolete one also without its mark; an entry that only sends to another term ("Deal:
    See Damage") points to no rule and is no term here. The titles of 701 and 702 come last and win.
    """
    keys: dict[str, tuple[str, str, str]] = {}
    glossary = store.conn.execute(
        "select id, term from glossary where document_id = ? and exists "
        "(select 1 from refs where refs.glossary_id = glossary.id) order by seq",
        [doc_id],
    )
    for ident, term in glossary:
        for spelling in str(term or "").split(","):
            spelling = spelling.strip()
            for key in (term_key(spelling), term_key(_OBSOLETE.sub("", spelling))):
                if key and key not in keys and key not in SKIP:
                    keys[key] = (spelling, "glossary", str(ident))
    titles = store.conn.execute(
        "select number, title from rules where document_id = ? and parent in ('701', '702') order by seq", [doc_id]
    )
    for number, title in titles:
        if title:
            kind = "keyword action" if number.startswith("701.") else "keyword ability"
            keys[term_key(title)] = (title, kind, number)
    for key, (title, rule) in PHRASES.items():
        keys.setdefault(key, (title, "rule", rule))
    return keys, max((len(key.split()) for key in keys), default=1)


def card_terms(store: Store, text: str, keywords: list[str], name: str = "", *, linked: bool = True) -> list[TermLink]:
    """The rules terms of one card text (``find_terms``); without ``linked`` their rules are not
    read (a search needs only the terms)."""
    return find_terms(text, keywords, term_index(store), name, linked=linked)


def _words(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), term_key(m.group())) for m in _WORD.finditer(text)]


def _stems(key: str) -> list[str]:
    """The key and its last word without an English ending: "sacrificed" → "sacrifice"."""
    out = [key]
    head, _sep, last = key.rpartition(" ")
    prefix = head + " " if head else ""
    for ending, repl in (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("d", ""), ("ing", "")):
        if last.endswith(ending) and len(last) - len(ending) >= 3:
            out.append(prefix + last[: len(last) - len(ending)] + repl)
    return out


def _named_spans(text: str, name: str) -> list[tuple[int, int]]:
    """Where the text writes the card's name or one of its faces' ("Invasion of Alara // Awaken the
    Maelstrom": "Awaken the Maelstrom is all colors"), as written, capitalised: no word of a name is a
    rules term there (Awaken, 702.113). A face named "Life" leaves "you gain 2 life" a term."""
    spans: list[tuple[int, int]] = []
    for part in {name, *name.split(" // ")}:
        part = part.strip()
        if part:
            spans.extend((m.start(), m.end()) for m in re.finditer(rf"(?<!\w){re.escape(part)}(?!\w)", text))
    return spans


def _counters_a_spell(words: list[tuple[int, int, str]], after: int) -> bool:
    """Whether "counter" is the verb of 701.6 ("counter target spell"), not the marker of 122."""
    return after < len(words) and words[after][2] in _COUNTERED


def find_terms(
    text: str, keywords: list[str], index: TermIndex, name: str = "", *, linked: bool = True
) -> list[TermLink]:
    """The rules terms of a card text, in the order they appear, each once; then the listed keywords
    the text does not spell out. A phrase of the card's own name is not a term ("Sacrifice" the card)."""
    terms = index.keys
    if not terms:
        return []
    own = term_key(name)
    words = _words(text)
    named = _named_spans(text, name)
    found: list[tuple[str, str, str, str, int, int]] = []
    seen: set[str] = set()
    covered_until = -1
    for i, (start, _end, _key) in enumerate(words):
        if start < covered_until:
            continue
        inside = next((end for begin, end in named if begin <= start < end), None)
        if inside is not None:  # the card naming itself: "Awaken the Maelstrom is all colors"
            covered_until = inside
            continue
        for size in range(min(index.words, len(words) - i), 0, -1):
            chunk = words[i : i + size]
            if any(chunk[j + 1][0] - chunk[j][1] > 1 for j in range(size - 1)):
                continue  # the words must stand next to each other (one space or dash between)
            key = " ".join(w[2] for w in chunk)
            if key == own:
                continue
            hit = next((stem for stem in _stems(key) if stem in terms), None)
            if hit is None:
                continue
            title, kind, ident = terms[hit]
            if hit == "counter" and kind == "keyword action" and not _counters_a_spell(words, i + size):
                title, kind, ident = NOUN_COUNTER  # "a +1/+1 counter", "time counters": the marker of 122
            end = chunk[-1][1]
            if title not in seen:
                seen.add(title)
                found.append((text[start:end], title, kind, ident, start, end))
            covered_until = end
            break
    for keyword in keywords:
        entry = terms.get(term_key(keyword))
        if entry and entry[0] not in seen:
            seen.add(entry[0])
            found.append((keyword, *entry, -1, -1))
    links = []
    for written, title, kind, ident, start, end in found:
        rule, rules_ = index.link(title, kind, ident) if linked else ((ident, [ident]) if kind == "rule" else ("", []))
        links.append(TermLink(written, title, kind, rule, rules_, start, end))
    return links


# A card's layout (Scryfall's and MTGJSON's "layout") and the glossary term of the rules for cards so
# laid out: a split card's faces and mana value follow 709, a double-faced card's 712.
LAYOUTS = {
    "split": "split cards",
    "aftermath": "split cards",
    "flip": "flip cards",
    "transform": "double faced cards",
    "modal_dfc": "modal double faced cards",
    "double_faced_token": "double faced cards",
    "meld": "meld cards",
    "leveler": "leveler cards",
    "adventure": "adventurer card",
    "prototype": "prototype card",
    "saga": "saga",
    "class": "class",
    "case": "case",
    "battle": "battle",
    "token": "token",
}


def layout_term(store: Store, layout: str) -> TermLink | None:
    """The rules of a card's layout ("split" → Split Cards → 709), where the newest rules have them."""
    key = LAYOUTS.get(layout)
    return glossary_term(store, key, layout) if key else None


def glossary_term(store: Store, key: str, written: str) -> TermLink | None:
    """The term of ``key`` (a term key: "split cards", "defense") as a link written ``written``, for
    what a card has beside its text (its layout, a battle's defense); None where the newest rules
    have no such term."""
    index = term_index(store, {key})
    if key not in index.keys:
        return None
    title, kind, ident = index.keys[key]
    rule, rules = index.link(title, kind, ident)
    return TermLink(written, title, kind, rule, rules)


def ability_word_terms(store: Store, text: str, keywords: list[str], found: list[TermLink]) -> list[TermLink]:
    """The ability words among a card's listed keywords (Scryfall lists "Landfall" with the keywords),
    linked to the glossary's Ability Word (rule 207.2c, which lists them) and marked where a line of
    the text begins with one ("Landfall — Whenever ..."). An ability word has no rules meaning and is
    no title of 701 or 702, so the terms of the text never link it; those ``found`` already are left out."""
    listed = ability_listing(store, "en")
    if listed is None or not keywords:
        return []
    words = {term_key(name) for name, _reading, _english in listed.words}
    have = {term_key(term.term) for term in found}
    links: list[TermLink] = []
    for keyword in keywords:
        key = term_key(keyword)
        if key not in words or key in have:
            continue
        term = glossary_term(store, "ability word", keyword)
        if term is None:
            continue
        at = re.search(rf"(?m)^{re.escape(keyword)}(?= —)", text)
        if at is None and text and keyword.casefold() not in text.casefold():
            continue  # a keyword of another face
        if at is not None:
            term.start, term.end = at.start(), at.end()
        have.add(key)
        links.append(term)
    return links
