"""What a user trying the search found (issue 41, "Bad input"): a query of 10,000 characters, the
"Also searched as" line of a question naming a card, a query of question words only, a JSON file
that is neither cards nor rules, and Ctrl-C. Each test failed before its fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.api import KnowledgeBase
from kb.cli.app import cli
from kb.cli.search import also_searched_as
from kb.core.errors import BadQuery
from kb.importers.records import NoRules
from kb.importers.registry import detect_format
from kb.search.asking import OnlyQuestionWords
from kb.search.cards import or_group
from kb.search.engine import _card_spans
from kb.search.parse import MAX_QUERY_CHARS, MAX_TERMS, parse
from tests.conftest import MINI, ROOT, corpus_path

TSP = ROOT / "tests" / "data" / "cards" / "mtgjson-set-TSP-sample.json"  # holds Sudden Shock
SUDDEN_SHOCK_TERMS = ["Split Second", "Any Target", "Damage"]
SPURIOUS = ("OR with nothing", "AND with nothing", "parenthesis")


@pytest.fixture(scope="module")
def cards_db(tmp_path_factory) -> Path:
    """Today's English rules, the Japanese translation (whose terms name "target" among others) and the
    real card sample of Time Spiral (tests/data/cards/README.md)."""
    path = tmp_path_factory.mktemp("surprises-cards") / "cards.db"
    kb = KnowledgeBase.open(path)
    rules = [
        corpus_path("en", "full", "MagicCompRules_20260807.txt"),
        corpus_path("ja", "CompRules_ja_20260116.0_lines.txt"),
    ]
    kb.import_paths([*rules, TSP], keep_going=False)
    kb.close()
    return path


@pytest.fixture
def mini_db(tmp_path) -> Path:
    """One small CR-shaped document (tests/data/mini): no rule says "what", "how", "why" or "when"."""
    path = tmp_path / "mini.db"
    kb = KnowledgeBase.open(path)
    kb.import_file(MINI / "MiniRules_20260807.txt")
    kb.close()
    return path


# ---- 1. a query of 10,000 characters: one note of the cut ------------------------------------------


def test_a_query_cut_at_both_limits_gets_one_note_saying_both():
    parsed = parse("what happens when a creature dies " * 300)
    assert len(parsed.text) <= MAX_QUERY_CHARS
    assert len(parsed.warnings) == 1
    note = parsed.warnings[0]
    assert f"first {len(parsed.text)} characters" in note and f"{MAX_TERMS} terms" in note


def test_a_query_cut_at_one_limit_keeps_its_own_note():
    assert parse("x" * 600).warnings == [f"the query was cut to its first 500 characters (at most {MAX_QUERY_CHARS})"]
    many = parse(" ".join(f"w{i}" for i in range(40)))
    assert many.warnings == [f"only the first {MAX_TERMS} terms of the query were searched"]


def test_a_long_question_naming_a_card_is_cut_once_and_never_repaired(cards_db):
    kb = KnowledgeBase.open(cards_db, readonly=True)
    for query in ("can I respond to Sudden Shock " * 300, "what happens when a creature dies " * 300):
        found = kb.search(query[:10_000], langs=["en"])
        assert found.results
        assert len(found.warnings) == 1, found.warnings  # the query's cut, said once
        assert not any(part in found.warnings[0] for part in SPURIOUS)
        assert "Target" not in found.expansions  # a word of the card's terms, cut or not, is no query word
    kb.close()


# ---- 2. "Also searched as": which card's terms, each term once -------------------------------------


def test_a_cards_terms_are_its_own_entry_and_no_word_of_them_is_a_query_word(cards_db):
    kb = KnowledgeBase.open(cards_db, readonly=True)
    found = kb.search("can I respond to Sudden Shock", langs=["en"])
    kb.close()
    assert found.cards == ["Sudden Shock"]
    assert found.expansions == {"Sudden Shock": SUDDEN_SHOCK_TERMS}  # no "Target" the query never said


def test_a_cards_group_is_found_in_the_query_as_searched_whole_or_cut_at_its_end():
    group = or_group(SUDDEN_SHOCK_TERMS)
    whole = f"respond to {group} now"
    assert _card_spans(whole, [group]) == [(11, 11 + len(group))]
    cut = f"respond to {group[:20]}"
    assert _card_spans(cut, [group]) == [(11, len(cut))]
    assert _card_spans("respond to Damage", [group]) == []


def test_the_also_searched_as_line_names_the_card_and_repeats_no_term():
    line = also_searched_as(
        {"target": ["Target", "Any Target"], "Sudden Shock": SUDDEN_SHOCK_TERMS, "Shock": ["damage"]},
        ["Sudden Shock", "Shock"],
    )
    assert line == "target = Target, Any Target; Sudden Shock's terms: Split Second, Damage"


def test_the_also_searched_as_line_says_what_a_named_cards_text_points_to():
    line = also_searched_as(
        {"Platinum Angel": ["Flying"], "Platinum Angel's text": ["can't lose the game → 104.3"]},
        ["Platinum Angel"],
    )
    assert line == "Platinum Angel's terms: Flying; Platinum Angel's text: can't lose the game → 104.3"


def test_the_search_command_says_whose_terms_were_added(cards_db):
    shown = CliRunner().invoke(cli, ["--db", str(cards_db), "search", "can I respond to Sudden Shock", "--lang", "en"])
    assert shown.exit_code == 0, shown.output
    assert "Also searched as: Sudden Shock's terms: Split Second, Any Target, Damage\n" in shown.output
    assert "Target = " not in shown.output


# ---- 3. a query of question words only --------------------------------------------------------------


@pytest.mark.parametrize("query", ["what how why when", "どうして なぜ", "Warum? Wann?"])
def test_a_query_of_question_words_that_matches_nothing_is_refused_naming_what_to_add(mini_db, query):
    kb = KnowledgeBase.open(mini_db, readonly=True)
    with pytest.raises(OnlyQuestionWords) as refused:
        kb.search(query)
    kb.close()
    assert isinstance(refused.value, BadQuery) and refused.value.exit_code == 2
    message = str(refused.value)
    assert "only question words" in message and "a card's name or a rule number" in message
    assert query.split()[0].rstrip("?") in message


def test_the_command_refuses_it_with_exit_2_in_json_too(mini_db):
    runner = CliRunner()
    plain = runner.invoke(cli, ["--db", str(mini_db), "search", "what how why when"])
    assert plain.exit_code == 2
    assert "only question words (what, how, why, when)" in plain.output and "No rules match" not in plain.output
    as_json = runner.invoke(cli, ["--db", str(mini_db), "search", "what how why when", "--json"])
    assert as_json.exit_code == 2
    payload = json.loads(as_json.stdout)
    assert payload["kind"] == "OnlyQuestionWords" and "only question words" in payload["error"]


def test_a_query_of_question_words_that_matches_is_answered_with_a_note(cards_db):
    kb = KnowledgeBase.open(cards_db, readonly=True)
    found = kb.search("what happens", langs=["en"])  # "happens" is in the rules' texts
    plain = kb.search("what happens when a creature dies", langs=["en"])
    kb.close()
    assert found.results
    assert any("only question words (what, happens), searched as they are" in w for w in found.warnings)
    assert not any("question words" in w for w in plain.warnings)  # a question that says something


# ---- 4. a JSON file that is neither cards nor rules --------------------------------------------------


def test_a_json_file_of_neither_kind_is_refused_naming_the_card_formats_and_the_rule_readers(tmp_path):
    data = b'{"hello": [1, 2, 3], "name": "not a card"}'
    with pytest.raises(NoRules) as refused:
        detect_format(data, str(tmp_path / "other.json"))
    message = str(refused.value)
    assert "Scryfall's bulk Oracle Cards JSON" in message and "MTGJSON's AtomicCards.json" in message
    assert "the Comprehensive Rules as text" in message and "tried: po:" in message


def test_a_text_file_of_no_rules_is_not_told_about_card_files(tmp_path):
    with pytest.raises(NoRules) as refused:
        detect_format(b"just a shopping list\nmilk\n", str(tmp_path / "list.txt"))
    assert "Oracle Cards" not in str(refused.value)


# ---- 5. Ctrl-C -----------------------------------------------------------------------------------------


def test_ctrl_c_during_an_import_exits_130_and_leaves_the_database_as_it_was(mini_db, tmp_path, monkeypatch):
    from kb.store import write

    other = tmp_path / "OtherRules_20260807.txt"
    other.write_text(
        (MINI / "MiniRules_20260807.txt").read_text(encoding="utf-8").replace("small test", "other"), encoding="utf-8"
    )
    kb = KnowledgeBase.open(mini_db, readonly=True)
    before = kb.conn.execute("select name, rules from documents order by name").fetchall()
    kb.close()

    def interrupted(*_args, **_kwargs):  # the user presses Ctrl-C while the rules are written
        raise KeyboardInterrupt

    monkeypatch.setattr(write, "_insert_contents", interrupted)
    runner = CliRunner()
    for extra in ([], ["--json"]):
        result = runner.invoke(cli, ["--db", str(mini_db), "import", str(other), *extra])
        assert result.exit_code == 130, result.output
        assert "Aborted!" not in result.output
    said = runner.invoke(cli, ["--db", str(mini_db), "import", str(other)]).output
    assert "Interrupted: each file reported above is stored" in said  # the import says what is stored
    assert json.loads(result.stdout)["kind"] == "Interrupted"
    kb = KnowledgeBase.open(mini_db, readonly=True)
    assert kb.conn.execute("select name, rules from documents order by name").fetchall() == before
    kb.close()
