"""Source anomalies: each repair on small texts and on the official files, and an audit of all 135 editions.

The audit reads every English edition with the importer (no database) and checks the
structure on its own terms: every rule has its parent, rules and subrule letters run
without gaps (the CR skips l and o), no number repeats or steps back. What an official
text still breaks is listed, with its reason, in tests/data/source_anomalies.tsv.
"""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli.app import cli
from kb.core.numbers import LETTERS, RuleNumber, next_letters
from kb.importers import cr_text
from kb.importers.repairs import LEFT_AS_PRINTED, MESSAGES
from tests.conftest import CORPUS, ROOT, corpus_path
from tests.plain_reading import plain_text

TABLE = ROOT / "tests" / "data" / "source_anomalies.tsv"


@cache
def official(label: str):
    path = corpus_path("en", "full", f"MagicCompRules_{label}.txt")
    return cr_text.parse(path.read_bytes(), str(path))


def rules_of(doc) -> dict:
    return {rule.number: rule for rule in doc.rules}


def warnings_at(doc, line: int) -> list:
    return [w for w in doc.warnings if w.line == line]


# ---- small texts ---------------------------------------------------------------------------

HEADER = """Magic: The Gathering Comprehensive Rules

These rules are effective as of November 17, 2023.

"""
BODY = """1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game with two or more players, including two-player games and multiplayer games.

100.1a A two-player game is a game that begins with only two players.

100.1b A multiplayer game is a game that begins with more than two players. See section 8, "Multiplayer Rules."

100.2. To play, each player needs their own deck of traditional Magic cards, small items to represent any tokens and counters, and some way to clearly track life totals.

100.2a In constructed play, each player needs a deck of at least sixty cards.

100.2b In limited play, each player needs a deck of at least forty cards.

100.2c Commander decks are subject to additional deckbuilding restrictions and requirements.

100.3. Some formats and casual play variants allow players to use supplementary decks of nontraditional Magic cards.

101. The Magic Golden Rules

101.1. Whenever a card's text directly contradicts these rules, the card takes precedence.

101.2. When a rule or effect allows or directs something to happen, and another effect states that it can't happen, the "can't" effect takes precedence.

101.2a Adding abilities to objects and removing abilities from objects don't fall under this rule.

101.3. Any part of an instruction that's impossible to perform is ignored.

101.4. If multiple players would make choices and/or take actions at the same time, the active player makes any choices required, then the next player in turn order makes any choices required.

101.4a If an effect has each player choose a card in a hidden zone, such as their hand or library, those cards may remain face down as they're chosen.

101.4b A player knows the choices made by the previous players when making their choice, except as specified in 101.4a.

102. Players

102.1. A player is one of the people in the game. The active player is the player whose turn it is.

102.2. In a two-player game, a player's opponent is the other player.

102.3. In a multiplayer game between teams, a player's teammates are the other players on their team, and the player's opponents are all players not on their team.

103. Starting the Game

103.1. At the start of a game, the players determine which one of them will choose who takes the first turn.

103.1a In a game using the shared team turns option, there is a starting team rather than a starting player.

103.2. After the starting player has been determined, each player sets their life total to the starting amount.

103.3. Each player shuffles their deck so that the cards are in a random order.
"""


def parse_text(body: str, name: str = "inline.txt"):
    return cr_text.parse((HEADER + body).encode("utf-8"), name)


def repaired(body: str, old: str, new: str):
    """The small text with one line changed, parsed; the change must be in the text."""
    assert old in body, old
    return parse_text(body.replace(old, new, 1))


def line_of(body: str, text: str) -> int:
    lines = (HEADER + body).split("\n")
    return next(i for i, line in enumerate(lines, 1) if line.startswith(text))


def test_a_clean_text_has_no_warnings():
    doc = parse_text(BODY)
    assert doc.warnings == []
    assert [r.number for r in doc.rules][:5] == ["1", "100", "100.1", "100.1a", "100.1b"]


