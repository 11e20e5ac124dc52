"""Moving, flying and arriving (DRG-MOVE, DRG-MOUNTAIN-7) and deploying units (DRG-UNIT); also the
piece changes effects make without moving (spec 7.1.2: ``place_units``, ``relocate_units`` for
`push_units`, ``remove_units`` outside combat) and fer_bond's carry at the end of a fly.

Each function checks its own legality and refuses with the rule it breaks, changing nothing; the
``can_*`` helpers say whether an icon has any legal execution (DRG-ACTION-3: otherwise skipped).
Mountain borders only matter while ev08 is active (DRG-MOVE-8): ``mountains_closed`` says so; by
default it is read from the global `mountains_closed` modifier that ev08 adds (rules/modifiers.py).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Data, refuse

from ..content import content
from ..context import Ctx
from ..setup import UNIT_TYPES
from .control import controller


def storm_active(data: Data) -> bool:
    """DRG-MOVE-8: whether a `mountains_closed` modifier (ev08) is in force."""
    modifiers = data.get("modifiers")
    return any(m.get("kind") == "mountains_closed" for m in modifiers) if modifiers else False


def _closed(data: Data, mountains_closed: bool | None) -> bool:
    return storm_active(data) if mountains_closed is None else mountains_closed


# The rules ask for a general's units in a region many times per command: these three read them
# without a loop (the unit types spelled out, in UNIT_TYPES order).
assert UNIT_TYPES == ("infantry", "cavalry", "ranged")


def units_of(data: Data, region: str, general: str) -> dict[str, int]:
    """The general's units in ``region`` by type, every type listed (a new dict)."""
    units = data["regions"][region]["units"].get(general)
    if units is None:
        return {"infantry": 0, "cavalry": 0, "ranged": 0}
    get = units.get
    return {"infantry": get("infantry", 0), "cavalry": get("cavalry", 0), "ranged": get("ranged", 0)}


def unit_count(data: Data, region: str, general: str) -> int:
    """``sum(units_of(...).values())``: how many units the general has in ``region``."""
    units = data["regions"][region]["units"].get(general)
    if units is None:
        return 0
    get = units.get
    return get("infantry", 0) + get("cavalry", 0) + get("ranged", 0)


def has_units(data: Data, region: str, general: str) -> bool:
    """``any(units_of(...).values())``: whether the general has a unit in ``region``."""
    units = data["regions"][region]["units"].get(general)
    if units is None:
        return False
    get = units.get
    return bool(get("infantry", 0) or get("cavalry", 0) or get("ranged", 0))


def unit_regions(data: Data, general: str) -> set[str]:
    """The regions where the general has a unit (``has_units``), found in one pass over the board."""
    found = set()
    for region, here in data["regions"].items():
        units = here["units"].get(general)
        if units is not None:
            get = units.get
            if get("infantry", 0) or get("cavalry", 0) or get("ranged", 0):
                found.add(region)
    return found


def _add_units(data: Data, region: str, general: str, units: Mapping[str, int], sign: int) -> None:
    here = data["regions"][region]["units"].setdefault(general, {t: 0 for t in UNIT_TYPES})
    for t, n in units.items():
        here[t] = here.get(t, 0) + sign * n
    if not any(here.values()):
        del data["regions"][region]["units"][general]


def arrive(ctx: Ctx, character: str, region: str, how: str) -> None:
    """DRG-MOVE-7: a figure arrives where its movement ends (not where it passes)."""
    ctx.data.setdefault("arrived", [])
    if character not in ctx.data["arrived"]:
        ctx.data["arrived"].append(character)
    ctx.emit("figure_arrived", character=character, region=region, how=how)


# --- general `move` ------------------------------------------------------------------------------

def move_origins(ctx: Ctx, general: str) -> tuple[str, ...]:
    """DRG-MOVE-1: regions holding at least one of the general's pieces (units or figure)."""
    figure = ctx.board(general)["region"]
    mine = unit_regions(ctx.data, general)
    return tuple(r for r in ctx.content.map.order if r == figure or r in mine)




