"""Moving objects between zones (400.7: a new object each time) and attaching them.

Phasing never passes through here: it changes a status, not a zone, so no
zone-change trigger can see it (702.26d).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from kb.engine.choices import decide
from kb.engine.dice import roll_die
from kb.engine.phasing import on_leaves
from kb.engine.restrictions import protected_from
from kb.engine.select import matches
from kb.engine.state import Game, Obj, RulesError
from kb.engine.triggers import obj_event
from kb.i18n import N_


def _detach_from_zone(game: Game, obj: Obj) -> None:
    if obj in game.battlefield:
        game.battlefield.remove(obj)
        game.touch()
        return
    if obj in game.command:
        game.command.remove(obj)
        game.touch()
        return
    for player in game.players.values():
        for name in ("hand", "library", "graveyard", "exile", "planar_deck"):
            zone = player.zone(name)
            if obj in zone:
                zone.remove(obj)
                game.events.append(
                    {"kind": "zone_out", "owner": player.name, "zone": name, "card_id": obj.card_id}
                )  # logged only
                return
    for item in game.stack:
        if item.source is obj and item.kind == "spell":
            return


def new_object(game: Game, obj: Obj, zone: str, **kw: Any) -> Obj:
    """The same card as a new object in another zone (400.7)."""
    fresh = game.make_obj(obj.cdef, obj.owner, zone, card_id=obj.card_id, token=obj.token, **kw)
    fresh.label = obj.label
    return fresh


def put_in_zone(game: Game, obj: Obj, zone: str, position: str = "top") -> Obj | None:
    """Move a non-permanent object (hand, library, graveyard, exile) into ``zone`` of its owner."""
    _detach_from_zone(game, obj)
    if obj.token:
        return None  # a token in any other zone ceases to exist (704.5d / 111.7)
    fresh = new_object(game, obj, zone)
    target = game.players[obj.owner].zone(zone)
    if position == "bottom":
        target.append(fresh)
    else:
        target.insert(0, fresh)
    game.events.append(
        {"kind": "zone_in", "owner": obj.owner, "zone": zone, "card_id": obj.card_id}
    )  # logged: what a zone's count owes
    return fresh


def enter_battlefield(
    game: Game,
    obj: Obj,
    controller: str,
    attached_to: int | str | None = None,
    tapped: bool = False,
    choices: dict | None = None,
    token: bool = False,
    counters: dict | None = None,
) -> Obj:
    """Put a card (or a new token) onto the battlefield as a new object, with its "as enters" choices."""
    _detach_from_zone(game, obj)
    perm = game.make_obj(
        obj.cdef,
        obj.owner,
        "battlefield",
        card_id=obj.card_id,
        token=token or obj.token,
        copy_of=obj.copy_of,
        copy_except=dict(obj.copy_except),
    )
    perm.label = obj.label
    perm.controller = controller
    perm.tapped = tapped
    perm.timestamp = game.new_timestamp()
    perm.controlled_since = game.turn
    perm.attached_to = attached_to
    perm.counters = dict(counters or {})
    for entry in perm.cdef.as_enters:
        verb, params = next(iter(entry.items()))
        if verb == "choose_color":
            perm.chosen["color"] = (choices or {}).get("color") or game_choice(
                game, controller, "color", params["options"], perm.name
            )
        elif verb == "counters":
            for kind, n in params.items():
                perm.counters[kind] = perm.counters.get(kind, 0) + n
        elif verb == "roll_die_counters":  # "As it enters, roll a dN; it enters with that many counters"
            result = roll_die(game, controller, int(params.get("sides", 6)))
            kind = params.get("kind", "+1/+1")
            perm.counters[kind] = perm.counters.get(kind, 0) + result
    loyalty = (perm.copy_of or perm.cdef).loyalty
    if loyalty is not None and "loyalty" not in perm.counters:
        perm.counters["loyalty"] = loyalty  # 306.5b: enters with its printed loyalty
    if perm.cdef.vanishing:
        perm.counters["time"] = perm.counters.get("time", 0) + perm.cdef.vanishing
    cdef = perm.copy_of or perm.cdef
    if cdef.chapters:
        lore = 1
        if cdef.read_ahead:  # 714.3b: choose a number up to the final chapter
            options = [str(n) for n in range(1, cdef.final_chapter + 1)]
            lore = int((choices or {}).get("chapter") or game_choice(game, controller, "chapter", options, perm.name))
        perm.counters["lore"] = perm.counters.get("lore", 0) + lore
    game.battlefield.append(perm)
    game.touch()  # characteristics cached before it was there must not stand (the layers see it now)
    game.emit("enters", **obj_event(game, perm))
    if cdef.chapters:
        game.emit("lore_counter", before=0, after=perm.counters["lore"], entering=True, **obj_event(game, perm))
    if "Land" in game.chars(perm).types:
        game.emit("land_enters", **obj_event(game, perm))
    return perm


def merge(game: Game, card: Obj, perm: Obj, over: bool) -> None:
    """702.140c, 730: the card merges with the permanent, over or under it; one object with the
    characteristics of the topmost card and the abilities of all (a copiable effect, 730.2a). It is
    the same object (730.2c), so it hasn't entered, and it phases out and in as one. It is a token only
    if its topmost component is one (730.2d); each component keeps what it is for when it leaves (730.3)."""
    _detach_from_zone(game, card)
    tokens = set(perm.merged_tokens) if perm.merged else ({perm.card_id} if perm.token else set())
    if card.token:
        tokens.add(card.card_id)
    parts = perm.merged or [(perm.card_id, perm.copy_of or perm.cdef)]
    parts = [(card.card_id, card.cdef)] + parts if over else parts + [(card.card_id, card.cdef)]
    top = parts[0][1]
    cards = [c for _i, c in parts]
    perm.merged = parts
    perm.merged_tokens = frozenset(tokens)
    perm.token = parts[0][0] in tokens
    perm.copy_of = dataclasses.replace(
        top,
        keywords=frozenset().union(*(c.keywords for c in cards)),
        triggers=tuple(t for c in cards for t in c.triggers),
        statics=tuple(s for c in cards for s in c.statics),
        activated=tuple(a for c in cards for a in c.activated),
    )
    game.emit("mutates", **obj_event(game, perm))


def game_choice(game: Game, player: str, kind: str, options: list, source: str) -> Any:
    return decide(game, player, kind, options, source)


def leave_battlefield(game: Game, perm: Obj, to: str, cause: str = "") -> Obj | None:
    """Move a permanent from the battlefield to ``to`` (graveyard, exile, hand, library, gone)."""
    if perm.chosen.get("unearthed") and to not in ("exile", "gone"):
        to = "exile"  # 702.84a: if it would leave the battlefield, exile it instead
    before = obj_event(game, perm)
    was_creature = "Creature" in before["types"]
    perm.attacking, perm.blocking = None, []
    fresh: Obj | None = None
    if to == "gone":
        _detach_from_zone(game, perm)
    elif to in ("graveyard", "exile", "hand", "library"):
        if perm.merged:
            perm.token = perm.card_id in perm.merged_tokens  # 730.3: each component goes as what it is
        fresh = put_in_zone(game, perm, to)
        for card_id, cdef in perm.merged:  # 730.3: each card of a merged permanent goes there
            if card_id != perm.card_id and card_id not in perm.merged_tokens:
                part = game.make_obj(cdef, perm.owner, to, card_id=card_id)
                part.label = next((k for k, v in game.labels.items() if v == card_id), "")
                game.players[perm.owner].zone(to).insert(0, part)
                game.events.append({"kind": "zone_in", "owner": perm.owner, "zone": to, "card_id": card_id})
    else:
        raise RulesError(N_("unknown zone {zone}"), zone=repr(to))
    # Whatever was attached keeps pointing at the old object, which no longer
    # exists: state-based actions deal with it (704.5m-n).
    perm.zone = "gone" if fresh is None else to
    game.touch()
    game.emit("leaves", lookback=[perm], to=to, **before)
    if to == "graveyard" and was_creature:
        game.emit("dies", lookback=[perm], **before)
    on_leaves(game, perm)
    return fresh


def enchant_options(game: Game, aura: Obj) -> list[tuple[str, Any]]:
    """What an Aura entering without being cast may enchant (303.4f): legal, phased-in, unprotected."""
    enchant = aura.cdef.enchant or {}
    kind = enchant.get("kind", "creature")
    if kind == "player":
        return [(p, p) for p in game.in_game() if not protected_from(game, None, aura, player=p)]
    out = []
    for perm in game.permanents():
        if kind != "permanent" and kind.capitalize() not in game.chars(perm).types:
            continue
        if enchant.get("filter") and not matches(game, perm, enchant["filter"], aura.owner):
            continue
        if not protected_from(game, perm, aura):
            out.append((game.label_of(perm), perm))
    return out


def put_aura(game: Game, card: Obj, controller: str, source_name: str) -> Obj | None:
    """An Aura put onto the battlefield by an effect: its controller chooses what it enchants as it
    enters (303.4f), among what is on the battlefield then; with nothing legal it stays where it is (303.4g)."""
    options = enchant_options(game, card)
    if not options:
        return None
    keys = [k for k, _v in options]
    pick = decide(game, controller, "enchant", keys, source_name)
    host = options[keys.index(pick)][1]
    return enter_battlefield(game, card, controller, attached_to=host if isinstance(host, str) else host.oid)


def make_token(
    game: Game,
    cdef: Any,
    controller: str,
    copy_of: Any = None,
    copy_except: dict | None = None,
    counters: dict | None = None,
) -> Obj | None:
    """A new token on the battlefield; none for a player who has left (800.4b)."""
    if game.players[controller].left:
        return None
    seed = game.make_obj(cdef, controller, "nowhere", token=True, copy_of=copy_of, copy_except=copy_except or {})
    game.assign_label(seed)
    return enter_battlefield(game, seed, controller, token=True, counters=counters)


def destroy(game: Game, perm: Obj) -> bool:
    if "indestructible" in game.chars(perm).keywords:
        return False
    leave_battlefield(game, perm, "graveyard", "destroy")
    return True


def attach(game: Game, perm: Obj, host: Obj | str) -> None:
    """Attach an Aura, Equipment or Fortification; it gets a new timestamp (613.7e)."""
    old = perm.attached_to
    perm.attached_to = host if isinstance(host, str) else host.oid
    perm.timestamp = game.new_timestamp()
    game.events.append({"kind": "attached", "oid": perm.oid})  # logged (it triggers nothing): what moved it
    if isinstance(old, int) and old != perm.attached_to:
        unattached(game, perm, old)


def unattached(game: Game, perm: Obj, old_host_oid: int) -> None:
    host = game.permanent(old_host_oid, include_phased_out=True)
    game.emit("becomes_unattached", obj=perm, oid=perm.oid, host=host, controller=game.controller(perm))


def unattach(game: Game, perm: Obj) -> None:
    old = perm.attached_to
    perm.attached_to = None
    if isinstance(old, int):
        unattached(game, perm, old)
