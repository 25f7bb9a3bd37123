"""`search`: parse, scope, expand, score, group, show.

One rule's versions in several languages (same number, same edition family) form one
result, ranked by its best version; each version carries a snippet of its own text.
A word that matches nothing anywhere is replaced by the nearest word of the index's
vocabulary, and the results say so.
"""

from __future__ import annotations

import heapq
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace

from kb.core.numbers import RuleNumber, RuleRange
from kb.core.text import fold
from kb.i18n import _
from kb.search import index, players
from kb.search.analyzers import language_field, terms
from kb.search.asking import note as asking_note
from kb.search.asking import question_words_only as asking_words
from kb.search.asking import refused
from kb.search.cards import SetApart, TextRules, or_group
from kb.search.cards import expand as expand_cards
from kb.search.cards import set_apart as set_apart_cards
from kb.search.compile import CJK, Compiled, compile_query, query_language, surface_words
from kb.search.fuzzy import corrections
from kb.search.index import lexicon
from kb.search.lineage import group_keys, grouping
from kb.search.parse import Group, ParsedQuery, QueryError, Term, parse
from kb.search.plan import evaluate
from kb.search.postings import Postings
from kb.search.results import RuleVersion, SearchResult, SearchResults
from kb.search.scope import Scope, renumber_undated, resolve_scope
from kb.search.scripts import has_cjk, has_han
from kb.search.snippets import matches, snippet, spelled
from kb.search.terms import Lexicon
from kb.search.variants import Names
from kb.search.variants import names as variant_names
from kb.store import Store, rows

DEFAULT_LIMIT = 10
MAX_LIMIT = 200
CANDIDATES = 150  # best rule versions grouped into results
UNDATED_WEIGHT = 0.8  # an undated page (old numbering, unknown edition) yields to the dated rules
OWN_LANGUAGE_WEIGHT = 1.25  # a rule in the language the query is written in: the reader's own text
# The rules that players' words name (kb.search.players) against the best score of the question's
# words: above it when the players' words are what the question is about, just below it otherwise.
NAMED_FIRST = 1.1
NAMED_BESIDE = 0.95
NAMED_STEP = 0.01  # the second rule named ranks below the first
# A question's results: reciprocal-rank fusion of each rule's own match and its section's (`_with_sections`).
FUSION_K = 60  # the k of reciprocal-rank fusion: 1 / (k + place)
SECTION_WEIGHT = 0.6  # the place of the rule's section, against its own place (1.0)
NAMED_WEIGHT = 1.0  # the place among the rules the question's players' words name
CARD_WEIGHT = 0.5  # the place among the rules of the named cards' keywords: beside, not above, what is asked
TEXT_WEIGHT = 0.7  # the place among the rules of what the named cards' texts say (kb.cards.oracle)
TEXT_SHARE = 0.0  # a rule of the cards' texts that the question's words did not find joins at this share of the best
# A question that names no variant: the rules of chapters 8 and 9 (kb.search.variants) at this share of their score.
VARIANT_SHARE = 0.5


