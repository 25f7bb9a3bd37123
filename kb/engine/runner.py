"""Running a scenario's steps: actions interleaved with expectations.

An expectation that does not hold becomes a ``Failure`` with the step index, the
expected and the actual value; play goes on so that one run reports every broken
expectation. An action the rules forbid ends the scenario as a failure (unless the
step says ``illegal:``). A step that names something unknown is bad input.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import kb.engine.combat as combat
import kb.engine.players as players
import kb.engine.special as special
import kb.engine.stack as stack
import kb.engine.turn as turn
from kb.core.model import Serialisable
from kb.engine.layers import effect_active
from kb.engine.setup import RESERVED, InputError, check_fix_kind
from kb.engine.state import STEPS, ChoiceNeeded, Game, Obj, RulesError, q
from kb.i18n import N_, _


@dataclass
class Failure(Serialisable):
    step: int
    expectation: str
    expected: Any
    actual: Any


class Runner:
    def __init__(self, game: Game):
        self.game = game
        self.failures: list[Failure] = []
        self.memory: dict[str, int] = {}
        self.log_cursor = 0

    # ----- references -------------------------------------------------------------------
    def obj(self, label: str, path: str) -> Obj | None:
        if label not in self.game.labels:
            raise InputError(path, _("unknown id {id}").format(id=q(label)))
        return self.game.labelled(label)

    def perm(self, label: str, path: str) -> Obj:
        obj = self.obj(label, path)
        if obj is None or obj.zone != "battlefield":
            raise RulesError(N_("{card} is not on the battlefield"), card=label)
        return obj

    def player(self, name: str, path: str) -> str:
        if name not in self.game.players:
            raise InputError(
                path, _("unknown player {name} (players: {players})").format(name=q(name), players=self.game.seats)
            )
        return name

    def hand_card(self, player: str, ref: str, path: str) -> Obj:
        hand = self.game.players[player].hand
        for card in hand:
            if card.label == ref:
                return card
        for card in hand:
            if card.name.casefold() == ref.casefold():
                return card
        if ref not in self.game.labels and self.game.pool.get(ref) is None:
            raise InputError(path, _("unknown card or id {ref}").format(ref=q(ref)))
        raise RulesError(N_("{card} is not in {player}'s hand"), card=ref, player=player)

    def _take_priority(self, player: str) -> None:
        """The other players pass until ``player`` may act (priority passes never resolve here)."""
        if self.game.priority is not None:
            self.game.priority = player

    # ----- actions --------------------------------------------------------------------------
    def a_cast(self, p: dict, path: str) -> None:
        who = self.player(p["player"], f"{path}.player")
        card = self._warped_in_exile(who, p["card"]) or self.hand_card(who, p["card"], f"{path}.card")
        self._take_priority(who)
        choices = {k: p[k] for k in ("color", "x", "kicked", "warp", "mutate") if k in p}
        stack.cast(self.game, who, card, p.get("targets"), choices)

    def _warped_in_exile(self, player: str, ref: str) -> Obj | None:
        """A warped card its owner may cast from exile (702.185a)."""
        for card in self.game.players[player].exile:
            if (card.label == ref or card.name.casefold() == str(ref).casefold()) and stack.castable_from_exile(
                self.game, player, card
            ):
                return card
        return None

    def a_activate(self, p: dict, path: str) -> None:
        who = self.player(p["player"], f"{path}.player")
        in_hand = [
            c
            for c in self.game.players[who].hand
            if c.label == p["card"]
            or (p["card"] not in self.game.labels and c.name.casefold() == str(p["card"]).casefold())
        ]
        if in_hand and any(a.zone == "hand" for a in in_hand[0].cdef.activated):
            self._take_priority(who)
            stack.activate_from_hand(self.game, who, in_hand[0], p.get("ability"), p.get("targets"))
            return
        perm = self.perm(p["card"], f"{path}.card")
        self._take_priority(who)
        stack.activate(self.game, who, perm, p.get("ability"), p.get("targets"))

    def a_choose(self, p: Any, path: str) -> None:
        for entry in p if isinstance(p, list) else [p]:
            if "player" in entry:
                self.player(entry["player"], f"{path}.player")
            self.game.choices.append(dict(entry))

    def a_pass(self, p: Any, path: str) -> None:
        turn.pass_priority(self.game, self.player(p, path) if p else None)

    def a_resolve(self, p: Any, path: str) -> None:
        for _i in range(p or 1):
            if not self.game.stack:
                raise RulesError(N_("the stack is empty: nothing to resolve"))
            turn.all_pass(self.game)

    def a_advance(self, p: dict, path: str) -> None:
        if p["to"] not in STEPS:
            raise InputError(
                f"{path}.to", _("unknown step {step} (steps: {steps})").format(step=q(p["to"]), steps=list(STEPS))
            )
        who = self.player(p["player"], f"{path}.player") if "player" in p else None
        turn.advance_to(self.game, p["to"], who, p.get("turn"))

    def _advance_in_turn(self, step: str) -> None:
        game = self.game
        if STEPS.index(game.step) >= STEPS.index(step):
            raise RulesError(N_("the {step} step of this turn is over (now: {now})"), step=step, now=game.step)
        turn.advance_to(game, step, game.active, game.turn)

    def a_attack(self, p: dict, path: str) -> None:
        who = self.player(p["player"], f"{path}.player")
        attackers = []
        for label, defender in p["attackers"].items():
            attackers.append(
                (self.perm(label, f"{path}.attackers.{label}"), self.player(defender, f"{path}.attackers.{label}"))
            )
        combat.check_attackers(self.game, who, attackers)
        self.game.skip_flags["attack"] = attackers
        self._advance_in_turn("declare_attackers")

    def a_block(self, p: dict, path: str) -> None:
        who = self.player(p["player"], f"{path}.player")
        blocks = [
            (self.perm(b, f"{path}.blockers.{b}"), self.perm(a, f"{path}.blockers.{b}"))
            for b, a in p["blockers"].items()
        ]
        combat.check_blockers(self.game, who, blocks)
        self.game.skip_flags.setdefault("blocks", {})[who] = blocks
        self._advance_in_turn("declare_blockers")

    def a_play(self, p: dict, path: str) -> None:
        """Play a land: a special action in the player's main phase with an empty stack (305)."""
        who = self.player(p["player"], f"{path}.player")
        card = self.hand_card(who, p["card"], f"{path}.card")
        special.play_land(self.game, who, card)

    def a_tap(self, p: dict, path: str) -> None:
        """Tap a land for mana: a mana ability, no stack (605); the mana itself is not tracked."""
        who = self.player(p["player"], f"{path}.player")
        perm = self.perm(p["card"], f"{path}.card")
        special.tap_for_mana(self.game, who, perm, p["card"])

    def a_unearth(self, p: dict, path: str) -> None:
        who = self.player(p["player"], f"{path}.player")
        ref = p["card"]
        grave = self.game.players[who].graveyard
        card = next((c for c in grave if c.label == ref), None) or next(
            (c for c in grave if c.name.casefold() == str(ref).casefold()), None
        )
        if card is None:
            if ref not in self.game.labels and self.game.pool.get(ref) is None:
                raise InputError(f"{path}.card", _("unknown card or id {ref}").format(ref=q(ref)))
            raise RulesError(N_("{card} is not in {player}'s graveyard"), card=ref, player=who)
        self._take_priority(who)
        stack.unearth(self.game, who, card)

    def a_roll_planar_die(self, p: dict, path: str) -> None:
        who = self.player(p["player"], f"{path}.player")
        self._take_priority(who)
        special.roll_planar_die(self.game, who, p.get("result"))

    def a_concede(self, p: str, path: str) -> None:
        who = self.player(p, path)
        players.leave_game(self.game, who)
        if len(self.game.in_game()) <= 1:
            self.game.game_over = True
            return
        holder = self.game.priority
        stack.priority_point(self.game)
        self.game.priority = (
            holder if holder in self.game.in_game() else (self.game.next_player(who) if holder else None)
        )

    def a_fix(self, p: dict, path: str) -> None:
        for kind, results in p.items():
            check_fix_kind(kind, f"{path}.{kind}")
            self.game.fixed.setdefault(kind, []).extend(str(r) for r in results)

    def a_remember(self, p: dict, path: str) -> None:
        obj = self.obj(p["id"], f"{path}.id")
        self.memory[p["as"]] = obj.oid if obj is not None else -1

    def a_illegal(self, p: dict, path: str, index: int) -> None:
        """The action must be refused. A refused action leaves the game as it was before it (a resolution
        refused halfway undone), less the answers it used up, so the scenario goes on with the next step."""
        ((verb, params),) = [(k, v) for k, v in p.items() if k != "reason"]
        before = self.game.copy()
        queued = list(self.game.choices)
        try:
            ACTIONS[verb](self, params, f"{path}.{verb}")
        except RulesError as exc:
            spent = {i for i, entry in enumerate(queued) if not any(entry is left for left in self.game.choices)}
            before.choices = [entry for i, entry in enumerate(before.choices) if i not in spent]
            self.game = before
            reason = p.get("reason")
            # Scenario files give the English reason; the translated one is accepted too.
            if reason and not any(reason.casefold() in text.casefold() for text in (exc.english, str(exc))):
                self.failures.append(
                    Failure(index, f"illegal {verb}", _("refused because: {reason}").format(reason=reason), str(exc))
                )
            return
        self.failures.append(Failure(index, f"illegal {verb}", _("refused by the rules"), _("it was allowed")))

    # ----- expectations -----------------------------------------------------------------
    def a_expect(self, p: dict, path: str, index: int) -> None:
        for key, want in p.items():
            if key == "note":
                continue
            if key in RESERVED:
                self._check(index, key, want, GLOBAL_CHECKS[key](self, want))
            else:
                obj = self.obj(key, f"{path}.{key}")
                for attr, expected in want.items():
                    self._check(index, f"{key}.{attr}", expected, self.object_value(obj, attr, expected))
        self.log_cursor = len(self.game.log)

    def _check(self, index: int, name: str, expected: Any, actual: Any) -> None:
        if isinstance(expected, list) and isinstance(actual, tuple) and actual and actual[0] == "subset":
            _kind, have, missing = actual
            if missing:
                self.failures.append(Failure(index, name, expected, have))
            return
        if expected != actual:
            self.failures.append(Failure(index, name, expected, actual))

    def object_value(self, obj: Obj | None, attr: str, expected: Any) -> Any:
        game = self.game
        if attr == "exists":
            return obj is not None and obj.zone != "gone"
        if attr == "zone":
            if obj is not None and obj.phased_out and not self.game.edition.has("phasing_is_status"):
                return "phased_out"  # 217.8a: the phased-out zone of the old rules
            return "gone" if obj is None else obj.zone
        if obj is None:
            return None
        if attr == "same_object_as":
            return (
                expected
                if self.memory.get(expected) == obj.oid
                else _("a different object than {name}").format(name=q(expected))
            )
        if attr == "new_object_since":
            return (
                expected
                if self.memory.get(expected) != obj.oid
                else _("the same object as {name}").format(name=q(expected))
            )
        ch = game.chars(obj)
        getter = OBJECT_CHECKS.get(attr)
        if getter is None:
            raise InputError(attr, _("unknown object expectation {name}").format(name=q(attr)))
        return getter(game, obj, ch, expected)

    def _log_since(self) -> list[str]:
        return [f"{e.source}: {e.label}" for e in self.game.log[self.log_cursor :]]

    def run(self, steps: list[dict]) -> list[Failure]:
        for index, step in enumerate(steps):
            path = f"steps[{index}]"
            items = [(k, v) for k, v in step.items() if k != "note"]
            if not items:
                continue
            if len(items) != 1:
                raise InputError(path, _("one action per step, got {actions}").format(actions=[k for k, _v in items]))
            verb, params = items[0]
            if verb not in ACTIONS:
                raise InputError(
                    path,
                    _("unknown action {action} (actions: {actions})").format(action=q(verb), actions=sorted(ACTIONS)),
                )
            self.game.step_index = index
            try:
                if verb in ("expect", "illegal"):
                    ACTIONS[verb](self, params, f"{path}.{verb}", index)
                else:
                    ACTIONS[verb](self, params, f"{path}.{verb}")
            except ChoiceNeeded as exc:
                self.failures.append(Failure(index, verb, _("the choices this step needs"), str(exc)))
                return self.failures
            except RulesError as exc:
                self.failures.append(Failure(index, verb, _("an action the rules allow"), str(exc)))
                return self.failures
            except InputError:
                raise
            except Exception as exc:  # an engine bug: report it, keep the other scenarios running
                self.failures.append(Failure(index, verb, _("no engine error"), f"{type(exc).__name__}: {exc}"))
                return self.failures
            if (
                self.game.game_over
                and verb != "expect"
                and index + 1 < len(steps)
                and not all("expect" in s or "note" in s for s in steps[index + 1 :])
            ):
                self.failures.append(Failure(index, verb, _("the game goes on"), _("the game is over")))
                return self.failures
        return self.failures


