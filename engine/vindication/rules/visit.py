"""The visit action and rest (VIN-VISIT), with each region's cost checked before anything moves."""
from __future__ import annotations

from typing import Any

from engine.core import Command, Data, Refused

from ..content import Region, content
from ..context import Ctx, refuse
from .cards import card_available
from .control import CONTROL_HONOR, check_control, take_control
from .power import AUGMENT_STEPS, gain_honor, move_step


def visits_left(data: Data) -> int:
    turn = data["turn"]
    return 1 + turn["extra"]["visit"] - turn["used"]["visit"]


def reachable_spaces(data: Data, seat: int) -> tuple[str, ...]:
    triangle = content().board.triangles.get(data["players"][seat]["token"])
    return triangle.touches if triangle else ()


def unit_limit(data: Data, seat: int, region: Region) -> int:
    """The most units a player could pay for and use at a unit region."""
    player = data["players"][seat]
    cost = region.unit.cost[0].params  # every unit region costs one spend_attr
    most = player["attrs"][cost["kind"]] // cost["n"]
    if region.id == "command_post":
        most = min(most, 5 - player["mount"])                       # VIN-REGION-3
    if region.id == "monastery":
        most = min(most, 2 * player["potential"] + player["influence"] + most)  # VIN-REGION-5
    return most


def fixed_cost(region: Region, choice: str | None) -> dict[str, int]:
    cost: dict[str, int] = {}
    for effect in region.cost:
        if effect.primitive == "spend_attr":
            kind = choice if effect.params["kind"] == "X" else effect.params["kind"]
            cost[kind] = cost.get(kind, 0) + effect.params["n"]
    return cost


def check_visit(data: Data, seat: int, space: str, units: int, choice: str | None, control_first: bool) -> Region:
    """Everything VIN-VISIT and the region require, checked before any block moves."""
    if visits_left(data) < 1:
        raise refuse("VIN-TURN-5", "you have used your visit action this turn")
    if space not in content().board.regions:
        raise refuse("VIN-VISIT-4", f"{space} is not a region space")
    if space not in reachable_spaces(data, seat):
        raise refuse("VIN-VISIT-4", f"{space} does not touch your triangle")
    placed = data["regions"][space]
    if placed is None:
        raise refuse("VIN-VISIT-4", f"{space} is still empty")
    lock = data["turn"]["control_lock"]
    if lock is not None and lock != space:
        raise refuse("VIN-VISIT-9", f"you took control of {lock} this turn, so you cannot visit another region")
    region = content().regions[placed["tile"]]
    player = data["players"][seat]
    if "companions_at_least_1" in region.requires and not player["companions"]:
        raise refuse("VIN-MONSTER-1", "the Gaping Maw needs a companion to face the monster")
    if region.choice and choice not in region.choice:
        raise refuse("VIN-REGION-12", f"choose one of {', '.join(region.choice)} (choice=…)")
    if region.unit is not None:
        if units < 1:
            raise refuse("VIN-VISIT-6", "declare at least one unit (units=…)")
        if region.id == "command_post" and player["mount"] + units > 5:
            raise refuse("VIN-REGION-3", "mounts go up to rank 5")
        kind, n = region.unit.cost[0].params["kind"], region.unit.cost[0].params["n"]
        if player["attrs"][kind] < n * units:
            raise refuse("VIN-VISIT-4", f"{units} unit(s) cost {n * units} {kind}; you have {player['attrs'][kind]}")
        if region.id == "monastery" and units > 2 * player["potential"] + player["influence"] + units:
            raise refuse("VIN-REGION-5", "you cannot make that many augments")
    for kind, n in fixed_cost(region, choice).items():
        if player["attrs"][kind] < n:
            raise refuse("VIN-VISIT-4", f"{region.name.en} costs {n} {kind}; you have {player['attrs'][kind]}")
    for effect in region.effect:
        if effect.primitive == "gain_card":
            deck = effect.params["deck"].replace("X", choice or "")
            if not card_available(data, deck):
                raise refuse("VIN-CARD-6", f"no card is left to gain from {deck}")
    if control_first:
        check_control(data, seat, space, visiting_now=True)
    return region


def visit(ctx: Ctx, space: str, units: int, choice: str | None, control_first: bool) -> None:
    data, seat = ctx.data, ctx.actor
    region = check_visit(data, seat, space, units, choice, control_first)
    data["turn"]["used"]["visit"] += 1
    data["turn"]["visited"].append(space)
    if control_first:
        take_control(ctx, space)                                   # VIN-CONTROL-10
    ctx.emit("region_visited", seat=seat, space=space, tile=region.id, units=units)
    for kind, n in fixed_cost(region, choice).items():
        data["players"][seat]["attrs"][kind] -= n
        data["players"][seat]["influence"] += n
    if region.unit is not None:
        kind, n = region.unit.cost[0].params["kind"], region.unit.cost[0].params["n"]
        data["players"][seat]["attrs"][kind] -= n * units
        data["players"][seat]["influence"] += n * units
    controller = data["regions"][space]["controller"]
    if controller is not None and controller != seat:                # VIN-VISIT-7, -11
        gain_honor(ctx, CONTROL_HONOR, f"{space} visited", seat=controller)
    meta: dict[str, Any] = {"seat": seat, "space": space, "tile": region.id}
    if choice:
        meta["choice"] = choice
    effects = [e.to_data() for e in region.effect]
    if region.unit is not None:
        effects = [e.to_data() for e in region.unit.effect] * units
    if effects:
        ctx.push(effects, **meta)


def rest(ctx: Ctx, step: str) -> None:
    """VIN-VISIT-2: the visit action spent on one augment."""
    if visits_left(ctx.data) < 1:
        raise refuse("VIN-VISIT-2", "you have already visited or rested this turn")
    if step not in AUGMENT_STEPS:
        raise refuse("VIN-POWER-5", "rest with pot_to_inf or inf_to_conv")
    move_step(ctx, step)
    ctx.data["turn"]["used"]["visit"] += 1
    ctx.emit("rested", seat=ctx.actor, step=step)


def visit_commands(data: Data, seat: int) -> list[Command]:
    """Every visit the player could make now (used to list legal commands)."""
    found: list[Command] = []
    if visits_left(data) < 1:
        return found
    for space in reachable_spaces(data, seat):
        placed = data["regions"][space]
        if placed is None:
            continue
        region = content().regions[placed["tile"]]
        choices = region.choice or (None,)
        unit_counts = range(1, unit_limit(data, seat, region) + 1) if region.unit else (0,)
        for choice in choices:
            for units in unit_counts:
                for control_first in (False, True):
                    try:
                        check_visit(data, seat, space, units, choice, control_first)
                    except Refused:  # only legal combinations are listed
                        continue
                    options: dict[str, Any] = {}
                    if units:
                        options["units"] = units
                    if choice:
                        options["choice"] = choice
                    if control_first:
                        options["control_first"] = 1
                    found.append(Command("visit", (space,), tuple(options.items()), seat))
    return found