def search(
    store: Store,
    query: str,
    *,
    langs: list[str] | None = None,
    edition: str | None = None,
    section: str | None = None,
    limit: int = DEFAULT_LIMIT,
) -> SearchResults:
    """Rules matching ``query``, one result per rule with its versions in every language.

    Raises QueryError for a query with nothing to search for, UnknownLanguage or EditionNotFound (kb.core.errors) for an
    unknown language or edition.
    """
    limit = max(1, min(int(limit), MAX_LIMIT))
    parsed = parse(query)
    shown = parsed.text
    scope = resolve_scope(store, langs, edition)
    postings = index.postings(store)
    codes = index.holder_names(store)
    words = lexicon(store)  # first: it stores the derived data again when they are stale
    asking = asking_words(parsed, query_language(parsed.text, langs[0] if langs else None, words))
    parsed, reading, cards_named, card_rules, apart = _read(store, parsed, langs[0] if langs else None, words, postings)
    said = apart.text
    stored = index.derived_data(store)
    postings.use_stored(stored)
    scope = renumber_undated(scope, stored.undated if stored else {})
    by_name = {name: code for code, name in codes.items()}
    allowed, within = _allowed(postings, scope, parsed, section, by_name)
    postings.use_scope(within, tuple(sorted(by_name[d.name] for d in scope.documents if d.name in by_name)), stored)
    preferred = langs[0] if langs else None
    compiled = compile_query(parsed, words, scope.languages, preferred)
    verify = _verifier(store, postings, scope, codes)
    scores, hits = _run(compiled, postings, allowed, verify, within)
    unfound = _unfound_terms(compiled, hits)
    if unfound:  # "London Mulligan" where no rule names it: "mulligan" is still an answer
        compiled = compile_query(parsed, words, scope.languages, preferred, unfound)
        scores, hits = _run(compiled, postings, allowed, verify, within)
    fixes = corrections(
        postings,
        words,
        compiled,
        hits,
        parsed.text,
        scope.languages,
        (lambda: stored.vocabularies) if stored else None,
        compiled.lang if scores else None,  # a query that finds nothing else: its ordinary words may be slips too
    )
    searched = None
    if fixes:  # searched as corrected when that finds anything
        text = _apply(parsed.text, fixes)
        recompiled = compile_query(parse(text), words, scope.languages, preferred or compiled.lang)
        rescored, _hits = _run(recompiled, postings, allowed, verify, within)
        if rescored:
            searched, compiled, scores = text, recompiled, rescored
    corrected = _respelled_as_typed(shown, parsed.text, fixes) if searched else None
    if reading is not None and reading.rules and scope.label == "newest" and compiled.plan is not None:
        scores = _named(scores, reading, postings, allowed)
    kept: frozenset[int] = frozenset()
    if said.rules and scope.label == "newest" and compiled.plan is not None:
        scores, kept = _joined(scores, said.rules, postings, allowed)
    groups = _group(store, scores, postings, scope, compiled.plan is None, preferred or compiled.lang, codes, kept)
    # equal scores in rule order, not in the order the index happened to store the texts
    ranked = sorted(groups.items(), key=lambda item: (-round(item[1][0], 9), _order(item[0][1])))
    if compiled.plan is not None:
        question = reading is not None and reading.changed
        if (question or cards_named) and scope.label == "newest":
            ranked = _with_sections(ranked, reading.rules if reading is not None else [], card_rules, said.rules)
            variants = variant_names(store, [d.id for d in scope.documents if d.edition])
            asked = apart.unnamed  # "Commander's Sphere" is a card
            if not (section or parsed.targets or variants.named_in(asked)):  # narrowed: the user chose where
                ranked = _variants_below(ranked, variants)
        ranked = _defining_first(store, ranked, scope, None if question else (searched or parsed.text))
        if question:
            ranked = _keyword_defined_first(ranked)
    results = _results(store, ranked[:limit], scope, compiled, preferred or compiled.lang)
    if compiled.plan is not None:  # a hit whose texts show nothing of the query sinks below those that do
        hidden = sum(1 for result in results if not any(_visible(v, compiled) for v in result.versions))
        if hidden:
            results += _results(store, ranked[limit : limit + hidden], scope, compiled, preferred or compiled.lang)
            results.sort(key=lambda result: not any(_visible(v, compiled) for v in result.versions))
            results = results[:limit]
    asking = [] if cards_named else asking  # a card's name ("Why") is what it asks about
    if asking and not results:
        raise refused(shown, asking)
    warnings = parsed.warnings + ([asking_note(asking)] if asking else [])
    return SearchResults(
        query=shown,
        results=results,
        matched=len(scores),
        languages=sorted({d.lang for d in scope.documents}),
        query_lang=compiled.lang,
        scope=scope.label,
        grouping=grouping(store, scope),
        narrowed_to=[str(t) for t in parsed.targets] + ([f"section {section}"] if section else []),
        corrected=corrected,
        did_you_mean=[corrected] if corrected else [],
        expansions={
            **(reading.expansions if reading is not None else {}),
            **_expansions(compiled, words, searched or parsed.text, cards_named),
            **cards_named,
            **said.shown,
        },
        cards=list(cards_named),
        warnings=warnings,
    )


