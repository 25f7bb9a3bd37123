"""The store owns freshness (kb/store/state.py): what the database holds now, and one bounded cache of
derived data that every connection on a file shares and that an import empties."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.i18n import ENGLISH_MONTHS
from kb.search.scope import resolve_scope
from kb.store import Store
from kb.store.state import DerivedCache, cache_state, database_state
from tests.conftest import MINI


def _edition(tmp_path: Path, date: str) -> Path:
    """The mini rules file dated ``date`` (another edition of it)."""
    year, month, day = date.split("-")
    path = tmp_path / f"MiniRules_{year}{month}{day}.txt"
    text = (MINI / "MiniRules_20260807.txt").read_bytes()
    path.write_bytes(text.replace(b"August 7, 2026", f"{ENGLISH_MONTHS[int(month) - 1]} {int(day)}, {year}".encode()))
    return path


@pytest.fixture
def two_editions(tmp_path):
    kb = KnowledgeBase.open(tmp_path / "kb.db")
    kb.import_file(_edition(tmp_path, "2025-01-10"))
    yield kb
    kb.close()


def test_database_state_is_the_documents_and_their_hashes_and_moves_with_an_import(two_editions, tmp_path):
    rows = two_editions.conn.execute("select name, sha256 from documents order by name").fetchall()
    before = database_state(two_editions.conn)
    assert before == tuple(tuple(row) for row in rows) and len(before) == 1
    two_editions.import_file(_edition(tmp_path, "2025-03-14"))
    after = database_state(two_editions.conn)
    assert len(after) == 2 and before[0] in after


def test_stores_on_one_file_share_the_cache_and_an_import_empties_it(two_editions, tmp_path):
    other = Store.open(two_editions.store.path)
    computed: list[int] = []

    def compute() -> str:
        computed.append(1)
        return f"value {len(computed)}"

    assert two_editions.store.derived("test.kind", "k", compute) == "value 1"
    assert other.derived("test.kind", "k", compute) == "value 1"  # the other store's connection shares it
    assert len(computed) == 1
    two_editions.import_file(_edition(tmp_path, "2025-03-14"))  # through the first store's connection
    assert other.derived("test.kind", "k", compute) == "value 2"  # the other connection sees the new state
    assert two_editions.store.derived("test.kind", "k", compute) == "value 2"
    assert len(computed) == 2
    other.close()


def test_a_search_scope_follows_an_import_made_through_another_connection(two_editions, tmp_path):
    reader = Store.open(two_editions.store.path)
    assert [d.edition for d in resolve_scope(reader, edition="all").documents] == ["2025-01-10"]
    two_editions.import_file(_edition(tmp_path, "2025-03-14"))
    assert [d.edition for d in resolve_scope(reader, edition="all").documents] == ["2025-01-10", "2025-03-14"]
    # kb.search's functions take anything with a connection and a path, the facade too (bench/ does)
    assert [d.edition for d in resolve_scope(two_editions, edition="all").documents] == ["2025-01-10", "2025-03-14"]
    reader.close()


def test_a_history_table_written_without_a_document_change_moves_the_cache_state(two_editions):
    """A build stores the renumbering chain and the scenario results without changing any document:
    derived data read from them (the search's renumbering, the reader's documents) must follow."""
    conn = two_editions.conn
    before, documents = cache_state(conn), database_state(conn)
    conn.execute(
        "insert into scenario_results (scenario, file, rule, passed, twins, failures, ran_at) "
        "values ('s', 'f.yaml', '702.26a', 1, 0, 0, '2026-12-06')"
    )
    conn.commit()
    assert database_state(conn) == documents and cache_state(conn) != before


def test_in_memory_databases_keep_caches_of_their_own():
    first, second = Store.open(":memory:"), Store.open(":memory:")
    assert first.derived("test.kind", (), lambda: "first") == "first"
    assert second.derived("test.kind", (), lambda: "second") == "second"
    first.close()
    second.close()


def test_the_cache_is_bounded_and_drops_the_least_recently_used():
    cache = DerivedCache(entries=3)
    state = (("doc", "sha"), ())
    for key in "abc":
        cache.get(state, "kind", key, lambda key=key: key.upper())
    cache.get(state, "kind", "a", lambda: "recomputed")  # "a" is now the most recently used
    cache.get(state, "kind", "d", lambda: "D")
    assert len(cache) == 3
    assert cache.get(state, "kind", "b", lambda: "b again") == "b again"  # "b" was dropped
    assert cache.get(state, "kind", "a", lambda: "recomputed") == "A"  # "a" was kept


def test_a_new_state_empties_the_cache_and_none_is_never_kept():
    cache = DerivedCache()
    cache.get(("one",), "kind", "k", lambda: 1)
    assert cache.get(("two",), "kind", "k", lambda: 2) == 2
    assert cache.get(("two",), "kind", "gone", lambda: None) is None
    assert cache.get(("two",), "kind", "gone", lambda: 3) == 3


def test_another_key_is_served_while_one_is_computed():
    """A value is computed outside the cache's lock: a computation that needs another key (the
    completions need the lexicon) or another thread asking for one does not wait for it."""
    cache = DerivedCache()
    state = ("s",)
    served: list[str] = []

    def heavy() -> str:
        other = threading.Thread(target=lambda: served.append(cache.get(state, "kind", "light", lambda: "light")))
        other.start()
        other.join(timeout=30)
        return "heavy"

    assert cache.get(state, "kind", "heavy", heavy) == "heavy"
    assert served == ["light"]


def test_facades_opened_per_page_share_one_list_of_documents(two_editions, tmp_path):
    """The reader opens a facade per streamed page: the documents list is kept once per database,
    not once per facade (it was keyed by id(kb) and never dropped), and follows an import."""
    from kb.reader import views

    facades = [KnowledgeBase.open(two_editions.store.path) for _ in range(5)]
    lists = [views.held_documents(kb) for kb in facades]
    assert all(found is lists[0] for found in lists)
    assert two_editions.store.conn.derived_cache.kinds().count("reader.documents") == 1
    two_editions.import_file(_edition(tmp_path, "2025-03-14"))
    assert [d.edition for d in views.held_documents(facades[0])] == ["2025-01-10", "2025-03-14"]
    for kb in facades:
        kb.close()


def test_two_spellings_of_one_file_share_its_cache(two_editions, tmp_path, monkeypatch):
    """A relative path and a symbolic link name the same database: one cache (the registry resolves)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "link").symlink_to(tmp_path)
    stores = [Store.open("kb.db"), Store.open(tmp_path / "link" / "kb.db"), Store.open(tmp_path / "kb.db")]
    assert stores[0].derived("test.kind", "k", lambda: "first") == "first"
    assert [s.derived("test.kind", "k", lambda: "again") for s in stores] == ["first"] * 3
    for store in stores:
        store.close()


