"""Each reader page as HTML: a view from kb.reader.views (or the facade) through its template.

Functions return ``(html, status)``; a lookup that fails gives a page that says what was
not found and what exists nearby (status 404), or 400 for input that is no number or edition.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import groupby
from urllib.parse import urlencode

from kb.api import KnowledgeBase, MtgkbError
from kb.core.errors import BadQuery
from kb.core.numbers import RuleNumber, RuleNumberError
from kb.i18n import _
from kb.reader import views
from kb.reader.glossary import glossary_index
from kb.reader.history import KINDS, SECTIONS, diff_view
from kb.reader.history import overview as build
from kb.reader.render import render, stream
from kb.reader.side_docs import docs_view
from kb.reader.urls import Urls

Page = tuple[str, int]


def _missing(urls: Urls, error: MtgkbError) -> Page:
    # A text that is no rule number nor name is bad input (400); an edition the database does not
    # hold yet 409 (HistoryNotBuilt); anything else not found.
    status = 400 if isinstance(error.__cause__, RuleNumberError) else error.http_status
    status = status if 400 <= status < 500 else 404
    return render("missing.html", urls, message=str(error), suggestions=error.suggestions), status


def home(kb: KnowledgeBase, urls: Urls, documents: list | None = None, sides: list | None = None) -> str:
    """The editions and languages held, newest first within each language, and a search box;
    ``sides`` lists the side-by-side pages of an export (href, translation, english)."""
    documents = documents if documents is not None else kb.documents()
    ranked = sorted(documents, key=lambda d: (d.lang != "en", d.lang))
    languages = []
    for lang, group in groupby(ranked, key=lambda d: d.lang):
        docs = sorted(group, key=lambda d: d.edition or (d.inferred or {}).get("last") or "", reverse=True)
        languages.append({"lang": lang, "documents": docs})
    return render("home.html", urls, languages=languages, sides=sides or [])


def document(kb: KnowledgeBase, urls: Urls, name: str) -> Iterator[str]:
    """A whole document, streamed."""
    return stream("document.html", urls, view=views.document_view(kb, name))


def document_or_missing(kb: KnowledgeBase, urls: Urls, name: str) -> Iterator[str] | Page:
    try:
        return document(kb, urls, name)
    except MtgkbError as error:
        return _missing(urls, error)


def glossary(kb: KnowledgeBase, urls: Urls, name: str, documents: list | None = None) -> str:
    """A document's glossary index; ``documents`` limits the other languages it links to."""
    return render("glossary.html", urls, view=glossary_index(kb, name, documents))


def glossary_or_missing(kb: KnowledgeBase, urls: Urls, name: str) -> Page:
    try:
        return glossary(kb, urls, name), 200
    except MtgkbError as error:
        return _missing(urls, error)


def rule_or_missing(
    kb: KnowledgeBase, urls: Urls, number: str, *, lang: str | None = None, edition: str | None = None
) -> Page:
    try:
        view = views.rule_view(kb, number, lang=lang, edition=edition)
    except MtgkbError as error:
        return _missing(urls, error)
    return render("rule.html", urls, view=view), 200


def side_by_side(kb: KnowledgeBase, urls: Urls, specs: list[str]) -> Page:
    """Two or three rules aligned through the chain, with the cross-check's flags."""
    if len(specs) < 2:
        return render(
            "missing.html",
            urls,
            message=_("side by side needs two or three rules, such as s=de:702.23&s=ja:702.26"),
            suggestions=[],
        ), 400
    try:
        view = views.side_by_side(kb, specs)
    except MtgkbError as error:
        return _missing(urls, error)
    except ValueError as error:
        return render("missing.html", urls, message=str(error), suggestions=[]), 400
    return render("side.html", urls, view=view), 200


def side_docs(kb: KnowledgeBase, urls: Urls, names: list[str]) -> Iterator[str] | Page:
    """Two or three whole documents aligned rule by rule, streamed; a page that says what is wrong otherwise."""
    try:
        view = docs_view(kb, names, views.held_documents(kb))
    except MtgkbError as error:
        status = 400 if error.exit_code == 2 else 404
        return render("missing.html", urls, message=str(error), suggestions=error.suggestions), status
    return stream("side_docs.html", urls, view=view)


def trace(kb: KnowledgeBase, urls: Urls, number: str, edition: str | None) -> Page:
    """A rule's trace as a timeline: back to the oldest edition and forward to the newest."""
    try:
        back = kb.trace(number, edition, back=True).to_dict()
        forward = kb.trace(number, back["edition"]).to_dict()
    except MtgkbError as error:
        return _missing(urls, error)
    joined = forward["steps"][:1]
    if (
        joined
        and back["steps"]
        and joined[0].get("change") is None
        and back["steps"][0]["edition"] == joined[0]["edition"]
    ):
        joined = [{**joined[0], "change": back["steps"][0].get("change")}]  # how it came from the edition before
    steps = [*reversed(back["steps"][1:]), *joined, *forward["steps"][1:]]
    return render(
        "trace.html",
        urls,
        number=number,
        edition=back["edition"],
        steps=steps,
        subrules=forward.get("subrules", []),
        subrule_changes=_subrule_changes(back, forward),
    ), 200


