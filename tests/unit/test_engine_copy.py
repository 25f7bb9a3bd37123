"""Game.copy: what a refused action (``illegal``) goes back to, and what generated games compare against."""

from __future__ import annotations

from kb.engine import Edition, build, load_pool
from kb.engine.runner import Runner
from kb.scenarios import CARD_DIR

POOL = load_pool(CARD_DIR)
SETUP = {
    "players": ["A", "B"],
    "turn": {"active": "A", "step": "main1"},
    "battlefield": [{"card": "Grizzly Bears", "id": "bears", "controller": "A", "counters": {"+1/+1": 1}}],
    "hands": {"A": ["Slip Out the Back"]},
}


def test_a_copy_is_independent_and_shares_only_what_is_immutable():
    game = build(SETUP, POOL, Edition())
    twin = game.copy()
    bears, copied = game.labelled("bears"), twin.labelled("bears")
    assert copied is not bears and copied.oid == bears.oid and copied.cdef is bears.cdef
    assert twin.pool is game.pool and twin.edition is game.edition and twin.hooks is game.hooks
    Runner(twin).run([{"cast": {"player": "A", "card": "Slip Out the Back", "targets": ["bears"]}}, {"resolve": 1}])
    assert copied.phased_out and not bears.phased_out
    assert len(game.players["A"].hand) == 1 and len(twin.players["A"].hand) == 0
    assert bears.counters == {"+1/+1": 1} and copied.counters == {"+1/+1": 2}  # Slip Out the Back: a counter


def test_a_refused_resolution_is_undone_and_the_game_goes_on():
    """The Ripples of Potential case of data/scenarios/language.yaml, through Runner.run: the refused try
    put no counter, the answers it used are spent, and the next answers resolve it."""
    setup = {
        **SETUP,
        "battlefield": [
            {"card": "Grizzly Bears", "id": "one", "controller": "A", "counters": {"+1/+1": 1}},
            {"card": "Grizzly Bears", "id": "three", "controller": "A", "counters": {"+1/+1": 1}},
        ],
        "hands": {"A": ["Ripples of Potential"]},
    }
    runner = Runner(build(setup, POOL, Edition()))
    failures = runner.run(
        [
            {"cast": {"player": "A", "card": "Ripples of Potential"}},
            {"choose": [{"player": "A", "kind": "proliferate", "value": ["one"]}]},
            {"choose": [{"player": "A", "kind": "objects", "value": ["three"]}]},
            {"illegal": {"resolve": 1}},
        ]
    )
    assert failures == []
    assert runner.game.labelled("one").counters == {"+1/+1": 1} and runner.game.choices == []
    assert [i.source_name for i in runner.game.stack] == ["Ripples of Potential"]
