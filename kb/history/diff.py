"""Classify what happened to every rule between two documents, and diff the words.

The kinds of change: unchanged, references only (the text differs only in cited
numbers, and each of them follows the cited rule's own renumbering), renumbered,
edited, renumbered and edited, added, removed, split (one rule became several)
and merged (several became one). Examples and glossary entries are diffed too.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from kb.core.labels import (  # noqa: E402,F401  (the vocabulary, shared with front ends)
    ADDED,
    CHANGE_LABELS,
    CHANGES,
    EDITED,
    MERGED,
    REFERENCES,
    REMOVED,
    RENUMBERED,
    RENUMBERED_EDITED,
    SPLIT,
    UNCHANGED,
)
from kb.core.model import Serialisable
from kb.core.numbers import RuleNumber
from kb.history.model import Doc, GlossaryItem, Node
from kb.history.pairing import RARE_WORDS, Pairing, heaviest_chain
from kb.history.text import Span, Weights, changed_numbers, containment, dice, normalise, opcodes, word_diff

PART_MIN_WORDS = 5  # a split or merged part has at least this many distinct words
PART_HELD = 0.75  # ... and this share of its words is in the rule it came from or went to
PART_KEPT = 0.5  # ... while the other side's partner holds at most this share


def classify_pair(old: Node, new: Node, numbers: dict[str, str]) -> tuple[str, bool]:
    """The change of one paired node and whether its text changed in cited numbers only."""
    renumbered = old.number != new.number
    if old.same == new.same:
        return (RENUMBERED if renumbered else UNCHANGED), False
    if old.key == new.key and references_follow(old.same, new.same, numbers):
        return (RENUMBERED if renumbered else REFERENCES), True
    return (RENUMBERED_EDITED if renumbered else EDITED), False


def references_follow(old: str, new: str, numbers: dict[str, str]) -> bool:
    """Whether two texts differ only in cited numbers, each old one renumbered to the new one."""
    cited = changed_numbers(old, new)
    return cited is not None and all(numbers.get(a) == b for a, b in cited)


@dataclass
class Parts:
    """Split parts (new nodes that came out of an old one) and merged parts (old nodes that went
    into a new one), beside the one-to-one pairing."""

    split_from: dict[int, int] = field(default_factory=dict)  # new index -> old index
    merged_into: dict[int, int] = field(default_factory=dict)  # old index -> new index

    def splits(self) -> dict[int, list[int]]:
        found: dict[int, list[int]] = defaultdict(list)
        for j, i in sorted(self.split_from.items()):
            found[i].append(j)
        return found

    def merges(self) -> dict[int, list[int]]:
        found: dict[int, list[int]] = defaultdict(list)
        for i, j in sorted(self.merged_into.items()):
            found[j].append(i)
        return found


def find_parts(pairing: Pairing) -> Parts:
    """Unpaired nodes whose text mostly sits in one node of the other document, and not in
    that node's partner: the pieces of splits and merges."""
    weigh = pairing.weigh or Weights(
        df=pairing.old.df + pairing.new.df, total=len(pairing.old.nodes) + len(pairing.new.nodes)
    )
    parts = Parts()
    for j, i in _hosts(pairing.new.nodes, pairing.backward, pairing.old.nodes, pairing.forward, weigh).items():
        parts.split_from[j] = i
    for i, j in _hosts(pairing.old.nodes, pairing.forward, pairing.new.nodes, pairing.backward, weigh).items():
        parts.merged_into[i] = j
    return parts


