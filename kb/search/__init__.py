"""Full-text search over the rules in every language: whoosh index beside the database.

    >>> from kb.search import search, complete, update_index, rebuild_index, fuzzy_glossary
    >>> search(kb, "Instabilität Spielstein").results[0].number

The index lives at ``<database>.search/`` and follows the database (see
:mod:`kb.search.index`); docs/search.md describes the query language and ranking.
"""

from kb.search.complete import complete
from kb.search.engine import search
from kb.search.fuzzy import fuzzy_glossary, suggest
from kb.search.index import IndexReport, index_dir, rebuild_index, sync_index, update_index
from kb.search.parse import QueryError
from kb.search.results import Completion, RuleVersion, SearchResult, SearchResults, Snippet, Suggestion

__all__ = [
    "Completion", "IndexReport", "QueryError", "RuleVersion", "SearchResult", "SearchResults", "Snippet",
    "Suggestion", "complete", "fuzzy_glossary", "index_dir", "rebuild_index", "search", "suggest", "sync_index",
    "update_index",
]
