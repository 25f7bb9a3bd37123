"""Query plans and their evaluation over scored postings.

A plan is a small tree: a leaf is one alternative (a term, phrase or prefix in one
language, scored by BM25F over that language's fields), a concept takes the best of
its alternatives (the query word and its translations), and the operators combine
concepts. Evaluation returns document number -> score for the documents allowed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kb.search.postings import Postings


@dataclass(frozen=True)
class Leaf:
    """A term, a phrase (several terms) or a prefix in the fields of one analysis language."""

    lang: str
    terms: tuple[str, ...]
    boost: float = 1.0
    prefix: bool = False
    exact: tuple[str, ...] = ()  # a quoted phrase's words as written: matches are checked against the texts


@dataclass(frozen=True)
class Concept:
    """One query term: the best of its alternatives counts. ``index`` numbers the concepts of a query."""

    index: int
    children: tuple


@dataclass(frozen=True)
class Join:
    """Children combined ``how``: "all" (strict AND: every child must match; scores add up), "any"
    (OR; scores add up) or "soft" (juxtaposed terms: scores add up, scaled by the square of the
    share of the query a document covers; each child weighs what its best match scores, so a
    rare word a document lacks costs more than a common one)."""

    how: str
    children: tuple


@dataclass(frozen=True)
class Without:
    """Matches of ``positive`` that do not match ``negative``."""

    positive: object
    negative: object


Node = Leaf | Concept | Join | Without  # a union at run time without importing typing


Verifier = Callable[[set[int], str, tuple[str, ...]], set[int]]


def evaluate(
    node: Node,
    postings: Postings,
    allowed: frozenset[int] | set[int],
    hits: dict[int, int] | None = None,
    verify: Verifier | None = None,
) -> dict[int, float]:
    """Document -> score of ``node`` among ``allowed``; ``hits`` collects matches per concept index.

    ``verify(documents, lang, words)`` keeps the documents whose text holds ``words`` in a row,
    as written: the index drops stop words and stems, so "phased out" is checked in the texts.
    """
    if isinstance(node, Leaf):
        found = _leaf(node, postings, allowed)
        if node.exact and verify is not None and found:
            kept = verify(set(found), node.lang, node.exact)
            found = {doc: score for doc, score in found.items() if doc in kept}
        return found
    results = [evaluate(child, postings, allowed, hits, verify) for child in _children(node)]
    if isinstance(node, Concept):
        found = _best(results)
        if hits is not None:
            hits[node.index] = hits.get(node.index, 0) + len(found)
        return found
    if isinstance(node, Join):
        return {"all": _intersect, "any": _add, "soft": _soft}[node.how](results)
    positive, negative = results
    return {doc: score for doc, score in positive.items() if doc not in negative}


def _children(node) -> tuple:
    if isinstance(node, Without):
        return (node.positive, node.negative)
    return node.children


def _leaf(leaf: Leaf, postings: Postings, allowed: frozenset[int] | set[int]) -> dict[int, float]:
    scores = postings.score(leaf.lang, leaf.terms, leaf.prefix, postings.bound(allowed))
    boost = leaf.boost
    if len(scores) <= len(allowed):
        return {doc: score * boost for doc, score in scores.items() if doc in allowed}
    return {doc: scores[doc] * boost for doc in allowed if doc in scores}


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
    best: dict[int, float] = {}
    for result in results:
        for doc, score in result.items():
            if score > best.get(doc, 0.0):
                best[doc] = score
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
    weights = [max(result.values(), default=0.0) for result in results]
    whole = sum(weights) or 1.0
    totals: dict[int, float] = {}
    covered: dict[int, float] = {}
    for result, weight in zip(results, weights):
        for doc, score in result.items():
            totals[doc] = totals.get(doc, 0.0) + score
            covered[doc] = covered.get(doc, 0.0) + weight
    return {doc: score * (covered[doc] / whole) ** 2 for doc, score in totals.items()}
