"""Recovering blocks (VIN-RECOVER): the free action, and the recover an elite monster's fatigue forces
(VIN-MONSTER-8)."""
from __future__ import annotations

from engine.core import Data, refuse

from ..context import Ctx
from .cards import leave
from .control import update_village


def recover_locations(data: Data, seat: int) -> list[str]:
    """VIN-RECOVER-1: the locations holding at least one of the player's blocks."""
    player = data["players"][seat]
    found = [c["id"] for c in player["companions"] if c["blocks"] > 0]
    found += [r["id"] for r in player["relics"] if r["charges"] > 0]
    found += [a for a, n in player["attrs"].items() if n > 0]
    found += [space for space, region in data["regions"].items() if region and region["controller"] == seat]
    return found


def recover(ctx: Ctx, location: str) -> None:
    """VIN-RECOVER-1..5: all your blocks at one location back to influence."""
    data, seat = ctx.data, ctx.actor
    player = data["players"][seat]
    if location in ("potential", "conviction"):
        raise refuse("VIN-RECOVER-6", f"{location} is not a location you can recover from")
    if location not in recover_locations(data, seat):
        raise refuse("VIN-RECOVER-7", f"none of your blocks is at {location}")
    companion = next((c for c in player["companions"] if c["id"] == location), None)
    relic = next((r for r in player["relics"] if r["id"] == location), None)
    if companion is not None:
        ctx.emit("recovered", seat=seat, location=location, n=companion["blocks"])
        leave(ctx, seat, location)                                   # VIN-RECOVER-2
    elif relic is not None:
        player["influence"] += relic["charges"]                      # VIN-RECOVER-3
        ctx.emit("recovered", seat=seat, location=location, n=relic["charges"])
        relic["charges"] = 0
    elif location in player["attrs"]:
        ctx.emit("recovered", seat=seat, location=location, n=player["attrs"][location])
        player["influence"] += player["attrs"][location]             # VIN-RECOVER-4
        player["attrs"][location] = 0
    else:
        data["regions"][location]["controller"] = None               # VIN-RECOVER-5
        player["influence"] += 1
        ctx.emit("recovered", seat=seat, location=location, n=1)
        ctx.emit("control_changed", space=location, previous=seat, controller=None)
        update_village(ctx, location)                                # VVH-CONTROL-5, -8
