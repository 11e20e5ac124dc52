"""The Facility's machinery: power, the Time-track tokens (Autodestruction, Alert, CSS), doors,
the Elevator, the Rover and the Main Gate, the Nest and the bag — as plain functions the room,
computer and escape actions call, and as the board primitives of spec 7.1 that event, attack and
room trees use (NEM-POWER, NEM-TIME-4, NEM-SELFDESTRUCT, NEM-ALERT, NEM-DOOR, NEM-ELEVATOR,
NEM-BUNKER-1/7, NEM-ROOM-17/18/25/26, NEM-BAG-9)."""
from __future__ import annotations

from typing import Any

from engine.core import Data

from .. import trees
from ..context import Ctx
from . import board_markers, intruders
from .event_phase import open_isolation, power_drop
from .places import has_noise, set_noise

LOCATIONS = ("S01", "S02", "S03", "ELEVATOR")
DOOR_TOKENS = 11


# -- power (NEM-POWER-1/2/5/7, NEM-ROOM-15/34, NEM-TIME-4) ---------------------------------------------

def powered(data: Data, location: str | None) -> bool:
    return location is not None and data["power"][location] in data["active_power"]


def power_flip(ctx: Ctx, location: str) -> None:
    """Flip the Power token lying on ``location`` (a Section or ELEVATOR)."""
    token = ctx.data["power"][location]
    active = ctx.data["active_power"]
    if token in active:
        active.remove(token)
    else:
        active.append(token)
        active.sort()
    ctx.emit("power_flipped", location=location, token=token, active=token in active)


def power_restore(ctx: Ctx, arrangement: dict[str, int]) -> None:
    """NEM-ROOM-34: tokens 1-2 on (unless 3+ are on), rearranged as chosen, Time token active."""
    data = ctx.data
    if len(data["active_power"]) < 3:
        data["active_power"] = [1, 2]
    data["power"] = {loc: int(arrangement[loc]) for loc in LOCATIONS}
    ctx.emit("power_restored", power=dict(data["power"]), active=list(data["active_power"]))
    if not data["time_active"]:
        time_token_flip(ctx)


def time_token_flip(ctx: Ctx) -> None:
    ctx.data["time_active"] = not ctx.data["time_active"]
    ctx.emit("time_token_flipped", active=ctx.data["time_active"])


# -- Autodestruction and the Alert Procedure ------------------------------------------------------------

def autodestruct_start(ctx: Ctx) -> bool:
    """NEM-SELFDESTRUCT-1/2: yellow, 3 slots right of the Time token (S at most); once at a time."""
    data = ctx.data
    if data["selfdestruct"] is not None:
        return False
    data["selfdestruct"] = {"slot": max(0, data["time"] - 3), "colour": "yellow"}
    ctx.emit("selfdestruct_started", slot=data["selfdestruct"]["slot"])
    return True


def autodestruct_stop(ctx: Ctx) -> bool:
    """NEM-SELFDESTRUCT-3/7: only a yellow token can be removed."""
    boom = ctx.data["selfdestruct"]
    if boom is None or boom["colour"] != "yellow":
        return False
    ctx.data["selfdestruct"] = None
    ctx.emit("selfdestruct_stopped")
    return True


def alert_slot(time: int) -> int:
    """NEM-ALERT-1, NEM-DEC-52: half the Time slot, rounded down (0 is S)."""
    return time // 2


def alert_start(ctx: Ctx) -> bool:
    """NEM-ALERT-1/2: the Alert token on slot ⌊time / 2⌋; the Isolation Room opens at once."""
    data = ctx.data
    if data["alert"] is not None:
        return False
    data["alert"] = alert_slot(data["time"])
    ctx.emit("alert_started", slot=data["alert"])
    open_isolation(ctx)
    return True


# -- CSS tokens (NEM-ROOM-17/18, NEM-CSS-13) ------------------------------------------------------------

def css_move_problem(data: Data, slot: int, delta: int) -> str | None:
    """Why the face-down CSS token under ``slot`` cannot move by ``delta`` (None: it can)."""
    if str(slot) not in data["css"]:
        return "no face-down CSS token lies there"
    if slot == data["time"]:
        return "a CSS token on the Time token's slot cannot be moved"
    target = slot + delta
    if not 0 <= target <= 15:
        return "a CSS token cannot leave the track"
    if target == data["time"]:
        return "a CSS token cannot move onto the Time token's slot"
    if str(target) in data["css"]:
        return "another CSS token already lies there"
    return None


def css_move(ctx: Ctx, slot: int, delta: int) -> bool:
    """Left (+1, toward 15) or right (-1, toward S)."""
    if delta == 0 or css_move_problem(ctx.data, slot, delta) is not None:
        return False
    css = ctx.data["css"]
    css[str(slot + delta)] = css.pop(str(slot))
    ctx.emit("css_token_moved", slot=slot, to=slot + delta)
    return True


