"""What a translated rule holds of a term it lacks (kb.crosscheck.termevidence), and the levels of terminology
findings built on it, on small texts and a term base of a few rules."""

from __future__ import annotations

from kb.crosscheck.qa import _in_compound, _quoted_word, _with_stems, terminology
from kb.crosscheck.termbase import TermBase, _whole_word
from kb.crosscheck.termevidence import BANDS, FormReader, confidence, parts, phrase_pattern, variants
from kb.crosscheck.texts import DocText, RuleText
from kb.terms.dictionary import TermDictionary
from kb.terms.model import TermName
from kb.terms.names import english_key
from kb.terms.vocabulary import CrTerm


def test_a_noun_phrase_with_a_particle_or_a_coordination_holds_the_term():
    reader = FormReader()
    assert reader.holding("手札など非公開の領域からカードを選ぶ", ("非公開領域",)).how == "phrase"
    # "prevention effects or replacement effects": both terms share the head 効果
    assert reader.holding("その中の一部は軽減・置換効果である。", ("軽減効果",)).how == "phrase"
    coordinated = "如果该咒语具有替代、额外、或其他于施放时支付的特殊费用"
    assert reader.holding(coordinated, ("额外费用",)).how == "phrase"
    # a coordination stops at the clause: 额外 in one clause and 费用 in the next is no noun phrase
    assert phrase_pattern("额外费用").search("获得额外的牌，支付费用") is None  # type: ignore[union-attr]


