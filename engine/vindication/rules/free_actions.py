"""Free actions on your own turn: upgrade, proficiency, vindicate, recover
(VIN-UPGRADE, VIN-PROFICIENCY, VIN-VINDICATE, VIN-RECOVER): the rules of upgrading, discarding a
proficiency tile and vindicating, and the verbs of all five (buying is `proficiency`, recovering
`recover`)."""
from __future__ import annotations

from functools import lru_cache

from engine.core import Command, Data, Refused, refuse
from engine.core.sampling import Group, lazily

from ..commands import arg, listed, random_weight, verb
from ..content import content
from ..context import Ctx
from .module import buy_disciplined_proficiency
from .power import gain_honor
from .proficiency import PROFICIENCY_PRICE, buy_proficiency, check_buy_proficiency
from .recover import recover, recover_locations

RECIPES = {"C": ("I", "S"), "W": ("K", "I"), "V": ("K", "S")}   # VIN-UPGRADE-1..3
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


# -- the verbs ---------------------------------------------------------------------------------------
def free_commands(data: Data, seat: int) -> list[Command]:
    """Upgrades, proficiency tiles bought and discarded, recovers and vindication (ending the turn
    is listed after them: `flow`)."""
    found = [listed(verb_name, (value,), seat) for verb_name, value in upgrades_and_tiles(data, seat)]
    found += recover_commands(seat, tuple(recover_locations(data, seat)))
    player = data["players"][seat]
    if not player["vindicated"] and player["potential"] == 0 and may_vindicate(data, seat):
        found.append(listed("vindicate", (), seat))
    return found


def free_groups(data: Data, seat: int) -> list[Group]:
    """`free_commands` as groups of one weight (`engine.core.sampling`: a discarded tile or a
    recover weighs less), each command made only when drawn."""
    groups: list[Group] = []
    run: list[tuple[str, str]] = []                     # the commands of weight 1 since the last discard
    for verb_name, value in upgrades_and_tiles(data, seat):
        if verb_name != "discard_proficiency":
            run.append((verb_name, value))
            continue
        if run:
            groups.append(_one_arg_group(run, 1.0, seat))
            run = []
        groups.append(_one_arg_group([(verb_name, value)], DISCARD_WEIGHT, seat))
    if run:
        groups.append(_one_arg_group(run, 1.0, seat))
    locations = recover_locations(data, seat)
    if locations:
        groups.append(lazily(locations, RECOVER_WEIGHT, lambda location: listed("recover", (location,), seat)))
    player = data["players"][seat]
    if not player["vindicated"] and player["potential"] == 0 and may_vindicate(data, seat):
        groups.append((1, 1.0, lambda _: listed("vindicate", (), seat)))
    return groups


def upgrades_and_tiles(data: Data, seat: int) -> list[tuple[str, str]]:
    """(verb, its argument) of each upgrade, then of each proficiency tile bought or discarded, in
    list order."""
    # Cheap tests first: the full checks raise, and listing runs after every command.
    player = data["players"][seat]
    attrs = player["attrs"]
    found = [("upgrade", heroic) for heroic, (first, second) in RECIPES.items()
             if attrs[first] >= 1 and attrs[second] >= 1]
    for kind in attrs:
        if attrs[kind] >= PROFICIENCY_PRICE and data["proficiency_supply"][kind] >= 1:
            try:
                check_buy_proficiency(data, seat, kind)
                found.append(("proficiency", kind))
            except Refused:
                pass
        if player["proficiencies"][kind]:
            found.append(("discard_proficiency", kind))
    return found


def may_vindicate(data: Data, seat: int) -> bool:
    try:
        check_vindicate(data, seat)
    except Refused:
        return False
    return True


def _one_arg_group(run: list[tuple[str, str]], weight: float, seat: int) -> Group:
    """The commands (verb, its one argument) of ``run``, all of ``weight``, made when drawn."""
    return lazily(run, weight, lambda command: listed(command[0], (command[1],), seat))


# Bounded: a seat's locations are few, and their lists repeat from turn to turn.
@lru_cache(maxsize=512)
def recover_commands(seat: int, locations: tuple[str, ...]) -> tuple[Command, ...]:
    """A recover command for each of ``locations``, made once per seat and locations (commands are
    frozen values: the same ones serve every later listing)."""
    return tuple(listed("recover", (location,), seat) for location in locations)


DISCARD_WEIGHT, RECOVER_WEIGHT = random_weight("discard_proficiency"), random_weight("recover")


@verb("upgrade", free_commands, groups=free_groups)
def do_upgrade(ctx: Ctx, cmd: Command) -> None:
    upgrade(ctx, arg(cmd, 0, "C, W or V"))


@verb("proficiency")
def do_proficiency(ctx: Ctx, cmd: Command) -> None:
    kind = arg(cmd, 0, "an attribute")
    discipline = cmd.get("discipline")
    if discipline is None:
        buy_proficiency(ctx, kind)
    elif discipline != kind:
        raise refuse("VVH-RUNE-6", f"a {kind} tile is paid with {kind}: discipline={kind}")
    else:
        buy_disciplined_proficiency(ctx, kind)                               # VVH-RUNE-6


@verb("discard_proficiency")
def do_discard_proficiency(ctx: Ctx, cmd: Command) -> None:
    discard_proficiency(ctx, arg(cmd, 0, "an attribute"))


@verb("recover")
def do_recover(ctx: Ctx, cmd: Command) -> None:
    location = arg(cmd, 0, "a location")
    if location in ctx.data.get("settlements", {}):
        raise refuse("VVH-CONTROL-9", "a village marker follows the majority; it cannot be recovered")
    recover(ctx, location)


@verb("vindicate")
def do_vindicate(ctx: Ctx, cmd: Command) -> None:
    vindicate(ctx)
