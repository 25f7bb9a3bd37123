"""Questions in players' words over the real corpus, and a ranking that does not depend on what else
the database holds.

Two databases: today's English rules, the Japanese translation and the seeds; and the same with
five older English editions besides (2004 to 2024). A default search reads only the first's documents in both, so
it must rank the same rules first in both.
"""

from __future__ import annotations

import csv
import hashlib
import shutil
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pytest

from kb.api import KnowledgeBase
from kb.search import index, players, rebuild_index, search
from kb.search.scope import resolve_scope
from tests.conftest import corpus_path, import_seeds
from tests.search_quality import load_queries, real_questions

DATA = Path(__file__).parents[1] / "data"
NEWEST = [("en", "full", "MagicCompRules_20260807.txt"), ("ja", "CompRules_ja_20260116.0_lines.txt")]
OLDER = ["MagicCompRules_20041001.txt", "MagicCompRules_20100716.txt", "MagicCompRules_20150327.txt"]
OLDER += ["MagicCompRules_20200703.txt", "MagicCompRules_20240607.txt"]


def _database(folder: Path, older: list[str]) -> KnowledgeBase:
    base = KnowledgeBase.open(folder / "kb.db", build=False)
    import_seeds(base)
    base.import_paths([corpus_path(*parts) for parts in NEWEST] + [corpus_path("en", "full", name) for name in older])
    rebuild_index(base.store)
    return base


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    base = _database(tmp_path_factory.mktemp("questions-small"), [])
    yield base
    base.close()


@pytest.fixture(scope="module")
def larger(tmp_path_factory):
    base = _database(tmp_path_factory.mktemp("questions-larger"), OLDER)
    yield base
    base.close()


def numbers(kb: KnowledgeBase, query: str, limit: int = 10) -> list[str]:
    return [result.number for result in search(kb.store, query, limit=limit).results]


def ranks_and_recall(kb: KnowledgeBase, cases: list) -> tuple[list[int | None], float, float]:
    """The place of each case's first answering rule in the ten found (None: not among them), and
    recall at 3 and at 10 over the cases."""
    ranks = []
    for case in cases:
        found = numbers(kb, case.query, 10)
        ranks.append(next((i + 1 for i, number in enumerate(found) if case.answered_by(number)), None))
    at_3 = sum(1 for rank in ranks if rank is not None and rank <= 3) / len(cases)
    at_10 = sum(1 for rank in ranks if rank is not None) / len(cases)
    return ranks, at_3, at_10


# ---- the same ranking whatever else is stored ------------------------------------------------------


def test_phased_out_finds_the_phased_out_status_above_the_phases_in_both_databases(small, larger):
    """ "phased out" is "phase" to the index (a stop word, a stem): the phases (501, 505, 506) came
    first on a small database, 702.26 on the whole corpus."""
    for kb in (small, larger):
        found = numbers(kb, "phased out")
        assert "702.26b" in found[:3], found
        assert not {"501", "505", "506"} & set(found[: found.index("702.26b")])


def test_older_editions_beside_do_not_change_what_ranks_first(small, larger):
    """What ranks first for the English queries is the same with the older editions stored. (A rule
    text that an older edition shares is one index document whose names also hold that edition's
    glossary terms, so the order further down may move a little.)"""
    cases = [case for case in load_queries(DATA / "search_queries.tsv") if case.lang == "en"]
    differing = [
        case.query for case in cases if numbers(small, case.query, 3)[:1] != numbers(larger, case.query, 3)[:1]
    ]
    assert len(differing) <= len(cases) // 20, differing


