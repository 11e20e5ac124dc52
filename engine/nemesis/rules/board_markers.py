"""Fire and Malfunction markers and Doors (NEM-FIRE-1/7/8, NEM-MALF-1/2/5/6, NEM-DOOR)."""
from __future__ import annotations

from ..context import Ctx
from .places import tile_of

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
        from .end import destroy_facility  # NEM-FIRE-7, NEM-MALF-5
        destroy_facility(ctx, f"no {kind} marker left")
        return False
    state[kind] = True
    ctx.emit(f"{kind}_placed", room=room)
    if kind == "fire" and by is not None:                # 7.7 Heat Aversion
        from .weakness import fire_placed
        fire_placed(ctx, by, room)
    return True


def remove(ctx: Ctx, kind: str, room: str) -> None:
    if ctx.data["rooms"][room][kind]:
        ctx.data["rooms"][room][kind] = False
        ctx.emit(f"{kind}_removed", room=room)
