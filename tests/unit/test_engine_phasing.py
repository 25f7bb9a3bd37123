"""The engine's phasing, driven through its own API (no scenario files)."""

from __future__ import annotations

import pytest

from kb.engine import Edition, RulesError, Runner, build, load_pool, phasing, stack, turn
from kb.engine.setup import add_twins
from kb.scenarios import CARD_DIR


def game_of(setup: dict, edition: str | None = None, twins: bool = False):
    return build(setup, load_pool(CARD_DIR), Edition.of(edition), twins=twins)


def perm(game, label):
    return game.labelled(label)


def test_untap_step_phases_out_and_in_at_once_before_untapping():
    game = game_of(
        {
            "players": ["A", "B"],
            "turn": {"active": "B", "step": "end"},
            "battlefield": [
                {"card": "Tolarian Drake", "id": "drake", "controller": "A", "tapped": True},
                {"card": "Grizzly Bears", "id": "bears", "controller": "A", "phased_out": True, "tapped": True},
                {"card": "Breezekeeper", "id": "keeper", "controller": "B"},
            ],
        }
    )
    turn.advance_to(game, "untap", "A")
    drake, bears, keeper = perm(game, "drake"), perm(game, "bears"), perm(game, "keeper")
    assert (drake.phased_out, drake.phase_kind, drake.phased_out_under) == (True, "direct", "A")
    assert drake.tapped is True  # phased out before the untap: stays tapped
    assert bears.phased_out is False and bears.tapped is False
    assert keeper.phased_out is False
    assert game.priority is None  # no priority in the untap step


def test_phased_out_permanent_is_invisible_to_queries_but_stays_on_the_battlefield():
    game = game_of(
        {
            "players": ["A", "B"],
            "battlefield": [
                {"card": "Grizzly Bears", "id": "bears", "controller": "A", "phased_out": True},
                {"card": "Glorious Anthem", "id": "anthem", "controller": "A", "phased_out": True},
                {"card": "Memnite", "id": "memnite", "controller": "A"},
            ],
        }
    )
    assert perm(game, "bears").zone == "battlefield"
    assert [p.name for p in game.permanents()] == ["Memnite"]
    assert len(game.all_permanents()) == 3
    assert game.chars(perm(game, "memnite")).power == 1  # the Anthem is phased out


def test_phase_out_takes_attachments_indirectly_and_direct_beats_indirect():
    game = game_of(
        {
            "players": ["A", "B"],
            "battlefield": [
                {"card": "Grizzly Bears", "id": "bears", "controller": "A"},
                {"card": "Bonesplitter", "id": "splitter", "controller": "A", "attached_to": "bears"},
                {"card": "Pacifism", "id": "pacifism", "controller": "B", "attached_to": "bears"},
            ],
        }
    )
    bears, splitter, pacifism = perm(game, "bears"), perm(game, "splitter"), perm(game, "pacifism")
    phasing.phase_out(game, [bears, splitter])
    assert bears.phase_kind == "direct"
    assert splitter.phase_kind == "indirect" and pacifism.phase_kind == "indirect"
    assert pacifism.phased_out_under == "B"
    phasing.phase_in(game, [bears])
    assert not splitter.phased_out and not pacifism.phased_out
    assert game.chars(bears).power == 4


def test_indirectly_phased_out_aura_does_not_phase_in_on_its_own():
    game = game_of(
        {
            "players": ["A", "B"],
            "turn": {"active": "A", "step": "end"},
            "battlefield": [
                {
                    "card": "Grizzly Bears",
                    "id": "bears",
                    "controller": "A",
                    "phased_out": True,
                    "phased_out_under": "A",
                },
                {
                    "card": "Pacifism",
                    "id": "pacifism",
                    "controller": "B",
                    "attached_to": "bears",
                    "phased_out": "indirect",
                    "phased_out_under": "B",
                },
            ],
        }
    )
    turn.advance_to(game, "upkeep", "B")
    assert perm(game, "pacifism").phased_out is True
    assert perm(game, "bears").phased_out is True


def test_targets_are_checked_again_on_resolution():
    game = game_of(
        {
            "players": ["A", "B"],
            "turn": {"active": "A", "step": "main1"},
            "battlefield": [{"card": "Grizzly Bears", "id": "bears", "controller": "A"}],
            "hands": {"A": ["Giant Growth", "Slip Out the Back"]},
        }
    )
    hand = game.players["A"].hand
    stack.cast(game, "A", hand[0], ["bears"])
    stack.cast(game, "A", game.players["A"].hand[0], ["bears"])
    turn.all_pass(game)  # Slip Out the Back: counter, phase out
    turn.all_pass(game)  # Giant Growth: its target is gone
    bears = perm(game, "bears")
    assert bears.phased_out and bears.counters == {"+1/+1": 1}
    assert not any(e.source_name == "Giant Growth" for e in game.effects)
    assert [c.name for c in game.players["A"].graveyard] == ["Giant Growth", "Slip Out the Back"]  # top first