def test_the_idf_is_counted_among_the_documents_searched(small, larger):
    """N and a word's document frequency are those of the scope: the same in both databases (they
    were estimated from the whole index before, where most English texts were older editions')."""
    found = []
    for kb in (small, larger):
        postings = index.postings(kb.store)
        codes = index.holder_names(kb.store)
        names = {document.name for document in resolve_scope(kb.store).documents}
        within = postings.union("holders", tuple(sorted(code for code, name in codes.items() if name in names)))
        found.append([postings.rarity(lang, words, False, postings.bound(within), within) for lang, words in RARITIES])
    assert found[0] == found[1]
    assert found[0][0][0] > 3000  # the English rules of today: N counts the scope's texts


RARITIES = [("en", ("phase",)), ("en", ("token",)), ("ja", ("フェーズ",)), ("en", ("mana", "abil"))]


# ---- players' words ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query, rule",
    [
        ("my creature dies", "700.4"),  # an everyday word
        ("who goes first", "103.1"),
        ("what happens if I deck out", "704.5b"),
        ("so what does fizzle actually mean", "608.2b"),  # slang
        ("can I respond when my creature is summoning sick", "302.6"),
        ("do +1/+1 and -1/-1 counters cancel out", "704.5q"),
        ("what happens when a creature has 0 toughness", "704.5f"),  # a state: its state-based action
        ("what if a player has negative life", "704.5a"),
        ("Was passiert, wenn meine Kreatur stirbt?", "700.4"),
        ("クリーチャーのタフネスが0になったらどうなりますか", "704.5f"),
        ("生物防御力为0会怎样", "704.5f"),
    ],
)
def test_a_question_in_players_words_finds_its_rule_first(small, query, rule):
    assert numbers(small, query)[0] == rule


def test_the_defining_subrule_ranks_above_its_heading(small):
    found = numbers(small, "emblem")
    assert found[0] == "114.1"
    assert found.index("114.1") < found.index("114")


def test_question_words_drop_out(small):
    """Asked as a question or as two words, summoning sickness is the same search."""
    assert (
        numbers(small, "what does summoning sickness mean for my creatures")[:3]
        == numbers(small, "summoning sickness creatures")[:3]
    )
    found = search(small.store, "what happens when a creature dies")
    assert found.query == "what happens when a creature dies"  # the query as typed; what it was read as:
    assert found.expansions["dies"] == ["put into a graveyard from the battlefield"]
    assert numbers(small, "what happens when a creature dies")[0] == numbers(small, "creature dies")[0] == "700.4"


def test_the_query_language_keeps_its_words_as_written(small):
    """Quotes, operators and rule numbers are the query language: nothing is read into them."""
    assert search(small.store, '"dies" NOT token').query == '"dies" NOT token'
    assert search(small.store, "702 dies").query == "702 dies"


def test_a_query_of_only_question_words_is_answered(small):
    found = search(small.store, "what does what do")
    assert found.query == "what does what do"
    assert found.results  # searched as it is rather than refused


def test_a_query_of_ten_thousand_characters_is_cut_and_answered(small):
    found = search(small.store, ("what happens when a creature has 0 toughness " * 250)[:10_000])
    assert len(found.query) <= 500
    assert found.warnings
    assert found.results and found.results[0].number == "704.5f"


# ---- the data's rule numbers exist today ---------------------------------------------------------


def test_every_rule_the_real_questions_cite_exists_today(small):
    today = {row[0] for row in _english_rules(small)}
    cases = real_questions(DATA / "search_questions_real.tsv")
    assert len(cases) >= 50
    missing = [(case.query[:40], rule) for case in cases for rule in (case.expected, *case.also) if rule not in today]
    assert missing == []


def test_every_rule_the_second_round_of_real_questions_cites_exists_today(small):
    today = {row[0] for row in _english_rules(small)}
    cases = real_questions(DATA / "search_questions_real_round2.tsv")
    assert len(cases) >= 27
    missing = [(case.query[:40], rule) for case in cases for rule in (case.expected, *case.also) if rule not in today]
    assert missing == []


def test_every_rule_the_players_words_name_exists_today(small):
    today = {row[0] for row in _english_rules(small)}
    missing = [(entry.line, rule) for entry in players.load().entries for rule in entry.rules if rule not in today]
    assert missing == []


