"""Card files of today: real Scryfall card objects of the layouts and fields the 2019–2021 samples
lack (battles and their defense, class, prototype, mutate, reversible cards, Art Series, tokens,
printings in other languages of cards of two faces), imported and shown as a user meets them. The
samples and where each comes from: tests/data/cards/README.md."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli.app import cli
from kb.importers.cards import read_cards
from kb.search.cards import mentioned_cards
from tests.conftest import ROOT, corpus_path

CARDS = ROOT / "tests" / "data" / "cards"
LAYOUTS = CARDS / "scryfall-2023-layouts-api-types.json"
PRINTINGS = CARDS / "scryfall-2025-printings-mtgjson-cassette.json"
CARD_AND_TOKEN = CARDS / "scryfall-card-and-its-token.json"
RULES = corpus_path("en", "full", "MagicCompRules_20260807.txt")


def _db(tmp_path_factory, name: str, sample: Path) -> Path:
    path = tmp_path_factory.mktemp(name) / "cards.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths([RULES, sample], keep_going=False)
    kb.close()
    return path


@pytest.fixture(scope="module")
def layouts_db(tmp_path_factory) -> Path:
    return _db(tmp_path_factory, "layouts", LAYOUTS)


@pytest.fixture(scope="module")
def printings_db(tmp_path_factory) -> Path:
    return _db(tmp_path_factory, "printings", PRINTINGS)


def _card(path: Path, name: str):
    return KnowledgeBase.open(path, readonly=True).card(name)


def _show(path: Path, *args: str) -> str:
    result = CliRunner().invoke(cli, ["--db", str(path), "card", *args])
    assert result.exit_code == 0, result.output
    return result.output


# ---- the samples read whole ------------------------------------------------------------------------


def test_every_layout_of_scryfalls_own_fixtures_is_imported_and_shown(layouts_db):
    objects = json.loads(LAYOUTS.read_text(encoding="utf-8"))
    layouts = {card["layout"] for card in objects}
    assert {"transform", "class", "prototype", "mutate", "flip", "meld", "adventure", "split"} <= layouts
    assert {"reversible_card", "art_series", "token", "double_faced_token", "emblem", "modal_dfc"} <= layouts
    kb = KnowledgeBase.open(layouts_db, readonly=True)
    held = {name for (name,) in kb.conn.execute("select name from cards")}
    # 61 objects; the two Aeromoeba art cards are one Oracle identity
    assert len(held) == 60
    for card in objects:
        shown = kb.card(card["name"].split(" // ")[0])
        assert shown.layout in layouts | {"normal"}


def test_the_rules_of_each_new_layout_are_its_own(layouts_db):
    """The layout's glossary term links to the rules for cards so laid out (CR of 2026-08-07)."""
    expected = [
        ("Druid Class", "Class", "716"),  # Class Cards (the text's "this Class" links it already)
        ("Rootwire Amalgam", "Prototype Card", "718"),  # Prototype Cards
        ("Beanstalk Giant", "Adventurer Card", "715"),  # Adventurer Cards
        ("Akki Lavarunner", "Flip Cards", "710"),
        ("Esika, God of the Tree", "Modal Double-Faced Cards", "712"),
        ("Invasion of Ikoria", "Double-Faced Cards", "712"),  # a battle transforms
        ("Bruna, the Fading Light", "Meld Cards", "712"),
    ]
    for name, title, rule in expected:
        card = _card(layouts_db, name)
        assert (title, rule) in [(term.title, term.rule) for term in card.terms], name
    prototype = _card(layouts_db, "Rootwire Amalgam")
    assert ("Prototype", "702.160a") in [(t.term, t.rule) for t in prototype.terms]


# ---- what was wrong, each fixed ----------------------------------------------------------------------


def test_a_printing_of_a_two_faced_card_in_another_language_gives_its_faces_names(printings_db):
    """Scryfall's printing of Jace, Vryn's Prodigy in German has no "printed_name" of its own: each
    face has one. They were lost; the card was not found by its German or Chinese names."""
    objects = json.loads(PRINTINGS.read_text(encoding="utf-8"))
    german = next(o for o in objects if o["name"].startswith("Jace") and o["lang"] == "de")
    assert "printed_name" not in german
    assert german["card_faces"][0]["printed_name"] == "Jace, Wunderkind von Vryn"
    jace = _card(printings_db, "Jace, Wunderkind von Vryn")
    assert jace.name == "Jace, Vryn's Prodigy // Jace, Telepath Unbound"
    assert (jace.matched, jace.matched_lang) == ("Jace, Wunderkind von Vryn", "de")
    back = _card(printings_db, "Jace, der entfesselte Telepath")
    assert back.name == jace.name
    alrund = _card(printings_db, "囁く鴉、ハーカ")  # the Japanese back face of Alrund
    assert alrund.name.startswith("Alrund, God of the Cosmos")