def move(ctx: Ctx, general: str, origin: str, destination: str, units: Mapping[str, int] | None = None,
         figure: bool = False, *, mountains_closed: bool | None = None) -> None:
    """DRG-MOVE-1/2/4/5/6/8, DRG-MOUNTAIN-7: move some of the general's pieces in ``origin``
    together to the adjacent ``destination``. Entering never starts a combat."""
    data, board = ctx.data, ctx.board(general)
    if board["role"] != "general":
        raise refuse("DRG-ACTION-4", f"{general} is a dragon: dragons fly, they do not `move`")
    units = {t: n for t, n in (units or {}).items() if n}
    if any(t not in UNIT_TYPES or n < 0 for t, n in units.items()):
        raise refuse("DRG-MOVE-1", "units to move are counted per type: infantry, cavalry, ranged")
    if not units and not figure:
        raise refuse("DRG-MOVE-4", "a move must take at least one piece")
    if not ctx.content.map.is_adjacent(origin, destination):
        raise refuse("DRG-MOVE-1", f"{destination} is not adjacent to {origin}")
    if figure and board["region"] != origin:
        raise refuse("DRG-MOVE-1", f"{general}'s figure is not in {origin}")
    here = units_of(data, origin, general)
    if any(here[t] < n for t, n in units.items()):
        raise refuse("DRG-MOVE-1", f"{general} has not that many units in {origin}")
    if _closed(data, mountains_closed) and ctx.content.map.is_mountain(origin, destination):
        raise refuse("DRG-MOVE-8", "the storm closes the mountain borders: no piece may cross them")
    if units:
        _add_units(data, origin, general, units, -1)
        _add_units(data, destination, general, units, +1)
    if figure:
        board["region"] = destination
    ctx.emit("pieces_moved", character=general, origin=origin, destination=destination,
             units=dict(units), figure=figure)
    if figure:
        arrive(ctx, general, destination, "move")


# --- dragon `fly(n)` -----------------------------------------------------------------------------



def fly_destination(data: Data, dragon: str, path: Sequence[str], n: int, *,
                    mountains_closed: bool | None = None) -> str:
    """DRG-MOVE-3/4/8/9: where a fly of the dragon along ``path`` (the regions entered, 1..n
    steps, each adjacent to the one before, through any regions, none across a mountain border
    closed by ev08) ends, away from its origin; refused with the rule it breaks otherwise. Only
    the end and the length matter to the rules (DRG-MOVE-7: passing is not arriving)."""
    board, m = data["boards"][dragon], content().map
    if board["role"] != "dragon":
        raise refuse("DRG-ACTION-4", f"{dragon} is a general: generals `move`, they do not fly")
    path = list(path)
    if not path:
        raise refuse("DRG-MOVE-4", "a fly of zero steps is not a fly")
    if len(path) > n:
        raise refuse("DRG-MOVE-3", f"this fly goes at most {n} step{'s' if n != 1 else ''}, not {len(path)}")
    closed = _closed(data, mountains_closed)
    here = origin = board["region"]
    for step in path:
        if step not in m.regions:
            raise refuse("DRG-MOVE-3", f"{step!r} is not a region of the map")
        if not m.is_adjacent(here, step):
            raise refuse("DRG-MOVE-3", f"{step} is not adjacent to {here}: a fly goes from region to adjacent region")
        if closed and m.is_mountain(here, step):
            raise refuse("DRG-MOVE-8", f"the storm closes the mountain border between {here} and {step}: "
                                       "no flying across it")
        here = step
    if here == origin:
        raise refuse("DRG-MOVE-9", f"a fly must end in a region other than where it began ({origin})")
    return here


def fly(ctx: Ctx, dragon: str, path: Sequence[str], n: int, *, mountains_closed: bool | None = None) -> None:
    """DRG-MOVE-3/4/8/9, DRG-MOUNTAIN-7: fly the dragon's figure along ``path`` (`fly_destination`)."""
    board = ctx.board(dragon)
    here = fly_destination(ctx.data, dragon, path, n, mountains_closed=mountains_closed)
    origin, path = board["region"], list(path)
    board["region"] = here
    ctx.emit("dragon_flew", character=dragon, origin=origin, path=path)
    arrive(ctx, dragon, here, "fly")
    carry_along(ctx, dragon, origin, here)


def carry_along(ctx: Ctx, dragon: str, origin: str, destination: str) -> None:
    """fer_bond `carry` (spec 7.7): the figure and units prepared at the fly's start end the fly with
    the dragon — an arrival for the oath (DRG-MOVE-7), with no mountain effect."""
    carried = ctx.data.pop("carry", None)
    if not carried or carried["dragon"] != dragon or carried["origin"] != origin:
        return
    general = carried["general"]
    if ctx.board(general)["region"] != origin:
        return
    here = units_of(ctx.data, origin, general)
    units = {t: min(n, here[t]) for t, n in carried["units"].items() if n}
    if units:
        _add_units(ctx.data, origin, general, units, -1)
        _add_units(ctx.data, destination, general, units, +1)
    ctx.board(general)["region"] = destination
    ctx.emit("pieces_carried", dragon=dragon, character=general, origin=origin, destination=destination,
             units=units)
    arrive(ctx, general, destination, "carry")


# --- general `deploy(type)` ----------------------------------------------------------------------