def test_the_real_questions_record_their_old_numbers_where_they_were_renumbered():
    with open(DATA / "search_questions_real.tsv", encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader((line for line in handle if not line.startswith("#")), delimiter="\t"))
    renumbered = [row for row in rows if row["cited_as"]]
    assert len(renumbered) >= 10
    assert all(" in " in row["cited_as"] or "edition unknown" in row["cited_as"] for row in renumbered)


def _english_rules(kb: KnowledgeBase) -> list[tuple[str]]:
    return kb.conn.execute(
        "select r.number from rules r join documents d on d.id = r.document_id where d.name = 'MagicCompRules_20260807'"
    ).fetchall()


# ---- names the database does not know; the held-out questions' floor ------------------------------


def test_a_name_the_rules_never_use_is_left_out_rather_than_corrected(small):
    """ "Gonti" was searched as "onto": a card's name is no misspelling of a rules word."""
    found = search(small.store, "What happens when Gonti dies?")
    assert found.corrected is None
    assert found.results[0].number == "700.4"
    assert "Gonti" not in found.expansions


def test_slang_for_an_old_zone_name_finds_the_battlefield(small):
    """ "in play" and "comes into play" are the battlefield's old names, still what players write."""
    found = search(small.store, "Can I tap artifact creatures for improvise the turn they came into play?", limit=3)
    assert found.expansions["came into play"] == ["enters the battlefield"]
    assert "702.126a" in [result.number for result in found.results]


HELD_OUT_FLOOR = {"recall_at_3": 0.32, "recall_at_10": 0.35}  # measured 0.328 / 0.359 (round 5)


def test_the_held_out_real_questions_stay_above_their_measured_floor(small):
    """The held-out halves of both rounds and the never-tuned set (bench/RESULTS.md, "real questions
    (round 2)"): floors at the figures measured on this database, so a change that loses answers fails."""
    cases = real_questions(DATA / "search_questions_real.tsv", "held_out")
    cases += real_questions(DATA / "search_questions_real_round2.tsv", "held_out")
    cases += real_questions(DATA / "search_questions_real_more.tsv")
    _, at_3, at_10 = ranks_and_recall(small, cases)
    print(f"held out: {len(cases)} questions, recall@3 {at_3:.3f}, recall@10 {at_10:.3f}")
    assert len(cases) >= 60
    assert at_3 >= HELD_OUT_FLOOR["recall_at_3"]
    assert at_10 >= HELD_OUT_FLOOR["recall_at_10"]


# ---- the same held-out questions with real cards imported (round 3) --------------------------------

REAL_CARDS = DATA / "cards" / "scryfall-2019-named-in-real-questions.json"
HELD_OUT_WITH_CARDS_FLOOR = {"recall_at_3": 0.34, "recall_at_10": 0.48}  # measured 0.344 / 0.484 (cards' text)


@pytest.fixture(scope="module")
def small_with_cards(small, tmp_path_factory):
    """A copy of ``small`` (database and index) with the real Scryfall card objects of the cards the
    real questions name imported (tests/data/cards/README.md)."""
    path = tmp_path_factory.mktemp("questions-cards") / "kb.db"
    target = sqlite3.connect(path)
    small.conn.backup(target)
    target.close()
    shutil.copytree(index.index_dir(small.store), Path(f"{path}.search"))
    base = KnowledgeBase.open(path, build=False)
    base.import_paths([REAL_CARDS], keep_going=False)
    yield base
    base.close()


def _held_out_recall(kb: KnowledgeBase) -> tuple[int, float, float]:
    cases = real_questions(DATA / "search_questions_real.tsv", "held_out")
    cases += real_questions(DATA / "search_questions_real_round2.tsv", "held_out")
    cases += real_questions(DATA / "search_questions_real_more.tsv")
    _, at_3, at_10 = ranks_and_recall(kb, cases)
    return len(cases), at_3, at_10


