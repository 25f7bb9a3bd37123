"""Questions read as questions: the players' words table (data/players_words.tsv) and its reading."""

from __future__ import annotations

import csv
import hashlib
import os
from pathlib import Path

import pytest

from kb.core.errors import BadInputFile
from kb.search import players

DATA = Path(__file__).parents[2] / "data"
REAL = Path(__file__).parents[1] / "data" / "search_questions_real.tsv"
ROUND2 = Path(__file__).parents[1] / "data" / "search_questions_real_round2.tsv"


def test_the_bundled_table_is_read_in_every_language_the_search_speaks():
    table = players.load()
    langs = {entry.lang for entry in table.entries}
    assert langs == set(players.LANGUAGES)
    kinds = {entry.kind for entry in table.entries}
    assert kinds == set(players.KINDS)
    assert players.PLAYERS_WORDS == DATA / "players_words.tsv"


def test_everyday_words_become_the_rules_words_and_name_their_rule():
    reading = players.read("does my creature trigger when it dies?", "en")
    assert reading.rules == ["700.4"]
    assert "put into a graveyard from the battlefield" in reading.text
    assert "dies" not in reading.text.split()
    assert reading.expansions == {"dies": ["put into a graveyard from the battlefield"]}


def test_a_state_names_its_state_based_action():
    reading = players.read("What happens when a creature has 0 toughness?", "en")
    assert reading.rules[0] == "704.5f"
    assert reading.dominant  # the question is about that state
    assert players.read("what if I have negative life", "en").rules[0] == "704.5a"
    assert players.read("I have no cards in library, now what", "en").rules[0] == "704.5b"


def test_question_words_and_chatter_drop_out():
    reading = players.read("What does Amy do when her friend says trample?", "en")
    words = reading.text.casefold().split()
    for dropped in ("what", "does", "amy", "her", "friend", "says"):
        assert dropped not in words
    assert "trample?" in words or "trample" in words
    assert reading.rules == []


def test_a_question_of_nothing_but_question_words_is_searched_as_it_is():
    reading = players.read("what does what do", "en")
    assert not reading.changed
    assert reading.text == "what does what do"


def test_the_longest_players_words_win():
    reading = players.read("do triggers go on the stack at the same time", "en")
    assert [reading.original[f.start : f.end] for f in reading.found if f.entry.kind != "chatter"] == [
        "on the stack at the same time"
    ]
    assert reading.rules == ["603.3b"]


def test_words_are_compared_as_written_so_a_planar_die_does_not_die():
    assert players.read("roll the planar die", "en").rules == []
    assert players.read("Roll the Planar DIE", "en").rules == []
    assert players.read("the creature DIES", "en").rules == ["700.4"]


def test_a_story_in_which_something_dies_is_not_about_dying():
    story = (
        "Amy controls Elenda, the Dusk Rose and Soulstinger; Nicole attacks with three tokens and "
        "one of them dies after blocking, then casts Lightning Bolt targeting Elenda"
    )
    reading = players.read(story, "en")
    assert reading.rules == ["700.4"]
    assert not reading.dominant


@pytest.mark.parametrize(
    "question, lang, rule",
    [
        ("Kreatur stirbt", "de", "700.4"),
        ("существо умирает", "ru", "700.4"),
        ("クリーチャーのタフネスが0になったらどうなりますか", "ja", "704.5f"),
        ("生物防御力为0会怎样", "zh", "704.5f"),
    ],
)
def test_other_languages_read_their_own_players_words(question, lang, rule):
    assert players.read(question, lang).rules[:1] == [rule]


def test_a_question_of_ten_thousand_characters_is_read():
    question = ("what happens if my creature dies " * 400)[:10_000]
    reading = players.read(question, "en")
    assert reading.rules == ["700.4"]
    assert len(reading.found) > 100


@pytest.mark.parametrize(
    "row, message",
    [
        ("xx\tdies\tsomething\t700.4\teveryday", "unknown language 'xx'"),
        ("en\tdies\tsomething\t700.4\tfeeling", "unknown kind 'feeling'"),
        ("en\tdies\t\t700.4\teveryday", "expected the rules' words"),
        ("en\twhat\tsomething\t\tchatter", "chatter has no rules' words"),
        ("en\tdies\tsomething\tseven\teveryday", "'seven' is not a rule number"),
        ("en\tdies\tsomething\t700.4", "expected 5 tab-separated columns"),
        ("en\t+1/+1 … -1/-1 … 0\tsomething\t704.5q\tstate", "expected words on either side of one '…'"),
        ("en\t… -1/-1\tsomething\t704.5q\tstate", "expected words on either side of one '…'"),
        ("ja\t死亡…\tsomething\t700.4\teveryday", "expected words on either side of one '…'"),
    ],
)
def test_a_bad_row_names_the_file_the_line_and_what_was_expected(row, message):
    text = "# comment\nlang\twords\tmeans\trules\tkind\n" + row + "\n"
    with pytest.raises(BadInputFile) as raised:
        players.parse_table(text, "words.tsv")
    assert "words.tsv, line 3" in str(raised.value)
    assert message in str(raised.value)


