"""Search analysis: Unicode folding, per-language analyzers, and a schema whoosh can pickle."""

from __future__ import annotations

import pickle

import pytest

from kb.core.text import fold, fold_text, source_span
from kb.search.analyzers import NAME_SEPARATOR, analyzer_for, chinese_pieces, japanese_words, names_analyzer, terms
from kb.search.schema import build_schema


@pytest.mark.parametrize(
    "text, folded",
    [
        ("ＰＨＡＳＩＮＧ７０２", "PHASING702"),  # full-width letters and digits
        ("ﾄｰｸﾝ", "トークン"),  # half-width katakana and long vowel mark
        ("フェイズ―", "フェイズー"),  # a horizontal bar typed for the long vowel
        ("フェ－ズ", "フェーズ"),  # a full-width hyphen typed for it
        ("“phased out” ‘token’", "\"phased out\" 'token'"),  # curly quotes
        ("Ёлка", "Елка"),
    ],
)
def test_fold_text(text, folded):
    assert fold_text(text)[0] == folded


def test_fold_keeps_dashes_between_katakana_words():
    assert fold_text("フェイズ—アウト")[0] == "フェイズ—アウト"


def test_offsets_point_into_the_original_text():
    text = "ｽﾞ ﾌｪｲｽﾞ"
    folded, offsets = fold_text(text)
    start = folded.index("フェイズ")
    assert text[slice(*source_span(offsets, start, start + 4))] == "ﾌｪｲｽﾞ"


def test_fold_word_level():
    assert fold("Straße") == "strasse"
    assert fold("ЁЖ") == "еж"


@pytest.mark.parametrize(
    "lang, text, expected",
    [
        ("en", "Phased-out tokens", ["phase", "token"]),
        ("en", "phasing PHASES", ["phasing", "phase"]),  # the keyword is not the turn's phase
        ("de", "Destabilisierte Spielsteine", ["destabilisiert", "spielstein"]),
        ("ru", "фишки фазирования", ["фишк", "фазирован"]),
        (
            "ja",
            "トークンはフェイズ・アウト中も戦場に存在し続ける。",
            ["トークン", "フェーズ", "アウト", "中", "戦場", "存在", "続ける"],
        ),
        ("zh", "衍生物跃离", ["衍生", "生物", "物跃", "跃离"]),
        ("zh", "盾 702.26", ["盾", "702.26"]),
    ],
)
def test_analyzers(lang, text, expected):
    assert terms(lang, text) == expected


def test_unknown_language_is_folded_not_stemmed():
    assert terms("nl", "Fasering FASERING") == ["fasering", "fasering"]


def test_japanese_words_keep_offsets_of_half_width_text():
    text = "ﾄｰｸﾝ ﾌｪｲｽﾞｱｳﾄ"
    assert [(word, text[start:end]) for word, start, end in japanese_words(text)] == [
        ("トークン", "ﾄｰｸﾝ"),
        ("フェーズ", "ﾌｪｲｽﾞ"),
        ("アウト", "ｱｳﾄ"),
    ]


def test_japanese_long_input_is_cut_for_sudachi():
    words = list(japanese_words("トークン。" * 3000))
    assert len(words) == 3000


def test_chinese_pieces_offsets():
    text = "时间跳跃"
    assert [(piece, text[start:end]) for piece, start, end in chinese_pieces(text)] == [
        ("时间", "时间"),
        ("间跳", "间跳"),
        ("跳跃", "跳跃"),
    ]


def test_names_weigh_title_heading_and_glossary():
    value = NAME_SEPARATOR.join(["Tokens", "Game Concepts", "Token\nClue Token\nFood Token"])
    boosts = [(t.text, t.boost) for t in names_analyzer("en")(value, positions=True)]
    assert boosts[0] == ("token", 6.0)
    assert ("token", 3.0) in boosts
    assert sum(boost for text, boost in boosts if text == "token") == 9.0  # once per part


def test_schema_pickles_with_its_tokenizers():
    schema = pickle.loads(pickle.dumps(build_schema()))
    japanese = schema["text_ja"].analyzer
    assert [t.text for t in japanese("フェイジングを持つパーマネント")] == ["フェイジング", "持つ", "パーマネント"]
    assert [t.text for t in schema["names_zh"].analyzer("时间跳跃")] == ["时间", "间跳", "跳跃"]
    assert analyzer_for("ja") == pickle.loads(pickle.dumps(analyzer_for("ja")))


@pytest.mark.parametrize(
    "query, lang",
    [
        ("フェイズ・アウト", "ja"),
        ("統治者", "ja"),  # 統 is not a character of Simplified Chinese (统)
        ("戦場に出る", "ja"),
        ("时间跳跃", "zh"),
        ("特性", "zh"),  # the same characters in both: Chinese without a dictionary to tell
        ("phased out", "en"),
        ("Instabilität Spielstein", "de"),
    ],
)
def test_the_language_a_query_is_written_in(query, lang):
    from kb.search.compile import query_language

    assert query_language(query) == lang


def test_kanji_the_dictionary_knows_only_as_japanese_are_japanese():
    from kb.search.compile import query_language
    from kb.search.terms import Lexicon, Name

    words = Lexicon(
        [
            Name("ja", "墓地", "Graveyard", "graveyard"),
            Name("zh", "坟墓场", "Graveyard", "graveyard"),
            Name("ja", "特性", "Characteristics", "characteristics"),
            Name("zh", "特性", "Characteristics", "characteristics"),
        ]
    )
    assert query_language("墓地", lexicon=words) == "ja"
    assert query_language("坟墓场", lexicon=words) == "zh"
    assert query_language("特性", lexicon=words) == "zh"  # a name of both


@pytest.mark.parametrize(
    "definition, first",
    [
        (
            "カードを裏向きで唱えられるようにするキーワード能力。rule 702.37〔変異〕、rule 708〔裏向きの呪文やパーマネント〕参照。",
            "702.37",
        ),
        (
            "護法{2}を持つ裏向きの2/2クリーチャーとして戦場に出すキーワード処理。701.58〔偽装する〕、708〔裏向き〕参照。",
            "701.58",
        ),
        ("オブジェクトを定義する情報。rule 109.3 参照。", "109.3"),
        ("ゲームに勝つ。700.13. 参照", "700.13"),
    ],
)
def test_a_japanese_glossary_entry_cites_the_first_rule_of_its_list(definition, first):
    from tests.search_quality import CITED

    assert CITED["ja"].search(definition).group(1) == first
