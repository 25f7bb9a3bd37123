"""A PO translation's English side matched against the English editions held.

A translation platform's PO file is an exact copy of one edition's English text with the
translation beside it; it may say its date nowhere (the effective-date line left out) and may
give no numbers (the msgid is the rule text alone). The English side then tells both: the
edition whose texts it copies, with how many of its messages matched there and how far the
next edition stays behind (how sure), and each unnumbered rule's number in that edition.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from kb.importers.records import Document

_SPACE = re.compile(r"\s+")


def complete_po(conn, document: "Document", path: str) -> None:
    """Date and number a PO document from its English side; nothing to do when it gave both."""
    from kb.importers.po import assemble, without_number  # lazy: the PO reader and polib: only a PO import needs them
    from kb.importers.references import find_references  # lazy: the citation grammar: only a PO import needs it

    entries = document.po_entries or []
    unnumbered = [e for e in entries if e.kind == "unnumbered"]
    if document.edition and not unnumbered:
        return
    english = [e for e in entries if e.kind in ("rule", "unnumbered")]
    if not english:
        return
    candidates = conn.execute(
        "select id, name, edition from documents where lang = 'en' and format = 'cr-text' and edition is not null "
        "order by edition desc"
    ).fetchall()
    if document.edition:
        candidates = [c for c in candidates if c[2] == document.edition] or candidates
    scores = []
    for doc_id, name, edition in candidates:
        by_text: dict[str, str] = {}
        pairs: set[tuple[str, str]] = set()
        for number, title, text in conn.execute(
            "select number, title, text from rules where document_id = ?", [doc_id]
        ):
            said = _norm(text or title or "")
            by_text.setdefault(said, number)
            pairs.add((number, said))
        matched = sum(
            ((e.number, _norm(e.english)) in pairs) if e.number else (_norm(e.english) in by_text) for e in english
        )
        scores.append((matched, edition or "", name, by_text))
    if not scores:
        return
    scores.sort(key=lambda s: (s[0], s[1]), reverse=True)
    matched, edition, name, by_text = scores[0]
    if not document.edition:
        if matched < 0.5 * len(english):
            return  # too unlike every edition held: the import fails for want of a date
        runner = scores[1][0] if len(scores) > 1 else 0
        document.edition = edition
        # Stored like every importer's evidence ("header: ..."): in English, whatever the interface.
        document.edition_evidence = (
            f"English side matches {name}: {matched} of {len(english)} messages ({matched / len(english):.0%}); "
            f"next best {runner} ({runner / len(english):.0%})"
        )
        document.meta.setdefault("english", name)
    for entry in unnumbered:
        number = by_text.get(_norm(entry.english))
        if number is not None:
            entry.kind, entry.number = "rule", number
            entry.text = without_number(entry.text, number)  # a translator may have written it
    assemble(document, entries, path)
    document.references = find_references(document)


def _norm(text: str) -> str:
    return _SPACE.sub(" ", text).strip()