def _read(
    store: Store, parsed: ParsedQuery, preferred: str | None, words, postings: Postings
) -> tuple[ParsedQuery, players.Reading | None, dict[str, list[str]], list[str], SetApart]:
    """The query as searched: the cards it names (kb.search.cards) set apart on the raw text, the
    rest read as a question (players' words, chatter dropped), and the cards' rules terms added to
    what that reading yields. A query that is not plain words around the names (quotes, operators,
    a rule number) or nothing but names has each name replaced by its terms in place. Last, the
    rules defining the named cards' keywords, one list of the fusion (`_with_sections`), and the cards
    set apart (kb.search.cards.SetApart: what their texts say of the rules, for a question around the
    names only, since a query of nothing but a name ("X", "Platinum Angel") asks for the card's terms;
    the query without the names)."""
    apart = set_apart_cards(store, parsed.text, _indexed(postings, words), _term_name(words))
    if apart.named:
        try:
            around = parse(apart.rest) if apart.rest else None
        except QueryError:
            around = None
        reading = _read_question(around, preferred, words, postings) if around is not None else None
        if reading is None:  # the name replaced in place, as written
            with_cards, cards_named = expand_cards(store, parsed.text)
            return _reparsed(parsed, with_cards), None, cards_named, [], replace(apart, text=TextRules())
        return (
            _reparsed(parsed, f"{reading.text} {apart.terms}"),
            reading,
            apart.named,
            _card_rules(apart, reading),
            apart,
        )
    reading = _read_question(parsed, preferred, words, postings)
    if reading is not None and reading.changed:
        parsed = _reparsed(parsed, reading.text)
    return parsed, reading, {}, [], apart


def _card_rules(apart: SetApart, reading: players.Reading) -> list[str]:
    """The rules of the named cards' keywords, a list of the fusion at CARD_WEIGHT. (They were placed beside the
    best answer before the fusion too, as the players' words' rules are; with every card of a card file known that
    put a card's keywords above what was asked: bench/RESULTS.md, "every card known".) In a scenario of
    several cards whose own words already point to a rule (players' words named one), only those
    whose keyword the question names ("... Lure's trample ..."): what the question asks outranks
    what its cards have, whose Flash or Trample pushed the answer out of the first three. A question
    about one card ("can Stormbreath Dragon attack the turn it is cast") asks about that card: all its
    keywords' rules are listed."""
    if not reading.rules or len(apart.named) == 1:
        return apart.rules
    return apart.asked


def _reparsed(parsed: ParsedQuery, text: str) -> ParsedQuery:
    """``text`` parsed, with the warnings of the query as written only: ``text`` is the search's own
    rewriting of the query (players' words, a card's terms). Its cut and repairs are no doing of the
    user's: a query of 10,000 characters printed its note of the cut twice, and "an opening
    parenthesis was not closed" where a card's OR group was cut at MAX_QUERY_CHARS."""
    again = parse(text)
    again.warnings = list(parsed.warnings)
    return again


def _read_question(parsed: ParsedQuery, preferred: str | None, words, postings: Postings) -> players.Reading | None:
    """The query read as a question (kb.search.players), when it is words side by side: quotes,
    operators and rule numbers are the query language, whose words are taken as written."""
    root = parsed.root
    if parsed.targets or root is None:
        return None
    items = [root] if isinstance(root, Term) else list(root.children) if isinstance(root, Group) else []
    if not items or (isinstance(root, Group) and root.strict):
        return None
    lang = query_language(parsed.text, preferred, words)
    quoted = players.unquoted(parsed.text, lang)  # a Japanese or Chinese quote inside a question: its words
    if not all(isinstance(item, Term) and (item.kind == "word" or quoted[item.start - 1] == " ") for item in items):
        return None
    return players.read(parsed.text, lang, indexed=_indexed(postings, words, "ja" if lang == "ja" else "en"))


def _term_name(words: Lexicon) -> Callable[[str], bool]:
    """Whether a text is, whole, the name of a rules term in a language of the term dictionary (威嚇 is
    Intimidate's Japanese name before it is the card Intimidation's)."""
    langs = words.languages
    return lambda text: any(words.knows(lang, text) for lang in langs)


def _indexed(postings: Postings, words: Lexicon, lang: str = "en") -> Callable[[str], bool]:
    """Whether the rules of ``lang`` use a text as written: a word's stem is in the index, several words
    stand in a row in some rule, or the term dictionary knows the text ("First Strike"). For reading
    a question's capitalised words (a Japanese question's story); a stop word counts as used."""

    def indexed(text: str) -> bool:
        stems = tuple(terms(lang, text))
        return not stems or words.knows(lang, text) or bool(postings.score(lang, stems))

    return indexed


def _named(
    scores: dict[int, float], reading: players.Reading, postings: Postings, allowed: frozenset[int]
) -> dict[int, float]:
    """The rules the question's players' words name (numbered as today's English rules), ranked
    first when the players' words are what it asks about, beside the best otherwise."""
    top = max(scores.values(), default=1.0)
    weight = NAMED_FIRST if reading.dominant else NAMED_BESIDE
    named = dict(scores)
    for place, number in enumerate(reading.rules):
        wanted = top * (weight - NAMED_STEP * place)
        for doc in postings.docs("tree", number) & allowed:
            if postings.number(doc) == number:
                named[doc] = max(named.get(doc, 0.0), wanted)
    return named