def deploy_types(ctx: Ctx, general: str, shown: str) -> tuple[str, ...]:
    """DRG-UNIT-2: the unit types ``deploy(shown)`` may place that the pool still has."""
    pool = ctx.board(general)["pool"] or {}
    allowed = UNIT_TYPES if shown == "any" else (shown,)
    return tuple(t for t in allowed if pool.get(t, 0) > 0)


def deploy_regions(ctx: Ctx, general: str) -> tuple[str, ...]:
    """DRG-UNIT-2: regions the general controls, and the region holding its figure."""
    figure = ctx.board(general)["region"]
    mine = unit_regions(ctx.data, general)                      # (a controller has units there)
    return tuple(r for r in ctx.content.map.order
                 if r == figure or (r in mine and controller(ctx.data, r) == general))


def can_deploy(ctx: Ctx, general: str, shown: str) -> bool:
    return ctx.board(general)["role"] == "general" and bool(deploy_types(ctx, general, shown))


def deploy(ctx: Ctx, general: str, shown: str, unit_type: str, region: str) -> None:
    """DRG-UNIT-1/2/6: place 1 unit of ``unit_type`` (allowed by the icon's ``shown`` type) from the
    general's pool in a region it controls or its figure's region."""
    board = ctx.board(general)
    if board["role"] != "general":
        raise refuse("DRG-UNIT-6", f"{general} is a dragon: dragons own no units and never deploy")
    if unit_type not in UNIT_TYPES or (shown != "any" and unit_type != shown):
        raise refuse("DRG-UNIT-2", f"this deploy places {shown}, not {unit_type}")
    if board["pool"][unit_type] <= 0:
        raise refuse("DRG-UNIT-2", f"{general} has no {unit_type} left in its pool")
    if not (region in ctx.content.map.regions                        # `region in deploy_regions`, asked
            and (region == board["region"] or controller(ctx.data, region) == general)):   # of it alone
        raise refuse("DRG-UNIT-2", f"{general} neither controls {region} nor has its figure there")
    board["pool"][unit_type] -= 1
    _add_units(ctx.data, region, general, {unit_type: 1}, +1)
    ctx.emit("unit_deployed", character=general, unit=unit_type, region=region)


def remove_units(ctx: Ctx, region: str, owner: str, units: Mapping[str, int], cause: str | None = None) -> None:
    """DRG-UNIT-3/4: removed units go straight back to their owner's pool, neutral units (owner
    ``"neutral"``, counted under any type) to the neutral supply. ``cause="effect"`` marks a
    removal outside combat (DRG-COMBAT-18): it triggers nothing."""
    data = ctx.data
    extra: dict[str, Any] = {"cause": cause} if cause else {}
    if owner == "neutral":
        n = sum(units.values())
        n = min(n, data["regions"][region]["neutral"])
        data["regions"][region]["neutral"] -= n
        data["supply"]["neutral"] += n
        ctx.emit("units_removed", owner=owner, region=region, units={"neutral": n}, **extra)
        return
    here = units_of(data, region, owner)
    taken = {t: min(n, here[t]) for t, n in units.items() if n}
    _add_units(data, region, owner, taken, -1)
    for t, n in taken.items():
        ctx.board(owner)["pool"][t] += n
    ctx.emit("units_removed", owner=owner, region=region, units=taken, **extra)


def place_units(ctx: Ctx, general: str, region: str, units: Mapping[str, int]) -> None:
    """Spec 7.1.2 `place_units`: units from the general's pool into ``region`` (an effect, not a
    `deploy` icon: no deploy_icon trigger)."""
    pool = ctx.board(general)["pool"]
    if any(t not in UNIT_TYPES or n < 0 or pool.get(t, 0) < n for t, n in units.items()):
        raise refuse("DRG-UNIT-2", f"{general}'s pool has not those units")
    for t, n in units.items():
        pool[t] -= n
    _add_units(ctx.data, region, general, {t: n for t, n in units.items() if n}, +1)
    ctx.emit("units_placed", character=general, region=region, units=dict(units))


def relocate_units(ctx: Ctx, owner: str, origin: str, destination: str, units: Mapping[str, int]) -> None:
    """Spec 7.1.2 `push_units`: units (``owner`` "neutral": neutral units) change region without
    moving: no mountain, no ev08, no combat, no arrival (DRG-UNIT-5)."""
    data = ctx.data
    if owner == "neutral":
        n = min(sum(units.values()), data["regions"][origin]["neutral"])
        data["regions"][origin]["neutral"] -= n
        data["regions"][destination]["neutral"] += n
        moved = {"neutral": n}
    else:
        here = units_of(data, origin, owner)
        moved = {t: min(n, here[t]) for t, n in units.items() if n}
        _add_units(data, origin, owner, moved, -1)
        _add_units(data, destination, owner, moved, +1)
    ctx.emit("units_pushed", owner=owner, origin=origin, destination=destination, units=moved)
