"""Fire and Malfunction markers (NEM-FIRE-1/7/8, NEM-MALF-1/2/5/6) with Heat Aversion (spec 7.7),
and Venting a Room (NEM-ROOM-25: its Doors closed, its Fire out)."""
from __future__ import annotations

from ..context import Ctx
from . import intruders
from .end import destroy_facility
from .facility import set_door
from .places import intruders_in, tile_of
from .weakness import passives

LIMITS = {"fire": 12, "malfunction": 10}


def placed(ctx: Ctx, kind: str) -> int:
    return sum(1 for r in ctx.data["rooms"].values() if r[kind])


def place(ctx: Ctx, kind: str, room: str, *, by: int | None) -> bool:
    """One marker per Room; none in forbidden Rooms; one more than the supply destroys the Facility.
    Every Fire and Malfunction marker of the game is placed here; ``by`` is the character whose action
    or effect places it (the explorer of a Fire token, the user of a Thermite Charge or Flamethrower, …),
    None for nobody's (an Event card). A Fire placed by a character who has Heat Aversion (W_heat) at
    work injures the intruders there at once. True when a marker was placed."""
    state = ctx.data["rooms"][room]
    if state[kind]:
        return False                                    # NEM-FIRE-1, NEM-MALF-1
    if kind == "malfunction" and (not state["explored"] or not tile_of(ctx.data, room).malfunction_allowed):
        return False                                    # NEM-MALF-2
    if placed(ctx, kind) >= LIMITS[kind]:
        destroy_facility(ctx, f"no {kind} marker left")     # NEM-FIRE-7, NEM-MALF-5
        return False
    state[kind] = True
    ctx.emit(f"{kind}_placed", room=room)
    if kind == "fire" and by is not None:                # 7.7 Heat Aversion
        fire_placed(ctx, by, room)
    return True


def remove(ctx: Ctx, kind: str, room: str) -> None:
    if ctx.data["rooms"][room][kind]:
        ctx.data["rooms"][room][kind] = False
        ctx.emit(f"{kind}_removed", room=room)


def fire_placed(ctx: Ctx, seat: int, room: str) -> None:
    """Heat Aversion: after ``seat``'s character places a Fire marker (whatever places it: an
    exploration token, Thermite Charge, a Flamethrower, any effect; board_markers.place calls this),
    each intruder in that Room suffers 1 Injury at once (one check each)."""
    if not passives(ctx.data, seat, "on_place_fire"):
        return
    for iid in intruders_in(ctx.data, room):
        intruders.injure(ctx, iid, 1, seat)


def vent_out(ctx: Ctx, room: str) -> None:
    own = tuple(ctx.content.board.corridors_of(room))
    for corridor in own:                                # never borrow a Door of the vented Room itself
        set_door(ctx, corridor, "closed", keep=own)
    remove(ctx, "fire", room)
    ctx.data["venting"] = room
    ctx.emit("venting_placed", room=room)


# -- Elevator, Rover, Main Gate, Nest, bag ------------------------------------------------------------
