"""The store layer: the SQLite schema, writing documents, reading rows, and the one document resolver.

schema     the versioned migration list; connect()
write      store_document(): one document, atomically, refusing to lose much of a stored one
faults     database_fault(): a sqlite3 error as a message naming the database
lock       writer_lock(): imports and repairs of one database queue
reader     Store: documents, the resolver applied, rules, citations, glossary
documents  the resolver itself (pure functions over document rows)
lookup     in-memory indexes that make a lookup a few dictionary reads
update     the newest official CR (kb/importers/official.py downloads it) stored when newer
state      what the database holds now, and the one cache of data derived from it (per file)
"""

from kb.store.faults import database_fault  # noqa: F401
from kb.store.reader import Store, rows  # noqa: F401
from kb.store.schema import SCHEMA_VERSION, complete_schema, connect, database, migrate, schema_version  # noqa: F401

# Writing needs the importers' citation grammar; a fresh `mtgkb show` only reads, so it is loaded
# when first asked for.
_WRITE = (
    "StoreResult",
    "_delete_document",
    "content_digest",
    "delete_document",
    "digest",
    "document_sha",
    "store_document",
)


def __getattr__(name: str):
    if name in _WRITE:
        from kb.store import write  # lazy: the citation grammar, for writing only

        return getattr(write, name)
    raise AttributeError(f"module 'kb.store' has no attribute {name!r}")
