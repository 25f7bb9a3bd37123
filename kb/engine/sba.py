"""State-based actions (704), checked whenever a player would receive priority.

They see only phased-in permanents, with one historical exception: before
2017-08-25 a phased-out token ceased to exist (702.23j / 704.5d of that time).
"""

from __future__ import annotations

from kb.engine.choices import choose_objects
from kb.engine.planechase import phenomenon_sba
from kb.engine.players import lose
from kb.engine.restrictions import protected_from
from kb.engine.state import Game, Obj
from kb.engine.zones import leave_battlefield, unattach


def aura_legal(game: Game, aura: Obj) -> bool:
    target = aura.attached_to
    if target is None:
        return False
    if isinstance(target, str):
        return (
            not game.players[target].left
            and not protected_from(game, None, aura, player=target)
            and (aura.cdef.enchant or {}).get("kind") == "player"
        )
    host = game.permanent(target)
    if host is None or host.oid == aura.oid:
        return False
    want = (aura.cdef.enchant or {}).get("kind", "creature")
    if want != "permanent" and want.capitalize() not in game.chars(host).types:
        return False
    return not protected_from(game, host, aura)


def attachment_legal(game: Game, perm: Obj) -> bool:
    host = game.permanent(perm.attached_to) if isinstance(perm.attached_to, int) else None
    if host is None:
        return False
    needed = "Land" if "Fortification" in perm.cdef.subtypes else "Creature"
    return needed in game.chars(host).types and not protected_from(game, host, perm)


def _lethal(game: Game, perm: Obj) -> bool:
    ch = game.chars(perm)
    return (
        ch.toughness is not None
        and "Creature" in ch.types
        and (ch.toughness <= 0 or (perm.damage >= ch.toughness and ch.toughness > 0))
    )


def check_once(game: Game) -> bool:
    """One round of state-based actions, all at once (704.3); True if any happened."""
    acted = False
    losing = []
    for name in game.in_game():
        player = game.players[name]
        if player.life <= 0 or player.poison >= 10 or player.drew_from_empty:  # 704.5a-c
            losing.append(name)
        player.drew_from_empty = False
    for name in losing:
        lose(game, name)
        acted = True
    if not game.edition.has("phased_out_tokens_survive"):
        for perm in [p for p in game.all_permanents() if p.token and p.phased_out]:
            game.battlefield.remove(perm)  # ceases to exist, no zone change (702.23j)
            perm.zone = "gone"
            game.events.append({"kind": "ceases_to_exist", "oid": perm.oid})  # logged, triggers nothing
            acted = True
    to_graveyard: list[Obj] = []
    to_destroy: list[Obj] = []
    to_unattach: list[Obj] = []
    for perm in game.permanents():
        ch = game.chars(perm)
        if "Creature" in ch.types and ch.toughness is not None and ch.toughness <= 0:
            to_graveyard.append(perm)
        elif "Creature" in ch.types and _lethal(game, perm):
            to_destroy.append(perm)
        if "Planeswalker" in ch.types and perm.counters.get("loyalty", 0) <= 0:
            to_graveyard.append(perm)
        if perm.cdef.is_aura and not aura_legal(game, perm):
            to_graveyard.append(perm)
        elif (
            ({"Equipment", "Fortification"} & set(perm.cdef.subtypes))
            and perm.attached_to is not None
            and not attachment_legal(game, perm)
        ):
            to_unattach.append(perm)
    to_graveyard.extend(_legend_rule(game))
    to_sacrifice = [p for p in game.permanents() if _saga_done(game, p)]
    for perm in to_unattach:
        unattach(game, perm)
        acted = True
    for perm in to_graveyard:
        if perm.zone == "battlefield":
            leave_battlefield(game, perm, "graveyard", "sba")
            acted = True
    for perm in to_sacrifice:
        if perm.zone == "battlefield":
            leave_battlefield(game, perm, "graveyard", "sacrifice")
            acted = True
    for perm in to_destroy:
        if perm.zone == "battlefield" and "indestructible" not in game.chars(perm).keywords:
            leave_battlefield(game, perm, "graveyard", "sba")
            acted = True
    if phenomenon_sba(game):
        acted = True
    return acted


def _saga_done(game: Game, perm: Obj) -> bool:
    """714.4: a Saga with lore counters at its final chapter whose chapter abilities have all left the stack."""
    cdef = perm.copy_of or perm.cdef
    if not cdef.chapters or perm.counters.get("lore", 0) < cdef.final_chapter:
        return False
    busy = any(t.source is perm for t in game.pending) or any(i.source is perm and i.is_trigger for i in game.stack)
    return not busy


def _legend_rule(game: Game) -> list[Obj]:
    out: list[Obj] = []
    seen: dict[tuple[str, str], list[Obj]] = {}
    for perm in game.permanents():
        ch = game.chars(perm)
        if "Legendary" in ch.supertypes:
            seen.setdefault((ch.controller, ch.name), []).append(perm)
    for (controller, name), group in seen.items():
        if len(group) > 1:
            keep = choose_objects(game, controller, "legend", group, name)[0]
            out.extend(p for p in group if p is not keep)
    return out


def check(game: Game) -> None:
    """State-based actions until none apply (704.3)."""
    for _ in range(100):
        if not check_once(game):
            return
