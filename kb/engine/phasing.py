"""Phasing (702.26; 702.23 in the editions of 2009-2010).

A phased-out permanent keeps its zone, controller, counters and attachments;
it only gets a status: phased out, directly or indirectly, and under whose
control it phased out. The untap-step phasing event lists first what phases in
and what phases out, then does both at once (702.26a), and the triggers wait for
the upkeep's first priority.
"""

from __future__ import annotations

from kb.engine.restrictions import can_phase_out
from kb.engine.state import Game, Obj
from kb.engine.triggers import obj_event


def _attached_tree(game: Game, perm: Obj) -> list[Obj]:
    """Everything attached to ``perm``, and to those, phased in (702.26g)."""
    out: list[Obj] = []
    todo = [perm]
    while todo:
        host = todo.pop()
        for att in game.attachments(host):
            if att not in out:
                out.append(att)
                todo.append(att)
    return out


def _mark_out(game: Game, perm: Obj, kind: str, until: dict | None) -> dict:
    event = obj_event(game, perm)
    perm.phased_out = True
    perm.phase_kind = kind
    perm.phased_out_under = event["controller"]
    perm.phase_until = until if kind == "direct" else None
    old_zone = not game.edition.has("phasing_is_status")
    if game.edition.has("phasing_removes_from_combat") or old_zone:
        perm.attacking, perm.blocking, perm.blocked = None, [], False  # out of play: out of combat
    if old_zone:
        perm.damage = 0  # 502.15e: damage dealt to it is removed
        for eff in game.effects:  # 502.15g: limited durations no longer affect it
            if eff.affected is not None and perm.oid in eff.affected and eff.duration.get("until") != "forever":
                eff.affected = eff.affected - {perm.oid}
    for eff in game.effects:
        if eff.tracked == perm.oid:
            eff.ended = True  # "for as long as" loses track of it (702.26f)
    game.touch()
    return event


def phase_out(game: Game, perms: list[Obj], until: dict | None = None) -> list[Obj]:
    """Phase out ``perms`` directly, and what is attached to them indirectly (702.26g-h)."""
    direct = [p for p in perms if not p.phased_out and p.zone == "battlefield" and can_phase_out(game, p)]
    indirect: list[Obj] = []
    for perm in direct:
        for att in _attached_tree(game, perm):
            if att not in indirect:
                indirect.append(att)
    direct = [p for p in direct if p not in indirect]
    return _apply_out(game, direct, indirect, until)


def _apply_out(game: Game, direct: list[Obj], indirect: list[Obj], until: dict | None) -> list[Obj]:
    events = []
    old_attach_rules = not game.edition.has("phasing_does_not_trigger_attach")
    for perm in direct:
        events.append(_mark_out(game, perm, "direct", until))
    for perm in indirect:
        events.append(_mark_out(game, perm, "indirect", None))
    for event in events:
        game.emit("phases_out", lookback=[event["obj"]], **event)
    if old_attach_rules:
        # Before 702.23i (2010-10-01) nothing said otherwise: an attachment that
        # phases out on its own leaves its host as good as unattached.
        for perm in direct:
            host = game.attached_to_obj(perm)
            if host is not None:
                game.emit(
                    "becomes_unattached",
                    lookback=[perm],
                    obj=perm,
                    oid=perm.oid,
                    host=host,
                    controller=perm.phased_out_under,
                )
    return direct + indirect


def _mark_in(game: Game, perm: Obj) -> list[Obj]:
    """Phase ``perm`` in with everything that phased out indirectly with it."""
    came = [perm]
    perm.phased_out = False
    tap = bool((perm.phase_until or {}).get("tap"))
    perm.phase_kind = None
    perm.phased_out_under = None
    perm.phase_until = None
    if tap:
        perm.tapped = True
    if not game.edition.has("phasing_is_status"):
        # 502.15m: as though it had haste, until it changes controllers or leaves play
        perm.chosen = {**perm.chosen, "phased_in_haste": game.controller(perm)}
    if perm.attached_to is not None:
        still_there = (
            game.permanent(perm.attached_to, include_phased_out=True) is not None
            if isinstance(perm.attached_to, int)
            else not game.players[perm.attached_to].left
        )
        if not still_there:
            perm.attached_to = None  # 702.26i: phases in unattached
    for att in list(game.battlefield):
        if att.phased_out and att.phase_kind == "indirect" and att.attached_to == perm.oid:
            came.extend(_mark_in(game, att))
    return came


def phase_in(game: Game, perms: list[Obj]) -> list[Obj]:
    came: list[Obj] = []
    for perm in perms:
        if perm.phased_out and perm.phase_kind == "direct" and perm not in came:
            came.extend(_mark_in(game, perm))
    game.touch()
    for perm in came:
        game.emit("phases_in", **obj_event(game, perm))
    return came


def _phases_in_now(game: Game, perm: Obj, active: list[str]) -> bool:
    if not perm.phased_out or perm.phase_kind != "direct":
        return False
    until = perm.phase_until
    if until is not None:
        if "unless_controls" not in until:
            return False
        # "It can't phase in for as long as you control [the source]" (The Phasing of Zhalfir).
        source = game.permanent(until["unless_controls"])
        if source is not None and game.controller(source) == until["player"]:
            return False
    under = perm.phased_out_under
    if under in active:
        return True
    player = game.players.get(under) if under is not None else None
    # 702.26n: phased out under a player who has left: phases in during the next
    # untap step after that player's next turn would have begun.
    return (
        player is not None
        and player.left
        and player.turns_skipped_since_left >= 1
        and game.edition.has("phase_in_after_controller_left")
    )


def untap_step_event(game: Game, active: list[str] | None = None) -> None:
    """The phasing event of the active player's untap step (702.26a), all at once; in shared team
    turns, of every active player of the team together."""
    active = active if active is not None else [game.active]
    going_in = [p for p in game.all_permanents() if _phases_in_now(game, p, active)]
    going_out = [p for p in game.permanents() if game.controller(p) in active and "phasing" in game.chars(p).keywords]
    phase_out(game, going_out)
    phase_in(game, going_in)


def at_end_of_turn(game: Game) -> None:
    """As "your next turn" ends (its cleanup step, 514.2), "can't phase in until the end of your next
    turn" ends: the permanents stay phased out until their controller's next untap step (702.26a)."""
    for perm in game.all_permanents():
        until = perm.phase_until
        if (
            perm.phased_out
            and isinstance(until, dict)
            and until.get("end_of_turn_of") in game.active_players()
            and game.turn > until.get("after_turn", game.turn)
        ):
            perm.phase_until = None


def turn_would_have_begun(game: Game, player: str) -> None:
    """800.4m: a player who left the game ends "until the end of [their] next turn" as that turn
    would have begun; nothing waits for them for good."""
    for perm in game.all_permanents():
        until = perm.phase_until
        if perm.phased_out and isinstance(until, dict) and until.get("end_of_turn_of") == player:
            perm.phase_until = None


def on_leaves(game: Game, gone: Obj) -> None:
    """Permanents phased out "until [this] leaves the battlefield" phase in (Oubliette)."""
    waiting = [
        p
        for p in game.all_permanents()
        if p.phased_out and isinstance(p.phase_until, dict) and p.phase_until.get("leaves") == gone.oid
    ]
    for perm in waiting:
        perm.phase_until = {"tap": perm.phase_until.get("tap", False)}
    phase_in(game, waiting)
