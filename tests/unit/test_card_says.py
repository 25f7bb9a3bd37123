"""What a card's text says about the rules, everywhere a card is shown: the card view (`says`), the
`card` command, `cite --cards` (and how several named cards interact), HTTP `/cards/{name}` and
`POST /cite`, the MCP `card` and `cite` tools, and the reader's card page.

The cards are real: Scryfall card objects of 2018–2019 of the cards named in real questions
(tests/data/cards/README.md), read against the English rules of 2026-08-07.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli.app import cli
from tests.conftest import ROOT, corpus_path

REAL_CARDS = ROOT / "tests" / "data" / "cards" / "scryfall-2019-named-in-real-questions.json"
SCRYFALL_NAMES = [card["name"] for card in json.loads(REAL_CARDS.read_text(encoding="utf-8"))]


@pytest.fixture(scope="module")
def says_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("card-says") / "cards.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths(
        [corpus_path("en", "full", "MagicCompRules_20260807.txt"), REAL_CARDS], keep_going=False, index=False
    )
    kb.close()
    return path


@pytest.fixture
def kb(says_db):
    opened = KnowledgeBase.open(says_db, readonly=True)
    yield opened
    opened.close()


def rules_of(says) -> list[list[str]]:
    return [[rule.rule for rule in item.rules] for item in says]


# ---- the card view ---------------------------------------------------------------------------------


def test_platinum_angel_says_104_3_then_101_2_with_their_titles_and_why(kb):
    angel = kb.card("Platinum Angel")
    first = angel.says[0]
    assert first.words == "can't lose the game"
    assert angel.oracle_text[first.start : first.end].replace("’", "'") == "can't lose the game"
    assert [(rule.rule, rule.title) for rule in first.rules] == [
        ("104.3", "Ending the Game"),
        ("101.2", "The Magic Golden Rules"),
    ]
    assert "104.3" in first.why and first.field == "text" and first.face is None
    assert first.effect == "continuous"
    second = angel.says[1]
    assert second.words == "can't win the game" and rules_of([second]) == [["104.2"]]  # 101.2 is given once


def test_every_span_of_every_real_card_holds_the_words_it_shows(kb):
    """A span is counted in the card's own text, reminder text included (the table reads it without)."""
    checked = 0
    for name in SCRYFALL_NAMES:
        card = kb.card(name)
        fields = {"text": card.oracle_text, "type": card.type_line, "cost": card.mana_cost}
        for item in card.says:
            held = " ".join(fields[item.field][item.start : item.end].replace("’", "'").split())
            assert item.start >= 0, (name, item.words)
            assert held.startswith(item.words.rstrip("…")), (name, item.words, held)
            checked += 1
    assert checked > 100


def test_a_wording_after_reminder_text_is_placed_in_the_card_as_printed(kb):
    colossus = kb.card("Chameleon Colossus")  # "Changeling (This card is every creature type.)\n..."
    gets = next(item for item in colossus.says if item.words == "gets +X/+X")
    assert colossus.oracle_text.index("(This card") < gets.start
    assert colossus.oracle_text[gets.start : gets.end] == "gets +X/+X"
    assert rules_of([gets]) == [["613.4c"]]
    hydra = kb.card("Hooded Hydra")
    cost = next(item for item in hydra.says if item.field == "cost")
    assert hydra.mana_cost[cost.start : cost.end] == "{X}" and rules_of([cost]) == [["107.3a", "107.3"]]


def test_each_wording_of_a_double_faced_card_names_its_face(kb):
    jace = kb.card("Jace, Vryn's Prodigy")
    faces = {item.words: item.face for item in jace.says}
    assert faces["Planeswalker"] == "Jace, Telepath Unbound"  # the back face's type line
    assert faces["Legendary"] == "Jace, Vryn's Prodigy"
    assert faces["exile Jace, Vryn's Prodigy, then return"] == "Jace, Vryn's Prodigy"
    assert faces["gets -2/-0"] == "Jace, Telepath Unbound"


def test_a_card_whose_text_says_nothing_the_table_knows_has_no_says(kb):
    assert kb.card("Lightning Bolt").says == []
    assert "says" in kb.card("Lightning Bolt").to_dict()


def test_without_the_english_rules_the_wordings_are_shown_without_titles(tmp_path):
    bare = KnowledgeBase.open(tmp_path / "bare.db")
    bare.import_paths([REAL_CARDS], keep_going=False, index=False)
    angel = bare.card("Platinum Angel")
    assert [(rule.rule, rule.title) for rule in angel.says[0].rules] == [("104.3", ""), ("101.2", "")]


# ---- several cards named together ------------------------------------------------------------------


def test_two_named_cards_with_continuous_effects_add_the_layers(kb):
    named = kb.cite_cards("Blood Moon is out and I equip Lightning Greaves to Mishra's Factory.")
    assert [card.name for card in named.cards] == ["Blood Moon", "Lightning Greaves", "Mishra's Factory"]
    assert rules_of(named.cards[0].says) == [["305.7", "613.1d"]]
    layers = named.together[0]
    assert layers.effects == ["continuous", "continuous"]
    assert [rule.rule for rule in layers.rules] == ["613.1", "613.7", "613.8"]
    assert layers.rules[0].title == "Interaction of Continuous Effects"
    assert set(layers.cards) == {"Blood Moon", "Lightning Greaves", "Mishra's Factory"}


def test_one_card_alone_or_a_card_without_effects_interacts_by_no_row(kb):
    assert kb.cite_cards("Blood Moon stops my lands.").together == []
    assert kb.cite_cards("Lightning Bolt the Blood Moon? No.").together == []  # Lightning Bolt makes no effect


