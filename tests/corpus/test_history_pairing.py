"""Pairing and classification on small documents made by altering real text on purpose.

The base is a slice of the 2026-08-07 edition (chapters 506 and 611.2, rule 702.26 with
its subrules, a few glossary entries); each test changes it the way editions change
and checks every rule's classification. No database: documents are built in memory.
"""

import re
from dataclasses import replace

import pytest

from kb.core.numbers import LETTERS, RuleNumber
from kb.history.chain import pair_editions
from kb.history.diff import compare
from kb.history.model import build_doc
from kb.history.pairing import heaviest_chain, pair_documents
from kb.history.pins import Pin, load_pins
from kb.history.text import RULE_NUMBER, changed_numbers, mark, normalise, word_diff
from kb.importers.records import GlossaryEntry, Rule
from kb.importers.registry import parse_file
from tests.conftest import corpus_path

GLOSSARY_TERMS = ("Permanent", "Phased In, Phased Out", "Phasing", "Token")


@pytest.fixture(scope="module")
def base():
    doc, _ = parse_file(corpus_path("en", "full", "MagicCompRules_20260807.txt"))

    def keep(number: str) -> bool:
        return number in ("5", "6", "7", "611", "702") or number.startswith(("506", "611.2", "702.26"))

    rules = [r for r in doc.rules if keep(r.number)]
    glossary = [g for g in doc.glossary if g.term in GLOSSARY_TERMS]
    assert len(glossary) == len(GLOSSARY_TERMS)
    return rules, glossary


def fresh(rules):
    return [replace(r, examples=list(r.examples)) for r in rules]


def find(rules, number) -> Rule:
    return next(r for r in rules if r.number == number)


def renumber(rules, mapping: dict[str, str]):
    """New numbers for some rules, and every citation of them follows."""

    def cite(match):
        return mapping.get(match.group(), match.group())

    return [replace(r, number=mapping.get(r.number, r.number), text=RULE_NUMBER.sub(cite, r.text)) for r in rules]


def reletter(rules, parent: str):
    """Letter the subrules of ``parent`` a, b, c, ... in document order (as the CR does after a change)."""
    kids = [r.number for r in rules if RuleNumber.parse(r.number).parent == RuleNumber.parse(parent)]
    return {old: parent + LETTERS[k] for k, old in enumerate(kids) if old != parent + LETTERS[k]}


def diff_of(old_rules, new_rules, old_glossary=(), new_glossary=()):
    old = build_doc("old", old_rules, old_glossary)
    new = build_doc("new", new_rules, new_glossary)
    return compare(pair_documents(old, new))


def by_old(result):
    return {e.old_number: e for e in result.rules if e.old_number}


def by_new(result):
    return {e.new_number: e for e in result.rules if e.new_number}


def test_identical_documents_are_unchanged(base):
    rules, glossary = base
    result = diff_of(rules, fresh(rules), glossary, glossary)
    assert result.summary == {"unchanged": len(rules)}
    assert result.changed() == []
    assert {g.change for g in result.glossary} == {"unchanged"}


def test_removing_a_subrule_renumbers_the_ones_after_it(base):
    rules, _ = base
    new = [r for r in fresh(rules) if r.number != "702.26e"]
    new = renumber(new, reletter(new, "702.26"))
    result = diff_of(rules, new)
    old = by_old(result)
    assert old["702.26e"].change == "removed"
    assert (old["702.26f"].change, old["702.26f"].new_number) == ("renumbered", "702.26e")
    # the letters skip l and o: k is followed by m, and n by p
    assert (old["702.26m"].new_number, old["702.26p"].new_number) == ("702.26k", "702.26n")
    assert old["702.26d"].change == "unchanged"
    assert result.summary == {"unchanged": len(rules) - 10, "renumbered": 9, "removed": 1}


def test_an_edit_is_marked_word_by_word(base):
    rules, _ = base
    new = fresh(rules)
    m = find(new, "702.26m")
    m.text = m.text.replace("untap step", "upkeep")
    entry = by_old(diff_of(rules, new))["702.26m"]
    assert entry.change == "edited"
    assert [entry.old_text[s.start : s.end] for s in entry.old_spans] == ["untap step"]
    assert [entry.new_text[s.start : s.end] for s in entry.new_spans] == ["upkeep"]
    assert {s.op for s in entry.old_spans + entry.new_spans} == {"replace"}


