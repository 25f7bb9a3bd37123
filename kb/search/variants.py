"""The multiplayer and casual variants (chapters 8 and 9 of the rules): which rules are theirs, and
whether a question names one.

Most questions are about a two-player game. A question that says "my opponent" and "next turn"
matched the multiplayer options (801.5b, limited range of influence; 807.4j, Grand Melee's extra
turns) above the core rule that answers it, because the variants' rules say "opponent" and "turn"
as often as the core rules do. The search ranks the variants' rules below the core rules for a
question that names no variant (kb.search.engine); one that names one ("in Commander", "EDH",
"Two-Headed Giant") keeps them where they are.

What names a variant is read from the data, not listed here: the titles of the sections 800-999 of
the documents searched ("Commander", "Two-Headed Giant Variant", 「双頭巨人戦」変種ルール), the
glossary terms whose rules are all in chapters 8 and 9 ("Commander Tax", "Planar Die", "Emperor"),
the players' words whose rules are all there ("edh"), and the two words that name the multiplayer
game itself. The names of the cards a question names are taken out first (kb.search.cards.SetApart's
``unnamed``): "Commander's Sphere" is a card, not the Commander variant.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from kb.core.text import fold
from kb.search import players
from kb.search.scripts import has_cjk
from kb.store import Store, rows

# The words that name a game of more than two players, whose rules are chapter 8's as a whole.
GAME_WORDS = ("multiplayer", "team")
_VARIANT_RULE = re.compile(r"[89](?:\d\d(?:\.\d+[a-z]?)?)?")
_SECTION = re.compile(r"[89]\d\d")
_BRACKETED = re.compile(r"「([^」]+)」")
_WORD = re.compile(r"\w+")
_NOTE = re.compile(r"\s*[(（][^)）]*[)）]\s*$")  # "EDH (Obsolete)": the glossary's note on the term


def is_variant_rule(number: str) -> bool:
    """Whether a rule number (today's) is in chapter 8 (multiplayer) or 9 (casual variants)."""
    return _VARIANT_RULE.fullmatch(number) is not None


@dataclass(frozen=True)
class Names:
    """What names a variant: runs of folded words (English, German, Russian) and Japanese or
    Chinese texts, compared inside a question."""

    words: frozenset[tuple[str, ...]]
    texts: frozenset[str]
    sections: frozenset[str]  # the sections of one variant or option ("903", "810"), not "800. General"

    def variant_rule(self, number: str) -> bool:
        """Whether a rule (today's number) is one of a variant's or an option's: in a section of
        ``sections``. The general rules of chapters 8 and 9 (800, 900) are not: 800.4a, what happens
        when a player leaves a multiplayer game, answers "I lost, but the game continued". The card types
        only a variant uses are (313 Vanguards, 311 Planes: `_variant_types`)."""
        return number.split(".")[0] in self.sections

    def named_in(self, question: str) -> bool:
        """Whether ``question`` names a variant (or the multiplayer game)."""
        folded = fold(question)
        if any(text in folded for text in self.texts):
            return True
        said = tuple(_WORD.findall(folded))
        return any(_holds(said, run) for run in self.words)


def _holds(said: tuple[str, ...], run: tuple[str, ...]) -> bool:
    """Whether the question's words hold a name's words in a row, each as written or with a plural's
    "s" or "es" ("commanders", "teams"). Words as written, not stems: "Free-for-All" is not "free"
    (its other words are stop words), and "Commander" is not "command"."""
    size = len(run)
    return any(
        all(word in (name, name + "s", name + "es") for word, name in zip(said[i : i + size], run, strict=True))
        for i in range(len(said) - size + 1)
    )


def names(store: Store, doc_ids: list[int]) -> Names:
    """What names a variant in the documents ``doc_ids`` (those a search reads), kept with the
    store's lookup cache, which drops it when the database changes."""
    cache = getattr(store, "store", store).cache  # searched through the facade or its Store
    cache.documents()  # notices another connection's writes (and drops what is kept)
    kept: dict[tuple[int, ...], Names] = cache.memo.setdefault("variant names", {})
    key = tuple(sorted(doc_ids))
    if key not in kept:
        kept[key] = _read(store, list(key))
    return kept[key]


def _read(store: Store, doc_ids: list[int]) -> Names:
    found = list(GAME_WORDS)
    sections: dict[str, list[str]] = {}
    if doc_ids:
        marks = ",".join("?" * len(doc_ids))
        titles = [
            (row["number"], row["title"].strip())
            for row in rows(
                store.conn,
                f"select number, title from rules where document_id in ({marks}) and title is not null",
                doc_ids,
            )
            if row["title"].strip()
        ]  # read once: the sections' names, the card types' and the core titles all come from them
        sections = _section_names(titles)
        sections.update(_variant_types(store, doc_ids, marks, set(sections), titles))
        found += [name for names in sections.values() for name in names]
        found += _glossary_names(store, doc_ids, marks, titles)
    found += [entry.words for entry in players.load().entries if entry.rules and all(map(is_variant_rule, entry.rules))]
    words: set[tuple[str, ...]] = set()
    texts: set[str] = set()
    for name in found:
        name = _NOTE.sub("", name).strip()
        if has_cjk(name):
            texts.update(fold(part) for part in _BRACKETED.findall(name) or [name])
        elif run := tuple(_WORD.findall(fold(name))):
            words.add(run)
    return Names(frozenset(words), frozenset(text for text in texts if text), frozenset(sections))


def _section_names(titles: list[tuple[str, str]]) -> dict[str, list[str]]:
    """The sections 800-999 that a variant or an option heads, each with its name: its title less
    what is no name. A title that heads sections of both chapters ("General", 800 and 900) names no
    variant; a last word that ends several titles ("Variant", "Option"; 戦) is dropped: "Two-Headed
    Giant Variant" is named "Two-Headed Giant", 統率者戦 統率者. Of several documents, each section keeps the names
    of every language (the English one, the Japanese one, ...)."""
    titled = [(number, title) for number, title in titles if _SECTION.fullmatch(number)]
    numbers_of: dict[str, set[str]] = {}
    for number, title in titled:
        numbers_of.setdefault(title, set()).add(number[0])
    endings = Counter(_ending(title) for title in numbers_of)
    named: dict[str, list[str]] = {}
    for number, title in titled:
        if len(numbers_of[title]) > 1:
            continue
        ending = _ending(title)
        if ending and endings[ending] > 1:
            title = title[: -len(ending)].strip()
        named.setdefault(number, []).append(title)
    return named


_CITED_SECTION = re.compile(r"\b([89]\d\d)\b")


def _variant_types(
    store: Store, doc_ids: list[int], marks: str, variants: set[str], titles: list[tuple[str, str]]
) -> dict[str, list[str]]:
    """The sections of the core chapters whose first rule sends the reader to a variant's section: the card types
    only a variant uses ("313.1 Vanguard is a card type seen only on nontraditional Magic cards. Only the Vanguard
    casual variant uses vanguard cards. See rule 902"; planes, phenomena, schemes, conspiracies). "How many cards can
    I have in my hand" ranked 313.6, a vanguard's hand modifier, first. Each is named by its title and the title's
    singular (a question names "a scheme", the title says "Schemes"). A section is one only where the first rule of
    every document read that has it says so."""
    cites: dict[str, list[bool]] = {}
    for row in rows(
        store.conn,
        f"select number, text from rules where document_id in ({marks}) and number glob '[1-7][0-9][0-9].1'",
        doc_ids,
    ):
        cited = any(number in variants for number in _CITED_SECTION.findall(row["text"] or ""))
        cites.setdefault(row["number"].split(".")[0], []).append(cited)
    # in every document read: an older edition's 310 was Phenomenon, today's is Battles
    named: dict[str, list[str]] = {section: [] for section, cited in cites.items() if all(cited)}
    for number, title in titles:
        if number in named:
            named[number] += [title, _singular(title)]
    return named


def _singular(title: str) -> str:
    if title.endswith("ies"):
        return title[:-3] + "y"
    return title[:-1] if title.endswith("s") else title


def _ending(title: str) -> str:
    """The last word of a title of several words ("Variant" of "Two-Headed Giant Variant"); of a
    Japanese or Chinese title with no quoted name, its last character (戦 of 統率者戦, "Commander
    game": the question says 統率者); else nothing."""
    words = title.split()
    if len(words) > 1:
        return words[-1]
    if has_cjk(title) and len(title) > 2 and not _BRACKETED.search(title):
        return title[-1]
    return ""


def _glossary_names(store: Store, doc_ids: list[int], marks: str, titles: list[tuple[str, str]]) -> list[str]:
    """The glossary terms whose every rule is in chapters 8 and 9, but for a term that also titles a
    rule of the core chapters ("General" is 809's emperor's general, and 100's title)."""
    core_titles = {fold(title) for number, title in titles if not is_variant_rule(number)}
    targets: dict[str, list[str]] = {}
    for row in rows(
        store.conn,
        f"select g.id, g.term, r.target from glossary g join refs r on r.glossary_id = g.id "
        f"where g.document_id in ({marks})",
        doc_ids,
    ):
        targets.setdefault(row["term"], []).append(row["target"] or "")
    return [
        term
        for term, numbers in targets.items()
        if numbers and all(map(is_variant_rule, numbers)) and fold(term) not in core_titles
    ]