def test_the_held_out_real_questions_with_their_cards_imported_stay_above_their_floor(small_with_cards):
    """The same held-out questions on a database holding the cards they name (bench/RESULTS.md, "cards
    measured (round 3)"): the cards found in a question add their rules terms to its search."""
    held = small_with_cards.conn.execute("select count(*) from cards").fetchone()[0]
    assert held == 109
    count, at_3, at_10 = _held_out_recall(small_with_cards)
    print(f"held out, cards imported: {count} questions, recall@3 {at_3:.3f}, recall@10 {at_10:.3f}")
    assert at_3 >= HELD_OUT_WITH_CARDS_FLOOR["recall_at_3"]
    assert at_10 >= HELD_OUT_WITH_CARDS_FLOOR["recall_at_10"]


# ---- questions in Japanese, Chinese, German and Russian (2026-12-07) ----------------------------------

WORLD = DATA / "search_questions_real_world.tsv"
# Measured on this module's small database (today's English and Japanese rules, the seeds; no Chinese
# translation, so the Chinese questions find their rules only through the English they are read into):
# bench/RESULTS.md, "questions in other languages" and "Japanese and Chinese questions read". Floors at
# the figures measured, never above.
WORLD_HELD_OUT_FLOOR = {
    "ja": {"recall_at_3": 0.076, "recall_at_10": 0.23},  # 26 questions: 2 and 6 of them (0.077, 0.231)
    "zh": {"recall_at_3": 0.0, "recall_at_10": 0.0},  # 4 questions, none found yet
    "de": {"recall_at_3": 0.0, "recall_at_10": 0.0},  # 1
    "ru": {"recall_at_3": 0.0, "recall_at_10": 0.0},  # 2
}


def test_every_rule_the_real_questions_in_other_languages_cite_exists_today(small):
    today = {row[0] for row in _english_rules(small)}
    cases = real_questions(WORLD)
    assert len(cases) >= 60
    missing = [(case.query[:40], rule) for case in cases for rule in (case.expected, *case.also) if rule not in today]
    assert missing == []


def test_the_held_out_questions_in_other_languages_stay_above_their_measured_floor(small):
    """Each language of the held-out half apart: a change that loses one language's answers fails
    even where another language gains."""
    cases = real_questions(WORLD, "held_out")
    for lang, floor in WORLD_HELD_OUT_FLOOR.items():
        own = [case for case in cases if case.lang == lang]
        _, at_3, at_10 = ranks_and_recall(small, own)
        print(f"held out, {lang}: {len(own)} questions, recall@3 {at_3:.3f}, recall@10 {at_10:.3f}")
        assert own, lang
        assert at_3 >= floor["recall_at_3"], lang
        assert at_10 >= floor["recall_at_10"], lang


def test_a_question_in_traditional_chinese_is_read_as_chinese(small):
    """Taiwan's players write Traditional characters, which the script test takes for Japanese kanji:
    read as Chinese, in the Simplified characters of the stored translations, 反擊 is 反击 (counter)."""
    found = search(small.store, "這個咒語被反擊了嗎?")
    assert "被反擊" in found.expansions
    assert found.results[0].number == "701.6a"


# ---- real questions, round 3 (2026-12-07): English, German, Chinese, Russian ------------------------

ROUND3 = DATA / "search_questions_real_round3.tsv"
# Measured on this module's small database (bench/RESULTS.md, "real questions (round 3)"): the
# held-out half over every language together. Floors at the figures measured, never above.
ROUND3_HELD_OUT_FLOOR = {"recall_at_3": 0.116, "recall_at_10": 0.25}  # 43 questions: 5 and 11 of them


