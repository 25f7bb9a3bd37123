"""The edition in force for a translation is the translation's own: the history the package carries
is English, so a small database that lacks an older English edition does not stop a question about
the Japanese text, and what it says it holds counts English editions only."""

from __future__ import annotations

import pytest

from kb.core.errors import HistoryNotBuilt
from kb.core.paths import BUNDLE
from kb.store.documents import carried_editions, in_force, not_built

SOURCE = f"data/{BUNDLE.name}/"


def _newest_english() -> dict:
    when, sha = carried_editions()[-1]
    return {"lang": "en", "edition": when, "sha256": sha, "source": SOURCE + "en.txt", "official": True}


JAPANESE = {"lang": "ja", "edition": "2026-01-16", "sha256": "0" * 64, "source": SOURCE + "ja.txt", "official": True}


def test_a_date_after_the_translation_is_answered_by_the_translation():
    assert in_force([JAPANESE], "2030-01-01") == "2026-01-16"


def test_an_english_date_the_small_database_lacks_still_says_so():
    oldest_carried = carried_editions()[0][0]
    with pytest.raises(HistoryNotBuilt) as raised:
        in_force([_newest_english(), JAPANESE], oldest_carried)
    assert raised.value.edition == oldest_carried


def test_what_is_held_counts_english_editions_only():
    message = str(not_built([JAPANESE, _newest_english()], "2000-01-01", "1999-10-01"))
    assert f"since {carried_editions()[-1][0]}" in message
