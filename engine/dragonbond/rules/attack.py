"""The `attack` icon (spec 7.1.1, decision 9.2 #8): DRG-COMBAT-1/3/4/5, DRG-DEC-19, DRG-MOUNTAIN-2/5/6.

Options are plain strings, one per legal execution, in a fixed order (combat region in map order,
then target, then approach):

    attack/<region>/<target>[/<approach>]

``<target>`` is ``neutral`` or a character id. A dragon attacks in its own region, no approach
(DRG-COMBAT-3). A general picks a combat region T holding a legal target and may bring pieces in
from regions adjacent to T (DRG-COMBAT-4); ``<approach>`` is ``+``-joined parts
``<from>.<type>.<n>`` (units) and ``figure.<from>`` (its figure).

Simplification of the listed options (documented choice, to keep their number small): from each
adjacent region a general brings either nothing or *all* its units there; the figure, when it stands
in a region adjacent to T, comes or stays independently. So a general with units in k neighbours
of T has 2^k (x2 with the figure) approaches per target. `apply` itself accepts any approach
written in the notation above (tests and future finer options), checking it fully.

An approach is not a move: mountain borders crossed by units set the combat's mountain protection
(DRG-MOUNTAIN-2), unless the type is exempt (``mountain_exempt_type`` modifier, up_mountain_riders);
the figure never triggers it (DRG-MOUNTAIN-5); while ev08 is active no piece approaches across a
mountain border (DRG-MOVE-8). Afterwards at least one of the general's units must be in T.
"""
from __future__ import annotations

from itertools import combinations

from engine.core import Data

from ..context import Ctx, refuse
from ..setup import UNIT_TYPES
from . import combat, modifiers
from .movement import _add_units, arrive, storm_active, units_of

Approach = tuple[dict[str, dict[str, int]], str | None]     # ({from: {type: n}}, figure's origin)


# --- options -------------------------------------------------------------------------------------

def target_side(ctx: Ctx, key: str) -> Data:
    """The combat target named by an option's ``<target>``."""
    if key == "neutral":
        return {"kind": "neutral", "who": None}
    if key not in ctx.data["boards"]:
        raise refuse("DRG-COMBAT-5", f"{key!r} is not a target")
    return combat.side_of(ctx.data, key)


def approach_text(units: dict[str, dict[str, int]], figure: str | None) -> str:
    parts = [f"{src}.{t}.{n}" for src, here in units.items() for t, n in here.items() if n]
    if figure:
        parts.append(f"figure.{figure}")
    return "+".join(parts)


def _sources(ctx: Ctx, general: str, region: str) -> list[str]:
    """Regions adjacent to ``region`` (open under ev08) holding some of the general's units."""
    closed = storm_active(ctx.data)
    return [r for r in ctx.content.map.neighbours(region, mountains_closed=closed)
            if any(units_of(ctx.data, r, general).values())]


def approaches(ctx: Ctx, general: str, region: str) -> list[Approach]:
    """The listed approaches into ``region`` (see the module text), each leaving a unit there."""
    data = ctx.data
    closed = storm_active(data)
    figure_at = ctx.board(general)["region"]
    figure_opts: list[str | None] = [None]
    if figure_at in ctx.content.map.neighbours(region, mountains_closed=closed):
        figure_opts.append(figure_at)
    sources = _sources(ctx, general, region)
    already = any(units_of(data, region, general).values())
    out: list[Approach] = []
    for k in range(len(sources) + 1):
        for chosen in combinations(sources, k):
            if not chosen and not already:
                continue
            units = {src: {t: n for t, n in units_of(data, src, general).items() if n} for src in chosen}
            out.extend((units, fig) for fig in figure_opts)
    return out


def options(ctx: Ctx, owner: str) -> tuple[str, ...]:
    """DRG-COMBAT-3/4/5, DRG-ACTION-3: every legal execution of `attack` for ``owner`` now."""
    board = ctx.board(owner)
    if board["role"] == "dragon":
        here = board["region"]
        return tuple(f"attack/{here}/{key}" for key, _, _ in combat.legal_targets(ctx, owner, here))
    out: list[str] = []
    for region in ctx.content.map.order:
        targets = combat.legal_targets(ctx, owner, region)
        if not targets:
            continue
        ways = approaches(ctx, owner, region)
        for key, _, _ in targets:
            for units, fig in ways:
                text = approach_text(units, fig)
                out.append(f"attack/{region}/{key}" + (f"/{text}" if text else ""))
    return tuple(out)


