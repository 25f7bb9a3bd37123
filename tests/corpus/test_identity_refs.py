"""`refs --broken` lists only real problems: partial documents are checked in their full text,
and a quoted title that differs is shown beside the actual one (kb.store.broken)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli import cli
from tests.corpus.test_identity import build
from tests.history_fixtures import open_history_db


@pytest.fixture
def db_file(tmp_path):
    build(tmp_path / "refs.db").close()
    return tmp_path / "refs.db"


def found(kb) -> list[tuple[str, str, str | None]]:
    return [(r.document, r.target, r.checked_in) for r in kb.broken_refs()]


def test_a_full_text_reports_missing_rules_and_both_titles(db_file):
    kb = KnowledgeBase.open(db_file)
    broken = kb.broken_refs(document="MiniRules_20260807")
    assert [(r.target, r.resolved, r.title, r.actual_title) for r in broken] == [
        ("702.2", False, None, None),
        ("702.22", True, "Banding", "Flanking"),
    ]
    assert ("Regeln_de_20100716", "702.21", None) in found(kb)  # a full translation lacking a rule: reported
    kb.close()


def test_a_partial_document_is_checked_in_its_full_text(db_file):
    kb = KnowledgeBase.open(db_file)
    with kb.conn:  # the German text as an excerpt (a wiki article quoting a few rules)
        kb.conn.execute("update documents set format = 'wiki-article' where name = 'Regeln_de_20100716'")
    kb.store.changed()
    german = [(r.target, r.checked_in) for r in kb.broken_refs() if r.document == "Regeln_de_20100716"]
    assert german == [("702.99", "MiniRules_20100716")]  # 702.21 is in the English text of its date
    kb.close()


def test_cli_text_names_both_titles(db_file):
    result = CliRunner().invoke(cli, ["--db", str(db_file), "refs", "--broken", "--document", "MiniRules_20260807"])
    lines = result.output.splitlines()
    assert (
        "MiniRules_20260807 Flanking: 'rule 702.22, “Banding.”' -> 702.22 (quoted title 'Banding', actual "
        "title 'Flanking')" in lines
    )
    answer = json.loads(CliRunner().invoke(cli, ["--db", str(db_file), "refs", "--broken", "--json"]).output)
    assert {"actual_title": "Flanking", "title": "Banding"}.items() <= next(
        r for r in answer if r["target"] == "702.22"
    ).items()


@pytest.fixture(scope="module")
def history_db():
    yield from open_history_db()


def test_corpus_no_noise_from_excerpts(history_db):
    broken = history_db.broken_refs()
    excerpts = {"000_a3c90cc092d5a721", "001_b91ea460c0a74603", "004_87f96431dc6e8d24"}
    assert [r for r in broken if r.document in excerpts] == []
    endure = [r for r in broken if r.document == "MagicCompRules_20260807" and r.glossary_term == "Endure"]
    assert [(r.title, r.actual_title) for r in endure] == [("Endure", "Suspend")]
    assert all(r.actual_title is None for r in broken if not r.resolved)
