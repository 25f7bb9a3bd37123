"""The write methods KnowledgeBase had before the write side became kb.api.maintenance.Maintenance.

Python callers outside the project (scripts, notebooks, docs/api.md's examples of earlier releases) call
``kb.import_paths(...)``, ``kb.build()`` or ``kb.repair()`` on the facade; each such method is here, one line
handing the call to Maintenance's method of the same name. The project's own front ends call Maintenance.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from kb.core.progress import ProgressCallback
from kb.core.results import ImportResult

if TYPE_CHECKING:
    from kb.api.maintenance import Maintenance


class EarlierWrites:
    """The write methods of the facade's earlier releases, each Maintenance's (KnowledgeBase inherits them)."""

    if TYPE_CHECKING:

        @property
        def maintenance(self) -> Maintenance: ...

    def import_file(self, path: str | Path, **options) -> ImportResult:
        return self.maintenance.import_file(path, **options)

    def import_paths(self, sources, **options) -> list[ImportResult]:
        return self.maintenance.import_paths(sources, **options)

    def import_cards(self, path: str | Path, progress: ProgressCallback | None = None):
        return self.maintenance.import_cards(path, progress)

    def update_cards(self, **options):
        return self.maintenance.update_cards(**options)

    def build(self, progress: ProgressCallback | None = None, **options) -> list[ImportResult]:
        return self.maintenance.build(progress, **options)

    def update(self, **options):
        return self.maintenance.update(**options)

    def update_history(self, progress: ProgressCallback | None = None):
        return self.maintenance.update_history(progress)

    def update_search_index(self, progress: ProgressCallback | None = None):
        return self.maintenance.update_search_index(progress)

    def reindex(self, progress: ProgressCallback | None = None):
        return self.maintenance.reindex(progress)

    def pending(self):
        return self.maintenance.pending()

    def repair(self, progress: ProgressCallback | None = None, on_wait: Callable[[str], None] | None = None):
        return self.maintenance.repair(progress, on_wait)

    def run_scenarios(self, paths: list[str] | None = None, **options) -> list:
        return self.maintenance.run_scenarios(paths, **options)

    def writing(self, on_wait: Callable[[str], None] | None = None, timeout: float | None = None):
        return self.maintenance.writing(on_wait, timeout)

    @staticmethod
    def explain_import(path: str | Path) -> dict:
        from kb.api.maintenance import Maintenance  # lazy: the importers and every feature, +380 ms

        return Maintenance.explain_import(path)
