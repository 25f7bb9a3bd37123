"""Generated games checked for what the rules always guarantee.

A seeded generator builds a game over the bundled card pool in the scenario language (a ``setup``) and
plays random actions in it (casting, activating, attacking and blocking, playing lands, rolling the
planar die, passing and resolving, advancing through turns, players leaving), answering the decisions
the engine asks for at random. Each accepted action is a scenario step, so a game is a scenario.
The game is played twice side by side: as it is, and with a phased-out twin of every permanent.
After every step these invariants are checked (docs/engine.md, "Invariants on generated games"):

``twins``          the game with twins looks exactly like the game without them (702.26b): same
                   actions allowed and refused for the same reasons, same objects, values, triggers
                   and events;
``phased_out``     no event names a permanent that is phased out, and a permanent that stays phased
                   out through a step keeps its counters, attachments, status and controller (702.26b);
``zone_change``    phasing makes no permanent enter or leave (702.26d): an object that enters is new,
                   an object that leaves is gone, an object that phases keeps its identity, and
                   attachments move only when something attaches or unattaches them;
``state_based``    where a player would receive priority, no state-based action applies any more
                   (704.3), and checking them again changes nothing;
``accounting``     every life and poison total, every count of counters on a permanent, the count
                   of every player's hand, library, graveyard and exile, every player's cards and
                   every permanent that came or went is explained by the game's events (119, 122,
                   400.7);
``replay``         the same steps from the same setup play the same game again;
``exception``      no action raises anything but a refusal by the rules (and every generated setup
                   is one the scenario language accepts).

A failing game is shrunk (steps, then permanents and cards of the setup, are left out while the
same invariant still fails) and written out as a scenario file.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import yaml

import kb.engine.sba as sba
from kb.core.model import Serialisable
from kb.engine import Edition, Game, InputError, RulesError, Runner, build, load_pool
from kb.engine.cards import CardPool, parse_card
from kb.engine.runner import ACTIONS
from kb.engine.state import ChoiceNeeded, Obj
from kb.scenarios.play import CARD_DIR, load_scenarios

EDITION = "2026-08-07"
# Older rules a game may be played under: 702.23 with tokens that cease to exist phased out (2010), 702.25
# before phased-out permanents of a player who left could phase in (2017); most games use today's.
OLDER_EDITIONS = ["2010-07-16", "2017-08-25"]
MAX_STEPS = 24
ZONES = ("hand", "library", "graveyard", "exile")  # a player's zones whose counts the events explain
MANY_KINDS = ("objects", "proliferate")
# The rules a written-out failure cites; "replay" and "exception" break no rule of their own, and cite the
# rules' scope (100.1) until the developer who fixes the engine names the rule the case is about.
RULES = {
    "twins": ["702.26b"],
    "phased_out": ["702.26b"],
    "zone_change": ["702.26d"],
    "state_based": ["704.3"],
    "accounting": ["119.3", "122.1"],
    "replay": ["100.1"],
    "exception": ["100.1"],
}
STEP_TARGETS = ["upkeep", "draw", "main1", "beginning_of_combat", "main2", "end"]


class Broken(Exception):
    """An invariant does not hold after a step."""

    def __init__(self, invariant: str, message: str):
        super().__init__(f"{invariant}: {message}")
        self.invariant = invariant
        self.message = message


@dataclass
class FuzzFailure(Serialisable):
    """A generated game that broke an invariant, shrunk, with the scenario file that replays it."""

    game: int
    seed: int
    invariant: str
    step: int
    message: str
    steps: int
    scenario: str


@dataclass
class FuzzReport(Serialisable):
    seed: int
    games: int
    steps: int
    refused: int
    seconds: float
    failures: list[FuzzFailure] = field(default_factory=list)
    events: dict[str, int] = field(default_factory=dict)  # what the games did: events by kind

    json_round = {"seconds": 3}


# ----- the card pool, by what a generated game does with each card -----------------------------
@dataclass
class Kinds:
    creatures: list[str]
    permanents: list[str]  # non-creature, non-Aura permanents a game may start with
    auras: list[str]
    castable: list[str]  # what a hand may hold
    phasing: list[str]  # cards whose text phases something: half of every hand
    lands: list[str]
    planes: list[str]
    phenomena: list[str]


def kinds_of(pool: CardPool) -> Kinds:
    cards = [pool.get(n) for n in pool.names()]
    defs = [c for c in cards if c is not None]
    return Kinds(
        creatures=[c.name for c in defs if "Creature" in c.types],
        permanents=[
            c.name
            for c in defs
            if c.is_permanent_card and "Creature" not in c.types and not c.is_aura and not c.is_planar
        ],
        auras=[c.name for c in defs if c.is_aura and (c.enchant or {}).get("kind", "creature") == "creature"],
        castable=[c.name for c in defs if not c.is_planar],
        phasing=[c.name for c in defs if not c.is_planar and "phase" in c.text.casefold()],
        lands=[c.name for c in defs if "Land" in c.types],
        planes=[c.name for c in defs if "Plane" in c.types],
        phenomena=[c.name for c in defs if "Phenomenon" in c.types],
    )


def pick_edition(rng: random.Random) -> str:
    return rng.choice(OLDER_EDITIONS) if rng.random() < 0.15 else EDITION


def make_setup(rng: random.Random, kinds: Kinds) -> dict:
    """A random game in the scenario language: players, permanents (some phased out, some with Auras),
    hands, small libraries, sometimes Planechase or Grand Melee."""
    roll = rng.random()
    count = 8 if roll < 0.08 else rng.choice([2, 2, 2, 3, 4])
    names = [chr(ord("A") + i) for i in range(count)]
    setup: dict[str, Any] = {
        "players": names,
        "turn": {"active": "A", "step": "main1", "number": 2},
        "life": {n: rng.choice([3, 8, 20]) for n in names},
        "libraries": {n: rng.randint(1, 6) for n in names},
        "seed": rng.randrange(1 << 30),
    }
    battlefield: list[dict] = []
    creatures: list[str] = []
    for n in names:
        for k in range(rng.randint(0, 3)):
            label = f"{n.lower()}{k}"
            entry: dict[str, Any] = {"card": rng.choice(kinds.creatures), "id": label, "controller": n}
            if rng.random() < 0.15:
                entry["phased_out"] = True
            elif rng.random() < 0.2:
                entry["tapped"] = True
            if rng.random() < 0.15:
                entry["counters"] = {"+1/+1": rng.randint(1, 2)}
            battlefield.append(entry)
            if "phased_out" not in entry:
                creatures.append(label)
        if rng.random() < 0.5:
            battlefield.append({"card": rng.choice(kinds.permanents), "id": f"{n.lower()}p", "controller": n})
    for k in range(rng.randint(0, 2)):
        if creatures:
            battlefield.append(
                {
                    "card": rng.choice(kinds.auras),
                    "id": f"aura{k}",
                    "controller": rng.choice(names),
                    "attached_to": rng.choice(creatures),
                }
            )
    setup["battlefield"] = battlefield
    setup["hands"] = {
        n: [rng.choice(kinds.phasing if rng.random() < 0.5 else kinds.castable) for _ in range(rng.randint(1, 4))]
        for n in names
    }
    if count == 4 and rng.random() < 0.3:
        setup["teams"] = [["A", "B"], ["C", "D"]]  # Two-Headed Giant (810)
        del setup["life"]
    if count == 8:
        setup["turn_markers"] = ["A", "E"]
    if count == 8 or rng.random() < 0.25:
        holders = ["A", "E"] if count == 8 else names
        decks = {}
        for n in holders:
            deck = rng.sample(kinds.planes, 3) + rng.sample(kinds.phenomena, rng.randint(0, 2))
            rng.shuffle(deck)
            decks[n] = deck
        setup["planechase"] = {"decks": decks, "start": True}
    return setup


# ----- what the two games show -----------------------------------------------------------------
def twin_ids(game: Game) -> frozenset[int]:
    return frozenset(cid for label, cid in game.labels.items() if label.endswith("~twin"))


def _label(game: Game, obj: Obj | None) -> str | None:
    return None if obj is None else game.label_of(obj)


def observe(game: Game, skip: frozenset[int]) -> tuple:
    """Everything the players can see of the game, less the twins: compared between the two games."""
    by_oid = {p.oid: p for p in game.battlefield}
    perms = []
    for p in game.battlefield:
        if p.card_id in skip:
            continue
        ch = game.chars(p)
        host = by_oid.get(p.attached_to) if isinstance(p.attached_to, int) else None
        perms.append(
            (
                game.label_of(p),
                p.phased_out_under if p.phased_out else ch.controller,
                ch.power,
                ch.toughness,
                tuple(sorted(ch.keywords)),
                p.tapped,
                tuple(sorted((k, v) for k, v in p.counters.items() if v)),
                p.damage,
                p.phased_out,
                p.phase_kind,
                _label(game, host) if host is not None else p.attached_to if isinstance(p.attached_to, str) else None,
                p.token,
                p.attacking,
                bool(p.blocking),
            )
        )
    players = tuple(
        (
            name,
            pl.life,
            pl.poison,
            pl.left,
            tuple(game.label_of(c) for c in pl.hand),
            tuple(game.label_of(c) for c in pl.library),
            tuple(game.label_of(c) for c in pl.graveyard if c.card_id not in skip),
            tuple(game.label_of(c) for c in pl.exile if c.card_id not in skip),
            tuple(c.name for c in pl.planar_deck),
            tuple(sorted(pl.mana.items())),
        )
        for name, pl in game.players.items()
    )
    return (
        game.turn,
        game.step,
        game.active,
        game.priority,
        game.game_over,
        tuple(sorted(perms, key=repr)),
        players,
        tuple((c.name, game.planar_controller_of(c)) for c in game.command),
        tuple((i.kind, i.source_name, i.controller) for i in game.stack),
        tuple(t.source_name for t in game.pending),
        tuple((e.source, e.label) for e in game.log),
        tuple(e["kind"] for e in game.events if e.get("oid") not in skip and e.get("card_id") not in skip),
        len([e for e in game.effects if not e.ended]),
    )


def _phased_state(p: Obj) -> tuple:
    """What a phased-out permanent keeps (copies of its mutable parts, to compare later)."""
    return (
        dict(p.counters),
        p.tapped,
        p.attached_to,
        p.controller,
        p.phased_out_under,
        p.phase_kind,
        p.token,
        dict(p.chosen),
        list(p.stickers),
    )


# ----- one game, played with and without twins --------------------------------------------------
class Play:
    """A generated game: its setup, the steps accepted so far, and the two games they were played on."""

    def __init__(self, setup: dict, pool: CardPool, edition: str = EDITION):
        self.setup = setup
        self.pool = pool
        self.edition = Edition.of(edition)
        self.steps: list[dict] = []
        self.refused = 0
        self.plain = Runner(build(setup, pool, self.edition))
        self.twins = Runner(build(setup, pool, self.edition, twins=True))
        self.skip = twin_ids(self.twins.game)
        self.refusal: RulesError | None = None
        self.twin_events = 0

    # The generator acts through the scenario language only.
    def attempt(self, step: dict) -> bool:
        """Play ``step`` on both games; True if the rules allowed it. A refusal that left a trace is
        undone by replaying the accepted steps (what ``illegal`` does with a copy)."""
        try:
            return self._attempt(step)
        except Broken as broken:
            broken.step = step  # type: ignore[attr-defined]
            raise

    def _attempt(self, step: dict) -> bool:
        verb, params = next(iter(step.items()))
        results: list[tuple[str, RulesError | None]] = []
        for runner, skip in ((self.plain, frozenset()), (self.twins, self.skip)):
            game = runner.game
            before = _fingerprint(game)
            snapshot = Before.of(game)
            path = f"steps[{len(self.steps)}].{verb}"
            try:
                if verb in ("expect", "illegal"):
                    ACTIONS[verb](runner, params, path, len(self.steps))
                else:
                    ACTIONS[verb](runner, params, path)
            except RulesError as exc:
                if _fingerprint(runner.game) != before:
                    results.append(("refused-with-trace", exc))
                else:
                    results.append(("refused", exc))
                continue
            except (InputError, Broken):
                raise
            except Exception as exc:  # an engine bug: no action may raise anything but a refusal
                raise Broken("exception", f"{verb}: {type(exc).__name__}: {exc}") from exc
            game = runner.game
            gives_priority = verb not in ("choose", "fix", "remember", "expect")  # these wait for the next action
            check_step(game, snapshot, skip)
            if gives_priority:
                check_state_based(game, skip)
            results.append(("ok", None))
        (plain_result, plain_exc), (twin_result, twin_exc) = results
        if plain_result != "ok" and twin_result != "ok" and str(plain_exc) != str(twin_exc):
            raise Broken("twins", f"{verb} was refused for another reason with twins: {plain_exc} / {twin_exc}")
        if (plain_result == "ok") != (twin_result == "ok"):
            raise Broken(
                "twins",
                f"{verb} was {'allowed' if plain_result == 'ok' else 'refused'} without twins and "
                f"{'allowed' if twin_result == 'ok' else 'refused'} with them: {plain_exc or twin_exc}",
            )
        self.refusal = plain_exc
        if plain_result != "ok":
            self.refused += 1
            if "refused-with-trace" in (plain_result, twin_result):
                self.replay_accepted()
            return False
        self.compare()
        self.steps.append(step)
        return True

    def compare(self) -> None:
        plain = observe(self.plain.game, frozenset())
        twins = observe(self.twins.game, self.skip)
        if plain != twins:
            raise Broken("twins", "the game with phased-out twins differs: " + _difference(plain, twins))
        events = self.twins.game.events
        for ev in events[self.twin_events :]:
            obj = ev.get("obj")
            if isinstance(obj, Obj) and obj.card_id in self.skip:
                raise Broken("phased_out", f"the event {ev['kind']} names the phased-out twin {obj.label}")
        self.twin_events = len(events)

    def replay_accepted(self) -> None:
        self.plain = Runner(build(self.setup, self.pool, self.edition))
        self.twins = Runner(build(self.setup, self.pool, self.edition, twins=True))
        for i, step in enumerate(self.steps):
            for runner in (self.plain, self.twins):
                _play_step(runner, step, i)


def _play_step(runner: Runner, step: dict, index: int) -> None:
    verb, params = next(iter(step.items()))
    if verb in ("expect", "illegal"):
        ACTIONS[verb](runner, params, f"steps[{index}].{verb}", index)
    else:
        ACTIONS[verb](runner, params, f"steps[{index}].{verb}")


def _fingerprint(game: Game) -> tuple:
    """What a refusal must leave as it was; one that changed any of it is undone by replaying the accepted
    steps. (A refusal may renew cached values, which is no change; whatever else a refusal left behind
    shows when the game's steps are replayed at its end, the invariant ``replay``.)"""
    return (
        len(game.events),
        len(game.stack),
        game.priority,
        game.passes,
        game.step,
        game.turn,
        len(game.log),
        len(game.pending),
        len(game.effects),
        len(game.delayed),
        len(game.choices),
        game.game_over,
        len(game.battlefield),
        len(game.command),
        tuple((p.life, len(p.hand), len(p.library), len(p.graveyard), len(p.exile)) for p in game.players.values()),
    )


def owned_cards(game: Game) -> dict[str, int]:
    """How many cards (not tokens) each player owns, wherever they are: no zone change makes or loses one
    (a token in any zone but the battlefield ceases to exist, 111.7)."""
    counts = {
        n: len(p.hand) + len(p.library) + len(p.graveyard) + len(p.exile) + len(p.planar_deck)
        for n, p in game.players.items()
    }
    for obj in game.battlefield:
        if obj.merged:
            counts[obj.owner] += sum(1 for cid, _c in obj.merged if cid not in obj.merged_tokens)
        elif not obj.token:
            counts[obj.owner] += 1
    for obj in game.command:
        counts[obj.owner] += 1
    for item in game.stack:
        if item.kind == "spell" and item.source is not None and not item.source.token:
            counts[item.source.owner] += 1
    return counts


@dataclass
class Before:
    """What a game was before a step: what its invariants compare the game after the step with."""

    battlefield: dict[int, Obj]
    phased_out: dict[int, tuple]  # the state of each phased-out permanent
    events: int  # how many events the game had logged
    life: dict[str, tuple[int, int]]  # life and poison
    counters: dict[int, dict[str, int]]
    attached: dict[int, Any]
    cards: dict[str, int]
    in_game: set[str]
    zones: dict[str, dict[str, int]]  # each player's count of cards in each zone

    @classmethod
    def of(cls, game: Game) -> "Before":
        return cls(
            battlefield={p.oid: p for p in game.battlefield},
            phased_out={p.oid: _phased_state(p) for p in game.battlefield if p.phased_out},
            events=len(game.events),
            life={n: (pl.life, pl.poison) for n, pl in game.players.items()},
            counters={p.oid: dict(p.counters) for p in game.battlefield},
            attached={p.oid: p.attached_to for p in game.battlefield},
            cards=owned_cards(game),
            in_game=set(game.in_game()),
            zones={n: {z: len(pl.zone(z)) for z in ZONES} for n, pl in game.players.items()},
        )


def check_step(game: Game, before: Before, skip: frozenset[int]) -> None:
    """The invariants of one game after one accepted step."""
    b0, phased_before, events = before.battlefield, before.phased_out, game.events[before.events :]
    life0, counters0, attached0 = before.life, before.counters, before.attached
    cards0, in_game0 = before.cards, before.in_game
    b1 = {p.oid: p for p in game.battlefield}
    entered = {e["oid"] for e in events if e["kind"] == "enters"}
    left = {e["oid"] for e in events if e["kind"] in ("leaves", "left_phased_out", "ceases_to_exist")}
    phased = {e["oid"] for e in events if e["kind"] in ("phases_in", "phases_out") and "oid" in e}
    # zone_change: phasing is no zone change (702.26d).
    for oid in entered & set(b0):
        raise Broken("zone_change", f"{b0[oid].label or b0[oid].name} 'entered' while it was on the battlefield")
    for oid in left & set(b1):
        raise Broken("zone_change", f"{b1[oid].label or b1[oid].name} 'left' but is still on the battlefield")
    gone_players = in_game0 - set(game.in_game())
    for oid in phased - set(b1) - left:
        obj = b0.get(oid)
        if obj is not None and obj.owner in gone_players:
            continue  # 702.26k: it left the game with its owner, with no zone-change trigger
        raise Broken("zone_change", f"{obj.label if obj else oid} phased and is no longer the same object")
    # phased_out: a permanent phased out all through the step is untouched (702.26b).
    for oid, state in phased_before.items():
        perm = b1.get(oid)
        if perm is None or not perm.phased_out or oid in phased:
            continue
        now = _phased_state(perm)
        if now != state:
            raise Broken("phased_out", f"{perm.label or perm.name} changed while phased out: {state} -> {now}")
    # accounting: what changed is explained by the events.
    for name, pl in game.players.items():
        life = sum(e["delta"] for e in events if e["kind"] == "life" and e["player"] == name)
        poison = sum(e["delta"] for e in events if e["kind"] == "poison" and e["player"] == name)
        if pl.life - life0[name][0] != life:
            raise Broken("accounting", f"{name}'s life went {life0[name][0]} -> {pl.life}; the events say {life:+d}")
        if pl.poison - life0[name][1] != poison:
            raise Broken("accounting", f"{name}'s poison went {life0[name][1]} -> {pl.poison}; events: {poison:+d}")
    for oid in set(b0) & set(b1):
        perm, was = b1[oid], counters0[oid]
        for kind in set(perm.counters) | set(was):
            logged = sum(
                e["delta"] for e in events if e["kind"] == "counters" and e["oid"] == oid and e["counter"] == kind
            )
            if perm.counters.get(kind, 0) - was.get(kind, 0) != logged:
                raise Broken(
                    "accounting",
                    f"{perm.label or perm.name} had {was.get(kind, 0)} {kind} counters and has "
                    f"{perm.counters.get(kind, 0)}; the events say {logged:+d}",
                )
    # Attachments change only by attaching and unattaching, or because the host is gone (702.26d: phasing
    # keeps them).
    moved = {e["oid"] for e in events if e["kind"] in ("attached", "becomes_unattached")}
    for oid in set(b0) & set(b1):
        if attached0[oid] != b1[oid].attached_to and oid not in moved:
            host = attached0[oid]
            if isinstance(host, int) and host not in b1:
                continue
            raise Broken(
                "zone_change", f"{b1[oid].label or b1[oid].name} moved from {host} to {b1[oid].attached_to} unexplained"
            )
    for name in game.in_game():
        if name not in in_game0:
            continue
        for zone in ZONES:
            came = sum(1 for e in events if e["kind"] == "zone_in" and e["owner"] == name and e["zone"] == zone)
            went = sum(1 for e in events if e["kind"] == "zone_out" and e["owner"] == name and e["zone"] == zone)
            count = len(game.players[name].zone(zone))
            if count - before.zones[name][zone] != came - went:
                raise Broken(
                    "accounting",
                    f"{name}'s {zone} went from {before.zones[name][zone]} to {count} cards; the events say "
                    f"{came} in and {went} out",
                )
    cards1 = owned_cards(game)
    for name in game.in_game():
        if name in gone_players or name not in in_game0:
            continue
        if cards1[name] != cards0[name]:
            raise Broken("accounting", f"{name} owned {cards0[name]} cards and owns {cards1[name]}")
    for oid in set(b1) - set(b0):
        if oid not in entered:
            raise Broken("accounting", f"{b1[oid].label or b1[oid].name} is on the battlefield without entering")
    for oid in set(b0) - set(b1):
        if oid not in left and b0[oid].owner not in gone_players and b0[oid].card_id not in skip:
            raise Broken("accounting", f"{b0[oid].label or b0[oid].name} left the battlefield without leaving")


def check_state_based(game: Game, skip: frozenset[int]) -> None:
    """At a priority point no state-based action applies (704.3), and looking twice changes nothing."""
    if game.priority is not None and not game.game_over:
        seen = game.version()  # any change of an object or effect moves it
        if sba.check_once(game):
            raise Broken("state_based", "a state-based action still applied where a player received priority")
        if game.version() != seen:  # the state is as it was, so a second check would find the same: nothing
            raise Broken("state_based", "checking state-based actions changed the game though none applied")


def _difference(a: tuple, b: tuple) -> str:
    """The first part of two observations that differs, and its entries found in only one of them."""
    names = ["turn", "step", "active", "priority", "game over", "battlefield", "players", "planes", "stack"]
    names += ["waiting triggers", "triggers", "events", "effects"]
    for name, x, y in zip(names, a, b):
        if x == y:
            continue
        if isinstance(x, tuple) and isinstance(y, tuple):
            only_x = [e for e in x if e not in y]
            only_y = [e for e in y if e not in x]
            if only_x or only_y:
                return f"{name}: {only_x!r} without twins, {only_y!r} with them"
        return f"{name}: {x!r} without twins, {y!r} with them"
    return "?"


# ----- choosing the next step ---------------------------------------------------------------------
def _labelled(game: Game, zone: str, player: str | None = None) -> list[tuple[str, Obj]]:
    """The phased-in permanents a scenario step can name (by their ids), of ``player`` if given."""
    out = []
    for obj in game.battlefield:
        if obj.phased_out or not obj.label or obj.label.endswith("~twin"):
            continue
        if player is None or game.controller(obj) == player:
            out.append((obj.label, obj))
    return out


def next_step(rng: random.Random, game: Game) -> dict:
    """A random action for the game as it stands, in the scenario language."""
    acting = game.priority or game.active
    roll = rng.random()
    if game.stack and roll < 0.35:
        return {"resolve": 1}
    if roll < 0.55:
        sorcery_time = acting == game.active and game.step in ("main1", "main2") and not game.stack
        hand = [c for c in game.players[acting].hand if sorcery_time or _instant_speed(c)]
        if hand:
            card = rng.choice(hand)
            key = card.label or card.name
            if "Land" in card.cdef.types:
                return {"play": {"player": acting, "card": key}}
            step: dict[str, Any] = {"player": acting, "card": key}
            if card.cdef.mutate and rng.random() < 0.8:
                mine = _labelled(game, "battlefield", acting)
                if mine:
                    step["mutate"] = rng.choice(mine)[0]
            if card.cdef.kicker or card.cdef.multikicker:
                step["kicked"] = rng.randint(0, 2)
            if "{X}" in card.cdef.cost:
                step["x"] = rng.randint(0, 3)
            return {"cast": step}
    if roll < 0.65:
        mine = [(k, o) for k, o in _labelled(game, "battlefield", acting) if (o.copy_of or o.cdef).activated]
        if mine:
            label, obj = rng.choice(mine)
            which = rng.randrange(len((obj.copy_of or obj.cdef).activated))
            return {"activate": {"player": acting, "card": label, "ability": which}}
    if roll < 0.72 and game.active == acting and game.step in ("main1", "beginning_of_combat"):
        mine = [(k, o) for k, o in _labelled(game, "battlefield", acting) if "Creature" in game.chars(o).types]
        foes = [p for p in game.in_game() if p != acting]
        if mine and foes:
            picked = rng.sample(mine, rng.randint(1, len(mine)))
            return {"attack": {"player": acting, "attackers": {k: rng.choice(foes) for k, _o in picked}}}
    if roll < 0.77 and game.step == "declare_attackers":
        attackers = [k for k, o in _labelled(game, "battlefield") if o.attacking is not None]
        if attackers:
            defender = next(o.attacking for k, o in _labelled(game, "battlefield") if o.attacking is not None)
            blockers = [k for k, o in _labelled(game, "battlefield", defender) if "Creature" in game.chars(o).types]
            if blockers and defender:
                return {"block": {"player": defender, "blockers": {rng.choice(blockers): rng.choice(attackers)}}}
    if roll < 0.82 and game.planechase and game.step in ("main1", "main2") and not game.stack:
        return {"roll_planar_die": {"player": game.active, "result": rng.choice(["planeswalk", "chaos", "blank"])}}
    if 0.82 <= roll < 0.83 and (len(game.in_game()) > 2 or rng.random() < 0.2):
        return {"concede": rng.choice([p for p in game.in_game()])}
    if roll < 0.9 and game.priority is not None:
        return {"pass": game.priority}
    return {"advance": {"to": rng.choice(STEP_TARGETS)}}


def _instant_speed(card: Obj) -> bool:
    return "Instant" in card.cdef.types or "flash" in card.cdef.keywords


def answer(rng: random.Random, exc: ChoiceNeeded) -> dict | None:
    """A random answer to the decision the engine asked for, as a ``choose`` step."""
    params = exc.params
    if "must choose" not in exc.msgid:
        return None
    options = list(params.get("options") or [])
    kind = params["kind"]
    if kind in MANY_KINDS:
        value: Any = rng.sample(options, rng.randint(0, min(len(options), 2)))
    elif not options:
        return None
    else:
        value = rng.choice(options)
    return {"choose": {"player": params["player"], "kind": kind, "source": params["source"], "value": value}}


# ----- games, failures, shrinking -----------------------------------------------------------------
def play_game(
    setup: dict, rng: random.Random, pool: CardPool, max_steps: int = MAX_STEPS, edition: str = EDITION
) -> Play:
    """Generate and play one game; raises Broken with ``.play`` set when an invariant breaks."""
    try:
        play = Play(setup, pool, edition)
    except InputError as exc:  # the generator wrote a setup the language refuses: its own bug, reported
        raise Broken("exception", f"the generated setup was refused: {exc.path}: {exc.message}") from exc
    try:
        play.compare()
        for _ in range(max_steps):
            game = play.plain.game
            if game.game_over:
                break
            step = next_step(rng, game)
            for _tries in range(4):
                if play.attempt(step) or not isinstance(play.refusal, ChoiceNeeded):
                    break
                chosen = answer(rng, play.refusal)  # the engine asked for a decision: answer, try again
                if chosen is None or not play.attempt(chosen):
                    break
        check_replay(play)
    except Broken as broken:
        broken.play = play  # type: ignore[attr-defined]
        raise
    return play


def check_replay(play: Play) -> None:
    again = Runner(build(play.setup, play.pool, play.edition))
    for i, step in enumerate(play.steps):
        verb = next(iter(step))
        try:
            _play_step(again, step, i)
        except RulesError as exc:
            raise Broken("replay", f"step {i} ({verb}) was refused on replay: {exc}") from exc
    if observe(again.game, frozenset()) != observe(play.plain.game, frozenset()):
        raise Broken(
            "replay",
            "the same steps played a different game: "
            + _difference(observe(again.game, frozenset()), observe(play.plain.game, frozenset())),
        )


def replay_checked(
    setup: dict, steps: list[dict], pool: CardPool, edition: str = EDITION
) -> tuple[Broken | None, Play | None]:
    """Play ``steps`` from ``setup`` with every invariant checked (a refused step is left out): the broken
    invariant, if any (with the step that broke it as ``.step``), and the play as it stood then."""
    play = None
    try:
        play = Play(setup, pool, edition)
        play.compare()
        for step in steps:
            play.attempt(step)
        check_replay(play)
    except Broken as broken:
        return broken, play
    except (InputError, RulesError):
        return None, None
    return None, play


def check_file(path: str, edition: str | None = None) -> list[tuple[str, str, str]]:
    """Replay every scenario of a scenario file through the invariants: (scenario, invariant, message) for
    each that breaks one. How a written-out failure stays a regular test once the engine is fixed."""
    out = []
    for scenario in load_scenarios([path]):
        if scenario.errors:
            out.append((scenario.name, "input", "; ".join(str(e) for e in scenario.errors)))
            continue
        own = [parse_card(raw, f"{where}[{i}]") for where, i, raw in scenario.cards]
        pool = load_pool(CARD_DIR).with_cards(own)
        try:
            play = Play(scenario.setup, pool, scenario.edition)
            play.compare()
            for step in scenario.steps:
                if "note" in step and len(step) == 1:
                    continue
                play.attempt({k: v for k, v in step.items() if k != "note"})
            check_replay(play)
        except Broken as broken:
            out.append((scenario.name, broken.invariant, broken.message))
    return out


def reproduce(setup: dict, steps: list[dict], pool: CardPool) -> str | None:
    """The invariant the steps break from this setup, or None."""
    broken, _play = replay_checked(setup, steps, pool)
    return broken.invariant if broken is not None else None


def shrink(setup: dict, steps: list[dict], fails: Callable[[dict, list], bool], budget: int = 300) -> tuple[dict, list]:
    """Leave out steps (halves, then quarters, ... then single ones), then permanents (with what is
    attached to them) and hand cards, while ``fails`` still holds; at most ``budget`` tries."""
    tries = [0]

    def still(s: dict, st: list) -> bool:
        tries[0] += 1
        return tries[0] <= budget and fails(s, st)

    chunk = max(1, len(steps) // 2)
    while chunk >= 1:
        i = 0
        while i < len(steps):
            candidate = steps[:i] + steps[i + chunk :]
            if still(setup, candidate):
                steps = candidate
            else:
                i += chunk
        chunk //= 2
    i = 0
    while i < len(setup.get("battlefield", [])):
        entry = setup["battlefield"][i]
        rest = [e for e in setup["battlefield"] if e is not entry and e.get("attached_to") != entry.get("id")]
        smaller = {**setup, "battlefield": rest}
        if still(smaller, steps):
            setup = smaller
        else:
            i += 1
    for name in list(setup.get("hands", {})):
        cards = setup["hands"][name]
        i = 0
        while i < len(cards):
            fewer = {**setup, "hands": {**setup["hands"], name: cards[:i] + cards[i + 1 :]}}
            if still(fewer, steps):
                setup, cards = fewer, fewer["hands"][name]
            else:
                i += 1
    return setup, steps


def final_expect(game: Game) -> dict:
    """An expectation of the game as it stands, in the scenario language: what a game with twins must show."""
    names = list(game.players)
    want: dict[str, Any] = {
        "life": {n: game.players[n].life for n in names},
        "hand": {n: len(game.players[n].hand) for n in names},
        "graveyard": {n: len(game.players[n].graveyard) for n in names},
        "creatures": {n: len(game.creatures(n)) for n in names if not game.players[n].left},
    }
    for obj in game.battlefield:
        if not obj.label or obj.label.endswith("~twin") or game.labelled(obj.label) is not obj:
            continue
        ch = game.chars(obj)
        entry: dict[str, Any] = {"phased_out": obj.phase_kind if obj.phased_out else False, "tapped": obj.tapped}
        entry["counters"] = {k: v for k, v in obj.counters.items() if v}
        if ch.power is not None and not obj.phased_out:
            entry["pt"] = f"{ch.power}/{ch.toughness}"
        want[obj.label] = entry
    return want


def scenario_yaml(
    failure_seed: int, game_no: int, invariant: str, message: str, setup: dict, steps: list, edition: str = EDITION
) -> str:
    """The failing game as a scenario file: ``mtgkb scenarios run FILE --twins`` (and the fuzz test) replay it."""
    doc = {
        "edition": edition,
        "scenarios": [
            {
                "name": f"generated game {game_no} of seed {failure_seed}: {invariant}",
                "rules": RULES[invariant],
                "description": message,
                "setup": setup,
                "steps": steps,
            }
        ],
    }
    header = f"# Written by `mtgkb scenarios fuzz --seed {failure_seed}`: game {game_no} broke '{invariant}'.\n"
    return header + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=120)


def game_seed(seed: int, game_no: int) -> int:
    return seed * 1_000_003 + game_no


def fuzz(
    seed: int = 0, games: int = 200, max_steps: int = MAX_STEPS, progress: Callable[[int], None] | None = None
) -> FuzzReport:
    """Play ``games`` generated games from ``seed``; every failure is shrunk and written as a scenario."""
    pool = load_pool(CARD_DIR)
    kinds = kinds_of(pool)
    report = FuzzReport(seed, games, 0, 0, 0.0)
    start = time.perf_counter()
    for game_no in range(games):
        rng = random.Random(game_seed(seed, game_no))
        setup = make_setup(rng, kinds)
        edition = pick_edition(rng)
        try:
            play = play_game(setup, rng, pool, max_steps, edition)
            report.steps += len(play.steps)
            report.refused += play.refused
            for event in play.plain.game.events:
                report.events[event["kind"]] = report.events.get(event["kind"], 0) + 1
        except Broken as broken:
            report.failures.append(written_failure(seed, game_no, setup, broken, pool, edition))
        if progress is not None:
            progress(game_no + 1)
    report.seconds = time.perf_counter() - start
    report.events = dict(sorted(report.events.items()))
    return report


def written_failure(
    seed: int, game_no: int, setup: dict, broken: Broken, pool: CardPool, edition: str = EDITION
) -> FuzzFailure:
    """A broken game, shrunk, as a failure with its scenario file."""
    failed: Play | None = getattr(broken, "play", None)
    if failed is None:  # the setup itself was refused: nothing to shrink
        steps: list[dict] = [{"expect": {"game_over": False}}]
        text = scenario_yaml(seed, game_no, broken.invariant, broken.message, setup, steps, edition)
        return FuzzFailure(game_no, seed, broken.invariant, 0, broken.message, 1, text)
    pending = getattr(broken, "step", None)
    whole = failed.steps + ([pending] if pending else [])
    invariant = broken.invariant

    def fails(s: dict, st: list) -> bool:
        again, _play = replay_checked(s, st, pool, edition)
        return again is not None and again.invariant == invariant

    small_setup, small_steps = shrink(setup, whole, fails)
    again, play = replay_checked(small_setup, small_steps, pool, edition)
    if again is None or play is None:  # the shrunk game no longer breaks it: keep the whole game
        small_setup, again, play = setup, broken, failed
    last = getattr(again, "step", None)
    steps = list(play.steps) + ([last] if last else [])
    if invariant == "twins":
        steps.append({"expect": final_expect(play.plain.game)})
    return FuzzFailure(
        game_no,
        seed,
        invariant,
        len(failed.steps),
        again.message,
        len(steps),
        scenario_yaml(seed, game_no, invariant, again.message, small_setup, steps, edition),
    )
