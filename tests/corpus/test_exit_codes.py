"""Exit codes per command, as README states them: 0 success, 1 not found, 2 bad input, each with
its message. The table is checked against every command and subcommand registered on the group,
so a new command without a row fails here; then an empty or missing database says what to run.
"""

from __future__ import annotations

import shutil
import sqlite3

import click
import pytest
from click.testing import CliRunner

from kb.cli import cli
from tests.conftest import ROOT, SEED_DIR, commands_of, corpus_path

OK, NOT_FOUND, BAD = 0, 1, 2
RUN_FIRST = "run 'mtgkb build' or 'mtgkb import' first"
CARD_SAMPLE = ROOT / "tests" / "data" / "cards" / "mtgjson-set-TSP-sample.json"


def _current() -> str:
    return corpus_path("en", "full", "MagicCompRules_20260807.txt").as_uri()


# command path -> [(arguments after the path, exit code, text the output must hold)]; "{tmp}" is a
# fresh folder and "{current}" the file URL of the newest corpus edition. A long-running server
# (serve, mcp) has only its bad-input cases; a group without its subcommand is a usage error.
TABLE: dict[str, list[tuple[list[str], int, str]]] = {
    "show": [
        (["702.26b"], OK, "If a permanent phases out"),
        (["999.9"], NOT_FOUND, "rule 999.9 not found"),
        (["foo"], BAD, "'foo' is not a rule number"),
        (["702.26b", "--lang", "xx"], BAD, "no documents in language 'xx'"),
    ],
    "refs": [
        (["702.26b"], OK, "Cites ("),
        (["999.9"], NOT_FOUND, "rule 999.9 not found"),
        ([], BAD, "give a rule NUMBER or --broken"),
    ],
    "glossary": [
        (["phasing"], OK, "Phasing"),
        (["zzzzqqqq"], NOT_FOUND, "no glossary entry for 'zzzzqqqq'"),
        (["phasing", "--lang", "xx"], BAD, "no documents in language 'xx'"),
    ],
    "editions": [([], OK, "MagicCompRules_20260807"), (["--lang", "xx"], BAD, "no documents in language 'xx'")],
    "cite": [
        (["see CR 702.26b"], OK, "7-14  '702.26b' -> 702.26b"),
        (["see CR 999.9z"], NOT_FOUND, "rule 999.9z not found"),
        ([], BAD, "give a TEXT or --file"),
        (["x", "--since", "2026-01-16"], BAD, "go with --check"),
    ],
    "search": [
        (["phasing"], OK, "702.26  Phasing"),
        (["zzzqqqxx"], NOT_FOUND, "No rules match 'zzzqqqxx'"),
        (['""'], BAD, "has no words to search for"),
    ],
    "complete": [
        (["pha"], OK, "Phasing"),
        (["zzqq"], NOT_FOUND, "No term or rule title starts with 'zzqq'"),
        (["pha", "--lang", "xx"], BAD, "no documents in language 'xx'"),
    ],
    "reindex": [([], OK, "Indexed"), (["--limit", "3"], BAD, "No such option")],
    "diff": [
        (["2026-01-16", "2026-08-07", "--section", "702"], OK, "renumbered: 2"),
        (["2026-01-16", "2001-01-01"], NOT_FOUND, "no edition '2001-01-01'"),
        (["2026-01-16", "2026-08-07", "--section", "xx"], BAD, "'xx' is not a rule number"),
    ],
    "trace": [
        (["702.26", "--edition", "2026-01-16"], OK, "702.26 in 2026-08-07"),
        (["999.9z", "--edition", "2026-01-16"], NOT_FOUND, "rule 999.9z is not in MagicCompRules_20260116"),
        (["foo"], BAD, "'foo' is not a rule number"),
    ],
    "renumbered": [
        (["2026-01-16", "2026-08-07"], OK, "148 rules renumbered"),
        (["2026-01-16", "1990-01-01"], NOT_FOUND, "no edition '1990-01-01'"),
        (["2026-01-16", "2026-08-07", "--lang", "xx"], BAD, "no documents in language 'xx'"),
    ],
    "crosscheck": [
        (["ja:702.26", "en:702.26"], OK, "フェイジング"),
        (["ja:999.9", "en:999.9"], NOT_FOUND, "rule 999.9 is in no document of ja"),
        (["ja:foo", "en:702.26"], BAD, "'foo' is not a rule number"),
    ],
    "term": [
        (["phasing"], OK, "Instabilität"),
        (["zzzqqq"], NOT_FOUND, "no term 'zzzqqq'"),
        (["phasing", "--lang", "xx"], BAD, "no documents in language 'xx'"),
    ],
    "backlog": [
        (["ja@2026-01-16", "--json"], OK, '"translation"'),
        (["ja@2019-01-01"], NOT_FOUND, "no edition '2019-01-01' in language 'ja'"),
        (["xx@2026"], BAD, "no documents in language 'xx'"),
    ],
    "scenarios": [(["--help"], OK, "coverage"), ([], BAD, "Commands:")],
    "scenarios run": [
        (["--no-store"], OK, " 0 failed, 0 with bad input"),
        (["/nonexistent/x.yaml", "--no-store"], BAD, "1 with bad input"),
    ],
    "scenarios coverage": [([], OK, "phasing 702.26: 14/14"), (["--bogus"], BAD, "No such option")],
    "scenarios fuzz": [
        (["--games", "3", "--seed", "1"], OK, "0 invariants broken"),
        (["--games", "x"], BAD, "Invalid value for '--games'"),
    ],
    "export": [(["--help"], OK, "html"), ([], BAD, "Commands:")],
    "export html": [
        (["{tmp}/site", "--lang", "en"], OK, "1 document written to"),
        (["{tmp}/site2", "--edition", "1990-01-01"], NOT_FOUND, "no edition '1990-01-01'"),
        (["{tmp}/site3", "--lang", "xx"], BAD, "no documents in language 'xx'"),
    ],
    "import": [
        ([str(corpus_path("en", "full", "MagicCompRules_20260807.txt"))], OK, "unchanged"),
        (["/nonexistent/rules.txt"], BAD, "no such file: /nonexistent/rules.txt"),
    ],
    "build": [(["--newest-only"], OK, "Database:"), (["--bogus"], BAD, "No such option")],
    "repair": [
        (["--check"], OK, "Nothing is missing"),
        ([], OK, "Repaired: 0 pairings computed"),
        (["--bogus"], BAD, "No such option"),
    ],
    "update": [
        (["--url", "{current}"], OK, "Already current: August 7, 2026 is the newest stored edition"),
        (["--url", "file:///nonexistent/MagicCompRules%2020990101.txt"], NOT_FOUND, "cannot read"),
        (["--url", "ftp://example.org/rules.txt"], BAD, "is not an http, https or file URL"),
        (["--cards", "--url", "file:///nonexistent/oracle-cards.json"], NOT_FOUND, "cannot download"),
        (["--cards", "--url", "ftp://example.org/cards.json"], BAD, "is not an http, https or file URL"),
    ],
    "card": [
        (["greater", "gargadon"], OK, "Suspend [→702.62a]"),
        (["zzzzqqqq"], NOT_FOUND, "no card named 'zzzzqqqq'"),
        ([], BAD, "Missing argument"),
    ],
    "serve": [(["--port", "0"], BAD, "Invalid value for '--port'")],
    "settings": [([], OK, "MTGKB_LOCK_TIMEOUT"), (["--bogus"], BAD, "No such option")],
    "mcp": [
        (["--http", "--port", "70000"], BAD, "Invalid value for '--port'"),
        (["--port", "8000"], BAD, "--host and --port go with --http"),
    ],
}