def _joined(
    scores: dict[int, float], rules: list[str], postings: Postings, allowed: frozenset[int]
) -> tuple[dict[int, float], frozenset[int]]:
    """The rules of what the named cards' texts say, among the results, and their index documents:
    one the question's words did not find joins at TEXT_SHARE of the best score (below every match
    at 0), so that the fusion (`_with_sections`) can rank it by its place in the cards' list; the
    documents are kept among the candidates (`_group`) whatever their score, since a long question
    matches thousands of texts and the cards' rules, weakly matched, would be cut before the fusion
    could place them. A rule whose text shows none of the question's words or the cards' terms still
    sinks below those that do (`search`): the list reorders what the question found, it does not
    answer in its place."""
    top = max(scores.values(), default=1.0)
    joined = dict(scores)
    kept = set()
    for number in rules:
        for doc in postings.docs("tree", number) & allowed:
            if postings.number(doc) == number:
                joined[doc] = max(joined.get(doc, 0.0), top * TEXT_SHARE)
                kept.add(doc)
    return joined, frozenset(kept)


def _with_sections(ranked: list, named: list[str], carded: list[str], said: list[str] | None = None) -> list:
    """A question's results ranked by four signals fused by their places (reciprocal-rank fusion:
    each gives a rule weight / (k + its place) in its list, and the sums rank):

    - the rule's own match (the results as scored: the question's words, the players' words and the
      cards' terms, with the rules `_named` placed);
    - its section's match: a section is a numbered rule with its lettered subrules (702.19 with
      702.19a-g), weighing the sum of its members' scores. A question is answered by the part of the
      rules it matches as a whole; a rule that holds a few of its words in a section nothing else
      matched yields to the rules of the section that matched most of it;
    - the place among the rules the question's players' words name (kb.search.players);
    - the place among the rules of the named cards' keywords, at half weight: beside what is asked;
    - the place among the rules of what the named cards' texts say (kb.cards.oracle), TEXT_WEIGHT.

    Measured on the tune halves of the real questions (bench/RESULTS.md, "ranking (round 5)"). The
    scores are scaled so that the first keeps its own and the scores stay in the order of the places."""
    if len(ranked) < 2:
        return ranked
    totals: dict[tuple[str, str], float] = defaultdict(float)
    for (family, number), (score, _found) in ranked:
        totals[(family, _section(number))] += score
    sections = {section: place for place, section in enumerate(sorted(totals, key=lambda s: -totals[s]), 1)}
    fused = []
    for own, (key, (_score, found)) in enumerate(ranked, 1):
        value = 1.0 / (FUSION_K + own) + SECTION_WEIGHT / (FUSION_K + sections[(key[0], _section(key[1]))])
        value += _listed(key[1], named, NAMED_WEIGHT) + _listed(key[1], carded, CARD_WEIGHT)
        value += _listed(key[1], said or [], TEXT_WEIGHT)
        fused.append((value, key, found))
    best, top = max(value for value, _key, _found in fused), ranked[0][1][0]
    fused.sort(key=lambda item: -item[0])  # stable: equal values keep the order of the scores
    return [(key, [top * value / best, found]) for value, key, found in fused]


def _variants_below(ranked: list, variants: Names) -> list:
    """A question that names no variant (kb.search.variants): the rules of the multiplayer options
    and the casual variants at VARIANT_SHARE of their score, below the core rules that matched about
    as well. Most questions are about a two-player game; "my opponent's next turn" matched Grand
    Melee's extra turns (807.4j) and the limited range of influence (801.5b) above 723.1, because
    those rules say "opponent" and "turn" as often as the core rules do."""
    shared = [
        (key, [value[0] * VARIANT_SHARE, value[1]] if variants.variant_rule(key[1]) else value) for key, value in ranked
    ]
    return sorted(shared, key=lambda item: -item[1][0])  # stable: equal scores keep their order


def _listed(number: str, listed: list[str], weight: float) -> float:
    """A rule's share of the fusion from one list of rule numbers: weight / (k + its place), or 0."""
    return weight / (FUSION_K + 1 + listed.index(number)) if number in listed else 0.0


