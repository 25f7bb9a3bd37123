"""Building a game state from a scenario's ``setup`` (format: docs/scenarios.md).

Everything a scenario can get wrong is reported with the path of the field:
unknown cards and labels, and states the rules make impossible (an Aura attached
to nothing, a phased-out card in a hand, an indirectly phased-out Aura on a
phased-in permanent).
"""

from __future__ import annotations

import re
from typing import Any

import kb.engine.planechase as planechase
from kb.engine.cards import CardPool, token_def
from kb.engine.editions import Edition
from kb.engine.game import new_game
from kb.engine.state import STEPS, Effect, Game, Obj, StackItem, q
from kb.i18n import N_, _

RESERVED = frozenset(
    {
        "note",
        "life",
        "poison",
        "hand",
        "graveyard",
        "library",
        "exile",
        "hand_cards",
        "battlefield",
        "creatures",
        "face_up",
        "planar_deck",
        "planar_deck_top",
        "planar_controller",
        "planar_controllers",
        "turn_markers",
        "planar_die_cost",
        "turn_order",
        "in_game",
        "active",
        "step",
        "turn",
        "priority",
        "stack",
        "waiting_triggers",
        "triggered",
        "not_triggered",
        "last_die",
        "game_over",
        "stack_controllers",
        "planar_deck_set",
        "mana",
    }
)
FILLER = "Plains"
DEFAULT_LIBRARY = 30
# A phased-out card in a zone other than the battlefield (one whole sentence per zone).
ZONE_PHASED_OUT = {
    "hand": N_("a card in a hand can't be phased out: phasing is a status of permanents on the battlefield (702.26b)"),
    "library": N_(
        "a card in a library can't be phased out: phasing is a status of permanents on the battlefield (702.26b)"
    ),
    "graveyard": N_(
        "a card in a graveyard can't be phased out: phasing is a status of permanents on the battlefield (702.26b)"
    ),
    "exile": N_("a card in exile can't be phased out: phasing is a status of permanents on the battlefield (702.26b)"),
}


