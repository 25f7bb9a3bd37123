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


def _editions(*counts: tuple[str, int]) -> list[dict]:
    return [
        {
            "id": i,
            "name": f"MagicCompRules_{edition.replace('-', '')}",
            "lang": "en",
            "edition": edition,
            "rules": rules,
            "format": "cr-text",
        }
        for i, (edition, rules) in enumerate(counts, 1)
    ]


def test_an_outsized_text_dated_after_the_editions_demotes_none_of_them():
    docs = _editions(("2026-01-16", 3280), ("2026-04-17", 3300), ("2026-08-07", 3318), ("2026-09-01", 19982))
    mark_provenance(docs)
    assert [d["whole"] for d in docs] == [True, True, True, True]


def test_an_outsized_text_in_any_order_leaves_a_note_an_excerpt():
    docs = _editions(("2026-09-01", 19982), ("2026-08-07", 5), ("2026-08-07", 3318), ("2026-04-17", 3300))
    docs[1]["name"] = "phasing"
    mark_provenance(docs)
    assert {d["name"]: d["whole"] for d in docs} == {
        "MagicCompRules_20260901": True,
        "phasing": False,
        "MagicCompRules_20260807": True,
        "MagicCompRules_20260417": True,
    }


def test_a_translation_is_measured_against_the_english_editions_of_its_time():
    docs = _editions(("2010-06-18", 1880), ("2010-07-16", 1885), ("2026-08-07", 3318))
    docs += [
        {"id": 10, "name": "de_2010", "lang": "de", "edition": "2010-07-16", "rules": 1870, "format": "cr-text"},
        {"id": 11, "name": "ja_wiki", "lang": "ja", "edition": "2026-01-16", "rules": 15, "format": "cr-text"},
    ]
    mark_provenance(docs)
    assert {d["name"]: d["whole"] for d in docs if d["lang"] != "en"} == {"de_2010": True, "ja_wiki": False}


def test_a_second_copy_of_a_note_does_not_outvote_the_edition():
    docs = _editions(("2026-08-07", 3318), ("2026-08-07", 5), ("2026-08-07", 5))
    docs[1].update(name="phasing", sha256="n")
    docs[2].update(name="phasing (1)", sha256="n")
    mark_provenance(docs)
    assert [(d["whole"], d["copy"]) for d in docs] == [(True, False), (False, False), (False, True)]


def test_the_outsized_text_imported_beside_the_corpus_leaves_the_edition_answering(tmp_path):
    """An import of a 20,000-rule file dated after the newest edition: the edition stays whole, a
    lookup that names it answers from it, and the newer file answers by default as the newest."""
    lines = ["These rules are effective as of September 1, 2026.", ""]
    for section in range(100, 1000):
        lines += [f"{section}. Section {section}", ""]
        for rule in range(1, 22):
            lines += [f"{section}.{rule}. Generated rule {rule} of {section}.", ""]
    outsized = tmp_path / "generated.txt"
    outsized.write_text("\n".join(lines), encoding="utf-8")
    kb = KnowledgeBase.open(tmp_path / "kb.db")
    kb.import_paths([corpus_path(*NEWEST)], update_history=False)
    assert [r.status for r in kb.import_paths([outsized], format="cr-text", update_history=False)] == ["added"]
    docs = {d["name"]: d for d in kb.store.documents()}
    assert docs["generated"]["rules"] > 19000
    assert docs["MagicCompRules_20260807"]["whole"] and docs["generated"]["whole"]
    rule = kb.rule("702.26b", edition="2026-08-07")
    assert rule.document == "MagicCompRules_20260807" and "phased out" in rule.text
    kb.close()