_SUBRULE = re.compile(r"(\d+\.\d+)[a-z]")


def _section(number: str) -> str:
    """The numbered rule a subrule belongs to ("702.19b" -> "702.19"); a numbered rule is its own."""
    match = _SUBRULE.fullmatch(number)
    return match.group(1) if match else number


def _defining_first(store: Store, ranked: list, scope: Scope, query: str | None) -> list:
    """A rule that is only a heading ("114. Emblems", "702.26. Phasing") is answered by its defining
    subrule too (114.1, 702.26a): where that subrule matched, it is placed right below its heading, or
    right above it when the question asks what the thing is: ``query`` is None for a question read
    as one, or a term naming one of the things of a section titled in the plural ("emblem" for
    "114. Emblems": one emblem is what 114.1 defines; "emblems" and "deathtouch" ask for the section)."""
    if not ranked:
        return ranked
    shown = [key[1] for key, _value in ranked[:DEFAULT_LIMIT]]
    headings = _headings(store, scope, shown)
    moved = list(ranked)
    for number, title in headings.items():
        child = f"{number}.1" if "." not in number else f"{number}a"
        numbers = [key[1] for key, _value in moved]
        if child not in numbers:
            continue
        parent_at, child_at = numbers.index(number), numbers.index(child)
        above = query is None or fold(query) + "s" == fold(title)
        if above and child_at > parent_at:
            _raise_to(moved, child_at, parent_at)
        elif not above and child_at > parent_at + 1:
            _raise_to(moved, child_at, parent_at + 1)
    return moved


_KEYWORD_SUBRULE = re.compile(r"(702\.\d+)[b-z]")


def _keyword_defined_first(ranked: list) -> list:
    """A question whose first three answers are all subrules of one keyword ability asks what that
    keyword does: its defining subrule (702.19a, "Trample is a static ability that modifies the rules
    for assigning an attacking creature's combat damage") answers before the details of its siblings
    ("Does trample do damage when blocking?" had it 4th, below 702.19b, d and c)."""
    numbers = [key[1] for key, _value in ranked[:DEFAULT_LIMIT]]
    first = _KEYWORD_SUBRULE.fullmatch(numbers[0]) if numbers else None
    if first is None or len(numbers) < 3:
        return ranked
    keyword = first.group(1)
    if not all(number.startswith(keyword) and number[len(keyword) :].isalpha() for number in numbers[:3]):
        return ranked
    defining = f"{keyword}a"
    if defining not in numbers:
        return ranked
    moved = list(ranked)
    _raise_to(moved, numbers.index(defining), 0)
    return moved


def _raise_to(ranked: list, source: int, target: int) -> None:
    """Move ``ranked[source]`` up to ``target``; its score becomes that of the result it now precedes
    (results stay in the order of their scores)."""
    key, (score, found) = ranked.pop(source)
    ranked.insert(target, (key, [max(score, ranked[target][1][0]), found]))


def _headings(store: Store, scope: Scope, numbers: list[str]) -> dict[str, str]:
    """Those of ``numbers`` that are headings only (a title, no text of their own) in the scope's
    English text, with their titles, in the order given."""
    english = [d.id for d in scope.documents if d.lang == "en" and d.edition]
    candidates = [n for n in numbers if "." not in n or not n[-1].isalpha()]
    if not english or not candidates:
        return {}
    titles = {
        row["number"]: row["title"]
        for row in _rule_rows(store, english[:1], candidates)
        if row["title"] and not (row["text"] or "").strip()
    }
    return {number: titles[number] for number in numbers if number in titles}


def _unfound_terms(compiled: Compiled, hits: dict[int, int]) -> frozenset[tuple[int, int]]:
    """The spans of the dictionary's terms of several words or characters, and of runs of Chinese
    characters, that matched nothing in the scope (in any language). A one-word term stays: it
    has nothing shorter to give way to, and a term is no misspelling to correct."""
    return frozenset(
        (concept.start, concept.end)
        for concept in compiled.concepts
        if hits.get(concept.index) == 0
        and not concept.negated
        and concept.kind == "word"
        and (len(concept.text.split()) > 1 or len(concept.text) > 1 and has_cjk(concept.text))
        and (concept.pivots or has_han(concept.text))
    )