def _hosts(pieces: list[Node], piece_partner: list, hosts: list[Node], host_partner: list, weigh: Weights) -> dict:
    """For each unpaired piece, the host node that holds its words while the host's partner does not."""
    todo = [p for p in pieces if piece_partner[p.index] is None and len(p.words) >= PART_MIN_WORDS and not p.heading]
    rare = {p.index: sorted(p.words, key=weigh, reverse=True)[:RARE_WORDS] for p in todo}
    wanted = {w for words in rare.values() for w in words}
    index: dict[str, list[int]] = defaultdict(list)
    if wanted:
        for host in hosts:
            if not host.heading:
                for word in wanted.intersection(host.words):
                    index[word].append(host.index)
    found: dict[int, int] = {}
    for piece in todo:
        mass = weigh.mass(piece.words)
        candidates = {h for word in rare[piece.index] if len(index[word]) <= 50 for h in index[word]}
        best, best_share = None, PART_HELD
        for h in candidates:
            share = containment(piece.words, hosts[h].words, weigh, mass)
            if share < best_share:
                continue
            partner = host_partner[h]
            if partner is not None and containment(piece.words, pieces[partner].words, weigh, mass) > PART_KEPT:
                continue
            best, best_share = h, share
        if best is not None:
            found[piece.index] = best
    return found


# ---- results ------------------------------------------------------------------------------------


@dataclass
class ExampleChange(Serialisable):
    change: str  # added, removed, edited
    old_position: int | None
    new_position: int | None
    old_text: str | None
    new_text: str | None
    old_spans: list[Span] = field(default_factory=list)
    new_spans: list[Span] = field(default_factory=list)


@dataclass
class RuleChange(Serialisable):
    """One rule's fate; texts are given only where something changed."""

    change: str
    old_number: str | None
    new_number: str | None
    kind: str
    old_title: str | None = None
    new_title: str | None = None
    old_text: str | None = None
    new_text: str | None = None
    similarity: float | None = None
    references_only: bool = False
    split_into: list[str] = field(default_factory=list)  # with "split": every new number, partner first
    merged_from: list[str] = field(default_factory=list)  # with "merged": every old number, partner first
    old_spans: list[Span] = field(default_factory=list)
    new_spans: list[Span] = field(default_factory=list)
    examples: list[ExampleChange] = field(default_factory=list)

    @property
    def number(self) -> str:
        return self.new_number or self.old_number or ""


@dataclass
class GlossaryChange(Serialisable):
    change: str  # unchanged, references only, edited, renamed, renamed and edited, added, removed
    old_term: str | None
    new_term: str | None
    old_text: str | None = None
    new_text: str | None = None
    references_only: bool = False  # the definition changed only in cited numbers that were renumbered
    old_spans: list[Span] = field(default_factory=list)
    new_spans: list[Span] = field(default_factory=list)


@dataclass
class DocumentRef:
    document: str
    lang: str
    edition: str | None

    @classmethod
    def of(cls, doc: Doc) -> "DocumentRef":
        return cls(doc.name, doc.lang, doc.edition)


@dataclass
class Diff(Serialisable):
    """Every rule (and glossary entry) of two documents with its change, in the new order."""

    old: DocumentRef
    new: DocumentRef
    method: str  # "chain": composed from the stored consecutive pairings; "direct": paired here
    section: str | None
    summary: dict[str, int]
    rules: list[RuleChange]
    glossary: list[GlossaryChange]
    glossary_summary: dict[str, int]

    def changed(self) -> list[RuleChange]:
        return [r for r in self.rules if r.change != UNCHANGED or r.examples]


# ---- building a diff ----------------------------------------------------------------------------