def test_a_table_without_its_header_is_refused():
    with pytest.raises(BadInputFile, match="header"):
        players.parse_table("en\tdies\tsomething\t700.4\teveryday\n", "words.tsv")


def test_a_changed_table_file_is_read_again(tmp_path):
    path = tmp_path / "words.tsv"
    path.write_text("lang\twords\tmeans\trules\tkind\nen\tdies\tput into a graveyard\t700.4\teveryday\n")
    assert players.read("it dies", "en", players.load(path)).rules == ["700.4"]
    path.write_text("lang\twords\tmeans\trules\tkind\nen\tdies\tput into a graveyard\t700.4;120.6\teveryday\n")
    os.utime(path, ns=(1, 10**18))  # a different modification time, whatever the file system's resolution
    assert players.read("it dies", "en", players.load(path)).rules == ["700.4", "120.6"]


# ---- the real questions --------------------------------------------------------------------------


def _real_rows(path: Path = REAL) -> list[dict]:
    with open(path, encoding="utf-8", newline="") as handle:
        return list(
            csv.DictReader(
                (line for line in handle if not line.startswith("#")), delimiter="\t", quoting=csv.QUOTE_NONE
            )
        )


def test_every_real_question_keeps_its_source_and_its_cited_rules():
    rows = _real_rows()
    assert len(rows) >= 50
    assert len({row["id"] for row in rows}) == len(rows)
    for row in rows:
        assert row["source"].startswith(("http://", "https://")), row["id"]
        assert row["question"].strip() and row["cited"].strip(), row["id"]
        assert all(part.strip() for part in row["cited"].split(";")), row["id"]


def test_the_split_is_the_hash_of_the_question():
    """Fixed before any search ran: a question's half follows from its words alone."""
    for row in _real_rows():
        odd = hashlib.sha256(row["question"].encode()).digest()[0] % 2
        assert row["split"] == ("held_out" if odd else "tune"), row["id"]
    splits = [row["split"] for row in _real_rows()]
    assert splits.count("held_out") >= 20 and splits.count("tune") >= 20


def test_a_long_statement_is_taken_as_the_rules_own_words():
    """A definition pasted in is no question: its 死亡 is the rules' word, not a question about dying."""
    statement = "クリーチャーが死亡したとき、それは戦場からオーナーの墓地に置かれ、その誘発型能力が誘発する"
    assert not players.read(statement, "ja").changed
    assert players.read("クリーチャーが死亡したら？", "ja").rules == ["700.4"]
    sentence = "A creature that dies is put into its owner's graveyard from the battlefield and triggers abilities"
    assert not players.read(sentence, "en").changed


def test_the_second_round_of_real_questions_keeps_its_sources_and_its_hash_split():
    rows = _real_rows(ROUND2)
    assert len(rows) >= 27
    ids = {row["id"] for row in rows}
    assert len(ids) == len(rows)
    assert not ids & {row["id"] for row in _real_rows()}
    asked_before = {row["question"] for row in _real_rows()}
    for row in rows:
        assert row["source"].startswith(("http://", "https://")), row["id"]
        assert row["question"] not in asked_before, row["id"]
        assert all(part.strip() for part in row["cited"].split(";")), row["id"]
        odd = hashlib.sha256(row["question"].encode()).digest()[0] % 2
        assert row["split"] == ("held_out" if odd else "tune"), row["id"]


# ---- names and players' slang ------------------------------------------------------------------------


def test_a_placeholder_name_written_with_a_possessive_is_chatter_too():
    """The judges' columns write "Amy's creature": the name drops out with or without its "'s"."""
    reading = players.read("Amy's creature dies, what happens?", "en")
    assert "Amy's" not in reading.text
    assert reading.rules == ["700.4"]
    assert "Nicole’s" not in players.read("Nicole’s creature dies?", "en").text
    kept = players.read("what happens to a creature's counters when it dies?", "en")
    assert "creature's" in kept.text  # a rules word with a possessive is still the rules' word


