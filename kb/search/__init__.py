"""Full-text search over the rules in every language: whoosh index beside the database.

    >>> from kb.search import search, complete, update_index, rebuild_index, fuzzy_glossary
    >>> search(kb.store, "Instabilität Spielstein").results[0].number

The index lives at ``<database>.search/`` and follows the database (see
:mod:`kb.search.index`); docs/search.md describes the query language and ranking.
Importing this package costs nothing: each name loads its module on first use, so a
command that never searches never imports whoosh.
"""

from __future__ import annotations

import importlib

_EXPORTS = {
    "complete": "complete",
    "search": "engine",
    "fuzzy_glossary": "fuzzy",
    "suggest": "fuzzy",
    "IndexReport": "index",
    "index_dir": "index",
    "rebuild_index": "index",
    "sync_index": "index",
    "update_index": "index",
    "QueryError": "parse",
    "Completion": "results",
    "RuleVersion": "results",
    "SearchResult": "results",
    "SearchResults": "results",
    "Snippet": "results",
    "Suggestion": "results",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'kb.search' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"kb.search.{module}"), name)
    globals()[name] = value
    return value