@pytest.mark.parametrize(
    "old, new, number, kind, printed",
    [
        ("100.2b In limited", "100.2. b In limited", "100.2b", "space-in-number", "100.2. b"),
        ("100.2b In limited", "100. 2b In limited", "100.2b", "space-in-number", "100. 2b"),
        ("100.2b In limited", "100.2b. In limited", "100.2b", "dot-after-subrule", "100.2b."),
        ("100.3. Some formats", "100.3.Some formats", "100.3", "space-after-number", "100.3.Some"),
        ("100.2b In limited", "100.b In limited", "100.2b", "rule-digits-missing", "100.b"),
        ("100.2b In limited", "100.2b 100.2b In limited", "100.2b", "number-in-text", "100.2b"),
        ("100.2b In limited", "106.2b In limited", "100.2b", "number-out-of-place", "106.2b"),
        ("100.2b In limited", "100.2a In limited", "100.2b", "letter-repeated", "100.2a"),
    ],
)
def test_each_line_repair_on_a_small_text(old, new, number, kind, printed):
    body = BODY.replace(old, new, 1)
    doc = parse_text(body)
    rules = rules_of(doc)
    text = old.split(" ", 1)[1]
    assert rules[number].text.startswith(text), rules[number].text
    assert [r.number for r in doc.rules] == [r.number for r in parse_text(BODY).rules]
    (warning,) = doc.warnings
    assert (warning.kind, warning.printed, warning.repaired) == (kind, printed, number)
    assert warning.line == line_of(body, new)
    assert str(warning).startswith(f"inline.txt:{warning.line}: ")
    assert printed in warning.message and number in warning.message


def test_a_repeated_rule_number_becomes_the_next_free_one_with_its_subrules():
    body = BODY.replace("100.3. Some formats", "100.2. Some formats", 1)
    body = body.replace("101. The Magic", "100.2a A repeated subrule of the repeated rule.\n\n101. The Magic", 1)
    doc = parse_text(body)
    rules = rules_of(doc)
    assert rules["100.3"].text.startswith("Some formats")
    assert rules["100.3a"].text == "A repeated subrule of the repeated rule."
    assert rules["100.2a"].text.startswith("In constructed play")
    assert [(w.kind, w.printed, w.repaired) for w in doc.warnings] == [
        ("number-repeated", "100.2", "100.3"),
        ("number-repeated", "100.2a", "100.3a"),
    ]


def test_a_stray_digit_in_a_rule_is_read_from_its_subrules():
    doc = repaired(BODY, "100.2. To play", "100.25. To play")
    assert rules_of(doc)["100.2"].text.startswith("To play")
    assert "100.25" not in rules_of(doc)
    assert [(w.kind, w.printed, w.repaired) for w in doc.warnings] == [("digit-added", "100.25", "100.2")]


def test_a_space_before_the_dot_of_a_chapter():
    doc = repaired(BODY, "101. The Magic", "101 . The Magic")
    assert rules_of(doc)["101"].title == "The Magic Golden Rules"
    assert [(w.kind, w.printed, w.repaired) for w in doc.warnings] == [("space-before-dot", "101 .", "101.")]


@pytest.mark.parametrize(
    "old, new, kind, number",
    [
        ("100.2c Commander", "100.2d Commander", "letter-skipped", "100.2d"),
        ("100.3. Some formats", "100.4. Some formats", "number-skipped", "100.4"),
        # The parent may be missing, or the subrules may belong to the rule before: not certain.
        ("100.2a In constructed", "100.3a In constructed", "no-parent", "100.3a"),
    ],
)
def test_an_uncertain_anomaly_is_reported_and_left_as_printed(old, new, kind, number):
    doc = repaired(BODY, old, new)
    assert number in rules_of(doc)
    found = [w for w in doc.warnings if w.kind == kind]
    assert [w.printed for w in found] == [number]
    assert found[0].repaired is None and "left as printed" in found[0].message


def test_a_repeat_with_the_next_number_taken_is_only_reported():
    """c, c, d: which of the two c's is wrong cannot be told."""
    body = BODY.replace("100.2c Commander", "100.2b Commander", 1).replace(
        "100.3. Some", "100.2c Another subrule.\n\n100.3. Some", 1
    )
    doc = parse_text(body)
    assert [(w.kind, w.printed, w.repaired) for w in doc.warnings] == [("duplicate-number", "100.2b", None)]