def test_a_phased_out_permanent_cannot_be_targeted():
    game = game_of(
        {
            "players": ["A", "B"],
            "turn": {"active": "B", "step": "main1"},
            "battlefield": [{"card": "Grizzly Bears", "id": "bears", "controller": "A", "phased_out": True}],
            "hands": {"B": ["Murder"]},
        }
    )
    with pytest.raises(RulesError, match="not a legal target"):
        stack.cast(game, "B", game.players["B"].hand[0], ["bears"])


def test_for_as_long_as_effect_ends_when_its_permanent_phases_out():
    game = game_of(
        {
            "players": ["A", "B"],
            "turn": {"active": "B", "step": "end"},
            "battlefield": [
                {"card": "Aven Mimeomancer", "controller": "A"},
                {"card": "Grizzly Bears", "id": "bears", "controller": "B"},
            ],
        }
    )
    game.choices.append({"player": "A", "kind": "target", "value": "bears"})
    turn.advance_to(game, "upkeep", "A")
    turn.all_pass(game)
    bears = perm(game, "bears")
    assert (game.chars(bears).power, game.chars(bears).toughness) == (3, 1)
    phasing.phase_out(game, [bears])
    phasing.phase_in(game, [bears])
    assert (game.chars(bears).power, game.chars(bears).toughness) == (2, 2)
    assert bears.counters == {"feather": 1}


def test_cant_phase_out_effect_keeps_a_phasing_creature_in():
    game = game_of(
        {
            "players": ["A", "B"],
            "turn": {"active": "B", "step": "main1"},
            "battlefield": [{"card": "Ertai's Familiar", "id": "familiar", "controller": "A"}],
        }
    )
    stack.activate(game, "A", perm(game, "familiar"), "stay")
    turn.all_pass(game)
    turn.advance_to(game, "upkeep", "A")
    assert perm(game, "familiar").phased_out is False
    turn.advance_to(game, "upkeep", "A")  # the effect ended at the last upkeep
    assert perm(game, "familiar").phased_out is True


@pytest.mark.parametrize("edition, exists", [("2010-07-16", False), ("2017-08-25", True), ("2026-08-07", True)])
def test_phased_out_token_by_edition(edition, exists):
    game = game_of(
        {
            "players": ["A", "B"],
            "battlefield": [{"token": {"name": "Goat", "power": 0, "toughness": 1}, "id": "goat", "controller": "A"}],
        },
        edition,
    )
    goat = perm(game, "goat")
    phasing.phase_out(game, [goat])
    stack.priority_point(game)
    assert (goat in game.battlefield) is exists


@pytest.mark.parametrize("edition, in_combat", [("2009-07-11", True), ("2010-07-16", False)])
def test_removed_from_combat_by_edition(edition, in_combat):
    game = game_of(
        {"players": ["A", "B"], "battlefield": [{"card": "Grizzly Bears", "id": "bears", "controller": "A"}]}, edition
    )
    bears = perm(game, "bears")
    bears.attacking = "B"
    phasing.phase_out(game, [bears])
    assert bears.in_combat is in_combat


def test_twins_are_phased_out_for_good_and_change_nothing():
    setup = {
        "players": ["A", "B"],
        "turn": {"active": "B", "step": "end"},
        "battlefield": [
            {"card": "Glorious Anthem", "controller": "A"},
            {"card": "Grizzly Bears", "id": "bears", "controller": "A"},
            {"card": "Bonesplitter", "id": "splitter", "controller": "A", "attached_to": "bears"},
        ],
    }
    plain, twinned = game_of(setup), game_of(setup, twins=True)
    assert len(twinned.all_permanents()) == 6 and len(twinned.permanents()) == 3
    twin = twinned.labelled("splitter~twin")
    assert twin.phase_kind == "indirect" and twin.attached_to == twinned.labelled("bears~twin").oid
    for game in (plain, twinned):
        turn.advance_to(game, "upkeep", "A")
        turn.advance_to(game, "upkeep", "A")
    assert twinned.labelled("bears~twin").phased_out
    assert twinned.chars(twinned.labelled("bears")).power == plain.chars(plain.labelled("bears")).power == 5


def test_add_twins_twice_names_twins_uniquely():
    game = game_of({"players": ["A", "B"], "battlefield": [{"card": "Memnite", "id": "m", "controller": "A"}]})
    add_twins(game)
    assert "m~twin" in game.labels
    add_twins(game)  # twins of the permanent and of its twin: every label still names one object
    labels = [game.label_of(perm) for perm in game.all_permanents()]
    assert len(labels) == 4 and len(set(labels)) == 4, labels
    assert {"m", "m~twin"} <= set(labels) and all(game.labelled(label) is not None for label in labels)


def test_runner_reports_step_expected_and_actual():
    game = game_of(
        {"players": ["A", "B"], "battlefield": [{"card": "Grizzly Bears", "id": "bears", "controller": "A"}]}
    )
    failures = Runner(game).run([{"expect": {"bears": {"pt": "3/3"}, "life": {"A": 19}}}])
    assert [(f.step, f.expectation, f.expected, f.actual) for f in failures] == [
        (0, "bears.pt", "3/3", "2/2"),
        (0, "life", {"A": 19}, {"A": 20}),
    ]
