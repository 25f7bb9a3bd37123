"""Rule texts of one stored document, read once for a cross-check.

The comparable text of a rule is its title and text together: importers put the
text of a rule like "505.6. Fourth, …" into the title, and a translation may not.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from kb.core.model import Serialisable
from kb.core.numbers import RuleNumber
from kb.crosscheck.citecheck import title_numbers
from kb.crosscheck.signals import sibling_index


@dataclass
class RuleText(Serialisable):
    number: str
    kind: str
    title: str | None
    text: str
    examples: int
    line: int | None
    maybe_examples: int = 0  # sentences of the text that may be examples printed inline ("。 例如，…")

    json_omit = ("kind", "line", "maybe_examples")

    @property
    def full(self) -> str:
        return " ".join(part for part in (self.title, self.text) if part)

    @cached_property
    def parsed(self) -> RuleNumber:
        return RuleNumber.parse(self.number)


@dataclass
class DocText:
    """A document's rules in document order, the first rule of each number, how often each is printed."""

    id: int
    name: str
    lang: str
    edition: str | None
    rules: list[RuleText]
    by_number: dict[str, RuleText] = field(default_factory=dict)
    printed: Counter = field(default_factory=Counter)

    def __post_init__(self) -> None:
        for rule in self.rules:
            self.by_number.setdefault(rule.number, rule)
            self.printed[rule.number] += 1

    @cached_property
    def siblings(self) -> dict:
        return sibling_index(rule.parsed for rule in self.by_number.values())

    @cached_property
    def titles(self) -> dict[str, str]:
        """Number -> title of every titled section, chapter and rule (what citations name them)."""
        return {
            r.number: r.title for r in self.by_number.values() if r.title and r.kind in ("section", "chapter", "rule")
        }

    @cached_property
    def folded_titles(self) -> set[str]:
        """Every title, case folded: what a translation that cites titles in the original's words writes."""
        return {title.strip(" .").casefold() for title in self.titles.values()}

    @cached_property
    def title_index(self) -> dict[str, str]:
        """Folded title -> number: which rule a cited title names."""
        return title_numbers(self.titles)

    def children(self, number: str) -> list[RuleText]:
        parent = RuleNumber.parse(number)
        return [self.by_number[str(n)] for n in self.siblings.get(parent, ()) if str(n) in self.by_number]

    def ref(self) -> dict:
        return {"document": self.name, "lang": self.lang, "edition": self.edition}


_RULES = "select id, number, kind, title, text, line from rules where document_id = ?"
# An example a translation prints on its rule's line instead of a line of its own: "…よい。 例：《テレパシー》…".
_INLINE_EXAMPLE = re.compile(r"(?<=[。.!?！？])\s*(?:例[：:]|示例[：:]|Example:)")
# "…特征。 例如，勇行者蒂莎…": an example, or a sentence "For example, …" of the rule itself.
_MAYBE_EXAMPLE = re.compile(r"(?<=[。！？])\s*例如[，,]")


def split_examples(text: str) -> tuple[str, int, int]:
    """The rule text without the examples printed inline, how many there were, and how many
    sentences after it may be examples (``_MAYBE_EXAMPLE``)."""
    parts = _INLINE_EXAMPLE.split(text)
    return parts[0].rstrip(), len(parts) - 1, len(_MAYBE_EXAMPLE.findall(parts[0]))


def load_text(conn, doc_id: int, *, within: RuleNumber | None = None) -> DocText:
    """One document's rules (only ``within``'s subtree when given) with their example counts."""
    name, lang, edition = conn.execute("select name, lang, edition from documents where id = ?", [doc_id]).fetchone()
    sql = _RULES
    params: list[int | str] = [doc_id]
    if within is not None:
        sql += " and (sort_key = ? or sort_key like ?)"
        params += [within.sort_text, within.sort_text + ".%"]
    rows = conn.execute(sql + " order by seq", params).fetchall()
    examples = dict(
        conn.execute(
            "select rule_id, count(*) from examples where document_id = ? group by rule_id", [doc_id]
        ).fetchall()
    )
    rules = []
    for rule_id, number, kind, title, text, line in rows:
        body, inline, maybe = split_examples(text or "")
        rules.append(RuleText(number, kind, title, body, examples.get(rule_id, 0) + inline, line, maybe))
    return DocText(doc_id, name, lang, edition, rules)
