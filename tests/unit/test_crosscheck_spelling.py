"""Rare near-spellings (kb.crosscheck.spelling) and garbled characters (kb.crosscheck.garbled).

The Korean sentences are short quotes of the youbeebee Korean translation (youbeebee/kormtgcr, MagicCompRules_KR.txt
at a011d64 and 1d1a320; its README allows quoting) and of the English CR they translate, each slip as the translation
printed it (902.5b 치대 for 최대, 616.1 마약 for 만약, 205.3n Bolas뭩); the rules around them are written for the test
so that the document writes the right word often enough.
"""

from __future__ import annotations

import csv
from pathlib import Path

from kb.crosscheck import hangul
from kb.crosscheck.corrections import qa_split
from kb.crosscheck.document import crosscheck_documents
from kb.crosscheck.garbled import CHARSETS, garbles, in_charset
from kb.crosscheck.spelling import COMMON, COUNTED, EVERYWHERE, FUNCTION_COMMON, SHOWN, WITNESSED, near_spellings
from kb.crosscheck.texts import DocText, RuleText
from kb.crosscheck.tiers import POSSIBLE, tier

# 902.5b of ko@a011d64 and its English
SLIP_KO = "플레이어의 치대 손 크기는 7에 자신의 뱅가드 카드의 Hand modifier를 적용한 값입니다."
SLIP_EN = "A player’s maximum hand size is seven, as modified by the hand modifier of their vanguard card."
# rules that write the right word: "maximum" / 최대
RIGHT_KO = "플레이어의 최대 손 크기는 일곱입니다."
RIGHT_EN = "A player’s maximum hand size is seven."
FILLER_KO = "플레이어는 카드를 뽑습니다."
FILLER_EN = "A player draws a card."


def rule(number: str, text: str) -> RuleText:
    return RuleText(number, "subrule" if number[-1].isalpha() else "rule", None, text, 0, None)


def pair(lang: str, texts: list[tuple[str, str]]) -> tuple[DocText, DocText]:
    """A translation and its original, rule 100.N holding the N-th pair of texts."""
    tr = DocText(1, "tr", lang, "2021-11-19", [rule(f"100.{i + 1}", t) for i, (t, _) in enumerate(texts)])
    en = DocText(2, "en", "en", "2021-11-19", [rule(f"100.{i + 1}", e) for i, (_, e) in enumerate(texts)])
    return tr, en


def korean(slip: tuple[str, str], common: int = COMMON, fillers: int = 60) -> tuple[DocText, DocText]:
    """The slip's rule first, then ``common`` rules with the right word, then filler rules (so that "maximum" is
    no word of every rule: ``EVERYWHERE``)."""
    return pair("ko", [slip] + [(RIGHT_KO, RIGHT_EN)] * common + [(FILLER_KO, FILLER_EN)] * fillers)


def test_a_rare_word_one_letter_from_a_common_word_that_the_english_names_is_a_finding():
    tr, en = korean((SLIP_KO, SLIP_EN))
    found = list(near_spellings(tr, en))
    assert [(f.number, f.rare, f.common, f.rare_count, f.common_count, f.english) for f in found] == [
        ("100.1", "치대", "최대", 1, COMMON, "maximum")
    ]
    # the finding names the rules: the rare form's, and the first of the common form's
    assert found[0].rare_rules == ("100.1",)
    assert found[0].common_rules == tuple(f"100.{i}" for i in range(2, 2 + SHOWN))
    (finding,) = crosscheck_documents(tr, en, ("spelling",)).findings
    assert finding.detail["evidence"]["dominant_rules"] == list(found[0].common_rules)
    assert "치대" in finding.message and "최대" in finding.message and "“maximum”" in finding.message
    # the common word must be common: one rule fewer, and there is no finding
    assert list(near_spellings(*korean((SLIP_KO, SLIP_EN), common=COMMON - 1))) == []


