"""Questions in Japanese, Chinese, German and Russian read as questions (kb.search.players), and the
file of real questions in those languages (tests/data/search_questions_real_world.tsv)."""

from __future__ import annotations

import csv
import hashlib
import re
from pathlib import Path

from kb.api import KnowledgeBase
from kb.search import players
from kb.search.cards import mentioned_cards

DATA = Path(__file__).parents[1] / "data"
WORLD = DATA / "search_questions_real_world.tsv"
OTHER_SETS = ["search_questions_real.tsv", "search_questions_real_more.tsv", "search_questions_real_round2.tsv"]


def _rows(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as handle:
        lines = (line for line in handle if not line.startswith("#"))
        return list(csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE))


# ---- Chinese written in Traditional characters ---------------------------------------------------------


def test_a_question_in_traditional_characters_is_chinese():
    assert players.traditional_chinese("如果我施放先祖擬妖並複製謎樣史芬斯,我能傾曳6還是7?")
    assert players.traditional_chinese("那麼願景齊現的異能會觸發嗎?")


def test_japanese_and_simplified_chinese_are_not_taken_for_traditional():
    assert not players.traditional_chinese("統治者")  # Japanese kanji: no word of Chinese grammar
    assert not players.traditional_chinese("統治者はどうなりますか")  # kana
    assert not players.traditional_chinese("如果我施放先祖拟妖并复制谜样史芬斯,我能倾曳6还是7?")  # Simplified
    assert not players.traditional_chinese("what does 統治者 mean")


def test_a_traditional_question_is_read_in_simplified_characters_with_the_chinese_table():
    question = "這隻生物被反擊了嗎?"
    reading = players.read(question, "ja")  # the script test calls it Japanese
    assert reading.original == question
    assert "这" in reading.text and "這" not in reading.text
    assert reading.rules == ["701.6a"]  # 反击, "counter", in the Chinese rows
    assert "被反擊" in reading.expansions  # shown as the player wrote it


def test_a_traditional_question_without_players_words_is_still_searched_in_simplified():
    reading = players.read("這些觸發順序是怎樣的?", "ja")  # (呢 would be chatter, dropped)
    assert reading.changed
    assert reading.text == "这些触发顺序是怎样的?"
    assert reading.rules == []


# ---- card names in 《》 -------------------------------------------------------------------------------


def test_a_card_name_in_double_angle_brackets_is_left_out_of_a_japanese_question():
    reading = players.read("《取り消し》で打ち消された呪文はどうなりますか", "ja")
    assert "取り消し" not in reading.text  # the card Cancel, not the rules' 取り消す
    assert reading.rules == ["701.6a"]
    assert "打ち消す" in reading.text


def test_a_name_in_brackets_alone_does_not_make_a_statement_a_question():
    statement = (
        "《ショック》は、クリーチャー1体かプレイヤー1人を対象とし、それに2点のダメージを与えるインスタントであり"
    )
    assert not players.read(statement, "ja").changed


# ---- German compounds ----------------------------------------------------------------------------------


def test_the_head_of_a_german_compound_is_read():
    reading = players.read("Hat die Spielsteinkopie ebenfalls Flugfähigkeit?", "de")
    assert reading.rules == ["707.2"]
    assert "Spielsteinkopie" in reading.expansions


def test_a_compound_head_is_never_chatter_and_needs_a_part_before_it():
    table = players.parse_table(
        "lang\twords\tmeans\trules\tkind\nde\tpassiert\t\t\tchatter\nde\tKopie\tKopie\t707.2\teveryday\n", "t.tsv"
    )
    assert players.read("Was ist nachpassiert?", "de", table).rules == []
    assert players.read("Ist es eine Kopie?", "de", table).rules == ["707.2"]
    assert players.read("Ist es eine Xkopie?", "de", table).rules == []  # one letter before is no word


# ---- the file of real questions in other languages -----------------------------------------------------