def test_every_rule_the_third_round_of_real_questions_cites_exists_today(small):
    today = {row[0] for row in _english_rules(small)}
    cases = real_questions(ROUND3)
    assert len(cases) >= 92
    missing = [(case.query[:40], rule) for case in cases for rule in (case.expected, *case.also) if rule not in today]
    assert missing == []


def test_the_third_round_records_its_kind_and_old_numbers():
    """Each question says whether a player asked it or a column quizzed it; an answer that cites an
    older number keeps it with the edition it was read in."""
    with open(ROUND3, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader((line for line in handle if not line.startswith("#")), delimiter="\t"))
    assert {row["kind"] for row in rows} == {"asked", "quiz"}
    cited_numbers = [row for row in rows if row["answer_names"].startswith("number:") and row["cited_as"]]
    assert cited_numbers
    assert all(" in " in row["cited_as"] or "edition" in row["cited_as"] for row in cited_numbers)


def test_the_held_out_third_round_stays_above_its_measured_floor(small):
    """The held-out half of round 3, every language together (most of it English; the German and
    Chinese rows too few for a floor of their own): a change that loses answers fails."""
    cases = real_questions(ROUND3, "held_out")
    ranks, at_3, at_10 = ranks_and_recall(small, cases)
    for lang in sorted({case.lang for case in cases}):
        own = [rank for case, rank in zip(cases, ranks, strict=True) if case.lang == lang]
        at_3_own, at_10_own = sum(1 for r in own if r and r <= 3), sum(1 for r in own if r)
        print(f"held out, round 3, {lang}: {len(own)} questions, {at_3_own} found at 3, {at_10_own} at 10")
    print(f"held out, round 3: {len(cases)} questions, recall@3 {at_3:.3f}, recall@10 {at_10:.3f}")
    assert len(cases) >= 43
    assert at_3 >= ROUND3_HELD_OUT_FLOOR["recall_at_3"]
    assert at_10 >= ROUND3_HELD_OUT_FLOOR["recall_at_10"]


def test_a_japanese_question_quoting_card_text_in_corner_brackets_is_read_as_a_question(small):
    """「」 are the query language's quotes; inside a Japanese question they quote a card, and the
    question around them is read: a basic land put onto the battlefield is a land played."""
    question = "平地を戦場に出すことは「あなたがクリーチャーでない呪文を唱えるたび〜」に該当する?"
    found = search(small.store, question)
    assert "平地を戦場に出す" in found.expansions
    assert "呪文を唱える" in found.expansions  # a word of the quote, read with the rest
    assert {"305.1", "116.2a"} & {result.number for result in found.results[:3]}


def test_a_state_in_japanese_players_words_finds_its_state_based_action_first(small):
    assert numbers(small, "タフネス1のクリーチャーに、-1/-1カウンターを2つ以上置くことはできるの?")[0] == "704.5f"
    assert numbers(small, "ライブラリーが0枚のときにカードを引いたらどうなる?")[0] == "704.5b"


def test_a_japanese_question_frame_of_responding_mid_resolution_finds_its_rule(small):
    """ "…前に…対応ができるか?" asks whether anyone may act while a spell or ability resolves: the
    controller follows its instructions in order (608.2c), 7th before the frame's rows."""
    question = (
        "クリーチャーAの探検の能力でカードを公開した。対戦相手はそのカードを見た上で、"
        "Aに+1/+1カウンターが乗る前に火力呪文を撃つなどの対応ができるか?"
    )
    assert "608.2c" in numbers(small, question)[:3]


# ---- real questions, round 4 (2026-12-07): Japanese, Chinese, German --------------------------------

ROUND4 = DATA / "search_questions_real_round4.tsv"
# Measured on this module's small database (bench/RESULTS.md, "real questions (round 4)"), before and
# after the round's players' words (which came from the tune half and moved no held-out question).
# Floors at the figures measured, never above.
ROUND4_HELD_OUT_FLOOR = {"recall_at_3": 0.192, "recall_at_10": 0.307}  # 26 questions: 5 and 8 of them
ROUND4_HELD_OUT_JA_FLOOR = {"recall_at_3": 0.263, "recall_at_10": 0.421}  # 19 questions: 5 and 8 of them


