"""Japanese and Chinese questions in the players' words that until now only English had a row for
(kb.search.players, the ja and zh blocks of data/players_words.tsv of 2026-12-07): mana burn and
floating mana, a bounced token, holding priority, a double block, the layer system, entering tapped, a
fog, two replacement effects, failing to find, ten poison counters, loyalty 0, two legends, an Aura with
nothing to enchant, copies and face-down spells. Each question is read with the translation's own
words and reaches the rule that answers in the first three, on a fresh database of today's English
rules and the Japanese and Chinese translations. The questions are written for these tests."""

from __future__ import annotations

import pytest

from kb.search import players
from tests.unit.test_search_players_ja_slang import _defines, _first_three, rules_db  # noqa: F401
from tests.unit.test_search_players_zh import _read

# (question, the players' words, the rules' words they are searched as, the rule that answers)
JAPANESE = [
    ("マナバーンはまだありますか?", "マナバーン", "未使用のマナ マナ・プール 空になる", "500.5"),
    ("フェイズの終わりに浮いたマナはどうなる?", "浮いたマナ", "未使用のマナ マナ・プール 空になる", "106.4"),
    (
        "トークンをバウンスしたらどうなりますか?",
        "トークンをバウンス",
        "戦場以外の領域に存在するトークン 消滅する",
        "111.7",
    ),
    (
        "優先権を保持して呪文を2つ唱えられますか?",
        "優先権を保持",
        "呪文を唱えたり 能力を起動 その後で優先権を得る",
        "117.3c",
    ),
    (
        "ダブルブロックされた時のダメージの割り振りは?",
        "ダブルブロック",
        "2体以上のクリーチャーがブロック 戦闘ダメージを割り振る",
        "510.1c",
    ),
    ("レイヤーシステムとは何ですか?", "レイヤーシステム", "種類別 継続的効果 適用する", "613.1"),
    ("濃霧を唱えたらどうなる?", "濃霧", "戦闘ダメージ すべて 軽減 軽減効果", "615.1a"),
    ("サーチ失敗はできますか?", "サーチ失敗", "非公開領域 探す すべてを見つける必要はない", "701.23b"),
    ("毒カウンターが10個になったら?", "毒カウンターが10個", "10個以上 毒 カウンター ゲームに敗北する", "704.5c"),
    (
        "忠誠度が0になったプレインズウォーカーは?",
        "忠誠度が0",
        "忠誠度が0であるプレインズウォーカー オーナーの墓地に置かれる",
        "704.5i",
    ),
    (
        "オーラのエンチャント先がなくなったら?",
        "エンチャント先がな",
        "何にもついていないオーラ オーナーの墓地に置かれる",
        "704.5m",
    ),
    ("状況起因処理に対応できますか?", "状況起因処理に対応", "状況起因処理はスタックを用いない", "704.1"),
]

CHINESE = [
    ("现在还有法术力灼烧吗?", "法术力灼烧", "未使用的法术力 法术力池 清空", "500.5"),
    ("衍生物被弹回会怎样?", "衍生物被弹回", "在战场以外的其他区域的衍生物会消失", "111.7"),
    ("我可以保留优先权吗?", "保留优先权", "施放咒语 起动起动式异能 在此之后得到优先权", "117.3c"),
    ("被双挡时如何分配伤害?", "双挡", "两个或更多的生物对其进行阻挡 分配战斗伤害", "510.1c"),
    ("层系统是什么?", "层系统", "持续性效应 以一系列分层的形式 按照以下顺序生效", "613.1"),
    ("横置进场的地会怎样?", "横置进场", "横置 进场 替代性效应 影响一个永久物如何进入战场", "614.12"),
    (
        "两个替代性效应怎么办?",
        "两个替代性效应",
        "两个或更多替代性 防止性效应 受影响物件的操控者 选择其中一个生效",
        "616.1",
    ),
    ("搜寻牌库时可以不找吗?", "可以不找", "隐藏区域中搜寻 不一定要找出来", "701.23b"),
    ("十个中毒指示物会输吗?", "十个中毒指示物", "十个或更多的中毒指示物 输掉此盘游戏", "704.5c"),
    ("鹏洛客忠诚度为0会怎样?", "忠诚度为0", "鹏洛客的忠诚为0 置入其拥有者的坟墓场", "704.5i"),
    ("灵气没有贴附会怎样?", "灵气没有贴附", "灵气 未贴附于任何物件 置入其拥有者的坟墓场", "704.5m"),
    ("牌面朝下施放的咒语有什么特征?", "牌面朝下施放", "以牌面朝下状态施放的物件 进入堆叠前", "708.4"),
]


@pytest.mark.parametrize(("question", "words", "official", "rule"), JAPANESE)
def test_a_japanese_question_is_read_in_the_translations_words(question, words, official, rule):
    reading = players.read(question, "ja")
    assert reading.expansions[words] == [official]
    assert official in reading.text and words not in reading.text.replace(official, "")
    assert reading.rules[0] == rule


@pytest.mark.parametrize(("question", "words", "official", "rule"), CHINESE)
def test_a_chinese_question_is_read_in_the_translations_words(question, words, official, rule):
    reading = _read(question)
    assert reading.expansions[words] == [official]
    assert official in reading.text and words not in reading.text.replace(official, "")
    assert reading.rules[0] == rule


@pytest.mark.parametrize(("question", "words", "official", "rule"), JAPANESE + CHINESE)
def test_the_question_reaches_its_rule_in_the_first_three(rules_db, question, words, official, rule):  # noqa: F811
    first, expansions = _first_three(rules_db, question)
    assert expansions[words] == [official]
    assert any(_defines(number, rule) for number in first), first


def test_a_traditional_chinese_question_reads_as_the_simplified_one():
    traditional = _read("我可以保留優先權嗎?")
    assert traditional.rules == ["117.3c"]
    assert "在此之后得到优先权" in traditional.text


def test_words_inside_a_longer_word_are_not_read():
    """レイヤー is inside プレイヤー: only the longer レイヤーシステム has a row; 加费 is inside 追加费用
    (an additional cost) and has none."""
    assert "613.1" not in players.read("プレイヤーは何をしますか?", "ja").rules
    assert "601.2f" not in _read("追加费用要怎么支付?").rules


def test_damage_that_remains_is_not_read_as_the_cleanup_step():
    """Whether damage is still marked (ダメージが残る) is answered by 120.6, which a row naming 514.2
    pushed down: only damage going away (ダメージが回復, 伤害消失) names the cleanup step."""
    assert "514.2" not in players.read("ダメージが残るのはいつまで?", "ja").rules
    assert players.read("ダメージが回復するのはいつ?", "ja").rules == ["514.2"]
    assert _read("伤害什么时候会消失? 伤害消失的时机?").rules == ["514.2"]


def test_the_glossarys_cost_reduction_is_not_read_in_a_statement():
    """减费 is the Chinese glossary's own word (Emerge: 牺牲一个生物来减费施放咒语): a pasted definition
    holding it is searched as written; a question holding it is read."""
    statement = "一个关键字异能，使得牌手可以牺牲一个生物来减费施放咒语"
    assert not players.read(statement, "zh").changed
    assert _read("减费效应可以把费用减到0以下吗?").rules == ["601.2f"]
