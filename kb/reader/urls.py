"""Where the reader's links go: the served site (absolute paths) or the static export
(relative file names, so that it works from file:// and any static host).

The export holds the home page and whole documents only; links to pages it does not
have (rule pages, history, search) are None and the templates leave them out.
"""

from __future__ import annotations

from urllib.parse import quote, urlencode

from kb.reader.links import anchor_id


class Urls:
    """Links of the served reader."""

    static_site = False

    def home(self) -> str:
        return "/"

    def asset(self, name: str) -> str:
        return f"/static/{name}"

    def document(self, name: str, number: str | None = None) -> str:
        return f"/read/doc/{quote(name)}" + (f"#{anchor_id(number)}" if number else "")

    def glossary_entry(self, document: str, slug: str) -> str:
        return f"/read/doc/{quote(document)}#{slug}"

    def glossary_index(self, document: str) -> str:
        """The alphabetical index of a document's glossary."""
        return f"/read/glossary/{quote(document)}"

    def rule(self, number: str, document: str | None = None) -> str | None:
        query = f"?{urlencode({'edition': document})}" if document else ""
        return f"/rules/{quote(number)}{query}"

    def rule_base(self, document: str) -> str | None:
        """The link of every rule of ``document`` with "{}" for the number (one quote() per page, not per rule)."""
        return "/rules/{}?" + urlencode({"edition": document})

    def side(self, specs: list[str]) -> str | None:
        return "/read/side?" + urlencode([("s", spec) for spec in specs])

    def side_docs(self, names: list[str] | None = None) -> str | None:
        """Whole documents side by side (without names: the form's target)."""
        return "/read/side/docs" + ("?" + urlencode([("d", name) for name in names]) if names else "")

    def trace(self, number: str, edition: str | None = None) -> str | None:
        return f"/read/history/{quote(number)}" + (f"?{urlencode({'edition': edition})}" if edition else "")

    def diff(self, old: str, new: str, section: str | None = None) -> str | None:
        params = {"old": old, "new": new, **({"section": section} if section else {})}
        return "/read/diff?" + urlencode(params)

    def renumbered(self, old: str, new: str) -> str | None:
        return "/read/renumbered?" + urlencode({"old": old, "new": new})

    def history(self) -> str | None:
        return "/read/history"

    def search(self) -> str | None:
        return "/read/search"

    def complete(self) -> str | None:
        return "/read/complete"

    def search_page(self, lang: str | None) -> str | None:
        """The export's search page of one language (the served reader searches at search())."""
        return None

    def jump(self) -> str | None:
        """The jump-to-rule box's target (a number goes to its rule page)."""
        return "/read/jump"

    def term(self, query: str) -> str | None:
        return f"/read/term/{quote(query, safe='')}"

    def card(self, name: str) -> str | None:
        return f"/read/card/{quote(name, safe='')}"

    def interface(self, lang: str) -> str | None:
        return f"/read/ui/{lang}"


class StaticUrls(Urls):
    """Links of the exported site: every page in one folder, assets in static/."""

    static_site = True

    def __init__(self, documents: set[str] | None = None, search_langs: set[str] | None = None):
        self.documents = documents  # the exported documents: links to any other would go nowhere
        self.search_langs = search_langs or set()  # the languages the export's Pagefind index holds

    def home(self) -> str:
        return "index.html"

    def asset(self, name: str) -> str:
        return f"static/{name}"

    def document(self, name: str, number: str | None = None) -> str:
        return f"{quote(name)}.html" + (f"#{anchor_id(number)}" if number else "")

    def glossary_entry(self, document: str, slug: str) -> str:
        return f"{quote(document)}.html#{slug}"

    def glossary_index(self, document: str) -> str:
        return f"{quote(document)}.glossary.html"

    def rule(self, number: str, document: str | None = None) -> str | None:
        if not document or (self.documents is not None and document not in self.documents):
            return None
        return self.document(document, number)

    def rule_base(self, document):
        return None

    def side(self, specs):
        return None

    def side_docs(self, names=None):
        return None

    def trace(self, number, edition=None):
        return None

    def diff(self, old, new, section=None):
        return None

    def renumbered(self, old, new):
        return None

    def history(self):
        return None

    def search(self):
        return None

    def card(self, name):
        return None

    def complete(self):
        return None

    def search_page(self, lang):
        return f"search-{lang}.html" if lang in self.search_langs else None

    def jump(self):
        return None

    def term(self, query):
        return None

    def interface(self, lang):
        return None