def _expansions(
    compiled: Compiled, words, text: str, cards: dict[str, list[str]] | None = None
) -> dict[str, list[str]]:
    """Query word -> the English terms it was also searched as (not when that is the word itself,
    nor a word of the terms a card's name was searched as: the card's entry says that). ``text`` is
    the query as searched, which holds each card's terms as an OR group: "can I respond to Sudden
    Shock" showed "Target = Any Target, Target", the "Target" of Sudden Shock's "Any Target"."""
    found = {}
    added = {term for terms in (cards or {}).values() for term in terms}
    spans = _card_spans(text, [or_group(terms) for terms in (cards or {}).values() if terms])
    for concept in compiled.concepts:
        if concept.text in added or any(start <= concept.start < end for start, end in spans):
            continue
        names = sorted({words.english.get(p, p) for p in concept.pivots})
        if names and [fold(n) for n in names] != [fold(concept.text)]:
            found[concept.text] = names
    return found


def _card_spans(text: str, groups: list[str]) -> list[tuple[int, int]]:
    """Where the cards' OR groups stand in the query as searched; a group the cut at MAX_QUERY_CHARS
    ended (the text ends with its beginning) stands from there to the end."""
    spans = []
    for group in groups:
        start = text.find(group)
        while start >= 0:
            spans.append((start, start + len(group)))
            start = text.find(group, start + 1)
        cut = next((size for size in range(min(len(group), len(text)), 0, -1) if text.endswith(group[:size])), 0)
        if cut > 1 and cut < len(group):
            spans.append((len(text) - cut, len(text)))
    return spans


def _run(
    compiled: Compiled, postings: Postings, allowed: frozenset[int] | set[int], verify, within: frozenset[int]
) -> tuple[dict[int, float], dict[int, int]]:
    if compiled.plan is None:  # only a rule number: its subtree, in document order
        return {doc: 0.0 for doc in allowed}, {}
    hits: dict[int, int] = {}
    return evaluate(compiled.plan, postings, allowed, hits, verify, within), hits


def _verifier(store: Store, postings: Postings, scope: Scope, codes: dict[str, str]):
    """Keeps the index documents whose text (title, text, examples) holds a phrase's words in a row.

    The index stems and drops stop words, so "phased out" is found there as "phase" and its
    candidates are read from the database: one query per document of the scope.
    """
    in_scope = {code: doc for code, name in codes.items() for doc in scope.documents if doc.name == name}

    def verify(docs: set[int], _lang: str, words: tuple[str, ...]) -> set[int]:
        wanted = " " + " ".join(words) + " "
        row_of = _in_a_row(words)
        by_document: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
        for doc in docs:
            holders, number = postings.identity(doc)
            holder = next((in_scope[code] for code in holders if code in in_scope), None)
            if holder is not None:
                by_document[holder.id][number].append(doc)
        kept: set[int] = set()
        for doc_id, numbers in by_document.items():
            for row in _rule_rows(store, [doc_id], list(numbers)):
                if not row_of.search(_folded(row)):
                    continue
                if wanted in _surface(row):
                    kept.update(numbers.get(row["number"], ()))
        return kept

    return verify


def _written(row: dict) -> str:
    return " ".join((row["title"] or "", row["text"] or "", *row["examples"]))


def _folded(row: dict) -> str:
    """A rule row's title, text and examples folded, kept in the row (which `_rule_rows` keeps): the
    same rules are candidates of question after question, and folding them again was a fifth of the
    time of a question whose words end in a particle ("cards in", "turns out": 1,100 texts each)."""
    if "folded" not in row:
        row["folded"] = fold(_written(row))
    return row["folded"]


def _surface(row: dict) -> str:
    """A rule row's surface words joined, a space each side, kept in the row like `_folded`."""
    if "surface" not in row:
        row["surface"] = " " + " ".join(surface_words(_written(row))) + " "
    return row["surface"]


def _in_a_row(words: tuple[str, ...]) -> re.Pattern[str]:
    """A pattern that a folded text matches wherever it could hold a phrase's words in a row: the
    words as written with anything but word characters between them. Every text that holds the phrase
    matches it (its words are pieces of the folded text, with no word character between them), so a
    text it does not match is passed over without reading its words one by one: folding and splitting
    every candidate was most of the CPU time of a question naming cards, whose terms of several
    words are phrases checked over hundreds of rules."""
    return re.compile(r"\W+".join(re.escape(word) for word in words))


def _apply(text: str, fixes: list[tuple[int, int, str]]) -> str:
    for start, end, word in sorted(fixes, reverse=True):
        text = text[:start] + word + text[end:]
    return text


