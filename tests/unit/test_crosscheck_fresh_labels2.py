"""The kinds of false findings of the untranslated, markers and consistency classes that the second round of fresh
labels (tests/data/crosscheck_precision_fresh2.tsv, states of the youbeebee Korean translation no label had read)
showed on its tune half, each beside a real finding of the same class that must stay. The translated texts are short
quotes of the labelled rules (https://github.com/youbeebee/kormtgcr; its README: free to quote); the English is the
CR's of the same date. bench/bench_crosscheck_fresh.py --labels ... measures the whole states from a clone.
"""

from __future__ import annotations

from pathlib import Path

from kb.crosscheck.corrections import qa_split, read_qa_labels
from kb.crosscheck.document import names_listed
from kb.crosscheck.markers import lost_markers
from kb.crosscheck.qa import _same_quote
from kb.crosscheck.signals import source_words_left
from kb.crosscheck.texts import DocText, RuleText

LABELS = Path(__file__).parents[1] / "data" / "crosscheck_precision_fresh2.tsv"


def _doc(texts: dict[str, str], lang: str) -> DocText:
    rules = [RuleText(n, "subrule", None, t, 0, i) for i, (n, t) in enumerate(texts.items())]
    return DocText(1, "d", lang, None, rules)


def test_the_second_labels_are_split_by_the_rule_number_and_name_only_unlabelled_states():
    labels = read_qa_labels(LABELS)
    assert len({(x.document, x.kind, x.number) for x in labels}) == len(labels)
    assert {x.kind for x in labels} == {"untranslated", "markers", "consistency"}
    assert {qa_split(x.number) for x in labels} == {"tune", "held-out"}
    assert {x.real for x in labels if x.kind == "untranslated"} == {True, False}
    first = read_qa_labels(LABELS.with_name("crosscheck_precision_fresh.tsv"))
    assert not {x.document for x in labels} & {x.document for x in first}


def test_a_list_of_names_matches_the_original_through_ligatures_and_its_garbled_letters():
    # 700.6c of 2016-07-22: AEther Storm for the original's Æther Storm
    assert names_listed("Abbey Matron; AEther Storm; Aliban's Tower", "Abbey Matron; Æther Storm; Aliban’s Tower;")
    # 700.8a of 2019-01-25: the English edition prints Dandƒn, Ghazb n, Jun£n for Dandân, Ghazbán, Junún
    original = "Those names are Cyclone, Dandƒn, Desert, Ghazb n Ogre, Jun£n Efreet, and Ydwen Efreet."
    assert names_listed("Cyclone, Dandan, Desert, Ghazban Ogre, Junun Efreet, Ydwen Efreet", original)
    # a name the original does not list, or spells otherwise by more than one letter, is still left in English
    assert not names_listed("Cyclone, Dandan, Desert, Camel", original)
    assert not names_listed("Cyclone, Dondon", original)


def test_a_set_name_joined_to_the_games_name_is_a_product_name_not_a_keyword_left():
    english = "Several cards in the Magic: The Gathering—Conspiracy set have abilities that function during the draft."
    # 905.2 of 2016 (the dash lost with the CP949 code page) and the same with its dash
    for kept in ("Magic: The Gathering?Conspiracy 의 몇몇 카드는", "Magic: The Gathering—Conspiracy 의 몇몇 카드는"):
        assert "Conspiracy" not in source_words_left(kept, english, "ko")
    # 103.2d of 2022: the card type left among 컨스피러시 stays a candidate
    left = source_words_left("Conspiracy 카드를 덱에서 꺼냅니다.", "Remove conspiracy cards from the deck.", "ko")
    assert left == ["Conspiracy"]


def test_a_rule_left_in_english_with_another_apostrophe_loses_no_marker():
    # 702.21c of 2017-01: the whole rule in English, "can't" with a straight apostrophe
    original = "(Defending players can’t declare bands but may use banding in a different way; see rule 702.21j.)"
    assert lost_markers(original.replace("’", "'"), original, "ko") == []
    # a translation that drops the negation is still found
    assert [x.marker for x in lost_markers("(방어 플레이어는 연합을 선언합니다.)", original, "ko")] == ["can't"]


def test_a_kept_english_quote_differing_only_by_its_capital_is_consistent():
    # 702.21b of 2017-01: “Bands with other” opens the sentence in both texts, the other rules write it lower case
    en = _doc(
        {
            "1.1": "“Bands with other” is a special form of banding; it loses all “bands with other” abilities.",
            "1.2": "A creature with “bands with other” can join.",
            "1.3": "Creatures with “bands with other” block.",
        },
        "en",
    )
    kept = {
        "1.1": "“Bands with other”는 특별한 형태입니다. “Bands with other” 능력 또한 없어집니다.",
        "1.2": "“bands with other”를 가진 생물은 참여합니다.",
        "1.3": "“bands with other”를 가진 생물은 방어합니다.",
    }
    assert list(_same_quote(_doc(kept, "ko"), en)) == []
    # another wording of the same quote is still found
    changed = {**kept, "1.3": "“다른 것과 연합”을 가진 생물은 방어합니다."}
    assert [f.number for f in _same_quote(_doc(changed, "ko"), en)] == ["1.3"]