def _out_of_play(game: Game, obj: Obj) -> bool:
    """217.8c: in the phased-out zone an object is neither tapped nor untapped, nor controlled."""
    return obj.phased_out and not game.edition.has("phasing_is_status")


def _controller(game: Game, obj: Obj, ch: Any) -> str | None:
    if _out_of_play(game, obj):
        return None
    if obj.zone == "command":
        return game.planar_controller_of(obj)  # 312.4, 901.6, 901.14a
    return obj.phased_out_under if obj.phased_out else ch.controller


def _attached_to(game: Game, obj: Obj, expected: Any = None) -> str | None:
    """The id of what ``obj`` is attached to; a merged permanent answers to the id of any of its
    components (730.2c), so the expected one is given back when it names the host."""
    host = obj.attached_to
    if isinstance(host, int):
        found = game.by_oid(host)
        if found is None or found.zone != "battlefield":
            return None
        if isinstance(expected, str) and expected in game.labels and game.labelled(expected) is found:
            return expected
        return game.label_of(found)
    return host


def _affected_by(game: Game, obj: Obj) -> list[str]:
    return sorted(
        e.source_name
        for e in game.effects
        if e.affected is not None and obj.oid in e.affected and effect_active(game, e)
    )


# What an object expectation compares: (game, object, its characteristics, the expected value).
OBJECT_CHECKS: dict[str, Callable[[Game, Obj, Any, Any], Any]] = {
    "phased_out": lambda g, o, c, e: (o.phase_kind if o.phased_out else False) if isinstance(e, str) else o.phased_out,
    "phased_out_under": lambda g, o, c, e: o.phased_out_under,
    "controller": lambda g, o, c, e: _controller(g, o, c),
    "owner": lambda g, o, c, e: g.planar_owner(o),
    "types": lambda g, o, c, e: sorted(c.types),
    "subtypes": lambda g, o, c, e: sorted(c.subtypes),
    "supertypes": lambda g, o, c, e: sorted(c.supertypes),
    "power": lambda g, o, c, e: c.power,
    "toughness": lambda g, o, c, e: c.toughness,
    "pt": lambda g, o, c, e: f"{c.power}/{c.toughness}",
    "tapped": lambda g, o, c, e: None if _out_of_play(g, o) else o.tapped,
    "counters": lambda g, o, c, e: {k: v for k, v in o.counters.items() if v},
    "stickers": lambda g, o, c, e: list(o.stickers),
    "attached_to": lambda g, o, c, e: _attached_to(g, o, e),
    "attachments": lambda g, o, c, e: sorted(g.label_of(a) for a in g.all_permanents() if a.attached_to == o.oid),
    "in_combat": lambda g, o, c, e: o.in_combat,
    "attacking": lambda g, o, c, e: o.attacking,
    "blocking": lambda g, o, c, e: bool(o.blocking),
    "keywords": lambda g, o, c, e: e if set(e) <= c.keywords else sorted(c.keywords),
    "lacks": lambda g, o, c, e: e if not set(e) & c.keywords else sorted(c.keywords),
    "token": lambda g, o, c, e: o.token,
    "damage": lambda g, o, c, e: o.damage,
    "face_up": lambda g, o, c, e: o.face_up,
    "level": lambda g, o, c, e: int(o.chosen.get("level", 1)),
    "affected_by": lambda g, o, c, e: _affected_by(g, o),
}


