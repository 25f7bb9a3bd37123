"""Card names that are also words (issue 41, "Bad input"): a question word alone is not the split card
"Who // What // When // Where // Why", a single letter is not the card X, lower-case words the rules
write are the rules' words, a lower-case near spelling that only adds endings is English words, and
one word of a card named before is that card said short. Real cards of 2019
(tests/data/cards/README.md), today's English rules."""

from __future__ import annotations

import json

import pytest

from kb.api import KnowledgeBase
from kb.search import asking, engine
from kb.search.asking import OnlyQuestionWords
from kb.search.cards import mentioned_cards
from tests.conftest import ROOT, corpus_path

CARDS = ROOT / "tests" / "data" / "cards"
SPLIT = "Who // What // When // Where // Why"


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    """The cards the real questions name and the sample of names that are words, in one card file (a
    card file replaces the cards held), with the English rules of 2026-08-07."""
    folder = tmp_path_factory.mktemp("names-as-words")
    cards = [
        card
        for name in ("scryfall-2019-named-in-real-questions.json", "scryfall-2019-names-that-are-words.json")
        for card in json.loads((CARDS / name).read_text(encoding="utf-8"))
    ]
    both = folder / "cards.json"
    both.write_text(json.dumps(cards), encoding="utf-8")
    opened = KnowledgeBase.open(folder / "kb.db")
    opened.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), both], keep_going=False)
    yield opened
    opened.close()


def named(kb: KnowledgeBase, text: str) -> list[str]:
    """The cards a query names, read as the search reads it."""
    indexed = engine._indexed(engine.index.postings(kb.store), engine.lexicon(kb.store))
    return [mention.name for mention in mentioned_cards(kb.store, text, indexed)]


def searched_cards(kb: KnowledgeBase, query: str) -> list[str] | None:
    """The cards a search says it searched as; None when it refused a query of question words."""
    try:
        return kb.search(query, langs=["en"]).cards
    except OnlyQuestionWords:
        return None


@pytest.mark.parametrize("word", ["what", "What", "who", "WHEN", "why", "Where?", "was", "что", "何", "什么"])
def test_a_question_word_alone_is_no_card(kb, word):
    assert named(kb, word) == []
    assert searched_cards(kb, word) in (None, [])  # answered with a note, or refused: never the split card


def test_the_split_card_is_still_its_whole_name(kb):
    assert named(kb, SPLIT) == [SPLIT]
    assert named(kb, "who what when where why") == [SPLIT]
    assert named(kb, "Can I cast Who // What // When // Where // Why with one mana?") == [SPLIT]


def test_a_face_that_is_a_stop_word_is_no_card_alone_and_its_other_face_is(kb):
    assert named(kb, "down") == [] and named(kb, "Down") == []
    assert named(kb, "dirty") == ["Down // Dirty"]


def test_a_single_letter_is_no_card(kb):
    assert named(kb, "x") == [] and named(kb, "X") == []
    found = kb.search("x", langs=["en"])  # the card X's terms were searched instead of the letter
    assert found.cards == [] and "X" not in found.expansions
    assert not any("question words" in warning for warning in found.warnings)  # "x" asks about X (107.3)


@pytest.mark.parametrize("word", ["fog", "opt", "shock", "atog", "counterspell"])
def test_one_lower_case_word_the_rules_do_not_write_is_the_card(kb, word):
    """ "fog" is in an example only, "opt" only inside "option", "atog" only as a name in a list (205.3m)."""
    assert [name.casefold() for name in named(kb, word)] == [word]


def test_one_lower_case_word_the_rules_write_is_the_rules_word(kb):
    assert "means to cancel it" in kb.rule("701.6a").text
    assert named(kb, "cancel") == []
    assert named(kb, "Cancel") == ["Cancel"]  # capitalised, typed alone, it is the card


def test_names_that_are_words_in_running_text(kb):
    assert named(kb, "Can I respond to Shock with Opt?") == ["Shock", "Opt"]
    assert named(kb, "what happens when I cast Fog after blockers") == ["Fog"]
    assert named(kb, "does a copied spell count as casting it") == []  # not "Spell Counter"
    assert named(kb, "Can I sacrifice an Elemental token to Goblin Bombardment?") == ["Goblin Bombardment"]
    assert named(kb, "Wonder if Fog stops trample damage") == ["Fog"]  # "wonder" is chatter


def test_a_near_spelling_in_lower_case_that_only_adds_endings_is_the_words(kb):
    real = (  # tests/data/search_questions_real_round3.tsv, r3091
        "Naturally, I activated Inkfathom Witch in response before it was whisked away."
    )
    assert named(kb, real) == []
    assert named(kb, "it was Whisked Away before blockers") == ["Whisk Away"]  # capitalised: the card
    assert named(kb, "if I tap vedalken shakles, does it leave combat?") == ["Vedalken Shackles"]  # a typo
    assert named(kb, "If I tap Vedalken Shakles, does the Tarmogoyf leave combat?") == ["Vedalken Shackles"]


def test_one_word_of_a_card_named_before_is_that_card_said_short(kb):
    real = (  # tests/data/search_questions_real_round5.tsv, r5027
        "If I tap a Vedalken Shackles to target my opponent's attacking Tarmogoyf, and he bounces the "
        "Shackles with Venser, Shaper Savant in response to the ability, does the Tarmogoyf leave combat?"
    )
    assert named(kb, real) == ["Vedalken Shackles"]
    assert named(kb, "Shackles or Vedalken Shackles?") == ["Shackles", "Vedalken Shackles"]  # named first


def test_cite_reads_names_as_search_does(kb):
    assert [card.name for card in kb.cite_cards("Wonder if Fog stops it, see 615.1").cards] == ["Fog"]
    assert kb.cite_cards("What? Why? See 702.9b.").cards == []
    shackles = kb.cite_cards("I tap Vedalken Shackles; he bounces the Shackles. Then I cast Shackles.")
    assert [(card.name, card.mentions) for card in shackles.cards] == [("Vedalken Shackles", 3)]


@pytest.mark.parametrize(
    "word, ordinary",
    [("what", True), ("whats", True), ("warum", True), ("что", True), ("何", True), ("wonder", True), ("fog", False)],
)
def test_ordinary_words_are_every_languages_question_words_and_chatter(word, ordinary):
    assert asking.ordinary_word(word) is ordinary


def test_the_real_questions_name_none_of_the_cards_whose_names_are_their_words(kb):
    """Every real question (tests/data/search_questions_real*.tsv, both halves): "face down" is no Down //
    Dirty, "What happens" no face of the split card, "X" no card X, "spell count" no Spell Counter, "an
    Elemental token" no token, "whisked away" no Whisk Away, "the Shackles" no Shackles. The cards
    whose names are words that they do name (Clone, Fork, Lure) are still found."""
    from tests.search_quality import real_questions

    never = {SPLIT, "Down // Dirty", "Wonder", "X", "Spell Counter", "Elemental", "Whisk Away", "Shackles"}
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tests" / "data").glob("search_questions_real*.tsv")):
        for case in real_questions(path):
            for name in named(kb, case.query):
                found.setdefault(name, set()).add(case.query)
    assert never.isdisjoint(found), {name: found[name] for name in never & set(found)}
    assert {"Clone", "Fork", "Lure", "Vedalken Shackles"} <= set(found)
