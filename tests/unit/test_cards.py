"""Card files: the importer on real samples of both formats, bad input, the store, `card` and the
search expansion (tests/data/cards/README.md says where each sample comes from)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.api import CardNotFound, KnowledgeBase
from kb.cli.app import cli
from kb.importers import cards as card_files
from kb.importers.cards import MTGJSON, SCRYFALL, read_cards, sniff
from kb.importers.records import SourceError
from kb.store.cards import card_key
from tests.conftest import ROOT, corpus_path

CARDS = ROOT / "tests" / "data" / "cards"
SCRYFALL_SAMPLE = CARDS / "scryfall-oracle-cards-sample.json"
SET_SAMPLE = CARDS / "mtgjson-set-TSP-sample.json"
ATOMIC_SAMPLE = CARDS / "mtgjson-atomic-golden.json"


def by_name(path: Path) -> dict:
    return {card.name: card for card in read_cards(path)}


# ---- the importer on the real samples ------------------------------------------------------------


def test_both_formats_are_told_apart_by_content():
    assert sniff(SCRYFALL_SAMPLE.read_bytes()) == SCRYFALL
    assert sniff(SET_SAMPLE.read_bytes()) == MTGJSON
    assert sniff(ATOMIC_SAMPLE.read_bytes()) == MTGJSON
    assert sniff(corpus_path("en", "full", "MagicCompRules_20260807.txt").read_bytes()[:65536]) is None
    assert sniff(b'{"name": "not a card file"}') is None


def test_scryfall_oracle_cards():
    cards = by_name(SCRYFALL_SAMPLE)
    assert len(cards) == len(json.loads(SCRYFALL_SAMPLE.read_text(encoding="utf-8"))) == 13
    crow = cards["Storm Crow"]
    assert crow.keywords == ["Flying"]
    assert crow.mana_cost == "{1}{U}" and crow.type_line == "Creature — Bird"
    assert crow.oracle_text.startswith("Flying (This creature can't be blocked")
    assert cards["Pteramander"].keywords == ["Flying", "Adapt"]
    assert "Sacrifice a creature" in cards["Ruthless Knave"].oracle_text
    assert cards["Hua Tuo, Honored Physician"].names == [("en", "Hua Tuo, Honored Physician")]
    assert crow.oracle_id == "000d5588-5a4c-434e-988d-396632ade42c"


def test_an_mtgjson_set_file_gives_one_card_per_name_with_its_printed_names():
    cards = by_name(SET_SAMPLE)
    assert len(cards) == 22
    scout = cards["Amrou Scout"]
    assert ("de", "Amrou-Späher") in scout.names and scout.names[0] == ("en", "Amrou Scout")
    assert {lang for lang, _name in scout.names} >= {"en", "de", "fr", "ja", "ru", "zh"}
    gargadon = cards["Greater Gargadon"]
    assert gargadon.keywords == ["Suspend"]
    assert gargadon.mana_cost == "{9}{R}"
    assert "Sacrifice an artifact, creature, or land" in gargadon.oracle_text
    assert cards["Draining Whelk"].keywords == ["Flash", "Flying"]


def test_an_atomic_cards_file_keeps_the_faces_of_a_split_card():
    cards = by_name(ATOMIC_SAMPLE)
    assert set(cards) == {"Funny Card", "Lightning Bolt", "Prodigal Sorcerer", "Wear // Tear"}
    split = cards["Wear // Tear"]
    assert [face.name for face in split.faces] == ["Wear", "Tear"]
    assert [face.oracle_text for face in split.faces] == ["Destroy target artifact.", "Destroy target enchantment."]
    assert split.mana_cost == "{R} // {W}" and split.layout == "split"
    assert ("en", "Wear") in split.names and ("en", "Tear") in split.names
    assert cards["Lightning Bolt"].oracle_text == "Lightning Bolt deals 3 damage to any target."


def test_the_stream_reads_the_same_cards_whatever_the_chunk(monkeypatch):
    whole = [(c.name, c.oracle_text, c.names) for c in read_cards(SET_SAMPLE)]
    monkeypatch.setattr(card_files, "CHUNK", 97)  # every card object and string cut by a chunk's end
    assert [(c.name, c.oracle_text, c.names) for c in read_cards(SET_SAMPLE)] == whole
    scryfall = [c.name for c in read_cards(SCRYFALL_SAMPLE)]
    assert len(scryfall) == 13


# ---- bad input ---------------------------------------------------------------------------------------


def test_a_file_of_neither_format_is_refused_saying_what_was_expected(tmp_path):
    path = tmp_path / "other.json"
    path.write_text('{"cards": []}', encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        list(read_cards(path))
    assert str(path) in str(caught.value) and "Scryfall" in str(caught.value) and "AtomicCards" in str(caught.value)


def test_a_truncated_file_is_refused_with_its_offset_and_card(tmp_path):
    text = SCRYFALL_SAMPLE.read_text(encoding="utf-8")
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        list(read_cards(path))
    message = str(caught.value)
    assert message.startswith(str(path)) and "at character" in message and "card" in message


def test_a_card_without_a_name_is_refused_with_its_index(tmp_path):
    cards = json.loads(SCRYFALL_SAMPLE.read_text(encoding="utf-8"))
    del cards[3]["name"]
    path = tmp_path / "nameless.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        list(read_cards(path))
    assert "card 3" in str(caught.value) and '"name"' in str(caught.value)


def test_a_bad_file_changes_nothing_stored(tmp_path):
    kb = KnowledgeBase.open(":memory:")
    kb.import_cards(SET_SAMPLE)
    cards = json.loads(SCRYFALL_SAMPLE.read_text(encoding="utf-8"))
    del cards[-1]["name"]  # after twelve good cards
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    results = kb.import_paths([path])
    assert results[0].status == "failed" and "card 12" in results[0].error
    assert kb.card("Greater Gargadon").name == "Greater Gargadon"
    with pytest.raises(CardNotFound):
        kb.card("Storm Crow")


# ---- the store ------------------------------------------------------------------------------------------


def test_card_names_fold_case_punctuation_and_accents():
    assert card_key("Amrou-Späher") == card_key("amrou spaher") == "amrou spaher"
    assert card_key("Angel's Grace") == card_key("angels grace")
    assert card_key("Hua Tuo, Honored Physician") == "hua tuo honored physician"
    assert card_key("大いなるガルガドン") == "大いなるガルガドン"  # a kana's voicing mark stays


def test_the_store_gives_back_what_was_imported():
    kb = KnowledgeBase.open(":memory:")
    result = kb.import_paths([ATOMIC_SAMPLE])[0]
    assert (result.status, result.cards, result.format) == ("added", 4, MTGJSON)
    card = kb.card("wear // tear")
    assert card.name == "Wear // Tear" and card.layout == "split"
    assert [(f.name, f.mana_cost, f.oracle_text) for f in card.faces] == [
        ("Wear", "{R}", "Destroy target artifact."),
        ("Tear", "{W}", "Destroy target enchantment."),
    ]
    assert kb.card("Tear").name == "Wear // Tear"  # a face's name finds its card
    again = kb.import_paths([SCRYFALL_SAMPLE])[0]
    assert (again.status, again.cards) == ("replaced", 13)
    with pytest.raises(CardNotFound):
        kb.card("Wear // Tear")


def test_printings_of_one_card_add_their_printed_names(tmp_path):
    """Scryfall's "All Cards" file holds every printing, in every language: one card per Oracle ID,
    each printing's printed name added. The German printing here is the sample's Storm Crow
    object with the fields a German printing has (lang, printed_name) changed."""
    cards = json.loads(SCRYFALL_SAMPLE.read_text(encoding="utf-8"))
    german = {**cards[0], "lang": "de", "printed_name": "Sturmkrähe", "id": "another-printing"}
    path = tmp_path / "all-cards.json"
    path.write_text(json.dumps([cards[0], german, *cards[1:]]), encoding="utf-8")
    kb = KnowledgeBase.open(":memory:")
    assert kb.import_cards(path).cards == 13
    found = kb.card("sturmkrahe")
    assert (found.name, found.matched, found.matched_lang) == ("Storm Crow", "Sturmkrähe", "de")


# ---- `card`, HTTP and the search, on the English rules ----------------------------------------------------


@pytest.fixture(scope="module")
def rules_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("cards") / "cards.db"
    kb = KnowledgeBase.open(path)
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), SET_SAMPLE], keep_going=False)
    kb.close()
    return path


def test_a_card_links_its_keywords_and_terms_to_their_rules(rules_db):
    kb = KnowledgeBase.open(rules_db, readonly=True)
    card = kb.card("greater gargadon")
    links = {t.title: t.rule for t in card.terms}
    assert links["Suspend"] == "702.62a"
    assert links["Sacrifice"] == "701.21a"
    assert links["Activate"] == "701.2a"
    assert next(t for t in card.terms if t.term == "counter").rule == "122.1"  # "a time counter": the marker
    whelk = {t.title: t.rule for t in kb.card("Draining Whelk").terms}
    assert whelk["Flash"] == "702.8a" and whelk["Mana Value"] == "202.3" and whelk["Counter"] == "701.6a"
    shock = {t.term: t.rule for t in kb.card("Sudden Shock").terms}
    assert shock["can't"] == "101.2" and shock["Split second"] == "702.61a"
    assert "deals" not in shock  # the glossary's "Deal" only sends to "Damage": no rule of its own


def test_a_card_is_found_in_another_language_and_by_a_near_spelling(rules_db):
    kb = KnowledgeBase.open(rules_db, readonly=True)
    german = kb.card("Vision der Ahnen")
    assert (german.name, german.matched_lang) == ("Ancestral Vision", "de")
    assert kb.card("Sudden Shok").name == "Sudden Shock"
    with pytest.raises(CardNotFound) as caught:
        kb.card("Serra Angel")
    assert caught.value.suggestions == ["Serra Avenger"]  # near, but not near enough to be taken for it
    with pytest.raises(CardNotFound) as near:
        kb.card("S")  # two cards start so: both suggested, neither chosen
    assert {"Serra Avenger", "Sudden Shock"} <= set(near.value.suggestions)


def test_the_card_command(rules_db):
    runner = CliRunner()
    shown = runner.invoke(cli, ["--db", str(rules_db), "card", "Greater", "Gargadon"])
    assert shown.exit_code == 0, shown.output
    assert "Suspend [→702.62a]" in shown.output and "Größeres Gargadon (de)" in shown.output
    missing = runner.invoke(cli, ["--db", str(rules_db), "card", "S"])
    assert missing.exit_code == 1 and "Serra Avenger" in missing.output
    as_json = runner.invoke(cli, ["--db", str(rules_db), "card", "sudden shock", "--json"])
    assert as_json.exit_code == 0 and json.loads(as_json.output)["keywords"] == ["Split second"]


def test_the_card_route(rules_db):
    from fastapi.testclient import TestClient

    from kb.http.app import create_app

    with TestClient(create_app(rules_db)) as client:
        found = client.get("/cards/Amrou-Spaher")
        assert found.status_code == 200 and found.json()["name"] == "Amrou Scout"
        assert any(t["rule"] == "701.23a" for t in found.json()["terms"])  # "Search your library"
        missing = client.get("/cards/S")
        assert missing.status_code == 404 and "Serra Avenger" in missing.json()["suggestions"]


def test_a_query_naming_a_card_is_searched_as_its_rules_terms(rules_db):
    kb = KnowledgeBase.open(rules_db, readonly=True)
    found = kb.search("can I respond to Sudden Shock", langs=["en"])
    assert found.expansions["Sudden Shock"][0] == "Split Second"
    assert "702.61" in [r.number for r in found.results[:3]]
    near = kb.search("how does greater gargadn work", langs=["en"])
    assert "Suspend" in near.expansions["Greater Gargadon"]
    # the keyword's defining subrule, ranked beside the best answer, may stand for its heading
    assert {"702.62", "702.62a"} & {r.number for r in near.results[:3]}


def test_without_cards_a_search_is_what_it_was(rules_db, tmp_path):
    plain = tmp_path / "plain.db"
    kb = KnowledgeBase.open(plain)
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt")], keep_going=False)
    with_cards = KnowledgeBase.open(rules_db, readonly=True)
    for query in ("can I respond to Sudden Shock", "split second"):
        before = kb.search(query, langs=["en"])
        assert "Sudden Shock" not in before.expansions
        if query == "split second":  # names no card: the same answer with cards held
            after = with_cards.search(query, langs=["en"])
            assert [r.number for r in after.results] == [r.number for r in before.results]


def test_the_reader_card_page_links_each_term_to_its_rule(rules_db):
    from fastapi.testclient import TestClient

    from kb.http.app import create_app

    with TestClient(create_app(rules_db)) as client:
        page = client.get("/read/card/Greater%20Gargadon")
        assert page.status_code == 200
        assert '<a href="/rules/702.62a" title="702.62a">Suspend</a>' in page.text
        assert "Größeres Gargadon" in page.text
        assert client.get("/read/card/zzzznotacard").status_code == 404
        found = client.get("/read/search", params={"q": "can I respond to Sudden Shock"})
        assert '<a href="/read/card/Sudden%20Shock">Sudden Shock</a>' in found.text


def test_update_cards_reads_a_url_and_says_when_it_cannot(tmp_path):
    db = tmp_path / "update.db"
    runner = CliRunner()
    done = runner.invoke(
        cli, ["--db", str(db), "update", "--cards", "--url", SCRYFALL_SAMPLE.as_uri(), "--json", "--no-progress"]
    )
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["cards"] == 13 and json.loads(done.output)["status"] == "added"
    offline = runner.invoke(cli, ["--db", str(db), "update", "--cards", "--url", "http://127.0.0.1:9/oracle.json"])
    assert offline.exit_code == 1 and "cannot download" in offline.output
    bad = tmp_path / "bad.json"
    bad.write_text('[{"object": "card", "oracle_id": "x"}]', encoding="utf-8")
    refused = runner.invoke(cli, ["--db", str(db), "update", "--cards", "--file", str(bad)])
    assert refused.exit_code == 2 and "card 0" in refused.output
    kept = runner.invoke(cli, ["--db", str(db), "card", "Storm Crow", "--json"])
    assert kept.exit_code == 0 and json.loads(kept.output)["keywords"] == ["Flying"]  # the bad file changed nothing


def test_a_one_word_name_is_a_card_only_when_written_as_a_name(tmp_path):
    kb = KnowledgeBase.open(tmp_path / "scryfall.db")
    kb.import_paths([corpus_path("en", "full", "MagicCompRules_20260807.txt"), SCRYFALL_SAMPLE], keep_going=False)
    assert "Palinchron" in kb.search("Palinchron untap lands", langs=["en"]).expansions
    assert "Palinchron" not in kb.search("palinchron untap lands", langs=["en"]).expansions
    assert "Palinchron" in kb.search("palinchron", langs=["en"]).expansions  # the whole query
    crow = kb.search("does storm crow have flying", langs=["en"])  # two words: no capital needed
    assert crow.expansions["Storm Crow"] == ["Flying"] and crow.cards == ["Storm Crow"]


def test_the_engine_pool_text_is_shown_only_where_it_differs():
    from kb.cards.lookup import pool_text

    assert pool_text("Wrath of God", "Destroy all creatures. They can’t be regenerated.") is None  # quotes aside
    assert pool_text("Wrath of God", "Destroy all creatures.") == "Destroy all creatures. They can't be regenerated."
    assert pool_text("Storm Crow", "Flying") is None  # no pool card of that name


def test_the_bulk_data_listing_names_the_oracle_cards_file(tmp_path):
    """Scryfall's /bulk-data answers every bulk file with its type; /bulk-data/oracle-cards one object."""
    from kb.importers.cards import bulk_download_url

    listing = tmp_path / "bulk-data.json"
    listing.write_text(
        json.dumps(
            {
                "object": "list",
                "data": [
                    {"type": "default_cards", "download_uri": "https://data.scryfall.io/default-cards/x.json"},
                    {"type": "oracle_cards", "download_uri": "https://data.scryfall.io/oracle-cards/y.json"},
                ],
            }
        ),
        encoding="utf-8",
    )
    assert bulk_download_url(listing.as_uri()) == "https://data.scryfall.io/oracle-cards/y.json"
    one = tmp_path / "oracle-cards.json"
    one.write_text(json.dumps({"object": "bulk_data", "type": "oracle_cards"}), encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        bulk_download_url(one.as_uri())
    assert '"download_uri"' in str(caught.value)
