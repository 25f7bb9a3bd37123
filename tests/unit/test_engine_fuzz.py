"""Invariants on generated games (kb/scenarios/fuzz.py): CI's share of games, the checks themselves, shrinking,
and the scenario files a failure becomes."""

from __future__ import annotations

import json
import random

import pytest
import yaml
from click.testing import CliRunner

from kb.cli import cli
from kb.engine import Edition, build, load_pool
from kb.engine.cards import parse_card
from kb.engine.runner import Runner
from kb.scenarios import SCENARIO_DIR, run_scenarios
from kb.scenarios.fuzz import (
    CARD_DIR,
    Before,
    Broken,
    Play,
    check_file,
    check_state_based,
    check_step,
    final_expect,
    fuzz,
    game_seed,
    kinds_of,
    make_setup,
    play_game,
    replay_checked,
    scenario_yaml,
    shrink,
    written_failure,
)

POOL = load_pool(CARD_DIR)
DUEL = {
    "players": ["A", "B"],
    "turn": {"active": "A", "step": "main1"},
    "battlefield": [
        {"card": "Grizzly Bears", "id": "bears", "controller": "A"},
        {"card": "Pacifism", "id": "pacifism", "controller": "B", "attached_to": "bears"},
    ],
    "hands": {"A": ["Murder"], "B": ["Slip Out the Back"]},
}


def test_ci_share_of_generated_games_breaks_no_invariant():
    """200 games from seed 0 (docs/engine.md): every invariant holds after every step, and the games did what
    the invariants are about (phasing both ways, casting, attacking, planeswalking, dice, players leaving)."""
    report = fuzz(seed=0, games=200)
    assert [(f.game, f.invariant, f.message) for f in report.failures] == []
    assert report.games == 200
    assert report.steps > 200 * 8
    for kind in ("phases_out", "phases_in", "cast", "attacks", "planeswalk_to", "left_game", "dice_rolled", "enters"):
        assert report.events.get(kind, 0) > 0, kind


def test_the_same_seed_plays_the_same_games():
    first, second = fuzz(seed=3, games=15), fuzz(seed=3, games=15)
    assert (first.steps, first.refused, first.events) == (second.steps, second.refused, second.events)
    other = fuzz(seed=4, games=15)
    assert (other.steps, other.events) != (first.steps, first.events)


def test_every_bundled_scenario_keeps_the_invariants():
    """The hand-written scenarios, replayed step by step through the same checks (plain and with twins)."""
    broken = []
    for path in sorted(SCENARIO_DIR.glob("*.yaml")):
        if path.name != "schema.yaml":
            broken += [(path.name, *found) for found in check_file(str(path))]
    assert broken == []


def test_a_twin_that_changes_breaks_the_twins_invariant():
    play = Play(DUEL, POOL)
    play.compare()
    play.twins.game.labelled("bears").tapped = True  # as if some effect had reached past the twins
    with pytest.raises(Broken) as caught:
        play.compare()
    assert caught.value.invariant == "twins"


def test_a_life_change_without_an_event_breaks_accounting():
    game = build(DUEL, POOL, Edition())
    before = Before.of(game)
    check_step(game, before, frozenset())
    game.players["A"].life -= 3  # as if some rule changed a life total without saying so
    with pytest.raises(Broken) as caught:
        check_step(game, before, frozenset())
    assert caught.value.invariant == "accounting" and "A's life" in caught.value.message


def test_a_card_moved_between_zones_without_an_event_breaks_accounting():
    game = build(DUEL, POOL, Edition())
    before = Before.of(game)
    library, hand = game.players["B"].library, game.players["B"].hand
    hand.append(library.pop(0))  # a draw no rule logged
    with pytest.raises(Broken) as caught:
        check_step(game, before, frozenset())
    assert caught.value.invariant == "accounting" and "B's" in caught.value.message


def test_an_enters_event_for_a_permanent_already_there_breaks_zone_change():
    game = build(DUEL, POOL, Edition())
    before = Before.of(game)
    game.events.append({"kind": "enters", "oid": game.labelled("bears").oid})
    with pytest.raises(Broken) as caught:
        check_step(game, before, frozenset())
    assert caught.value.invariant == "zone_change"


def test_an_attachment_that_moves_unexplained_breaks_zone_change():
    setup = {**DUEL, "battlefield": [*DUEL["battlefield"], {"card": "Memnite", "id": "memnite", "controller": "A"}]}
    game = build(setup, POOL, Edition())
    before = Before.of(game)
    game.labelled("pacifism").attached_to = game.labelled("memnite").oid
    with pytest.raises(Broken) as caught:
        check_step(game, before, frozenset())
    assert caught.value.invariant == "zone_change" and "pacifism" in caught.value.message


def test_a_state_based_action_left_undone_breaks_state_based():
    setup = {**DUEL, "battlefield": [{"card": "Hammer Jammer", "id": "jammer", "controller": "A"}]}
    game = build(setup, POOL, Edition())  # a 0/0 creature: 704.5f applies
    game.priority = "A"
    with pytest.raises(Broken) as caught:
        check_state_based(game, frozenset())
    assert caught.value.invariant == "state_based"