def test_renumbered_and_edited(base):
    rules, _ = base
    new = [r for r in fresh(rules) if r.number != "702.26a"]
    find(new, "702.26c").text += " This sentence is new."
    new = renumber(new, reletter(new, "702.26"))
    entry = by_old(diff_of(rules, new))["702.26c"]
    assert (entry.change, entry.new_number) == ("renumbered and edited", "702.26b")
    assert [entry.new_text[s.start : s.end] for s in entry.new_spans] == ["This sentence is new."]


def test_citations_that_follow_a_renumbering_are_references_only(base):
    rules, _ = base
    new = fresh(rules)
    # A new rule 506.4 pushes 506.4 ... 506.7 up by one; every citation of them follows.
    mapping = {}
    for r in new:
        n = RuleNumber.parse(r.number)
        if n.chapter == 506 and n.rule is not None and n.rule >= 4:
            mapping[r.number] = f"506.{n.rule + 1}{n.letters or ''}"
    new = renumber(new, mapping)
    at = next(k for k, r in enumerate(new) if r.number == "506.5")
    new.insert(
        at, Rule("506.4", "A creature that blocks is a blocking creature until combat ends or it is removed.", 0)
    )
    # ... and one citation changes to a rule that was not renumbered: a real edit.
    f = find(new, "702.26f")
    f.text = f.text.replace("611.2b", "611.2c")
    result = diff_of(rules, new)
    old = by_old(result)
    assert "(See rule 506.5.)" in old["702.26b"].new_text
    assert (old["702.26b"].change, old["702.26b"].references_only) == ("references only", True)
    assert (old["506.4"].change, old["506.4"].new_number) == ("renumbered", "506.5")
    assert old["506.7g"].change == "renumbered" and old["506.7g"].references_only  # it cites its own family
    assert old["702.26f"].change == "edited"
    assert by_new(result)["506.4"].change == "added"


def test_a_split_rule(base):
    rules, _ = base
    new = fresh(rules)
    d = find(new, "702.26d")
    sentences = re.split(r"(?<=\.) ", d.text)
    d.text = " ".join(sentences[:2])
    new.insert(new.index(d) + 1, Rule("702.26zz", " ".join(sentences[2:]), 0))  # lettered in place below
    new = renumber(new, reletter(new, "702.26"))
    result = diff_of(rules, new)
    entry = by_old(result)["702.26d"]
    assert entry.change == "split"
    assert sorted(entry.split_into) == ["702.26d", "702.26e"]
    assert not [e for e in result.rules if e.change == "added"]
    assert by_old(result)["702.26e"].new_number == "702.26f"


def test_a_merged_rule(base):
    rules, _ = base
    new = fresh(rules)
    g, h = find(new, "702.26g"), find(new, "702.26h")
    g.text = f"{g.text} {h.text}"
    new.remove(h)
    new = renumber(new, reletter(new, "702.26"))
    result = diff_of(rules, new)
    entry = by_new(result)["702.26g"]
    assert entry.change == "merged"
    assert sorted(entry.merged_from) == ["702.26g", "702.26h"]
    assert not [e for e in result.rules if e.change == "removed"]
    assert by_old(result)["702.26i"].new_number == "702.26h"


def test_examples_are_diffed(base):
    rules, _ = base
    new = fresh(rules)
    b = find(new, "702.26b")
    assert len(b.examples) == 2
    b.examples = [b.examples[0].replace("three creatures", "three artifact creatures")]
    find(new, "702.26c").examples.append("You control a phased-out creature. It phases in.")
    result = diff_of(rules, new)
    entry = by_old(result)["702.26b"]
    assert entry.change == "unchanged"
    assert [(x.change, x.old_position, x.new_position) for x in entry.examples] == [
        ("edited", 1, 1),
        ("removed", 2, None),
    ]
    assert [entry.examples[0].new_text[s.start : s.end] for s in entry.examples[0].new_spans] == ["artifact"]
    assert [x.change for x in by_old(result)["702.26c"].examples] == ["added"]
    assert entry in result.changed()


def test_glossary_entries_are_diffed(base):
    rules, glossary = base
    old = {g.term: g for g in glossary}
    new_glossary = [
        replace(old["Permanent"]),
        replace(old["Phasing"], text=old["Phasing"].text + " Phased-out permanents are ignored."),
        replace(old["Token"], term="Tokens"),
        GlossaryEntry("Phase In", "To change a permanent's status from phased out to phased in.", 0),
    ]
    result = diff_of(rules, fresh(rules), glossary, new_glossary)
    changes = {(g.old_term, g.new_term): g.change for g in result.glossary}
    assert changes == {
        ("Permanent", "Permanent"): "unchanged",
        ("Phasing", "Phasing"): "edited",
        ("Token", "Tokens"): "renamed",
        (None, "Phase In"): "added",
        ("Phased In, Phased Out", None): "removed",
    }
    edited = next(g for g in result.glossary if g.change == "edited")
    assert [edited.new_text[s.start : s.end] for s in edited.new_spans] == ["Phased-out permanents are ignored."]


