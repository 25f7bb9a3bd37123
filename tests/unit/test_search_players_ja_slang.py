"""Japanese players' katakana names of keywords and their slang, and Chinese players' words for a step
(kb.search.players, the rows of data/players_words.tsv from public lists of players' words): a question
holding one is read with the official term of the translation and finds the rule that defines it, on a
fresh database of today's English rules and the Japanese and Chinese translations. The questions are
written for these tests; the words come from the lists the table's comments cite."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.search import players
from tests.conftest import corpus_path
from tests.unit.test_search_players_zh import _read


@pytest.fixture(scope="module")
def rules_db(tmp_path_factory) -> Path:
    """Today's English rules and the Japanese and Chinese translations, nothing else."""
    path = tmp_path_factory.mktemp("players-slang") / "rules.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths(
        [
            corpus_path("en", "full", "MagicCompRules_20260807.txt"),
            corpus_path("ja", "CompRules_ja_20260116.0_lines.txt"),
            corpus_path("zh", "MagicCompRules_20260417_zh-CN_HeliumOctahelide.txt"),
        ],
        keep_going=False,
    )
    kb.close()
    return path


def _first_three(db: Path, question: str) -> tuple[list[str], dict[str, list[str]]]:
    kb = KnowledgeBase.open(db, readonly=True)
    try:
        found = kb.search(question)
        return [result.number for result in found.results[:3]], found.expansions
    finally:
        kb.close()


def _defines(number: str, rule: str) -> bool:
    """``number`` is ``rule`` or one of its lettered subrules (702.2 and 702.2a, not 702.20)."""
    return number == rule or (number.startswith(rule) and not number[len(rule)].isdigit())


# ---- the katakana names of keywords and keyword actions ------------------------------------------------

ASKED = [
    ("デスタッチを持つクリーチャーにブロックされたらどうなる?", "デスタッチ", "接死", "702.2"),
    ("ダブストを持つクリーチャーはどうなる?", "ダブスト", "二段攻撃", "702.4"),
    ("ファーストストライクを持つクリーチャーがブロックされたら?", "ファーストストライク", "先制攻撃", "702.7"),
    ("フラッシュを持つクリーチャーはいつ唱えられる?", "フラッシュ", "瞬速", "702.8"),
    ("スクライ2はどうやる?", "スクライ", "占術を行う", "701.22"),
    ("フライヤーをブロックできる?", "フライヤー", "飛行を持つクリーチャー", "702.9"),
    ("クリーチャーをサクって対応できる?", "サクって", "生け贄に捧げて", "701.21"),
    ("ディスカードしたカードはどこへ行く?", "ディスカード", "捨てる", "701.9"),
]


@pytest.mark.parametrize(("question", "words", "official", "rule"), ASKED)
def test_a_katakana_keyword_is_read_as_the_official_term(question, words, official, rule):
    reading = players.read(question, "ja")
    assert reading.expansions[words] == [official]
    assert official in reading.text and words not in reading.text
    assert reading.rules == [rule]


@pytest.mark.parametrize(("question", "words", "official", "rule"), ASKED)
def test_a_katakana_keyword_finds_its_defining_rule(rules_db, question, words, official, rule):
    first, expansions = _first_three(rules_db, question)
    assert expansions[words] == [official]
    assert any(_defines(number, rule) for number in first), first


def test_the_longer_katakana_name_wins_over_its_abbreviation():
    reading = players.read("ファーストストライクとダブルストライクの違いは?", "ja")
    assert reading.rules == ["702.7", "702.4"]
    assert "ストライク" not in reading.text


def test_flashback_is_not_read_as_flash():
    """フラッシュバック is the official term (702.34): フラッシュ (flash, 瞬速) is not read inside it."""
    reading = players.read("フラッシュバックで唱えた呪文はどこへ行く?", "ja")
    assert "702.8" not in reading.rules
    assert "瞬速" not in reading.text and "フラッシュバック" in reading.text


def test_a_word_with_two_meanings_has_no_row_of_its_own():
    """カウンター is both a counter on a permanent and countering a spell: no row forces either."""
    entries = players.load().by_text["ja"]
    assert not [entry for entry in entries if entry.words == "カウンター"]
    assert players.read("呪文をカウンターされたらどうなる?", "ja").rules == []


# ---- a statement holding slang no rule uses ------------------------------------------------------------


def test_a_statement_holding_a_katakana_keyword_finds_its_rule(rules_db):
    """Without a question mark a long Japanese query is searched as written (it may be the rules' own
    wording), but デスタッチ is no word of the rules: it is read all the same."""
    first, expansions = _first_three(rules_db, "デスタッチとトランプルを持つクリーチャーにブロックされた")
    assert expansions["デスタッチ"] == ["接死"]
    assert any(_defines(number, "702.2") for number in first), first


def test_a_statement_in_the_rules_own_words_is_still_searched_as_written():
    indexed = {"死亡": True}.get
    statement = "戦場にあるクリーチャーが死亡した時に誘発する能力は、それが戦場を離れる直前を参照する"
    reading = players.read(statement, "ja", indexed=lambda text: indexed(text, False))
    assert not reading.changed
    with_slang = "戦場にあるクリーチャーをサクった時に誘発する能力は、それが戦場を離れる直前を参照する"
    reading = players.read(with_slang, "ja", indexed=lambda text: indexed(text, False))
    assert reading.rules == ["701.21"]
    assert "生け贄に捧げた" in reading.text


def test_a_statement_is_read_only_when_the_search_can_tell_the_rules_words():
    statement = "デスタッチとトランプルを持つクリーチャーにブロックされた"
    assert not players.read(statement, "ja").changed  # no ``indexed``: as written


# ---- Chinese -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("question", ["进战阶可以横置生物吗?", "進戰階的時候可以橫置生物嗎?"])
def test_the_beginning_of_combat_in_players_words_names_its_step(rules_db, question):
    reading = _read(question)
    assert reading.rules[0] == "507.2"
    assert "战斗开始步骤" in reading.text
    first, _expansions = _first_three(rules_db, question)
    assert any(_defines(number, "507") for number in first), first
