"""Chinese questions read as questions (kb.search.players, the zh rows of data/players_words.tsv):
questions about cards whose answer is the layer system, asked without naming it, name the timestamp
order (613.7) and the layer of what they ask about; ordering one's own triggers, an extra land,
mana, aiming at a target in players' words; the question chatter drops out. The questions quoted
are real: the Guildmages' Forum rules columns and Cranial Insertion's Traditional Chinese translations
(tests/data/search_questions_real_round6.tsv and _round3.tsv, their tune half)."""

from __future__ import annotations

import pytest

from kb.search import players


def _read(question: str) -> players.Reading:
    """As the search reads it: a question in Traditional characters reaches the reading as Japanese
    (kb.search.compile.query_language) and is read as Chinese in Simplified characters."""
    lang = "ja" if players.traditional_chinese(question) else "zh"
    return players.read(question, lang)


# ---- the layer system asked through cards -------------------------------------------------------------


def test_which_of_two_effects_wins_names_the_timestamp_order():
    reading = _read("現在把上題稍做修改，變成場上有一個生物結算四方陣勢後，敬畏神性進場，那這生物究竟是1/1還4/4？")
    assert reading.rules[:2] == ["613.7", "613.7a"]
    assert "时间印记" in reading.text


def test_which_is_it_needs_both_parts_in_one_sentence():
    assert "613.7" not in _read("这生物究竟是几/几？还要再问一次吗？").rules
    assert "613.7" not in _read("这生物的力量究竟是多少？").rules


def test_whether_a_creature_has_an_ability_after_effects_names_layer_6():
    reading = _read("巨鎚上面貼附了一個翔空符文，之後讓一個生物佩帶這把巨鎚，這隻生物會不會得到飛行異能呢？")
    assert reading.rules[:3] == ["613.7", "613.7a", "613.1f"]
    assert "飞行" in reading.text  # the ability asked about stays between the parts
    assert "呢" not in reading.text and "会不会" not in reading.text


def test_what_type_a_land_is_names_layer_4_and_dependency():
    reading = _read("現在場上同時有血月+約墓，那麼場上所有非基本地會是甚麼類別？")
    assert reading.rules == ["613.1d", "613.7", "613.8a"]


def test_an_aura_stuck_on_gets_a_new_timestamp():
    reading = _read("華袍狂歡客戈垂克被貼上倒楣鬼角色後會如何？")
    assert reading.rules[0] == "613.7e"
    assert "贴附" in reading.text and "会如何" not in reading.text


# ---- players' everyday words --------------------------------------------------------------------------


def test_ordering_ones_own_triggers_on_the_stack_names_603_3b():
    assert _read("你有機會透過自排堆疊的方式，先用伴侶的能力灌大另一隻生物嗎？").rules == ["603.3b"]


def test_one_more_land_is_the_extra_land_of_305_2():
    reading = _read("那我這回合可以再多下一塊地嗎?")
    assert reading.rules[:2] == ["305.2", "305.1"]
    assert "使用额外的地" in reading.text


def test_mana_in_the_traditional_translations_word_is_a_mana_ability():
    reading = _read("那當這張地被我的對手<逮捕>的時候,我可以使用他來產生魔法力嗎?")
    assert reading.rules == ["605.1a"]
    assert "法术力" in reading.text and "魔法力" not in reading.text


def test_aiming_at_something_is_targeting_it():
    reading = _read("我可以用<送終刀鋒>瞄我的<命運密探>來觸發勇行嗎?")
    assert reading.rules == ["115.1", "601.2c"]
    assert "目标" in reading.text
    assert "送终刀锋" not in reading.text  # a bracketed card name is left out


# ---- chatter ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "dropped"),
    [
        ("那當我重新開始遊戲的時候會發生什麼事?", "发生"),
        ("假設我使用X=3的和聲召集，會發生甚麼？", "假设"),
        ("翻湧神信徒列爾究竟能不能從墳場返照歷險咒語?", "能不能"),
        ("我的對手說他可以用<英雄殉身>來回應,是這樣嗎?", "是这样"),
    ],
)
def test_chinese_question_chatter_drops_out(question, dropped):
    reading = _read(question)
    assert reading.changed
    assert dropped not in reading.text


def test_the_rules_own_whether_does_not_make_a_statement_a_question():
    """是否 ("whether") is the rules' word in 76 rules of the Chinese translation: a definition pasted
    in that holds it is the rules' wording, not a question, and is searched as it is."""
    statement = "当该触发事件发生时，该异能检查该条件是否符合。该异能只有在条件符合时才会触发"
    assert not players.read(statement, "zh").changed


def test_traditional_and_simplified_questions_read_alike():
    traditional = _read("那我這回合可以再多下一塊地嗎?")
    simplified = _read("那我这回合可以再多下一块地吗?")
    assert traditional.rules == simplified.rules
    assert traditional.text == simplified.text
