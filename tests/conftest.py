"""Shared fixtures: the real corpus beside the project, read in place."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests import shared_databases

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("MTGKB_SHARED", ROOT.parent / "shared"))
CORPUS = SHARED / "corpus"
SEED_DIR = SHARED / "seeds"  # the three seed documents (bundled in data/rules.tar.xz, read in place here)
DATA = ROOT / "data"


def corpus_path(*parts: str) -> Path:
    """A file of ../shared/corpus; fails (never skips) when the corpus is not there."""
    path = CORPUS.joinpath(*parts)
    if not path.exists():
        pytest.fail(
            f"corpus file {path} not found: tests read the real corpus from ../shared/corpus "
            f"(set MTGKB_SHARED to the folder that holds corpus/ and seeds/)",
            pytrace=False,
        )
    return path


@pytest.fixture(scope="session", autouse=True)
def run_folder(tmp_path_factory) -> Path:
    """The folder of this test run that every worker shares: with pytest-xdist each worker has
    its own base folder, and their parent is the run's."""
    base = tmp_path_factory.getbasetemp()
    folder = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    shared_databases.FOLDER[:] = [folder]
    return folder


@pytest.fixture(autouse=True)
def english_interface(monkeypatch):
    """Tests assert English messages unless they choose a language themselves."""
    monkeypatch.setenv("MTGKB_LANG", "en")


@pytest.fixture
def corpus():
    return corpus_path


MINI = ROOT / "tests" / "data" / "mini"


def import_seeds(kb) -> None:
    """The three seed documents (German 702.23, Japanese 702.26 of 2023-11-17, the Russian site's
    page) and the bundled scenarios played and stored: a small database in a second, where
    `build` would import every edition the package carries."""
    kb.import_paths(sorted(SEED_DIR.glob("*.txt")), keep_going=False)
    kb.run_scenarios()


@pytest.fixture
def memory_kb():
    """A private in-memory database holding one small CR-shaped document (tests/data/mini)."""
    from kb.api import KnowledgeBase

    kb = KnowledgeBase.open(":memory:")
    kb.import_file(MINI / "MiniRules_20260807.txt")
    yield kb
    kb.close()


def pytest_sessionstart(session):
    """Without ../shared the corpus tests cannot run: one clear error for the run, rather than tests
    that read a corpus file failing one by one, parameter lists made from its folders coming out empty
    (a skip in place of 135 tests) and modules failing at collection."""
    if CORPUS.is_dir() and SEED_DIR.is_dir():
        return
    corpus_tests = ROOT / "tests" / "corpus"
    chosen = [Path(arg.split("::")[0]).resolve() for arg in session.config.args] or [ROOT / "tests"]
    if any(path == corpus_tests or corpus_tests in path.parents or path in corpus_tests.parents for path in chosen):
        pytest.exit(
            f"{CORPUS} or {SEED_DIR} not found: the tests of tests/corpus read the real corpus from "
            f"../shared (set MTGKB_SHARED to the folder that holds corpus/ and seeds/); "
            f"`python -m pytest tests/unit` runs the unit tests without it",
            returncode=pytest.ExitCode.USAGE_ERROR,
        )


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "corpus: a test of tests/corpus/, which reads the real corpus in ../shared "
        "(our truth); `python -m pytest tests/unit` runs the unit tests alone",
    )


def pytest_collection_modifyitems(items):
    """Every test under tests/corpus/ is marked ``corpus``."""
    for item in items:
        if item.path.parent.name == "corpus":
            item.add_marker(pytest.mark.corpus)


def commands_of(group) -> dict:
    """A click group's commands, the lazily imported ones of mtgkb's top group included."""
    every = getattr(group, "every_command", None)
    return every() if every else group.commands
