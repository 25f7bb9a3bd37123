"""A query that names a card is searched as the card's rules terms (docs/search.md, "Cards").

"Does Doubling Season affect planeswalkers?": no rule says "Doubling Season"; its Oracle text says
"token", "counter" and "instead", and those find the rules that answer. The card's name in the
query is replaced by an OR of its rules terms (kb.cards.terms: its keywords and keyword actions
and the glossary terms of its text, less the ones nearly every card has), and the results say so
under "Also searched as".

A name is matched against the imported names with one index search: every run of one to six words
of the query, folded like the names (kb.store.cards.card_key). A run of two or more words that
matches no name exactly may match one spelled a little differently ("Platinum Angle"): the names
starting with its first four letters are one range of the index, compared with rapidfuzz. A name
of one word must be written with a capital ("Humility", not "humility") unless it is the whole
query, and a name that is itself a rules term ("Sacrifice", "Flash") is never read as a card. One
word is never a card by itself when it is a single letter ("X") or a question word, chatter or one
of the commonest English words in any language the search reads (kb.search.asking.ordinary_word:
"what" is not the split card "Who // What // When // Where // Why"). Lower-case words are a card
only when the rules do not write them: several words in any case ("two-headed giant" is the
variant), one word in lower case ("fog" and "atog" are cards, "cancel" is the rules' word). A near
spelling in lower case that only adds English endings to a name's words is those words ("whisked
away" is English, not the card Whisk Away; "greater gargadn" is Greater Gargadon), and one word of
a card named before is that card said short ("Vedalken Shackles ... the Shackles" is not the card
Shackles).
Before the runs of words, the names a query sets in brackets (《》, 〈〉, <>, ‹›, 【】, 「」) and the
Japanese and Chinese names it runs into a sentence are found in any language the card file holds
(kb.cards.names.spotted_names): 我操控<龍拳雙子>而我 names a card, and so does 突然のショックに対応できますか.
Without cards (or without the tables) nothing changes.

What a named card's text says about the rules (kb.cards.oracle: "can't lose the game" → 104.3,
"instead" → 614.1a) is kept with the mention and, for the cards a question names, given as one more
list of rules (``TextRules``), ranked in the fusion (kb.search.engine) and shown as the card's text
in "Also searched as".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from kb.cards.names import BRACKETS, NameRuns, name_runs, said_short, spotted_names
from kb.cards.oracle import Said, said, together, together_words
from kb.cards.terms import card_terms, english_document, rules_terms_among, term_key
from kb.search.asking import ordinary_word
from kb.search.scripts import has_cjk
from kb.store.cards import NOT_CARDS, card_row, has_cards, names_starting
from kb.store.reader import Store

MAX_WORDS = 6
FUZZY_PREFIX = 4  # letters of a run that must be right for a near spelling to be looked for
FUZZY_SCORE = 90
AROUND = 3  # words (or Japanese and Chinese characters) on either side of a name that a rules term may hold with it
MAX_TERMS = 3  # rules terms searched for one card: each more is an OR branch over hundreds of rules
_DEFINED = ("keyword ability", "keyword action")  # terms whose rule answers a question about the card
# A question's "Elemental" or "Soldier" is the creature type, not the token of that name: objects of
# these layouts are never a card a question names (kb.store.cards.NOT_CARDS).
_REMINDER = re.compile(r"\([^()]*\)")  # reminder text restates a keyword: its words are not the card's


@dataclass
class CardMention:
    """A card named in a query: where, which, and the rules terms it is searched as."""

    name: str  # the card's name as held
    start: int
    end: int
    terms: list[str] = field(default_factory=list)  # English rules terms, as the rules write them
    rules: list[str] = field(default_factory=list)  # the rules defining its keywords and keyword actions
    titles: list[str] = field(default_factory=list)  # the keywords of ``rules``, one each ("Trample")
    said: list[Said] = field(default_factory=list)  # what its text says of the rules (kb.cards.oracle)


def mentioned_cards(
    store: Store,
    text: str,
    indexed: Callable[[str], bool] | None = None,
    term: Callable[[str], bool] | None = None,
) -> list[CardMention]:
    """The cards ``text`` names, left to right, each with its rules terms; [] without cards.

    ``indexed(words)``: whether the rules use the words as written (kb.search.engine). A name of
    several words written all in lower case that the rules use is their words, not the card:
    "two-headed giant" is the variant (810), not the card Two-Headed Giant; "lightning greaves",
    which no rule writes, is still the card. One word typed alone is read the same way."""
    if not has_cards(store.conn):
        return []
    found: list[CardMention] = []
    for spot in spotted_names(store, text):
        card = _card(store, spot.card_id)
        if card is None:
            continue
        around = (_around(spot.start, 0), _around(spot.end, len(text)))
        if spot.bracketed or not _read_as_term(store, card[0], text, *around, term):
            found.append(CardMention(card[0], spot.start, spot.end, *_copied(card)))
    taken = [(m.start, m.end) for m in found]
    runs = name_runs(store, _blanked(text, taken) if taken else text, MAX_WORDS, ordinary=ordinary_word)
    words = runs.words
    i = 0
    while i < len(words):
        match = _longest(store, runs, i)
        if match is None:
            i += 1
            continue
        card_id, size = match
        start, end = words[i][0], words[i + size - 1][1]
        written = text[start:end]
        if indexed is not None and written.islower() and indexed(written) and _rules_say(store, written):
            i += 1
            continue
        card = _card(store, card_id)
        if card is None or (size == 1 and said_short(runs.words[i][3], card[0], [m.name for m in found])):
            i += 1
            continue
        starts = [words[j][0] for j in range(max(0, i - AROUND), i + 1)]
        ends = [words[j][1] for j in range(i + size - 1, min(len(words), i + size + AROUND))]
        if _read_as_term(store, card[0], text, starts, ends, term):  # "ins Exil geschickt", "Extra Turn"
            i += size
            continue
        found.append(CardMention(card[0], start, end, *_copied(card)))
        i += size
    return sorted(found, key=lambda mention: mention.start)


def _around(edge: int, limit: int) -> range:
    """The offsets up to AROUND characters out from ``edge`` towards ``limit`` (0: before it; the text's end: after)."""
    return range(max(limit, edge - AROUND), edge + 1) if limit <= edge else range(edge, min(limit, edge + AROUND) + 1)


def _read_as_term(
    store: Store,
    name: str,
    text: str,
    starts: range | list[int],
    ends: range | list[int],
    term: Callable[[str], bool] | None,
) -> bool:
    """Whether a card name found in ``text`` is read as a rules term instead: the card's English name is itself a
    term ("ins Exil geschickt": Exil is the German name of the card Exile), or the name with up to AROUND words or
    characters around it is a term's name (`_held_by_term`)."""
    return is_rules_term(store, name) or (term is not None and _held_by_term(text, starts, ends, term))


def _held_by_term(text: str, starts: range | list[int], ends: range | list[int], term: Callable[[str], bool]) -> bool:
    """Whether ``text`` from one of ``starts`` to one of ``ends`` is, whole, a rules term's name: the name with what
    stands around it (威嚇 is intimidate, 双头巨人玩法 the Two-Headed Giant variant, "Extra Turn" and "Remove from
    Combat" name the rules), not the cards Intimidation, Two-Headed Giant, Turn // Burn and Remove."""
    return any(term(text[start:end]) for start in starts for end in ends if start < end)


def _rules_say(store: Store, words: str) -> bool:
    """Whether a rule of today's English rules (its title or text; not its examples) writes ``words``
    as whole words: several words in any case, with spaces or hyphens ("two-headed giant", 810.1); one
    word in lower case, as a word of running text ("fog" is only in an example, "opt" only inside
    "option"; "atog" and "armageddon" are written only as names, in the lists of 205.3m and 206.3a).
    The index holds the examples too, and an example names cards: "platinum angel" is in one (810.8a)
    and is still the card."""
    document = english_document(store)
    if document is None:
        return True  # nothing to tell them apart by: as before, the rules' words
    said = " ".join(words.lower().replace("-", " ").split())
    one = " " not in said
    title, text = ("title", "text") if one else ("lower(title)", "lower(text)")
    query = (
        f"select replace({title}, '-', ' '), replace({text}, '-', ' ') from rules where document_id = ? "
        f"and (instr(replace({title}, '-', ' '), ?) > 0 or instr(replace({text}, '-', ' '), ?) > 0)"
    )
    whole = re.compile(rf"(?<!\w){re.escape(said)}(?!\w)")
    rows = store.conn.execute(query, [document["id"], said, said])
    return any(whole.search(found_title or "") or whole.search(found_text or "") for found_title, found_text in rows)


def _blanked(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with ``spans`` made spaces: its offsets hold, and no run of words crosses a name found."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


_Card = tuple[str, list[str], list[str], list[str], list[Said]]


def _copied(card: _Card) -> tuple[list[str], list[str], list[str], list[Said]]:
    """A held card's lists, copied for one mention: the held ones stay as they are."""
    return list(card[1]), list(card[2]), list(card[3]), list(card[4])


def _card(store: Store, card_id: int) -> _Card | None:
    """(name, rules terms, rules of its keywords, their titles, what its text says) of a card a query
    may name; None for a token or emblem. Kept with the store's derived data: reading a card's terms
    and linking them to their rules took 9 ms a card, a third of a question naming cards (cProfile
    over the real questions, bench/RESULTS.md "ranking (round 5)"), and the same cards are asked
    about again and again. One entry per card held at most, dropped when the database changes."""
    cards: dict[int, _Card | None] = store.derived("search.card_terms", None, dict)
    if card_id not in cards:
        row = card_row(store.conn, card_id, names=False)
        if row is None or row["layout"] in NOT_CARDS:
            cards[card_id] = None
        else:
            oracle = _without_own_name(_REMINDER.sub("", row["oracle_text"] or ""), row["name"])
            links = card_terms(store, oracle, row["keywords"], row["name"])  # linked: the keywords' rules rank too
            ranked = sorted((link for link in links if not link.common), key=_priority)
            terms = [t for t in (_searched_as(link) for link in ranked) if t][:MAX_TERMS]
            defined = {link.rule: link.title for link in ranked if link.kind in _DEFINED and link.rule}
            rules = list(defined)[:MAX_TERMS]
            text = said(row["oracle_text"] or "", row["type_line"] or "", row["mana_cost"] or "")  # name and all
            cards[card_id] = (row["name"], _unique(terms), rules, [defined[r] for r in rules], text)
    return cards[card_id]


def _longest(store: Store, runs: NameRuns, i: int) -> tuple[int, int] | None:
    """(card id, words) of the longest name starting at word ``i``, exact first, then near; a name of
    one word is taken uncapitalised when it is the whole query. A near spelling of words written in
    lower case that only adds English endings to the name's words is those words, not the card:
    "before it was whisked away" is not Whisk Away ("greater gargadn" is Greater Gargadon, and
    "Virulent Slivers", capitalised, Virulent Sliver)."""
    exact = runs.exact(i, MAX_WORDS, alone=len(runs.words) == 1)
    if exact is not None or len(runs.words[i][3]) < FUZZY_PREFIX:
        return exact
    for size in range(min(4, MAX_WORDS, len(runs.words) - i), 1, -1):
        key = runs.keys.get((i, size))
        near = _near(store, key) if key else None
        if near is None or not key or is_rules_term(store, key):
            continue
        card_id, name = near
        if not runs.capitalised(i) and _inflected(key, name):
            continue
        return card_id, size
    return None


_ENDINGS = frozenset({"s", "es", "d", "ed", "ing"})


def _inflected(run: str, name: str) -> bool:
    """Whether a run of words (folded) is a name's words with English endings added ("whisked away")."""
    ours, theirs = run.split(), name.split()
    return len(ours) == len(theirs) and all(
        mine == held or (mine.startswith(held) and mine[len(held) :] in _ENDINGS) for mine, held in zip(ours, theirs)
    )


def _without_own_name(text: str, name: str) -> str:
    """The Oracle text with the card's own name taken out, whole and as its short form before a comma
    ("Elenda" for "Elenda, the Dusk Rose"): "When Siege Rhino enters" says nothing of sieges (310.11).
    Reminder text is taken out before ("(This creature can't be blocked ...)")."""
    for face in name.split(" // "):
        for own in dict.fromkeys((face, face.split(", ")[0])):
            if len(own) > 2:
                text = re.sub(rf"\b{re.escape(own)}\b", " ", text)
    return text


def is_rules_term(store: Store, key: str) -> bool:
    """Whether a name is itself a keyword, keyword action or glossary term ("Sacrifice", "Flash")."""
    return bool(rules_terms_among(store, {term_key(key)}))


def _near(store: Store, key: str) -> tuple[int, str] | None:
    """The card (id, folded name) whose name is a near spelling of ``key`` (several words): one range
    of the index. A name that begins with ``key`` is not one: the run's words are whole words of the question, the
    name's last word longer ("does a copied spell count as casting" is not "Spell Counter")."""
    if len(key) < FUZZY_PREFIX + 4 or " " not in key:
        return None
    candidates = names_starting(store.conn, key[:FUZZY_PREFIX], 200)
    if not candidates:
        return None
    from rapidfuzz import fuzz  # lazy: rapidfuzz, only for a query with a run of words like a name

    words = key.count(" ")
    best = max(
        (
            (fuzz.ratio(key, folded), card_id, folded)
            for folded, card_id, _n in candidates
            if folded.count(" ") == words and not folded.startswith(key)  # "spell count" is no "Spell Counter"
        ),
        default=(0.0, 0, ""),
    )
    return (best[1], best[2]) if best[0] >= FUZZY_SCORE else None


def _priority(link) -> int:
    """Keyword abilities first (they name one rule), then terms of several words, then keyword
    actions, then the rest; the text's order within each (sorted() is stable)."""
    if link.kind == "keyword ability":
        return 0
    if " " in link.title:
        return 1
    return 2 if link.kind == "keyword action" else 3


def _searched_as(link) -> str | None:
    """The words a term is searched as: its title; the marker "counter" for 122.1; nothing for "can't"."""
    if link.kind != "rule":
        return link.title
    return "counter" if link.rule == "122.1" else None


def _unique(items: list[str]) -> list[str]:
    """Each term once, whatever its case ("Counter" the action, "counter" the marker)."""
    return list({item.casefold(): item for item in reversed(items)}.values())[::-1]


def or_group(terms: list[str]) -> str:
    """A card's terms as query text: one OR group. A term of several words is a group, not a "phrase": the
    dictionary reads it as one concept all the same, and a phrase's positions cost the search 40-60 ms more
    (bench/bench_cards.py)."""
    group = " OR ".join(f"({t})" if " " in t else t for t in terms)
    return f"({group})" if len(terms) > 1 else group


def expand(store: Store, text: str) -> tuple[str, dict[str, list[str]]]:
    """The query with each card name replaced by an OR of its rules terms, and {name: terms} for
    "Also searched as"; the query unchanged and {} when it names no card (or no cards are held)."""
    mentions = [m for m in mentioned_cards(store, text) if m.terms]
    if not mentions:
        return text, {}
    out, last = [], 0
    for mention in mentions:
        out.append(text[last : mention.start])
        out.append(or_group(mention.terms))
        last = mention.end
    out.append(text[last:])
    return "".join(out), {m.name: m.terms for m in mentions}


@dataclass
class TextRules:
    """What the named cards' texts say about the rules: the rules, in order (the cards' together, in
    the order of the table's rows, and those of how the cards' effects interact), and how "Also searched as"
    shows them ({"Platinum Angel's text": ["can't lose the game → 104.3", ...]})."""

    rules: list[str] = field(default_factory=list)
    shown: dict[str, list[str]] = field(default_factory=dict)
    words: list[str] = field(default_factory=list)  # the rules' words of the cards' interaction, searched too


def text_rules(mentions: list[CardMention]) -> TextRules:
    """The rules of what each named card's text says, then, when two or more cards are named, the
    rules of how their effects interact (kb.cards.oracle.together); each rule once."""
    shown: dict[str, list[str]] = {}
    effects: dict[str, set[str]] = {}
    every: list[Said] = []
    for mention in mentions:
        if mention.name in effects:  # named twice: one card
            continue
        effects[mention.name] = {item.effect for item in mention.said if item.effect}
        every.extend(mention.said)
        if mention.said:
            shown[f"{mention.name}'s text"] = [item.shown() for item in mention.said]
    joined = together(list(effects.values()))
    words = together_words(list(effects.values()))
    if joined:
        shown[", ".join(effects) + " together"] = words + joined
    rules = list(joined)  # how the cards interact is what naming several asks first
    for item in sorted(every, key=lambda item: item.line):  # then the table's order: the most specific first
        rules.extend(rule for rule in item.rules if rule not in rules)
    return TextRules(rules, shown, words)


@dataclass
class SetApart:
    """A query's card names set apart from the rest of it."""

    rest: str  # the query without the names
    terms: str  # the cards' rules terms as query text: an OR group per card, side by side
    named: dict[str, list[str]]  # card name -> its rules terms, for "Also searched as"
    rules: list[str]  # the rules defining the cards' keywords and keyword actions, in order
    asked: list[str] = field(default_factory=list)  # those of ``rules`` whose keyword the rest names
    text: TextRules = field(default_factory=TextRules)  # what the cards' texts say of the rules
    # the query with every card it names made spaces, those without rules terms too: "Commander's Sphere" is a
    # card, and a question about it names no variant (kb.search.variants)
    unnamed: str = ""


def set_apart(
    store: Store, text: str, indexed: Callable[[str], bool] | None = None, term: Callable[[str], bool] | None = None
) -> SetApart:
    """The query without the names of the cards it names, and what the cards add to it; the query
    as it is and nothing added when it names no card (or no cards are held).

    A question that names a card is read as a question (kb.search.players) without the card's name,
    and the card's terms are added to what that reading yields: both apply. With the name replaced
    in place instead, the query would no longer be plain words, and no longer read as a question.
    """
    found = mentioned_cards(store, text, indexed, term)
    unnamed = _blanked(text, [(m.start, m.end) for m in found])
    mentions = [m for m in found if m.terms]
    if not mentions:
        return SetApart(text, "", {}, [], unnamed=unnamed)
    rest, last = [], 0
    for mention in mentions:
        rest.append(text[last : mention.start])
        last = mention.end
    rest.append(text[last:])
    for mention in found:
        head = _head_noun(text[mention.start : mention.end])
        if head:
            rest = [part.replace(head, " ") for part in rest]
    groups = [or_group(mention.terms) for mention in mentions]
    rules = list(dict.fromkeys(rule for m in mentions for rule in m.rules))
    plain = " ".join("".join(rest).split())
    words = f" {term_key(plain)} "
    asked = [rule for m in mentions for rule, title in zip(m.rules, m.titles) if _names(words, title)]
    named = {m.name: m.terms for m in mentions}
    cards_say = text_rules(mentions)
    if cards_say.words:  # "layer" for two cards' continuous effects: the rules of their interaction are found
        groups.append(or_group(cards_say.words))
    return SetApart(plain, " ".join(groups), named, rules, list(dict.fromkeys(asked)), cards_say, unnamed)


# What joins a Japanese or Chinese card name's words: the name's last part is its head noun ("予見者" of 難題の予見者).
_NAME_JOINT = re.compile(r"[の之的・、]")


def _head_noun(written: str) -> str:
    """The last part of a Japanese or Chinese card name as the query writes it (in the brackets players set
    names in, kb.cards.names.BRACKETS, or without), when the name has several (《難題の予見者》 → 予見者): a
    question names the card again by it ("予見者の二つの能力", the Seer's two abilities), and the words inside it
    (予見, forecast) are the card's, not the question's terms. "" for a name of one part or in another script."""
    bracketed = BRACKETS.fullmatch(written)
    name = next(group for group in bracketed.groups() if group) if bracketed else written
    parts = _NAME_JOINT.split(name)
    head = parts[-1] if len(parts) > 1 else ""
    return head if len(head) >= 2 and has_cjk(head) else ""


def _names(words: str, title: str) -> bool:
    """Whether a question's words (a key with a space each side) name a keyword, as written or with an
    English ending ("tramples", "sacrificed")."""
    key = term_key(title)
    return bool(key) and re.search(rf" {re.escape(key)}(s|es|d|ed|ing)? ", words) is not None