def command_paths(group: click.Group, prefix: str = "") -> list[str]:
    """Every command and subcommand registered on the group, as "export html"."""
    found = []
    for name, command in sorted(commands_of(group).items()):
        path = f"{prefix}{name}"
        found.append(path)
        if isinstance(command, click.Group):
            found.extend(command_paths(command, path + " "))
    return found


def test_every_command_has_a_row():
    assert sorted(command_paths(cli)) == sorted(TABLE)


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    """The bundled seeds, two English editions and the Japanese translation of the first."""
    path = tmp_path_factory.mktemp("exit") / "kb.db"
    for args in (
        ["import", *map(str, sorted(SEED_DIR.glob("*.txt")))],
        [
            "import",
            str(corpus_path("en", "full", "MagicCompRules_20260116.txt")),
            str(corpus_path("en", "full", "MagicCompRules_20260807.txt")),
            str(corpus_path("ja", "CompRules_ja_20260116.0_lines.txt")),
        ],
        ["import", str(CARD_SAMPLE)],
        ["reindex"],  # here, so that no case's first search builds it in the shared database
    ):
        result = CliRunner().invoke(cli, ["--db", str(path), *args])
        assert result.exit_code == 0, result.output
    return path


# Commands that write to the database run on a copy of it, so that no case sees another's changes.
WRITERS = {"import", "build", "repair", "reindex", "update"}


