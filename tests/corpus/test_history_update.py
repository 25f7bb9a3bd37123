"""The chain update on a small database: only stale pairings are computed, stale ones removed."""

from kb import store
from kb.api import KnowledgeBase
from kb.history import update_chain
from kb.history.chain import update_pairings
from kb.history.pins import Pin
from tests.conftest import SEED_DIR, corpus_path

EDITIONS = ("MagicCompRules_19990423.txt", "MagicCompRules_19991101.txt", "MagicCompRules_20010723.txt")


def test_only_stale_pairings_are_computed(tmp_path):
    kb = KnowledgeBase.open(tmp_path / "small.db")
    kb.import_paths([corpus_path("en", "full", name) for name in EDITIONS], update_history=False)
    first = update_chain(kb)
    assert (first.computed, first.kept, first.removed) == (2, 0, 0)
    assert update_chain(kb).computed == 0
    store.delete_document(kb.conn, "MagicCompRules_19991101")
    after = update_chain(kb)
    assert (after.computed, after.kept, after.removed) == (1, 0, 2)
    kb.import_paths([corpus_path("en", "full", EDITIONS[1])], update_history=False)
    again = update_chain(kb)
    assert (again.computed, again.kept, again.removed) == (2, 0, 1)
    pin = Pin("1999-04-23", "100.1", "1999-11-01", "100.2", "test", 1)
    pinned = update_pairings(kb, pins=[pin])
    assert (pinned.computed, pinned.kept) == (1, 1)  # only the pair the pin applies to
    row = kb.conn.execute("select new_number, how from pairings where old_number = '100.1' and how = 'pin'").fetchone()
    assert row == ("100.2", "pin")
    kb.close()


def test_undated_documents_get_their_edition_inferred(tmp_path):
    kb = KnowledgeBase.open(tmp_path / "seeds.db")
    kb.import_paths([SEED_DIR / "000_a3c90cc092d5a721.txt"], update_history=False)
    alone = update_chain(kb)
    assert alone.inferred == ["000_a3c90cc092d5a721"]  # no English editions yet: an empty answer
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20100716.txt")], update_history=False)
    result = update_chain(kb)
    assert result.inferred == ["000_a3c90cc092d5a721"]  # a new edition makes the stored answer stale
    row = kb.conn.execute(
        "select first, last from edition_inference where document = '000_a3c90cc092d5a721'"
    ).fetchone()
    assert row == ("2010-07-16", "2010-07-16")
    assert update_chain(kb).inferred == []
    kb.close()


def test_imports_keep_the_chain_and_inferences_current(tmp_path):
    kb = KnowledgeBase.open(tmp_path / "auto.db")
    kb.import_paths([corpus_path("en", "full", name) for name in EDITIONS])
    assert update_chain(kb).computed == 0  # the import already paired 1999-04-23/1999-11-01/2001-07-23
    kb.import_file(SEED_DIR / "000_a3c90cc092d5a721.txt")
    kb.import_file(corpus_path("en", "full", "MagicCompRules_20100716.txt"))
    inferred = kb.documents(lang="de")[0].inferred
    assert inferred["last"] == "2010-07-16"
    rule = kb.rule("702.23a", lang="de")
    assert rule.inferred_edition["last"] == "2010-07-16"
    assert rule.english["text"].startswith("Phasing is a static ability")
    kb.close()


def test_inference_evidence_reads_in_the_interface_language(tmp_path):
    from kb.i18n import using_language

    kb = KnowledgeBase.open(tmp_path / "evidence.db")
    kb.import_paths([SEED_DIR / "000_a3c90cc092d5a721.txt", corpus_path("en", "full", "MagicCompRules_20100716.txt")])
    english = kb.inferred_edition("000_a3c90cc092d5a721").evidence
    assert english[-1].startswith("best match: 2010-07-16")
    with using_language("de"):
        german = kb.inferred_edition("000_a3c90cc092d5a721").evidence
    assert german[-1].startswith("beste Übereinstimmung: 2010-07-16")
    kb.close()


def test_release_counts_taken_during_the_chain_are_those_of_the_diff(tmp_path):
    """The chain counts each release from the editions it has loaded; a release that leaves rules
    unpaired on both sides (2025-06-06 -> 2025-07-25: one removed, 22 added) needs its diff, and the
    counts stored are exactly those a diff made afresh counts (the overview's key order included)."""
    import json

    from kb.history.overview import count_release

    kb = KnowledgeBase.open(tmp_path / "counts.db")
    names = ("MagicCompRules_20250606.txt", "MagicCompRules_20250725.txt", "MagicCompRules_20250919.txt")
    kb.import_paths([corpus_path("en", "full", name) for name in names])
    stored = kb.conn.execute(
        "select r.id, c.old_name, c.new_name, c.summary, c.sections from release_counts c join pairing_runs r "
        "on r.old_document = c.old_document and r.new_document = c.new_document order by r.old_edition"
    ).fetchall()
    assert [(row[1], row[2]) for row in stored] == [
        ("MagicCompRules_20250606", "MagicCompRules_20250725"),
        ("MagicCompRules_20250725", "MagicCompRules_20250919"),
    ]
    for run_id, old, new, summary, sections in stored:
        fresh = count_release(kb.conn, run_id, old, new)  # by kb.history.query.diff, loading both editions
        assert (summary, sections) == (json.dumps(fresh[0]), json.dumps(fresh[1]))
    first = json.loads(stored[0][3])
    assert first["removed"] == 1 and first["added"] >= 20 and sum(first.values()) > 3000
    kb.close()