def compare(pairing: Pairing, *, method: str = "direct", section: str | None = None, spans: bool = True) -> Diff:
    """The classified diff of a pairing; ``section`` keeps the rules inside it on either side."""
    old, new = pairing.old, pairing.new
    numbers = pairing.number_map()
    parts = _reportable(find_parts(pairing), pairing)
    splits, merges = parts.splits(), parts.merges()
    entries: list[tuple[tuple, RuleChange]] = []
    last_new = -1
    for o in old.nodes:
        j = pairing.forward[o.index]
        if j is not None:
            last_new = j
            n = new.nodes[j]
            change, refs_only = classify_pair(o, n, numbers)
            entry = _paired_entry(o, n, change, refs_only, pairing.score.get(o.index), spans)
            if o.index in splits:
                entry.change = SPLIT
                entry.split_into = [n.number] + [new.nodes[k].number for k in splits[o.index]]
            if j in merges:
                entry.change = MERGED
                entry.merged_from = [o.number] + [old.nodes[k].number for k in merges[j]]
            entries.append(((j, 0, o.index), entry))
        elif o.index in parts.merged_into:
            continue  # reported with the rule it went into
        elif o.index in splits:
            into = [new.nodes[k].number for k in splits[o.index]]
            entry = _one_sided(SPLIT, o, None)
            entry.split_into = into
            entries.append(((splits[o.index][0], 0, o.index), entry))
        else:
            entries.append(((last_new, 1, o.index), _one_sided(REMOVED, o, None)))
    for n in new.nodes:
        if pairing.backward[n.index] is not None or n.index in parts.split_from:
            continue
        if n.index in merges:
            entry = _one_sided(MERGED, None, n)
            entry.merged_from = [old.nodes[k].number for k in merges[n.index]]
        else:
            entry = _one_sided(ADDED, None, n)
        entries.append(((n.index, 0, -1), entry))
    rules = [entry for _, entry in sorted(entries, key=lambda e: e[0])]
    if section:
        within = RuleNumber.parse(section)
        rules = [r for r in rules if _inside(r, within, numbers)]
    glossary = [] if section else compare_glossary(old.glossary, new.glossary, numbers, spans=spans)
    return Diff(
        DocumentRef.of(old),
        DocumentRef.of(new),
        method,
        section,
        _count(r.change for r in rules),
        rules,
        glossary,
        _count(g.change for g in glossary),
    )


def _reportable(parts: Parts, pairing: Pairing) -> Parts:
    """The parts a diff can report. A piece is reported with its host, so a host that is itself an
    unpaired piece of the other side (two unpaired rules that hold each other's words, such as 2009's
    702.70b and 2026's 702.90f, "Multiple instances of ... are redundant") carries none: both pieces
    would vanish from the diff. Such a piece is reported as removed or added instead."""
    merged = {i: j for i, j in parts.merged_into.items() if not (pairing.backward[j] is None and j in parts.split_from)}
    split = {j: i for j, i in parts.split_from.items() if not (pairing.forward[i] is None and i in parts.merged_into)}
    return Parts(split_from=split, merged_into=merged)


def _count(changes) -> dict[str, int]:
    counted = Counter(changes)
    return {kind: counted[kind] for kind in sorted(counted, key=_order)}


def _order(kind: str) -> int:
    return CHANGES.index(kind) if kind in CHANGES else len(CHANGES)


def _inside(entry: RuleChange, within: RuleNumber, numbers: dict[str, str]) -> bool:
    """Whether a change belongs to the rules ``within``, by either number, or for a rule only the old
    edition has (removed, split) by the number its nearest paired ancestor has now: the subrules of
    2009's 502.15 that did not survive are part of today's 702.26's former life."""
    for number in (entry.old_number, entry.new_number):
        parsed = RuleNumber.try_parse(number) if number else None
        if parsed is not None and parsed.is_within(within):
            return True
    old = RuleNumber.try_parse(entry.old_number) if entry.old_number and not entry.new_number else None
    for ancestor in old.ancestors() if old is not None else ():
        now = numbers.get(str(ancestor))
        if now:
            parsed = RuleNumber.try_parse(now)
            return parsed is not None and parsed.is_within(within)
    return False


def _paired_entry(o: Node, n: Node, change: str, refs_only: bool, score: float | None, spans: bool) -> RuleChange:
    entry = RuleChange(
        change,
        o.number,
        n.number,
        n.kind,
        o.title,
        n.title,
        similarity=None if score is None else round(score, 3),
        references_only=refs_only,
    )
    if o.same != n.same:
        entry.old_text, entry.new_text = o.text, n.text
        if spans:
            entry.old_spans, entry.new_spans = word_diff(o.text, n.text)
    entry.examples = compare_examples(o.examples, n.examples, spans=spans)
    return entry