def _subrule_changes(*traces: dict) -> dict[str, list[tuple[str, str, str]]]:
    """Per edition, the subrules that changed on arriving at it (number, document, change): a rule
    whose own text stayed ("unchanged") is not unchanged when its subrules were renumbered or edited."""
    found: dict[str, dict[str, tuple[str, str, str]]] = {}
    for trace in traces:
        for subrule in trace.get("subrules", []):
            for step in subrule["steps"]:
                if step.get("change") not in (None, "unchanged") and step.get("number"):
                    found.setdefault(step["edition"], {})[step["number"]] = (
                        step["number"],
                        step["document"],
                        step["change"],
                    )
    return {edition: sorted(changes.values()) for edition, changes in found.items()}


def diff(kb: KnowledgeBase, urls: Urls, old: str, new: str, section: str | None) -> Page:
    section = (section or "").strip() or None  # the history page's form sends an empty field
    try:
        data = diff_view(kb, old, new, section)
    except MtgkbError as error:
        return _missing(urls, error)
    except ValueError as error:
        return render("missing.html", urls, message=str(error), suggestions=[]), 400
    return render("diff.html", urls, diff=data, section=section), 200


def renumbered(kb: KnowledgeBase, urls: Urls, old: str, new: str) -> Page:
    try:
        data = kb.renumbered(old, new).to_dict()
    except MtgkbError as error:
        return _missing(urls, error)
    return render("renumbered.html", urls, data=data), 200


def overview(kb: KnowledgeBase, urls: Urls) -> Page:
    return render("history.html", urls, view=build(kb), kinds=list(KINDS), sections=SECTIONS), 200


PER_PAGE = 20


