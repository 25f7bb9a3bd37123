"""Pair the nodes of two documents one to one.

Order-preserving first, because editions mostly insert and delete in place:
1. fixed pairs (hand pins, or pairs composed through the chain) are taken as given;
2. texts equal up to cited numbers and unique on both sides anchor the alignment;
3. the longest run of anchors in document order splits both documents into gaps,
   each aligned by the heaviest order-preserving chain of scored candidates;
4. what is left is paired across the whole document, level by level (sections,
   chapters, rules, subrules) so a node's parent is paired before the node: this
   catches moved rules such as the keyword abilities of 502 becoming 702 in 2009.

The score is word-level similarity (rare words weigh more) plus structure: same
title, parent paired with parent, same number, the same rules cited.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from kb.history.model import Doc, Node
from kb.history.text import Weights, dice, fold_title

GAP_MIN = 0.5  # least score for a pair inside an order-preserving gap
MOVE_MIN = 0.62  # least score for a pair that moves against document order
SHORT = 8  # texts of fewer distinct words need their parent paired or near-equal text to move
FULL_GAP = 4000  # gaps up to this many candidate pairs are scored exhaustively
RARE_WORDS = 6  # words of a node looked up in the inverted index
POSTING_LIMIT = 400


def kind_group(kind: str) -> str:
    """Rules and subrules may turn into each other; headings only into their own kind."""
    return "rule" if kind in ("rule", "subrule") else kind


@dataclass
class Pairing:
    """Which node of ``new`` each node of ``old`` became, and how that was decided."""

    old: Doc
    new: Doc
    forward: list[int | None]
    backward: list[int | None]
    how: dict[int, str] = field(default_factory=dict)  # old index -> pin, fixed, anchor, gap, moved, children
    score: dict[int, float] = field(default_factory=dict)
    weigh: Weights | None = None  # the word weights the scores used

    def link(self, i: int, j: int, how: str, score: float = 1.0) -> None:
        self.forward[i] = j
        self.backward[j] = i
        self.how[i] = how
        self.score[i] = score

    def pairs(self) -> list[tuple[int, int]]:
        return [(i, j) for i, j in enumerate(self.forward) if j is not None]

    def number_map(self) -> dict[str, str]:
        """Old number -> new number for every paired number (first node of a number wins)."""
        found: dict[str, str] = {}
        for i, j in self.pairs():
            found.setdefault(self.old.nodes[i].number, self.new.nodes[j].number)
        return found


class Scorer:
    """Scores a candidate pair; weights and masses are computed once per pair of documents."""

    def __init__(self, pairing: Pairing):
        self.p = pairing
        old, new = pairing.old, pairing.new
        self.weigh = Weights(df=old.df + new.df, total=len(old.nodes) + len(new.nodes))
        self.mass_old: dict[int, float] = {}  # computed on demand: most nodes are anchored, never scored
        self.mass_new: dict[int, float] = {}
        self.numbers: dict[str, str] = {}

    def text(self, i: int, j: int) -> float:
        o, n = self.p.old.nodes[i], self.p.new.nodes[j]
        mass_o = self.mass_old.get(i)
        if mass_o is None:
            mass_o = self.mass_old[i] = self.weigh.mass(o.words)
        mass_n = self.mass_new.get(j)
        if mass_n is None:
            mass_n = self.mass_new[j] = self.weigh.mass(n.words)
        return dice(o.words, n.words, self.weigh, mass_o, mass_n)

    def score(self, i: int, j: int) -> float | None:
        o, n = self.p.old.nodes[i], self.p.new.nodes[j]
        if kind_group(o.kind) != kind_group(n.kind):
            return None
        s = self.text(i, j)
        if o.kind != n.kind:
            s -= 0.1
        if o.title and n.title and fold_title(o.title) == fold_title(n.title):
            s += 0.15
        parent = self.parent_fit(o, n)
        s += 0.1 * parent
        if o.number == n.number:
            s += 0.05
        if o.cites and n.cites:
            mapped = {self.numbers.get(c, c) for c in o.cites}
            wanted = set(n.cites)
            s += 0.05 * len(mapped & wanted) / len(mapped | wanted)
        return s

    def parent_fit(self, o: Node, n: Node) -> int:
        """1 when the parents are paired with each other, -1 when elsewhere, 0 when unknown."""
        if o.parent_index is None or n.parent_index is None:
            return 0
        partner = self.p.forward[o.parent_index]
        if partner is None:
            return 0
        return 1 if partner == n.parent_index else -1

    def note(self, i: int, j: int) -> None:
        self.numbers.setdefault(self.p.old.nodes[i].number, self.p.new.nodes[j].number)


def pair_documents(
    old: Doc,
    new: Doc,
    *,
    fixed: dict[int, int] | None = None,
    blocked: set[int] | None = None,
    how_fixed: str = "fixed",
) -> Pairing:
    """Pair ``old`` with ``new``; ``fixed`` pairs are kept, ``blocked`` old nodes stay unpaired."""
    pairing = Pairing(old, new, [None] * len(old.nodes), [None] * len(new.nodes))
    scorer = Scorer(pairing)
    pairing.weigh = scorer.weigh
    blocked = blocked or set()
    for i, j in (fixed or {}).items():
        if pairing.forward[i] is None and pairing.backward[j] is None:
            pairing.link(i, j, how_fixed)
            scorer.note(i, j)
    _anchor(pairing, scorer, blocked)
    for (i0, i1), (j0, j1) in _gaps(pairing):
        _align_gap(pairing, scorer, blocked, range(i0, i1), range(j0, j1))
    _pair_moved(pairing, scorer, blocked)
    for _ in range(3):  # each round may pair the parents of the last round's children
        if not _pair_by_children(pairing, scorer, blocked):
            break
        _pair_moved(pairing, scorer, blocked)
    return pairing


def _anchor(pairing: Pairing, scorer: Scorer, blocked: set[int]) -> None:
    """Pair texts that are equal up to cited numbers and unique in both documents."""

    def unique_keys(nodes: list[Node], taken: list[int | None], skip: set[int]) -> dict:
        seen: dict[tuple, int] = {}
        count: Counter = Counter()
        for node in nodes:
            if taken[node.index] is None and node.index not in skip and node.words:
                key = (kind_group(node.kind), node.key)
                seen[key] = node.index
                count[key] += 1
        return {k: i for k, i in seen.items() if count[k] == 1}

    olds = unique_keys(pairing.old.nodes, pairing.forward, blocked)
    news = unique_keys(pairing.new.nodes, pairing.backward, set())
    for key, i in olds.items():
        j = news.get(key)
        if j is not None:
            pairing.link(i, j, "anchor")
            scorer.note(i, j)


def heaviest_chain(candidates: list[tuple[int, int, float]]) -> list[tuple[int, int, float]]:
    """The subset increasing in both indices with the greatest total weight (O(k log k))."""
    if not candidates:
        return []
    columns = sorted({j for _, j, _ in candidates})
    size = len(columns)
    tree_value = [0.0] * (size + 1)
    tree_item = [-1] * (size + 1)
    ordered = sorted(candidates, key=lambda c: (c[0], -c[1]))
    previous = [-1] * len(ordered)
    totals = [0.0] * len(ordered)
    for k, (i, j, w) in enumerate(ordered):
        col = bisect_left(columns, j)  # columns strictly left of j: 0 .. col-1
        best, best_item, pos = 0.0, -1, col
        while pos > 0:
            if tree_value[pos] > best:
                best, best_item = tree_value[pos], tree_item[pos]
            pos -= pos & -pos
        totals[k] = best + w
        previous[k] = best_item
        pos = col + 1
        while pos <= size:
            if totals[k] > tree_value[pos]:
                tree_value[pos], tree_item[pos] = totals[k], k
            pos += pos & -pos
    k = max(range(len(ordered)), key=totals.__getitem__)
    chain = []
    while k >= 0:
        chain.append(ordered[k])
        k = previous[k]
    return chain[::-1]


def _gaps(pairing: Pairing) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Index ranges of both documents between consecutive pairs that keep document order."""
    chain = heaviest_chain([(i, j, 1.0) for i, j in pairing.pairs()])
    gaps = []
    last_i, last_j = -1, -1
    for i, j, _ in chain + [(len(pairing.old.nodes), len(pairing.new.nodes), 0.0)]:
        if i - last_i > 1 and j - last_j > 1:
            gaps.append(((last_i + 1, i), (last_j + 1, j)))
        last_i, last_j = i, j
    return gaps


