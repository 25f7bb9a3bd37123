"""Planechase in the engine: the planar die, phenomena, the planar controller."""

from __future__ import annotations

import pytest

from kb.engine import Edition, RulesError, build, load_pool, planechase, players, special, stack, turn
from kb.scenarios import CARD_DIR


def pc_game(decks: dict, face_up: list[str], names=("A", "B"), active="A", **extra):
    setup = {
        "players": list(names),
        "turn": {"active": active, "step": "main1"},
        "planechase": {"decks": decks, "face_up": face_up},
        **extra,
    }
    return build(setup, load_pool(CARD_DIR), Edition())


def face_up(game):
    return sorted(c.name for c in game.command)


def test_die_cost_rises_with_each_roll_this_turn_and_resets():
    game = pc_game({"A": ["Goldmeadow", "Tazeem"]}, ["Goldmeadow"])
    costs = []
    for _ in range(3):
        special.roll_planar_die(game, "A", "blank")
        costs.append(next(e["cost"] for e in reversed(game.events) if e["kind"] == "die_cost"))
    assert costs == [0, 1, 2]
    turn.advance_to(game, "main1", "B")
    assert game.players["A"].die_special_actions == 0


def test_only_the_active_player_in_a_main_phase_with_an_empty_stack_may_roll():
    game = pc_game({"A": ["Goldmeadow", "Tazeem"]}, ["Goldmeadow"])
    with pytest.raises(RulesError):
        special.roll_planar_die(game, "B", "blank")
    turn.advance_to(game, "beginning_of_combat", "A")
    with pytest.raises(RulesError):
        special.roll_planar_die(game, "A", "blank")


def test_planeswalk_symbol_triggers_the_sourceless_planeswalking_ability():
    game = pc_game({"A": ["Goldmeadow", "Tazeem"]}, ["Goldmeadow"])
    special.roll_planar_die(game, "A", "planeswalk")
    (item,) = game.stack
    assert item.source is None and item.controller == "A" and item.source_name == "planeswalking ability"
    turn.all_pass(game)
    assert face_up(game) == ["Tazeem"]
    assert [c.name for c in game.players["A"].planar_deck] == ["Goldmeadow"]


def test_countered_encounter_trigger_still_planeswalks_away():
    game = pc_game({"A": ["Goldmeadow", "Mutual Epiphany", "Tazeem"]}, ["Goldmeadow"], hands={"B": ["Stifle"]})
    special.roll_planar_die(game, "A", "planeswalk")
    turn.all_pass(game)
    assert face_up(game) == ["Mutual Epiphany"] and len(game.stack) == 1
    stack.cast(game, "B", game.players["B"].hand[0], ["Mutual Epiphany"])
    turn.all_pass(game)  # Stifle resolves; 704.6f walks away
    assert face_up(game) == ["Tazeem"]
    assert len(game.players["A"].hand) == 0


def test_face_down_and_up_again_is_a_new_object():
    game = pc_game({"A": ["Goldmeadow", "Tazeem"]}, ["Goldmeadow"])
    first = game.command[0].oid
    planechase.planeswalk(game, "A")
    planechase.planeswalk(game, "A")
    assert face_up(game) == ["Goldmeadow"] and game.command[0].oid != first


def test_planar_controller_follows_the_active_player_and_passes_on_when_it_leaves():
    game = pc_game({"A": ["Goldmeadow"], "C": ["Tazeem"]}, ["Goldmeadow"], names=("A", "B", "C"))
    assert game.planar_controller == "A"
    players.leave_game(game, "A")
    assert game.planar_controller == "B"
    assert face_up(game) == []  # A's plane left; B's planar deck is empty
    turn.advance_to(game, "upkeep", "C")
    assert game.planar_controller == "C"


def test_time_distortion_reverses_turn_order():
    game = pc_game({"A": ["Goldmeadow", "Time Distortion", "Tazeem"]}, ["Goldmeadow"], names=("A", "B", "C"))
    special.roll_planar_die(game, "A", "planeswalk")
    turn.all_pass(game)
    turn.all_pass(game)
    turn.advance_to(game, "upkeep")
    assert game.active == "C"


def test_spatial_merging_faces_up_two_planes_and_both_apply():
    game = pc_game(
        {"A": ["Goldmeadow", "Spatial Merging", "Tazeem", "Krosa"]},
        ["Goldmeadow"],
        battlefield=[
            {"card": "Grizzly Bears", "id": "bears", "controller": "A"},
            {"card": "Memnite", "id": "memnite", "controller": "B"},
        ],
    )
    special.roll_planar_die(game, "A", "planeswalk")
    turn.all_pass(game)
    turn.all_pass(game)
    assert face_up(game) == ["Krosa", "Tazeem"]
    assert game.chars(game.labelled("bears")).power == 4


def test_unfixed_planar_die_has_six_faces_four_blank():
    game = pc_game({"A": ["Goldmeadow", "Tazeem"]}, ["Goldmeadow"])
    results = []
    for _ in range(600):
        game.players["A"].die_special_actions = 0
        game.stack.clear()
        game.pending.clear()
        results.append(special.roll_planar_die(game, "A"))
        game.stack.clear()
        game.pending.clear()
    assert 330 < results.count("blank") < 470
    assert 60 < results.count("chaos") < 150


def test_leaving_owner_of_one_of_two_face_up_planes_turns_up_a_card_at_once():
    game = pc_game(
        {"A": ["Tazeem", "Bant"], "B": ["Goldmeadow"], "C": ["Krosa"]}, ["Goldmeadow", "Tazeem"], names=("A", "B", "C")
    )
    players.leave_game(game, "B")
    assert face_up(game) == ["Bant", "Tazeem"]