def test_scryfalls_chinese_codes_are_stored_as_mtgjsons_and_a_chinese_question_finds_the_card(printings_db):
    """Scryfall writes Chinese printings as "zhs" and "zht"; the store and the reading of Chinese
    questions know "zh" and "zh-Hant" (as MTGJSON's names are stored), so a name run into a Chinese
    sentence was never found."""
    kb = KnowledgeBase.open(printings_db, readonly=True)
    langs = {lang for (lang,) in kb.conn.execute("select distinct lang from card_names")}
    assert {"zh", "zh-Hant"} <= langs and not {"zhs", "zht"} & langs
    assert (_card(printings_db, "維林逸才傑斯").matched_lang) == "zh-Hant"
    found = mentioned_cards(kb.store, "混沌之眼欧寇然的能力什么时候触发？")
    assert [card.name for card in found] == ["Okaun, Eye of Chaos"]


def test_a_reversible_card_is_the_one_card_both_its_sides_print(printings_db, layouts_db):
    """A reversible card has no "oracle_id" of its own, each side a whole card: Okaun's two Secret
    Lair printings and its Battlebond printing were three cards, "Okaun" found none of them (three
    names began it) and the card showed its text twice."""
    kb = KnowledgeBase.open(printings_db, readonly=True)
    okaun = kb.conn.execute("select name, layout, oracle_id, faces from cards where name like 'Okaun%'").fetchall()
    assert okaun == [("Okaun, Eye of Chaos", "normal", "7dec219b-96d1-4d4c-b3ac-15eda9d2ccc6", "[]")]
    assert _card(printings_db, "Okaun").name == "Okaun, Eye of Chaos"
    ajani = _card(layouts_db, "Ajani Goldmane")
    assert ajani.name == "Ajani Goldmane" and ajani.faces == [] and ajani.mana_cost == "{2}{W}{W}"
    assert ajani.oracle_text.count("+1: You gain 2 life.") == 1


def test_a_battle_shows_its_defense_linked_to_its_rule(layouts_db):
    """A battle's defense (Scryfall's "defense" of its front face) was not read."""
    card = _card(layouts_db, "Invasion of Ikoria")
    assert [face.defense for face in card.faces] == ["6", ""]
    defense = [term for term in card.terms if term.term == "defense"]
    assert defense and defense[0].title == "Defense" and defense[0].rule == "210"
    assert "Battle [→310.1] — Siege" in _show(layouts_db, "Invasion of Ikoria")
    assert "\nDefense 6 [→210]\n" in _show(layouts_db, "Invasion of Ikoria")
    shown = json.loads(_show(layouts_db, "Invasion of Ikoria", "--json"))
    assert shown["faces"][0]["defense"] == "6"


def test_a_faces_name_in_its_text_is_no_term_and_a_word_of_another_face_is(layouts_db):
    """ "Awaken the Maelstrom is all colors": the back face names itself; Awaken (702.113) was linked."""
    alara = _card(layouts_db, "Invasion of Alara")
    back = alara.faces[1]
    assert back.oracle_text.startswith("Awaken the Maelstrom is all colors.")
    assert "Awaken" not in [term.title for term in back.terms + alara.terms]
    death = _card(layouts_db, "Life // Death").faces[1]
    assert "You lose life equal to" in death.oracle_text
    assert "Life" in [term.title for term in death.terms]  # "life" in Death's text is the rules' word


def test_a_card_is_found_before_its_token_of_the_same_name():
    """An Oracle Cards file holds the card Vizier of Many Faces and its embalmed token, both named so;
    the one stored first was shown (here the token, first in the file)."""
    records = list(read_cards(CARD_AND_TOKEN))
    assert [(r.name, r.layout) for r in records] == [
        ("Vizier of Many Faces", "token"),
        ("Vizier of Many Faces", "normal"),
    ]
    kb = KnowledgeBase.open(":memory:")
    kb.import_paths([RULES, CARD_AND_TOKEN], keep_going=False)
    card = kb.card("Vizier of Many Faces")
    assert (card.layout, card.type_line) == ("normal", "Creature — Shapeshifter Cleric")
    assert "Embalm" in [term.title for term in card.terms]


