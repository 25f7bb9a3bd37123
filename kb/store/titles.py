"""Rules by their titles: "phasing", "State-Based Actions", "フェイジング", "Instabilität", "时间跳跃".

Players name rules by their titles as readily as by their numbers, and the readers they know
(Yawgatog, Rulesraker) navigate by title. A title names a rule within a document, so the search
runs over the documents that answer by default: the newest of each language (an undated
document only where no dated one has the title: the German wiki's "702.23 Instabilität" is the
only German text of phasing). The glossary's forgiving match (the facade's ``glossary``) comes
after this exact one, in kb.api.
"""

from __future__ import annotations

import re
import unicodedata

from kb.store.documents import newest_per_language, primary_language, resolve

_QUOTES = "\"'“”„‘’«»「」『』"
_ARTICLE = re.compile(r"^(the|der|die|das)\s+", re.IGNORECASE)


def fold_title(text: str) -> str:
    """A title as people type it: case, width, quotes, a leading article, hyphens and spaces aside
    ("the stack" is "Stack", "state based actions" is "State-Based Actions")."""
    folded = unicodedata.normalize("NFKC", text).strip().strip(_QUOTES + " .,:;").casefold()
    folded = _ARTICLE.sub("", folded)
    return re.sub(r"[\s\-‐–_]+", " ", folded).strip()


def titled(store, name: str, *, lang: str | None = None, edition: str | None = None) -> list[dict]:
    """The rules titled ``name`` (fold_title), one per rule: {"number", "title", "lang", "document"},
    in the documents ``lang`` and ``edition`` name (by default the newest of each language; then,
    where those have none, the undated ones). ``lang`` first, then English, then the rest."""
    wanted = fold_title(name)
    if not wanted:
        return []
    docs = store.documents()
    if lang or edition:
        chosen = resolve(docs, lang=lang, edition=edition)
        scopes = [[d for d in chosen if d["edition"] == chosen[0]["edition"]]]
    else:
        dated = newest_per_language([d for d in docs if d["edition"] and d.get("whole", True)])
        scopes = [dated, [d for d in docs if not d["edition"]]]
    for scope in scopes:
        found = _titled_in(store.conn, scope, wanted)
        if found:
            order = primary_language(lang) if lang else "en"
            return sorted(found, key=lambda hit: (primary_language(hit["lang"]) != order, hit["lang"]))
    return []


def _titled_in(conn, docs: list[dict], wanted: str) -> list[dict]:
    """Rules of ``docs`` whose folded title is ``wanted``; one per language and number."""
    if not docs:
        return []
    by_id = {d["id"]: d for d in docs}
    marks = ", ".join("?" * len(by_id))
    rows = conn.execute(
        f"select document_id, number, title from rules where title is not null and document_id in ({marks})",
        list(by_id),
    )
    seen: dict[tuple[str, str], dict] = {}
    for doc_id, number, title in rows:
        if fold_title(title) == wanted:
            doc = by_id[doc_id]
            seen.setdefault(
                (primary_language(doc["lang"]), number),
                {"number": number, "title": title, "lang": doc["lang"], "document": doc["name"]},
            )
    return list(seen.values())
