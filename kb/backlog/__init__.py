"""What to re-translate: the update list between a translation's edition and a newer English
edition, with PO files for translators' tools. See docs/backlog.md.

    backlog(conn, "ja@2026-01-16")                        -> Backlog (items in the newer edition's order)
    backlog(conn, "zh@2023-11-17", to="2026-04-17", section="702")
    write_po(result)                                      -> bytes of a gettext PO file
    agreement(conn, result, "zh@2026-04-17")              -> how the list compares with what translators did

Every function takes a KnowledgeBase, a sqlite_utils.Database or a sqlite3 connection.
The names load on first use: kb.cli imports kb.backlog.command, and a command line that
does not ask for a backlog should not pay for the history package.
"""

from __future__ import annotations

import importlib

_NAMES = {
    "backlog": "kb.backlog.build",
    "BacklogError": "kb.backlog.build",
    "Backlog": "kb.backlog.model",
    "Item": "kb.backlog.model",
    "KINDS": "kb.backlog.model",
    "write_po": "kb.backlog.po",
    "agreement": "kb.backlog.translators",
    "Agreement": "kb.backlog.translators",
}
__all__ = sorted(_NAMES)


def __getattr__(name: str):
    if name in _NAMES:
        return getattr(importlib.import_module(_NAMES[name]), name)
    raise AttributeError(f"module 'kb.backlog' has no attribute {name!r}")