def _names_match(entries: list[str], wanted: str) -> bool:
    w = wanted.casefold()
    return any(e.casefold() == w or e.casefold().split(": ")[0] == w for e in entries)


def _triggered(r: Runner, want: list[str]) -> Any:
    have = r._log_since()
    missing = [w for w in want if not _names_match(have, w)]
    return ("subset", have, missing)


def _per_player(fn: Callable[[Game, str], Any]) -> Callable[[Runner, dict], dict]:
    def check(r: Runner, want: dict) -> dict:
        return {name: fn(r.game, r.player(name, name)) for name in want}

    return check


def _turn_order(game: Game) -> list[str]:
    order = game.in_game()
    start = game.active if game.active in order else game.next_player(game.active)
    i = order.index(start)
    return order[i:] + order[:i]


GLOBAL_CHECKS: dict[str, Callable[[Runner, Any], Any]] = {
    "life": _per_player(lambda g, p: g.players[p].life),
    "poison": _per_player(lambda g, p: g.players[p].poison),
    "hand": _per_player(lambda g, p: len(g.players[p].hand)),
    "graveyard": _per_player(lambda g, p: len(g.players[p].graveyard)),
    "library": _per_player(lambda g, p: len(g.players[p].library)),
    "exile": _per_player(lambda g, p: len(g.players[p].exile)),
    "hand_cards": _per_player(lambda g, p: sorted(g.label_of(c) for c in g.players[p].hand)),
    "battlefield": _per_player(lambda g, p: sum(1 for x in g.permanents() if g.controller(x) == p)),
    "creatures": _per_player(lambda g, p: len(g.creatures(p))),
    "face_up": lambda r, w: (
        w if sorted(w) == sorted(c.name for c in r.game.command) else sorted(c.name for c in r.game.command)
    ),
    "planar_deck": _per_player(lambda g, p: [c.name for c in g.players[p].planar_deck]),
    "planar_deck_top": lambda r, w: {
        name: [c.name for c in r.game.players[r.player(name, name)].planar_deck[: len(top)]] for name, top in w.items()
    },
    "planar_controller": lambda r, w: r.game.planar_controller,
    "planar_controllers": lambda r, w: (
        sorted(set(r.game.turn_markers.values())) if r.game.turn_markers else [r.game.planar_controller]
    ),
    "turn_markers": lambda r, w: {str(k): v for k, v in r.game.turn_markers.items()},
    "planar_die_cost": lambda r, w: (
        {name: r.game.players[r.player(name, name)].die_special_actions for name in w}
        if isinstance(w, dict)
        else r.game.players[r.game.active].die_special_actions
    ),
    "turn_order": lambda r, w: _turn_order(r.game),
    "in_game": lambda r, w: r.game.in_game(),
    "active": lambda r, w: r.game.active,
    "step": lambda r, w: r.game.step,
    "turn": lambda r, w: r.game.turn,
    "priority": lambda r, w: r.game.priority,
    "stack": lambda r, w: [i.source_name for i in reversed(r.game.stack)],
    "stack_controllers": lambda r, w: [i.controller for i in reversed(r.game.stack)],
    "planar_deck_set": lambda r, w: {
        name: (
            cards
            if sorted(cards) == sorted(c.name for c in r.game.players[r.player(name, name)].planar_deck)
            else sorted(c.name for c in r.game.players[name].planar_deck)
        )
        for name, cards in w.items()
    },
    "mana": _per_player(lambda g, p: dict(g.players[p].mana)),
    "waiting_triggers": lambda r, w: [t.source_name for t in r.game.pending],
    "triggered": _triggered,
    "not_triggered": lambda r, w: [x for x in w if not _names_match(r._log_since(), x)],
    "last_die": lambda r, w: next((e["result"] for e in reversed(r.game.events) if e["kind"] == "planar_die"), None),
    "game_over": lambda r, w: r.game.game_over,
}

ACTIONS: dict[str, Callable] = {
    "cast": Runner.a_cast,
    "activate": Runner.a_activate,
    "choose": Runner.a_choose,
    "pass": Runner.a_pass,
    "resolve": Runner.a_resolve,
    "advance": Runner.a_advance,
    "attack": Runner.a_attack,
    "block": Runner.a_block,
    "roll_planar_die": Runner.a_roll_planar_die,
    "unearth": Runner.a_unearth,
    "play": Runner.a_play,
    "tap": Runner.a_tap,
    "concede": Runner.a_concede,
    "fix": Runner.a_fix,
    "remember": Runner.a_remember,
    "expect": Runner.a_expect,
    "illegal": Runner.a_illegal,
}
