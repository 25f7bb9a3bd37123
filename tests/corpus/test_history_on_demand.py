"""History on demand: a database built from the texts the package carries, but not all of them (the
small database a first command builds), never answers "none was in force" for an older date. The CLI
adds the one edition a question needs, with progress on stderr; with --no-build, a read-only
database or the HTTP server, the answer says what is held and that 'mtgkb build' adds the rest."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from kb.api import HistoryNotBuilt, KnowledgeBase
from kb.cli import cli
from kb.http.app import create_app
from kb.importers.bundle import read_bundle

NEWEST = ("20260417", "20260807")  # two bundled editions: a small database built from the package


@pytest.fixture(scope="module")
def small_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("small") / "small.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths([t for t in read_bundle() if t.english_edition in NEWEST], keep_going=False, index=False)
    kb.close()
    return path


def _copy(small_db: Path, tmp_path: Path) -> Path:
    target = tmp_path / "copy.db"
    shutil.copy(small_db, target)
    return target


def test_no_build_says_what_is_held_and_what_adds_the_rest(small_db):
    result = CliRunner().invoke(
        cli, ["--db", str(small_db), "--no-build", "show", "702.26a", "--edition", "2026-02-01"]
    )
    assert result.exit_code == 1
    assert "none was in force" not in result.output
    assert "the CR of 2026-01-16" in result.output
    assert "English editions since 2026-04-17" in result.output
    assert "'mtgkb build' adds every edition since 1999" in result.output


def test_no_build_json_names_the_edition_that_would_answer(small_db):
    result = CliRunner().invoke(
        cli, ["--db", str(small_db), "--no-build", "show", "702.26a", "--edition", "2026-02-01", "--json"]
    )
    payload = json.loads(result.stdout)
    assert result.exit_code == 1
    assert (payload["kind"], payload["edition"]) == ("HistoryNotBuilt", "2026-01-16")


def test_show_adds_the_edition_in_force_then_answers_it(small_db, tmp_path):
    db = _copy(small_db, tmp_path)
    result = CliRunner().invoke(cli, ["--db", str(db), "show", "702.26a", "--edition", "2026-02-01"])
    assert result.exit_code == 0, result.output
    assert "Adding the CR of 2026-01-16" in result.stderr
    assert "[en, January 16, 2026, MagicCompRules_20260116" in result.stdout
    assert "in force on February 1, 2026" in result.stdout
    kb = KnowledgeBase.open(db)
    assert [d.name for d in kb.documents("en")] == [
        "MagicCompRules_20260116",
        "MagicCompRules_20260417",
        "MagicCompRules_20260807",
    ]


def test_a_date_between_held_editions_is_not_answered_by_an_older_one(small_db, tmp_path):
    """Held: 2026-01-16 (added) and 2026-08-07; 2026-05-01 was the CR of 2026-04-17, not of January."""
    kb = KnowledgeBase.open(tmp_path / "gap.db")
    kept = ("20260116", "20260807")
    kb.import_paths([t for t in read_bundle() if t.english_edition in kept], keep_going=False, index=False)
    with pytest.raises(HistoryNotBuilt) as raised:
        kb.rule("702.26a", edition="2026-05-01")
    assert raised.value.edition == "2026-04-17"


def test_read_only_database_is_not_built(small_db):
    kb = KnowledgeBase.open(small_db, readonly=True)
    kb.on_demand = lambda notice: pytest.fail("a read-only database was built: " + notice)
    with pytest.raises(HistoryNotBuilt):
        kb.rule("702.26a", edition="2026-02-01")


def test_trace_needs_the_whole_history(small_db):
    result = CliRunner().invoke(
        cli, ["--db", str(small_db), "--no-build", "trace", "702.26a", "--edition", "2026-08-07", "--back"]
    )
    assert result.exit_code == 1
    assert "needs the history of the rules" in result.output
    assert "'mtgkb build' adds every edition since 1999" in result.output


def test_http_answers_409_with_the_same_message(small_db):
    client = TestClient(create_app(small_db))
    response = client.get("/rules/702.26a", params={"edition": "2026-02-01"})
    assert response.status_code == 409
    body = response.json()
    assert "'mtgkb build' adds every edition since 1999" in json.dumps(body)
    assert "none was in force" not in json.dumps(body)


def test_http_trace_and_diff_answer_409_as_documented(small_db):
    client = TestClient(create_app(small_db))
    for path, params in (
        ("/trace/702.26a", {"edition": "2010-07-01"}),
        ("/diff", {"old": "2010-07-01", "new": "newest"}),
    ):
        response = client.get(path, params=params)
        assert response.status_code == 409, (path, response.text)
        assert "'mtgkb build' adds every edition since 1999" in json.dumps(response.json())
    declared = client.get("/openapi.json").json()["paths"]
    assert "409" in declared["/trace/{number}"]["get"]["responses"]
    assert "409" in declared["/diff"]["get"]["responses"]


def test_an_undated_document_is_not_inferred_against_editions_that_cannot_decide(tmp_path):
    """The English seed "310. Phenomena" (numbering of 2012-2021) against the two newest editions only:
    no held edition meets its facts, so its edition is unknown until the history is built, not 2026."""
    kb = KnowledgeBase.open(tmp_path / "seed.db")
    texts = [t for t in read_bundle() if t.english_edition in NEWEST or t.member.startswith("seeds/004_")]
    kb.import_paths(texts, keep_going=False, index=False)
    (seed,) = [d for d in kb.documents("en") if d.edition is None]
    assert seed.inferred["first"] is None and seed.inferred["last"] is None
    assert any("unknown until the history is built" in line for line in seed.inferred["evidence"])
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "seed.db"), "editions", "--lang", "en"])
    assert "inferred edition: unknown" in result.output
    assert "2026-04-17 … 2026-08-07" not in result.output


def test_the_edition_dates_are_those_the_importer_reads_from_each_carried_text():
    """data/edition_dates.tsv (make_archive.py) lists every official edition with its header date,
    which is right where the file name disagrees (MagicCompRules_20170925.txt is of 2017-09-29)."""
    import hashlib

    from kb.importers.cr_text import parse
    from kb.store.documents import carried_editions, official_hashes

    dates = {sha: when for when, sha in carried_editions()}
    assert set(dates) == set(official_hashes())
    for text in read_bundle():
        if text.english_edition in ("20170925", "20130711", "20260807"):
            assert dates[hashlib.sha256(text.data).hexdigest()] == parse(text.data, text.member).edition


def test_the_rule_page_of_a_small_database_says_its_history_is_not_built(small_db):
    from bs4 import BeautifulSoup

    client = TestClient(create_app(small_db))
    page = client.get("/rules/702.26b", headers={"accept": "text/html"})
    history = BeautifulSoup(page.text, "html.parser").find(id="versions-heading").find_parent("section")
    note = history.select_one("p.note").get_text()
    assert "English editions since April 17, 2026 only" in note and "'mtgkb build' adds every edition" in note
