"""The game state: players, objects in zones, effects, the stack.

Phasing is a status, not a zone: a phased-out permanent stays in
``battlefield`` and every ordinary query (``permanents``) skips it. Only the
rules that name phased-out permanents (phasing itself, 702.26k/n, cleanup) ask
``all_permanents``.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from dataclasses import MISSING, dataclass, field
from typing import Any, Callable, Iterable, Iterator

from kb.engine.cards import CardDef, CardPool
from kb.engine.editions import Edition
from kb.i18n import N_, _


class Changes:
    """One game's change counter: bumped on every change of one of its objects or effects.

    The game's cache of characteristics is valid for one count only. Each game owns one (its
    objects hold a reference to it), so a change in one game leaves another game's cache standing,
    and a copy of a game (``Game.copy``) counts on its own.
    """

    __slots__ = ("count",)

    def __init__(self) -> None:
        self.count = 0


def q(value: Any) -> str:
    """A value quoted for a message: "Bear", ['a', 'b'] as ["a", "b"]."""
    return json.dumps(value, ensure_ascii=False, default=str)


class RulesError(Exception):
    """An action the rules do not allow now (wrong timing, illegal target, no such card).

    Raised as ``RulesError(N_("{card} is tapped and can't attack"), card=name)``: the
    message is an English msgid with named fields. ``english`` is the English text
    (what a scenario's ``illegal: reason:`` is compared with); ``message`` and ``str()``
    are the text in the interface language of the moment the error was raised.
    """

    def __init__(self, msgid: str, **params: Any) -> None:
        self.msgid = msgid
        self.params = params
        self.english = msgid.format(**params)
        self.message = _(msgid).format(**params)
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


class ChoiceNeeded(RulesError):
    """A decision the scenario did not make in advance."""


@dataclass(eq=False)
class Obj:
    """A card or token in some zone; a zone change makes a new object (new oid)."""

    oid: int
    card_id: int
    cdef: CardDef
    owner: str
    zone: str
    controller: str = ""
    token: bool = False
    tapped: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    stickers: list[str] = field(default_factory=list)
    damage: int = 0
    timestamp: int = 0
    phased_out: bool = False
    phase_kind: str | None = None  # "direct" or "indirect"
    phased_out_under: str | None = None
    phase_until: Any = None  # an "until" condition (Oubliette, twins)
    attached_to: int | str | None = None  # oid of a permanent, or a player's name
    controlled_since: int = 0  # turn number; summoning sickness (302.6)
    attacking: str | None = None  # the defending player (attacking a planeswalker is not modelled)
    blocking: list[int] = field(default_factory=list)
    blocked: bool = False
    attacked_this_turn: bool = False
    chosen: dict[str, Any] = field(default_factory=dict)
    copy_of: CardDef | None = None
    copy_except: dict[str, Any] = field(default_factory=dict)
    loyalty_used_turn: int = -1
    face_up: bool = False  # planar cards in the command zone
    merged: list = field(default_factory=list)  # a mutated permanent's cards, top first: (card_id, CardDef)
    merged_tokens: frozenset[int] = frozenset()  # the card_ids of its components that are tokens (730.2d)
    label: str = ""
    # the counter of the game the object belongs to (set by Game.make_obj; not compared, not shown)
    changes: Changes = field(init=False, repr=False, compare=False)

    def __setattr__(self, name: str, value: Any) -> None:
        self.changes.count += 1
        object.__setattr__(self, name, value)

    @property
    def name(self) -> str:
        return (self.copy_of or self.cdef).name

    @property
    def in_combat(self) -> bool:
        return self.attacking is not None or bool(self.blocking)

    def __repr__(self) -> str:
        return f"<{self.name}#{self.oid}{' (phased out)' if self.phased_out else ''}>"


# Obj's fields and defaults, filled once from the class (immutable package data, each line below):
_OBJ_TEMPLATE: dict[str, Any] = {}  # immutable package data
_OBJ_FACTORIES: list[tuple[str, Callable[[], Any]]] = []  # immutable package data
_OBJ_FIELDS: set[str] = set()  # immutable package data


def _new_obj(**values: Any) -> Obj:
    """An Obj built without one count per field (a library of 30 cards is 30 objects); ``changes`` is its game's
    counter, counted once for the new object."""
    if not _OBJ_FIELDS:
        for f in dataclasses.fields(Obj):
            _OBJ_FIELDS.add(f.name)
            if f.default_factory is not MISSING:
                _OBJ_FACTORIES.append((f.name, f.default_factory))
            elif f.default is not MISSING:
                _OBJ_TEMPLATE[f.name] = f.default
    if not values.keys() <= _OBJ_FIELDS:
        raise TypeError(f"Obj has no field(s) {sorted(set(values) - _OBJ_FIELDS)}")
    obj = object.__new__(Obj)
    state = obj.__dict__
    state.update(_OBJ_TEMPLATE)
    for name, factory in _OBJ_FACTORIES:
        state[name] = factory()
    state.update(values)
    obj.changes.count += 1
    return obj


@dataclass(eq=False)
class Player:
    name: str
    life: int = 20
    hand: list[Obj] = field(default_factory=list)
    library: list[Obj] = field(default_factory=list)
    graveyard: list[Obj] = field(default_factory=list)
    exile: list[Obj] = field(default_factory=list)
    planar_deck: list[Obj] = field(default_factory=list)
    left: bool = False
    left_turn: int | None = None
    turns_skipped_since_left: int = 0
    die_special_actions: int = 0  # planar die rolls as a special action this turn (901.9)
    poison: int = 0
    lost: bool = False
    drew_from_empty: bool = False  # 704.5b at the next check
    mana: dict[str, int] = field(default_factory=dict)  # the mana pool (106.4)

    def zone(self, name: str) -> list[Obj]:
        return {
            "hand": self.hand,
            "library": self.library,
            "graveyard": self.graveyard,
            "exile": self.exile,
            "planar_deck": self.planar_deck,
        }[name]


@dataclass(eq=False)
class Effect:
    """A continuous effect from a resolved spell or ability (611.2), or a rule change."""

    eid: int
    kind: str  # pump, set_pt, grant, control, rule
    params: dict
    affected: frozenset[int] | None  # oids fixed at creation (611.2c); None = a rule for everyone
    controller: str
    source_name: str
    timestamp: int
    duration: dict
    tracked: int | None = None  # "for as long as": the object tracked (611.2b, 702.26f)
    ended: bool = False
    created_turn: int = 0


@dataclass(eq=False)
class StackItem:
    sid: int
    kind: str  # spell, ability
    ability: Any  # cards.Ability, or None for a permanent spell
    controller: str
    source: Obj | None  # the card (spell) or the source object (ability); None if source-less
    source_name: str
    targets: list = field(default_factory=list)
    choices: dict = field(default_factory=dict)
    trigger_event: dict | None = None
    is_trigger: bool = False

    def __repr__(self) -> str:
        return f"<stack {self.source_name}: {getattr(self.ability, 'label', 'spell')}>"


@dataclass
class PendingTrigger:
    """A triggered ability that has triggered and waits for a player to receive priority (603.3)."""

    ability: Any
    source: Obj | None
    source_name: str
    controller: str
    event: dict


@dataclass
class LogEntry:
    step: int
    source: str
    label: str
    put_on_stack: bool


@dataclass(frozen=True)
class Hooks:
    """What the game state asks of the rule modules above it (layers.py, triggers.py).

    Passed in rather than imported, so that the state knows nothing of the rules
    that read it: characteristics after the layers, and what an event triggers.
    """

    compute: Callable[["Game"], dict]
    unseen: Callable[["Game", Obj], Any]
    collect: Callable[["Game", dict, list], None]

    def __deepcopy__(self, memo: dict) -> "Hooks":
        return self  # immutable: a copy of a game (Game.copy) shares it


STEPS = (
    "untap",
    "upkeep",
    "draw",
    "main1",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "combat_damage",
    "end_of_combat",
    "main2",
    "end",
    "cleanup",
)


class Game:
    """All of a game's state, and the queries every rule module shares."""

    def __init__(
        self,
        pool: CardPool,
        players: list[str],
        edition: Edition | None = None,
        seed: int = 0,
        hooks: "Hooks | None" = None,
    ):
        if hooks is None:
            raise TypeError("a Game needs its hooks: build it with kb.engine.game.new_game")
        self.hooks = hooks
        self.pool = pool
        self.edition = edition or Edition()
        self.players: dict[str, Player] = {name: Player(name) for name in players}
        self.seats: list[str] = list(players)  # turn order, first = starting player
        self.seating: list[str] = list(players)  # clockwise around the table; never reversed (101.4, 103.1)
        self.battlefield: list[Obj] = []
        self.command: list[Obj] = []  # face-up planes and phenomena
        self.stack: list[StackItem] = []
        self.effects: list[Effect] = []
        self.delayed: list[dict] = []  # delayed triggered abilities
        self.pending: list[PendingTrigger] = []
        self.turn = 1
        self.active = players[0]
        self.step = "main1"
        self.priority: str | None = None
        self.passes = 0
        self.planechase = False
        self.planar_controller: str | None = None
        self.extra_turns: list[str] = []
        self.skip_flags: dict[str, Any] = {}
        self.log: list[LogEntry] = []
        self.events: list[dict] = []
        self.step_index = 0  # the scenario step running (for the trigger log)
        self.rng = random.Random(seed)
        self.fixed: dict[str, list[str]] = {"coin": [], "planar_die": [], "d6": []}
        self.choices: list[dict] = []
        self.labels: dict[str, int] = {}  # scenario label -> card_id
        self._next_id = 1
        self._timestamp = 1
        self.changes = Changes()  # this game's own counter (objects and effects count on it)
        self._chars_cache: tuple[int, dict] | None = None
        self.game_over = False
        self.pay_mana = False  # costs paid from mana pools (mana.py)
        self.teams: dict[str, tuple[str, ...]] = {}  # Two-Headed Giant: player -> their team (810)
        self.single_planar_deck = False  # 901.15
        self.turn_markers: dict[int, str] = {}  # Grand Melee (807.4): marker number -> its holder

    def copy(self) -> "Game":
        """An independent copy of the whole game; card definitions, the edition and the hooks are immutable and
        shared. What a refused action leaves behind (``illegal``), and what a generated game is checked against."""
        twin = copy.deepcopy(self)  # the twin's objects share one copy of the counter: the twin's own
        twin._chars_cache = None  # computed again from the twin's objects when first asked
        return twin

    # ----- the change counter ------------------------------------------------------------
    def touch(self) -> None:
        """Something of this game changed that no object's attribute shows (a list of a zone, an effect):
        characteristics cached before it do not stand."""
        self.changes.count += 1

    def version(self) -> int:
        """This game's change count: equal at two moments when no object or effect of it changed between."""
        return self.changes.count

    # ----- identities -------------------------------------------------------------------
    def new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def new_timestamp(self) -> int:
        self._timestamp += 1
        return self._timestamp

    def card(self, name: str) -> CardDef:
        cdef = self.pool.get(name)
        if cdef is None:
            raise RulesError(N_("unknown card {card}"), card=q(name))
        return cdef

    def make_obj(self, cdef: CardDef, owner: str, zone: str, card_id: int | None = None, **kw: Any) -> Obj:
        oid = self.new_id()
        kw.setdefault("controller", owner)
        return _new_obj(oid=oid, card_id=card_id or oid, cdef=cdef, owner=owner, zone=zone, changes=self.changes, **kw)

    # ----- players and turn order -----------------------------------------------------
    def in_game(self) -> list[str]:
        return [p for p in self.seats if not self.players[p].left]

    def next_player(self, name: str, include_left: bool = False) -> str:
        """The next player in turn order after ``name`` (who may have left)."""
        order = self.seats
        i = order.index(name)
        for k in range(1, len(order) + 1):
            nxt = order[(i + k) % len(order)]
            if include_left or not self.players[nxt].left:
                return nxt
        return name

    def left_of(self, name: str) -> str:
        """The player seated to ``name``'s left (clockwise), whatever the turn order is."""
        order = self.seating
        i = order.index(name)
        for k in range(1, len(order) + 1):
            nxt = order[(i + k) % len(order)]
            if not self.players[nxt].left:
                return nxt
        return name

    def range_of_influence(self) -> int | None:
        """A player's range of influence in seats (801.2): 1 in Grand Melee (807.2a), else unlimited (None)."""
        return 1 if self.turn_markers else None

    def within_range(self, player: str, other: str) -> bool:
        """Whether ``other`` (a player, or the controller of an object) is within ``player``'s range of
        influence (801.2), counting the seats of the players still in the game."""
        reach = self.range_of_influence()
        if reach is None or player == other:
            return True
        seats = [p for p in self.seating if not self.players[p].left or p in (player, other)]
        if player not in seats or other not in seats:
            return False
        apart = (seats.index(other) - seats.index(player)) % len(seats)
        return min(apart, len(seats) - apart) <= reach

    def planar_reach(self, source: Any, other: str) -> bool:
        """901.13 with 801.10: a plane's or phenomenon's abilities affect only what is within its controller's
        range of influence in Grand Melee; in other games they affect everything."""
        if not self.turn_markers or getattr(source, "zone", None) != "command":
            return True
        controller = self.planar_controller_of(source)
        return controller is None or self.within_range(controller, other)

    def apnap(self) -> list[str]:
        """Players in game in APNAP order, starting with the active player (101.4)."""
        order = self.in_game()
        if self.active in order:
            i = order.index(self.active)
            return order[i:] + order[:i]
        start = self.next_player(self.active)
        i = order.index(start) if start in order else 0
        return order[i:] + order[:i]

    def from_player(self, name: str) -> list[str]:
        """Players in game in turn order starting with ``name`` (or the first in game after them)."""
        order = self.in_game()
        if not order:
            return []
        start = name if name in order else self.next_player(name)
        i = order.index(start) if start in order else 0
        return order[i:] + order[:i]

    def opponents(self, name: str) -> list[str]:
        team = self.teams.get(name, (name,))
        return [p for p in self.in_game() if p not in team]

    def team_of(self, name: str) -> tuple[str, ...]:
        return self.teams.get(name, (name,))

    def primary(self, name: str) -> str:
        """The primary player of ``name``'s team: its member in the rightmost seat from the team's
        perspective (805.2), the one whose left neighbour is a teammate. Seating, not turn order."""
        team = self.team_of(name)
        if len(team) == 1:
            return name
        seats = self.seating
        for member in sorted(team, key=seats.index):
            if seats[(seats.index(member) + 1) % len(seats)] in team:
                return member
        return team[0]

    def planar_controller_of(self, card: Obj) -> str | None:
        """Who controls a face-up plane or phenomenon (901.6): the planar controller; in Grand Melee, the
        holder of the turn marker it was turned up for (901.14a)."""
        marker = card.chosen.get("marker")
        if self.turn_markers and marker in self.turn_markers:
            return self.turn_markers[marker]
        return self.planar_controller or self.active

    def planar_owner(self, card: Obj) -> str:
        """The owner of a plane or phenomenon: with the single planar deck, the planar controller (901.15b)."""
        if self.single_planar_deck and card.cdef.is_planar and self.planar_controller:
            return self.planar_controller
        return card.owner

    def active_players(self) -> list[str]:
        """The active player, or every player of the active team in shared team turns (805.4a)."""
        return [p for p in self.team_of(self.active) if not self.players[p].left]

    # ----- objects ------------------------------------------------------------------------
    def all_permanents(self) -> list[Obj]:
        """Every permanent, phased out or not: only for rules that name phased-out permanents."""
        return list(self.battlefield)

    def permanents(self) -> list[Obj]:
        """The battlefield as the game sees it: phased-out permanents don't exist (702.26b)."""
        return [p for p in self.battlefield if not p.phased_out]

    def by_oid(self, oid: int) -> Obj | None:
        for obj in self.iter_objects():
            if obj.oid == oid:
                return obj
        return None

    def permanent(self, oid: int | None, include_phased_out: bool = False) -> Obj | None:
        for p in self.battlefield:
            if p.oid == oid and (include_phased_out or not p.phased_out):
                return p
        return None

    def iter_objects(self) -> Iterator[Obj]:
        yield from self.battlefield
        yield from self.command
        for player in self.players.values():
            for zone in (player.hand, player.library, player.graveyard, player.exile, player.planar_deck):
                yield from zone
        for item in self.stack:
            if item.kind == "spell" and item.source is not None:
                yield item.source

    def find_card(self, card_id: int) -> Obj | None:
        """The current object of a physical card (a label's referent), wherever it is."""
        for obj in self.iter_objects():
            if obj.card_id == card_id or any(cid == card_id for cid, _c in obj.merged):
                return obj  # a card merged into a permanent is that permanent (730.2c)
        return None

    def labelled(self, label: str) -> Obj | None:
        card_id = self.labels.get(label)
        return None if card_id is None else self.find_card(card_id)

    def assign_label(self, obj: Obj, wanted: str | None = None) -> str:
        """A unique scenario label for a new object ("Goat", "Goat#2", ...)."""
        base = wanted or obj.name
        label, n = base, 1
        while label in self.labels:
            n += 1
            label = f"{base}#{n}"
        self.labels[label] = obj.card_id
        obj.label = label
        return label

    def label_of(self, obj: Obj) -> str:
        return obj.label or obj.name

    # ----- characteristics (computed in layers.py, cached per state version) ----------
    def chars(self, obj: Obj) -> Any:
        unseen = self.hooks.unseen
        if obj.zone != "battlefield" or obj.phased_out:
            return unseen(self, obj)
        cache = self._chars_cache
        if cache is None or cache[0] != self.changes.count:
            cache = (self.changes.count, self.hooks.compute(self))
            self._chars_cache = (self.changes.count, cache[1])
        found = cache[1].get(obj.oid)
        return found if found is not None else unseen(self, obj)

    def controller(self, obj: Obj) -> str:
        return self.chars(obj).controller

    def is_type(self, obj: Obj, card_type: str) -> bool:
        return card_type in self.chars(obj).types

    def creatures(self, controller: str | None = None) -> list[Obj]:
        return [
            p
            for p in self.permanents()
            if self.is_type(p, "Creature") and (controller is None or self.controller(p) == controller)
        ]

    def attached_to_obj(self, obj: Obj) -> Obj | None:
        if isinstance(obj.attached_to, int):
            return self.permanent(obj.attached_to)
        return None

    def attachments(self, obj: Obj, include_phased_out: bool = False) -> list[Obj]:
        return [p for p in self.battlefield if p.attached_to == obj.oid and (include_phased_out or not p.phased_out)]

    # ----- changes every invariant must be able to explain ------------------------------
    def set_counters(self, obj: Obj, counters: dict[str, int]) -> None:
        """A permanent's counters become ``counters``: every change of counters on the battlefield goes
        through here and is logged as an event ``counters`` (for each kind, by how many), so that a count
        of counters can be explained by the game's events."""
        old = obj.counters
        obj.counters = counters
        for kind in sorted(set(old) | set(counters)):
            delta = counters.get(kind, 0) - old.get(kind, 0)
            if delta:
                self.events.append({"kind": "counters", "oid": obj.oid, "counter": kind, "delta": delta})

    def change_poison(self, name: str, amount: int) -> None:
        """A player gets poison counters (logged as the event ``poison``)."""
        self.players[name].poison += amount
        self.events.append({"kind": "poison", "player": name, "delta": amount})

    # ----- events and the trigger log --------------------------------------------------
    def emit(self, kind: str, lookback: Iterable[Obj] = (), **data: Any) -> None:
        """Something happened: abilities that trigger on it wait for the next priority."""
        event = {"kind": kind, **data}
        self.events.append(event)
        self.hooks.collect(self, event, list(lookback))

    def record(self, source: str, label: str, put_on_stack: bool = True) -> None:
        self.log.append(LogEntry(self.step_index, source, label, put_on_stack))

    # ----- fixed random results -------------------------------------------------------
    def random_result(self, kind: str, faces: list[str]) -> str:
        queue = self.fixed.get(kind) or []
        if queue:
            result = queue.pop(0)
            if result not in faces:
                raise RulesError(
                    N_("fixed {kind} result {result} is not one of {faces}"), kind=kind, result=q(result), faces=faces
                )
            return result
        return self.rng.choice(faces)
