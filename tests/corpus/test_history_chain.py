"""The stored renumbering chain over all 135 English editions: traces, diffs, renumbering lists, pins."""

import json
from collections import Counter

import pytest

from kb.api import LookupFailed
from kb.history import chain_documents, diff, renumbered, trace, update_chain
from kb.history.chain import pair_editions
from kb.history.model import load_doc
from kb.history.pins import load_pins
from kb.history.resolve import resolve_document
from tests.history_fixtures import open_history_db


@pytest.fixture(scope="module")
def history_db():
    yield from open_history_db()


def numbers_along(result) -> list[str]:
    """The distinct numbers a trace passes through, in walking order."""
    found: list[str] = []
    for step in result.steps:
        if step.number and (not found or found[-1] != step.number):
            found.append(step.number)
    return found


def stored_numbers(kb, document: str) -> set[str]:
    """The rule numbers of one stored document, read with SQL of its own."""
    rows = kb.conn.execute(
        "select r.number from rules r join documents d on d.id = r.document_id where d.name = ?", [document]
    )
    return {number for (number,) in rows}


def step_at(result, edition):
    return next(s for s in result.steps if s.edition == edition)


def test_the_chain_is_every_official_english_edition(history_db):
    chain = chain_documents(history_db)
    assert len(chain) == 135
    assert [c.edition for c in chain] == sorted(c.edition for c in chain)
    assert [c.name for c in chain if c.edition == "2017-09-29"] == [
        "MagicCompRules_20170925",
        "MagicCompRules_20170929",
    ]
    assert not [c for c in chain if c.name.count("_") > 1]
    stored = history_db.conn.execute("select count(*) from pairing_runs").fetchone()[0]
    assert stored == 134
    again = update_chain(history_db)
    assert (again.computed, again.kept, again.removed) == (0, 134, 0)


def test_phasing_702_23_of_2010_traces_forward_to_702_26(history_db):
    result = trace(history_db, "702.23", "2010-07-16")
    assert numbers_along(result) == ["702.23", "702.24", "702.25", "702.26"]
    assert (result.last.edition, result.last.number, result.last.title) == ("2026-08-07", "702.26", "Phasing")
    assert {s.title for s in result.steps} == {"Phasing"}
    assert result.end == "702.26 in 2026-08-07"
    json.dumps(result.to_dict())


def test_phasing_702_26_traces_back_to_502_15_of_may_2009(history_db):
    result = trace(history_db, "702.26", "2026-08-07", back=True)
    may = step_at(result, "2009-05-01")
    assert (may.number, may.document, may.title) == ("502.15", "MagicCompRules_20090501", "Phasing")
    assert step_at(result, "2009-07-11").change == "renumbered"  # the July 2009 renumbering
    assert numbers_along(result)[:5] == ["702.26", "702.25", "702.24", "702.23", "502.15"]


def test_phenomena_310_traces_forward_to_312(history_db):
    result = trace(history_db, "310", "2017-08-25")
    assert numbers_along(result) == ["310", "311", "312"]
    assert (result.last.number, result.last.title) == ("312", "Phenomena")


def test_each_subrule_is_traced_on_its_own(history_db):
    result = trace(history_db, "702.23", "2010-07-16")
    ends = {sub.number: sub.last.number for sub in result.subrules}
    assert ends == {
        "702.23a": "702.26a",
        "702.23b": "702.26b",
        "702.23c": "702.26c",
        "702.23d": "702.26d",
        "702.23e": "702.26f",
        "702.23f": "702.26g",
        "702.23g": "702.26h",
        "702.23h": "702.26i",
        "702.23i": "702.26k",
        "702.23j": None,
        "702.23k": "702.26m",
        "702.23m": "702.26p",
    }
    tokens = next(sub for sub in result.subrules if sub.number == "702.23j")
    removed, before = tokens.steps[-1], tokens.steps[-2]
    assert removed.change == "removed" and tokens.end == f"removed in {removed.edition}"
    text = history_db.rule(before.number, edition=before.document).text
    assert "tokens cease to exist" in text  # the rule that was removed is the tokens rule
    phasing_then = step_at(result, removed.edition).number
    family = history_db.rules(phasing_then, edition=removed.document)
    assert len(family) > 10 and not [r for r in family if "cease to exist" in r.text]


def test_trace_to_an_edition_in_either_direction(history_db):
    result = trace(history_db, "702.26", "2026-08-07", to="2013-07-13", subrules=False)
    assert result.direction == "back"
    assert (result.last.edition, result.last.number) == ("2013-07-13", "702.25")
    assert result.subrules == []