def _respelled_as_typed(query: str, searched: str, fixes: list[tuple[int, int, str]]) -> str:
    """The query as the user typed it with its slips respelled: "Showing results for" shows their words, not the
    question as read (players' words and card names replaced by the rules' words, chatter gone), which the
    fixes' offsets are into."""
    for start, end, word in fixes:
        typed = re.escape(searched[start:end])
        query = re.sub(rf"(?<!\w){typed}(?!\w)", lambda _match: word, query, count=1)
    return query


def _allowed(
    postings: Postings, scope: Scope, parsed: ParsedQuery, section: str | None, codes: dict[str, str]
) -> tuple[frozenset[int], frozenset[int]]:
    """Index documents of the scope, narrowed to the subtrees the query or --section name; and the
    scope's documents before narrowing, among which the words' idf is counted."""
    names = tuple(sorted(codes[doc.name] for doc in scope.documents if doc.name in codes))
    within: frozenset[int] = postings.union("holders", names)
    allowed = within
    if section:
        number = RuleNumber.try_parse(section)
        if number is None:
            raise QueryError(
                _("--section {section!r} is not a rule number (a section like 7, a chapter like 702)").format(
                    section=section
                )
            )
        allowed &= postings.docs("tree", str(number))
    if parsed.targets:
        narrowed: set[int] = set()
        for target in parsed.targets:
            numbers = target.expand() if isinstance(target, RuleRange) else [target]
            for number in numbers:
                narrowed |= postings.docs("tree", str(number))
        allowed &= narrowed
    return allowed, within


def _group(
    store: Store,
    scores: dict[int, float],
    postings: Postings,
    scope: Scope,
    by_order: bool,
    lang: str,
    codes: dict[str, str],
    kept: frozenset[int] = frozenset(),
) -> dict:
    """(family, number) -> [best score, {(document, number): score}] over the best CANDIDATES texts
    and the ``kept`` ones (the rules of what named cards' texts say, placed by the fusion).

    An index document is a text several documents hold; each holder in the scope is a version.
    """
    documents = scope.by_name()
    if by_order:
        top = sorted(scores, key=lambda doc: _order(postings.number(doc)))[:CANDIDATES]
        scores = {doc: 1.0 / (rank + 1) for rank, doc in enumerate(top)}
    else:
        top = heapq.nlargest(CANDIDATES, scores, key=scores.__getitem__)
        top += sorted(kept.difference(top))
    versions: list[tuple[int, str, str]] = []  # (index document, document name, number)
    held = [(name, postings.held(code)) for code, name in codes.items() if name in documents]
    for doc in top:
        number = postings.number(doc)
        versions.extend((doc, name, number) for name, docs in held if doc in docs)
    keys = group_keys(store, scope, [(documents[name], number) for _doc, name, number in versions])
    groups: dict = {}
    for doc, name, number in versions:
        doc_info = documents[name]
        score = scores[doc] * (1.0 if doc_info.edition or doc_info.renumbered else UNDATED_WEIGHT)
        if doc_info.lang == lang and not by_order:
            score *= OWN_LANGUAGE_WEIGHT
        group = groups.setdefault(keys[(name, number)], [0.0, {}])
        group[0] = max(group[0], score)
        group[1][(name, number)] = score
    return groups


def _order(number: str) -> tuple:
    parsed = RuleNumber.try_parse(number)
    return (parsed.depth, parsed.sort_key()) if parsed else (9, ())


def _results(store: Store, ranked: list, scope: Scope, compiled: Compiled, preferred: str) -> list[SearchResult]:
    """Results with every version of their rule in the scope's family, snippets included."""
    if not ranked:
        return []
    documents = {d.id: d for d in scope.documents}
    matched: dict[tuple[str, str], float] = {}
    for _key, (_score, found) in ranked:
        matched.update(found)
    shown = {number for (_family, number), _found in ranked}
    wanted = sorted(
        shown
        | {number for _doc, number in matched}
        | {old for mapping in scope.renumbering.values() for old, today in mapping.items() if today in shown}
    )
    rows = _rule_rows(store, list(documents), wanted)
    by_key: dict = defaultdict(list)
    keys = group_keys(store, scope, [(documents[r["document_id"]], r["number"]) for r in rows])
    for row in rows:
        by_key[keys[(documents[row["document_id"]].name, row["number"])]].append(row)
    results = []
    for key, (score, _found) in ranked:
        versions = []
        seen_docs: set[int] = set()
        for row in by_key.get(key, []):
            if row["document_id"] in seen_docs:
                continue  # a number printed twice in one document: its first rule
            seen_docs.add(row["document_id"])
            doc = documents[row["document_id"]]
            versions.append(_version(row, doc, compiled, matched.get((doc.name, row["number"]))))
        versions.sort(key=lambda v: v.edition or "", reverse=True)  # each language's newest edition first
        versions.sort(key=lambda v: (v.lang != preferred, v.lang != "en", v.lang, not v.matched))
        results.append(SearchResult(number=key[1], score=round(score, 4), family=key[0], versions=versions))
    return results


