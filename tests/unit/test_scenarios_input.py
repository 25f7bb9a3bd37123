"""Bad scenario input: each kind of error names file, scenario and field, and the run goes on."""

from __future__ import annotations

import pytest

from kb.scenarios import run_scenarios

GOOD = """
  - name: good one
    rules: [702.26a]
    setup: {players: [A, B]}
    steps: [{expect: {turn: 2}}]
"""


def run_text(tmp_path, body: str, name: str = "phasing.yaml"):
    path = tmp_path / name
    path.write_text("scenarios:\n" + body + GOOD, encoding="utf-8")
    results = run_scenarios([str(path)])
    assert results[-1].name == "good one" and results[-1].passed  # the run went on
    return [str(e) for r in results[:-1] for e in r.errors]


CASES = {
    "unknown permanent": (
        """
  - name: token phases out
    rules: [702.26d]
    setup:
      players: [A, B]
      battlefield:
        - {card: Grizzly Bears, id: bears, controller: A}
        - {card: Memnite, controller: A}
        - {card: Bonesplitter, controller: A, attached_to: Bear}
    steps: [{expect: {turn: 2}}]
""",
        'phasing.yaml: scenario "token phases out": setup.battlefield[2].attached_to: unknown permanent "Bear"',
    ),
    "unknown card": (
        """
  - name: misspelt
    rules: [702.26a]
    setup: {players: [A, B], battlefield: [{card: Grizly Bears}]}
    steps: [{expect: {turn: 2}}]
""",
        'phasing.yaml: scenario "misspelt": setup.battlefield[0].card: unknown card "Grizly Bears"',
    ),
    "unknown action": (
        """
  - name: cats
    rules: [702.26a]
    setup: {players: [A, B]}
    steps: [{cats: {player: A}}]
""",
        'phasing.yaml: scenario "cats": steps[0].cats: unknown action',
    ),
    "unknown step": (
        """
  - name: typo step
    rules: [702.26a]
    setup: {players: [A, B]}
    steps: [{advance: {to: upkep}}]
""",
        'phasing.yaml: scenario "typo step": steps[0].advance.to: "upkep" is not one of',
    ),
    "unknown field": (
        """
  - name: colour
    rules: [702.26a]
    setup: {players: [A, B], colour: blue}
    steps: [{expect: {turn: 2}}]
""",
        'phasing.yaml: scenario "colour": setup.colour: unknown field',
    ),
    "wrong type": (
        """
  - name: life as words
    rules: [702.26a]
    setup: {players: [A, B], life: {A: twenty}}
    steps: [{expect: {turn: 2}}]
""",
        'phasing.yaml: scenario "life as words": setup.life.A: expected integer, got string "twenty"',
    ),
    "aura attached to nothing": (
        """
  - name: lonely aura
    rules: [702.26a]
    setup: {players: [A, B], battlefield: [{card: Pacifism, controller: A}]}
    steps: [{expect: {turn: 2}}]
""",
        'phasing.yaml: scenario "lonely aura": setup.battlefield[0]: Pacifism is an Aura and must be attached',
    ),
    "phased-out card in a hand": (
        """
  - name: phased hand
    rules: [702.26a]
    setup: {players: [A, B], hands: {A: [{card: Grizzly Bears, phased_out: true}]}}
    steps: [{expect: {turn: 2}}]
""",
        'phasing.yaml: scenario "phased hand": setup.hands.A[0].phased_out: a card in a hand can\'t be phased out',
    ),
    "indirect without its host": (
        """
  - name: indirect alone
    rules: [702.26g]
    setup:
      players: [A, B]
      battlefield:
        - {card: Grizzly Bears, id: bears, controller: A}
        - {card: Pacifism, controller: A, attached_to: bears, phased_out: indirect}
    steps: [{expect: {turn: 2}}]
""",
        'phasing.yaml: scenario "indirect alone": setup.battlefield[1].attached_to: Pacifism phased out indirectly',
    ),
    "unknown id in an expectation": (
        """
  - name: who is bear
    rules: [702.26a]
    setup: {players: [A, B], battlefield: [{card: Grizzly Bears, id: bears, controller: A}]}
    steps: [{expect: {bear: {pt: 2/2}}}]
""",
        'phasing.yaml: scenario "who is bear": steps[0].expect.bear: unknown id "bear"',
    ),
    "bad rule number": (
        """
  - name: bad rule
    rules: [702.26ll]
    setup: {players: [A, B]}
    steps: [{expect: {turn: 2}}]
""",
        'phasing.yaml: scenario "bad rule": rules[0]:',
    ),
    "bad edition": (
        """
  - name: too old
    rules: [702.26a]
    edition: 2001-01-01
    setup: {players: [A, B]}
    steps: [{expect: {turn: 2}}]
""",
        'phasing.yaml: scenario "too old": edition: edition 2001-01-01 predates the phasing',
    ),
    "single planar deck too small": (
        """
  - name: small deck
    rules: [901.15a]
    setup:
      players: [A, B]
      planechase: {single_deck: [Goldmeadow, Tazeem, Krosa], deck_rules: true}
    steps: [{expect: {turn: 2}}]
""",
        'phasing.yaml: scenario "small deck": setup.planechase.single_deck: a planar deck of 3 cards; it needs at least 20 '
        "(901.15a)",
    ),
    "single planar deck with too many phenomena": (
        """
  - name: phenomena
    rules: [901.15a]
    setup:
      players: [A, B]
      planechase:
        single_deck: [Goldmeadow, Tazeem, Krosa, Fields of Summer, Academy at Tolaria West, The Great Forest, Bant,
                      Lethe Lake, Sanctum of Serra, The Eon Fog, Chaotic Aether, Interplanar Tunnel, Morphic Tide,
                      Mutual Epiphany, Planewide Disaster, Reality Shaping, Spatial Merging, Time Distortion,
                      Fixed Point in Time, Unleash the Flux]
        deck_rules: true
    steps: [{expect: {turn: 2}}]
""",
        'phasing.yaml: scenario "phenomena": setup.planechase.single_deck: 10 phenomena; at most 4 (901.15a)',
    ),
    "planar deck with a name twice": (
        """
  - name: twice
    rules: [901.15a]
    setup:
      players: [A, B]
      planechase:
        decks: {A: [Goldmeadow, Tazeem, Krosa, Fields of Summer, Academy at Tolaria West, The Great Forest, Bant,
                    Lethe Lake, Sanctum of Serra, Goldmeadow]}
        deck_rules: true
    steps: [{expect: {turn: 2}}]
""",
        'phasing.yaml: scenario "twice": setup.planechase.decks.A: each card needs a different English name (901.3): '
        '["Goldmeadow"] twice',
    ),
    "turn markers too close": (
        """
  - name: markers
    rules: [807.4b]
    setup:
      players: [A, B, C, D, E, F, G, H]
      turn_markers: [A, C]
    steps: [{expect: {turn: 2}}]
""",
        'phasing.yaml: scenario "markers": setup.turn_markers: "C" is within three seats to the left of "A"',
    ),
    "turn markers miscounted": (
        """
  - name: one marker
    rules: [807.4a]
    setup:
      players: [A, B, C, D, E, F, G, H]
      turn_markers: [A]
    steps: [{expect: {turn: 2}}]
""",
        'phasing.yaml: scenario "one marker": setup.turn_markers: 8 players have 2 turn markers',
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_input_is_reported_with_its_path(tmp_path, case):
    body, expected = CASES[case]
    errors = run_text(tmp_path, body)
    assert any(e.startswith(expected) for e in errors), errors


def test_unreadable_yaml_is_a_file_error_and_other_files_still_run(tmp_path):
    bad = tmp_path / "broken.yaml"
    bad.write_text("scenarios: [\n  - {name: x", encoding="utf-8")
    good = tmp_path / "good.yaml"
    good.write_text("scenarios:\n" + GOOD, encoding="utf-8")
    results = run_scenarios([str(bad), str(good)])
    assert results[0].errors and str(results[0].errors[0]).startswith("broken.yaml: cannot read")
    assert results[1].passed


def test_missing_file_is_an_error(tmp_path):
    (result,) = run_scenarios([str(tmp_path / "nope.yaml")])
    assert result.errors and not result.passed
