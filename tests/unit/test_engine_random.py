"""A seeded, bounded randomized check of phasing: generated game states with phased-out twins.

Each seed builds a random battlefield (creatures, anthems, Auras, Equipment, lands, some
already phased out, some with counters or tapped) for two or three players and plays
three turns of untap-step phasing in two games: one plain, one with a phased-out twin of
every permanent (setup.add_twins). Invariants:

* nothing sees a phased-out permanent: no selector, target list, count or static
  ability includes a twin, and the visible state of both games is the same;
* phasing changes no zone and fires no zone-change trigger: every permanent stays the
  same object on the battlefield, and no enters/leaves/dies event happens.

The seeds are fixed, so the check is deterministic in CI.
"""

from __future__ import annotations

import random

import pytest

import kb.engine.phasing as phasing
import kb.engine.stack as stack
import kb.engine.turn as turn
from kb.engine import Edition, build, load_pool
from kb.engine.select import select_set
from kb.scenarios import CARD_DIR

POOL = load_pool(CARD_DIR)
CREATURES = [
    "Tolarian Drake",
    "Breezekeeper",
    "Grizzly Bears",
    "Memnite",
    "White Knight",
    "Taniwha",
    "Ertai's Familiar",
]
OTHERS = ["Glorious Anthem", "Crusade", "Island", "Plains", "Forest"]
ATTACHED = ["Pacifism", "Cloak of Invisibility", "Bonesplitter"]
SEEDS = range(40)
ZONE_EVENTS = {"enters", "leaves", "dies", "land_enters"}


def random_setup(seed: int) -> dict:
    rng = random.Random(seed)
    players = ["A", "B", "C"][: rng.choice([2, 3])]
    battlefield: list[dict] = []
    creatures: list[str] = []
    for i in range(rng.randint(3, 9)):
        name = rng.choice(CREATURES + OTHERS)
        if name == "Taniwha" and any(e["card"] == name for e in battlefield):
            name = "Grizzly Bears"  # legendary: one only, or the legend rule asks a choice
        entry: dict = {"card": name, "id": f"p{i}", "controller": rng.choice(players)}
        if rng.random() < 0.3:
            entry["phased_out"] = True
        if rng.random() < 0.3:
            entry["tapped"] = True
        if rng.random() < 0.2 and name in CREATURES:
            entry["counters"] = {"+1/+1": rng.randint(1, 2)}
        if name in CREATURES:
            creatures.append(entry["id"])
        battlefield.append(entry)
    for j in range(rng.randint(0, 3)):
        if not creatures:
            break
        host = rng.choice(creatures)
        host_entry = next(e for e in battlefield if e["id"] == host)
        entry = {"card": rng.choice(ATTACHED), "id": f"a{j}", "controller": rng.choice(players), "attached_to": host}
        if host_entry.get("phased_out"):
            entry["phased_out"] = "indirect"
        battlefield.append(entry)
    return {
        "players": players,
        "turn": {"active": players[-1], "step": "end"},
        "battlefield": battlefield,
        "libraries": {p: 10 for p in players},
    }


def _visible(game) -> dict:
    """What the game shows of its non-twin objects and its players."""
    out: dict = {}
    for label, card_id in game.labels.items():
        if label.endswith("~twin"):
            continue
        obj = game.find_card(card_id)
        if obj is None:
            out[label] = None
            continue
        ch = game.chars(obj)
        out[label] = (
            obj.zone,
            obj.phased_out,
            obj.phase_kind,
            obj.tapped,
            dict(obj.counters),
            ch.power,
            ch.toughness,
            sorted(ch.keywords),
            ch.controller,
        )
    for name, player in game.players.items():
        out[f"player {name}"] = (player.life, len(player.hand), len(player.library), len(player.graveyard))
    out["creatures"] = sorted(game.label_of(c) for c in game.creatures())
    return out


def _twins(game) -> list:
    return [game.find_card(cid) for label, cid in game.labels.items() if label.endswith("~twin")]


def _assert_unseen(game) -> None:
    twins = {t.oid for t in _twins(game)}
    assert twins, "every generated game has twins"
    for name in game.in_game():
        seen = {p.oid for p in select_set(game, {"permanents": {}}, name)}
        assert not seen & twins
        for kind in ("creature", "permanent", "land", "enchantment", "artifact"):
            keys = {v.oid for _k, v in stack.candidates(game, {"kind": kind}, name, None)}
            assert not keys & twins, f"a twin is a legal {kind} target for {name}"
    assert not {p.oid for p in game.permanents()} & twins
    assert not {t.source.oid for t in game.pending if t.source is not None} & twins


def _play(setup: dict, twins: bool, seed: int = 0):
    game = build(setup, POOL, Edition(), twins=twins)
    rng = random.Random(seed)  # the same picks in the plain game and the one with twins
    objects = {p.oid for p in game.all_permanents()}
    start = len(game.events)
    snapshots = [_visible(game)]
    for _ in range(3):
        if twins:
            _assert_unseen(game)
        turn.advance_to(game, "upkeep")
        while game.stack:
            turn.all_pass(game)
        snapshots.append(_visible(game))
        # An effect phases out some of what is visible, by label (Teferi's Realm, Slip Out the Back).
        # Not an attachment on its own: phasing in on a host that is phased out, it would go to the
        # graveyard by a state-based action (702.26i, 704.5m), a zone change the rules do make.
        visible = sorted(game.label_of(p) for p in game.permanents() if p.attached_to is None)
        picked = [game.labelled(label) for label in visible if rng.random() < 0.3]
        phasing.phase_out(game, picked)
        while game.stack or game.pending:
            stack.priority_point(game)
            if game.stack:
                turn.all_pass(game)
        snapshots.append(_visible(game))
    events = [e["kind"] for e in game.events[start:]]
    return game, objects, events, snapshots


@pytest.mark.parametrize("seed", SEEDS)
def test_phased_out_twins_change_nothing(seed: int) -> None:
    setup = random_setup(seed)
    plain, plain_objects, plain_events, plain_states = _play(setup, twins=False, seed=seed)
    game, objects, events, states = _play(setup, twins=True, seed=seed)
    assert states == plain_states, f"seed {seed}: the twins changed what the game shows"
    for g, before, kinds in ((plain, plain_objects, plain_events), (game, objects, events)):
        assert {p.oid for p in g.all_permanents()} == before, f"seed {seed}: phasing made a new object"
        assert all(p.zone == "battlefield" for p in g.all_permanents())
        assert not ZONE_EVENTS & set(kinds), f"seed {seed}: a zone change during phasing: {kinds}"
    for twin in _twins(game):
        assert twin.phased_out and twin.zone == "battlefield"


def test_the_generator_makes_phasing_happen() -> None:
    """The generated games really phase things in and out (else the check would prove little)."""
    phased = 0
    for seed in SEEDS:
        _game, _objects, events, _states = _play(random_setup(seed), twins=False)
        phased += "phases_out" in events and "phases_in" in events
    assert phased >= len(SEEDS) // 2
