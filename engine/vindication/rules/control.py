"""Region control (VIN-CONTROL)."""
from __future__ import annotations

from engine.core import Command, Data, Refused, refuse
from engine.core.sampling import one_group

from ..commands import arg, listed, verb
from ..content import content
from ..context import Ctx
from ..places import settlement_of, settlements, slot_id
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
        raise refuse("VIN-CONTROL-14", "you can only take control of a region you visited this turn")
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
    update_village(ctx, space)                            # VVH-CONTROL-8
    gain_honor(ctx, CONTROL_HONOR, f"control of {space}")
    abilities.fire(ctx, "control_gained", seats=[seat])   # W08


def update_village(ctx: Ctx, place: str) -> None:
    """VVH-CONTROL-2..6, -8: re-evaluate who holds the village after a slot changed hands."""
    name = settlement_of(place)
    if name is None:
        return
    data = ctx.data
    board = settlements()[name]
    counts = [0] * len(data["players"])
    for index in range(1, board.slots + 1):
        region = data["regions"][slot_id(name, index)]
        if region and region["controller"] is not None:
            counts[region["controller"]] += 1
    state = data["settlements"][name]
    holder = state["holder"]
    best = max(counts)
    leaders = [s for s, n in enumerate(counts) if n == best]
    if best == 0:
        new = None                                            # VVH-CONTROL-5
    elif holder in leaders:
        new = holder                                          # VVH-CONTROL-3: a tie keeps it
    elif len(leaders) == 1:
        new = leaders[0]                                      # VVH-CONTROL-2, -4
    else:
        new = None                                            # VVH-CONTROL-4: vacant until one leads
    if new == holder:
        return
    if holder is not None and state["marker"]:
        data["players"][holder]["influence"] += 1             # VVH-CONTROL-6
    state["holder"], state["marker"] = new, False
    if new is not None and data["players"][new]["influence"] >= 1:
        data["players"][new]["influence"] -= 1
        state["marker"] = True
    ctx.emit("village_control_changed", settlement=name, previous=holder, holder=new)


def control_commands(data: Data, seat: int) -> list[Command]:
    found: list[Command] = []
    regions = data["regions"]
    for space in dict.fromkeys(data["turn"]["visited"]):
        if regions.get(space) is not None and regions[space]["controller"] == seat:
            continue                        # VIN-CONTROL-4, the usual refusal, tested without raising
        try:
            check_control(data, seat, space)
        except Refused:
            continue
        found.append(listed("control", (space,), seat))
    return found


@verb("control", control_commands, groups=one_group(control_commands))
def do_control(ctx: Ctx, cmd: Command) -> None:
    space = arg(cmd, 0, "a region space")
    check_control(ctx.data, ctx.actor, space)
    take_control(ctx, space)