# --- applying ------------------------------------------------------------------------------------

def parse(option: str) -> tuple[str, str, Approach]:
    """(combat region, target key, approach) of an option (with or without ``attack/``)."""
    if option.startswith("attack/"):
        option = option[len("attack/"):]
    parts = option.split("/")
    if len(parts) not in (2, 3) or not all(parts[:2]):
        raise refuse("DRG-COMBAT-4", f"{option!r} is not an attack (region/target[/approach])")
    units: dict[str, dict[str, int]] = {}
    figure: str | None = None
    for part in (parts[2].split("+") if len(parts) == 3 and parts[2] else []):
        bits = part.split(".")
        if len(bits) == 2 and bits[0] == "figure":
            figure = bits[1]
        elif len(bits) == 3 and bits[1] in UNIT_TYPES and bits[2].isdigit():
            units.setdefault(bits[0], {})[bits[1]] = units.get(bits[0], {}).get(bits[1], 0) + int(bits[2])
        else:
            raise refuse("DRG-COMBAT-4", f"{part!r} is not an approaching piece")
    return parts[0], parts[1], (units, figure)


def apply(ctx: Ctx, owner: str, option: str) -> None:
    """Execute one attack: approach (generals), then start the combat (rules/combat.py)."""
    region, key, (units, figure) = parse(option)
    if region not in ctx.data["regions"]:
        raise refuse("DRG-COMBAT-4", f"{region!r} is not a region")
    target = target_side(ctx, key)
    board = ctx.board(owner)
    mountain = False
    if board["role"] == "dragon":
        if units or figure:
            raise refuse("DRG-COMBAT-3", "a dragon attacks where it is: nothing approaches")
    else:
        _check_target_before_approach(ctx, owner, target, region)
        mountain = approach(ctx, owner, region, units, figure)
    combat.start(ctx, owner, target, region, mountain=mountain)


def _check_target_before_approach(ctx: Ctx, owner: str, target: Data, region: str) -> None:
    keys = [k for k, _, _ in combat.legal_targets(ctx, owner, region)]
    key = target.get("who") or "neutral"
    if key not in keys:
        ally = ctx.board(owner)["bonded_with"]
        if key == ally:
            raise refuse("DRG-BONDED-2", f"{owner} may not attack its bonded ally {ally}")
        raise refuse("DRG-COMBAT-5", f"{key} is not a legal target in {region}")


def approach(ctx: Ctx, general: str, region: str, units: dict[str, dict[str, int]],
             figure: str | None) -> bool:
    """DRG-COMBAT-4, DRG-MOVE-8, DRG-MOUNTAIN-2/5: bring the pieces into ``region``; whether a unit
    (of a type not exempt) crossed a mountain border."""
    data, m = ctx.data, ctx.content.map
    closed = storm_active(data)
    exempt = set(modifiers.values(ctx, general, "mountain_exempt_type", None))
    crossed = False
    for src, here in list(units.items()) + ([(figure, {})] if figure else []):
        if not m.is_adjacent(src, region):
            raise refuse("DRG-COMBAT-4", f"{src} is not adjacent to the combat region {region}")
        if closed and m.is_mountain(src, region):
            raise refuse("DRG-MOVE-8", "the storm closes the mountain borders: no approach across them")
    if figure and ctx.board(general)["region"] != figure:
        raise refuse("DRG-COMBAT-4", f"{general}'s figure is not in {figure}")
    for src, here in units.items():
        have = units_of(data, src, general)
        if any(n < 0 or have[t] < n for t, n in here.items()):
            raise refuse("DRG-COMBAT-4", f"{general} has not those units in {src}")
    for src, here in units.items():
        moving = {t: n for t, n in here.items() if n}
        if not moving:
            continue
        _add_units(data, src, general, moving, -1)
        _add_units(data, region, general, moving, +1)
        if m.is_mountain(src, region) and any(t not in exempt for t in moving):
            crossed = True
        ctx.emit("pieces_moved", character=general, origin=src, destination=region, units=moving,
                 figure=False, cause="approach")
    if figure:
        ctx.board(general)["region"] = region
        ctx.emit("pieces_moved", character=general, origin=figure, destination=region, units={},
                 figure=True, cause="approach")
        arrive(ctx, general, region, "approach")                     # DRG-MOVE-7
    if not any(units_of(data, region, general).values()):
        raise refuse("DRG-COMBAT-4", f"after the approach {general} must have a unit in {region}")
    return crossed