def test_the_questions_in_other_languages_keep_their_sources_and_their_hash_split():
    rows = _rows(WORLD)
    assert len(rows) >= 40
    assert {row["lang"] for row in rows} == {"ja", "zh", "de", "ru"}
    ids = [row["id"] for row in rows]
    assert len(set(ids)) == len(ids)
    asked_before = {row["question"] for name in OTHER_SETS for row in _rows(DATA / name)}
    for row in rows:
        assert row["source"].startswith(("http://", "https://")), row["id"]
        assert row["question"] not in asked_before, row["id"]
        assert all(part.strip() for part in row["cited"].split(";")), row["id"]
        assert row["answer_names"].split(":")[0] in ("number", "quote", "statement"), row["id"]
        odd = hashlib.sha256(row["question"].encode()).digest()[0] % 2
        assert row["split"] == ("held_out" if odd else "tune"), row["id"]


def test_the_header_states_the_split_it_holds():
    rows = _rows(WORLD)
    header = "".join(line for line in WORLD.read_text(encoding="utf-8").splitlines() if line.startswith("#"))
    for lang in ("ja", "zh", "de", "ru"):
        tune = sum(1 for row in rows if row["lang"] == lang and row["split"] == "tune")
        held = sum(1 for row in rows if row["lang"] == lang and row["split"] == "held_out")
        assert re.search(rf"\b{lang} {tune}( tune)? / {held}\b", header), lang
    assert f"({len(rows)} questions)" in header


def test_players_words_inside_a_bracketed_name_are_the_cards_not_the_questions():
    reading = players.read("《ライブラリーアウトの達人》を出したらどうなりますか", "ja")
    assert reading.rules == []  # ライブラリーアウト (704.5b) is part of the name
    assert "ライブラリーアウト" not in reading.text


def test_japanese_terms_written_in_kanji_alone_stay_japanese():
    for term in ("起動型能力", "該当", "法則", "個別"):
        assert not players.traditional_chinese(term), term


def test_a_card_named_in_brackets_by_its_japanese_printed_name_is_found_and_left_out_of_the_reading(tmp_path):
    """The card file's printed names (MTGJSON's foreignData) find the card a Japanese question names
    in 《》 (kb.search.cards reads the bracketed name as a word); the question's reading leaves the
    name's words out. Without brackets a Japanese name runs into the sentence, and is found there too
    (kb.cards.names.spotted_names)."""
    kb = KnowledgeBase.open(tmp_path / "kb.db", build=False)
    kb.import_paths([DATA / "cards" / "mtgjson-set-TSP-sample.json"], keep_going=False)
    question = "《天使の嗜み》を唱えたらどうなりますか"
    assert [card.name for card in mentioned_cards(kb.store, question)] == ["Angel's Grace"]
    assert "天使" not in players.read(question, "ja").text
    assert [card.name for card in mentioned_cards(kb.store, "天使の嗜みを唱えたらどうなりますか")] == ["Angel's Grace"]
    kb.close()


def test_players_slang_in_each_language_names_its_rule():
    assert players.read("対象不適正になったらどうなりますか", "ja").rules == ["608.2b"]
    assert players.read("ETBはいつ誘発しますか", "ja").rules == ["603.6a"]
    assert players.read("衍生物消失了吗?", "zh").rules == ["704.5d"]
    assert players.read("Wie funktioniert die Legendenregel?", "de").rules == ["704.5j"]
    assert players.read("как работает правило легенд?", "ru").rules == ["704.5j"]
    assert players.read("существо сдохнет?", "ru").rules == ["700.4"]


def test_a_japanese_question_about_the_order_triggers_go_on_the_stack_finds_apnap():
    """ "in what order are the two abilities put on the stack" (603.3b), as Japanese questions write it; the
    order of resolving is another rule (608.1: last in, first out), and no player's word of this kind."""
    for question in ("二つの能力はどの順にスタックに積まれる?", "誘発型能力をスタックに積む順は自分で決められる?"):
        assert players.read(question, "ja").rules[:1] == ["603.3b"], question
    assert "603.3b" not in players.read("スタックにある呪文はどの順番で解決される?", "ja").rules


