"""Movement, Escape, exploration, Noise and Danger (NEM-MOVE, NEM-ESCAPE, NEM-EXPLORE, NEM-NOISE)."""
from __future__ import annotations

from engine.core import refuse

from ..context import Ctx
from ..trees import HANDLERS
from . import board_markers, intruders
from .places import (
    characters_in,
    exits_of,
    has_noise,
    in_combat,
    intruders_in,
    set_noise,
    walkable_neighbours,
)


def check_destination(ctx: Ctx, seat: int, to: str) -> str:
    """NEM-MOVE-1/2, NEM-ESCAPE-2: a neighbour joined by a Corridor without a Closed Door; the
    corridor walked through."""
    here = ctx.player(seat)["room"]
    for corridor, room in walkable_neighbours(ctx.data, here):
        if room == to:
            return corridor
    if ctx.content.board.corridor_between(here, to):
        raise refuse("NEM-MOVE-2", f"a Closed Door blocks the way from {here} to {to}")
    raise refuse("NEM-MOVE-1", f"{to} is not a neighbour of {here}")


def walk(ctx: Ctx, seat: int, to: str, careful: bool = False) -> None:
    """Movement (or Escape when in combat): attacks first, then arrive (NEM-ESCAPE-3..5)."""
    corridor = check_destination(ctx, seat, to)
    player = ctx.player(seat)
    if in_combat(ctx.data, seat):
        ctx.emit("escape", seat=seat, room=player["room"])
        for iid in intruders_in(ctx.data, player["room"]):
            intruders.attack(ctx, iid, seat, window=False)   # resolved before leaving (no Inconspicuous)
            if player["where"] != "facility":
                return                                  # NEM-ESCAPE-4: died trying to leave
    arrive(ctx, seat, to, corridor, careful)


def arrive(ctx: Ctx, seat: int, to: str, corridor: str | None, careful: bool = False,
           noise: bool = True) -> None:
    """NEM-MOVE-5..7: place the character, explore an unexplored Room, roll for noise if it was empty."""
    data = ctx.data
    player = ctx.player(seat)
    was_empty = not characters_in(data, to) and not intruders_in(data, to)
    player["room"] = to
    ctx.emit("character_moved", seat=seat, to=to)
    silent = False
    if not data["rooms"][to]["explored"]:
        silent = explore(ctx, seat, to, corridor)
    if ctx.ended() or player["where"] != "facility" or not noise or not was_empty or silent:
        if careful and was_empty and not intruders_in(data, to):
            ctx.push({"careful_noise": {"room": to}}, seat=seat)   # NEM-SNEAK-6/7
        return
    if careful:
        ctx.push({"careful_noise": {"room": to}}, seat=seat)       # NEM-SNEAK-3
    else:
        noise_roll(ctx, seat)


def explore(ctx: Ctx, seat: int, room: str, corridor: str | None) -> bool:
    """NEM-EXPLORE-1..10: flip, reveal the token, set the Item Counter, resolve the effect.
    True when the token replaces the arrival's Noise roll (Silence, Danger)."""
    data = ctx.data
    state = data["rooms"][room]
    state["explored"] = True
    token_id, state["token"] = state["token"], None
    token = next(t for t in ctx.content.tokens.exploration_tokens if t.id == token_id)
    tile = ctx.content.tiles[state["tile"]]
    items = token.items
    if data["halve_items"]:
        items = (items + 1) // 2                        # NEM-EXPLORE-3, NEM-DEC-8
    state["items"] = items if tile.item_counter else None
    player = ctx.player(seat)
    player["stats"]["rooms_explored"] += 1
    ctx.emit("room_explored", seat=seat, room=room, tile=tile.id, effect=token.effect, items=state["items"],
             reveals=True)
    if tile.id == "nest" and not data.get("nest_knowledge_given"):
        data["nest_knowledge_given"] = True             # NEM-EXPLORE-10
        player["knowledge"] = min(10, player["knowledge"] + 1)
    effect = token.effect
    if effect == "silence":
        if player["slime"]:
            danger(ctx, seat, room)                     # NEM-EXPLORE-4, NEM-SLIME-2
        return True
    if effect == "danger":
        danger(ctx, seat, room)
        return True
    if effect == "slime":                                # NEM-EXPLORE-6 (a Battle Suit keeps it off)
        HANDLERS["slime"](ctx, {"who": seat, "op": "add"}, {})
    elif effect in ("fire", "malfunction"):
        board_markers.place(ctx, effect, room, by=seat)             # NEM-EXPLORE-7/8: the explorer's
    elif effect == "door" and corridor is not None and data["corridors"][corridor]["door"] == "open":
        data["corridors"][corridor]["door"] = "closed"  # NEM-EXPLORE-9
        ctx.emit("door_closed", corridor=corridor)
    return False


def noise_roll(ctx: Ctx, seat: int) -> None:
    """NEM-NOISE-1..7: 1-4 place a marker (a second one is an Encounter); Silence; Danger."""
    player = ctx.player(seat)
    if player["where"] != "facility":
        return
    face = ctx.rng.choice(ctx.content.dice.noise)
    room = player["room"]
    ctx.emit("noise_roll", seat=seat, room=room, face=face)
    if face == "SILENCE":
        if player["slime"]:
            danger(ctx, seat, room)
        return
    if face == "DANGER":
        from .weakness import echo_applies
        if echo_applies(ctx.data, seat):                # Echo Confusion: the roller may read SILENCE
            ctx.push({"echo_confusion": {"room": room}}, seat=seat)
            return
        danger(ctx, seat, room)
        return
    exit_id = ctx.content.board.exit(room, int(face))
    if has_noise(ctx.data, exit_id):
        intruders.encounter(ctx, room, seat)            # NEM-NOISE-3
    else:
        set_noise(ctx.data, exit_id, True)
        ctx.emit("noise_placed", exit=exit_id)


def danger(ctx: Ctx, seat: int, room: str) -> None:
    """NEM-NOISE-8: intruders next door not in combat rush in (a Closed Door breaks instead);
    with none, noise on every empty exit of the Room."""
    data = ctx.data
    movers = []
    for corridor, neighbour in ctx.content.board.neighbours(room):
        if characters_in(data, neighbour):
            continue                                    # those intruders are in combat
        for iid in intruders_in(data, neighbour):
            movers.append((iid, corridor, neighbour))
    if not movers:
        for exit_id in exits_of(room):
            if not has_noise(data, exit_id):
                set_noise(data, exit_id, True)
        ctx.emit("danger_noise", room=room)
        return
    broken: set[str] = set()
    for iid, corridor, neighbour in movers:
        if data["corridors"][corridor]["door"] == "closed" or corridor in broken:
            if corridor not in broken:
                data["corridors"][corridor]["door"] = "destroyed"
                broken.add(corridor)
                ctx.emit("door_destroyed", corridor=corridor, by=iid)
            continue
        data["intruders"][iid]["room"] = room
        data["arrivals"] += 1
        data["intruders"][iid]["arrived"] = data["arrivals"]
        ctx.emit("intruder_moved", intruder=iid, to=room)
