"""Which documents a search reads, and which of their rules count as one rule.

By default each language's newest edition (a language with no dated document, like the
German wiki quote, contributes its undated documents); ``edition="all"`` reads every
document; a date or document name reads that edition. Rules are grouped by number
within a family of documents whose numbering agrees: the newest editions together,
one named edition, or — for all editions — the renumbering chain where kb.history has
stored it (see :mod:`kb.search.lineage`) and else the number. An undated document's
numbering is unknown, so it is a family of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from kb.core.editions import ALL, NEWEST, normalise_edition
from kb.core.errors import NoDatabase, UnknownLanguage
from kb.i18n import _
from kb.search.analyzers import language_field
from kb.store import Store
from kb.store.documents import document_rows, edition_documents, newest_per_language
from kb.store.state import derived


@dataclass(frozen=True)
class ScopeDocument:
    id: int
    name: str
    lang: str
    edition: str | None
    family: str
    renumbered: bool = False  # undated, its numbers read as today's through its inferred edition


@dataclass
class Scope:
    label: str  # "newest", "all" or the edition asked for
    documents: list[ScopeDocument]
    renumbering: dict[str, dict[str, str]] = field(default_factory=dict)  # document -> {its number: today's}

    @property
    def languages(self) -> list[str]:
        """The analysis languages of the documents, in first-seen order."""
        return list(dict.fromkeys(language_field(d.lang) for d in self.documents))

    def by_name(self) -> dict[str, ScopeDocument]:
        return {d.name: d for d in self.documents}


def resolve_scope(store: Store, langs: list[str] | None = None, edition: str | None = None) -> Scope:
    """The documents of a search, chosen by the store's one resolver (kb.store.documents).

    Kept in the store's derived cache (kb.store.state) until the database changes: reading and
    ranking the documents table was a tenth of a warm query.
    """
    return derived(store.conn, "search.scope", (tuple(langs or ()), edition), lambda: _resolve(store, langs, edition))


def _resolve(store: Store, langs: list[str] | None, edition: str | None) -> Scope:
    docs = sorted(document_rows(store.conn), key=lambda d: (d["lang"], d["edition"] or "", d["name"]))
    if not docs:
        raise NoDatabase(_("the database holds no documents: run 'mtgkb build' or 'mtgkb import' first"))
    if langs:
        known = sorted({d["lang"] for d in docs})
        missing = [lang for lang in langs if lang not in known]
        if missing:
            raise UnknownLanguage(_("no documents in language {lang!r}").format(lang=missing[0]), known)
        docs = [d for d in docs if d["lang"] in langs]
    if edition is None or edition.lower() in NEWEST:
        return Scope(
            "newest",
            [_document(d, "newest" if d["edition"] else f"doc:{d['name']}") for d in newest_per_language(docs)],
        )
    if edition.lower() == ALL:
        return Scope("all", [_document(d, "all" if d["edition"] else f"doc:{d['name']}") for d in docs])
    chosen = edition_documents(docs, edition)  # the one resolver (kb.store.documents)
    wanted = normalise_edition(edition)
    return Scope(chosen[0]["edition"] or edition, [_document(d, f"edition:{wanted}") for d in chosen])


def _document(row: dict, family: str) -> ScopeDocument:
    return ScopeDocument(row["id"], row["name"], row["lang"], row["edition"], family)


def renumber_undated(scope: Scope, mappings: dict[str, dict[str, str]]) -> Scope:
    """The newest scope with undated documents read in today's numbering where their edition is known.

    kb.history infers the editions an undated text was taken from ("Instabilität" quotes the
    CR of 2010) and the renumbering chain gives each of its rules today's number, so the German
    702.23a joins today's 702.26a as one result. Rules the chain does not carry to today stay a
    family of their own.
    """
    if scope.label != "newest" or not mappings:
        return scope
    documents = [
        replace(d, family="newest", renumbered=True) if not d.edition and mappings.get(d.name) else d
        for d in scope.documents
    ]
    return Scope(scope.label, documents, {d.name: mappings[d.name] for d in documents if d.renumbered})
