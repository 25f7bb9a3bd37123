"""Corpus databases built once per test run and shared by every pytest-xdist worker.

A corpus database takes a minute or more to import; building it once per worker would undo
what the workers gain. Its folder lies in the run's temporary folder, which the session
fixture ``run_folder`` (tests/conftest.py) sets; this module holds it because pytest may load
conftest.py under two names, each with its own globals.
"""

from __future__ import annotations

import fcntl
import shutil
from collections.abc import Callable
from pathlib import Path

FOLDER: list[Path] = []  # the run's folder, once the session has started


def shared_database(name: str, build: Callable[[Path], object]) -> Path:
    """The database ``name``, made by ``build(path)`` once per test run, by whichever worker asks
    first; the others wait on a lock, then read it in place."""
    if not FOLDER:
        raise RuntimeError("shared_database() is for fixtures: the run's folder is set when the tests start")
    folder = FOLDER[0] / f"shared-{name}"
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.db"
    with (folder / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "built").exists():
            for leftover in folder.glob(f"{name}.db*"):  # of a build that failed
                shutil.rmtree(leftover) if leftover.is_dir() else leftover.unlink()
            build(path)
            (folder / "built").touch()
    return path


def small_database() -> Path:
    """The small database a first command builds (the newest English edition, the translations, the
    seeds; no search index), once per run for the test files that only read it."""

    def build(path: Path) -> None:
        from kb.api import KnowledgeBase
        from kb.importers.bundle import first_answers, read_bundle

        kb = KnowledgeBase.open(path)
        kb.import_paths(first_answers(read_bundle())[0], keep_going=False, index=False)
        kb.close()

    return shared_database("small", build)
