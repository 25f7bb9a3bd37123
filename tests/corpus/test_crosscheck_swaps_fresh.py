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