def test_looking_at_a_face_down_permanent_one_controls_is_708_5_in_every_language():
    assert players.read("対戦相手の裏向きのクリーチャーを奪ったら、表の面を見てもいい?", "ja").rules[:1] == ["708.5"]
    assert players.read("我能查看对手面朝下的生物吗?", "zh").rules[:1] == ["708.5"]
    assert players.read("Can I look at my face-down creature whenever I want?", "en").rules[:1] == ["708.5"]
    assert "708.5" not in players.read("裏向きで唱えた呪文が打ち消されたら、公開する?", "ja").rules
    # a card exiled face down is 406.3's: 708.5 says the face-down permanents and spells one controls
    assert "708.5" not in players.read("牌面朝下放逐的牌能看吗", "zh").rules
    assert "708.5" not in players.read("Can I look at the cards I exiled face down?", "en").rules


def test_a_face_down_permanent_turned_face_up_keeps_what_applied_to_it_708_8():
    question = "変異で裏向きのクリーチャーにオーラがついている。表向きにしたらそれは外れる?"
    assert players.read(question, "ja").rules[:1] == ["708.8"]
    assert players.read("翻回正面的时候会触发进场异能吗?", "zh").rules[:1] == ["708.8"]
    assert players.read("If I turn it face up, does its enters ability trigger?", "en").rules[:1] == ["708.8"]


def test_protection_against_what_is_attached_finds_the_aura_or_the_equipment_rule():
    question = "《精霊への挑戦》でプロテクション(白)を付与したら、既についている白のオーラは外れる?"
    assert players.read(question, "ja").rules[:1] == ["702.16c"]
    assert players.read("If my creature gains protection from green, what happens to its Aura?", "en").rules[:1] == [
        "702.16c"
    ]
    assert players.read("生物获得保护之后，它佩带的武具会怎样?", "zh").rules[:1] == ["702.16d"]


def test_a_keyword_held_twice_asks_for_its_multiple_instances_subrule():
    english = players.read("With two Fists of the Demigod, will my creature have wither twice?", "en")
    assert "multiple instances" in english.text and "wither" in english.text
    assert "multiple instances" not in players.read("Can I activate a loyalty ability twice in one turn?", "en").text
    assert "効果は変わらない" in players.read("飛行は重複する?", "ja").text
    assert "并无意义" in players.read("两个飞行能叠加吗?", "zh").text


def test_counters_a_permanent_enters_with_are_counters_put_on_it():
    assert players.read("<占屍威逼>能加倍脫韁的指示物嗎?", "ja").rules[:1] == ["122.6"]  # Traditional: the zh table
    assert players.read("Does Doubling Season double the counters a planeswalker enters with?", "en").rules[:1] == [
        "122.6"
    ]
    assert "122.6" not in players.read("Does double strike double the damage?", "en").rules


def test_either_half_of_a_split_card_is_the_half_cast():
    question = "How many times does it trigger when I play either half of Spite // Malice?"
    assert players.read(question, "en").rules[:1] == ["709.3b"]
    # the rules' own words for aftermath and fuse are no players' words
    assert players.read("Can I cast both halves of a split card?", "en").rules == []


def test_a_source_removed_in_response_leaves_its_ability_on_the_stack():
    zh = "我的對手說他可以用<英雄殉身>來回應我的<蜂后>來不讓我放小昆蟲進來,是這樣嗎?"
    assert players.read(zh, "ja").rules[:1] == ["113.7a"]  # Traditional: the zh table
    assert players.read("对手回应这异能，消灭了我的生物，我还能获得生命吗?", "zh").rules[:1] == ["113.7a"]
    assert "113.7a" not in players.read("我能回应消灭它吗?", "zh").rules  # may I respond: timing