# -- doors and Venting (NEM-DOOR, NEM-ROOM-25/26) ------------------------------------------------------

def set_door(ctx: Ctx, corridor: str, state: str, keep: tuple[str, ...] = ()) -> bool:
    """open | closed | destroyed; a Destroyed Door stays destroyed (NEM-DOOR-5/6); one Door per
    Corridor, borrowed from the board when the 11 are all out (NEM-DOOR-2/8)."""
    data = ctx.data
    door = data["corridors"][corridor]
    if door["door"] == state or door["door"] == "destroyed":
        return False
    if state == "closed" and door["door"] == "open" and doors_on_board(data) >= DOOR_TOKENS:
        spare = next((c for c in ctx.content.board.corridors
                      if data["corridors"][c]["door"] == "closed" and c != corridor and c not in keep), None)
        if spare is None:
            return False
        data["corridors"][spare]["door"] = "open"
        ctx.emit("door_opened", corridor=spare)
    door["door"] = state
    ctx.emit({"open": "door_opened", "closed": "door_closed", "destroyed": "door_destroyed"}[state],
             corridor=corridor)
    check_venting(ctx)
    return True


def doors_on_board(data: Data) -> int:
    return sum(1 for c in data["corridors"].values() if c["door"] != "open")


def check_venting(ctx: Ctx) -> None:
    """NEM-ROOM-26: a Door of the vented Room opened or destroyed removes the Venting token at once."""
    room = ctx.data["venting"]
    if room is None:
        return
    if any(ctx.data["corridors"][c]["door"] != "closed" for c in ctx.content.board.corridors_of(room)):
        ctx.data["venting"] = None
        ctx.emit("venting_removed", room=room)


def vent_rooms(data: Data) -> list[str]:
    """NEM-ROOM-25: Rooms with an Entrance none of whose Corridors has a Destroyed Door."""
    from ..content import content
    board = content().board
    return [r for r in board.order if board.has_entrance(r)
            and all(data["corridors"][c]["door"] != "destroyed" for c in board.corridors_of(r))]


def vent_out(ctx: Ctx, room: str) -> None:
    own = tuple(ctx.content.board.corridors_of(room))
    for corridor in own:                                # never borrow a Door of the vented Room itself
        set_door(ctx, corridor, "closed", keep=own)
    board_markers.remove(ctx, "fire", room)
    ctx.data["venting"] = room
    ctx.emit("venting_placed", room=room)


# -- Elevator, Rover, Main Gate, Nest, bag ------------------------------------------------------------

def elevator_stops() -> dict[str, str]:
    from ..content import content
    return dict(content().board_file.elevator.stops)


def elevator_call(ctx: Ctx, room: str) -> None:
    ctx.data["elevator"] = room
    ctx.emit("elevator_moved", to=room)


def rover(ctx: Ctx, where: str) -> None:
    """NEM-BUNKER-7: the Rover between the Facility and the Bunker parking."""
    if ctx.data["rover"] != where:
        ctx.data["rover"] = where
        ctx.emit("rover_moved", to=where)


def open_main_gate(ctx: Ctx) -> None:
    """NEM-BUNKER-1: once open, never closed."""
    if not ctx.data["main_gate_open"]:
        ctx.data["main_gate_open"] = True
        ctx.emit("main_gate_opened")


def add_eggs(ctx: Ctx, n: int) -> None:
    """Eggs from the supply to the Nest; never to a destroyed Nest (NEM-BAG-7/9)."""
    data = ctx.data
    for _ in range(n):
        if data["nest_destroyed"] or data["eggs_supply"] <= 0:
            return
        data["eggs_supply"] -= 1
        data["nest_eggs"] += 1
        ctx.emit("egg_added")


# -- private looks (spec 8: the content to the peeker only, the fact to all) ----------------------------

def peek(ctx: Ctx, seat: int, kind: str, where: object, content: object) -> None:
    known = ctx.player(seat)["known"]
    known.setdefault(kind, []).append({"where": where, "what": content})
    ctx.emit("peek", seat=seat, kind=kind, where=where)
    ctx.emit("peek_result", audience=[seat], seat=seat, kind=kind, where=where, what=content)


def contingency_colour(ctx: Ctx, token: str) -> str:
    return next(t.colour for t in ctx.content.tokens.contingency_tokens if t.id == token)


def css_outcome(ctx: Ctx, token: str) -> str:
    return next(t.outcome for t in ctx.content.tokens.css_tokens if t.id == token)


# -- the board primitives for effect trees (spec 7.1) ---------------------------------------------------

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
