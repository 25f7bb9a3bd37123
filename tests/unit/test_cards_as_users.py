"""Cards as their users try them: what a judge, a bot author, an agent and a Japanese player met
that surprised them, each kept as a test (docs/cards.md). The samples are real card files
(tests/data/cards/README.md says where each comes from)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.api import BadInput, KnowledgeBase
from kb.cards.terms import card_terms, english_document
from kb.cli.app import cli
from kb.importers.cards import read_cards
from kb.importers.records import SourceError
from tests.conftest import ROOT, corpus_path

CARDS = ROOT / "tests" / "data" / "cards"
SCRYFALL_SAMPLE = CARDS / "scryfall-oracle-cards-sample.json"
SET_SAMPLE = CARDS / "mtgjson-set-TSP-sample.json"


@pytest.fixture(scope="module")
def rules_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("users") / "cards.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), SET_SAMPLE], keep_going=False)
    kb.close()
    return path


def _links(kb: KnowledgeBase, text: str, keywords: tuple[str, ...] = ()) -> list[tuple[str, str, str]]:
    return [(t.term, t.title, t.rule) for t in card_terms(kb.store, text, list(keywords))]


# ---- every keyword, keyword action and rules term linked ------------------------------------------


def test_every_keyword_and_keyword_action_links_to_its_own_rule(rules_db):
    """Each title of 701 and 702, in a card's text and in the file's keyword list, links to its own
    rule: before, "Jump-Start", "Web-slinging", "Power-up", "For Mirrodin!" and the five-word titles
    linked to nothing or to another term ("Power")."""
    kb = KnowledgeBase.open(rules_db, readonly=True)
    doc = english_document(kb.store)
    assert doc is not None
    titles = kb.store.conn.execute(
        "select number, title from rules where document_id = ? and parent in ('701', '702') and title != ''",
        [doc["id"]],
    ).fetchall()
    assert len(titles) > 250
    wrong = []
    for number, title in titles:
        text = f"{title} target spell." if title == "Counter" else title  # the verb, not the marker
        in_text, listed = _links(kb, text), _links(kb, "", (title,))
        for found in (in_text[:1], listed):
            if not found or found[0][1] != title or not (found[0][2] == number or found[0][2].startswith(number)):
                wrong.append((number, title, found))
    assert not wrong


@pytest.mark.parametrize(
    "text, title, rule",
    [
        ("You control", "Control", "108.4"),  # the entry "Control, Controller"
        ("its controller", "Controller", "108.4"),
        ("Your life total becomes 10.", "Life Total", "119"),
        ("Then check state-based actions.", "State-Based Actions", "704"),
        ("Roll a d20.", "Roll a d20", "706"),
        ("It phased out.", "Phased Out", "110.5"),
        ("Jump-start", "Jump-Start", "702.133a"),
        ("Web-slinging {2}{U}", "Web-slinging", "702.188a"),
        ("Tribal Instant", "Tribal (Obsolete)", "308"),  # Oracle text of before 2024: the obsolete entry's name
        ("Totem armor", "Totem Armor (Obsolete)", "702.89"),
    ],
)
def test_glossary_terms_with_punctuation_or_several_spellings_link(rules_db, text, title, rule):
    kb = KnowledgeBase.open(rules_db, readonly=True)
    found = {t[1]: t[2] for t in _links(kb, text)}
    assert found.get(title) == rule, found


# ---- bad card files: where and what -----------------------------------------------------------------


@pytest.mark.parametrize("sample, cut", [(SCRYFALL_SAMPLE, 0.5), (SET_SAMPLE, 0.45)])
def test_a_file_cut_inside_a_card_names_that_card_and_an_offset_inside_the_file(tmp_path, sample, cut):
    """The offset was counted twice when the file ended inside a card (the last read moved the
    buffer), and the card's index was not given."""
    text = sample.read_text(encoding="utf-8")
    path = tmp_path / "cut.json"
    kept = text[: int(len(text) * cut)]
    path.write_text(kept, encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        list(read_cards(path))
    message = str(caught.value)
    offset = int(message.split("at character ", 1)[1].split(",", 1)[0])
    assert 0 < offset < len(kept)
    assert ", card " in message and "truncated" in message
    index = int(message.split(", card ", 1)[1].split(":", 1)[0])
    whole = json.loads(text)
    cards = whole if isinstance(whole, list) else whole["data"]["cards"]
    assert json.JSONDecoder().raw_decode(text, offset)[0] == cards[index]  # the offset is where that card begins


# ---- a name found by its beginning or a near spelling says so -------------------------------------------


@pytest.fixture(scope="module")
def set_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("set") / "set.db"
    kb = KnowledgeBase.open(path)
    kb.import_cards(SET_SAMPLE)
    kb.close()
    return path


def test_a_japanese_name_that_only_begins_a_card_name_is_not_shown_as_that_card_s_name(set_db):
    """`mtgkb card 稲妻` (Lightning Bolt) found 稲妻の斧 (Lightning Axe) and showed it as if asked for."""
    kb = KnowledgeBase.open(set_db, readonly=True)
    axe = kb.card("稲妻")
    assert (axe.name, axe.exact, axe.matched, axe.matched_lang) == ("Lightning Axe", False, "稲妻の斧", "ja")
    exact = kb.card("稲妻の斧")
    assert (exact.exact, exact.matched, exact.matched_lang) == (True, "稲妻の斧", "ja")
    german = kb.card("Ploetzlicher Schock")  # a near spelling of the German name
    assert (german.name, german.exact, german.matched, german.matched_lang) == (
        "Sudden Shock",
        False,
        "Plötzlicher Schock",
        "de",
    )
    runner = CliRunner()
    shown = runner.invoke(cli, ["--db", str(set_db), "card", "稲妻"])
    assert shown.exit_code == 0 and "no card is named '稲妻'" in shown.output and "稲妻の斧" in shown.output
    as_json = json.loads(runner.invoke(cli, ["--db", str(set_db), "card", "稲妻", "--json"]).output)
    assert as_json["exact"] is False and as_json["matched"] == "稲妻の斧"


def test_the_route_the_tool_and_the_page_say_a_card_was_found_by_a_near_name(set_db):
    from fastapi.testclient import TestClient

    from kb.http.app import create_app
    from kb.mcp.payloads import card_payload

    with TestClient(create_app(set_db)) as client:
        found = client.get("/cards/稲妻").json()
        assert (found["exact"], found["matched"], found["matched_lang"]) == (False, "稲妻の斧", "ja")
        assert client.get("/cards/Amrou-Späher").json()["exact"] is True
        page = client.get("/read/card/稲妻")
        assert page.status_code == 200 and "no card is named" in page.text and "稲妻の斧" in page.text
        assert client.get("/read/card/!!!").status_code == 400  # not a name: no "not found" page
        assert client.get("/read/card/zzzz").status_code == 404
    kb = KnowledgeBase.open(set_db, readonly=True)
    assert card_payload(kb.card("稲妻"))["exact"] is False


def test_the_nearest_names_are_said_once(set_db):
    """The message said "did you mean: ..." and the front end added "Nearest: ..." after it."""
    missing = CliRunner().invoke(cli, ["--db", str(set_db), "card", "S"])
    assert missing.exit_code == 1
    assert missing.output.count("Serra Avenger") == 1


def test_a_name_of_ten_thousand_characters_is_refused_briefly(set_db):
    """The CLI looked it up and echoed all of it back; HTTP and MCP refused past 200 characters."""
    name = "what happens when Lightning Axe " * 320
    kb = KnowledgeBase.open(set_db, readonly=True)
    with pytest.raises(BadInput):
        kb.card(name)
    refused = CliRunner().invoke(cli, ["--db", str(set_db), "card", name])
    assert refused.exit_code == 2 and "200" in refused.output and len(refused.output) < 300


# ---- progress of a card import -------------------------------------------------------------------


def _card_progress(done: int, total: int):
    from kb.core.progress import IMPORT, Progress

    return Progress(IMPORT, done, total, "bytes", "oracle-cards.json")


def test_the_progress_of_a_card_file_counts_megabytes_not_files_and_rules():
    """It said "file 0 of 0  0 rules" while reading, and "0 files, 0 rules" when done."""
    import io

    from kb.cli.progress import ProgressView

    out = io.StringIO()
    with ProgressView(True, stream=out) as view:
        view(_card_progress(0, 137_000_000))
        view(_card_progress(137_000_000, 137_000_000))
    assert "137.0 MB" in out.getvalue() and "rules" not in out.getvalue()
    assert "of 137.0 MB" in view._detail(_card_progress(68_500_000, 137_000_000), 0.0)


def test_an_interrupted_import_is_not_reported_as_done():
    """Ctrl-C in `update --cards` left "[####] 100%  0 files, 0 rules" on screen above "Aborted!"."""
    import io

    from kb.cli.progress import ProgressView

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Terminal()
    with pytest.raises(KeyboardInterrupt):
        with ProgressView(stream=out) as view:
            view(_card_progress(0, 137_000_000))
            view.started -= 1.0  # the phase has run a second: its bar is drawn
            view(_card_progress(50_000_000, 137_000_000))
            raise KeyboardInterrupt
    assert " 36%" in out.getvalue() and "100%" not in out.getvalue()


def test_two_card_files_in_one_import_say_which_one_is_held(tmp_path):
    """`mtgkb import a.json b.json`: the second replaced the first and nothing said so."""
    db = tmp_path / "two.db"
    runner = CliRunner()
    done = runner.invoke(cli, ["--db", str(db), "import", str(SCRYFALL_SAMPLE), str(SET_SAMPLE), "--no-progress"])
    assert done.exit_code == 0, done.output
    assert "2 card files" in done.output and SET_SAMPLE.name in done.output.split("2 card files", 1)[1]
    assert runner.invoke(cli, ["--db", str(db), "card", "Storm Crow"]).exit_code == 1  # as the note says


def test_a_name_with_no_letter_is_bad_input_and_one_letter_takes_no_card(set_db):
    """`mtgkb card "!!!"` answered "no card named" (exit 1) where HTTP said 400 for a blank name;
    `mtgkb card "{R}"` showed Castle Raptors, the only card with a name (French) starting with "r"."""
    runner = CliRunner()
    for name in ("!!!", "//", "   "):
        refused = runner.invoke(cli, ["--db", str(set_db), "card", name])
        assert refused.exit_code == 2, (name, refused.output)
    one = runner.invoke(cli, ["--db", str(set_db), "card", "{R}", "--json"])
    assert one.exit_code == 1 and "Rapaces du château" in json.loads(one.output)["suggestions"]  # Castle Raptors


# ---- a split or double-faced card: the rules of its layout --------------------------------------------


def test_a_split_and_a_double_faced_card_link_the_rules_of_their_layout(tmp_path):
    """Wear // Tear's faces linked Destroy and Target, and nothing said that 709 (split cards) or 712
    (double-faced cards) governs the card itself."""
    kb = KnowledgeBase.open(tmp_path / "faces.db")
    real = CARDS / "scryfall-2019-named-in-real-questions.json"
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), real], keep_going=False)
    split = kb.card("Who // What // When // Where // Why")
    assert split.layout == "split" and ("Split Cards", "709") in [(t.title, t.rule) for t in split.terms]
    jace = kb.card("Jace, Telepath Unbound")
    assert jace.layout == "transform" and ("Double-Faced Cards", "712") in [(t.title, t.rule) for t in jace.terms]
    plain = kb.card("Platinum Angel")
    assert all(t.start >= 0 or t.title in plain.keywords for t in plain.terms)  # a normal card: no layout term
    shown = CliRunner().invoke(cli, ["--db", str(tmp_path / "faces.db"), "card", "Jace, Telepath Unbound"])
    assert "712  (glossary: Double-Faced Cards)" in shown.output


