"""Which citations are really broken: `refs --broken` without the noise of partial documents.

A glossary-only document (the Japanese term list) or an excerpt (a wiki article quoting one rule)
cites rules it was never meant to hold: "not in this document" is true and useless there. Such
a citation is checked in the full text the document belongs to instead, the same language's
text of its date, else the English edition of its date (for an undated one, the edition it was
inferred to match), and reported only when that text lacks the rule too. On a database of the
whole corpus that took `refs --broken` from 1,394 lines, 812 of them from partial documents, to
583: the full texts' own problems (no partial document cites a rule its full text lacks).
"""

from __future__ import annotations

from kb.core.model import Reference
from kb.store.documents import rank_key


def is_partial(doc: dict) -> bool:
    """A document that is not a whole rule text: another format, or no rules at all."""
    return doc.get("format", "cr-text") != "cr-text" or not doc.get("rules")


def full_text(store, doc: dict) -> dict | None:
    """The whole rule text a partial document belongs to, or None (see the module)."""
    edition = doc["edition"] or _inferred(store, doc["id"])
    if not edition:
        return None
    whole = [d for d in store.documents() if not is_partial(d)]
    own = [d for d in whole if d["lang"] == doc["lang"] and d["edition"] == edition]
    if own:
        return max(own, key=rank_key)
    english = [
        d for d in whole if d["lang"] == "en" and d["edition"] and d["edition"] <= edition and d["name"].count("_") <= 1
    ]
    return max(english, key=rank_key) if english else None


def _inferred(store, doc_id: int) -> str | None:
    try:
        row = store.conn.execute("select last from edition_inference where document_id = ?", [doc_id]).fetchone()
    except Exception:  # no inference table in an old database
        return None
    return row[0] if row else None


def really_broken(store, found: list[dict]) -> list[Reference]:
    """The rows (refs joined with their documents, see Store.broken_references) that are real problems."""
    by_id = {d["id"]: d for d in store.documents()}
    checked: dict[int, tuple[dict, set[str]] | None] = {}
    kept = []
    for row in found:
        doc = by_id.get(row["document_id"], {"format": row["format"], "rules": row["document_rules"]})
        if not is_partial(doc) or row["resolved"]:  # a full text, or a title quoted wrong for a rule it holds
            kept.append(_reference(row))
            continue
        if row["document_id"] not in checked:
            pivot = full_text(store, by_id[row["document_id"]]) if row["document_id"] in by_id else None
            checked[row["document_id"]] = (
                None
                if pivot is None
                else (
                    pivot,
                    {
                        number
                        for (number,) in store.conn.execute(
                            "select number from rules where document_id = ?", [pivot["id"]]
                        )
                    },
                )
            )
        target = checked[row["document_id"]]
        if target is None:
            continue  # nothing to check it in: out of scope
        pivot, numbers = target
        if all(n in numbers for n in (row["target_start"] or row["target"], row["target_end"] or row["target"])):
            continue
        kept.append(_reference(row, checked_in=pivot["name"]))
    return kept


def _reference(row: dict, checked_in: str | None = None) -> Reference:
    return Reference(
        source=row["source"],
        glossary_term=row["glossary_term"],
        raw=row["raw"],
        target=row["target"],
        title=row["title"],
        resolved=bool(row["resolved"]),
        title_matches=None if row["title_matches"] is None else bool(row["title_matches"]),
        document=row["document"],
        lang=row["lang"],
        edition=row["edition"],
        actual_title=row["actual_title"] if row["title_matches"] == 0 else None,
        checked_in=checked_in,
    )
