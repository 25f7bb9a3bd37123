"""Japanese and Chinese questions read as questions (kb.search.players): a quote of card text in 「」
is part of the question, a long Japanese question's story words and placeholder names drop out, and
states written as players write them name their state-based action."""

from __future__ import annotations

from functools import lru_cache

import pytest

from kb.core.errors import BadInputFile
from kb.search import players
from tests.conftest import corpus_path


@lru_cache(maxsize=1)
def _japanese_rules() -> str:
    return corpus_path("ja", "CompRules_ja_20260116.0_lines.txt").read_text(encoding="utf-8")


def _used_by_the_japanese_rules(text: str) -> bool:
    """Whether the Japanese translation's text holds ``text`` as written (or as its dictionary form)."""
    return text in _japanese_rules()


# ---- a quote inside a question ------------------------------------------------------------------------


def test_a_quote_inside_a_japanese_question_is_read_with_it():
    question = "平地を戦場に出すことは「あなたがクリーチャーでない呪文を唱えるたび〜」に該当する?"
    plain = players.unquoted(question, "ja")
    assert len(plain) == len(question)  # offsets of the question still hold
    assert "「" not in plain and "」" not in plain
    assert "あなたがクリーチャーでない呪文を唱えるたび" in plain
    reading = players.read(question, "ja")
    assert reading.original == question
    assert reading.changed
    assert "呪文を唱えるたび" in reading.text and "「" not in reading.text


def test_a_quote_alone_stays_the_phrase_it_asks_for():
    assert players.unquoted("「フェイズ・アウト」", "ja") == "「フェイズ・アウト」"
    assert players.read("「フェイズ・アウト」", "ja").changed is False
    assert players.unquoted("「相位」 ", "zh") == "「相位」 "


def test_quotes_in_other_languages_are_the_query_language():
    assert players.unquoted("what is 「phasing」 about?", "en") == "what is 「phasing」 about?"


# ---- the story of a long Japanese question --------------------------------------------------------------


def test_placeholder_names_and_words_no_rule_uses_drop_out_of_a_long_japanese_question():
    question = (
        "Aさんが《投げ飛ばし》を唱え、生け贄にするクリーチャーを指定したところで、"
        "Bさんが《ショック》などでそのクリーチャーを破壊して妨害できる?"
    )
    reading = players.read(question, "ja", indexed=_used_by_the_japanese_rules)
    assert reading.changed
    for gone in ("Aさん", "Bさん", "妨害", "投げ飛ばし", "ショック"):
        assert gone not in reading.text, gone
    for kept in ("唱え", "生け贄", "クリーチャー", "破壊"):
        assert kept in reading.text, kept


def test_numbers_stay_in_a_japanese_question():
    question = "3点のダメージを受けている5/5のクリーチャーに、呪文で-2/-2の修整をかけると墓地に置かれる?"
    reading = players.read(question, "ja", indexed=_used_by_the_japanese_rules)
    assert "3点" in reading.text and "-2/-2" in reading.text


def test_a_short_japanese_query_keeps_every_word():
    reading = players.read("フェイズ・アウトした妨害", "ja", indexed=_used_by_the_japanese_rules)
    assert "妨害" in reading.text


# ---- states as players write them ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "lang", "rule"),
    [
        ("タフネス1のクリーチャーに、-1/-1カウンターを2つ以上置くことはできるの?", "ja", "704.5f"),
        ("+1/+1カウンターと-1/-1カウンターが両方乗っているとどうなる?", "ja", "704.5q"),
        ("致死量のダメージを受けたクリーチャーは再生できる?", "ja", "704.5g"),
        ("ライブラリーが0枚でカードを引いたらどうなる?", "ja", "704.5b"),
        ("ライフがマイナスになったら?", "ja", "704.5a"),
        ("同名の伝説のクリーチャーを2体出したら?", "ja", "704.5j"),
        ("トークンを手札に戻したらどうなる?", "ja", "704.5d"),
        ("生物的防御力变成0会怎样?", "zh", "704.5f"),
        ("牌库没有牌的时候抓牌会怎样?", "zh", "704.5b"),
        ("生命值归零了吗?", "zh", "704.5a"),
        ("衍生物回到手上会怎样?", "zh", "704.5d"),
        ("如果我的牌庫沒有牌了,還能抓牌嗎?", "ja", "704.5b"),  # Traditional characters: read as Chinese
    ],
)
def test_a_state_as_players_write_it_names_its_state_based_action(question, lang, rule):
    assert players.read(question, lang).rules[:1] == [rule]


def test_plus_and_minus_counters_together_are_not_read_as_minus_counters_alone():
    reading = players.read("-1/-1カウンターと+1/+1カウンターが乗ったら?", "ja")
    assert reading.rules == ["704.5q"]


# ---- everyday words ------------------------------------------------------------------------------------


def test_a_basic_land_put_onto_the_battlefield_by_a_player_is_a_land_played():
    question = "平地を戦場に出すことは「あなたがクリーチャーでない呪文を唱えるたび〜」に該当する?"
    reading = players.read(question, "ja")
    assert reading.rules[:2] == ["305.1", "116.2a"]
    assert "土地をプレイする" in reading.text


def test_an_aura_that_falls_off_is_put_into_the_graveyard():
    reading = players.read("プロテクションを得たら、ついている白のオーラが外れる?", "ja")
    assert "墓地に置かれる" in reading.text
    assert "外れる" not in reading.text


# ---- parts standing apart in one sentence ---------------------------------------------------------------


def test_plus_and_minus_counters_apart_in_one_japanese_sentence_are_the_state_of_704_5q():
    reading = players.read("+1/+1カウンターが置かれたクリーチャーに-1/-1カウンターを置いたら?", "ja")
    assert reading.rules == ["704.5q"]
    assert "両方のカウンターを取り除く" in reading.text


def test_parts_apart_in_two_sentences_are_read_one_by_one():
    reading = players.read("-1/-1カウンターを置いた。+1/+1カウンターは?", "ja")
    assert reading.rules == ["704.5f"]


def test_plus_and_minus_counters_apart_in_one_chinese_sentence():
    assert players.read("我在有+1/+1指示物的生物上放-1/-1指示物会怎样?", "zh").rules == ["704.5q"]


def test_a_token_returned_to_the_battlefield_names_111_8():
    reading = players.read("トークンを明滅させたら戦場に戻る?", "ja")
    assert reading.rules[:1] == ["111.8"]


def test_a_japanese_entry_apart_needs_words_on_either_side():
    with pytest.raises(BadInputFile, match="expected words on either side"):
        players.parse_table("lang\twords\tmeans\trules\tkind\nja\t…墓地\tsomething\t700.4\teveryday\n", "t.tsv")


def test_a_land_put_onto_the_battlefield_with_words_between_is_a_land_played():
    reading = players.read("その土地を追放して、自分のコントロール下で戦場に出せる?", "ja")
    assert reading.rules == ["305.1", "116.2a"]


def test_whether_an_effect_works_on_a_creature_with_protection_names_what_protection_stops():
    reading = players.read("全体のマイナス修整はプロテクション(黒)のクリーチャーにも効く?", "ja")
    assert reading.rules == ["702.16b", "702.16e"]