def test_a_card_in_a_database_without_the_rules_says_why_nothing_is_linked(set_db):
    """Cards imported first into a new database: `card` showed the text with no link and no word why."""
    kb = KnowledgeBase.open(set_db, readonly=True)
    card = kb.card("Greater Gargadon")
    assert card.terms == [] and any("mtgkb build" in w for w in card.warnings)
    shown = CliRunner().invoke(cli, ["--db", str(set_db), "card", "Greater Gargadon"])
    assert shown.exit_code == 0 and "no English Comprehensive Rules" in shown.output


def test_a_card_with_the_rules_held_has_no_warning(rules_db):
    assert KnowledgeBase.open(rules_db, readonly=True).card("Greater Gargadon").warnings == []


def test_the_nearest_names_are_the_names_that_matched(set_db):
    """`/cards/S` suggested Draining Whelk and Opaline Sliver (their German names begin with S) beside
    Serra Avenger: names that do not look like what was typed."""
    from kb.api import CardNotFound
    from kb.store.cards import card_key

    kb = KnowledgeBase.open(set_db, readonly=True)
    with pytest.raises(CardNotFound) as caught:
        kb.card("S")
    assert caught.value.suggestions and all(card_key(n).startswith("s") for n in caught.value.suggestions)
    for name in caught.value.suggestions:  # each finds its card again
        assert kb.card(name).exact
