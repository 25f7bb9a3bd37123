"""Documents as history sees them: nodes in document order with their comparable forms.

Loaded once per document (three queries) and shared by pairing, diffing and the
chain, so the text is normalised and tokenised once however often it is compared.
"""

from __future__ import annotations

import sqlite3
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from kb.core.numbers import RuleNumber
from kb.history.text import bag, document_frequency, fold_title, mask_numbers, normalise
from kb.store.documents import document_rows
from kb.store.reader import Store


@dataclass
class Node:
    """One section, chapter, rule or subrule of a document."""

    index: int  # position in document order
    rule_id: int
    number: str
    kind: str
    parent: str | None
    title: str | None
    text: str
    examples: list[str] = field(default_factory=list)
    cites: tuple[str, ...] = ()
    parent_index: int | None = None
    # comparable forms
    same: str = ""  # normalised title and text: equal means unchanged
    key: str = ""  # ``same`` with cited numbers masked: equal means at most references changed
    words: Counter = field(default_factory=Counter)

    @property
    def heading(self) -> bool:
        return self.kind in ("section", "chapter")


@dataclass
class GlossaryItem:
    index: int
    term: str
    text: str
    folded: str = ""
    words: Counter = field(default_factory=Counter)


@dataclass
class Doc:
    """One stored document, read for comparison."""

    id: int
    name: str
    lang: str
    edition: str | None
    sha256: str
    nodes: list[Node]
    glossary: list[GlossaryItem]
    by_number: dict[str, int] = field(default_factory=dict)  # first node of each number
    _df: Counter | None = None

    @property
    def label(self) -> str:
        return self.edition or self.name

    @property
    def df(self) -> Counter:
        """Word document frequencies of the nodes, computed once (a document is paired twice in the chain)."""
        if self._df is None:
            self._df = document_frequency([n.words for n in self.nodes])
        return self._df


def connection(source) -> sqlite3.Connection:
    """The sqlite3 connection of a KnowledgeBase, a sqlite_utils.Database or a connection."""
    return getattr(source, "conn", source)


def stored_documents(source) -> list[dict]:
    """Every stored document as the resolver reads it (kb.store.documents.document_rows). A Store
    gives the list its lookups keep until the database changes: a rule page traces its rule back
    and forward, and each trace asked for the documents four times, each read and marked anew
    (a third of the page's time); a bare connection reads them."""
    if isinstance(source, Store):
        return source.documents()
    return document_rows(connection(source))


Forms = dict[tuple[str | None, str | None], tuple[str, str, Counter]]


def load_doc(source, name_or_id: str | int, *, glossary: bool = True, forms: Forms | None = None) -> Doc:
    """Read one document's rules, examples, citations and (unless told not to) glossary.

    ``forms`` keeps each (title, text)'s comparable forms for the documents loaded after this one:
    editions repeat most of their texts (288,370 English rules hold 12,401 distinct ones), so the chain
    normalises each text once rather than once per edition (the forms are never changed in place)."""
    conn = connection(source)
    column = "id" if isinstance(name_or_id, int) else "name"
    row = conn.execute(
        f"select id, name, lang, edition, sha256 from documents where {column} = ?", [name_or_id]
    ).fetchone()
    if row is None:
        raise KeyError(name_or_id)
    doc_id = row[0]
    examples: dict[int, list[str]] = defaultdict(list)
    for rule_id, text in conn.execute(
        "select rule_id, text from examples where document_id = ? order by rule_id, position", [doc_id]
    ):
        examples[rule_id].append(text or "")
    cites: dict[int, list[str]] = defaultdict(list)
    for rule_id, target in conn.execute(
        "select rule_id, target_start from refs where document_id = ? and rule_id is not null order by id", [doc_id]
    ):
        cites[rule_id].append(target)
    nodes = [
        make_node(
            i,
            rule_id,
            number,
            kind,
            parent,
            title,
            text,
            examples.get(rule_id, []),
            tuple(cites.get(rule_id, ())),
            forms,
        )
        for i, (rule_id, number, kind, parent, title, text) in enumerate(
            conn.execute(
                "select id, number, kind, parent, title, text from rules where document_id = ? order by seq", [doc_id]
            )
        )
    ]
    entries = (
        [
            glossary_item(i, term, text)
            for i, (term, text) in enumerate(
                conn.execute("select term, text from glossary where document_id = ? order by seq", [doc_id])
            )
        ]
        if glossary
        else []
    )
    return finish_doc(Doc(doc_id, row[1], row[2], row[3], row[4], nodes, entries))


def make_node(
    index, rule_id, number, kind, parent, title, text, examples=(), cites=(), forms: Forms | None = None
) -> Node:
    found = forms.get((title, text)) if forms is not None else None
    if found is None:
        found = comparable_forms(title, text)
        if forms is not None:
            forms[(title, text)] = found
    same, key, words = found
    return Node(
        index,
        rule_id,
        number,
        kind,
        parent,
        title,
        text or "",
        list(examples),
        tuple(cites),
        same=same,
        key=key,
        words=words,
    )


def comparable_forms(title: str | None, text: str | None) -> tuple[str, str, Counter]:
    """A node's normal form, that form with cited numbers masked, and its word bag."""
    same = normalise(f"{title or ''} | {text or ''}")
    key = mask_numbers(same)
    return same, key, bag(key, masked=True)


def glossary_item(index: int, term: str | None, text: str | None) -> GlossaryItem:
    return GlossaryItem(index, term or "", text or "", fold_title(term), bag(normalise(f"{term} {text}")))


def build_doc(name: str, rules, glossary=(), *, lang: str = "en", edition: str | None = None) -> Doc:
    """A document from importer records (kb.importers.records.Rule and GlossaryEntry), without a database:
    for comparing texts that are not stored, and for tests."""
    nodes = []
    for i, rule in enumerate(rules):
        number = RuleNumber.parse(rule.number)
        parent = number.parent
        nodes.append(
            make_node(
                i,
                -1 - i,
                str(number),
                number.kind,
                str(parent) if parent else None,
                rule.title,
                rule.text,
                rule.examples,
            )
        )
    items = [glossary_item(i, g.term, g.text) for i, g in enumerate(glossary)]
    return finish_doc(Doc(0, name, lang, edition, "", nodes, items))


def finish_doc(doc: Doc) -> Doc:
    """Index numbers and link each node to its parent node."""
    for node in doc.nodes:
        doc.by_number.setdefault(node.number, node.index)
    for node in doc.nodes:
        if node.parent is not None:
            node.parent_index = doc.by_number.get(node.parent)
    return doc
