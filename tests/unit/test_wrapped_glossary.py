"""The hard-wrapped glossaries of about 2001-2004 read as paragraphs, and no other layout moves.

Entry counts here come from each file's own lines (plain_entries), not from the importer.
"""

from __future__ import annotations

import hashlib
import re

import pytest

from kb.importers import cr_text
from kb.importers.decode import decode_bytes
from kb.importers.records import GlossaryEntry
from kb.importers.wrapped import hyphenated_words, is_wrapped, join_wrapped, joins_at_hyphen
from tests.conftest import corpus_path

# The editions whose glossary keeps its printed line breaks (found by reading the files).
WRAPPED = ["20010723", "20010924", "20020220", "20031001", "20031201", "20040201"]
# Their neighbours print one paragraph a line, or (1999) indent every line and end with an index;
# the translations end their lines with full-width punctuation.
NOT_WRAPPED = ["19990423", "19991101", "20021007", "20030315", "20030701", "20041001", "20260807"] + [
    "zh/MagicCompRules_20231117_zh-CN_HeliumOctahelide.txt",
    "zh/MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt",
    "ja/CompRules_ja_20260116.0_lines.txt",
]


def _file(edition: str) -> tuple[str, bytes]:
    """An English edition by its date, or any corpus file by its path under corpus/."""
    if "/" in edition:
        path = corpus_path(*edition.split("/"))
    else:
        path = corpus_path("en", "full", f"MagicCompRules_{edition}.txt")
    return str(path), path.read_bytes()


def _glossary(edition: str) -> list[GlossaryEntry]:
    path, data = _file(edition)
    return cr_text.parse(data, path).glossary


def _glossary_lines(edition: str) -> list[str]:
    """The lines between the last glossary heading and the last credits heading (in any language)."""
    path, data = _file(edition)
    lines = decode_bytes(data, path).split("\n")
    start = max(i for i, line in enumerate(lines) if line.strip() in cr_text.MARKERS.glossary)
    ends = [i for i, line in enumerate(lines) if line.strip() in cr_text.MARKERS.credits and i > start]
    return lines[start + 1 : max(ends, default=len(lines))]


def plain_entries(lines: list[str]) -> int:
    """Blank-line separated blocks that start flush left: each is a term and its definition
    (the indented blocks are items of the "Expansions and Editions" lists)."""
    blocks = "\n".join(lines).strip().split("\n\n")
    return sum(1 for block in blocks if block.strip() and not block.lstrip("\n")[:1].isspace())


@pytest.mark.parametrize("edition", WRAPPED)
def test_a_wrapped_edition_is_told_by_its_lines_and_keeps_every_entry(edition):
    lines = _glossary_lines(edition)
    assert is_wrapped(lines)
    assert len(_glossary(edition)) == plain_entries(lines)


@pytest.mark.parametrize("edition", NOT_WRAPPED)
def test_other_layouts_are_not_taken_for_wrapped(edition):
    assert not is_wrapped(_glossary_lines(edition))


@pytest.mark.parametrize("edition", WRAPPED)
def test_no_definition_breaks_a_line_inside_a_sentence(edition):
    """A break may follow a sentence's end, an item of a list of sets ("... [symbol]") or a heading
    of that list ("Starter-Level Sets"); the paragraph after it never starts in lower case."""
    for entry in _glossary(edition):
        paragraphs = entry.text.split("\n")
        for before, after in zip(paragraphs, paragraphs[1:]):
            heading = len(before.split()) <= 4
            assert heading or before.rstrip().endswith((".", ":", ";", ")", '"', "]")), (entry.term, before[-40:])
            assert not after[:1].islower(), (entry.term, after[:40])


