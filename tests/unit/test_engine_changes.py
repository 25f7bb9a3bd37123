"""Each game counts its own changes: a game's cached characteristics stand while another game changes.

The characteristics after the layers are cached for one count of the game's changes (Game.chars). The count
belongs to the game (``Game.changes``), its objects count on it, and a copy of a game counts on a copy of it.
"""

from __future__ import annotations

from kb.engine import Edition, build, load_pool
from kb.engine.effects import Ctx, add_effect
from kb.scenarios import CARD_DIR

POOL = load_pool(CARD_DIR)
SETUP = {
    "players": ["A", "B"],
    "turn": {"active": "A", "step": "main1"},
    "battlefield": [{"card": "Grizzly Bears", "id": "bears", "controller": "A"}],
}


def test_a_change_in_one_game_leaves_the_other_games_cache_standing():
    one, other = build(SETUP, POOL, Edition()), build(SETUP, POOL, Edition())
    assert one.changes is not other.changes
    bears, their_bears = one.labelled("bears"), other.labelled("bears")
    assert bears.changes is one.changes and their_bears.changes is other.changes
    assert one.chars(bears).power == 2 and other.chars(their_bears).power == 2
    cached, count = other._chars_cache, other.version()
    before = one.version()

    one.set_counters(bears, {"+1/+1": 1})

    assert one.version() > before and other.version() == count
    assert one.chars(bears).power == 3  # the changed game computes its characteristics again
    assert other.chars(their_bears).power == 2 and other._chars_cache is cached  # the other one keeps its cache


def test_a_copied_game_counts_on_its_own():
    game = build(SETUP, POOL, Edition())
    twin = game.copy()
    bears, copied = game.labelled("bears"), twin.labelled("bears")
    assert twin.changes is not game.changes and copied.changes is twin.changes
    assert all(obj.changes is twin.changes for obj in twin.battlefield)
    assert game.chars(bears).power == 2 and twin.chars(copied).power == 2
    count = game.version()

    twin.set_counters(copied, {"+1/+1": 2})

    assert game.version() == count and game.chars(bears).power == 2
    assert twin.chars(copied).power == 4
    game.set_counters(bears, {"-1/-1": 1})
    assert game.chars(bears).power == 1 and twin.chars(copied).power == 4


def test_an_effect_added_to_one_game_counts_in_that_game_only():
    """A new continuous effect changes no object's attribute: adding it counts on its game's counter."""
    game, other = build(SETUP, POOL, Edition()), build(SETUP, POOL, Edition())
    bears = game.labelled("bears")
    assert game.chars(bears).power == 2
    count, other_count = game.version(), other.version()
    ctx = Ctx(game=game, source=None, controller="A", source_name="Giant Growth")
    add_effect(ctx, "pump", {"power": 3, "toughness": 3}, [bears], {"until": "end_of_turn"})
    assert game.version() > count and other.version() == other_count
    assert game.chars(bears).power == 5 and other.chars(other.labelled("bears")).power == 2