def _inside(thread: threading.Thread, code) -> bool:
    """Whether ``thread`` is running ``code`` now (somewhere on its stack)."""
    frame = sys._current_frames().get(thread.ident or -1)
    while frame is not None:
        if frame.f_code is code:
            return True
        frame = frame.f_back
    return False


def test_a_second_thread_asking_for_a_value_being_computed_waits_for_it():
    """While one thread computes a value, another asking for the same key waits for that value
    instead of computing it again (a lexicon takes seconds). The second thread is started inside
    the computation, which returns only once that thread is inside the cache's ``get``."""
    cache = DerivedCache()
    state = ("s",)
    calls: list[str] = []
    answers: list[str] = []

    def second() -> None:
        answers.append(cache.get(state, "kind", "k", lambda: calls.append("second") or "second's"))

    def first() -> str:
        calls.append("first")
        other = threading.Thread(target=second)
        other.start()
        deadline = time.monotonic() + 30
        while not _inside(other, DerivedCache.get.__code__) and time.monotonic() < deadline:
            threading.Event().wait(0.005)
        threads.append(other)
        return "first's"

    threads: list[threading.Thread] = []
    assert cache.get(state, "kind", "k", first) == "first's"
    threads[0].join(timeout=30)
    assert calls == ["first"] and answers == ["first's"]
