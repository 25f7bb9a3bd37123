"""How a backlog compares with what translators really did.

Given the translators' own later translation (the Chinese of 2026-04-17 beside the
backlog of zh@2023-11-17 against the English of 2026-04-17), two shares answer
"is the list right?":

- precision: of the rules and examples the backlog lists (with a number in the newer
  edition), the share the translators changed: a text that differs from the old
  translation of the same rule (paired through the English), a new rule they
  translated, or a rule they moved to its new number;
- recall: of the numbers where both the English and the translation differ between the
  two editions, read number by number as someone comparing the files by hand would,
  the share the backlog lists (within the backlog's section, if it has one).

For the machine-updated items it also counts how many proposals are exactly what the
translators wrote.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.backlog.model import EXAMPLE, MECHANICAL, REMOVED, RULE, Backlog, Item
from kb.backlog.texts import DocText, NodeText, load_text
from kb.core.model import Serialisable
from kb.core.numbers import RuleNumber
from kb.crosscheck.specs import DocSpec, resolve
from kb.history.model import connection
from kb.history.text import normalise


@dataclass
class Agreement(Serialisable):
    actual: str  # the translators' newer document
    listed: int  # backlog items with a number in the newer edition
    listed_changed: int  # ... that the translators changed
    both_changed: int  # numbers whose English and translation both differ, file against file
    both_changed_listed: int  # ... that the backlog lists
    machine: int  # machine-updated proposals
    machine_same: int  # ... equal to what the translators wrote
    by_kind: dict[str, list[int]] = field(default_factory=dict)  # kind -> [listed, changed by translators]
    missed: list[str] = field(default_factory=list)  # numbers both changed that the backlog does not list
    unchanged: list[str] = field(default_factory=list)  # listed numbers the translators left as they were

    json_extra = ("precision", "recall", "machine_agreement")
    json_round = {"precision": 4, "recall": 4, "machine_agreement": 4}

    @property
    def precision(self) -> float:
        return self.listed_changed / self.listed if self.listed else 1.0

    @property
    def recall(self) -> float:
        return self.both_changed_listed / self.both_changed if self.both_changed else 1.0

    @property
    def machine_agreement(self) -> float:
        return self.machine_same / self.machine if self.machine else 1.0


def agreement(source, result: Backlog, actual: str) -> Agreement:
    """Compare ``result`` with the translators' own translation ``actual`` ("zh@2026-04-17")."""
    conn = connection(source)

    def text_of(name: str) -> DocText:
        row = conn.execute("select id from documents where name = ?", [name]).fetchone()
        return load_text(conn, row[0])

    ref = resolve(conn, DocSpec.parse(actual))
    theirs, ours = load_text(conn, ref.id), text_of(result.translation.document)
    old_en, new_en = text_of(result.english_old.document), text_of(result.english_new.document)
    found = Agreement(ref.name, 0, 0, 0, 0, 0, 0)
    listed: set[str] = set()
    for item in result.items:
        if item.part not in (RULE, EXAMPLE) or item.number is None:
            continue
        listed.add(item.number)  # a removed example is listed under its rule's number
        if item.kind == REMOVED:
            continue
        changed = _changed(item, ours, theirs)
        found.listed += 1
        found.listed_changed += changed
        counts = found.by_kind.setdefault(item.kind, [0, 0])
        counts[0] += 1
        counts[1] += changed
        if not changed:
            found.unchanged.append(item.key)
        if item.kind in MECHANICAL and item.machine_updated and item.part == RULE:
            found.machine += 1
            found.machine_same += _same(item.proposed, _body(theirs.get(item.number)))
    within = RuleNumber.parse(result.section) if result.section else None
    for node in new_en.nodes:
        number = node.number
        if within is not None and not RuleNumber.parse(number).is_within(within):
            continue
        if _differs(old_en.get(number), node) and _differs(ours.get(number), theirs.get(number)):
            found.both_changed += 1
            if number in listed:
                found.both_changed_listed += 1
            else:
                found.missed.append(number)
    return found


def _body(node: NodeText | None) -> str | None:
    return node.body if node else None


def _same(a: str | None, b: str | None) -> bool:
    return normalise(a) == normalise(b)


def _differs(old: NodeText | None, new: NodeText | None) -> bool:
    """Two versions of one number differ in text or examples (or one of them is missing)."""
    if old is None or new is None:
        return old is not new
    return not _same(old.body, new.body) or [normalise(x) for x in old.examples] != [normalise(x) for x in new.examples]


def _changed(item: Item, ours: DocText, theirs: DocText) -> bool:
    """Whether the translators touched what the item names: moved it, or changed its text."""
    old, new = ours.get(item.old_number), theirs.get(item.number)
    if item.part == EXAMPLE:
        before = _example(old, item.old_position)
        after = _example(new, item.position)
        return not _same(before, after) or item.old_number != item.number
    if new is None:
        return False
    if old is None or item.old_number != item.number:
        return True
    return not _same(old.body, new.body)


def _example(node: NodeText | None, position: int | None) -> str | None:
    if node is None or position is None or position > len(node.examples):
        return None
    return node.examples[position - 1]