def search(kb: KnowledgeBase, urls: Urls, query: str, page: int = 1) -> Page:
    """Ranked results, each rule with a snippet in every language that matched, ``PER_PAGE`` a
    page; with what the search knows: the total, its correction and the expansions it used."""
    empty: dict[str, object] = {"query": query, "results": [], "error": None, "found": None, "page": 1, "pages": 1}
    if not query.strip():
        return render("search.html", urls, **{**empty, "query": ""}), 200
    page = max(1, page)
    try:
        found = kb.search(query, limit=min(page * PER_PAGE, SEARCH_LIMIT)).to_dict()
    except BadQuery as error:
        return render("search.html", urls, **{**empty, "error": str(error)}), 400
    results = found["results"][(page - 1) * PER_PAGE :]
    for result in results:
        for version in result["versions"]:
            snippet = version.get("snippet") or {}
            version["pieces"] = _highlighted(snippet.get("text") or "", snippet.get("highlights") or [])
    found["linked_expansions"] = {
        word: [_rule_linked(entry) for entry in meant] for word, meant in found["expansions"].items()
    }
    reachable = min(found["matched"], SEARCH_LIMIT)
    pages = max(1, -(-reachable // PER_PAGE))
    return render(
        "search.html",
        urls,
        query=query,
        results=results,
        error=None,
        found=found,
        page=page,
        pages=pages,
        first=(page - 1) * PER_PAGE + 1,
    ), 200


SEARCH_LIMIT = 200  # kb.search's largest page: results past it are counted, not listed


def jump(number: str) -> str | None:
    """Where the jump-to-rule box goes for ``number`` ("702.26b", "CR 702.26b", "702.26b."), or None
    when it names no rule (the box then searches for it)."""
    text = number.strip()
    if text.lower().startswith("cr"):
        text = text[2:].strip()
    try:
        parsed = RuleNumber.parse(text.rstrip("."))
    except RuleNumberError:
        return None
    return f"/rules/{parsed}"


def jump_named(kb: KnowledgeBase, name: str) -> str | None:
    """Where the jump-to-rule box goes for a rule's title or term ("phasing", "フェイジング",
    "Instabilität"): the page of the one rule it names, or None (several rules, or none: the box
    then searches for it, where every candidate is listed)."""
    if not name.strip():
        return None
    try:
        rule = kb.rule_named(name)
    except MtgkbError:
        return None
    query = {"lang": rule.lang} if rule.lang != "en" else {}
    if rule.edition is None:  # an undated document (the German wiki's "Instabilität") is named
        query["edition"] = rule.document
    return f"/rules/{rule.number}" + (f"?{urlencode(query)}" if query else "")


def _rule_linked(entry: str) -> tuple[str, str | None]:
    """An entry of "Also searched for" as (words, rule number): what a named card's text says ends
    with its rule ("can't lose the game → 104.3") and the cards' interaction lists bare rules
    ("613.1"); the page links the number to its rule, as the card page does. Other entries (a
    term, "Enters the Battlefield") have no number: (entry, None)."""
    words, arrow, last = entry.rpartition(" → ")
    number = last.strip()
    try:
        RuleNumber.parse(number)
    except RuleNumberError:
        return entry, None
    return (words + arrow if arrow else ""), number


def _highlighted(text: str, highlights: list) -> list[tuple[str, bool]]:
    pieces, at = [], 0
    for start, end in sorted(highlights):
        start = max(start, at)
        if start > at:
            pieces.append((text[at:start], False))
        if end > start:
            pieces.append((text[start:end], True))
        at = max(at, end)
    if at < len(text):
        pieces.append((text[at:], False))
    return pieces


def completions(kb: KnowledgeBase, urls: Urls, prefix: str) -> list[dict]:
    """Completions for the search box, each with where picking it goes: the rule it names in the
    document it was read from, through the rule's identity (the German "Instabilität" names 702.23
    of its own text, Phasing, not today's 702.23, Rampage); an English rule of an older edition goes
    to today's number. ``label`` says which rule that is when the number is not today's."""
    if not prefix.strip():
        return []
    found = []
    for item in kb.complete(prefix, limit=8):
        data = item.to_dict() if hasattr(item, "to_dict") else dict(item)
        rule = data.get("rule")
        data["href"] = (
            urls.rule(rule, data.get("document")) if rule else f"{urls.search()}?{urlencode({'q': data['text']})}"
        )
        if rule and data.get("document"):
            _through_identity(kb, urls, data)
        found.append(data)
    return found


def _through_identity(kb: KnowledgeBase, urls: Urls, data: dict) -> None:
    try:
        rule = kb.rule(data["rule"], edition=data["document"])
    except MtgkbError:  # a glossary without rules (a dictionary file): its language's newest text
        try:
            rule = kb.rule(data["rule"], lang=data["lang"])
        except MtgkbError:
            return
        data.update(document=rule.document, href=urls.rule(rule.number, rule.document))
    current = rule.current or {}
    if rule.lang == "en" and current and current["document"] != rule.document:
        data.update(
            rule=current["number"],
            document=current["document"],
            href=urls.rule(current["number"], current["document"]),
            label=current["number"],
        )
    elif current and current["number"] != rule.number:
        data["label"] = _("{number} (today {current})").format(number=rule.number, current=current["number"])
    elif not current:
        data["label"] = f"{rule.number} ({rule.edition or rule.document})"


def term(kb: KnowledgeBase, urls: Urls, query: str) -> Page:
    """A term in every language, and its glossary entries."""
    try:
        names = [t.to_dict() if hasattr(t, "to_dict") else t for t in kb.term(query)]
    except MtgkbError:
        names = []
    entries: object = []  # a GlossaryResult when the lookup answers
    try:
        entries = kb.glossary(query)
    except MtgkbError:
        pass
    if not names and not entries:
        return render(
            "missing.html", urls, message=_("no glossary entry for {term!r}").format(term=query), suggestions=[]
        ), 404
    return render("term.html", urls, query=query, names=names, entries=entries), 200


def card(kb: KnowledgeBase, urls: Urls, name: str) -> Page:
    """An imported card: its text with each rules term linked to its rule, its other names."""
    try:
        found = kb.card(name)
    except MtgkbError as error:  # no such card (404), or no name at all (400)
        return render("missing.html", urls, message=str(error), suggestions=error.suggestions), error.http_status
    faces = found.faces or [found]
    return render(
        "card.html",
        urls,
        card=found,
        asked=name,
        faces=[
            {"face": face, "pieces": _linked(face.oracle_text, face.terms), "defense": getattr(face, "defense", "")}
            for face in faces
        ],
        # a battle's defense links to its rule as the CLI marks it ("Defense 6 [→210]"); printed beside the text
        defense_rule=next((t.rule for t in found.terms if t.term == "defense" and t.start < 0), None),
    ), 200


def _linked(text: str, terms) -> list[tuple[str, str | None]]:
    """The text in pieces: (text, None) between terms, (term, rule) for each term it spells."""
    pieces: list[tuple[str, str | None]] = []
    last = 0
    for term in sorted((t for t in terms if t.start >= 0), key=lambda t: t.start):
        if term.start < last:
            continue
        pieces.append((text[last : term.start], None))
        pieces.append((text[term.start : term.end], term.rule))
        last = term.end
    pieces.append((text[last:], None))
    return pieces
