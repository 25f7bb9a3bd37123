"""The backlog: what a translation made from one English edition needs to catch up with a newer one.

The translation's English pivot (kb.crosscheck.pivot) is diffed against the newer English
edition (kb.history, through the stored renumbering chain); every change is joined with
the translation's text of the old number. Renumbered rules, and rules whose text changed
only in cited numbers that followed their renumbering, get a machine-updated translation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from kb.backlog.model import (
    ADDED,
    EDITED,
    EXAMPLE,
    GLOSSARY,
    KINDS,
    MECHANICAL,
    MERGED,
    REFERENCES,
    REMOVED,
    RENUMBERED_EDITED,
    RULE,
    SPLIT,
    Backlog,
    DocumentSide,
    Item,
    Related,
    Unit,
    example_context,
    glossary_context,
)
from kb.backlog.rewrite import number_changes, rewrite_numbers
from kb.backlog.texts import DocText, NodeText, glossary_partners, load_text
from kb.core.errors import BadInput, EditionNotFound, RuleNotFound
from kb.core.numbers import RuleNumber
from kb.crosscheck.pivot import english_pivot
from kb.crosscheck.specs import DocSpec, resolve
from kb.history import diff
from kb.history.chain import chain_documents
from kb.history.model import connection
from kb.history.resolve import nearest_numbers, parse_number, resolve_document
from kb.history.text import normalise, opcodes, word_diff
from kb.i18n import _

_UNCHANGED = "unchanged"


class BacklogError(BadInput):
    """Bad input: editions in the wrong order."""


def backlog(source, translation: str, *, to: str | None = None, section: str | None = None) -> Backlog:
    """The update list of ``translation`` ("ja@2026-01-16", a language or a document name) against
    the English edition ``to`` (default the newest), in the newer edition's order."""
    conn = connection(source)
    ref = resolve(conn, DocSpec.parse(translation))
    pivot = english_pivot(conn, ref)
    if pivot is None:
        raise EditionNotFound(
            _(
                "no English document of the edition of {document} is stored: import the English rules of {edition}"
            ).format(document=ref.name, edition=ref.edition or _("undated")),
            [c.edition for c in chain_documents(conn)][-3:],
        )
    if to:
        newer_id = resolve_document(conn, to, lang="en").id
    else:
        chain = chain_documents(conn)
        if not chain:
            raise EditionNotFound(_("no English edition is stored"))
        newer_id = chain[-1].id
    old_en, new_en = load_text(conn, pivot.id), load_text(conn, newer_id)
    if (old_en.edition or "") > (new_en.edition or ""):
        raise BacklogError(
            _(
                "{new} ({new_edition}) is older than the English of {document} ({edition}): give a "
                "newer edition with --to"
            ).format(new=new_en.name, new_edition=new_en.edition, document=ref.name, edition=old_en.edition)
        )
    within = parse_number(section) if section else None
    if within is not None and not (str(within) in old_en.by_number or str(within) in new_en.by_number):
        raise RuleNotFound(
            _("{number} is in neither {old} nor {new}").format(number=within, old=old_en.name, new=new_en.name),
            nearest_numbers(list(new_en.by_number), within),
        )
    changes = diff(conn, old_en.name, new_en.name, spans=False)
    ours = load_text(conn, ref.id)
    builder = _Builder(old_en, new_en, ours)
    builder.rules(changes.rules)
    builder.glossary(changes.glossary)
    items = builder.items
    if within is not None:
        items = [i for i in items if i.part != GLOSSARY and _inside(i, within)]
    summary, totals = _summarise(items)
    return Backlog(
        DocumentSide(ours.name, ours.lang, ours.edition),
        DocumentSide(old_en.name, old_en.lang, old_en.edition),
        DocumentSide(new_en.name, new_en.lang, new_en.edition),
        pivot.how,
        str(within) if within else None,
        summary,
        totals,
        items,
        builder.units if within is None else [],
    )


def _inside(item: Item, within: RuleNumber) -> bool:
    for number in (item.number, item.old_number):
        parsed = RuleNumber.try_parse(number) if number else None
        if parsed is not None and parsed.is_within(within):
            return True
    return False


def _summarise(items: list[Item]) -> tuple[dict[str, dict[str, int]], dict[str, int]]:
    per: dict[str, Counter] = {}
    for item in items:
        per.setdefault(item.section, Counter())[item.kind] += 1
    order = sorted(per, key=lambda s: (s == GLOSSARY, s))
    summary = {s: {k: per[s][k] for k in KINDS if per[s][k]} for s in order}
    total = Counter(i.kind for i in items)
    return summary, {k: total[k] for k in KINDS if total[k]}


def section_of(number: str | None) -> str:
    parsed = RuleNumber.try_parse(number) if number else None
    return str(parsed.section) if parsed else ""