def _visible(version: RuleVersion, compiled: Compiled) -> bool:
    """The query shows in this version: a highlight in its snippet, or a match in its heading."""
    if not version.matched:
        return False
    if version.snippet.highlights:
        return True
    if not version.heading:
        return False
    lang = language_field(version.lang)
    if lang in CJK:
        return bool(spelled(version.heading, compiled.surfaces.get(lang, set())))
    return bool(
        matches(version.heading, lang, compiled.highlights.get(lang, set()), compiled.prefixes.get(lang, set()))
    )


KEPT_ROWS = 50_000  # (document, number) pairs whose rules a store keeps for the next searches


def _rule_rows(store: Store, doc_ids: list[int], numbers: list[str]) -> list[dict]:
    """The rules of these numbers in the scope's documents, with their examples, in document order.

    Rows read once are kept with the store's lookup cache, which drops them when the database
    changes: the same rules answer many queries, and reading them was a quarter of a warm search.
    """
    cache = getattr(store, "store", store).cache  # searched through the facade or its Store
    cache.documents()  # notices another connection's writes (and drops what is kept)
    kept: dict[tuple[int, str], list[dict]] = cache.memo.setdefault("search rows", {})
    missing = [number for number in numbers if any((doc_id, number) not in kept for doc_id in doc_ids)]
    if missing:
        if len(kept) > KEPT_ROWS:
            kept.clear()
        for doc_id in doc_ids:
            for number in missing:
                kept[(doc_id, number)] = []
        for row in _read_rows(store, doc_ids, missing):
            kept[(row["document_id"], row["number"])].append(row)
    rows = [row for doc_id in doc_ids for number in numbers for row in kept[(doc_id, number)]]
    return sorted(rows, key=lambda row: (row["document_id"], row["seq"]))


def _read_rows(store: Store, doc_ids: list[int], numbers: list[str]) -> list[dict]:
    found: dict[int, dict] = {}
    select = (
        "select r.id, r.document_id, r.number, r.title, r.text, r.seq, (select p.title from rules p "
        "where p.document_id = r.document_id and p.number = r.parent limit 1) as heading from rules r where "
    )
    docs = ",".join("?" * len(doc_ids))
    for chunk in _chunks(numbers):
        for row in rows(
            store.conn,
            select + f"r.document_id in ({docs}) and r.number in ({','.join('?' * len(chunk))})",
            [*doc_ids, *chunk],
        ):
            found[row["id"]] = row
    examples: dict[int, list[str]] = defaultdict(list)
    for chunk in _chunks(list(found)):
        for row in rows(
            store.conn,
            f"select rule_id, text from examples where rule_id in ({','.join('?' * len(chunk))}) "
            f"order by rule_id, position",
            chunk,
        ):
            examples[row["rule_id"]].append(row["text"] or "")
    for row in found.values():
        row["examples"] = examples.get(row["id"], [])
    return list(found.values())


def _chunks(items: list, size: int = 400) -> list[list]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def _version(row: dict, doc, compiled: Compiled, score: float | None) -> RuleVersion:
    lang = language_field(doc.lang)
    parts = [("text", row["text"] or ""), ("title", row["title"] or "")]
    parts += [("example", example) for example in row["examples"]]
    if score is None:  # shown beside the others: its text did not match, nothing to mark
        shown = snippet(parts, lang, set(), set())
    else:
        shown = snippet(
            parts,
            lang,
            compiled.highlights.get(lang, set()),
            compiled.prefixes.get(lang, set()),
            compiled.surfaces.get(lang, set()) if lang in CJK else None,
        )
    return RuleVersion(
        number=row["number"],
        lang=doc.lang,
        edition=doc.edition,
        document=doc.name,
        title=row["title"] or None,
        heading=row["heading"] or None,
        snippet=shown,
        score=round(score or 0.0, 4),
        matched=score is not None,
    )
