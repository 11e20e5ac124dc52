"""Movement, Careful Movement, Escape, exploration, Noise and Danger (NEM-MOVE, NEM-SNEAK,
NEM-ESCAPE, NEM-EXPLORE, NEM-NOISE): the ``move`` and ``careful_move`` commands (notation in
commands.py) and what walking into a Room sets off."""
from __future__ import annotations

from typing import Any

from engine.core import Command, Data, refuse
from engine.core.effects import Pause

from ..commands import Paid, paid_verb, verb
from ..context import Ctx
from ..effects import NEM
from ..trees import HANDLERS
from . import board_markers, hand, intruders, reactions
from .actions import acting, payment
from .places import (
    characters_in,
    exits_of,
    has_noise,
    in_combat,
    in_facility,
    intruders_in,
    set_noise,
    walkable_neighbours,
)
from .weakness import echo_applies

MOVE_COST, CAREFUL_COST = 1, 2


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


@NEM.primitive("echo_confusion", room=str)
def echo_confusion(ctx: Ctx, room: str, answer: Any = None) -> Pause | None:
    """Echo Confusion: the roller chooses to resolve their DANGER as DANGER or as SILENCE."""
    player = ctx.player()
    if not in_facility(player) or player["room"] != room:
        return None
    if answer is None:
        return Pause("echo_confusion", ("danger", "silence"))
    ctx.emit("echo_confusion", seat=ctx.actor, choice=answer)
    if answer == "danger":
        danger(ctx, ctx.actor, room)
    return None


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
    for iid, corridor, _neighbour in movers:
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


# -- the move and careful_move commands (NEM-MOVE, NEM-SNEAK) ------------------------------------------

def _target(cmd: Command) -> str:
    if not cmd.args or not isinstance(cmd.args[0], str):
        raise refuse("NEM-MOVE-1", f"{cmd.verb} needs a Room to move to")
    return cmd.args[0]


def wounded_knee_extra(data: Data, seat: int) -> int:
    """NEM-MOVE-11: the first moving action of the first turn of a round costs 1 more."""
    player = data["players"][seat]
    knee = any(w["type"] == "knee" and not w["dressed"] for w in player["serious"])
    first_turn = data["turn"] is not None and data["turn"]["seat"] == seat and not player.get("turned")
    return 1 if knee and first_turn and data["turn"]["first_turn_moves"] == 0 else 0


def do_move(ctx: Ctx, cmd: Command) -> None:
    seat = ctx.seat
    acting(ctx, seat)
    to = _target(cmd)
    check_destination(ctx, seat, to)
    hand.pay(ctx, seat, payment(cmd), MOVE_COST + wounded_knee_extra(ctx.data, seat), "Movement")
    ctx.data["turn"]["first_turn_moves"] += 1
    reactions.declare_action(ctx, seat, "move", {"to": to})     # NEM-ACTION-17/20: interruptible


def do_careful_move(ctx: Ctx, cmd: Command) -> None:
    seat = ctx.seat
    acting(ctx, seat)
    if in_combat(ctx.data, seat):
        raise refuse("NEM-SNEAK-1", "Careful Movement is out of combat only (use Movement to escape)")
    to = _target(cmd)
    check_destination(ctx, seat, to)
    if not _quiet_exit(ctx.data, to):
        raise refuse("NEM-SNEAK-2", f"every exit of {to} already holds a Noise marker")
    hand.pay(ctx, seat, payment(cmd), CAREFUL_COST + wounded_knee_extra(ctx.data, seat), "Careful Movement")
    ctx.data["turn"]["first_turn_moves"] += 1
    reactions.declare_action(ctx, seat, "careful_move", {"to": to})


def _quiet_exit(data: Data, room: str) -> bool:
    """NEM-SNEAK-2: Careful Movement needs an exit of the target Room without a Noise marker."""
    return any(not has_noise(data, e) for e in exits_of(room))


def _movement_choices(data: Data, seat: int) -> list[Paid]:
    """The moves: for each neighbouring Room, Movement's payments, then Careful Movement's where it
    may go there."""
    player = data["players"][seat]
    found: list[Paid] = []
    knee = wounded_knee_extra(data, seat)
    fighting = in_combat(data, seat)
    move_pays = hand.payments(player["hand"], MOVE_COST + knee)
    careful_pays = [] if fighting else hand.payments(player["hand"], CAREFUL_COST + knee)
    for _, room in walkable_neighbours(data, player["room"]):
        args = (room,)
        found.append(("move", args, (), move_pays))
        if careful_pays and _quiet_exit(data, room):
            found.append(("careful_move", args, (), careful_pays))
    return found


paid_verb("move", _movement_choices)(do_move)
verb("careful_move")(do_careful_move)


@reactions.resolver("move")
def _move(ctx: Ctx, seat: int, args: dict[str, Any], cancelled: bool) -> None:
    """Movement (an Escape when in combat), once no Interruption cancelled it."""
    if not cancelled and in_facility(ctx.player(seat)):
        walk(ctx, seat, str(args["to"]))


@reactions.resolver("careful_move")
def _careful_move(ctx: Ctx, seat: int, args: dict[str, Any], cancelled: bool) -> None:
    if cancelled or not in_facility(ctx.player(seat)):
        return
    corridor = ctx.content.board.corridor_between(ctx.player(seat)["room"], str(args["to"]))
    arrive(ctx, seat, str(args["to"]), corridor, careful=True)


@NEM.primitive("escort", start=str, to=str)
def escort(ctx: Ctx, start: str, to: str, answer: Any = None) -> Pause | None:
    player = ctx.player()
    if not in_facility(player) or player["room"] != start:
        return None
    if answer is None:
        return Pause("escort", ("yes", "no"))
    if answer == "yes":
        arrive(ctx, ctx.actor, to, ctx.content.board.corridor_between(start, to), noise=False)
    return None