def _align_gap(pairing: Pairing, scorer: Scorer, blocked: set[int], olds: range, news: range) -> None:
    old_free = [i for i in olds if pairing.forward[i] is None and i not in blocked]
    new_free = [j for j in news if pairing.backward[j] is None]
    if not old_free or not new_free:
        return
    if len(old_free) * len(new_free) <= FULL_GAP:
        pairs = ((i, j) for i in old_free for j in new_free)
    else:
        index = _Index(pairing, scorer, new_free)
        pairs = ((i, j) for i in old_free for j in index.candidates(i))
    candidates = []
    for i, j in pairs:
        s = scorer.score(i, j)
        if s is not None and s >= GAP_MIN:
            candidates.append((i, j, s))
    for i, j, s in heaviest_chain(candidates):
        pairing.link(i, j, "gap", s)
        scorer.note(i, j)


class _Index:
    """Candidate partners among new nodes: those sharing a rare word, the number or the title."""

    def __init__(self, pairing: Pairing, scorer: Scorer, new_free: list[int]):
        self.p, self.scorer = pairing, scorer
        self.by_word: dict[str, list[int]] = defaultdict(list)
        self.by_number: dict[str, list[int]] = defaultdict(list)
        for j in new_free:
            node = pairing.new.nodes[j]
            for word in node.words:
                self.by_word[word].append(j)
            self.by_number[node.number].append(j)

    def candidates(self, i: int) -> set[int]:
        node = self.p.old.nodes[i]
        weigh = self.scorer.weigh
        rare = sorted(node.words, key=weigh, reverse=True)[:RARE_WORDS]
        found: set[int] = set(self.by_number.get(node.number, ()))
        for word in rare:
            posting = self.by_word.get(word, ())
            if len(posting) <= POSTING_LIMIT:
                found.update(posting)
        return found


