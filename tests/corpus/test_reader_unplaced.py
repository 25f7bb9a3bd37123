"""The rule page names a translation it cannot place yet: on the small database the German wiki page
(702.23 "Instabilität", an old numbering, undated) has no edition until the history is built, so the
page of 702.26b says so and links the document, instead of leaving German out without a word; with
every edition held, German 702.23b is among the translations and the note is gone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from kb.api import KnowledgeBase
from kb.http.app import create_app
from kb.importers.bundle import first_answers, read_bundle
from tests.history_fixtures import history_db_path

GERMAN = "000_a3c90cc092d5a721"
NOTE = re.compile(r'<p class="note unplaced">(.*?)</p>', re.S)


@pytest.fixture(scope="module")
def small_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("unplaced") / "small.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths(first_answers(read_bundle())[0], keep_going=False, index=False)
    kb.close()
    return path


def page(client: TestClient, number: str) -> str:
    answer = client.get(f"/rules/{number}", headers={"Accept": "text/html"})
    assert answer.status_code == 200
    return answer.text


def test_the_small_database_names_the_german_text_it_cannot_place(small_db):
    with TestClient(create_app(small_db)) as client:
        html = page(client, "702.26b")
        (note,) = NOTE.findall(html)
        assert f'href="/read/doc/{GERMAN}"' in note and "German" in note and "mtgkb build" in note
        assert f"edition={GERMAN}" not in html  # no link to a German rule: none is placed
        assert client.get(f"/read/doc/{GERMAN}").status_code == 200
        before = html.split('<p class="note unplaced">')[0]  # the placed translations come first
        assert "/rules/702.26b?edition=CompRules_ja_20260116.0_lines" in before


def test_the_whole_build_places_it_and_drops_the_note():
    with TestClient(create_app(history_db_path())) as client:
        html = page(client, "702.26b")
        assert NOTE.findall(html) == []
        assert f"/rules/702.23b?edition={GERMAN}" in html
