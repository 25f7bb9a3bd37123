"""The reader as a static site: index.html, one page per document, and the assets.

Every link is relative, so the folder works from file:// and on any static host: a
citation goes to the anchor of the cited rule in the same page (``#R70226b``), the
home page to ``<document>.html``. Pages the export has no files for (rule pages,
history, the served search) are not linked.

Search is Pagefind's (``pagefind`` on PyPI, with its binary): its index of the exported documents in
``pagefind/``, one index per language, and a search page per language, ``search-<lang>.html``. Its
index is fetched by script, which browsers refuse to a page opened from file://, so search needs the
folder served over HTTP (``python -m http.server -d DIR``); from file:// its page says so.
"""

from __future__ import annotations

import errno
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from urllib.parse import quote

from kb.api import BadInput, DocumentNotFound, KnowledgeBase, MtgkbError
from kb.core.model import Serialisable
from kb.i18n import _
from kb.reader import pages
from kb.reader.render import render
from kb.reader.urls import StaticUrls
from kb.reader.views import newest_full

ASSETS = ("reader.css", "reader.js", "favicon.svg", "search.js")


@dataclass
class ExportResult(Serialisable):
    folder: str
    documents: list[str]
    files: list[str] = field(default_factory=list)
    bytes: int = 0
    seconds: float = 0.0
    search: dict | None = None  # Pagefind's index: languages, pages indexed, seconds, its files' bytes


def choose_documents(
    kb: KnowledgeBase, langs: list[str] | None = None, edition: str | None = None, names: list[str] | None = None
) -> list:
    """The documents to export: those ``names`` names; else of ``edition`` (a date or a document name;
    an undated document by its inferred edition); else the newest of each language. Per language a
    full text is preferred to a wiki excerpt or a dictionary file of the same edition; ``langs``
    narrows to those languages."""
    documents = kb.documents()
    if names:
        held = {d.name: d for d in documents}
        unknown = [name for name in names if name not in held]
        if unknown:
            raise DocumentNotFound(_("no document named {name!r}").format(name=unknown[0]), sorted(held)[:10])
        return [held[name] for name in dict.fromkeys(names)]
    held_langs = sorted({d.lang for d in documents})
    for lang in langs or []:
        if lang not in held_langs:
            raise MtgkbError(_("no documents in language {lang!r}").format(lang=lang), held_langs)
    every = documents
    if langs:
        documents = [d for d in documents if d.lang in langs]
    if edition:  # the one resolver, over every language: a date in force, "newest", a document name
        resolved = set(kb.edition_documents(edition))
        in_force = {d.edition for d in every if d.name in resolved and d.edition}
        chosen = [
            d
            for d in documents
            if d.name in resolved or (d.edition is None and (d.inferred or {}).get("last") in in_force)
        ]
        if not chosen:
            editions = sorted({d.edition for d in documents if d.edition})
            raise MtgkbError(_("no edition {edition!r}").format(edition=edition), editions[-5:])
        return best_per_language(chosen)
    return best_per_language(documents)


def best_per_language(documents: list) -> list:
    """Per language (in the order ``documents`` gives them) its newest full text (kb.reader.views.newest_full),
    else its newest document: the Japanese translation, not the wiki excerpt of the same date."""
    chosen = []
    for lang in dict.fromkeys(d.lang for d in documents):
        mine = [d for d in documents if d.lang == lang]
        full = newest_full(mine, lang)
        chosen.append(full or max(mine, key=lambda d: (d.edition or (d.inferred or {}).get("last") or "", d.rules)))
    return chosen


def side_pairs(chosen: list) -> list[tuple]:
    """(translation, English document) of the export: each translation beside the exported English
    document of its edition (an undated one: of its newest inferred edition), else beside the newest
    English document exported (aligned through the chain). Raises BadInput when no English document
    is exported: a side page needs one, and saying nothing would leave the user without them."""
    english = {d.edition: d for d in chosen if d.lang == "en" and d.edition}
    translations = [d for d in chosen if d.lang != "en"]
    if translations and not english:
        raise BadInput(
            _(
                "--side puts each translation beside an English document, and none is exported: "
                "add --lang en (or name one with --document)"
            )
        )
    newest = english[max(english)] if english else None
    return [(doc, english.get(doc.edition or (doc.inferred or {}).get("last"), newest)) for doc in translations]


