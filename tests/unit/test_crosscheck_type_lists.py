"""The `terms` class on lists of card types: each item of a Chinese list is matched to its own translation
(地 alone is land, though one character in running text is too often part of another word), and the keys
"kindred" (the title "Kindreds" of 308) and "kindr" (the type "kindred" of 205.2a) are one card type."""

from __future__ import annotations

from kb.crosscheck.termcheck import swapped_terms
from kb.terms import TermDictionary
from kb.terms.model import TermName
from kb.terms.names import english_key
from kb.terms.vocabulary import CARD_TYPE, CrTerm


def _name(chinese: str, english: str) -> TermName:
    return TermName("zh", chinese, english, english_key(english), "rule-title", "zh", "3xx")


# the pairs a database of one Chinese edition gives from its titles: "308. Kindreds" = "308. 亲缘"
_NAMES = [_name("神器", "Artifacts"), _name("亲缘", "Kindreds"), _name("地", "Lands"), _name("结界", "Enchantments")]
# the English card types: the titles' keys and those of 205.2a's list ("kindred" -> "kindr")
_VOCABULARY = {
    key: CrTerm(key, english, CARD_TYPE)
    for english in ("Artifacts", "Kindreds", "Lands", "Enchantments", "kindred")
    for key in [english_key(english)]
}


def _swaps(english: str, chinese: str):
    return swapped_terms(TermDictionary(_NAMES, _VOCABULARY), chinese, "zh-CN", english, "en")


def test_the_keys_of_kindred_differ_as_the_stemmer_leaves_them():
    assert english_key("Kindreds") != english_key("kindred")  # what the check has to see through


def test_a_list_of_types_is_read_item_by_item():
    english = "The card types are artifact, enchantment, kindred, and land."
    assert _swaps(english, "牌张类别包括神器、结界、亲缘，以及地。") == []
    assert (
        _swaps(
            "There are three permanent types: artifact, enchantment, and land.", "永久物的类别有三种：神器、结界和地。"
        )
        == []
    )


def test_a_type_named_in_place_of_another_in_a_list_is_still_a_swap():
    [swap] = _swaps("The card types are artifact, enchantment, and land.", "牌张类别包括神器、结界，以及亲缘。")
    assert (swap.original, swap.expected, swap.found, swap.named) == ("land", "land", "亲缘", "kindred")


def test_one_character_outside_a_list_is_no_name():
    # 地 inside 地城 (dungeon) or 土地 is no land: only a whole item of a list counts
    [swap] = _swaps("Put an artifact and a land onto the battlefield.", "将一个神器和一个亲缘放进战场，所在地不变。")
    assert swap.found == "亲缘"
