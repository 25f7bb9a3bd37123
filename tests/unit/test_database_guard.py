"""mtgkb writes only to databases of its own: another program's SQLite file is refused before anything
is written to it, a schema version that is no number is a message, and first imports started together
queue behind the writer lock instead of failing on SQLite's lock of the other's schema."""

import os
import sqlite3
import subprocess
import sys

from click.testing import CliRunner

from kb.cli import cli
from tests.conftest import MINI, ROOT
from tests.locking import release, wait_for_the_lock, writer_lock_held

MINI_FILE = str(MINI / "MiniRules_20260807.txt")


def schema_of(path) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("select type, name, sql from sqlite_master order by name").fetchall() + [
            conn.execute("pragma journal_mode").fetchone()
        ]
    finally:
        conn.close()


def test_another_programs_database_is_refused_before_anything_is_written(tmp_path):
    path = tmp_path / "notes.db"
    conn = sqlite3.connect(path)
    conn.execute("create table rules (id integer primary key, name text)")
    conn.execute("insert into rules values (1, 'keep me')")
    conn.commit()
    conn.close()
    before, size = schema_of(path), path.stat().st_size
    for args in (["import", MINI_FILE], ["show", "100.1"], ["repair"]):
        result = CliRunner().invoke(cli, ["--db", str(path), *args])
        assert result.exit_code == 2, (args, result.output)
        assert "not a database of mtgkb: it holds another program's tables (rules)" in result.output
        assert "Traceback" not in result.output
    assert schema_of(path) == before and path.stat().st_size == size
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("notes.db")) == ["notes.db"]


def test_a_schema_version_that_is_no_number_is_a_message(tmp_path):
    path = tmp_path / "kb.db"
    assert CliRunner().invoke(cli, ["--db", str(path), "import", MINI_FILE]).exit_code == 0
    conn = sqlite3.connect(path)
    conn.execute("update meta set value = 'banana' where key = 'schema_version'")
    conn.commit()
    conn.close()
    for args in (["show", "100.1"], ["import", MINI_FILE], ["show", "100.1", "--json"]):
        result = CliRunner().invoke(cli, ["--db", str(path), *args])
        assert result.exit_code == 2, (args, result.output)
        assert "schema version 'banana' is not a number" in result.output and "Traceback" not in result.output


def test_first_imports_started_together_all_succeed(tmp_path):
    # The writer lock is held while the three start, so each of them does meet it (each has its file
    # open) before any of them has made the database's schema.
    for trial in range(2):
        db = tmp_path / f"new{trial}.db"
        logs = [tmp_path / f"import{trial}-{n}.log" for n in range(3)]
        with writer_lock_held(db) as holder:
            imports = [
                subprocess.Popen(
                    [sys.executable, "-m", "kb", "--db", str(db), "import", MINI_FILE],
                    env={**os.environ, "PYTHONPATH": str(ROOT)},
                    stdout=log.open("w", encoding="utf-8"),
                    stderr=subprocess.STDOUT,
                    text=True,
                )
                for log in logs
            ]
            wait_for_the_lock(imports, db)
            release(holder)
            codes = [process.wait(timeout=300) for process in imports]
        outputs = [log.read_text(encoding="utf-8") for log in logs]
        assert codes == [0, 0, 0], outputs
        conn = sqlite3.connect(db)
        assert conn.execute("select count(*) from documents").fetchone()[0] == 1
        conn.close()
