"""The texts of one stored document as the backlog reads them: rule by number, examples, glossary.

A translation and its English original share the numbering of one edition, so a
rule's translation is found by the English rule's number. A heading (a section, a
chapter, a titled rule such as "702.26. Phasing") has a title and no text: its
title is what a translator translates, so ``NodeText.english`` gives the one or the other.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field


@dataclass
class NodeText:
    seq: int
    number: str
    title: str | None
    text: str
    examples: list[str] = field(default_factory=list)

    @property
    def heading(self) -> bool:
        return bool(self.title) and not self.text

    @property
    def body(self) -> str:
        """What is translated: the title of a heading, else the text."""
        return (self.title or "") if self.heading else self.text


@dataclass
class GlossaryText:
    seq: int
    term: str
    english: str | None
    text: str


@dataclass
class DocText:
    id: int
    name: str
    lang: str
    edition: str | None
    nodes: list[NodeText]
    glossary: list[GlossaryText]
    by_number: dict[str, NodeText] = field(default_factory=dict)

    def get(self, number: str | None) -> NodeText | None:
        return self.by_number.get(number) if number else None


def load_text(conn, doc_id: int) -> DocText:
    """Three queries: the document row, its rules with examples, its glossary."""
    doc = conn.execute("select id, name, lang, edition from documents where id = ?", [doc_id]).fetchone()
    examples: dict[int, list[str]] = defaultdict(list)
    for rule_id, text in conn.execute(
        "select rule_id, text from examples where document_id = ? order by rule_id, position", [doc_id]
    ):
        examples[rule_id].append(text or "")
    nodes = [
        NodeText(seq, number, title, text or "", examples.get(rule_id, []))
        for rule_id, seq, number, title, text in conn.execute(
            "select id, seq, number, title, text from rules where document_id = ? order by seq", [doc_id]
        )
    ]
    glossary = [
        GlossaryText(seq, term or "", english, text or "")
        for seq, term, english, text in conn.execute(
            "select seq, term, english, text from glossary where document_id = ? order by seq", [doc_id]
        )
    ]
    found = DocText(doc[0], doc[1], doc[2], doc[3], nodes, glossary)
    for node in nodes:
        found.by_number.setdefault(node.number, node)
    return found


_NOT_WORD = re.compile(r"[\W_]+")


def term_key(term: str | None) -> str:
    """Terms compare without case, spaces and punctuation ("Counter (verb)" ~ "counter(verb)")."""
    return _NOT_WORD.sub("", (term or "").casefold())


def glossary_partners(translation: DocText, english: DocText) -> dict[int, GlossaryText]:
    """English glossary position -> the translation's entry: by the English name the translation
    gives, else by position when both glossaries have the same length (the Chinese files
    keep the English order and give no English names)."""
    by_english = {term_key(g.english): g for g in translation.glossary if g.english}
    if translation.lang == english.lang:
        by_english = {term_key(g.term): g for g in translation.glossary}
    found: dict[int, GlossaryText] = {}
    for k, entry in enumerate(english.glossary):
        partner = by_english.get(term_key(entry.term))
        if partner is not None:
            found[k] = partner
    if not found and len(translation.glossary) == len(english.glossary):
        found = dict(enumerate(translation.glossary))
    return found