def export_html(
    kb: KnowledgeBase,
    folder: str | Path,
    *,
    langs: list[str] | None = None,
    edition: str | None = None,
    progress: Callable[[str], None] | None = None,
    side: bool = False,
    documents: list[str] | None = None,
    search: bool = True,
) -> ExportResult:
    """Write the static site into ``folder`` (created if needed; files of the same names replaced).

    ``documents`` names the documents (else choose_documents picks them). With ``side``, each
    translation is also written beside the exported English document of its edition, else the newest
    exported one (``<translation>.side.html``, cross-checked: the slow part); BadInput when none is.
    With ``search`` (the default), Pagefind indexes the exported documents and a search page is
    written per language (search_index)."""
    started = time.perf_counter()
    chosen = choose_documents(kb, langs, edition, documents)
    pairs = side_pairs(chosen) if side else []  # before any file is written: a refusal writes nothing
    target = Path(folder)
    (target / "static").mkdir(parents=True, exist_ok=True)
    search_langs = {d.lang for d in chosen if d.rules} if search else set()
    urls = StaticUrls({d.name for d in chosen}, search_langs)
    result = ExportResult(str(target), [d.name for d in chosen])

    def write(name: str, pieces) -> None:
        path = target / name
        with path.open("w", encoding="utf-8", newline="\n") as out:
            for piece in pieces:
                out.write(piece)
        result.files.append(name)
        result.bytes += path.stat().st_size

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
    for lang in sorted(search_langs):
        others = sorted(search_langs - {lang})
        write(
            urls.search_page(lang),
            [render("export_search.html", urls, lang=lang, others=others, folder=str(target.resolve()))],
        )
    assets = files("kb.reader") / "static"
    for asset in ASSETS:
        with (assets / asset).open("rb") as source, (target / "static" / asset).open("wb") as out:
            shutil.copyfileobj(source, out)
        result.files.append(f"static/{asset}")
        result.bytes += (target / "static" / asset).stat().st_size
    if search_langs:
        if progress:
            progress("pagefind")
        result.search = search_index(target)
        result.files.extend(result.search.pop("files"))
        result.bytes += result.search["bytes"]
    result.seconds = round(time.perf_counter() - started, 3)
    return result


def search_index(folder: Path) -> dict:
    """Pagefind over the exported pages of ``folder``, its index written to ``folder/pagefind``
    (replacing an older one). Only the documents' text is indexed (their ``data-pagefind-body``), each
    page under its ``<html lang>``, so each language gets its own index (Japanese and Chinese segmented
    into words by the extended binary). Says which languages and how many pages were indexed, how long
    it took, and the index's files and bytes.

    Pagefind's binary is run as its package documents it (``python -m pagefind``): its Python API's
    service, in 1.5.2, ended before it had written pagefind-entry.json, leaving the index unreadable."""
    started = time.perf_counter()
    output = folder / "pagefind"
    shutil.rmtree(output, ignore_errors=True)
    command = [sys.executable, "-m", "pagefind", "--site", str(folder), "--glob", "*.html", "--silent"]
    run = subprocess.run(command, capture_output=True, text=True, encoding="utf-8", errors="replace")
    if run.returncode != 0 or not (output / "pagefind-entry.json").is_file():
        raise OSError(
            errno.EIO,
            _("Pagefind could not index {folder}: {reason}").format(
                folder=folder, reason=(run.stderr or run.stdout).strip() or run.returncode
            ),
        )
    written = sorted(p for p in output.rglob("*") if p.is_file())
    languages = sorted(p.name.split(".")[1].split("_")[0] for p in output.glob("pagefind.*.pf_meta"))
    return {
        "languages": languages,
        "pages": len(list((output / "fragment").iterdir())),
        "seconds": round(time.perf_counter() - started, 3),
        "files": [p.relative_to(folder).as_posix() for p in written],
        "bytes": sum(p.stat().st_size for p in written),
    }
