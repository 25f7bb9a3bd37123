"""Cards as data: the pool the issue asks for, and what a bad card file says."""

from __future__ import annotations

import pytest

from kb.engine.cards import CardError, load_pool, parse_card
from kb.engine.effects import VERBS
from kb.scenarios import CARD_DIR

REQUIRED = [
    "Tolarian Drake",
    "Breezekeeper",
    "Shimmering Efreet",
    "Frenetic Efreet",
    "Teferi's Imp",
    "Ertai's Familiar",
    "Taniwha",
    "Teferi's Protection",
    "Oubliette",
    "Teferi's Realm",
    "Teferi's Veil",
    "Slip Out the Back",
    "Spatial Binding",
    "Out of Time",
    "Teferi, Master of Time",
    "Glorious Anthem",
    "Crusade",
    "Wrath of God",
    "Giant Growth",
    "Collective Unconscious",
    "Aven Mimeomancer",
    "Pacifism",
    "Bonesplitter",
    "Darksteel Garrison",
    "Firebreathing",
    "Grafted Exoskeleton",
    "Mind Control",
    "Sleep",
    "Stasis",
    "Murder",
    "Stifle",
    "Blood Artist",
    "Elvish Visionary",
    "Grizzly Bears",
    "Memnite",
]
PHENOMENA = [
    "Chaotic Aether",
    "Interplanar Tunnel",
    "Morphic Tide",
    "Mutual Epiphany",
    "Planewide Disaster",
    "Reality Shaping",
    "Spatial Merging",
    "Time Distortion",
    "Caught in a Parallel Universe",
    "Fixed Point in Time",
    "Human-Time Lord Meta-Crisis",
    "Unleash the Flux",
]


def test_every_required_card_and_phenomenon_is_in_the_pool():
    pool = load_pool(CARD_DIR)
    missing = [name for name in REQUIRED + PHENOMENA if name not in pool]
    assert missing == []
    assert all("Phenomenon" in pool.get(n).types for n in PHENOMENA)


def test_at_least_six_planes_with_chaos_abilities():
    pool = load_pool(CARD_DIR)
    planes = [pool.get(n) for n in pool.names() if "Plane" in pool.get(n).types]
    with_chaos = [p.name for p in planes if any(t.on == "chaos" for t in p.triggers)]
    assert len(with_chaos) >= 6


def test_every_effect_step_uses_a_known_verb():
    pool = load_pool(CARD_DIR)

    def steps(effect):
        for step in effect:
            verb, params = next(iter(step.items()))
            yield verb
            for key in ("effect", "win", "lose", "else"):
                if isinstance(params, dict) and key in params:
                    yield from steps(params[key])

    unknown = set()
    for name in pool.names():
        card = pool.get(name)
        for ability in ([card.spell] if card.spell else []) + list(card.triggers) + list(card.activated):
            unknown |= {v for v in steps(ability.effect) if v not in VERBS}
    assert unknown == set()


def test_phasing_keyword_and_oracle_text_kept():
    drake = load_pool(CARD_DIR).get("tolarian drake")
    assert drake.keywords == {"flying", "phasing"} and (drake.power, drake.toughness) == (2, 4)


@pytest.mark.parametrize(
    "raw, message",
    [
        ({"name": "X", "types": ["Creature"], "colour": "red"}, "unknown field"),
        ({"name": "X", "types": ["Creeper"]}, "types must be"),
        ({"name": "X", "types": ["Creature"], "keywords": ["flyng"]}, "unknown keyword"),
        ({"name": "X", "types": ["Creature"], "triggers": [{"effect": []}]}, "needs 'event'"),
    ],
)
def test_bad_card_definitions_are_refused(raw, message):
    with pytest.raises(CardError, match=message):
        parse_card(raw, "test.yaml[0]")