def test_no_finding_where_the_english_does_not_name_the_common_words_meaning():
    # the same slip in a rule whose English says nothing of a maximum: 치대 may be another word there
    assert list(near_spellings(*korean((SLIP_KO, "A player’s hand size is seven, as modified by the card.")))) == []
    # nor where the rule already writes the common word as often as the English names it
    both = "플레이어의 최대 손 크기는 치대 7입니다."
    assert list(near_spellings(*korean((both, RIGHT_EN)))) == []


def test_an_english_word_of_every_rule_witnesses_nothing():
    # "maximum" in more than a tenth of the rules is a word of everything, like "player"
    fillers = int(COMMON / EVERYWHERE) - COMMON - 2
    assert list(near_spellings(*korean((SLIP_KO, SLIP_EN), fillers=fillers))) == []


def test_a_function_word_needs_no_witness_when_very_common():
    # 616.1 of ko@1d1a320: 마약 ("drugs") for 만약 ("if"), which the document writes 176 times
    slip = (
        "마약 둘 이상의 플레이어가 동시에 선택을 하려 한다면 선택은 APNAP 순서로 합니다.",
        "If two or more players …",
    )
    right = ("만약 플레이어가 카드를 뽑는다면 버립니다.", "If a player would draw a card, they discard.")
    tr, en = pair("ko", [slip] + [right] * FUNCTION_COMMON)
    assert [(f.rare, f.common, f.english) for f in near_spellings(tr, en)] == [("마약", "만약", None)]
    tr, en = pair("ko", [slip] + [right] * (FUNCTION_COMMON - 1))
    assert list(near_spellings(tr, en)) == []
    # an inflected word is no function word's slip: 빛이 도는 ("tinged", 206.2) beside 또는 ("or")
    tinged = (
        "오랜지 빛이 도는 붉은색 심볼은 미식 레어입니다.",
        "A red-orange symbol indicates the card is mythic rare.",
    )
    either = ("카드 또는 토큰입니다.", "A card or a token.")
    assert list(near_spellings(*pair("ko", [tinged] + [either] * FUNCTION_COMMON))) == []


def test_grammar_is_no_slip_particles_and_a_verb_beside_a_noun():
    # 207.3: 게임 플레이에는 ("on game play") beside 플레이어는 ("the player"): the particle changed, not the word
    play = ("이 아이콘들 또한 게임 플레이에는 효과가 없습니다.", "These icons have no effect on game play.")
    player = ("플레이어는 카드를 뽑습니다.", "A player draws a card.")
    assert list(near_spellings(*pair("ko", [play] + [player] * 200))) == []
    # 701.20g: 섞고 ("shuffling") beside 서고를 ("the library"), a noun the document writes with its particles
    shuffle = (
        "서고를 무작위로 섞고 개체를 특정 위치에 놓습니다.",
        "the result is a shuffled library, with the library …",
    )
    library = ("플레이어는 자신의 서고를 봅니다.", "A player looks at their library.")
    fillers = [(FILLER_KO, FILLER_EN)] * 100
    assert list(near_spellings(*pair("ko", [shuffle] + [library] * 10 + fillers))) == []


# 509.5c of ko@a011d64: 생태가 ("ecology") for 상태가 ("state"); its English says "blocked", never "state"
ECOLOGY = ("다만 당시 이 생물이 방어된 생태가 아니었어야 합니다.", "That creature must not have been blocked then.")
STATE = ("그 개체의 상태가 바뀝니다.", "The object's state changes.")