def test_a_trigger_and_a_replacement_add_the_modified_event(kb):
    named = kb.cite_cards("Aven Mindcensor and Siege Rhino")
    assert [(item.effects, [rule.rule for rule in item.rules]) for item in named.together] == [
        (["trigger", "replacement"], ["614.6", "603.2"])
    ]
    assert named.together[0].cards == ["Aven Mindcensor", "Siege Rhino"]


# ---- the front ends --------------------------------------------------------------------------------


def test_the_card_command_shows_what_its_text_says(says_db):
    runner = CliRunner()
    shown = runner.invoke(cli, ["--db", str(says_db), "card", "platinum angel"])
    assert shown.exit_code == 0, shown.output
    section = shown.output.split("What its text says:\n", 1)[1]
    assert section.splitlines()[:3] == [
        "  can't lose the game",
        "      104.3  Ending the Game",
        "      101.2  The Magic Golden Rules",
    ]
    as_json = json.loads(runner.invoke(cli, ["--db", str(says_db), "card", "Platinum Angel", "--json"]).output)
    assert as_json["says"][0]["rules"] == [
        {"rule": "104.3", "title": "Ending the Game"},
        {"rule": "101.2", "title": "The Magic Golden Rules"},
    ]
    assert (as_json["says"][0]["start"], as_json["says"][0]["end"]) == (11, 30)


def test_the_card_command_in_german_heads_the_section_in_german(says_db, monkeypatch):
    monkeypatch.setenv("MTGKB_LANG", "de")
    shown = CliRunner().invoke(cli, ["--db", str(says_db), "card", "Platinum Angel"])
    assert shown.exit_code == 0 and "What its text says" not in shown.output
    assert "Was ihr Text über die Regeln sagt:" in shown.output and "warum: a player who can't lose" in shown.output
    assert "104.3  Ending the Game" in shown.output


def test_cite_cards_shows_each_cards_text_and_the_cards_together(says_db):
    runner = CliRunner()
    text = "Blood Moon and Lightning Greaves: see 613.1"
    shown = runner.invoke(cli, ["--db", str(says_db), "cite", "--cards", text])
    assert shown.exit_code == 0, shown.output
    assert "      305.7  Lands" in shown.output
    together = shown.output.split("What the cards named do together:\n", 1)[1]
    assert together.splitlines()[:2] == [
        "  Blood Moon, Lightning Greaves together (continuous + continuous):",
        "      613.1  Interaction of Continuous Effects",
    ]
    as_json = json.loads(runner.invoke(cli, ["--db", str(says_db), "cite", "--cards", "--json", text]).output)
    assert [rule["rule"] for rule in as_json["cards_together"][0]["rules"]] == ["613.1", "613.7", "613.8"]
    assert as_json["cards"][1]["says"][0]["words"] == "Equipped creature has"


def test_the_card_route_and_the_cite_route_carry_it(says_db):
    from fastapi.testclient import TestClient

    from kb.http.app import create_app

    with TestClient(create_app(says_db)) as client:
        angel = client.get("/cards/Platinum%20Angel").json()
        assert [rule["rule"] for rule in angel["says"][0]["rules"]] == ["104.3", "101.2"]
        assert angel["says"][0]["why"].startswith("a player who can't lose")
        cited = client.post("/cite", json={"text": "Blood Moon and Lightning Greaves", "cards": True}).json()
        assert cited["cards_together"][0]["cards"] == ["Blood Moon", "Lightning Greaves"]
        assert cited["cards"][0]["says"][0]["words"] == "are Mountains"


def test_the_reader_card_page_links_each_rule_of_what_the_text_says(says_db):
    from fastapi.testclient import TestClient

    from kb.http.app import create_app

    with TestClient(create_app(says_db)) as client:
        page = client.get("/read/card/Platinum%20Angel")
        assert page.status_code == 200
        section = page.text.split('id="says-heading"', 1)[1].split("</section>", 1)[0]
        assert '<a href="/rules/104.3">104.3</a> <span lang="en">Ending the Game</span>' in section
        assert '<a href="/rules/101.2">101.2</a>' in section
        assert "can&#39;t lose the game" in section
        bolt = client.get("/read/card/Lightning%20Bolt")
        assert bolt.status_code == 200 and "says-heading" not in bolt.text


def test_the_mcp_card_and_cite_tools_carry_it_in_their_schemas(says_db):
    from mcp import Client

    from kb.mcp.server import build_server

    server = build_server(KnowledgeBase.open(says_db, readonly=True))

    async def scenario():
        async with Client(server) as client:
            tools = {tool.name: tool for tool in (await client.list_tools()).tools}
            card = await client.call_tool("card", {"name": "Platinum Angel"})
            cited = await client.call_tool("cite", {"text": "Blood Moon and Lightning Greaves"})
            return tools, card, cited

    try:
        tools, card, cited = asyncio.run(scenario())
    finally:
        server.close()
    described = tools["card"].output_schema["properties"]["says"]
    assert "what the card's text says" in described["description"].lower()
    assert not card.is_error
    first = card.structured_content["says"][0]
    assert first["words"] == "can't lose the game" and first["rules"][0] == {
        "rule": "104.3",
        "title": "Ending the Game",
    }
    assert "cardsTogether" in tools["cite"].output_schema["properties"]
    assert [rule["rule"] for rule in cited.structured_content["cardsTogether"][0]["rules"]] == [
        "613.1",
        "613.7",
        "613.8",
    ]
