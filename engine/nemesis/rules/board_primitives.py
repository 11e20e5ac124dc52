"""The board primitives of spec 7.1 that event, attack, room and card trees use — markers, doors,
power, the Time-track tokens, CSS, the Elevator, the Rover, the bag — on the machinery of
facility.py and board_markers.py. ``place`` replaces the default of primitives.py and ``peek``
falls back on its information peek, so primitives.py is imported (registered) first."""
from __future__ import annotations

from typing import Any

from .. import (
    primitives,  # noqa: F401 - its defaults first: place replaces one, peek falls back on one
    trees,
)
from ..context import Ctx
from . import board_markers, intruders
from .board_markers import vent_out
from .facility import (
    LOCATIONS,
    add_eggs,
    alert_start,
    autodestruct_start,
    autodestruct_stop,
    css_move,
    css_outcome,
    elevator_call,
    elevator_stops,
    open_main_gate,
    peek,
    power_drop,
    power_flip,
    powered,
    rover,
    set_door,
    time_token_flip,
)
from .places import has_noise, set_noise


def _items(value: object) -> list[object]:
    return list(value) if isinstance(value, (list, tuple)) else [] if value is None else [value]


def _rooms(ctx: Ctx, value: object, bindings: dict[str, Any]) -> list[str]:
    """Rooms named by a resolved tree argument; a Corridor stands for the Room beyond it, seen from
    the Room being handled (``{exit: [it, {number: 4}]}`` of Spreading Flames)."""
    if value in ("actor_room", None):
        value = bindings.get("room") or ctx.player()["room"]
    elif value == "it":
        value = bindings.get("it")
    found: list[str] = []
    origin = bindings.get("it") if bindings.get("it") in ctx.data["rooms"] else bindings.get("room")
    for item in _items(value):
        if isinstance(item, str) and item in ctx.data["rooms"]:
            found.append(item)
        elif isinstance(item, str) and item in ctx.data["corridors"] and origin in ctx.data["rooms"]:
            found.append(ctx.content.board.corridors[item].other(str(origin)))
    return found


def _corridors(ctx: Ctx, value: object, bindings: dict[str, Any]) -> list[str]:
    if value == "it":
        value = bindings.get("it")
    return [c for c in _items(value) if isinstance(c, str) and c in ctx.data["corridors"]]


def _exits(ctx: Ctx, value: object, bindings: dict[str, Any]) -> list[str]:
    """Corridors and the Technical Corridors space (``TECH``)."""
    if value == "it":
        value = bindings.get("it")
    return [e for e in _items(value) if e == "TECH" or (isinstance(e, str) and e in ctx.data["corridors"])]