def test_every_rule_the_fourth_round_of_real_questions_cites_exists_today(small):
    today = {row[0] for row in _english_rules(small)}
    cases = real_questions(ROUND4)
    assert len(cases) >= 51
    missing = [(case.query[:40], rule) for case in cases for rule in (case.expected, *case.also) if rule not in today]
    assert missing == []


def test_the_fourth_round_was_split_by_the_hash_of_each_question():
    """The split is the first byte of the question's sha256, odd held out: written before any search,
    so no row can have been moved to the half that suits it."""
    with open(ROUND4, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader((line for line in handle if not line.startswith("#")), delimiter="\t"))
    expected = ["held_out" if hashlib.sha256(row["question"].encode()).digest()[0] % 2 else "tune" for row in rows]
    assert [row["split"] for row in rows] == expected
    assert {row["kind"] for row in rows} == {"asked", "quiz"}
    old_numbers = [row for row in rows if row["answer_names"].startswith("number:") and row["cited_as"]]
    assert old_numbers and all(" in " in row["cited_as"] for row in old_numbers)


def test_the_held_out_fourth_round_stays_above_its_measured_floor(small):
    """The held-out half of round 4, every language together and Japanese apart (the Chinese and
    German rows too few for a floor of their own; this database holds no Chinese translation)."""
    cases = real_questions(ROUND4, "held_out")
    ranks, at_3, at_10 = ranks_and_recall(small, cases)
    japanese = [rank for case, rank in zip(cases, ranks, strict=True) if case.lang == "ja"]
    ja_3 = sum(1 for rank in japanese if rank and rank <= 3) / len(japanese)
    ja_10 = sum(1 for rank in japanese if rank) / len(japanese)
    print(f"held out, round 4: {len(cases)} questions, recall@3 {at_3:.3f}, recall@10 {at_10:.3f}")
    print(f"held out, round 4, ja: {len(japanese)} questions, recall@3 {ja_3:.3f}, recall@10 {ja_10:.3f}")
    assert len(cases) >= 26
    assert at_3 >= ROUND4_HELD_OUT_FLOOR["recall_at_3"]
    assert at_10 >= ROUND4_HELD_OUT_FLOOR["recall_at_10"]
    assert ja_3 >= ROUND4_HELD_OUT_JA_FLOOR["recall_at_3"]
    assert ja_10 >= ROUND4_HELD_OUT_JA_FLOOR["recall_at_10"]


def test_a_planeswalkers_loyalty_going_down_is_damage_removing_loyalty_counters(small):
    """忠誠度が減る / 忠誠度は減る (players' words) is what 306.8 says in the translation's words:
    damage dealt to a planeswalker removes that many loyalty counters."""
    question = "《ボロスの魔除け》などでプレインズウォーカーが破壊不能を得た場合、ダメージを受けて忠誠度は減る?"
    found = search(small.store, question)
    assert "忠誠度は減" in found.expansions
    assert found.results[0].number in ("306.8", "120.3c")


def test_face_up_in_players_kanji_is_the_translations_katakana(small):
    """Players write 表向き; the Japanese rules write オモテ向き (and 表向き almost nowhere)."""
    found = search(small.store, "変異で裏向きのクリーチャーを表向きにしたら、オーラは外れる?")
    # 表向き alone is the term; "表向きに…外れる" is a players' words entry (708.8) whose rules' words say オモテ向き
    searched = [meaning for words, meanings in found.expansions.items() if "表向き" in words for meaning in meanings]
    assert searched and all("オモテ向き" in meaning for meaning in searched)
    assert found.results[0].number == "708.8"
    plain = search(small.store, "裏向きのクリーチャーを表向きにする方法は?")
    assert plain.expansions.get("表向き") == ["オモテ向き"]