def test_shrinking_keeps_only_what_the_failure_needs():
    setup = {**DUEL, "hands": {"A": ["Murder", "Giant Growth"], "B": ["Slip Out the Back"]}}
    steps = [{"pass": "A"}, {"cast": {"player": "A", "card": "Murder"}}, {"resolve": 1}, {"advance": {"to": "end"}}]

    def fails(s: dict, st: list) -> bool:  # "breaks" while Murder is cast and the Bears are there
        return any("cast" in x for x in st) and any(e["id"] == "bears" for e in s["battlefield"])

    small_setup, small_steps = shrink(setup, steps, fails)
    assert small_steps == [{"cast": {"player": "A", "card": "Murder"}}]
    assert [e["id"] for e in small_setup["battlefield"]] == ["bears"]
    assert small_setup["hands"] == {"A": [], "B": []}


def test_a_broken_game_is_shrunk_into_a_scenario_file_that_still_breaks(tmp_path):
    """A card whose data the engine can't apply (a static ability with an unknown selector) makes an action
    raise something other than a refusal: the game is shrunk to the two steps and the card that matter."""
    bad = {
        "name": "Bad Anthem",
        "types": ["Enchantment"],
        "cost": "{1}",
        "text": "(test card) Its creatures get +1/+1, said with a selector the engine doesn't know.",
        "static": [{"pump": {"affected": "bogus", "power": 1, "toughness": 1}}],
    }
    pool = POOL.with_cards([parse_card(bad, "cards[0]")])
    setup = {
        **DUEL,
        "battlefield": [*DUEL["battlefield"], {"card": "Memnite", "id": "memnite", "controller": "B"}],
        "hands": {"A": ["Murder", "Bad Anthem"], "B": ["Giant Growth"]},
    }
    steps = [{"pass": "A"}, {"cast": {"player": "A", "card": "Bad Anthem"}}, {"resolve": 1}, {"pass": "A"}]
    broken, play = replay_checked(setup, steps, pool)
    assert broken is not None and broken.invariant == "exception" and "unknown selector" in broken.message
    broken.play = play  # as play_game leaves it
    failure = written_failure(4, 2, setup, broken, pool)
    doc = yaml.safe_load(failure.scenario)
    (scenario,) = doc["scenarios"]
    assert scenario["steps"] == [{"cast": {"player": "A", "card": "Bad Anthem"}}, {"resolve": 1}]
    assert scenario["setup"]["battlefield"] == [] and scenario["setup"]["hands"] == {"A": ["Bad Anthem"], "B": []}
    assert (failure.invariant, failure.steps, failure.game, failure.seed) == ("exception", 2, 2, 4)
    doc["cards"] = [bad]
    path = tmp_path / "found.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    assert [(name, invariant) for name, invariant, _m in check_file(str(path))] == [(scenario["name"], "exception")]


@pytest.mark.parametrize("game_no", range(6))
def test_a_generated_game_is_a_scenario_that_plays_the_same(tmp_path, game_no):
    """What a failure is written as: the setup, the accepted steps and (for twins) the state the game without
    twins showed. A game that broke nothing, written so, passes plain and with twins."""
    rng = random.Random(game_seed(9, game_no))
    setup = make_setup(rng, kinds_of(POOL))
    play = play_game(setup, rng, POOL)
    steps = list(play.steps) + [{"expect": final_expect(play.plain.game)}]
    path = tmp_path / "game.yaml"
    path.write_text(scenario_yaml(9, game_no, "twins", "written for the test", setup, steps), encoding="utf-8")
    for twins in (False, True):
        (result,) = run_scenarios([str(path)], twins=twins)
        assert result.errors == [] and result.failures == [], (twins, result.failures, result.errors)
    assert check_file(str(path)) == []


def test_a_written_scenario_fails_where_a_twin_was_seen(tmp_path):
    """The expectation written for a twins failure is the game without twins: a game whose twin changed
    something fails it with --twins."""
    rng = random.Random(game_seed(9, 0))
    setup = make_setup(rng, kinds_of(POOL))
    play = play_game(setup, rng, POOL)
    want = final_expect(play.plain.game)
    want["life"] = {name: life + 1 for name, life in want["life"].items()}  # what a wrong engine would show
    path = tmp_path / "game.yaml"
    path.write_text(scenario_yaml(9, 0, "twins", "test", setup, list(play.steps) + [{"expect": want}]), "utf-8")
    (result,) = run_scenarios([str(path)], twins=True)
    assert not result.passed and result.failures[0]["expectation"].startswith("life")


def test_the_refused_steps_of_a_game_are_not_written():
    rng = random.Random(game_seed(2, 1))
    setup = make_setup(rng, kinds_of(POOL))
    play = play_game(setup, rng, POOL)
    runner = Runner(build(setup, POOL, Edition()))
    assert runner.run(list(play.steps)) == []  # every written step is one the rules allowed


def test_fuzz_command_json_and_exit_code(tmp_path):
    result = CliRunner().invoke(
        cli, ["scenarios", "fuzz", "--seed", "5", "--games", "4", "--json", "--out", str(tmp_path / "found")]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 4 and data["seed"] == 5 and data["failures"] == [] and data["written"] == []
    assert data["steps"] > 0 and data["events"]["cast"] > 0
    text = CliRunner().invoke(cli, ["scenarios", "fuzz", "--seed", "5", "--games", "4"])
    assert text.exit_code == 0 and "4 games from seed 5" in text.output and "0 invariants broken" in text.output


def test_written_scenario_header_and_rules():
    text = scenario_yaml(7, 3, "zone_change", "x", dict(DUEL), [{"pass": "A"}])
    assert text.startswith("# Written by `mtgkb scenarios fuzz --seed 7`: game 3 broke 'zone_change'.")
    doc = yaml.safe_load(text)
    assert doc["scenarios"][0]["rules"] == ["702.26d"] and doc["scenarios"][0]["steps"] == [{"pass": "A"}]
