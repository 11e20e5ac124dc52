"""Fire and Malfunction markers and Doors (NEM-FIRE-1/7/8, NEM-MALF-1/2/5/6, NEM-DOOR)."""
from __future__ import annotations

from ..context import Ctx
from .places import tile_of

LIMITS = {"fire": 12, "malfunction": 10}


def placed(ctx: Ctx, kind: str) -> int:
    return sum(1 for r in ctx.data["rooms"].values() if r[kind])


def place(ctx: Ctx, kind: str, room: str) -> None:
    """One marker per Room; none in forbidden Rooms; one more than the supply destroys the Facility."""
    state = ctx.data["rooms"][room]
    if state[kind]:
        return                                          # NEM-FIRE-1, NEM-MALF-1
    if kind == "malfunction" and (not state["explored"] or not tile_of(ctx.data, room).malfunction_allowed):
        return                                          # NEM-MALF-2
    if placed(ctx, kind) >= LIMITS[kind]:
        from .end import destroy_facility               # NEM-FIRE-7, NEM-MALF-5
        destroy_facility(ctx, f"no {kind} marker left")
        return
    state[kind] = True
    ctx.emit(f"{kind}_placed", room=room)


def remove(ctx: Ctx, kind: str, room: str) -> None:
    if ctx.data["rooms"][room][kind]:
        ctx.data["rooms"][room][kind] = False
        ctx.emit(f"{kind}_removed", room=room)
