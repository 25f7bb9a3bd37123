"""The card types only a casual variant uses (kb.search.variants._variant_types): sections of the core chapters
whose first rule sends the reader to a variant's section ("313.1 ... Only the Vanguard casual variant uses vanguard
cards. See rule 902") rank with the variants' rules, below the core rules, for a question that names no variant;
over a small rules text written here in the layout of the CR."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.search import rebuild_index, search, variants

GENERAL = "\n\n".join(f"100.{n}. General rule {n} of this small document." for n in range(1, 20))
RULES = f"""Magic: The Gathering Comprehensive Rules

These rules are effective as of August 7, 2026.

Contents

1. Game Concepts
3. Card Types
4. Zones
9. Casual Variants
Glossary
Credits

1. Game Concepts

100. General

{GENERAL}

3. Card Types

310. Battles

310.1. A player who has priority may cast a battle card from their hand during a main phase. (See rule 601.)

313. Vanguards

313.1. Vanguard is a card type seen only on nontraditional Magic cards. Only the Vanguard casual variant uses vanguard cards. See rule 902, "Vanguard."

313.6. A vanguard card may have a hand modifier: the number of cards a player can have in their hand at most is changed by it.

4. Zones

402. Hand

402.1. The hand is where a player holds cards that have been drawn.

402.2. Each player has a maximum hand size, which is normally seven cards. A player may have any number of cards in their hand.

9. Casual Variants

900. General

900.1. The casual variants are played by groups of friends.

902. Vanguard

902.1. In the Vanguard variant, each player plays with a vanguard card.

Glossary

Hand
Where a player holds cards. See rule 402.

Credits

Magic: The Gathering was designed by Richard Garfield.
"""


@pytest.fixture
def kb(tmp_path: Path):
    path = tmp_path / "MagicCompRules_20260807.txt"
    path.write_text(RULES, encoding="utf-8")
    opened = KnowledgeBase.open(tmp_path / "kb.db")
    opened.import_file(path)
    rebuild_index(opened.store)
    yield opened
    opened.close()


def named(kb) -> variants.Names:
    return variants.names(kb, [doc["id"] for doc in kb.store.cache.documents()])


def test_a_card_type_only_a_variant_uses_is_the_variants(kb):
    found = named(kb)
    assert found.variant_rule("313.6") and found.variant_rule("902.1")
    assert not found.variant_rule("310.1") and not found.variant_rule("402.2")  # 310.1 cites 601, a core rule


def test_a_question_that_names_no_variant_ranks_the_core_rule_above_the_vanguards(kb):
    numbers = [result.number for result in search(kb, "how many cards can I have in my hand?").results]
    assert numbers.index("402.2") < numbers.index("313.6")


@pytest.mark.parametrize(
    "question, names",
    [("what does a vanguard card do?", True), ("how do vanguards work?", True), ("what is in my hand?", False)],
)
def test_the_card_types_title_and_its_singular_name_the_variant(kb, question, names):
    assert named(kb).named_in(question) is names