def test_three_entries_joined():
    entries = {(e.term, edition): e.text for edition in ("20010723", "20031001") for e in _glossary(edition)}
    assert entries[("Active Player", "20010723")] == (
        "The active player is the player whose turn it is. The active player gets priority at the start of each "
        "phase or step (except for the untap and cleanup steps), after any spell or ability (except a mana ability) "
        "resolves, and after combat damage resolves.\n"
        "Whenever both players are instructed to make choices at the same time, the active player makes all his "
        "or her choices first, then the nonactive player."
    )
    assert entries[("Counter", "20010723")] == (
        "Counter has two meanings in the Magic game.\n"
        "1. To counter a spell or ability is to cancel it, removing it from the stack zone. It doesn't resolve and "
        "none of its effects occur. A countered spell is put into its owner's graveyard.\n"
        "2. A counter is a marker placed on a permanent, either modifying its characteristics or interacting with "
        "an ability. For example, some creatures come into play with a number of +1/+1 counters, increasing their "
        "power and toughness. Counters with the same name or description are interchangeable. Counters may also be "
        "given to players. For information about poison counters, see rule 102.8."
    )
    # "2/2 face-" ends a printed line: the hyphen stays and no space is put in.
    assert entries[("Morph", "20031001")].startswith(
        "Morph is a static ability that functions any time you could play the card it's on, and the morph effect "
        'works any time the card is face down. The phrase "Morph [cost]" means "You may play this card as a 2/2 '
        "face-down creature, with no text,"
    )


@pytest.mark.parametrize(
    "edition, count, digest",
    [
        # Recorded from the importer before the wrapped layout was read on its own.
        ("19990423", 202, "3dd50e2a220adb9ac90fb62ec995794f7e7dd48296f6fe91beed4dce358bc1fa"),
        ("19991101", 222, "77217ca241144cac4b564f3ca0ff89b2729727f7c6850f607521ba11b077786e"),
    ],
)
def test_the_1999_glossary_and_index_are_unchanged(edition, count, digest):
    entries = _glossary(edition)
    text = "\x1e".join(e.term + "\x1f" + e.text for e in entries)
    assert (len(entries), hashlib.sha256(text.encode()).hexdigest()) == (count, digest)
    index = {e.term: e.text for e in entries}
    if edition == "19990423":
        assert index["Abilities, 402"].split("\n")[:2] == ["activated ability, 403, 406.1d", "delayed ability, 406.2"]


def test_join_wrapped_keeps_real_paragraphs():
    parts = [
        "It must",
        "be paid. A state-",
        "based effect.",
        "     A second paragraph",
        "goes on here.",
        "Example: An example",
        "wraps too.",
        "1. A first sense",
        "2. A second sense",
    ]
    assert join_wrapped(parts) == [
        "It must be paid. A state-based effect.",
        "A second paragraph goes on here.",
        "Example: An example wraps too.",
        "1. A first sense",
        "2. A second sense",
    ]


def test_short_index_lines_are_not_a_wrap():
    lines = ["Term, 101", "first entry, 101.1", "second entry, 101.2", "", "Other, 102", "third entry, 102.1"]
    assert not is_wrapped(lines)
    long_line = "word " * 20
    wrapped = ["Term", long_line.strip(), long_line.strip(), "end.", "", "Other", long_line.strip(), "end."]
    assert is_wrapped(wrapped)
    assert re.fullmatch(r"(word ){39}word", join_wrapped(wrapped[1:3])[0])


def _rules(edition: str, number: str) -> str:
    """The texts and examples of every rule printed with that number (2003-12-01 prints 418.5b twice)."""
    path, data = _file(edition)
    rules = [rule for rule in cr_text.parse(data, path).rules if rule.number == number]
    return "\n".join(text for rule in rules for text in [rule.text, *rule.examples])


def test_a_rule_broken_after_a_hyphen_joins_only_a_word_printed_whole_elsewhere():
    # 2003-10-01, lines 1542-1543: "... no more applicable state-" / "based effects are generated."
    assert "no more applicable state-based effects are generated." in _rules("20031001", "408.1b")
    # 2003-12-01, line 2118 (an example): "... and a power-" / "and toughness-changing effect": a suspended hyphen.
    assert "a type-changing effect and a power- and toughness-changing effect." in _rules("20031201", "418.5b")


def test_joins_at_hyphen():
    compounds = hyphenated_words("a state-based effect; a comes-into-play ability")
    assert compounds == {"state-based", "comes-into-play"}
    assert joins_at_hyphen("applicable state-", "based effects", compounds)
    assert joins_at_hyphen("any comes-", "into-play abilities", compounds)
    assert not joins_at_hyphen("a power-", "and toughness-changing effect", compounds)
    assert not joins_at_hyphen("a dash --", "and more", compounds)