class _Builder:
    """Walks the diff once, in the newer edition's order, collecting items and PO units."""

    def __init__(self, old_en: DocText, new_en: DocText, ours: DocText):
        self.old_en, self.new_en, self.ours = old_en, new_en, ours
        self.items: list[Item] = []
        self.units: list[Unit] = []
        self.numbers: dict[str, str] = {}  # old -> new number of every paired rule

    # ---- rules ----------------------------------------------------------------------------------

    def rules(self, entries) -> None:
        for entry in entries:
            if entry.old_number and entry.new_number:
                self.numbers.setdefault(entry.old_number, entry.new_number)
        for entry in entries:
            change = entry.change
            if change == SPLIT:
                self._split(entry)
            elif change == MERGED:
                self._merged(entry)
            elif change == REMOVED:
                self._removed(entry.old_number)
            elif change == ADDED:
                self._added(entry.new_number)
            else:
                self._paired(entry.old_number, entry.new_number, change)

    def _translation(self, number: str | None) -> NodeText | None:
        return self.ours.get(number)

    def _body(self, number: str | None) -> str | None:
        mine = self.ours.get(number)
        return mine.body if mine else None

    def _rule_item(self, kind: str, old: NodeText | None, new: NodeText | None, mine: NodeText | None) -> Item:
        number = new.number if new else old.number if old else None
        return Item(
            RULE,
            kind,
            new.number if new else None,
            old.number if old else None,
            section_of(number),
            old_english=old.body if old else None,
            new_english=new.body if new else None,
            translation=mine.body if mine else None,
        )

    def _unit(self, node: NodeText, translation: str | None, item: Item | None) -> None:
        changed = item is not None and not item.machine_updated
        self.units.append(
            Unit(
                node.number,
                node.body,
                translation,
                item,
                node.heading,
                changed,
                item.old_english if changed and item else None,
            )
        )

    def _paired(self, old_number: str, new_number: str, change: str) -> None:
        old, new = self.old_en.by_number[old_number], self.new_en.by_number[new_number]
        mine = self._translation(old_number)
        item = None
        if change != _UNCHANGED:
            item = self._rule_item(change, old, new, mine)
            if change in (EDITED, RENUMBERED_EDITED):
                item.old_spans, item.new_spans = word_diff(old.body, new.body)
            elif change in MECHANICAL:
                self._mechanical(item, old.body, new.body)
            self.items.append(item)
        self._unit(new, item.proposed if item and item.machine_updated else (mine.body if mine else None), item)
        self._examples(old, new, mine)

    def _mechanical(self, item: Item, old_english: str, new_english: str) -> None:
        """A renumbered or references-only rule: the translation with its cited numbers updated."""
        if item.translation is None:
            item.note = _("no translation of {key}").format(key=item.old_term or item.old_number)
            return
        changes = number_changes(old_english, new_english) if normalise(old_english) != normalise(new_english) else {}
        if changes is None:
            item.note = _("the English changed in more than cited numbers")
            return
        updated, missing, notes = rewrite_numbers(item.translation, changes, old_english)
        if missing:
            item.note = _("the translation does not cite {numbers}").format(numbers=", ".join(missing))
            return
        item.proposed, item.machine_updated = updated, True
        item.note = "; ".join(notes) or None

    def _added(self, new_number: str) -> None:
        new = self.new_en.by_number[new_number]
        item = self._rule_item(ADDED, None, new, None)
        self.items.append(item)
        self._unit(new, None, item)
        self._examples(None, new, None)

    def _removed(self, old_number: str) -> None:
        old = self.old_en.by_number[old_number]
        item = self._rule_item(REMOVED, old, None, self._translation(old_number))
        self.items.append(item)

    def _split(self, entry) -> None:
        """One old rule became several: the partner (if any) with both sides, then each new part."""
        old = self.old_en.by_number[entry.old_number]
        mine = self._translation(entry.old_number)
        parts = [n for n in entry.split_into if n != entry.new_number]
        related = [Related(n, self.new_en.by_number[n].body) for n in entry.split_into if n in self.new_en.by_number]
        if entry.new_number:
            new = self.new_en.by_number[entry.new_number]
            item = self._rule_item(SPLIT, old, new, mine)
            item.old_spans, item.new_spans = word_diff(old.body, new.body)
            item.related = related
            self.items.append(item)
            self._unit(new, mine.body if mine else None, item)
            self._examples(old, new, mine)
        else:
            removed = self._rule_item(SPLIT, old, None, mine)
            removed.related = related
            self.items.append(removed)
        for number in parts:
            new = self.new_en.by_number[number]
            part = self._rule_item(SPLIT, None, new, None)
            part.old_number, part.old_english = old.number, old.body
            part.translation = mine.body if mine else None
            part.note = _("split from {number}").format(number=old.number)
            self.items.append(part)
            self._unit(new, None, part)
            self._examples(None, new, None)

    def _merged(self, entry) -> None:
        """Several old rules became one: the new rule with every old one and its translation."""
        new = self.new_en.by_number[entry.new_number]
        partner = entry.old_number or (entry.merged_from[0] if entry.merged_from else None)
        old = self.old_en.get(partner)
        mine = self._translation(partner)
        item = self._rule_item(MERGED, old, new, mine)
        if old is not None:
            item.old_spans, item.new_spans = word_diff(old.body, new.body)
        item.related = [
            Related(n, self.old_en.by_number[n].body, self._body(n))
            for n in entry.merged_from
            if n in self.old_en.by_number
        ]
        self.items.append(item)
        self._unit(new, mine.body if mine else None, item)
        self._examples(old, new, mine)

    # ---- examples -------------------------------------------------------------------------------

    def _examples(self, old: NodeText | None, new: NodeText, mine: NodeText | None) -> None:
        """Examples aligned in order (as kb.history does); each new, edited or removed one is an item."""
        before = old.examples if old else []
        after = new.examples
        translated = mine.examples if mine and old and len(mine.examples) == len(before) else []
        same: Sequence[tuple[str, int, int, int, int]] = [("equal", 0, len(before), 0, len(after))]
        if before == after:  # most rules: no normalising, no alignment
            blocks = same
        else:
            a, b = [normalise(x) for x in before], [normalise(x) for x in after]
            blocks = opcodes(a, b) if a != b else same
        for op, i1, i2, j1, j2 in blocks:
            for k in range(max(i2 - i1, j2 - j1)):
                i = i1 + k if i1 + k < i2 else None
                j = j1 + k if j1 + k < j2 else None
                self._example(op, old, new, i, j, translated)

    def _example(self, op, old, new, i, j, translated) -> None:
        old_text = old.examples[i] if i is not None else None
        new_text = new.examples[j] if j is not None else None
        before, after = old_text or "", new_text or ""
        mine = translated[i] if i is not None and i < len(translated) else None
        if op == "equal":
            kind = None  # moved with its rule, if at all: nothing to do
        elif i is None:
            kind = ADDED
        elif j is None:
            kind = REMOVED
        else:
            changes = number_changes(before, after)
            follows = changes is not None and all(self.numbers.get(a) == b for a, b in changes.items())
            kind = REFERENCES if follows else EDITED
        item = None
        if kind is not None:
            item = Item(
                EXAMPLE,
                kind,
                new.number,
                old.number if i is not None else None,
                section_of(new.number),
                position=None if j is None else j + 1,
                old_position=None if i is None else i + 1,
                old_english=old_text,
                new_english=new_text,
                translation=mine,
            )
            if kind == EDITED:
                item.old_spans, item.new_spans = word_diff(before, after)
            elif kind in MECHANICAL:
                self._mechanical(item, before, after)
            self.items.append(item)
        if j is not None:
            translation = item.proposed if item and item.machine_updated else mine
            changed = item is not None and not item.machine_updated
            self.units.append(
                Unit(
                    example_context(new.number, j + 1),
                    after,
                    translation,
                    item,
                    False,
                    changed,
                    old_text if changed else None,
                )
            )

    # ---- glossary -------------------------------------------------------------------------------

    def glossary(self, entries) -> None:
        partners = glossary_partners(self.ours, self.old_en)
        old_index = {g.term: k for k, g in enumerate(self.old_en.glossary)}
        new_index = {g.term: g for g in self.new_en.glossary}
        for entry in entries:
            partner = partners.get(old_index.get(entry.old_term, -1)) if entry.old_term else None
            old = self.old_en.glossary[old_index[entry.old_term]] if entry.old_term in old_index else None
            new = new_index.get(entry.new_term) if entry.new_term else None
            item = None
            if entry.change != _UNCHANGED:
                kind = REFERENCES if entry.change == "references only" else entry.change
                item = Item(
                    GLOSSARY,
                    kind,
                    None,
                    None,
                    GLOSSARY,
                    term=entry.new_term,
                    old_term=entry.old_term,
                    old_english=old.text if old else None,
                    new_english=new.text if new else None,
                    translation=partner.text if partner else None,
                    translated_term=partner.term if partner else None,
                )
                if kind in (EDITED, "renamed and edited"):
                    item.old_spans, item.new_spans = word_diff(item.old_english or "", item.new_english or "")
                elif kind == REFERENCES:
                    self._mechanical(item, item.old_english or "", item.new_english or "")
                self.items.append(item)
            if new is None:
                continue
            renamed = entry.change in ("renamed", "renamed and edited")
            self.units.append(
                Unit(
                    glossary_context(new.term, title=True),
                    new.term,
                    partner.term if partner else None,
                    item,
                    True,
                    renamed or entry.change == ADDED,
                    entry.old_term if renamed else None,
                )
            )
            machine = item is not None and item.machine_updated
            edited = entry.change in (EDITED, "renamed and edited", ADDED) or (
                entry.change == "references only" and not machine
            )
            self.units.append(
                Unit(
                    glossary_context(new.term),
                    new.text,
                    item.proposed if machine and item else (partner.text if partner else None),
                    item,
                    False,
                    edited,
                    old.text if edited and old else None,
                )
            )
