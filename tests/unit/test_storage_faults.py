"""Storage faults end in a message naming what and where, with README's exit codes (issue 17).

Faults are injected for real where a test can: kill -9 of an import subprocess at a chosen
point, a full disk through SQLite's max_page_count, a lock held by another connection or
process, a read-only copy (read by an unprivileged user when the tests run as root).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli import cli
from tests.conftest import MINI, ROOT
from tests.locking import release, wait_for_the_queue, writer_lock_held

MAY = "These rules are effective as of May 1, 2026."


def invoke(db, *args):
    return CliRunner().invoke(cli, ["--db", str(db), *args])


@pytest.fixture
def editions(tmp_path) -> list[Path]:
    """Two small English editions that form a chain: 2026-05-01 and 2026-08-07 (one rule renumbered)."""
    text = (MINI / "MiniRules_20260807.txt").read_text(encoding="utf-8")
    older = tmp_path / "MiniRules_20260501.txt"
    older.write_text(
        text.replace("These rules are effective as of August 7, 2026.", MAY).replace(
            "General rule 5 of", "General rule five of"
        ),
        encoding="utf-8",
    )
    newer = tmp_path / "MiniRules_20260807.txt"
    newer.write_text(text, encoding="utf-8")
    return [older, newer]


@pytest.fixture
def db(tmp_path, editions) -> Path:
    path = tmp_path / "kb.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths(editions)
    kb.close()
    return path


def run_python(code: str, *args: str, env: dict | None = None, user: bool = False) -> subprocess.CompletedProcess:
    """``code`` in a fresh interpreter with this worktree's code first. With ``user``, root runs it without
    the capabilities that pass over file permissions, so a read-only file is read-only to it as to any
    user, while the checkout and its virtualenv stay readable wherever they lie (a private folder too)."""
    command = [sys.executable, "-c", textwrap.dedent(code), *args]
    if user:
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", *command]
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "MTGKB_LANG": "en", **(env or {})}
    return subprocess.run(command, capture_output=True, text=True, env=environment, timeout=300, cwd=ROOT)


def mtgkb(*args: str, env: dict | None = None, user: bool = False) -> subprocess.CompletedProcess:
    return run_python("import sys; from kb.cli.entry import main; main(sys.argv[1:])", *args, env=env, user=user)


# ---- concurrency ------------------------------------------------------------------------------


def test_two_imports_at_once_queue_and_both_finish(tmp_path, editions):
    # A third process holds the lock while both start: each says it waits, so the queue is used.
    path = tmp_path / "both.db"
    KnowledgeBase.open(path).close()
    logs = [tmp_path / "first.err", tmp_path / "second.err"]
    with writer_lock_held(path) as holder:
        first, second = (
            subprocess.Popen(
                [sys.executable, "-m", "kb", "--db", str(path), "import", "--json", str(source)],
                stdout=subprocess.PIPE,
                stderr=log.open("w", encoding="utf-8"),
                text=True,
                cwd=ROOT,
                env={**os.environ, "PYTHONPATH": str(ROOT), "MTGKB_LANG": "en"},
            )
            for source, log in zip(editions, logs)
        )
        wait_for_the_queue(logs)
        release(holder)
        outs = [process.communicate(timeout=300)[0] for process in (first, second)]
    errs = [log.read_text(encoding="utf-8") for log in logs]
    assert [process.returncode for process in (first, second)] == [0, 0], (outs, errs)
    assert all("Traceback" not in err for err in errs)
    assert [json.loads(out)[0]["status"] for out in outs] == ["added", "added"]
    kb = KnowledgeBase.open(path)
    assert kb.conn.execute("select count(*) from pairing_runs").fetchone()[0] == 1
    assert not kb.pending().missing


def test_an_import_waits_for_the_lock_with_a_message_and_times_out_with_exit_2(db, editions):
    script = textwrap.dedent("""
        import sys, time
        from pathlib import Path
        from kb.store.lock import writer_lock
        with writer_lock(Path(sys.argv[1])):
            print("held", flush=True)
            time.sleep(float(sys.argv[2]))
    """)
    held = subprocess.Popen(
        [sys.executable, "-c", script, str(db), "60"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert held.stdout.readline().strip() == "held"
        editions[1].write_text(editions[1].read_text().replace("rule 6 of", "rule six of"), encoding="utf-8")
        waited = mtgkb("--db", str(db), "import", str(editions[1]), env={"MTGKB_LOCK_TIMEOUT": "1"})
        assert waited.returncode == 2
        assert f"Waiting for another import or repair of {db} (process {held.pid})" in waited.stderr
        assert "has held the database for more than 1 s; nothing was changed" in waited.stderr
        assert "Traceback" not in waited.stderr
    finally:
        held.kill()
        held.wait()
    done = mtgkb("--db", str(db), "import", str(editions[1]))
    assert done.returncode == 0 and "replaced" in done.stdout


def test_a_write_lock_held_by_another_connection_ends_in_a_message(db, editions, monkeypatch):
    import kb.store.schema

    monkeypatch.setattr(kb.store.schema, "BUSY_TIMEOUT", 0.2)
    other = sqlite3.connect(db)
    other.execute("begin exclusive")
    try:
        editions[0].write_text(editions[0].read_text().replace("rule 6 of", "rule six of"), encoding="utf-8")
        result = invoke(db, "import", str(editions[0]))
    finally:
        other.rollback()
        other.close()
    assert result.exit_code == 2
    assert f"Error: {db}: the database is locked by another process" in result.output


# ---- derived data -----------------------------------------------------------------------------------

KILL_AFTER_COMMIT = """
    import os, signal, sys
    import kb.api, kb.api.maintenance
    def killed(self, results, *_, **__):  # the documents are committed; nothing derived is stored yet
        print("committed", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    kb.api.maintenance.Maintenance._after_import = killed
    kb.api.maintenance.Maintenance(kb.api.KnowledgeBase.open(sys.argv[1])).import_paths(sys.argv[2:])
"""


def test_a_kill_after_the_document_commit_is_completed_by_the_next_command(tmp_path, editions):
    path = tmp_path / "killed.db"
    killed = run_python(KILL_AFTER_COMMIT, str(path), *map(str, editions))
    assert killed.returncode == -signal.SIGKILL and "committed" in killed.stdout
    kb = KnowledgeBase.open(path)
    assert kb.conn.execute("select count(*) from documents").fetchone()[0] == 2
    pending = kb.pending()
    assert pending.pairings == ["MiniRules_20260501 -> MiniRules_20260807"]
    kb.close()
    check = invoke(path, "repair", "--check", "--json")
    assert check.exit_code == 1 and json.loads(check.output)["missing"] is True
    traced = invoke(path, "trace", "100.5", "--edition", "2026-05-01", "--json")  # completes the chain itself
    assert traced.exit_code == 0, traced.output
    assert [step["number"] for step in json.loads(traced.output)["steps"]] == ["100.5", "100.5"]
    assert invoke(path, "repair", "--check").exit_code == 0


def test_repair_computes_what_is_missing_and_says_so(db):
    with sqlite3.connect(db) as conn:
        conn.execute("delete from pairings")
        conn.execute("delete from pairing_runs")
    result = invoke(db, "repair", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["before"]["pairings"] == ["MiniRules_20260501 -> MiniRules_20260807"]
    assert (report["pairings"], report["changed"]) == (1, True)
    again = json.loads(invoke(db, "repair", "--json").output)
    assert (again["pairings"], again["changed"], again["before"]["missing"]) == (0, False, False)


def test_trace_on_a_read_only_database_names_the_command_that_works(db):
    with sqlite3.connect(db) as conn:
        conn.execute("delete from pairing_runs")
    kb = KnowledgeBase.open(db, readonly=True)
    from kb.core.errors import IndexMissing

    with pytest.raises(IndexMissing) as info:
        kb.trace("100.5", "2026-05-01")
    assert f"run 'mtgkb --db {db} repair'" in str(info.value)


# ---- disk full ------------------------------------------------------------------------------------


def test_a_full_disk_during_an_import_leaves_the_stored_documents_and_says_so(db, editions, monkeypatch):
    import kb.store.schema

    connect = kb.store.schema.connect

    def full(path, **options):
        conn = connect(path, **options)
        pages = conn.execute("pragma page_count").fetchone()[0]
        conn.execute(f"pragma max_page_count = {pages + 2}")
        return conn

    monkeypatch.setattr(kb.store.reader, "connect", full)
    before = sqlite3.connect(db).execute("select name, rules, sha256 from documents order by name").fetchall()
    text = editions[1].read_text()
    glossary = text.rindex("\nGlossary")
    extra = "".join(f"\n702.{n}. Extra rule {n} " + "word " * 200 + "\n" for n in range(40, 99))
    editions[1].write_text(text[:glossary] + extra + text[glossary:], encoding="utf-8")
    result = invoke(db, "import", str(editions[1]))
    assert result.exit_code == 2
    assert f"Error: {db}: the disk is full (or the database reached its size limit)" in result.output
    assert sqlite3.connect(db).execute("select name, rules, sha256 from documents order by name").fetchall() == before


def test_a_full_disk_during_the_index_update_keeps_the_document_and_names_repair(db, editions, monkeypatch):
    kb = KnowledgeBase.open(db)
    kb.update_search_index()
    kb.close()
    import errno

    import kb.search.index

    def no_space(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(kb.search.index, "update_index", no_space)
    editions[1].write_text(editions[1].read_text().replace("rule 6 of", "rule six of"), encoding="utf-8")
    result = invoke(db, "import", str(editions[1]))
    assert result.exit_code == 2
    assert "1 document was stored, but its derived data" in result.output
    assert "No space left on device" in result.output and f"'mtgkb --db {db} repair'" in result.output
    monkeypatch.undo()
    opened = KnowledgeBase.open(db)
    assert opened.rule("100.6").text == "General rule six of this small test document."
    assert opened.pending().index == ["MiniRules_20260807"]
    assert invoke(db, "repair", "--json").exit_code == 0
    assert KnowledgeBase.open(db).pending().index == []


def test_repair_on_a_full_disk_says_so_and_leaves_the_database_whole(tmp_path, editions, monkeypatch):
    """A chain to compute that does not fit: SQLITE_FULL (max_page_count stands in for the disk) in the
    middle of `repair` is a message with exit 2; the documents stay as they were, no half pairing is kept,
    and the repair completes once there is room."""
    import kb.store.schema

    extra = "".join(f"\n702.{n}. Extra rule {n} " + "word " * 30 + "\n" for n in range(40, 240))
    for edition in editions:
        text = edition.read_text(encoding="utf-8")
        glossary = text.rindex("\nGlossary")
        edition.write_text(text[:glossary] + extra + text[glossary:], encoding="utf-8")
    path = tmp_path / "full.db"
    opened = KnowledgeBase.open(path)
    opened.import_paths(editions)
    opened.close()
    conn = sqlite3.connect(path)
    conn.execute("delete from pairings")
    conn.execute("delete from pairing_runs")
    conn.commit()
    conn.execute("vacuum")  # no free pages left for the pairings to reuse
    before = conn.execute("select name, rules, sha256 from documents order by name").fetchall()
    conn.close()
    connect = kb.store.schema.connect

    def full(path, **options):
        conn = connect(path, **options)
        conn.execute("pragma max_page_count = {}".format(conn.execute("pragma page_count").fetchone()[0]))
        return conn

    monkeypatch.setattr(kb.store.reader, "connect", full)
    result = invoke(path, "repair")
    assert result.exit_code == 2, result.output
    assert f"Error: {path}: the disk is full (or the database reached its size limit)" in result.output
    assert isinstance(result.exception, SystemExit)  # a message, not an exception that escaped
    conn = sqlite3.connect(path)
    assert conn.execute("pragma integrity_check").fetchall() == [("ok",)]
    assert conn.execute("select name, rules, sha256 from documents order by name").fetchall() == before
    assert conn.execute("select count(*) from pairings").fetchone() == (0,)
    conn.close()
    monkeypatch.undo()
    assert invoke(path, "repair", "--check").exit_code == 1
    repaired = invoke(path, "repair", "--json")
    assert repaired.exit_code == 0, repaired.output
    assert json.loads(repaired.output)["pairings"] == 1
    assert KnowledgeBase.open(path).pending().missing is False


@pytest.mark.parametrize(
    ("free", "expected"),
    [
        (12_288, "the disk is full (12,288 bytes free), so SQLite cannot write even its working files"),
        (50 * 2**30, "the disk reported an input/output error (disk I/O error)"),
    ],
)
def test_an_io_error_is_a_full_disk_when_little_space_is_left(tmp_path, monkeypatch, free, expected):
    """Below 32 KiB free SQLite cannot size the -shm file of WAL mode and says "disk I/O error", not
    SQLITE_FULL (seen on a 3 MB tmpfs filled to the last block); with the space left the message says which."""
    import kb.store.faults

    monkeypatch.setattr(kb.store.faults, "free_bytes", lambda path: free)
    fault = kb.store.faults.database_fault(sqlite3.OperationalError("disk I/O error"), tmp_path / "kb.db")
    assert str(fault).startswith(f"{tmp_path / 'kb.db'}: {expected}")
    assert fault.exit_code == 2


# ---- files that are no database, or an old or new one ------------------------------------------------


@pytest.mark.parametrize("command", [["show", "100.1"], ["editions"], ["import", "x"]])
def test_a_file_that_is_not_sqlite(tmp_path, command):
    path = tmp_path / "notes.db"
    path.write_text("these are my notes, not a database\n" * 100)
    source = tmp_path / "x"
    shutil.copy(MINI / "MiniRules_20260807.txt", source)
    result = mtgkb("--db", str(path), *[str(source) if word == "x" else word for word in command])
    assert result.returncode == 2, result.stderr
    assert f"Error: {path}: not a usable mtgkb database: the file is not SQLite" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("command", [["show", "100.1"], ["editions"], ["import", "x"]])
def test_a_schema_newer_than_the_code_is_refused(db, command):
    with sqlite3.connect(db) as conn:
        conn.execute("update meta set value = '99' where key = 'schema_version'")
    result = mtgkb("--db", str(db), *[str(MINI / "MiniRules_20260807.txt") if w == "x" else w for w in command])
    assert result.returncode == 2
    assert f"{db}: schema version 99 is newer than this mtgkb understands" in result.stderr


def test_an_older_schema_with_a_table_and_columns_missing_is_completed(db, editions):
    with sqlite3.connect(db) as conn:
        conn.execute("drop table meta")  # made before versions were recorded
        conn.execute("alter table documents drop column content_sha")
        conn.execute("alter table documents drop column meta")
        conn.execute("drop table scenario_results")
    reading = invoke(db, "editions", "--json")
    assert reading.exit_code == 0, reading.output  # opening for writing migrates it
    with sqlite3.connect(db) as conn:
        columns = {row[1] for row in conn.execute("pragma table_info(documents)")}
        tables = {row[0] for row in conn.execute("select name from sqlite_master where type = 'table'")}
    assert {"content_sha", "meta"} <= columns and {"scenario_results", "meta"} <= tables
    assert {d["name"] for d in json.loads(reading.output)} == {p.stem for p in editions}


def test_a_column_missing_at_the_current_version_names_repair(db):
    with sqlite3.connect(db) as conn:
        conn.execute("alter table rules drop column line")
    result = invoke(db, "show", "100.1")
    assert result.exit_code == 2
    assert f"{db}: the database lacks line" in result.output and "repair" in result.output
    assert invoke(db, "repair", "--json").exit_code == 0
    assert invoke(db, "show", "100.1").exit_code == 0


def test_an_unknown_format_is_bad_input(db, editions):
    result = invoke(db, "import", "--format", "bogus", str(editions[0]))
    assert result.exit_code == 2
    assert "unknown format 'bogus': expected one of po, mediawiki" in result.output


@pytest.mark.parametrize(
    "command", [["show", "100.1"], ["editions"], ["trace", "100.1"], ["glossary", "x"], ["repair", "--check"]]
)
def test_a_mistyped_db_on_a_read_command_creates_nothing(tmp_path, command):
    path = tmp_path / "typo" / "folder" / "kb.db"
    result = mtgkb("--db", str(path), *command)
    assert result.returncode == 1, result.stderr
    assert f"no database at {path}" in result.stderr
    assert not (tmp_path / "typo").exists()


# ---- read-only ----------------------------------------------------------------------------------


@pytest.fixture
def read_only(tmp_path, db) -> Path:
    """A copy of the database in a folder nobody may write (checked as an unprivileged user under root)."""
    folder = tmp_path / "ro"
    folder.mkdir()
    copy = folder / "kb.db"
    shutil.copy(db, copy)
    copy.chmod(0o444)
    folder.chmod(0o555)
    yield copy
    folder.chmod(0o755)


def test_a_read_only_database_is_read_and_an_import_says_why_it_cannot_write(read_only, editions):
    restricted = os.geteuid() == 0  # root reads anything unless restricted
    shown = mtgkb("--db", str(read_only), "show", "100.1", "--json", user=restricted)
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["ruleText"].startswith("These Magic rules apply")
    listed = mtgkb("--db", str(read_only), "editions", user=restricted)
    assert listed.returncode == 0 and "MiniRules_20260501" in listed.stdout
    editions[1].write_text(editions[1].read_text().replace("rule 6 of", "rule six of"), encoding="utf-8")
    imported = mtgkb("--db", str(read_only), "import", str(editions[1]), user=restricted)
    assert imported.returncode == 2
    assert f"Error: {read_only}: the database is read-only" in imported.stderr
    assert not (read_only.parent / "kb.db-wal").exists()


def test_a_trace_while_an_import_holds_the_database_does_not_wait_for_it(db):
    from kb.core.errors import NotFound
    from kb.store.lock import writer_lock

    with sqlite3.connect(db) as conn:
        conn.execute("delete from pairing_runs")
    kb = KnowledgeBase.open(db)
    with writer_lock(db, timeout=0):  # the import that will complete the chain itself
        with pytest.raises(NotFound) as info:
            kb.trace("100.5", "2026-05-01")
    assert "run 'mtgkb repair'" in str(info.value)
    assert kb.trace("100.5", "2026-05-01").last.number == "100.5"  # the lock released: completed here
