"""The Facility's machinery: power, the Time-track tokens (Autodestruction, Alert, CSS), doors,
the Elevator, the Rover and the Main Gate, the Nest and the bag, private looks — as plain functions
the rounds, the Event Phase and the room, computer and escape actions call (NEM-POWER, NEM-TIME-4,
NEM-SELFDESTRUCT, NEM-ALERT, NEM-DOOR, NEM-ELEVATOR, NEM-BUNKER-1/7, NEM-ROOM-17/18/25/26, NEM-BAG-9,
NEM-EGG-8, NEM-MILESTONE-4). The board primitives of spec 7.1 on this machinery are
rules/board_primitives.py."""
from __future__ import annotations

from engine.core import Data

from ..content import content
from ..context import Ctx

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


def power_drop(ctx: Ctx) -> None:
    """NEM-POWER-5: the active token with the highest number goes inactive."""
    active = ctx.data["active_power"]
    if active:
        dropped = max(active)
        active.remove(dropped)
        ctx.emit("power_dropped", token=dropped)


def time_token_flip(ctx: Ctx) -> None:
    ctx.data["time_active"] = not ctx.data["time_active"]
    ctx.emit("time_token_flipped", active=ctx.data["time_active"])


# -- Autodestruction and the Alert Procedure ------------------------------------------------------------

def autodestruct_start(ctx: Ctx) -> bool:
    """NEM-SELFDESTRUCT-1/2: yellow, 3 slots right of the Time token (S at most); once at a time."""
    data = ctx.data
    if data["selfdestruct"] is not None:
        return False
    boom = data["selfdestruct"] = {"slot": max(0, data["time"] - 3), "colour": "yellow"}
    ctx.emit("selfdestruct_started", slot=boom["slot"])
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


def open_isolation(ctx: Ctx) -> None:
    """NEM-MILESTONE-4: the Isolation Room turns to its open face (once)."""
    if not ctx.data["milestones"]["isolation_open"]:
        ctx.data["milestones"]["isolation_open"] = True
        ctx.data["rooms"]["ISO"]["face"] = "open"
        ctx.emit("isolation_opened")


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
    board = content().board
    return [r for r in board.order if board.has_entrance(r)
            and all(data["corridors"][c]["door"] != "destroyed" for c in board.corridors_of(r))]


def elevator_stops() -> dict[str, str]:
    return {section: room for section, room in content().board_file.elevator.stops.items()}


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


def check_nest(ctx: Ctx) -> None:
    """NEM-EGG-8, NEM-DEC-15: a Nest with no Egg left (taken or destroyed) is destroyed permanently.
    Call it whenever Eggs leave the Nest."""
    data = ctx.data
    if data["nest_eggs"] <= 0 and not data["nest_destroyed"]:
        data["nest_destroyed"] = True
        ctx.emit("nest_destroyed")


# -- weapons ------------------------------------------------------------------------------------


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
