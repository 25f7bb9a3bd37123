"""The phrase check's quick pattern (kb.search.engine._in_a_row) passes every text that holds the
phrase's surface words in a row: it only spares reading the others word by word."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.core.text import fold
from kb.search.compile import surface_words
from kb.search.engine import _in_a_row

PIECES = ["Phased", "out", "ÉTÉ", "Straße", "ёж", "702.19a", "a", "b", ".", " ", "-", "’", "  ", "ﾌｪｲｽﾞ", "İx", "_"]


def _holds(text: str, words: tuple[str, ...]) -> bool:
    return f" {' '.join(words)} " in f" {' '.join(surface_words(text))} "


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # a shared machine
@given(st.lists(st.sampled_from(PIECES), max_size=12), st.integers(0, 8), st.integers(1, 3))
def test_every_text_holding_the_phrase_matches_the_pattern(pieces, start, size):
    text = "".join(pieces)
    found = surface_words(text)
    words = tuple(found[start : start + size])
    if not words:
        return
    assert _holds(text, words)
    assert _in_a_row(words).search(fold(text)) is not None, (text, words)


def test_a_text_without_the_words_in_a_row_does_not_match():
    words = surface_words("phased out")
    assert _in_a_row(words).search(fold("It phased in; out it goes")) is None
    assert _in_a_row(words).search(fold("It is PHASED-OUT.")) is not None