def documents_of(path) -> list[tuple]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("select name, sha256 from documents order by name").fetchall()
    finally:
        conn.close()


def own_copy(db, folder):
    copy = folder / "own.db"
    shutil.copy(db, copy)
    shutil.copytree(f"{db}.search", f"{copy}.search")
    return copy


CASES = [(path, args, code, text) for path, rows in TABLE.items() for args, code, text in rows]


@pytest.mark.parametrize(
    ("path", "args", "code", "text"), CASES, ids=[f"{path}-{code}-{i}" for i, (path, _a, code, _t) in enumerate(CASES)]
)
def test_exit_code_and_message(db, tmp_path, path, args, code, text):
    filled = [a.replace("{tmp}", str(tmp_path)).replace("{current}", _current()) for a in args]
    before = documents_of(db)
    used = own_copy(db, tmp_path) if path.split()[0] in WRITERS else db
    result = CliRunner().invoke(cli, ["--db", str(used), *path.split(), *filled])
    assert result.exit_code == code, result.output
    assert text in result.output, result.output
    assert documents_of(db) == before  # the shared database is as every case found it


# Commands that read documents: on an empty (or not yet existing) database each says what to run.
NEEDS_DOCUMENTS = [
    ["show", "702.26b"],
    ["refs", "702.26b"],
    ["glossary", "phasing"],
    ["search", "phasing"],
    ["complete", "pha"],
    ["reindex"],
    ["diff", "2026-01-16", "2026-08-07"],
    ["renumbered", "2026-01-16", "2026-08-07"],
    ["crosscheck", "ja:702.26", "en:702.26"],
    ["backlog", "ja@2026-01-16"],
    ["export", "html", "site"],
    ["cite", "see CR 702.26b"],
]


def _empty(tmp_path):
    """A database with its tables and no documents (as a first import that failed leaves it)."""
    from kb.api import KnowledgeBase

    path = tmp_path / "empty.db"
    KnowledgeBase.open(path, build=False).close()
    return path


@pytest.mark.parametrize("args", NEEDS_DOCUMENTS, ids=[" ".join(a[:2]) for a in NEEDS_DOCUMENTS])
def test_an_empty_or_missing_database_says_what_to_run(tmp_path, args):
    result = CliRunner().invoke(cli, ["--db", str(_empty(tmp_path)), *args])
    assert result.exit_code == 1, result.output
    assert RUN_FIRST in result.output, result.output
    missing = tmp_path / "not" / "there.db"  # a mistyped --db: said so, and nothing is created
    result = CliRunner().invoke(cli, ["--db", str(missing), *args])
    assert result.exit_code == 1, result.output
    assert f"no database at {missing}" in result.output and "'mtgkb build' first" in result.output, result.output
    assert not missing.parent.exists()


def test_editions_of_an_empty_database_lists_nothing_and_says_what_to_run(tmp_path):
    empty = _empty(tmp_path)
    listed = CliRunner().invoke(cli, ["--db", str(empty), "editions", "--json"])
    assert listed.exit_code == 0 and listed.output.strip() == "[]"
    text = CliRunner().invoke(cli, ["--db", str(empty), "editions"])
    assert text.exit_code == 0 and RUN_FIRST in text.stderr


def test_trace_on_an_empty_database_says_to_import_the_rules(tmp_path):
    result = CliRunner().invoke(cli, ["--db", str(_empty(tmp_path)), "trace", "702.26"])
    assert result.exit_code == 1 and "import the Comprehensive Rules first" in result.output