def test_a_blocker_that_still_blocks_after_a_change_finds_the_rule_that_keeps_it_blocking(small):
    question = "飛行を持つクリーチャーAがBにブロックされた状態で、Bが飛行を失ったら、引き続きAをブロックできる?"
    assert "509.1g" in numbers(small, question)[:3]


# ---- real questions, round 5 (2026-12-07): English, measured untuned ------------------------------

ROUND5 = DATA / "search_questions_real_round5.tsv"
# Measured once on this module's small database (bench/RESULTS.md, "real questions (round 5, English,
# untuned)"); nothing in the search was changed for this set. Floors at the figures measured.
ROUND5_HELD_OUT_FLOOR = {"recall_at_3": 0.318, "recall_at_10": 0.454}  # 22 questions: 7 and 10 of them


def _rows(path: Path) -> list[dict[str, str]]:
    """A round's rows with every column (the split, source and answer's words that real_questions drops)."""
    with open(path, encoding="utf-8", newline="") as handle:
        return list(
            csv.DictReader(
                (line for line in handle if not line.startswith("#")), delimiter="\t", quoting=csv.QUOTE_NONE
            )
        )


def test_every_rule_the_fifth_round_of_real_questions_cites_exists_today(small):
    today = {row[0] for row in _english_rules(small)}
    cases = real_questions(ROUND5)
    assert len(cases) >= 55
    assert {case.lang for case in cases} == {"en"}
    missing = [(case.query[:40], rule) for case in cases for rule in (case.expected, *case.also) if rule not in today]
    assert missing == []


def test_the_fifth_round_was_split_by_the_hash_of_each_question_and_keeps_its_sources():
    """The split is the first byte of the question's sha256, odd held out, written before any search;
    each row names the page it came from and the answer's own words for the rule."""
    rows = _rows(ROUND5)
    expected = ["held_out" if hashlib.sha256(row["question"].encode()).digest()[0] % 2 else "tune" for row in rows]
    assert [row["split"] for row in rows] == expected
    assert len({row["question"] for row in rows}) == len(rows)
    assert all(row["source"].startswith("http") for row in rows)
    assert all(row["answer_names"].startswith("statement: ") for row in rows)
    assert {row["kind"] for row in rows} == {"asked", "quiz"}


def test_no_fifth_round_question_repeats_an_earlier_file():
    earlier = set()
    for path in sorted(DATA.glob("search_questions_real*.tsv")):
        if path != ROUND5:
            earlier |= {case.query.strip().lower() for case in real_questions(path)}
    assert [case.query for case in real_questions(ROUND5) if case.query.strip().lower() in earlier] == []


def test_the_held_out_fifth_round_stays_above_its_measured_floor(small):
    cases = real_questions(ROUND5, "held_out")
    _, at_3, at_10 = ranks_and_recall(small, cases)
    print(f"held out, round 5: {len(cases)} questions, recall@3 {at_3:.3f}, recall@10 {at_10:.3f}")
    assert len(cases) >= 22
    assert at_3 >= ROUND5_HELD_OUT_FLOOR["recall_at_3"]
    assert at_10 >= ROUND5_HELD_OUT_FLOOR["recall_at_10"]


# ---- real questions, rounds 6 to 8 (2026-12-07): measured untuned -------------------------------------

ROUND6 = DATA / "search_questions_real_round6.tsv"  # Chinese, German, English
ROUND7 = DATA / "search_questions_real_round7.tsv"  # Japanese, English, German
ROUND8 = DATA / "search_questions_real_round8.tsv"  # Chinese, Japanese, English


