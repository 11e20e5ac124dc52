"""Free actions on your own turn: upgrade, proficiency, vindicate, recover
(VIN-UPGRADE, VIN-PROFICIENCY, VIN-VINDICATE, VIN-RECOVER)."""
from __future__ import annotations

from engine.core import Data, refuse

from ..content import content
from ..context import Ctx
from .cards import leave
from .control import update_village
from .power import gain_honor
from .regions import recover_locations

RECIPES = {"C": ("I", "S"), "W": ("K", "I"), "V": ("K", "S")}   # VIN-UPGRADE-1..3
PROFICIENCY_PRICE = 3
VINDICATION_HONOR = 5


def check_upgrade(data: Data, seat: int, heroic: str) -> None:
    if heroic not in RECIPES:
        raise refuse("VIN-UPGRADE-5", "only courage, wisdom and vision are made by upgrading")
    attrs = data["players"][seat]["attrs"]
    missing = [k for k in RECIPES[heroic] if attrs[k] < 1]
    if missing:
        raise refuse("VIN-UPGRADE-4", f"upgrading to {heroic} needs 1 {' and 1 '.join(RECIPES[heroic])}")


def upgrade(ctx: Ctx, heroic: str) -> None:
    check_upgrade(ctx.data, ctx.actor, heroic)
    player = ctx.player()
    first, second = RECIPES[heroic]
    player["attrs"][first] -= 1
    player["attrs"][second] -= 1
    player["attrs"][heroic] += 1
    player["influence"] += 1
    ctx.emit("upgraded", seat=ctx.actor, kind=heroic)


def check_buy_proficiency(data: Data, seat: int, kind: str, price: int = PROFICIENCY_PRICE) -> None:
    player = data["players"][seat]
    if kind not in player["attrs"]:
        raise refuse("VIN-PROFICIENCY-1", f"{kind} is not an attribute")
    fixed = data["turn"]["proficiency_kind"]
    if fixed is not None and fixed != kind:
        raise refuse("VIN-PROFICIENCY-3", f"you bought {fixed} proficiency this turn; only {fixed} again")
    if data["proficiency_supply"][kind] < 1:
        raise refuse("VIN-PROFICIENCY-2", f"no {kind} proficiency tile is left")
    if player["attrs"][kind] < price:
        raise refuse("VIN-PROFICIENCY-1", f"a proficiency tile costs {price} {kind}")


def buy_proficiency(ctx: Ctx, kind: str, price: int = PROFICIENCY_PRICE) -> None:
    check_buy_proficiency(ctx.data, ctx.actor, kind, price)
    player = ctx.player()
    player["attrs"][kind] -= price
    player["influence"] += price
    player["proficiencies"][kind] += 1
    ctx.data["proficiency_supply"][kind] -= 1
    ctx.data["turn"]["proficiency_kind"] = kind
    ctx.emit("proficiency_changed", seat=ctx.actor, kind=kind, delta=1)


def discard_proficiency(ctx: Ctx, kind: str) -> None:
    """VIN-PROFICIENCY-6/-7: back to the supply; up to 2 of it; not a purchase."""
    player = ctx.player()
    if player["proficiencies"].get(kind, 0) < 1:
        raise refuse("VIN-PROFICIENCY-6", f"you hold no {kind} proficiency tile")
    player["proficiencies"][kind] -= 1
    ctx.data["proficiency_supply"][kind] += 1
    ctx.emit("proficiency_changed", seat=ctx.actor, kind=kind, delta=-1)
    ctx.push([{"gain_attr": {"kind": kind, "max": 2}}])


def check_vindicate(data: Data, seat: int) -> None:
    player = data["players"][seat]
    if player["vindicated"]:
        raise refuse("VIN-VINDICATE-4", "you are already vindicated")
    if player["potential"] > 0:
        raise refuse("VIN-VINDICATE-1", "vindication needs an empty potential")
    if player["honor"] < content().board_file.vindication_threshold:
        raise refuse("VIN-VINDICATE-1", f"vindication needs {content().board_file.vindication_threshold} honor")


def vindicate(ctx: Ctx) -> None:
    check_vindicate(ctx.data, ctx.actor)
    ctx.player()["vindicated"] = True
    ctx.emit("vindicated", seat=ctx.actor)
    gain_honor(ctx, VINDICATION_HONOR, "vindication")


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
