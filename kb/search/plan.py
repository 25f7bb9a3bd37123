"""Query plans: a small tree of kb.search's own nodes, evaluated over scored postings.

A leaf is :class:`Words` (one word, or a phrase's words in a row), :class:`Exact` (a quoted phrase,
checked against the texts as written) or :class:`Prefix`, in one analysis language ("en"), scored
by BM25F over that language's fields (kb.search.postings, the one place a whoosh query is made); a
:class:`Concept` takes the best of a query term's alternatives (the word and its translations,
boosted); :class:`AllOf`, :class:`AnyOf`, :class:`Soft` and :class:`Without` combine concepts.
Evaluation is dictionary merges over cached leaf scores: whoosh's matchers over the same tree took
p95 15 ms against 1 ms (docs/search.md, "Ranking"), so the plan is no whoosh query at all.

The nodes are frozen dataclasses: equal plans compare equal (the compiler drops a concept said
twice, "red ... red", by that), and every kind is told apart by its class, never by a tag.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from kb.search.postings import Postings


@dataclass(frozen=True)
class Words:
    """A word (``words`` of one) or a phrase's analysed words at consecutive positions, in the fields
    of analysis language ``lang``; ``boost`` scales its scores (a translation weighs less)."""

    lang: str
    words: tuple[str, ...]
    boost: float = 1.0


@dataclass(frozen=True)
class Prefix:
    """Every indexed word of ``lang`` that starts with ``stem`` (the most frequent first, bounded)."""

    lang: str
    stem: str
    boost: float = 1.0

    @property
    def words(self) -> tuple[str, ...]:
        return (self.stem,)


@dataclass(frozen=True)
class Exact:
    """A quoted phrase: ``words`` as the index holds them, ``surface`` its words as written; matches are
    checked against the texts (the index drops stop words and stems, so "phased out" is "phase" there).
    Two phrases of the same indexed words are one alternative, whatever their spelling (``surface``
    takes no part in equality)."""

    lang: str
    words: tuple[str, ...]
    surface: tuple[str, ...] = field(compare=False)
    boost: float = 1.0


Leaf = Words | Prefix | Exact


@dataclass(frozen=True)
class Concept:
    """One query term: the best of its ``alternatives`` counts. ``index`` numbers the concepts of a
    query (for their hit counts); it takes no part in equality, so a term said twice is one concept."""

    index: int = field(compare=False)
    alternatives: tuple[Leaf, ...]


@dataclass(frozen=True)
class AllOf:
    """An explicit AND: documents matching every child, their scores added."""

    children: tuple[Node, ...]


@dataclass(frozen=True)
class AnyOf:
    """OR: documents matching any child, their scores added."""

    children: tuple[Node, ...]


@dataclass(frozen=True)
class Soft:
    """Juxtaposed terms: scores add up, scaled by the square of the share of the query a document covers
    (each child weighs its best match's score: a rare word a document lacks costs more than a common one)."""

    children: tuple[Node, ...]


@dataclass(frozen=True)
class Without:
    """NOT: the documents of ``kept`` that do not match ``left_out``, with ``kept``'s scores."""

    kept: Node
    left_out: Node


Node = Concept | AllOf | AnyOf | Soft | Without | Leaf


FEW_TEXTS = 1000  # a language with fewer texts in the index has a page of the rules, not a translation
Verifier = Callable[[set[int], str, tuple[str, ...]], set[int]]


def evaluate(
    node: Node,
    postings: Postings,
    allowed: frozenset[int] | set[int],
    hits: dict[int, int] | None = None,
    verify: Verifier | None = None,
    within: frozenset[int] | None = None,
) -> dict[int, float]:
    """Document -> score of ``node`` among ``allowed``; ``hits`` collects matches per concept index.

    ``verify(documents, lang, words)`` keeps the documents whose text holds ``words`` in a row, as written.
    ``within``: the documents whose statistics weigh the words (the scope before a rule number or a
    section narrowed it to ``allowed``); ``allowed`` when not given.
    """
    within = within if within is not None else _frozen(allowed)
    if isinstance(node, (Words, Prefix, Exact)):
        found = _leaf(node, postings, allowed, within)
        if isinstance(node, Exact) and verify is not None and found:
            kept = verify(set(found), node.lang, node.surface)
            found = {doc: score for doc, score in found.items() if doc in kept}
        return found
    if isinstance(node, Concept):
        results = [evaluate(leaf, postings, allowed, hits, verify, within) for leaf in node.alternatives]
        found = _best(_comparable(node.alternatives, results, postings, allowed, within))
        if hits is not None:
            hits[node.index] = hits.get(node.index, 0) + len(found)
        return found
    if isinstance(node, Without):
        positive = evaluate(node.kept, postings, allowed, hits, verify, within)
        negative = evaluate(node.left_out, postings, allowed, hits, verify, within)
        return {doc: score for doc, score in positive.items() if doc not in negative}
    results = [evaluate(child, postings, allowed, hits, verify, within) for child in node.children]
    if isinstance(node, Soft):
        return _soft(results)
    if isinstance(node, AllOf):
        return _intersect(results)
    return _add(results)


def _comparable(
    leaves: tuple[Leaf, ...],
    results: list[dict[int, float]],
    postings: Postings,
    allowed: frozenset[int] | set[int],
    within: frozenset[int],
) -> list[dict[int, float]]:
    """A translation (an alternative boosted below 1) read in a language of few texts, weighed by the
    idf of the alternative read in the largest: rarity measured among a page's rules says little.
    "Fähigkeit" is in 1 of the index's 39 German texts, "ability" in 4 of 10 English ones: the
    German page's 702.23a came first for "ability". The query's own words keep their language's idf."""
    bound = postings.bound(allowed)
    rarities = [
        postings.rarity(leaf.lang, leaf.words, isinstance(leaf, Prefix), bound, within) if result else None
        for leaf, result in zip(leaves, results)
    ]
    known = [rarity for rarity in rarities if rarity is not None]
    if len(known) < 2 or min(known)[0] >= FEW_TEXTS:
        return results
    reference = max(known)[1]
    return [
        {doc: score * reference / rarity[1] for doc, score in result.items()}
        if rarity is not None and rarity[0] < FEW_TEXTS and leaf.boost < 1.0
        else result
        for leaf, rarity, result in zip(leaves, rarities, results)
    ]


def _leaf(
    leaf: Leaf, postings: Postings, allowed: frozenset[int] | set[int], within: frozenset[int]
) -> dict[int, float]:
    texts = leaf.words
    bound = postings.bound(allowed)
    if within is not allowed:  # read as far as the statistics' documents go, so their counts are whole
        wider = postings.bound(within)
        bound = None if bound is None or wider is None else max(bound, wider)
    scores = postings.score(leaf.lang, texts, isinstance(leaf, Prefix), bound, within)
    boost = leaf.boost
    if scores.keys() <= allowed:  # the default scope: every document read below the bound is in it
        return scores if boost == 1.0 else {doc: score * boost for doc, score in scores.items()}
    if len(scores) <= len(allowed):
        return {doc: score * boost for doc, score in scores.items() if doc in allowed}
    return {doc: scores[doc] * boost for doc in allowed if doc in scores}


def _frozen(allowed: frozenset[int] | set[int]) -> frozenset[int]:
    return allowed if isinstance(allowed, frozenset) else frozenset(allowed)


def _add(results: list[dict[int, float]]) -> dict[int, float]:
    if not results:
        return {}
    largest = max(range(len(results)), key=lambda i: len(results[i]))
    total = dict(results[largest])
    for i, result in enumerate(results):
        if i == largest:
            continue
        for doc, score in result.items():
            total[doc] = total.get(doc, 0.0) + score
    return total


def _best(results: list[dict[int, float]]) -> dict[int, float]:
    if not results:
        return {}
    best = dict(results[0])  # the others merged into it in order: a document keeps its first place
    for result in results[1:]:
        higher = {doc: best[doc] for doc in best.keys() & result.keys() if best[doc] >= result[doc]}
        best.update(result)  # the alternatives are mostly other languages' words: other documents
        best.update(higher)
    return best


def _intersect(results: list[dict[int, float]]) -> dict[int, float]:
    if not results:
        return {}
    ordered = sorted(results, key=len)
    common = set(ordered[0])
    for result in ordered[1:]:
        common &= result.keys()
    return {doc: sum(result[doc] for result in results) for doc in common}


def _soft(results: list[dict[int, float]]) -> dict[int, float]:
    if not results:
        return {}
    weights = [max(result.values(), default=0.0) for result in results]
    whole = sum(weights) or 1.0
    totals = dict(results[0])  # copied whole, the others merged into it (in order: ties keep their order)
    covered = dict.fromkeys(totals, weights[0])
    for result, weight in zip(results[1:], weights[1:]):
        for doc, score in result.items():
            if doc in totals:
                totals[doc] += score
                covered[doc] += weight
            else:
                totals[doc] = score
                covered[doc] = weight
    return {doc: score * (covered[doc] / whole) ** 2 for doc, score in totals.items()}
