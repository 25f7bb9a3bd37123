"""The reader as a static site: index.html, one page per document, and the assets.

Every link is relative, so the folder works from file:// and on any static host: a
citation goes to the anchor of the cited rule in the same page (``#R70226b``), the
home page to ``<document>.html``. Pages the export has no files for (rule pages,
history, search) are not linked.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from importlib.resources import files
from pathlib import Path
from urllib.parse import quote

from kb.api import KnowledgeBase, LookupFailed, normalise_edition
from kb.i18n import _
from kb.reader import pages
from kb.reader.urls import StaticUrls

ASSETS = ("reader.css", "reader.js", "favicon.svg")


@dataclass
class ExportResult:
    folder: str
    documents: list[str]
    files: list[str] = field(default_factory=list)
    bytes: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict:
        return asdict(self)


def choose_documents(kb: KnowledgeBase, langs: list[str] | None = None, edition: str | None = None) -> list:
    """The documents to export: of ``edition`` (a date or a document name; an undated document by
    its inferred edition), else the newest of each language; only ``langs`` when given."""
    documents = kb.documents()
    held = sorted({d.lang for d in documents})
    for lang in langs or []:
        if lang not in held:
            raise LookupFailed(_("no documents in language {lang!r}").format(lang=lang), held)
    if langs:
        documents = [d for d in documents if d.lang in langs]
    if edition:
        wanted = normalise_edition(edition)
        chosen = [d for d in documents
                  if d.name == edition or d.edition == wanted or (d.edition is None and (d.inferred or {}).get("last") == wanted)]
        if not chosen:
            editions = sorted({d.edition for d in documents if d.edition})
            raise LookupFailed(_("no edition {edition!r}").format(edition=edition), editions[-5:])
        return chosen
    newest: dict = {}
    for doc in documents:  # documents() lists each language oldest first, undated first
        if doc.edition or doc.lang not in newest:
            newest[doc.lang] = doc
    return list(newest.values())


def side_pairs(chosen: list) -> list[tuple]:
    """(translation, English document) of the export that pair by edition: each translation beside
    the exported English document of its edition (an undated one: of its newest inferred edition)."""
    english = {d.edition: d for d in chosen if d.lang == "en" and d.edition}
    pairs = []
    for doc in chosen:
        pivot = doc.edition or (doc.inferred or {}).get("last")
        if doc.lang != "en" and pivot in english:
            pairs.append((doc, english[pivot]))
    return pairs


def export_html(kb: KnowledgeBase, folder: str | Path, *, langs: list[str] | None = None, edition: str | None = None,
                progress: Callable[[str], None] | None = None, side: bool = False) -> ExportResult:
    """Write the static site into ``folder`` (created if needed; files of the same names replaced).

    With ``side``, each translation is also written beside the English document of its edition
    when that is exported too (``<translation>.side.html``, cross-checked: the slow part)."""
    started = time.perf_counter()
    chosen = choose_documents(kb, langs, edition)
    target = Path(folder)
    (target / "static").mkdir(parents=True, exist_ok=True)
    urls = StaticUrls({d.name for d in chosen})
    result = ExportResult(str(target), [d.name for d in chosen])

    def write(name: str, pieces) -> None:
        path = target / name
        with path.open("w", encoding="utf-8", newline="\n") as out:
            for piece in pieces:
                out.write(piece)
        result.files.append(name)
        result.bytes += path.stat().st_size

    pairs = side_pairs(chosen) if side else []
    sides = [{"href": f"{quote(t.name)}.side.html", "translation": t, "english": e} for t, e in pairs]
    write("index.html", [pages.home(kb, urls, chosen, sides)])
    if progress:
        progress("index.html")
    for doc in chosen:
        write(f"{doc.name}.html", pages.document(kb, urls, doc.name))
        if doc.glossary:  # its index links to the other languages' entries of this export only
            write(urls.glossary_index(doc.name), [pages.glossary(kb, urls, doc.name, chosen)])
        if progress:
            progress(doc.name)
    for translation, english in pairs:
        write(f"{translation.name}.side.html", pages.side_docs(kb, urls, [translation.name, english.name]))
        if progress:
            progress(f"{translation.name}.side")
    assets = files("kb.reader") / "static"
    for asset in ASSETS:
        with (assets / asset).open("rb") as source, (target / "static" / asset).open("wb") as out:
            shutil.copyfileobj(source, out)
        result.files.append(f"static/{asset}")
        result.bytes += (target / "static" / asset).stat().st_size
    result.seconds = round(time.perf_counter() - started, 3)
    return result
