"""The consistency check's search for strings one ideograph away from a term's form (kb.crosscheck.qa._near)
finds what the pattern with the ideograph class finds, without compiling that class for every form."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from kb.crosscheck.qa import _near

IDEOGRAPH = "[\u3400-\u9fff]"
# few characters, so that near strings, overlaps and kana or Latin in the changed place are common
ALPHABET = st.sampled_from(list("施放释法术力咒语の・aZ 。"))


def reference(form: str, text: str) -> list[tuple[int, int]]:
    """The pattern the term base compiles: the form with one position an ideograph group."""
    ways = [re.escape(form[:i]) + f"({IDEOGRAPH})" + re.escape(form[i + 1 :]) for i in range(len(form))]
    return [(m.start(), m.lastindex - 1) for m in re.finditer("|".join(ways), text)]


@settings(max_examples=400, deadline=None)
@given(st.text(ALPHABET, min_size=2, max_size=4), st.text(ALPHABET, max_size=40))
def test_near_finds_what_the_ideograph_pattern_finds(form, text):
    assert list(_near(form, text)) == reference(form, text)


def test_near_on_a_real_variant():
    # 601.2b of zh 2023-11-17: 释放 for 施放, the first character changed; kana in the changed place is no variant
    assert list(_near("施放", "你释放此咒语")) == [(1, 0)]
    assert list(_near("施放", "你の放此咒语")) == []
    # overlapping candidates: the leftmost wins and the next search starts after it
    assert list(_near("施放", "施施放")) == [(0, 1)]
