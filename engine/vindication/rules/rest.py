"""Resting (VIN-VISIT-2): the visit action spent on one augment instead of a visit."""
from __future__ import annotations

from engine.core import Command, Data, refuse
from engine.core.sampling import Group, lazily

from ..commands import arg, listed, verb
from ..context import Ctx
from . import abilities
from .power import AUGMENT_STEPS, move_step, possible_steps
from .turn import visits_left


def rest(ctx: Ctx, step: str) -> None:
    """VIN-VISIT-2: the visit action spent on one augment."""
    if visits_left(ctx.data) < 1:
        raise refuse("VIN-VISIT-2", "you have already visited or rested this turn")
    if step not in AUGMENT_STEPS:
        raise refuse("VIN-POWER-5", "rest with pot_to_inf or inf_to_conv")
    move_step(ctx, step)
    ctx.data["turn"]["used"]["visit"] += 1
    ctx.emit("rested", seat=ctx.actor, step=step)
    abilities.fire(ctx, "rest", seats=[ctx.actor])                   # W06


def rest_steps(data: Data, seat: int) -> list[str]:
    return possible_steps(data["players"][seat], AUGMENT_STEPS) if visits_left(data) >= 1 else []


def rest_commands(data: Data, seat: int) -> list[Command]:
    return [listed("rest", (s,), seat) for s in rest_steps(data, seat)]


def rest_groups(data: Data, seat: int) -> list[Group]:
    """`rest_commands` as a group (`engine.core.sampling`), a command made only when drawn."""
    steps = rest_steps(data, seat)
    return [lazily(steps, 1.0, lambda step: listed("rest", (step,), seat))] if steps else []


@verb("rest", rest_commands, groups=rest_groups)
def do_rest(ctx: Ctx, cmd: Command) -> None:
    rest(ctx, arg(cmd, 0, "a step: pot_to_inf or inf_to_conv"))