def test_a_capitalised_word_the_rules_never_use_is_left_out_of_the_question():
    """A card or player the database does not know: searched as itself, it was corrected into a rules
    word ("Maralen" became "Marken"). The first word of a sentence is capitalised whatever it is."""
    unknown = {"Soulstinger", "Elenda", "Dromoka", "Zzyzx"}
    indexed = lambda text: not unknown & set(text.split())  # noqa: E731
    reading = players.read("Amy casts Soulstinger and Elenda dies. What happens?", "en", indexed=indexed)
    assert "Soulstinger" not in reading.text and "Elenda" not in reading.text
    assert reading.rules == ["700.4"]
    assert reading.expansions == {"dies": ["put into a graveyard from the battlefield"]}
    assert "Dromoka's" not in players.read("Can I cast Dromoka's Command when it dies?", "en", indexed=indexed).text
    first = players.read("Zzyzx dies? What happens.", "en", indexed=indexed)
    assert first.text.startswith("Zzyzx")  # first in its sentence: nothing says it is a name
    assert "Soulstinger" in players.read("Amy casts Soulstinger and it dies?", "en").text  # nothing to ask
    runs = players.read(
        "Can Amy use Dromoka's Command on Siege Rhino when it dies?", "en", indexed=lambda text: " " not in text
    )
    assert "Command" not in runs.text and "Siege" not in runs.text  # the words are the rules', the names are not
    joined = players.read(
        "Amy casts Approach of the Second Sun. Does it die?", "en", indexed=lambda text: " " not in text
    )
    assert "Approach" not in joined.text and "Sun" not in joined.text


def test_a_name_in_the_story_does_not_make_the_players_words_the_whole_question():
    """Left out of the search, a card's name still weighs as part of what the question tells."""
    indexed = lambda word: word.casefold() not in {"soulstinger", "elenda", "dusk", "rose"}  # noqa: E731
    short = players.read("What happens when a creature has 0 toughness?", "en", indexed=indexed)
    long = players.read(
        "What happens when Elenda Dusk Rose Soulstinger Elenda Dusk Rose has 0 toughness?", "en", indexed=indexed
    )
    assert short.dominant
    assert not long.dominant


@pytest.mark.parametrize(
    "question, means, rule",
    [
        ("Can I sac a creature in response?", "sacrifice", "701.21a"),
        ("what is the cmc of a split card", "mana value", "202.3"),
        ("what happens when it comes into play", "enters the battlefield", None),
        ("is it removed from the game?", "exile", "406.1"),
        ("can I kill it in response", "destroy", None),
    ],
)
def test_players_slang_is_searched_in_the_rules_words(question, means, rule):
    reading = players.read(question, "en")
    assert means in reading.text
    assert reading.rules[:1] == ([rule] if rule else [])


def test_a_state_whose_parts_stand_apart_in_the_sentence_is_found():
    question = (
        "Amy controls a creature with a +1/+1 counter on it and casts a spell putting the -1/-1 counters "
        "on it. How many tokens does she get?"
    )
    reading = players.read(question, "en")
    assert reading.rules[0] == "704.5q"
    assert "+1/+1 counter and a -1/-1 counter removed" in reading.text
    assert "-1/-1 counters" not in reading.text  # the second part is said by the rules' words
    assert "casts a spell putting the" in reading.text  # what stands between is kept
    reverse = players.read("If my creature has -1/-1 counters and then gets a +1/+1 counter, what happens?", "en")
    assert reverse.rules[0] == "704.5q"


def test_parts_too_far_apart_or_in_two_sentences_are_not_one_state():
    far = "a +1/+1 counter " + "and then something else happened " * 4 + "with -1/-1 counters, what now?"
    assert "704.5q" not in players.read(far, "en").rules
    two = players.read("I put a +1/+1 counter on it. Later it got -1/-1 counters from a spell, why?", "en")
    assert "704.5q" not in two.rules


def test_parts_in_the_wrong_order_do_not_match_an_entry_written_in_one_order():
    text = "lang\twords\tmeans\trules\tkind\nen\tfirst strike … blocks\tcombat damage step\t510.4\teveryday\n"
    table = players.parse_table(text, "words.tsv")
    assert players.read("does it have first strike when it blocks?", "en", table).rules == ["510.4"]
    assert players.read("when it blocks does first strike matter?", "en", table).rules == []


def test_the_slang_of_public_lists_is_read_as_the_rules_words():
    """Slang the rules never use, from public lists of players' slang: read as the rules' words, with the rule
    that answers where one does."""
    ping = players.read("can I ping a creature with hexproof?", "en")
    assert ping.expansions == {"ping": ["deals 1 damage"]}
    held = players.read("Can I hold priority and respond to my own spell?", "en")
    assert held.rules == ["117.3c"]
    assert players.read("does a pro-black knight block a zombie", "en").rules == ["702.16b"]
    assert players.read("my opponent swings with everything", "en").rules == ["508.1a"]
    assert players.read("is mana burn still a thing", "en").rules == ["500.5", "106.4"]


def test_a_statement_has_its_slang_read_in_english_too():
    """A long statement without chatter or a question mark is searched in its own words, but slang is no rule's
    word: "bounced" is read as the rules' words for it, the rest stays as written."""
    statement = "Opponent bounced the creature in response to the Aura then recast it with the same counters on it"
    reading = players.read(statement, "en", indexed=lambda text: text.casefold() != "bounced")
    assert reading.expansions == {"bounced": ["return to its owner's hand"]}
    assert "Opponent" in reading.text and "counters on it" in reading.text
    assert players.read(statement, "en", indexed=lambda text: True).text == statement  # the rules say it: as written
