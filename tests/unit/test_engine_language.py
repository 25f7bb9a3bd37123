"""The engine's boundaries and the newer parts of the scenario language, with their errors."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from kb.engine import Edition, build, load_pool
from kb.engine.mana import parse_cost
from kb.scenarios import CARD_DIR, run_scenarios

ENGINE = Path(__file__).resolve().parents[2] / "kb" / "engine"
ALLOWED_KB = ("kb.engine", "kb.i18n", "kb.core")


def test_the_engine_imports_only_the_core():
    """No module of kb/engine imports the store, the facade, the CLI or scenarios (nor finds data itself)."""
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for name in names:
                if name == "kb" or name.startswith("kb."):
                    assert name.startswith(ALLOWED_KB), f"{path.name} imports {name}"
        assert "parents[" not in path.read_text(encoding="utf-8"), f"{path.name} finds a folder by its own path"


def test_no_module_imports_the_engine_package_itself():
    """`from kb.engine import x` inside the engine would make kb.engine (its __init__) part of a cycle."""
    for path in sorted(ENGINE.glob("*.py")):
        if path.name == "__init__.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        bad = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module == "kb.engine"]
        assert not bad, f"{path.name}: lines {bad}"


def test_the_card_folder_is_a_parameter():
    with pytest.raises(TypeError):
        load_pool()  # type: ignore[call-arg]
    assert "Ertai's Familiar" in load_pool(CARD_DIR)


def test_costs_are_read_symbol_by_symbol():
    assert parse_cost("{2}{U}{U}") == (2, {"U": 2})
    assert parse_cost("{X}{R}", x=3) == (3, {"R": 1})
    assert parse_cost("") == (0, {})


def run_text(tmp_path, text: str):
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    return run_scenarios([str(path)])


def test_a_scenario_files_card_that_reuses_a_bundled_name_is_refused(tmp_path):
    results = run_text(
        tmp_path,
        """
cards:
  - {name: Grizzly Bears, types: [Creature], power: 3, toughness: 3}
scenarios:
  - name: clash
    rules: [702.26a]
    setup: {players: [A, B]}
    steps: [{expect: {turn: 2}}]
""",
    )
    assert [str(e) for e in results[0].errors] == [
        "mine.yaml: scenario \"clash\": cards[0]: card 'Grizzly Bears' defined twice"
    ]


def test_a_scenarios_own_card_is_checked_like_a_bundled_one(tmp_path):
    results = run_text(
        tmp_path,
        """
scenarios:
  - name: bad card
    rules: [702.26a]
    cards:
      - {name: Odd Thing, types: [Creature], keywords: [shimmering], power: 1, toughness: 1}
    setup: {players: [A, B]}
    steps: [{expect: {turn: 2}}]
""",
    )
    assert "scenarios[0].cards[0] (Odd Thing): unknown keyword(s) ['shimmering']" in str(results[0].errors[0])


@pytest.mark.parametrize(
    "setup, path, words",
    [
        ({"players": ["A", "B"], "fix": {"d7x": [1]}}, "setup.fix.d7x", "unknown random kind"),
        (
            {"players": ["A", "B"], "stack": [{"card": "Murder", "targets": ["nobody"]}]},
            "setup.stack[0].targets[0]",
            "unknown id",
        ),
        ({"players": ["A", "B"], "stack": [{"controller": "A"}]}, "setup.stack[0]", "needs 'card'"),
        ({"players": ["A", "B", "C"], "teams": [["A", "B"], ["C"]]}, "setup.teams", "two teams of two"),
        ({"players": ["A", "B"], "seating": ["A", "C"]}, "setup.seating", "each once"),
    ],
)
def test_setup_errors_name_the_field(setup, path, words):
    from kb.engine import InputError

    with pytest.raises(InputError) as err:
        build(setup, load_pool(CARD_DIR), Edition())
    assert err.value.path == path and words in err.value.message


def test_ordering_triggers_that_are_not_waiting_is_an_error(tmp_path):
    results = run_text(
        tmp_path,
        """
scenarios:
  - name: bad order
    rules: [603.3b]
    setup:
      players: [A, B]
      battlefield:
        - {card: Teferi's Imp, id: imp, controller: A}
        - {card: Teferi's Imp, id: imp2, controller: A}
      hands: {A: [Slip Out the Back, Plains, Plains]}
      turn: {active: A, step: main1}
    steps:
      - choose: {player: A, kind: order, value: [Blood Artist]}
      - advance: {to: upkeep, player: A}
""",
    )
    failure = results[0].failures[0]
    assert 'ordered "Blood Artist", which is not one of their waiting triggers' in failure["actual"]


def test_the_tutorial_scenario_is_bundled_and_passes():
    results = [r for r in run_scenarios() if r.name.startswith("Teferi's Protection: Giant Growth")]
    assert len(results) == 1 and results[0].passed
    assert "rulings_corrections.yaml" in Path(results[0].file).name