def test_an_ability_word_the_file_lists_is_linked_to_the_rule_that_lists_it(layouts_db):
    """Scryfall lists "Landfall" with Druid Class's keywords; it has no rule of its own and was shown
    unlinked and left out of the rules. It links to the glossary's Ability Word (207.2c)."""
    card = _card(layouts_db, "Druid Class")
    assert card.keywords == ["Landfall"]
    landfall = [term for term in card.terms if term.term == "Landfall"]
    assert landfall and (landfall[0].title, landfall[0].rule) == ("Ability Word", "207.2c")
    assert card.oracle_text[landfall[0].start : landfall[0].end] == "Landfall"
    assert "Landfall [→207.2c] — Whenever" in _show(layouts_db, "Druid Class")


def test_a_mark_of_what_the_text_says_never_splits_a_word(layouts_db):
    """The table's wording "becomes a creature with ... "This creature" ended inside "creature's"."""
    shown = _show(layouts_db, "Druid Class")
    assert "\"This creature's [→613.1d] power" in shown
    assert "creature [→613.1d]'s" not in shown


def test_the_reader_and_mcp_show_a_battles_defense(layouts_db):
    from fastapi.testclient import TestClient

    from kb.http.app import create_app
    from kb.mcp.payloads import card_payload

    with TestClient(create_app(layouts_db)) as client:
        page = client.get("/read/card/Invasion%20of%20Ikoria")
        assert page.status_code == 200
        assert re.search(r'<p class="meta"><a href="[^"]*210[^"]*" title="210">Defense</a> 6</p>', page.text)
        plain = client.get("/read/card/Rootwire%20Amalgam")  # no battle: no defense line
        assert plain.status_code == 200 and "Defense" not in plain.text
    faces = card_payload(_card(layouts_db, "Invasion of Ikoria"))["faces"]
    assert faces[0]["defense"] == "6" and "defense" not in faces[1]


def test_a_word_of_a_cards_own_name_is_no_term_in_its_text(tmp_path_factory):
    """The card page linked a word of the card's own name where its text names itself ("Siege Rhino"
    → Siege, 310.12; "Experimental Frenzy" → Frenzy, 702.68): only the whole name was passed over,
    and then its words one by one were found. A search read the card without its name already."""
    sample = CARDS / "scryfall-2019-named-in-real-questions.json"
    kb = KnowledgeBase.open(_db(tmp_path_factory, "own-names", sample), readonly=True)
    for name, word in (("Siege Rhino", "Siege"), ("Experimental Frenzy", "Frenzy"), ("Nether Shadow", "Shadow")):
        card = kb.card(name)
        assert name in card.oracle_text
        assert word not in [term.title for term in card.terms], name
    assert "Trample" in [term.title for term in kb.card("Siege Rhino").terms]


JAPANESE_2024 = CARDS / "scryfall-2024-japanese-printings-mtg-anki.json"


def test_a_room_of_2024_is_a_split_card_whose_doors_link_their_rules(tmp_path_factory):
    """Duskmourn's rooms are Scryfall's "split" with "Enchantment — Room" halves; a Japanese printing
    prints the English name on both faces, which is no Japanese name of the card."""
    kb = KnowledgeBase.open(_db(tmp_path_factory, "rooms", JAPANESE_2024), readonly=True)
    room = kb.card("Meat Locker")
    assert (room.name, room.layout) == ("Meat Locker // Drowned Diner", "split")
    assert room.type_line == "Enchantment — Room // Enchantment — Room"
    links = {(term.title, term.rule) for term in room.terms}
    assert {("Split Cards", "709"), ("Unlock", "709.5f"), ("Locked", "709.5"), ("Door", "709")} <= links
    assert [n for n in room.names if n["lang"] != "en"] == []
    rip = kb.card("落とし子狩り、リップ")  # its Japanese printing is the only one in the file
    assert (rip.name, rip.matched_lang) == ("Rip, Spawn Hunter", "ja")
    survival = [term for term in rip.terms if term.term == "Survival"]
    assert survival and survival[0].rule == "207.2c"
    question = mentioned_cards(kb.store, "《落とし子狩り、リップ》の能力はいつ誘発しますか？")
    assert [card.name for card in question] == ["Rip, Spawn Hunter"]