@trees.handles("place")
def _place(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    kind, where = args.get("kind"), args.get("where")
    if kind == "noise" and where == "tech_space":
        ctx.data["tech_noise"] = True
        return
    if kind in ("fire", "malfunction"):
        for room in _rooms(ctx, where, bindings):
            board_markers.place(ctx, str(kind), room, by=trees.placer(ctx, bindings))
    elif kind == "door_closed":
        for corridor in _corridors(ctx, where, bindings):
            set_door(ctx, corridor, "closed")
    elif kind == "noise":
        for exit_id in _exits(ctx, where, bindings):
            if not has_noise(ctx.data, exit_id):
                set_noise(ctx.data, exit_id, True)
                ctx.emit("noise_placed", exit=exit_id)
    elif kind == "venting":
        for room in _rooms(ctx, where, bindings):
            vent_out(ctx, room)


@trees.handles("remove")
def _remove(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    kind, where = args.get("kind"), args.get("where")
    if kind in ("fire", "malfunction"):
        for room in _rooms(ctx, where, bindings):
            board_markers.remove(ctx, str(kind), room)
    elif kind == "noise":
        if where == "tech_space":
            ctx.data["tech_noise"] = False
        for exit_id in _exits(ctx, where, bindings):
            set_noise(ctx.data, exit_id, False)
    elif kind in ("carcass", "corpse", "egg"):
        for room in _rooms(ctx, where, bindings):
            objects = ctx.data["rooms"][room]["objects"]
            while kind in objects:
                objects.remove(kind)
                ctx.emit("object_removed", room=room, object=kind)
    elif kind == "door_closed":
        for corridor in _corridors(ctx, where, bindings):
            set_door(ctx, corridor, "open")


@trees.handles("set_door")
def _set_door(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    state = args.get("state")
    for corridor in _corridors(ctx, args.get("corridor"), bindings):
        if isinstance(state, (list, tuple)):                  # [open, closed]: open ↔ closed
            now = ctx.data["corridors"][corridor]["door"]
            set_door(ctx, corridor, "open" if now == "closed" else "closed")
        else:
            set_door(ctx, corridor, str(state))


@trees.handles("power_flip")
def _power_flip(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    location = args.get("location")
    data = ctx.data
    if location == "lowest_inactive":                         # Power Surge
        inactive = sorted(set(data["power"].values()) - set(data["active_power"]))
        if inactive:
            location = next(loc for loc, token in data["power"].items() if token == inactive[0])
        else:
            return
    if location in LOCATIONS:
        power_flip(ctx, str(location))


@trees.handles("power_drop")
def _power_drop(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    power_drop(ctx)


@trees.handles("time_token_flip")
def _time_flip(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    time_token_flip(ctx)


@trees.handles("autodestruct")
def _autodestruct(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    (autodestruct_stop if args.get("op") == "stop" else autodestruct_start)(ctx)


@trees.handles("alert_start")
def _alert(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    alert_start(ctx)


@trees.handles("css_move")
def _css_move(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    slot, delta = args.get("token"), args.get("delta")
    if isinstance(delta, (list, tuple)):
        delta = bindings.get("delta", 0)
    if isinstance(slot, (int, str)) and str(slot).isdigit():
        css_move(ctx, int(slot), int(delta or 0))


@trees.handles("elevator")
def _elevator(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    """Call the Elevator to the actor's Section (it needs its power, NEM-ELEVATOR-2)."""
    if args.get("op", "call") == "call" and powered(ctx.data, "ELEVATOR"):
        room = bindings.get("room") or ctx.player()["room"]
        section = ctx.content.board.section_of(room) if room else None
        stop = elevator_stops().get(section or "")
        if stop is not None:
            elevator_call(ctx, stop)


@trees.handles("rover")
def _rover(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    if args.get("to") in ("facility", "bunker"):
        rover(ctx, str(args["to"]))


@trees.handles("open_main_gate")
def _gate(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    open_main_gate(ctx)


@trees.handles("add_eggs")
def _add_eggs(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    add_eggs(ctx, int(args.get("n", 1)))


@trees.handles("bag_add")
def _bag_add(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    for _ in range(int(args.get("n", 1))):
        intruders.add_from_supply(ctx, str(args.get("type")))


@trees.handles("move_intruder")
def _move_intruder(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    iid = args.get("intruder")
    exit_id = args.get("exit")
    if not (isinstance(iid, str) and iid in ctx.data["intruders"]):
        return
    room = ctx.data["intruders"][iid]["room"]
    exits = ctx.content.board.rooms[room].exits
    if isinstance(exit_id, int) and exit_id in exits:
        intruders.move_through(ctx, iid, exit_id)
    elif exit_id in exits.values():                           # a Corridor or TECH of its Room
        intruders.move_through(ctx, iid, next(n for n, e in exits.items() if e == exit_id))


_information_peek = trees.HANDLERS.get("peek")


@trees.handles("peek")
def _peek(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    """Board peeks (CSS token, Room tiles, the Event deck's top); contingency and objective peeks
    need a chosen target and run from the room and computer actions."""
    data, seat = ctx.data, ctx.actor
    kind, n = args.get("kind"), args.get("n", 1)
    target = args.get("target")
    if kind == "css_token" and str(target) in data["css"]:
        peek(ctx, seat, "css", int(str(target)), css_outcome(ctx, data["css"][str(target)]))
    elif kind == "room_tile":
        for room in _rooms(ctx, target, bindings)[:int(n) if isinstance(n, int) else None]:
            if not data["rooms"][room]["explored"]:
                peek(ctx, seat, "tiles", room, data["rooms"][room]["tile"])
    elif kind == "event_top":
        deck = data["decks"]["event"]
        count = int(n) if isinstance(n, int) else 1
        peek(ctx, seat, "events", "top", list(reversed(deck[-count:])))
    elif _information_peek is not None:
        _information_peek(ctx, args, bindings)
    else:
        ctx.emit("effect_not_ready", primitive=f"peek {kind}")


@trees.handles("remove_from_game")
def _remove_from_game(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    """The card leaves the game once resolved: the Event step reads the card's ``remove_after``."""


@trees.handles("reshuffle")
def _reshuffle(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    deck = str(args.get("deck"))
    decks, discards = ctx.data["decks"], ctx.data["discards"]
    if deck not in decks:
        return
    if args.get("with_discard", True) and deck in discards:
        decks[deck] += discards[deck]
        discards[deck] = []
    ctx.rng.shuffle(decks[deck])
    ctx.emit("deck_reshuffled", deck=deck)


@trees.handles("bag_draw_place")
def _bag_draw_place(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    """Nest Stirring: a drawn token of an allowed type appears in the Room without an Encounter;
    any other token goes back to the bag."""
    allow = args.get("allow") or ()
    allow = allow if isinstance(allow, (list, tuple)) else (allow,)
    for room in _rooms(ctx, args.get("where"), bindings)[:1]:
        token = intruders.draw_bag(ctx)
        if token is None:
            return
        kind = intruders.token_type(ctx, token)
        ctx.emit("bag_drawn", type=kind)
        if kind not in allow or intruders.place_intruder(ctx, kind, token, room) is None:
            ctx.data["bag"].append(token)
