"""Which document answers: the official full text of an edition outranks any other document of its date.

An excerpt (a house-rule note, a blog quote of a few rules) or a second copy of an edition
must never stand in for the edition: ``show 702.26b`` answers from the whole text unless the
user names another document.
"""

import shutil

import pytest

from kb.api import KnowledgeBase
from kb.store.documents import mark_provenance
from kb.store.identity import EXCERPT, OFFICIAL, VARIANT, document_roles
from tests.conftest import corpus_path

NEWEST = ("en", "full", "MagicCompRules_20260807.txt")

PHASING_NOTE = """These rules are effective as of August 7, 2026.

702.26. Phasing

702.26a Phasing is a static ability. House rule: phasing is written on an index card.

702.26b House rule: a phased-out permanent is turned sideways.

702.26c House rule: phasing happens at the end of the turn.

702.26d House rule: tokens never phase.
"""


@pytest.fixture(scope="module")
def shadowed(tmp_path_factory):
    """The newest edition, then a 5-rule note of its date and a copy of it under a browser's name."""
    folder = tmp_path_factory.mktemp("precedence")
    official = folder / "MagicCompRules_20260807.txt"
    shutil.copy(corpus_path(*NEWEST), official)
    note = folder / "phasing.txt"
    note.write_text(PHASING_NOTE, encoding="utf-8")
    copy = folder / "MagicCompRules_20260807 (1).txt"
    shutil.copy(official, copy)
    kb = KnowledgeBase.open(folder / "kb.db")
    kb.import_paths([official], update_history=False)
    kb.import_paths([note], format="cr-text", update_history=False)
    kb.import_paths([copy], update_history=False)
    yield kb
    kb.close()


def test_an_excerpt_of_an_edition_date_does_not_answer_for_the_edition(shadowed):
    names = {d["name"] for d in shadowed.store.documents()}
    assert {"MagicCompRules_20260807", "phasing", "MagicCompRules_20260807 (1)"} <= names
    rule = shadowed.rule("702.26b")
    assert rule.document == "MagicCompRules_20260807"
    assert "House rule" not in rule.text
    whole = shadowed.rule("702.26")
    assert [c.number for c in shadowed.rules("702.26")[1:3]] == ["702.26a", "702.26b"]
    assert len(whole.children) > 10  # a–p, not the note's a–d


def test_the_excerpt_is_still_answered_when_named(shadowed):
    assert "House rule" in shadowed.rule("702.26b", edition="phasing").text


def test_the_default_document_of_the_date_is_the_official_text(shadowed):
    assert shadowed.store.resolve("2026-08-07", lang="en")["name"] == "MagicCompRules_20260807"
    assert shadowed.store.resolve(None, lang="en")["name"] == "MagicCompRules_20260807"


def test_roles_follow_what_a_document_holds(shadowed):
    docs = {d["name"]: d for d in shadowed.store.documents()}
    roles = document_roles(list(docs.values()))
    assert roles[docs["MagicCompRules_20260807"]["id"]] == OFFICIAL
    assert roles[docs["phasing"]["id"]] == EXCERPT
    assert roles[docs["MagicCompRules_20260807 (1)"]["id"]] == VARIANT


def test_a_fraction_of_the_neighbouring_editions_is_an_excerpt():
    docs = [
        {"id": 1, "name": "A", "lang": "en", "edition": "2026-04-17", "rules": 3300, "format": "cr-text"},
        {"id": 2, "name": "B", "lang": "en", "edition": "2026-06-19", "rules": 1900, "format": "cr-text"},
        {"id": 3, "name": "C", "lang": "en", "edition": "2026-08-07", "rules": 3320, "format": "cr-text"},
        {"id": 4, "name": "D", "lang": "en", "edition": "2026-09-01", "rules": 2100, "format": "cr-text"},
    ]
    mark_provenance(docs)
    # 1900 is 58% of the larger neighbour (3320): an excerpt; 2100 is 63% of its only neighbour: whole
    assert [d["whole"] for d in docs] == [True, False, True, True]
