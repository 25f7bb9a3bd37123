"""Editions added when a question needs them: what the read facade does where the database lacks history.

A default database that does not exist yet is built when first opened (``first_build_notice`` is what a
front end says meanwhile). The small database (the newest edition, the translations, the seeds) answers
most questions; a trace, a diff or a rule of an older edition needs editions it lacks. A front end that
may build (the CLI, never a server) sets ``on_demand``; the facade then imports what is missing
(Maintenance.add_history) and answers, else HistoryNotBuilt says what is held and what adds the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING

from kb.core import paths
from kb.core.errors import HistoryNotBuilt
from kb.core.progress import ProgressCallback
from kb.i18n import _
from kb.store.documents import history_missing, not_built

if TYPE_CHECKING:
    from kb.api.maintenance import Maintenance
    from kb.store import Store


class OnDemand:
    """The facade's history on demand (KnowledgeBase inherits it)."""

    if TYPE_CHECKING:
        store: Store

        @property
        def maintenance(self) -> Maintenance: ...

    @staticmethod
    def first_build_notice(path: str | Path | None = None) -> str | None:
        """What a front end says on stderr before ``open(path)`` builds the default database (it takes
        seconds); None when opening builds nothing."""
        db_path = paths.default_db_path()
        if path is not None or db_path.exists():
            return None
        return _(
            "Building {path} from the rule texts mtgkb carries: the newest English edition, the translations "
            "and the seeds ('mtgkb build' adds every edition since 1999) ..."
        ).format(path=db_path)

    # Set by a front end that may build what a question needs (the CLI; not a server, which must not
    # build in a request): called with a notice, it gives the progress view the build reports to.
    on_demand: Callable[[str], AbstractContextManager[ProgressCallback | None]] | None = None
    # True once an edition was added on demand without its search index: the front end brings the
    # index up to date (update_search_index) after it has answered.
    index_after = False

    def held(self, call: Callable):
        """``call()``; where it needs an edition the package carries and this database lacks (the
        small database), that edition is imported first when this facade builds on demand, else the
        HistoryNotBuilt condition says what is held and what adds the rest."""
        try:
            return call()
        except HistoryNotBuilt as missing:
            if not self.add_history(missing):
                raise
            return call()

    def history_missing(self) -> list[str]:
        """The English editions (dates) the package carries that this database, built from it, lacks."""
        return history_missing(self.store.documents())

    def whole_history(self) -> None:
        """Before a trace, a diff or a rule's history: every English edition the package carries, built
        here on demand, else HistoryNotBuilt (a small database would give a false history)."""
        if not self.history_missing():
            return
        missing = not_built(self.store.documents())
        if not self.add_history(missing):
            raise missing

    def history_ready(self) -> None:
        """Before a trace, a diff or renumbered: every English edition (``whole_history``), and the chain or an
        inference that a killed import left behind its documents computed (Maintenance.complete_history)."""
        from kb.repair import history_pending  # lazy: the chain and whoosh, +330 ms

        self.whole_history()
        if history_pending(self.store):
            self.maintenance.complete_history()

    def add_history(self, missing: HistoryNotBuilt) -> bool:
        """Import what ``missing`` names where this facade builds on demand (Maintenance.add_history);
        False where nothing may be built (no front end asked for it, or a read-only database)."""
        if self.on_demand is None or self.store.readonly:
            return False
        return self.maintenance.add_history(missing)
