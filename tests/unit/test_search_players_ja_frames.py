"""Japanese question frames (kb.search.players, data/players_words.tsv): "can anyone respond before
this happens" asked in the middle of a resolution or of a casting names the rule that says nobody can.
The questions are quoted from the tune half of tests/data/search_questions_real_round4.tsv and
search_questions_real_world.tsv (seesaawiki.jp/mtgbeginnerqa)."""

from __future__ import annotations

from kb.search import players

EXPLORE = (
    "クリーチャーAの探検の能力でカードを公開した。対戦相手はそのカードを見た上で、"
    "Aに+1/+1カウンターが乗る前に火力呪文を撃つなどの対応ができるか?"
)
ASSASSIN = (
    "《血の刺客》が墓地にあるとき、諜報1を行った。対戦相手は、あなたがライフ3点を支払うかどうか"
    "確認した上で、刺客が手札に戻る前に墓地追放の呪文を唱えるなどの妨害ができるか?"
)
FLING = (
    "Aさんが《投げ飛ばし》を唱え、生け贄にするクリーチャーを指定したところで、"
    "Bさんが《ショック》などでそのクリーチャーを破壊して妨害できる?"
)


def test_responding_before_a_resolution_ends_names_the_instructions_in_order():
    for question in (EXPLORE, ASSASSIN):
        reading = players.read(question, "ja")
        assert "608.2c" in reading.rules, question
        assert "書かれた順序で指示に従う" in reading.text
        assert "601.2i" not in reading.rules


def test_interrupting_a_spell_being_cast_names_the_casting_steps():
    reading = players.read(FLING, "ja")
    assert reading.rules[:2] == ["601.2i", "601.2h"]
    assert "608.2c" not in reading.rules
    assert "妨害" not in reading.text  # the frame's second part is said by the rules' words


def test_the_frame_holds_only_within_one_sentence():
    question = "攻撃クリーチャーを指定する前に戦闘開始ステップがある。対応して呪文を唱えられる?"
    assert "608.2c" not in players.read(question, "ja").rules


def test_before_without_a_response_is_no_frame():
    question = "ブロック・クリーチャーを指定する前に《ショック》を唱えられる?"
    assert "608.2c" not in players.read(question, "ja").rules


def test_by_the_way_is_not_the_casting_frame():
    question = "ところで、対応して《ショック》を唱えられる?"
    assert "601.2i" not in players.read(question, "ja").rules