def test_a_variant_drops_an_inner_part_or_puts_in_a_character():
    assert "延迟触发异能" in variants("延迟触发式异能") and "メインフェイズ" in variants("メイン・フェイズ")
    assert all(len(v) > len("混血法术力符号") // 2 for v in variants("混血法术力符号"))
    reader = FormReader()
    assert reader.holding("除非该异能为延迟触发异能。", ("延迟触发式异能",)).span == "延迟触发异能"
    assert reader.holding("支払おうとすることは不適正な処理である。", ("不正な処理",)).span == "不適正な処理"
    held = reader.holding("每位牌手的起始生命值为20", ("起始总生命",))
    assert (held.how, held.span) == ("variant", "起始生命")


def test_part_of_a_form_is_its_head_or_modifier_never_a_piece_of_a_katakana_word():
    assert "コスト" in parts("マナ・コスト") and "マナ" not in parts("マナ・コスト")  # under half the form
    assert "ック" not in parts("スタック") and "タップ" not in parts("アンタップ")
    reader = FormReader()
    held = reader.holding("魔王のゲーム開始時のライフの総量は40点である。", ("初期ライフ総量",))
    assert (held.how, held.span) == ("part", "ライフの総量")
    assert reader.holding("条件が真でないなら、能力は何もしない。", ("スタック",)).how == "absent"


def test_the_levels_rank_in_their_bands():
    levels = ("weak", "shared", "learnt", "corpus", "glossary", "confident")
    ordered = [confidence(level, share) for level in levels for share in (0, 1)]
    assert ordered == sorted(ordered) and ordered[-1] <= 1.0
    assert set(BANDS) == set(levels)


def test_a_word_the_original_quotes_and_the_translation_keeps_in_english_is_no_term():
    original = "replacing all instances of the word ‘target’ with the word ‘each.’"
    assert _quoted_word("target", original, "『target』という語すべてを『each』という語に変更する")
    assert not _quoted_word("target", original, "対象という語すべてを")
    assert not _quoted_word("target", "Choose a target creature.", "target")


# A term base of a few rules: "delayed triggered ability" (a glossary entry) rendered 延迟触发式异能 in most rules,
# a variant without 式 in one; "main phase" rendered with a variant in many rules: that variant is a form.
_NAMES = [
    TermName(
        "zh", "延迟触发式异能", "delayed triggered ability", english_key("delayed triggered ability"), "glossary", "g"
    ),
    TermName("zh", "行动阶段", "main phase", english_key("main phase"), "glossary", "g"),
    TermName("zh", "结算", "resolve", english_key("resolve"), "glossary", "g"),
    TermName("zh", "进行攻击的生物", "attacking creature", english_key("attacking creature"), "glossary", "g"),
    TermName("zh", "延势", "Reach", english_key("reach"), "glossary", "g"),
]
_CATEGORIES = {"main phase": "step or phase", "Reach": "keyword ability"}
_VOCABULARY = {name.key: CrTerm(name.key, name.english, _CATEGORIES.get(name.english, "glossary")) for name in _NAMES}


def _doc(lang: str, texts: list[str]) -> DocText:
    rules = [RuleText(f"100.{i + 1}", "rule", None, text, 0, i) for i, text in enumerate(texts)]
    return DocText(1 if lang == "en" else 2, lang, lang, None, rules)


def _findings(english: list[str], chinese: list[str]):
    terms = TermDictionary(_NAMES, _VOCABULARY)
    en, tr = _doc("en", english), _doc("zh", chinese)
    base = TermBase(terms, tr, en, {})
    found: dict[str, list] = {}
    for finding in terminology(tr, en, base):
        found.setdefault(finding.number, []).append(finding)
    return base, found


def test_a_rare_variant_is_a_confident_finding_a_common_one_an_accepted_form():
    english = ["A delayed triggered ability triggers once."] * 20
    chinese = ["延迟触发式异能只触发一次。"] * 19 + ["延迟触发异能只触发一次。"]
    _, found = _findings(english, chinese)
    [rare] = found["100.20"]
    assert rare.detail["level"] == "confident" and rare.detail["translated"] == "延迟触发异能"
    assert rare.detail["evidence"]["forms"] == {"延迟触发式异能": 19}
    assert rare.detail["evidence"]["variants"] == {"延迟触发异能": 1}
    assert BANDS["confident"][0] <= rare.detail["confidence"] <= 1
    # "main phase" in 21 rules: a variant in 3 of them is rare (under a fifth), each is a finding
    english = ["The main phase begins."] * 21
    chinese = ["行动阶段开始。"] * 18 + ["行动段开始。"] * 3
    base, found = _findings(english, chinese)
    stats = base.stats[english_key("main phase")]
    assert stats.variants == {"行动段": 3} and not stats.accepted("行动段")
    assert sorted(found) == ["100.19", "100.20", "100.21"]
    # in 5 of 21 it is a form the document accepts: those rules hold the term, the one rule without it is found
    chinese = ["行动阶段开始。"] * 15 + ["行动段开始。"] * 5 + ["开始。"]
    base, found = _findings(english, chinese)
    assert base.stats[english_key("main phase")].accepted("行动段")
    assert sorted(found) == ["100.21"] and found["100.21"][0].detail["holds"] == "absent"


def test_an_absent_term_is_of_the_glossary_level_and_part_of_its_form_weak():
    english = ["The spell resolves. A delayed triggered ability triggers."] * 10
    chinese = ["该咒语结算。延迟触发式异能触发。"] * 9 + ["该咒语生效。触发式异能触发。"]
    _, found = _findings(english, chinese)
    levels = {f.detail["english"]: (f.detail["level"], f.detail["holds"]) for f in found["100.10"]}
    # the verb gone: its glossary form absent; the noun phrase with its head 触发式异能 left: weak
    assert levels == {"resolves": ("glossary", "absent"), "delayed triggered ability": ("weak", "part")}
    ranked = sorted(found["100.10"], key=lambda f: -f.detail["confidence"])
    assert [f.detail["level"] for f in ranked] == ["glossary", "weak"]


def test_a_form_the_document_writes_for_the_term_is_learnt_and_judges_at_the_corpus_level():
    """The glossary's 进行攻击的生物 stands in one rule of 20; the document writes 攻击生物 in 18: a learnt form."""
    english = ["An attacking creature deals damage."] * 20
    chinese = ["进行攻击的生物造成伤害。"] + ["攻击生物造成伤害。"] * 18 + ["一个永久物造成伤害。"]
    base, found = _findings(english, chinese)
    stats = base.stats[english_key("attacking creature")]
    assert stats.learned == {"攻击生物": 18} and stats.covered == 19 and stats.held == 1
    [gone] = found["100.20"]
    assert gone.detail["dominant"] == "攻击生物" and gone.detail["level"] == "corpus"  # no glossary gives it
    assert gone.detail["evidence"]["forms"] == {"攻击生物": 18, "进行攻击的生物": 1}
    assert list(found) == ["100.20"]  # the rules with the learnt form hold the term
    # a piece of a known form (攻击的生物 inside 进行攻击的生物) is part of it, never a learnt form
    chinese = ["进行攻击的生物造成伤害。"] + ["攻击的生物造成伤害。"] * 19
    base, _ = _findings(english, chinese)
    assert not base.stats[english_key("attacking creature")].learned


def test_a_learnt_form_ends_as_a_form_ends_and_starts_no_sentence_piece():
    assert _whole_word("攻击生物", ("进行攻击的生物",)) and _whole_word("皇帝戦変種ルール", ("皇帝戦」変種ルール",))
    assert not _whole_word("挡生物的", ("进行阻挡的生物",))  # a particle at its end
    assert not _whole_word("る組", ("組である",))  # a verb's ending at its start
    assert not _whole_word("ル変種ルー", ("変種ルール",))  # cut out of the katakana word ルール


def test_a_variant_drops_at_most_three_characters():
    form = "アトラクションを観覧するためサイコロを振る"
    assert "アトラクションを観覧する" not in variants(form)  # another wording, not the term misspelt
    assert FormReader().holding("自分のアトラクションを観覧する。", (form,)).how != "variant"


def test_a_term_inside_a_hyphenated_compound_is_no_term_and_a_japanese_verb_is_held_by_its_stem():
    assert _in_compound("replacement effect", "Regeneration is a destruction-replacement effect.")
    assert not _in_compound("replacement effect", "a destruction-replacement effect or a replacement effect")
    assert "サイコロを振" in _with_stems(("サイコロを振る",), "ja") and _with_stems(("振る",), "zh") == ("振る",)


def test_a_keyword_written_as_an_english_verb_is_no_term():
    english = ["A creature with reach can block."] * 9 + ["The same game state is reached again."]
    chinese = ["具有延势异能的生物可以阻挡。"] * 9 + ["再次到达同一游戏状态。"]
    _, found = _findings(english, chinese)
    assert "100.10" not in found  # "reached" is the verb, not the keyword Reach
    english[-1] = "A creature with reach can block a flier."
    _, found = _findings(english, chinese)
    assert [f.detail["english"] for f in found["100.10"]] == ["reach"]