class InputError(ValueError):
    """A scenario field the engine cannot accept; ``path`` says which one."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def _card(pool: CardPool, name: Any, path: str):
    cdef = pool.get(str(name))
    if cdef is None:
        raise InputError(path, _("unknown card {name}").format(name=q(name)))
    return cdef


def _player(game: Game, name: Any, path: str) -> str:
    if name not in game.players:
        raise InputError(path, _("unknown player {name} (players: {players})").format(name=q(name), players=game.seats))
    return name


def _label(game: Game, obj: Obj, wanted: str | None, path: str) -> None:
    if wanted is not None:
        if wanted in game.labels:
            raise InputError(path, _("id {id} is used twice").format(id=q(wanted)))
        if wanted in RESERVED:
            raise InputError(path, _("id {id} is a reserved word of expectations").format(id=q(wanted)))
    game.assign_label(obj, wanted)


def build(setup: dict, pool: CardPool, edition: Edition, twins: bool = False) -> Game:
    names = list(setup["players"])
    if len(set(names)) != len(names):
        raise InputError("setup.players", _("a player is named twice"))
    game = new_game(pool, names, edition, seed=setup.get("seed", 0))
    turn = setup.get("turn", {})
    game.active = _player(game, turn.get("active", names[0]), "setup.turn.active")
    game.step = turn.get("step", "main1")
    if game.step not in STEPS:
        raise InputError(
            "setup.turn.step", _("unknown step {step} (steps: {steps})").format(step=q(game.step), steps=list(STEPS))
        )
    game.turn = turn.get("number", 2)
    if "teams" in setup:
        _teams(game, setup["teams"], names, "life" in setup)
    for name, life in setup.get("life", {}).items():
        game.players[_player(game, name, f"setup.life.{name}")].life = life
    for name, poison in setup.get("poison", {}).items():
        game.players[_player(game, name, f"setup.poison.{name}")].poison = poison
    for zone, key in (("hand", "hands"), ("library", "libraries"), ("graveyard", "graveyards"), ("exile", "exile")):
        _fill_zone(game, setup.get(key, {}), zone, key)
    for name in names:
        if "libraries" not in setup or name not in setup["libraries"]:
            _fill_zone(game, {name: DEFAULT_LIBRARY}, "library", "libraries")
    _battlefield(game, setup.get("battlefield", []))
    _link_exiled(game, setup)
    if "seating" in setup:
        if sorted(setup["seating"]) != sorted(names):
            raise InputError(
                "setup.seating", _("seating must list the players {players}, each once").format(players=names)
            )
        game.seating = list(setup["seating"])
    if "turn_markers" in setup:
        _turn_markers(game, setup["turn_markers"])
    if "planechase" in setup:
        _planechase(game, setup["planechase"])
    for kind, results in setup.get("fix", {}).items():
        check_fix_kind(kind, f"setup.fix.{kind}")
        game.fixed[kind] = [str(r) for r in results]
    game.pay_mana = setup.get("mana", "free") == "paid"
    _stack(game, setup.get("stack", []))
    _effects(game, setup.get("effects", []))
    if twins:
        add_twins(game)
    game.priority = game.active if game.step not in ("untap", "cleanup") else None
    return game


def check_fix_kind(kind: str, path: str) -> None:
    """Fixed random results exist for coins, the planar die and dN (a d6, a d20, ...)."""
    if kind not in ("coin", "planar_die") and not re.fullmatch(r"d[1-9][0-9]*", kind):
        raise InputError(
            path, _("unknown random kind {kind} (known: coin, planar_die, d6, d20, ...)").format(kind=q(kind))
        )


def _teams(game: Game, teams: list, names: list[str], life_given: bool) -> None:
    """Two-Headed Giant (810): two teams of two, shared team turns, a shared life total of 30."""
    members = [p for team in teams for p in team]
    if len(teams) != 2 or any(len(t) != 2 for t in teams) or sorted(members) != sorted(names):
        raise InputError(
            "setup.teams",
            _("Two-Headed Giant has two teams of two, with every player once (810.1); got {teams}").format(
                teams=q(teams)
            ),
        )
    for team in teams:
        for p in team:
            game.teams[p] = tuple(team)
            if not life_given:
                game.players[p].life = 30  # 810.4


def _fill_zone(game: Game, spec: dict, zone: str, key: str) -> None:
    for name, cards in spec.items():
        path = f"setup.{key}.{name}"
        player = game.players[_player(game, name, path)]
        if isinstance(cards, int):
            cards = [FILLER] * cards
        for i, entry in enumerate(cards):
            entry = {"card": entry} if isinstance(entry, str) else dict(entry)
            here = f"{path}[{i}]"
            cdef = _card(game.pool, entry["card"], f"{here}.card" if "id" in entry or len(entry) > 1 else here)
            if entry.get("phased_out"):
                raise InputError(f"{here}.phased_out", _(ZONE_PHASED_OUT[zone]))
            obj = game.make_obj(cdef, name, zone)
            if "id" in entry or zone in ("hand", "graveyard", "exile"):
                _label(game, obj, entry.get("id"), f"{here}.id")
            obj.chosen["exiled_with"] = entry.get("exiled_with")
            player.zone(zone).append(obj)


def _battlefield(game: Game, entries: list[dict]) -> None:
    pending_attach: list[tuple[Obj, str, str]] = []
    made: list[Obj] = []
    for i, entry in enumerate(entries):
        path = f"setup.battlefield[{i}]"
        if "card" in entry:
            cdef = _card(game.pool, entry["card"], f"{path}.card")
            token = bool(entry.get("token", False))
        elif isinstance(entry.get("token"), dict):
            cdef = token_def(entry["token"])
            token = True
        else:
            raise InputError(path, _("a permanent needs 'card' (or 'token' with its characteristics)"))
        if not cdef.is_permanent_card:
            raise InputError(f"{path}.card", _("{card} is not a permanent card").format(card=cdef.name))
        controller = _player(game, entry.get("controller", game.seats[0]), f"{path}.controller")
        owner = _player(game, entry.get("owner", controller), f"{path}.owner")
        perm = game.make_obj(cdef, owner, "battlefield", token=token)
        perm.controller = controller
        perm.tapped = entry.get("tapped", False)
        perm.counters = dict(entry.get("counters", {}))
        perm.stickers = list(entry.get("stickers", []))
        perm.damage = entry.get("damage", 0)
        perm.timestamp = game.new_timestamp()
        perm.controlled_since = game.turn if entry.get("summoning_sick") else game.turn - 1
        perm.chosen = dict(entry.get("chosen", {}))
        if cdef.loyalty is not None and "loyalty" not in perm.counters:
            perm.counters["loyalty"] = cdef.loyalty
        _label(game, perm, entry.get("id"), f"{path}.id")
        phased = entry.get("phased_out", False)
        if phased:
            perm.phased_out = True
            perm.phase_kind = "indirect" if phased == "indirect" else "direct"
            perm.phased_out_under = _player(game, entry.get("phased_out_under", controller), f"{path}.phased_out_under")
        elif "phased_out_under" in entry:
            raise InputError(f"{path}.phased_out_under", _("only a phased-out permanent phased out under someone"))
        if "attached_to" in entry:
            pending_attach.append((perm, entry["attached_to"], f"{path}.attached_to"))
        elif cdef.is_aura:
            raise InputError(
                path,
                _("{card} is an Aura and must be attached to something (704.5m); add attached_to").format(
                    card=cdef.name
                ),
            )
        game.battlefield.append(perm)
        made.append(perm)
    for perm, ref, path in pending_attach:
        _attach(game, perm, ref, path)
    for i, (entry, perm) in enumerate(zip(entries, made)):
        if "phased_out_until_leaves" in entry:
            source = game.labelled(entry["phased_out_until_leaves"])
            if source is None or source.zone != "battlefield":
                raise InputError(
                    f"setup.battlefield[{i}].phased_out_until_leaves",
                    _("unknown permanent {name}").format(name=q(entry["phased_out_until_leaves"])),
                )
            if not perm.phased_out:
                raise InputError(f"setup.battlefield[{i}].phased_out_until_leaves", _("the permanent isn't phased out"))
            perm.phase_until = {"leaves": source.oid, "tap": True}


def _target(game: Game, ref: Any, path: str) -> Any:
    if ref in game.players:
        return ref
    obj = game.labelled(str(ref))
    if obj is None:
        raise InputError(path, _("unknown id {id}").format(id=q(ref)))
    return obj


def _stack(game: Game, entries: list[dict]) -> None:
    """Objects already on the stack, listed top first: spells (``card``) and abilities of a permanent."""
    for i, entry in reversed(list(enumerate(entries))):
        path = f"setup.stack[{i}]"
        controller = _player(game, entry.get("controller", game.active), f"{path}.controller")
        targets = [_target(game, t, f"{path}.targets[{j}]") for j, t in enumerate(entry.get("targets", []))]
        if "card" in entry:
            cdef = _card(game.pool, entry["card"], f"{path}.card")
            obj = game.make_obj(cdef, controller, "stack")
            _label(game, obj, entry.get("id"), f"{path}.id")
            game.stack.append(StackItem(game.new_id(), "spell", cdef.spell, controller, obj, cdef.name, targets))
        elif "ability" in entry:
            source = game.labelled(entry["ability"])
            if source is None:
                raise InputError(f"{path}.ability", _("unknown id {id}").format(id=q(entry["ability"])))
            cdef = source.copy_of or source.cdef
            abilities = list(cdef.activated) + list(cdef.triggers)
            wanted = entry.get("label")
            found = [a for a in abilities if wanted is None or a.label.casefold() == str(wanted).casefold()]
            if not found:
                raise InputError(
                    f"{path}.label",
                    _("{card} has no ability {ability} (has: {abilities})").format(
                        card=cdef.name, ability=q(wanted), abilities=[a.label for a in abilities]
                    ),
                )
            ability = found[0]
            game.stack.append(
                StackItem(
                    game.new_id(),
                    "ability",
                    ability,
                    controller,
                    source,
                    source.name,
                    targets,
                    is_trigger=ability in cdef.triggers,
                )
            )
        else:
            raise InputError(path, _("a stack object needs 'card' (a spell) or 'ability' (the id of its source)"))


def _effects(game: Game, entries: list[dict]) -> None:
    """Continuous effects already in place, as if from spells that resolved earlier (611.2)."""
    for i, entry in enumerate(entries):
        path = f"setup.effects[{i}]"
        kind = entry["kind"]
        affected = None
        if "affects" in entry:
            objs = [_target(game, ref, f"{path}.affects[{j}]") for j, ref in enumerate(entry["affects"])]
            affected = frozenset(o.oid for o in objs if not isinstance(o, str))
        params: dict[str, Any] = {}
        if kind in ("pump", "set_pt"):
            params = {"power": entry.get("power", 0), "toughness": entry.get("toughness", 0)}
        elif kind == "grant":
            params = {"keywords": list(entry.get("keywords", ())), "protection": []}
        elif kind == "rule":
            if "rule" not in entry:
                raise InputError(f"{path}.rule", _("a rule effect names its rule"))
            params = {"rule": entry["rule"], "players": list(entry.get("players", ()))}
        controller = _player(game, entry.get("controller", game.active), f"{path}.controller")
        game.effects.append(
            Effect(
                eid=game.new_id(),
                kind=kind,
                params=params,
                affected=affected,
                controller=controller,
                source_name=entry.get("source", "setup"),
                timestamp=game.new_timestamp(),
                duration={"until": entry.get("until", "end_of_turn"), "player": controller},
                created_turn=game.turn,
            )
        )


def _attach(game: Game, perm: Obj, ref: str, path: str) -> None:
    cdef = perm.cdef
    if not (cdef.is_aura or {"Equipment", "Fortification"} & cdef.subtypes):
        raise InputError(path, _("{card} is not an Aura, Equipment or Fortification").format(card=cdef.name))
    if ref in game.players:
        if not cdef.is_aura:
            raise InputError(path, _("{card} can't be attached to a player").format(card=cdef.name))
        perm.attached_to = ref
        return
    host = game.labelled(ref)
    if host is None or host.zone != "battlefield":
        raise InputError(path, _("unknown permanent {name}").format(name=q(ref)))
    if host is perm:
        raise InputError(path, _("{card} can't be attached to itself").format(card=cdef.name))
    if perm.phase_kind == "indirect" and not host.phased_out:
        raise InputError(
            path,
            _("{card} phased out indirectly, so its host {host} must be phased out too (702.26g)").format(
                card=game.label_of(perm), host=q(ref)
            ),
        )
    perm.attached_to = host.oid


def _link_exiled(game: Game, setup: dict) -> None:
    for name, player in game.players.items():
        for i, card in enumerate(player.exile):
            source_label = card.chosen.pop("exiled_with", None)
            if source_label:
                source = game.labelled(source_label)
                if source is None or source.zone != "battlefield":
                    raise InputError(
                        f"setup.exile.{name}[{i}].exiled_with",
                        _("unknown permanent {name}").format(name=q(source_label)),
                    )
                source.chosen["exiled"] = card.card_id
    for zone in ("hand", "library", "graveyard"):
        for player in game.players.values():
            for card in player.zone(zone):
                card.chosen.pop("exiled_with", None)


def _planechase(game: Game, spec: dict) -> None:
    game.planechase = True
    if "single_deck" in spec:
        _single_deck(game, spec)
    for name, cards in spec.get("decks", {}).items():
        path = f"setup.planechase.decks.{name}"
        player = game.players[_player(game, name, path)]
        for i, card_name in enumerate(cards):
            cdef = _card(game.pool, card_name, f"{path}[{i}]")
            if not cdef.is_planar:
                raise InputError(f"{path}[{i}]", _("{card} is not a plane or phenomenon").format(card=cdef.name))
            obj = game.make_obj(cdef, name, "planar_deck")
            game.assign_label(obj)
            player.planar_deck.append(obj)
    if spec.get("shuffle"):  # the decks as sets: their order is the seed's (901.4)
        for deck in {id(p.planar_deck): p.planar_deck for p in game.players.values()}.values():
            game.rng.shuffle(deck)
    for i, card_name in enumerate(spec.get("face_up", [])):
        path = f"setup.planechase.face_up[{i}]"
        owner_deck = None
        for player in game.players.values():
            for card in player.planar_deck:
                if card.name.casefold() == str(card_name).casefold():
                    owner_deck = player.planar_deck
                    found = card
        if owner_deck is None:
            raise InputError(
                path, _("{card} is in no planar deck; list it in planechase.decks").format(card=q(card_name))
            )
        planechase._face_up(game, found, owner_deck, found.owner)
    game.planar_controller = _player(
        game, spec.get("planar_controller", game.primary(game.active)), "setup.planechase.planar_controller"
    )
    if spec.get("deck_rules"):
        check_planar_decks(game)
    if spec.get("start"):
        planechase.start(game)


def _turn_markers(game: Game, holders: list) -> None:
    """Grand Melee (807.4): one turn marker for each full four players, the first the starting player's,
    each next one four seats to the left of the one before (807.4a-b); each holder is a planar controller
    (901.14a). ``holders`` lists them by marker number."""
    path = "setup.turn_markers"
    for i, name in enumerate(holders):
        _player(game, name, f"{path}[{i}]")
    wanted = len(game.seats) // 4
    if len(holders) != wanted or len(set(holders)) != len(holders):
        raise InputError(
            path,
            _("{players} players have {n} turn markers, one for each full four players (807.4a); got {holders}").format(
                players=len(game.seats), n=wanted, holders=q(holders)
            ),
        )
    seats = game.seating
    for a, b in zip(holders, holders[1:]):
        if (seats.index(b) - seats.index(a)) % len(seats) < 4:
            raise InputError(
                path,
                _(
                    "{b} is within three seats to the left of {a}: turn markers are four or more "
                    "seats apart (807.4b, 807.4d)"
                ).format(a=q(a), b=q(b)),
            )
    game.turn_markers = {i + 1: name for i, name in enumerate(holders)}
    if game.active not in holders:
        raise InputError("setup.turn.active", _("in Grand Melee the active player holds a turn marker"))


def check_planar_decks(game: Game) -> None:
    """The planar deck rules (901.3, 901.15a): each deck at least ten cards, no more than two phenomena, all
    names different; the single communal deck at least forty or ten times the players, whichever is smaller,
    and no more phenomena than twice the players."""
    n = len(game.seats)
    if game.single_planar_deck:
        decks = {"single_deck": game.players[game.seats[0]].planar_deck + game.command}
        least, most_phenomena, rule = min(40, 10 * n), 2 * n, "901.15a"
    else:
        decks = {
            name: p.planar_deck + [c for c in game.command if c.owner == name]
            for name, p in game.players.items()
            if p.planar_deck
        }
        least, most_phenomena, rule = 10, 2, "901.3"
    for name, deck in decks.items():
        path = f"setup.planechase.{name if name == 'single_deck' else 'decks.' + name}"
        names = [c.name for c in deck]
        phenomena = sum("Phenomenon" in c.cdef.types for c in deck)
        if len(deck) < least:
            raise InputError(
                path,
                _("a planar deck of {count} cards; it needs at least {least} ({rule})").format(
                    count=len(deck), least=least, rule=rule
                ),
            )
        if phenomena > most_phenomena:
            raise InputError(
                path,
                _("{count} phenomena; at most {most} ({rule})").format(count=phenomena, most=most_phenomena, rule=rule),
            )
        twice = sorted({x for x in names if names.count(x) > 1})
        if twice:
            raise InputError(
                path,
                _("each card needs a different English name ({rule}): {names} twice").format(rule=rule, names=q(twice)),
            )


def _single_deck(game: Game, spec: dict) -> None:
    """901.15: one communal planar deck; 'a player's planar deck' is that deck (901.15c)."""
    if "decks" in spec:
        raise InputError("setup.planechase.single_deck", _("give either decks or single_deck, not both"))
    game.single_planar_deck = True
    deck: list[Obj] = []
    owner = game.seats[0]
    for i, card_name in enumerate(spec["single_deck"]):
        path = f"setup.planechase.single_deck[{i}]"
        cdef = _card(game.pool, card_name, path)
        if not cdef.is_planar:
            raise InputError(path, _("{card} is not a plane or phenomenon").format(card=cdef.name))
        obj = game.make_obj(cdef, owner, "planar_deck")
        game.assign_label(obj)
        deck.append(obj)
    for player in game.players.values():
        player.planar_deck = deck  # the same list: every player's deck is the communal one


def add_twins(game: Game) -> None:
    """A phased-out twin of every permanent, phased out for good: nothing may see it."""
    twins: dict[int, Obj] = {}
    for perm in list(game.battlefield):
        twin = game.make_obj(perm.cdef, perm.owner, "battlefield", token=perm.token, copy_of=perm.copy_of)
        twin.controller = perm.controller
        twin.counters = dict(perm.counters)
        twin.timestamp = game.new_timestamp()
        twin.phased_out = True
        twin.phased_out_under = perm.phased_out_under or perm.controller
        twin.chosen = dict(perm.chosen)
        game.assign_label(twin, f"{game.label_of(perm)}~twin")
        twins[perm.oid] = twin
    for perm in list(game.battlefield):
        twin = twins[perm.oid]
        host = perm.attached_to
        if isinstance(host, int) and host in twins:
            twin.attached_to = twins[host].oid
            twin.phase_kind = "indirect"
        else:
            twin.attached_to = host
            twin.phase_kind = "direct"
            twin.phase_until = {"never": True}
        game.battlefield.append(twin)