def _one_sided(change: str, o: Node | None, n: Node | None) -> RuleChange:
    node = n or o
    assert node is not None, "a one-sided change has one side"
    return RuleChange(
        change,
        o.number if o else None,
        n.number if n else None,
        node.kind,
        o.title if o else None,
        n.title if n else None,
        o.text if o else None,
        n.text if n else None,
    )


def compare_examples(old: list[str], new: list[str], *, spans: bool = True) -> list[ExampleChange]:
    """Examples aligned in order; a replaced example is an edit of the one in its place."""
    a, b = [normalise(x) for x in old], [normalise(x) for x in new]
    if a == b:
        return []
    found: list[ExampleChange] = []
    for op, i1, i2, j1, j2 in opcodes(a, b):
        if op == "equal":
            continue
        width = max(i2 - i1, j2 - j1)
        for k in range(width):
            i = i1 + k if i1 + k < i2 else None
            j = j1 + k if j1 + k < j2 else None
            change = "edited" if i is not None and j is not None else ("removed" if j is None else "added")
            item = ExampleChange(
                change,
                None if i is None else i + 1,
                None if j is None else j + 1,
                None if i is None else old[i],
                None if j is None else new[j],
            )
            if i is not None and j is not None and spans:  # an edit: both sides
                item.old_spans, item.new_spans = word_diff(old[i], new[j])
            found.append(item)
    return found


def compare_glossary(
    old: list[GlossaryItem], new: list[GlossaryItem], numbers: dict[str, str] | None = None, *, spans: bool = True
) -> list[GlossaryChange]:
    """Entries paired by term, then renamed entries by their definitions; ``numbers`` (old -> new
    rule numbers) tells a definition whose citations only followed a renumbering."""
    forward = pair_glossary(old, new)
    backward = {j: i for i, j in forward.items()}
    found: list[GlossaryChange] = []
    for j, n in enumerate(new):
        i = backward.get(j)
        if i is None:
            found.append(GlossaryChange("added", None, n.term, None, n.text))
            continue
        o = old[i]
        renamed = o.folded != n.folded
        edited = normalise(o.text) != normalise(n.text)
        follows = edited and references_follow(o.text, n.text, numbers or {})
        change = {
            (False, False): UNCHANGED,
            (False, True): REFERENCES if follows else EDITED,
            (True, False): "renamed",
            (True, True): "renamed" if follows else "renamed and edited",
        }[(renamed, edited)]
        entry = GlossaryChange(change, o.term, n.term, references_only=follows)
        if edited:
            entry.old_text, entry.new_text = o.text, n.text
            if spans:
                entry.old_spans, entry.new_spans = word_diff(o.text, n.text)
        found.append(entry)
    for i, o in enumerate(old):
        if i not in forward:
            found.append(GlossaryChange("removed", o.term, None, o.text, None))
    return found


def pair_glossary(old: list[GlossaryItem], new: list[GlossaryItem]) -> dict[int, int]:
    """Old entry -> new entry: same term first, then the most similar definitions in order."""
    by_term = {n.folded: n.index for n in new}
    forward: dict[int, int] = {}
    for o in old:
        j = by_term.get(o.folded)
        if j is not None and j not in forward.values():
            forward[o.index] = j
    taken = set(forward.values())
    weigh = Weights([g.words for g in old + new])
    olds = [o for o in old if o.index not in forward]
    news = [n for n in new if n.index not in taken]
    candidates = []
    for o in olds:
        for n in news:
            s = dice(o.words, n.words, weigh)
            if s >= 0.6:
                candidates.append((o.index, n.index, s))
    for i, j, _ in heaviest_chain(candidates):
        forward[i] = j
    return forward