def _pair_moved(pairing: Pairing, scorer: Scorer, blocked: set[int]) -> None:
    """Pair what is left across the whole document, parents before children, best score first."""
    for kinds in (("section",), ("chapter",), ("rule",), ("subrule",)):
        old_free = [
            n.index
            for n in pairing.old.nodes
            if n.kind in kinds and pairing.forward[n.index] is None and n.index not in blocked
        ]
        new_free = [j for j, target in enumerate(pairing.backward) if target is None]
        if not old_free or not new_free:
            continue
        index = _Index(pairing, scorer, new_free)
        candidates = []
        for i in old_free:
            for j in index.candidates(i):
                s = scorer.score(i, j)
                if s is not None and s >= MOVE_MIN and _may_move(pairing, scorer, i, j):
                    candidates.append((s, i, j))
        for s, i, j in sorted(candidates, reverse=True):
            if pairing.forward[i] is None and pairing.backward[j] is None:
                pairing.link(i, j, "moved", s)
                scorer.note(i, j)


def _may_move(pairing: Pairing, scorer: Scorer, i: int, j: int) -> bool:
    """A node moves to another parent, or a short formulaic text ("... are redundant.") moves at
    all, only when its text stays nearly the same."""
    o, n = pairing.old.nodes[i], pairing.new.nodes[j]
    fit = scorer.parent_fit(o, n)
    if fit == 1:
        return True
    text = scorer.text(i, j)
    if fit == -1:
        return text >= 0.8
    return text >= 0.9 or (len(o.words) >= SHORT and len(n.words) >= SHORT)


def _pair_by_children(pairing: Pairing, scorer: Scorer, blocked: set[int]) -> bool:
    """Pair unpaired parents whose children went mostly to one unpaired new parent.

    A renamed heading ("State-Based Effects" -> "State-Based Actions") has too few words
    to be paired by its title; its children say where it went.
    """
    votes: dict[int, Counter] = defaultdict(Counter)
    children: Counter = Counter()
    for node in pairing.new.nodes:
        if node.parent_index is not None:
            children[node.parent_index] += 1
    for node in pairing.old.nodes:
        parent = node.parent_index
        j = pairing.forward[node.index]
        if parent is None or j is None or pairing.forward[parent] is not None or parent in blocked:
            continue
        new_parent = pairing.new.nodes[j].parent_index
        if new_parent is not None and pairing.backward[new_parent] is None:
            votes[parent][new_parent] += 1
    old_children = Counter(n.parent_index for n in pairing.old.nodes if n.parent_index is not None)
    found = False
    for i, counter in sorted(votes.items()):
        ((j, count),) = counter.most_common(1)
        o, n = pairing.old.nodes[i], pairing.new.nodes[j]
        if (
            pairing.backward[j] is None
            and kind_group(o.kind) == kind_group(n.kind)
            and 2 * count >= min(old_children[i], children[j])
        ):
            pairing.link(i, j, "children", scorer.score(i, j) or 0.0)
            scorer.note(i, j)
            found = True
    return found