def test_every_kind_has_a_message_and_left_kinds_say_so():
    for kind in LEFT_AS_PRINTED:
        assert "left as printed" in MESSAGES[kind]
    assert set(LEFT_AS_PRINTED) < set(MESSAGES)


# ---- the official files --------------------------------------------------------------------


def test_storm_of_2009_07_11_is_702_37a_with_its_text_and_one_warning():
    doc = official("20090711")
    rules = rules_of(doc)
    assert rules["702.37a"].text.startswith('Storm is a triggered ability that functions on the stack. "Storm" means')
    assert rules["702.37b"].text == "If a spell has multiple instances of storm, each triggers separately."
    assert rules["702"].title == "Keyword Abilities"
    assert [r.number for r in doc.rules].count("702") == 1
    (storm,) = warnings_at(doc, 2576)
    assert (storm.kind, storm.printed, storm.repaired) == ("space-in-number", "702. 37a", "702.37a")
    assert storm.path.endswith("MagicCompRules_20090711.txt")


def test_numbers_out_of_place_are_read_in_sequence():
    rules = rules_of(official("20060501"))
    assert [rules[f"510.{n}"].line for n in range(1, 7)] == [2024, 2026, 2028, 2030, 2033, 2035]
    assert rules["510.2"].text.startswith("Status is not a characteristic")
    assert rules["501.2"].line < 2000  # chapter 501's own rule is untouched
    assert rules_of(official("20050801"))["609.2c"].text.startswith("The deploy creatures option")
    assert rules_of(official("20060601"))["502.36b"].text.startswith(
        "If a spell or ability has multiple instances of scry"
    )
    for label in ("20061001", "20070201", "20070501", "20070713", "20070907"):
        doc = official(label)
        assert rules_of(doc)["423.2b"].text.startswith(
            "If an effect instructs more than one player to draw cards in a Two"
        )
        assert "432.2b" not in rules_of(doc)


def test_missing_digits_and_repeated_letters_and_numbers():
    rules = rules_of(official("19991101"))
    assert rules["408.2f"].text.startswith("Card text that isn't an ability")
    assert rules["408.2g"].text.startswith("Game actions-untapping")
    assert "408.f" not in rules["408.2e"].text
    doc = official("20081001")
    rules = rules_of(doc)
    assert rules["306.3b"].text.startswith("If an effect would put a creature into play attacking")
    assert rules["306.3c"].text.startswith("If an effect would put a creature into play blocking")
    assert "306.b" not in rules["306.3a"].text
    assert [w.kind for w in warnings_at(doc, 837) + warnings_at(doc, 839)] == [
        "rule-digits-missing",
        "number-out-of-place",
    ]
    for label in ("20090904", "20091001"):
        assert rules_of(official(label))["702.30e"].text.startswith("If part of a spell's ability has its effect only")
    rules = rules_of(official("20240917"))
    assert (rules["702.175"].title, rules["702.176"].title) == ("Offspring", "Impending")
    assert rules["702.176a"].text.startswith("Impending is a keyword that represents four abilities")
    assert rules["702.175a"].text.startswith("Offspring represents two abilities")


def test_a_stray_digit_and_a_repeated_number_in_the_text():
    doc = official("20100618")
    rules = rules_of(doc)
    assert rules["505.5"].text.startswith("Third, the active player gets priority")
    assert "505.54" not in rules
    assert [(w.kind, w.printed, w.repaired) for w in warnings_at(doc, 1545)] == [("digit-added", "505.54", "505.5")]
    doc = official("20050801")
    assert rules_of(doc)["602.2a"].text.startswith('Any rule, object, or effect that refers to a "defending player"')
    assert rules_of(doc)["606.8b"].text.startswith("Players win and lose the game only as a team")


