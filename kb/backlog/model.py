"""What the backlog returns: one item per rule, example or glossary entry that needs the
translator, in the newer edition's order, and a summary per section.

JSON keeps the English words of the kinds (as kb.history does); text output translates them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.core.model import Serialisable
from kb.history.text import Span
from kb.i18n import N_

# The kinds of work, in the order summaries list them.
ADDED, EDITED, RENUMBERED_EDITED = "added", "edited", "renumbered and edited"
RENUMBERED, REFERENCES = "renumbered", "references only"
SPLIT, MERGED, REMOVED = "split", "merged", "removed"
RENAMED, RENAMED_EDITED = "renamed", "renamed and edited"
KINDS = (ADDED, EDITED, RENUMBERED_EDITED, SPLIT, MERGED, RENAMED, RENAMED_EDITED, RENUMBERED, REFERENCES, REMOVED)
MECHANICAL = (RENUMBERED, REFERENCES)
KIND_LABELS = {
    ADDED: N_("added"),
    EDITED: N_("edited"),
    RENUMBERED_EDITED: N_("renumbered and edited"),
    SPLIT: N_("split"),
    MERGED: N_("merged"),
    RENAMED: N_("renamed"),
    RENAMED_EDITED: N_("renamed and edited"),
    RENUMBERED: N_("renumbered"),
    REFERENCES: N_("references only"),
    REMOVED: N_("removed"),
}
RULE, EXAMPLE, GLOSSARY = "rule", "example", "glossary"


@dataclass
class Related(Serialisable):
    """The other side of a split or merge: a rule with its English text and translation."""

    number: str
    english: str
    translation: str | None = None


@dataclass
class Item(Serialisable):
    """One thing to (re)translate."""

    part: str  # rule, example, glossary
    kind: str  # one of KINDS
    number: str | None  # in the newer edition (None when removed)
    old_number: str | None  # in the translation's edition (None when added)
    section: str  # "1" … "9", or "glossary"
    position: int | None = None  # an example's place in its rule (the newer edition's; the old one if removed)
    old_position: int | None = None
    term: str | None = None  # a glossary entry's English term in the newer edition
    old_term: str | None = None
    old_english: str | None = None
    new_english: str | None = None
    old_spans: list[Span] = field(default_factory=list)  # word diff of the two English texts
    new_spans: list[Span] = field(default_factory=list)
    translation: str | None = None  # the current translation (of the old number)
    translated_term: str | None = None  # a glossary entry's current translated term
    proposed: str | None = None  # the machine-updated translation, for mechanical changes
    machine_updated: bool = False
    related: list[Related] = field(default_factory=list)  # split into / merged from
    note: str | None = None

    @property
    def key(self) -> str:
        """The PO context of the item: its number (with the example), or the glossary term."""
        if self.part == GLOSSARY:
            return glossary_context(self.term or self.old_term or "")
        number = self.number or self.old_number or ""
        return example_context(number, self.position or self.old_position or 0) if self.part == EXAMPLE else number


def example_context(number: str, position: int) -> str:
    return f"{number} example {position}"


def glossary_context(term: str, *, title: bool = False) -> str:
    return f"glossary term: {term}" if title else f"glossary: {term}"


@dataclass
class Unit:
    """One message of the whole newer edition (for a PO file): every rule, example and glossary
    term or definition, whether it changed or not."""

    context: str
    english: str
    translation: str | None
    item: Item | None = None
    heading: bool = False
    changed: bool = False  # the English changed and no machine update covers it: the translator must look
    previous: str | None = None  # the English the current translation was made from, where it changed


@dataclass
class DocumentSide(Serialisable):
    document: str
    lang: str
    edition: str | None


@dataclass
class Backlog(Serialisable):
    translation: DocumentSide
    english_old: DocumentSide  # the English the translation was made from
    english_new: DocumentSide
    pivot: str  # how the English of the translation was found ("same edition", "inferred …")
    section: str | None
    summary: dict[str, dict[str, int]]  # section -> kind -> count
    totals: dict[str, int]
    items: list[Item]
    units: list[Unit] = field(default_factory=list, repr=False)

    json_omit = ("units",)
