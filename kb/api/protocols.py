"""What the write side and the lookup of rules by name need of the read facade, as one protocol.

Maintenance (kb.api.maintenance) and kb.api.naming take any object with these members; KnowledgeBase
is the one the project passes. Naming the protocol rather than the class keeps the package's imports
one way: the facade imports them, and they import nothing of the facade.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from kb.core.model import Rule
    from kb.core.progress import ProgressCallback
    from kb.core.results import DocumentInfo
    from kb.store import Store
    from kb.terms.glossary import GlossaryResult


class ReadFacade(Protocol):
    store: Store
    writer_held: bool
    on_demand: Callable[[str], AbstractContextManager[ProgressCallback | None]] | None
    index_after: bool

    def document(self, name: str) -> DocumentInfo: ...

    def search_index_status(self) -> str: ...

    def numbered_rule(self, number: str, *, lang: str | None = None, edition: str | None = None) -> Rule: ...

    def glossary(
        self, term: str, *, lang: str | None = None, edition: str | None = None, all_editions: bool = False
    ) -> GlossaryResult: ...