def test_separator_anomalies_of_the_newest_and_oldest_editions():
    assert [(w.line, w.kind, w.printed) for w in official("20260807").warnings] == [
        (1059, "dot-after-subrule", "119.1d.")
    ]
    assert [(w.line, w.kind, w.printed) for w in official("19990423").warnings] == [
        (699, "space-after-number", "305.3.After"),
        (781, "dot-after-subrule", "309.2a."),
    ]


def test_the_japanese_translation():
    path = corpus_path("ja", "CompRules_ja_20260116.0_lines.txt")
    doc = cr_text.parse(path.read_bytes(), str(path))
    rules = rules_of(doc)
    assert rules["702.189"].title == "火の技" and rules["702.189"].text == ""  # "702.189. 702.189. 火の技／Firebending"
    assert any(t.term == "火の技" and t.english == "Firebending" for t in doc.terms)
    assert [(w.line, w.kind, w.repaired) for w in doc.warnings] == [
        (1201, "duplicate-number", None),  # 505.4 twice with two texts: which is wrong is not ours to say
        (2816, "space-after-number", "702.176"),
        (2859, "number-in-text", "702.189"),
        (3207, "space-before-dot", "720."),
    ]


# ---- the audit of all 135 editions --------------------------------------------------------


def audit(doc) -> list[tuple[str, str]]:
    """(rule, kind) of every structural anomaly of a parsed document, checked from scratch."""
    found = []
    numbers = {rule.number for rule in doc.rules}
    seen: set[str] = set()
    letters: dict[str, str] = {}
    rules_in: dict[int, int] = {}
    last = None
    for rule in doc.rules:
        number = RuleNumber.parse(rule.number)
        if rule.number in seen:
            found.append((rule.number, "duplicate-number"))
        elif last is not None and not last < number:
            found.append((rule.number, "out-of-order"))
        seen.add(rule.number)
        last = number
        parent = number.parent
        if parent is not None and str(parent) not in numbers:
            found.append((rule.number, "no-parent"))
        elif number.kind == "subrule":
            previous = letters.get(str(parent))
            if number.letters != (next_letters(previous) if previous else LETTERS[0]):
                found.append((rule.number, "letter-skipped"))
            letters[str(parent)] = number.letters or ""
        elif number.kind == "rule":
            if number.rule != rules_in.get(number.chapter or 0, 0) + 1:
                found.append((rule.number, "number-skipped"))
            rules_in[number.chapter or 0] = number.rule or 0
    return found


