"""Region control (VIN-CONTROL)."""
from __future__ import annotations

from engine.core import Data

from ..content import content
from ..context import Ctx, refuse
from . import abilities
from .power import gain_honor

CONTROL_HONOR = 2
DISPLACE_EXTRA = 1


def control_cost(data: Data, seat: int, space: str) -> int:
    """Conviction needed: 1, or 2 to displace another player (VIN-CONTROL-2, -3); a displace
    discount in force (I07) takes from the extra one only, the marker is always paid."""
    controller = data["regions"][space]["controller"]
    if controller is None or controller == seat:
        return 1
    discount = sum(m["n"] for m in abilities.modifiers(data, seat, "displace_discount", "displace_discount"))
    return 1 + max(0, DISPLACE_EXTRA - discount)


def check_control(data: Data, seat: int, space: str, *, visiting_now: bool = False) -> None:
    region = data["regions"].get(space)
    if region is None:
        raise refuse("VIN-CONTROL-1", f"{space} holds no region tile")
    if not visiting_now and space not in data["turn"]["visited"]:
        raise refuse("VIN-CONTROL-14", f"you can only take control of a region you visited this turn")
    if not content().regions[region["tile"]].controllable:
        raise refuse("VIN-CONTROL-11", f"{region['tile']} cannot be controlled")
    if region["controller"] == seat:
        raise refuse("VIN-CONTROL-4", f"you already control {space}")
    need = control_cost(data, seat, space)
    if data["players"][seat]["conviction"] < need:
        raise refuse("VIN-CONTROL-2" if need == 1 else "VIN-CONTROL-3",
                     f"control costs {need} conviction here; you have {data['players'][seat]['conviction']}")


def take_control(ctx: Ctx, space: str) -> None:
    """Move the marker, pay, score 2 honor, lock other visits this turn."""
    data, seat = ctx.data, ctx.actor
    region = data["regions"][space]
    player = data["players"][seat]
    previous = region["controller"]
    extra = control_cost(data, seat, space) - 1
    if previous is not None:
        data["players"][previous]["influence"] += 1      # the old marker goes home to influence
        player["conviction"] -= extra
        player["influence"] += extra                      # the extra conviction is spent
    player["conviction"] -= 1                             # this block becomes the marker
    region["controller"] = seat
    data["turn"]["control_lock"] = space
    data["turn"]["controlled"].append(space)
    ctx.emit("control_changed", space=space, previous=previous, controller=seat)
    gain_honor(ctx, CONTROL_HONOR, f"control of {space}")
    abilities.fire(ctx, "control_gained", seats=[seat])   # W08