def test_a_slip_the_english_cannot_witness_is_found_by_the_whole_words_counts():
    tr, en = pair("ko", [ECOLOGY] + [STATE] * hangul.COMMON + [(FILLER_KO, FILLER_EN)] * 60)
    found = list(near_spellings(tr, en))
    assert [(f.number, f.rare, f.common, f.english, f.ways) for f in found] == [
        ("100.1", "생태가", "상태가", None, (COUNTED,))
    ]
    # below every witnessed slip, and one finding of the class spelling, not of consistency
    assert 0 < found[0].confidence < 0.4
    (finding,) = crosscheck_documents(tr, en, ("spelling", "consistency")).findings
    assert finding.kind == "spelling" and finding.detail["evidence"]["ways"] == [COUNTED]
    # the common word must be written often enough: one rule fewer, and there is no finding
    fewer = pair("ko", [ECOLOGY] + [STATE] * (hangul.COMMON - 1) + [(FILLER_KO, FILLER_EN)] * 60)
    assert list(near_spellings(*fewer)) == []
    # nor where the slip's rule is not paired with an original rule (the consistency check read paired rules only)
    unpaired = DocText(2, "en", "en", "2021-11-19", en.rules[1:])
    assert list(near_spellings(tr, unpaired)) == []


def test_a_slip_found_both_ways_is_one_finding_naming_both():
    # 담계가 for 단계가 ("phase"): the English names "phase", and the whole word is written once against ten
    slip = ("전투전 메인 담계가 시작되면서 카드를 뽑습니다.", "As the precombat main phase begins, draw a card.")
    right = [("이 단계가 시작됩니다.", "This phase begins."), ("이 단계가 끝납니다.", "A phase ends.")]
    tr, en = pair("ko", [slip] + right * (hangul.COMMON // 2) + [(FILLER_KO, FILLER_EN)] * 100)
    found = list(near_spellings(tr, en))
    assert [(f.number, f.rare, f.common, f.english, f.ways) for f in found] == [
        ("100.1", "담계가", "단계가", "phase", (WITNESSED, COUNTED))
    ]
    assert [f.number for f in crosscheck_documents(tr, en, ("spelling",)).findings] == ["100.1"]


def test_the_counts_alone_leave_a_particle_alone():
    # 207.3: 게임 플레이에는 ("on game play") beside 플레이어는 ("the player"), written 200 times: the particle changed
    play = ("이 아이콘들 또한 게임 플레이에는 효과가 없습니다.", "These icons have no effect on game play.")
    player = ("플레이어는 카드를 뽑습니다.", "A player draws a card.")
    assert list(hangul.slips(play[0], hangul.word_counts([play[0]] + [player[0]] * 200))) != []  # the pass alone
    assert list(near_spellings(*pair("ko", [play] + [player] * 200))) == []
    # 603.10g: 플레이에가 for 플레이어가 ("a player"): 플레이에 with a subject particle, the stem itself changed
    walks = (
        "플레이에가 플레인즈워크를 해서 차원을 떠날 때 격발되는 능력",
        "Abilities that trigger when a player planeswalks",
    )
    subject = ("플레이어가 카드를 뽑습니다.", "A player draws a card.")
    found = list(near_spellings(*pair("ko", [walks] + [subject] * 200)))
    assert [(f.rare, f.common, f.ways) for f in found] == [("플레이에가", "플레이어가", (COUNTED,))]


def test_alphabetic_languages_and_katakana_a_letter_left_out_and_chinese_not_read_here():
    slip = ("Lege die Karte in deine Bibliotek.", "Put the card into your library.")
    right = ("Die Bibliothek.", "The library.")
    filler = ("Ziehe die Karte.", "Draw the card.")
    found = list(near_spellings(*pair("de", [slip] + [right] * COMMON + [filler] * 60)))
    assert [(f.rare, f.common, f.english) for f in found] == [("bibliotek", "bibliothek", "library")]
    # Japanese katakana words are read letter by letter (ja 111.7 with トークン mistyped)
    token = (
        "戦場以外の領域に存在するトーケンは、消滅する。",
        "A token that’s in a zone other than the battlefield ceases to exist.",
    )
    tokens = ("そのトークン。", "The token.")
    found = list(near_spellings(*pair("ja", [token] + [tokens] * COMMON + [("カードを引く。", "Draw the card.")] * 60)))
    assert [(f.rare, f.common, f.english) for f in found] == [("トーケン", "トークン", "token")]
    # Chinese slips are homophones of terms: the consistency check reads them
    zh = [("释放此咒语。", "Cast this spell.")] + [("施放此咒语。", "Cast this spell.")] * 20
    assert list(near_spellings(*pair("zh", zh))) == []


def test_a_curly_apostrophe_read_as_cp949_is_garbled():
    # 205.3n of ko@08e6d9f: "Bolas’s Meditation Realm" after the UTF-8 bytes were read as CP949
    text = "차원 타입에는 Alara, Arkhos, Azgol, Belenon, Bolas뭩 Meditation Realm, Dominaria가 있습니다."
    assert [(span, why) for _, span, why in garbles(text, "ko")] == [("뭩", "charset")]
    assert not in_charset("뭩", CHARSETS["ko"]) and in_charset("뭡", CHARSETS["ko"])  # 뭡 is in KS X 1001
    # the same syllable away from Latin letters: a name, not a garble; the apostrophe itself is no garble
    assert list(garbles("뭩 Meditation", "ko")) == []
    assert list(garbles("Bolas’s Meditation Realm", "ko")) == []
    tr, en = pair("ko", [(text, "Bolas’s Meditation Realm")])
    report = crosscheck_documents(tr, en, ("garbled",))
    assert [(f.number, f.detail["translated"], f.tier) for f in report.findings] == [("100.1", ["뭩"], POSSIBLE)]
    assert "Bolas뭩" in report.findings[0].message


def test_mojibake_replacement_and_control_characters():
    assert [why for _, _, why in garbles("Dandân’s caf\u00c3\u00a9", "de")] == ["mojibake"]  # café read as cp1252
    assert [why for _, _, why in garbles("Bolas\u00e2\u20ac\u2122s", "ja")] == ["mojibake"]  # ’ read as cp1252
    assert [why for _, _, why in garbles("カード\ufffdを引く", "ja")] == ["replacement"]
    assert [why for _, _, why in garbles("card\u0092s", "en")] == ["control"]


def test_chinese_names_outside_gb2312_are_no_garble_unless_glued_to_latin():
    # zh 2023-11-17 205.3j: 旸 (outside GB 2312) in a plane's name; 205.3j's Ring of Ma’rûf keeps its û
    assert list(garbles("谢纳戈斯、旸谷，燕灵，以及扎", "zh")) == []
    assert list(garbles("铁匠、Ring of Ma’rûf、鲁克鸟蛋", "zh")) == []
    assert [why for _, _, why in garbles("Bolas旸 Meditation", "zh")] == ["charset"]
    # Japanese: 〜 and the like are symbols, not letters; a kanji of JIS X 0208 is in the set
    assert list(garbles("1～2単語のサブタイプ", "ja")) == []


def test_both_classes_are_possible_until_measured_sure():
    assert tier("spelling") == POSSIBLE and tier("garbled") == POSSIBLE


SLIP_LABELS = Path(__file__).parents[1] / "data" / "crosscheck_slips_fresh.tsv"


def test_the_labels_of_the_counted_way_name_their_origin_and_are_split_by_rule():
    lines = SLIP_LABELS.read_text(encoding="utf-8").splitlines()
    header = [line for line in lines if line.startswith("#")]
    assert any("youbeebee/kormtgcr" in line for line in header) and any("7ca77ae" in line for line in header)
    rows = list(csv.DictReader((line for line in lines if not line.startswith("#")), delimiter="\t"))
    assert len(rows) == 47 and {row["class"] for row in rows} == {"spelling"}
    assert {row["document"] for row in rows} == {"ko@a011d64", "ko@1d1a320"}
    assert len({(row["document"], row["number"], row["form"]) for row in rows}) == len(rows)  # one label a slip
    # both labels on both halves: the counted way is measured on what it was not tuned on
    halves = {(qa_split(row["number"]), row["label"]) for row in rows}
    assert halves == {(half, label) for half in ("tune", "held-out") for label in ("real", "false")}
    # every labelled word is a slip of the pass itself: a Hangul word of three syllables or more
    assert all(hangul.WORD.fullmatch(row["form"]) for row in rows)