def table_rows() -> list[dict]:
    with open(TABLE, encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    for line, row in enumerate(rows, 2):
        assert all(row.get(field) for field in ("edition", "rule", "kind", "reason")), f"{TABLE}:{line}: {row}"
        assert row["kind"] in LEFT_AS_PRINTED, f"{TABLE}:{line}: unknown kind {row['kind']!r}"
    return rows


@pytest.fixture(scope="module")
def every_edition():
    files = sorted(corpus_path("en", "full").glob("MagicCompRules_*.txt"))
    assert len(files) == 135, f"expected the 135 English editions in {CORPUS / 'en' / 'full'}, found {len(files)}"
    return [official(path.stem.rsplit("_", 1)[1]) for path in files]


def test_every_anomaly_left_in_an_official_text_is_in_the_table(every_edition):
    found = {(doc.edition, rule, kind) for doc in every_edition for rule, kind in audit(doc)}
    listed = {(row["edition"], row["rule"], row["kind"]) for row in table_rows()}
    assert not found - listed, f"anomalies not in {TABLE.name}: {sorted(found - listed)}"
    assert not listed - found, f"rows of {TABLE.name} that no longer occur: {sorted(listed - found)}"


def test_the_importer_reports_exactly_the_anomalies_of_the_table(every_edition):
    """What the audit finds, the importer has warned about (and left); it warns about nothing else it left."""
    left = Counter(
        (doc.edition, w.printed, w.kind) for doc in every_edition for w in doc.warnings if w.kind in LEFT_AS_PRINTED
    )
    listed = Counter((row["edition"], row["rule"], row["kind"]) for row in table_rows())
    assert left == listed


def test_the_repairs_over_all_editions(every_edition):
    """Every repair of the 135 files, by kind: a new one must be looked at (and counted here)."""
    kinds = Counter(w.kind for doc in every_edition for w in doc.warnings if w.repaired is not None)
    assert kinds == {
        "dot-after-subrule": 268,
        "space-after-number": 18,
        "number-out-of-place": 13,
        "space-in-number": 10,
        "rule-digits-missing": 3,
        "letter-repeated": 2,
        "number-repeated": 2,
        "number-in-text": 1,
        "digit-added": 1,
    }
    assert all(w.path.endswith(".txt") and w.line > 0 and w.message for doc in every_edition for w in doc.warnings)
    # The two most common kinds, counted from the files' own lines by no code of mtgkb: a subrule printed
    # with a dot after it ("702.26b. Text"), and a number with no space before its text ("901.4.All").
    # The other kinds are judgements about a rule's place among its neighbours (out of place, a digit
    # missing or added, a repeat), which no line-by-line count can make; each of them is shown on a small
    # text above and, where one is left as printed, listed with its reason in source_anomalies.tsv.
    texts = [plain_text(path) for path in sorted(corpus_path("en", "full").glob("MagicCompRules_*.txt"))]
    assert kinds["dot-after-subrule"] == sum(len(re.findall(r"^\d{3}\.\d+[a-z]\. ", t, re.M)) for t in texts)
    assert kinds["space-after-number"] == sum(
        len(re.findall(r"^\d{1,3}(?:\.\d+[a-z]{0,2})?\.?(?=[A-Z])", t, re.M)) for t in texts
    )


def test_the_table_has_a_reason_per_row():
    rows = table_rows()
    assert len(rows) == len({(r["edition"], r["rule"], r["kind"]) for r in rows}) == 13


# ---- through the import command -------------------------------------------------------------


def test_mtgkb_import_prints_the_warnings_in_text_and_json(tmp_path):
    source = tmp_path / "odd.txt"
    source.write_text(HEADER + BODY.replace("100.2b In limited", "100. 2b In limited", 1), encoding="utf-8")
    db = tmp_path / "kb.db"
    text = CliRunner().invoke(cli, ["--db", str(db), "import", str(source)])
    assert text.exit_code == 0, text.output
    assert text.stderr.strip() == (  # one line a file, so that an old edition's dozens do not bury the results
        "1 warning about the source (a repaired number, a skipped letter): --warnings lists it"
    )
    listed = CliRunner().invoke(cli, ["--db", str(tmp_path / "other.db"), "import", "--warnings", str(source)])
    line = line_of(BODY.replace("100.2b In limited", "100. 2b In limited", 1), "100. 2b")
    assert listed.stderr.strip() == (
        f"Warning: {source}:{line}: read '100. 2b' as rule 100.2b (a space inside the number)"
    )
    assert re.search(r"^added +odd: ", text.stdout)
    again = tmp_path / "again.txt"
    again.write_text(source.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    data = json.loads(CliRunner().invoke(cli, ["--db", str(db), "import", str(again), "--json"]).stdout)
    (warning,) = data[0]["warnings"]
    assert warning == {
        "path": str(again),
        "line": line,
        "kind": "space-in-number",
        "printed": "100. 2b",
        "repaired": "100.2b",
        "message": "read '100. 2b' as rule 100.2b (a space inside the number)",
    }
    assert data[0]["rules"] == len(parse_text(BODY).rules)  # the line is a rule, not a chapter's title


def test_a_clean_file_imports_without_warnings(tmp_path):
    source = tmp_path / "clean.txt"
    source.write_text(HEADER + BODY, encoding="utf-8")
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "kb.db"), "import", str(source), "--json"])
    assert json.loads(result.stdout)[0]["warnings"] == [] and result.stderr == ""


def test_a_warning_names_the_file_as_the_caller_passed_it():
    doc = parse_text(BODY.replace("100.2b In limited", "100.2b. In limited", 1), name="some/dir/x.txt")
    assert str(doc.warnings[0]).startswith("some/dir/x.txt:")
    assert Path(doc.warnings[0].path) == Path("some/dir/x.txt")
