"""Card names as players write them in Chinese, German and Japanese questions: in brackets of every
kind, run into a Japanese or Chinese sentence, by a German printed name (kb.cards.names.spotted_names,
kb.search.cards, kb.search.players). The cards are MTGJSON's real Time Spiral sample, whose cards carry
their printed names in other languages (tests/data/cards/README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.search import players
from kb.search.cards import _head_noun, mentioned_cards, set_apart
from tests.conftest import ROOT, corpus_path

TSP = ROOT / "tests" / "data" / "cards" / "mtgjson-set-TSP-sample.json"


@pytest.fixture(scope="module")
def tsp_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("card-names-languages") / "tsp.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), TSP], keep_going=False)
    kb.close()
    return path


def named(kb: KnowledgeBase, question: str) -> list[tuple[str, str]]:
    return [(m.name, question[m.start : m.end]) for m in mentioned_cards(kb.store, question)]


def test_a_japanese_name_run_into_the_sentence_is_the_card(tsp_db):
    kb = KnowledgeBase.open(tsp_db, readonly=True)
    question = "突然のショックに対応できますか"
    assert named(kb, question) == [("Sudden Shock", "突然のショック")]
    apart = set_apart(kb.store, question)
    assert apart.rest == "に対応できますか"
    assert "Split Second" in apart.named["Sudden Shock"]


@pytest.mark.parametrize(
    "question, written",
    [
        ("我可以用<瞬息電震>回應嗎?", "<瞬息電震>"),  # ASCII brackets, Traditional characters
        ("我可以用‹瞬息电震›回应吗?", "‹瞬息电震›"),
        ("我可以用〈瞬息电震〉回应吗?", "〈瞬息电震〉"),
        ("我可以用【瞬息电震】回应吗?", "【瞬息电震】"),
        ("《突然のショック》に対応できる?", "《突然のショック》"),
        ("「突然のショック」に対応できる?", "「突然のショック」"),  # a quote that holds a name
        ("【Sudden Shock】 can it be countered?", "【Sudden Shock】"),  # any language the file has
    ],
)
def test_every_bracket_players_use_marks_a_name_in_any_language(tsp_db, question, written):
    kb = KnowledgeBase.open(tsp_db, readonly=True)
    assert named(kb, question) == [("Sudden Shock", written)]
    assert written not in set_apart(kb.store, question).rest


def test_a_quote_of_card_text_in_corner_brackets_is_no_name(tsp_db):
    kb = KnowledgeBase.open(tsp_db, readonly=True)
    assert named(kb, "「あなたが白の呪文を唱えるたび〜」に該当する?") == []


def test_a_german_printed_name_is_the_card_before_the_words_are_read(tsp_db):
    kb = KnowledgeBase.open(tsp_db, readonly=True)
    question = "Kann ich auf Plötzlicher Schock antworten, wenn mein Burgraubvogel ins Spiel kommt?"
    assert [name for name, _written in named(kb, question)] == ["Sudden Shock", "Castle Raptors"]


def test_several_names_in_one_chinese_question_each_found_left_to_right(tsp_db):
    kb = KnowledgeBase.open(tsp_db, readonly=True)
    question = "我用<瞬息電震>回應對手的城堡猎鸟,会怎样?"
    assert named(kb, question) == [("Sudden Shock", "<瞬息電震>"), ("Castle Raptors", "城堡猎鸟")]


def test_a_name_shorter_than_three_characters_is_not_looked_for_inside_a_sentence(tsp_db):
    kb = KnowledgeBase.open(tsp_db, readonly=True)
    # 宝石 is part of 宝石の洞窟 (Gemstone Caverns) and a word of its own; 洞窟 alone names nothing
    assert named(kb, "宝石と洞窟について") == []
    assert named(kb, "宝石の洞窟を出せますか") == [("Gemstone Caverns", "宝石の洞窟")]


def test_bracketed_text_that_names_no_card_held_is_not_a_mention(tsp_db):
    kb = KnowledgeBase.open(tsp_db, readonly=True)
    assert named(kb, "我操控<龍拳雙子>而我的對手試圖要<謀殺>他") == []


@pytest.mark.parametrize(
    "question, lang, left",
    [
        ("我操控<龍拳雙子>而我的對手試圖要<謀殺>他,如果我用<頑固拒斥>回應,頑固拒斥的威猛會生效嗎?", "zh", "<"),
        ("我可以用‹瞬息电震›回应吗?", "zh", "‹"),
        ("《通電の喧嘩屋》が攻撃したとき、何が起きる?", "ja", "《"),
        ("Was passiert, wenn 〈Vorinclex〉 angreift?", "de", "Vorinclex"),
    ],
)
def test_a_bracketed_name_is_left_out_of_the_words_read(question, lang, left):
    reading = players.read(question, lang)
    assert left not in reading.text
    assert any(item.entry.kind == "name" for item in reading.found)


def test_angle_brackets_around_spaces_are_no_name():
    question = "what happens if power < 3 and toughness > 2?"
    assert not any(item.entry.kind == "name" for item in players.read(question, "en").found)


@pytest.mark.parametrize(
    "question, means",
    [
        ("Kommt Thassa getappt ins Spiel?", "auf das Schlachtfeld"),
        ("Was passiert, wenn sie im Spiel ist?", "auf dem Schlachtfeld"),
        ("Darf ich die Kreatur dann ins Spiel bringen?", "auf das Schlachtfeld bringen"),
    ],
)
def test_german_in_play_is_the_battlefield_not_the_player(question, means):
    reading = players.read(question, "de")
    assert means in reading.text
    assert "Spiel" not in reading.text


def test_a_search_of_a_question_naming_a_card_in_japanese_adds_the_cards_terms(tsp_db):
    kb = KnowledgeBase.open(tsp_db, readonly=True)
    found = kb.search("突然のショックに対応できますか", langs=["en"])
    assert found.cards == ["Sudden Shock"]
    assert "Split Second" in found.expansions["Sudden Shock"]
    assert "702.61a" in [result.number for result in found.results[:3]]  # split second


@pytest.mark.parametrize(
    "question, head",
    [
        ("《ヴェズーヴァの多相の戦士》が変身したら、戦士の能力はどうなる?", "戦士"),  # 戦士 is also Warrior, a type
        (
            "《ザルファーの魔道士、テフェリー》がいると、テフェリーの能力で瞬速を得る?",
            "テフェリー",
        ),  # a planeswalker type
        ("我用《先人的预视》,预视的延缓指示物怎么算?", "预视"),
    ],
)
def test_a_name_said_again_by_its_last_part_is_the_card_not_the_questions_words(tsp_db, question, head):
    kb = KnowledgeBase.open(tsp_db, readonly=True)
    apart = set_apart(kb.store, question)
    assert len(apart.named) == 1
    assert head not in apart.rest
    assert "能力" in apart.rest or "延缓" in apart.rest  # the question's own words stay


@pytest.mark.parametrize(
    "written, head",
    [
        ("《難題の予見者》", "予見者"),
        ("突然のショック", "ショック"),
        ("《瞬息电震》", ""),
        ("Sudden Shock", ""),
        ("《稲妻の斧》", ""),
    ],
)
def test_the_last_part_of_a_name_is_read_only_from_a_name_of_several(written, head):
    assert _head_noun(written) == head  # one character (斧) is too short to be the card said again