@dataclass(frozen=True)
class Round:
    """A round of real questions measured once, untuned, on this module's small database (bench/RESULTS.md, "real
    questions (round 6)", "... round 7", "... round 8"): no Chinese or German rules in it, so those questions find
    their rules only through the English words they are read into. Nothing in the search was changed for any of them. The floors are
    the figures measured; a round not yet measured has none, and only its rules, split and sources are checked."""

    path: Path
    questions: int  # at least
    languages: frozenset[str]
    held_out: int  # questions held out, at least
    floor_at_3: float | None
    floor_at_10: float | None
    kinds: frozenset[str] = frozenset({"asked", "quiz"})


ROUNDS = {
    6: Round(ROUND6, 40, frozenset({"zh", "de", "en"}), 22, 0.0, 0.045),  # 0 and 1 of 22
    7: Round(ROUND7, 32, frozenset({"ja", "en", "de"}), 20, 0.25, 0.4),  # 5 and 8 of 20
    8: Round(ROUND8, 36, frozenset({"zh", "ja", "en"}), 17, 0.0, 0.058, frozenset({"asked"})),  # 0 and 1 of 17
}
MEASURED = sorted(number for number, spec in ROUNDS.items() if spec.floor_at_3 is not None)


@pytest.mark.parametrize("number", sorted(ROUNDS))
def test_every_rule_a_later_round_of_real_questions_cites_exists_today(small, number):
    today = {row[0] for row in _english_rules(small)}
    cases = real_questions(ROUNDS[number].path)
    assert len(cases) >= ROUNDS[number].questions
    assert {case.lang for case in cases} == ROUNDS[number].languages
    missing = [(case.query[:40], rule) for case in cases for rule in (case.expected, *case.also) if rule not in today]
    assert missing == []


@pytest.mark.parametrize("number", sorted(ROUNDS))
def test_a_later_round_was_split_by_the_hash_of_each_question_and_keeps_its_sources(number):
    """The split is the first byte of the question's sha256, odd held out, written before any search;
    each row names the page it came from, how the answer names its rule, and whether it was asked or
    quizzed; an answer that cites a number keeps it with the edition it was read in."""
    rows = _rows(ROUNDS[number].path)
    expected = ["held_out" if hashlib.sha256(row["question"].encode()).digest()[0] % 2 else "tune" for row in rows]
    assert [row["split"] for row in rows] == expected
    assert len({row["question"] for row in rows}) == len(rows)
    assert all(row["source"].startswith("http") for row in rows)
    assert {row["kind"] for row in rows} == ROUNDS[number].kinds
    assert all(row["answer_names"].startswith(("number: ", "statement: ")) for row in rows)
    numbered = [row for row in rows if row["answer_names"].startswith("number: ")]
    assert numbered and all(" in " in row["cited_as"] for row in numbered)


@pytest.mark.parametrize("number", sorted(ROUNDS))
def test_no_question_of_a_later_round_repeats_an_earlier_file(number):
    path = ROUNDS[number].path
    earlier = set()
    for other in sorted(DATA.glob("search_questions_real*.tsv")):
        if other != path:
            earlier |= {case.query.strip().lower() for case in real_questions(other)}
    assert [case.query for case in real_questions(path) if case.query.strip().lower() in earlier] == []


@pytest.mark.parametrize("number", MEASURED)
def test_the_held_out_half_of_a_later_round_stays_above_its_measured_floor(small, number):
    spec = ROUNDS[number]
    assert spec.floor_at_3 is not None and spec.floor_at_10 is not None
    cases = real_questions(spec.path, "held_out")
    ranks, at_3, at_10 = ranks_and_recall(small, cases)
    for lang in sorted({case.lang for case in cases}):
        own = [rank for case, rank in zip(cases, ranks, strict=True) if case.lang == lang]
        print(f"held out, round {number}, {lang}: {len(own)} questions, {sum(1 for r in own if r)} found at 10")
    print(f"held out, round {number}: {len(cases)} questions, recall@3 {at_3:.3f}, recall@10 {at_10:.3f}")
    assert len(cases) >= spec.held_out
    assert at_3 >= spec.floor_at_3
    assert at_10 >= spec.floor_at_10