def test_diff_of_two_editions_far_apart(history_db):
    result = diff(history_db, "2009-07-11", "2026-08-07", section="702.23")
    assert result.method == "chain"
    entries = {e.old_number: e for e in result.rules}
    assert (entries["702.23"].change, entries["702.23"].new_number) == ("renumbered", "702.26")
    assert entries["702.23j"].change == "removed"
    assert (entries["702.23e"].new_number, entries["702.23e"].references_only) == ("702.26f", True)
    assert entries["702.23k"].change == "renumbered and edited"
    whole = diff(history_db, "2009-07-11", "2026-08-07")
    # Against the two documents as stored, not the diff's own counts: every rule of each is in it.
    old_seen = {e.old_number for e in whole.rules if e.old_number} | {n for e in whole.rules for n in e.merged_from}
    new_seen = {e.new_number for e in whole.rules if e.new_number} | {n for e in whole.rules for n in e.split_into}
    assert old_seen == stored_numbers(history_db, whole.old.document)
    assert new_seen == stored_numbers(history_db, whole.new.document)
    assert whole.summary == dict(Counter(e.change for e in whole.rules))
    assert whole.glossary_summary["edited"] > 0
    json.dumps(whole.to_dict())


def test_diff_across_the_july_2009_renumbering(history_db):
    result = diff(history_db, "2009-05-01", "2009-07-11")
    entries = {e.old_number: e for e in result.rules if e.old_number}
    assert (entries["502"].new_number, entries["502"].new_title) == ("702", "Keyword Abilities")
    assert entries["502.15"].new_number == "702.23"
    assert (entries["420"].new_number, entries["420"].new_title) == ("704", "State-Based Actions")
    assert result.summary["renumbered"] > 500


def test_diff_backwards_and_of_documents_outside_the_chain(history_db):
    back = diff(history_db, "2026-08-07", "2009-07-11", section="702.26")
    assert {e.old_number: e.new_number for e in back.rules}["702.26"] == "702.23"
    zh = diff(history_db, "2023-11-17", "2026-04-17", lang="zh", section="702.26")
    assert zh.method == "direct" and zh.old.lang == "zh"
    assert zh.summary["unchanged"] >= 10
    variant = diff(history_db, "MagicCompRules_20231117_cleaned_HeliumOctahelide", "2023-11-17")
    assert variant.method == "direct"
    assert variant.summary["unchanged"] > 0.95 * len(variant.rules)


def test_renumbered_lists_every_changed_number(history_db):
    result = renumbered(history_db, "2021-02-15", "2021-04-22")
    found = {(r.old_number, r.new_number) for r in result.rules}
    assert ("702.25", "702.26") in found and ("702.25a", "702.26a") in found
    assert all(r.old_number != r.new_number for r in result.rules)
    phasing = next(r for r in result.rules if r.old_number == "702.25")
    assert (phasing.title, phasing.kind, phasing.change) == ("Phasing", "rule", "renumbered")
    json.dumps(result.to_dict())


def test_each_pin_holds_and_is_needed(history_db):
    pins = load_pins()
    assert 0 < len(pins) <= 10
    conn = history_db.conn
    for pin in pins:
        old = load_doc(conn, resolve_document(conn, pin.old_edition).id)
        new = load_doc(conn, resolve_document(conn, pin.new_edition).id)
        stored = conn.execute(
            "select p.new_number, p.how from pairings p join pairing_runs r on r.id = p.run_id "
            "where r.old_document = ? and r.new_document = ? and p.old_number = ? and p.change not in ('split', 'merged')",
            [old.id, new.id, pin.old_number],
        ).fetchone()
        assert stored == (pin.new_number, "pin"), pin
        unpinned = pair_editions(old, new, []).number_map().get(pin.old_number)
        assert unpinned != pin.new_number, f"pin on line {pin.line} is not needed: {pin.reason}"


def test_unknown_editions_and_numbers_name_what_exists(history_db):
    with pytest.raises(LookupFailed) as error:
        diff(history_db, "1998-07-12", "2026-08-07")  # before every edition held
    assert "1998-07-12" in str(error.value) and error.value.suggestions
    assert diff(history_db, "2009-07-12", "2026-08-07").old.edition == "2009-07-11"  # the edition in force then
    with pytest.raises(LookupFailed) as error:
        trace(history_db, "702.99", "2010-07-16")
    assert "702.99" in str(error.value) and error.value.suggestions
    assert all(history_db.rule(n, edition="2010-07-16") for n in error.value.suggestions)
    with pytest.raises(LookupFailed):
        trace(history_db, "not-a-number")
    with pytest.raises(LookupFailed):
        diff(history_db, "2009-07-11", "2026-08-07", section="70x")
    with pytest.raises(LookupFailed) as error:
        diff(history_db, "2009-07-11", "2026-08-07", section="702.999")
    assert "702.999" in str(error.value) and error.value.suggestions
    with pytest.raises(LookupFailed):
        diff(history_db, "2023-11-17", "MagicCompRules_20231117_zh-CN_HeliumOctahelide")
