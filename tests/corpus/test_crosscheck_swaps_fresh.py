"""The swaps and tiers of the fresh terminology round on the Chinese documents (tests/data/crosscheck_terms_fresh.tsv):
a swap the English makes one thing is gone, the swaps the translators corrected or a label confirms stay, and every
terminology and swaps finding carries its tier."""

from __future__ import annotations

import pytest

from kb.crosscheck import crosscheck_document
from kb.crosscheck.termevidence import SURE_LEVELS
from tests.corpus.test_crosscheck_db import xdb  # noqa: F401


@pytest.fixture(scope="module")
def chinese(xdb):
    return crosscheck_document(xdb.conn, "zh@2023-11-17", kinds=("terminology", "swaps"))


def test_an_object_attached_or_on_the_battlefield_as_a_permanent_is_no_swap(chinese):
    swapped = {f.number for f in chinese.of_kind("swaps")}
    # 303.4b "The object or player an Aura is attached to" as 永久物或牌手: labelled false, now gone
    assert not {"303.4b", "303.4c"} & swapped
    # 303.4g "no legal object or player for it to enchant" as 永久物 (corrected in 2026), 702.2e "If an object changes
    # zones" as 永久物, 801.13b "a permanent or player" as 生物或牌手: real, still found
    assert {"303.4g", "702.2e", "801.13b"} <= swapped


def test_every_finding_has_its_tier(chinese):
    assert chinese.findings
    for finding in chinese.findings:
        if finding.kind == "swaps":
            assert finding.detail["tier"] == "possible"
        else:
            expected = "sure" if finding.detail["level"] in SURE_LEVELS else "possible"
            assert finding.detail["tier"] == expected
    assert {f.detail["tier"] for f in chinese.of_kind("terminology")} == {"sure", "possible"}


def test_a_permanent_narrowed_to_a_creature_the_rule_also_names_is_a_swap(chinese):
    swapped = {f.number: f for f in chinese.of_kind("swaps")}
    # 702.82a "Devour N" means "As this object enters, you may sacrifice any number of creatures. This permanent enters
    # with N +1/+1 counters": 此生物 for "this permanent", though the English names creatures too (the error the
    # translators fixed in 721.2b of 2026-01-16, "this permanent" as 此生物)
    assert "702.82a" in swapped
    assert "永久物" in swapped["702.82a"].message and "生物" in swapped["702.82a"].message
    # "object", the widest word, narrowed where the rule says which object: left alone (208.1 "For example, 2/3
    # means the object has power 2" as 这个生物)
    assert "208.1" not in swapped