def test_a_moved_and_renumbered_chapter_pairs_like_502_to_702(base):
    """July 2009 moved whole chapters to new numbers and places; the pairing must survive that."""
    rules, _ = base
    mapping = {}
    for r in rules:
        n = RuleNumber.parse(r.number)
        if n.chapter == 506:
            mapping[r.number] = r.number.replace("506", "708", 1)
    moved = renumber(fresh(rules), mapping)
    chapter = [r for r in moved if r.number.startswith("708")]
    rest = [r for r in moved if not r.number.startswith("708")]
    new = rest + chapter  # the chapter now sits at the end, under section 7
    result = diff_of(rules, new)
    old = by_old(result)
    assert (old["506"].change, old["506"].new_number) == ("renumbered", "708")
    assert all(old[r.number].new_number == mapping[r.number] for r in rules if r.number in mapping)
    assert set(result.summary) <= {"unchanged", "renumbered", "references only"}


def test_a_renamed_heading_is_edited_not_replaced(base):
    rules, _ = base
    new = fresh(rules)
    find(new, "702").title = "Keyword Abilities and Keyword Actions"
    entry = by_old(diff_of(rules, new))["702"]
    assert (entry.change, entry.new_number) == ("edited", "702")


def test_pins_override_the_score(base, tmp_path):
    rules, _ = base
    old, new = build_doc("old", rules, edition="2000-01-01"), build_doc("new", fresh(rules), edition="2000-02-01")
    pins = [
        Pin("2000-01-01", "702.26a", "2000-02-01", "702.26b", "test", 1),
        Pin("old", "702.26c", "new", None, "test", 2),
    ]
    pairing = pair_editions(old, new, pins)
    numbers = pairing.number_map()
    assert numbers["702.26a"] == "702.26b"
    assert "702.26c" not in numbers
    assert pair_editions(old, new, []).number_map()["702.26a"] == "702.26a"
    bad = tmp_path / "pins.tsv"
    bad.write_text("old_edition\told_number\tnew_edition\tnew_number\treason\n2000-01-01\t702.26a\t2000-02-01\n")
    with pytest.raises(ValueError, match="pins.tsv:2"):
        load_pins(bad)


def test_text_helpers():
    assert normalise("It doesn’t  “phase”\n— out") == 'It doesn\'t "phase" - out'
    assert changed_numbers("See rules 704.5n and 704.5p.", "See rules 704.5m and 704.5n.") == [
        ("704.5n", "704.5m"),
        ("704.5p", "704.5n"),
    ]
    assert changed_numbers("See rule 704.5n.", "See rule 704.5n and rule 704.5p.") is None
    old_spans, new_spans = word_diff("skip his or her untap step", "skip their untap step")
    assert mark("skip his or her untap step", old_spans, "[-", "-]") == "skip [-his or her-] untap step"
    assert mark("skip their untap step", new_spans, "{+", "+}") == "skip {+their+} untap step"


def test_heaviest_chain_keeps_document_order():
    candidates = [(0, 0, 1.0), (1, 2, 1.0), (2, 1, 5.0), (3, 3, 1.0), (3, 4, 2.0)]
    assert heaviest_chain(candidates) == [(0, 0, 1.0), (2, 1, 5.0), (3, 4, 2.0)]


def test_a_glossary_definition_that_follows_a_renumbering_is_references_only(base):
    rules, glossary = base
    mapping = {r.number: r.number.replace("702.26", "702.27", 1) for r in rules if r.number.startswith("702.26")}
    phasing = next(g for g in glossary if g.term == "Phasing")
    assert "702.26" in phasing.text
    moved = replace(phasing, text=RULE_NUMBER.sub(lambda m: mapping.get(m.group(), m.group()), phasing.text))
    result = diff_of(rules, renumber(fresh(rules), mapping), [phasing], [moved])
    assert [(g.change, g.references_only) for g in result.glossary] == [("references only", True)]
    assert by_old(result)["702.26"].new_number == "702.27"
