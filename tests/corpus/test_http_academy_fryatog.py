"""Fryatog's whole test table (rules_test.go, as ../shared/peer-cases/bots.tsv holds it) through its own
lookup logic (tests/corpus/test_http_academy_clients.py: Fryatog) against /cr, each case in the edition its
answer holds in (the edition is the one parameter added to the bot's requests).

On Academy Ruins the table passes but for the cases of older editions; here every case passes but the two
answered by Academy Ruins' unofficial glossary (docs/bots.md), which are checked to answer what mtgkb says.
"""

from __future__ import annotations

import csv

import pytest
from fastapi.testclient import TestClient

from kb.api import KnowledgeBase
from kb.http.app import create_app
from tests.conftest import corpus_path
from tests.corpus.test_http_academy_clients import TOO_LONG, Fryatog, fryatog_output, plain
from tests.corpus.test_peer_cases import CASES_FILE, EDITIONS, edition_for

UNOFFICIAL = {"def strive", "def wiLL of Athe Councel"}  # Academy Ruins' own writing
FAILURES = {  # the table's failures as bots.tsv words them -> what Fryatog prints
    "error: too few examples": "Too few examples for rule found (wanted 2, got 1)",
    "no examples": "Example not found",
    'not found ("Example not found")': "Example not found",
    'not found ("Rule not found")': "Rule not found",
    "no result": "",
}


def table() -> list[tuple[str, str, str]]:
    """(input, Fryatog's expected output, note) of every rules, glossary and example case of its table."""
    found = []
    with open(CASES_FILE, encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            if row["source_repo"] != "Fryyyyy/Fryatog" or row["kind"] not in ("lookup", "glossary", "example"):
                continue
            if row["expected"].startswith("alias") or row["input"] in TOO_LONG:  # Fryatog's own, not asked
                continue
            failure = next((out for start, out in FAILURES.items() if row["expected"].startswith(start)), None)
            output = failure if failure is not None else fryatog_output(row["expected"])
            assert output is not None, row
            found.append((row["input"], output, row["note"]))
    return found


class InEdition:
    """A client that adds ``edition`` to every request, as a bot's base URL would carry it."""

    def __init__(self, client: TestClient, edition: str | None):
        self.client, self.edition = client, edition

    def get(self, path: str, params: dict | None = None):
        return self.client.get(path, params={**(params or {}), **({"edition": self.edition} if self.edition else {})})


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    path = tmp_path_factory.mktemp("fryatog") / "fryatog.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths([corpus_path("en", "full", f"MagicCompRules_{day}.txt") for day in EDITIONS], keep_going=False)
    kb.close()
    with TestClient(create_app(path)) as client:
        yield client


TABLE = table()


def test_the_table_is_whole():
    assert len(TABLE) == 62 and len({given for given, _output, _note in TABLE}) == 60  # two cases twice


@pytest.mark.parametrize("given, expected, note", TABLE, ids=[case[0] for case in TABLE])
def test_fryatogs_case(client, given, expected, note):
    bot = Fryatog(InEdition(client, edition_for(note, given)))  # type: ignore[arg-type]  # duck-typed client
    answer = bot.rules_query(given)
    if given in UNOFFICIAL:  # the ability word as 207.2c says, or nothing for a misspelling of one
        assert plain(answer) != plain(expected)
        assert answer == "" or (answer.startswith("<b>Strive</b>: An ability word") and "<b>207.2c.</b>" in answer)
        return
    assert plain(answer) == plain(expected)
