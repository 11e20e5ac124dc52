"""The `attack` icon (spec 7.1.1, decision 9.2 #8): DRG-COMBAT-1/3/4/5, DRG-DEC-19, DRG-MOUNTAIN-2/5/6.

Options of the `attack` icon (``icon_attack``) are plain strings, one per combat region and target
(combat region in map order, then target):

    attack/<region>/<target>

``<target>`` is ``neutral`` or a character id. A dragon attacks in its own region, no approach
(DRG-COMBAT-3): its answer starts the combat. A general picks a combat region T holding a legal
target (listed when one of its units is in T or in a region adjacent to T from which it may
approach) and then chooses the approach in **staged decisions** ``attack_approach`` (step
``attack_approach``, asked of the same seat, the choices so far kept in its params; DRG-COMBAT-4:
any of its units from any adjacent region, and optionally its figure): for each adjacent region
holding its units (map neighbour order) and each unit type there, how many come,
``<from>.<type>.<k>`` for k = 0..n; then, when its figure stands in an adjacent region,
``figure.<from>`` or ``no_figure``. While none of its units would be in T, the last unit stage does
not offer 0, so every completion leaves a unit there. A stage with one option only is taken at once.
The completed approach is executed by ``apply`` in the full notation

    attack/<region>/<target>[/<approach>]

where ``<approach>`` is ``+``-joined parts ``<from>.<type>.<n>`` (units) and ``figure.<from>`` (the
figure); the AI readings (rules/ai.py) call ``apply`` with it directly (the AI's whole army).

An approach is not a move: mountain borders crossed by units set the combat's mountain protection
(DRG-MOUNTAIN-2), unless the type is exempt (``mountain_exempt_type`` modifier, up_mountain_riders);
the figure never triggers it (DRG-MOUNTAIN-5); while ev08 is active no piece approaches across a
mountain border (DRG-MOVE-8). Afterwards at least one of the general's units must be in T.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Data, refuse
from engine.core.effects import Param, Pause

from ..context import ANSWER_RULES, Ctx, stage_pick
from ..effects import DRG
from ..setup import UNIT_TYPES
from . import combat, modifiers
from .movement import _add_units, arrive, has_units, storm_active, unit_regions, units_of

Approach = tuple[dict[str, dict[str, int]], str | None]     # ({from: {type: n}}, figure's origin)

ANSWER_RULES.update({"attack_approach": "DRG-COMBAT-4"})


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
            if has_units(ctx.data, r, general)]


def can_bring_unit(ctx: Ctx, general: str, region: str) -> bool:
    """Whether a unit of the general is in ``region`` or may approach it (DRG-COMBAT-4, DRG-MOVE-8)."""
    return has_units(ctx.data, region, general) or bool(_sources(ctx, general, region))


def options(ctx: Ctx, owner: str) -> tuple[str, ...]:
    """DRG-COMBAT-3/4/5, DRG-ACTION-3: ``attack/<region>/<target>`` for every legal combat region
    and target of ``owner`` now (a general's approach is chosen next, see ``begin``)."""
    board = ctx.board(owner)
    if board["role"] == "dragon":
        here = board["region"]
        return tuple(f"attack/{here}/{key}" for key in combat.target_keys(ctx.data, owner, here))
    data, m = ctx.data, ctx.content.map
    closed = storm_active(data)
    reach = unit_regions(data, owner)                                  # `can_bring_unit`, asked once:
    for r in list(reach):                                            # where a unit is or may approach
        reach.update(m.neighbours(r, mountains_closed=closed))       # from (borders are symmetric)
    return tuple(f"attack/{region}/{key}" for region in m.order if region in reach
                 for key in combat.target_keys(data, owner, region))


# --- the staged approach (DRG-COMBAT-4) -----------------------------------------------------------

def begin(ctx: Ctx, owner: str, option: str) -> None:
    """A human's answer to ``icon_attack``: a dragon's attack starts at once; a general's combat
    region and target are checked, then its approach is chosen in stages (``attack_approach``)."""
    if ctx.board(owner)["role"] == "dragon":
        apply(ctx, owner, option)
        return
    region, key, (units, figure) = parse(option)
    if units or figure:
        raise refuse("DRG-COMBAT-4", "the approach is chosen after the combat region and target")
    if region not in ctx.data["regions"]:
        raise refuse("DRG-COMBAT-4", f"{region!r} is not a region")
    _check_target_before_approach(ctx, owner, target_side(ctx, key), region)
    if not can_bring_unit(ctx, owner, region):
        raise refuse("DRG-COMBAT-4", f"no unit of {owner} is in or next to {region}")
    ctx.run_next("attack_approach", {"owner": owner, "region": region, "target": key})


def approach_stages(ctx: Ctx, general: str, region: str, taken: dict[str, dict[str, int]],
                    figure: str | None, sources: list[str] | None = None,
                    units: Mapping[str, dict[str, int]] | None = None) -> list[tuple[str, str]]:
    """The approach stages still to decide: (from, type) per unit type in each adjacent region
    holding the general's units (``sources``, when the caller has them: `_sources`; ``units``, the
    general's `units_of` each of them), then ("figure", from) when its figure stands next to T."""
    if sources is None:
        sources = _sources(ctx, general, region)
    stages = [(src, t) for src in sources
              for t, n in (units_of(ctx.data, src, general) if units is None else units[src]).items()
              if n and t not in taken.get(src, {})]
    figure_at = ctx.board(general)["region"]
    closed = storm_active(ctx.data)
    if figure is None and figure_at in ctx.content.map.neighbours(region, mountains_closed=closed):
        stages.append(("figure", figure_at))
    return stages


def approach_stage_options(ctx: Ctx, general: str, region: str, taken: dict[str, dict[str, int]],
                           figure: str | None, stages: list[tuple[str, str]] | None = None,
                           units: Mapping[str, dict[str, int]] | None = None) -> tuple[str, ...]:
    """DRG-COMBAT-4: the options of the next stage (of ``stages`` and ``units``, when the caller
    has them: `approach_stages`); while no unit of the general would be in T, the last unit stage
    does not offer 0."""
    if stages is None:
        stages = approach_stages(ctx, general, region, taken, figure)
    src, t = stages[0]
    if src == "figure":
        return (f"figure.{t}", "no_figure")
    unit_stages = [s for s in stages if s[0] != "figure"]
    none_yet = not has_units(ctx.data, region, general) and not any(
        n for here in taken.values() for n in here.values())
    low = 1 if none_yet and len(unit_stages) == 1 else 0
    n = (units_of(ctx.data, src, general) if units is None else units[src])[t]
    return tuple(f"{src}.{t}.{k}" for k in range(low, n + 1))


@DRG.primitive("attack_approach", owner=str, region=str, target=str, taken=Param(Any, None),
               figure=Param(str | None, None))
def attack_approach(ctx: Ctx, owner: str, region: str, target: str, taken: Any = None,
                    figure: str | None = None, answer: Any = None) -> Pause | None:
    """DRG-COMBAT-4: one stage of the approach (``figure`` is None while undecided, ``""`` for
    no figure); once all are decided the approach is made and the combat starts (``apply``)."""
    if ctx.ended():
        return None
    _check_target_before_approach(ctx, owner, target_side(ctx, target), region)   # the same each stage
    sources = _sources(ctx, owner, region)                  # found once for every check below
    if not (has_units(ctx.data, region, owner) or sources):                      # `can_bring_unit`
        raise refuse("DRG-COMBAT-4", f"no unit of {owner} is in or next to {region}")
    units = {src: units_of(ctx.data, src, owner) for src in sources}   # read once for every check below
    taken = {str(src): {str(t): int(n) for t, n in dict(here).items()} for src, here in dict(taken or {}).items()}
    if any(src not in units or any(n > units[src].get(t, 0) for t, n in here.items())
           for src, here in taken.items()) or (figure and figure != ctx.board(owner)["region"]):
        raise refuse("DRG-COMBAT-4", f"{owner} has not those pieces next to {region}")
    stages = approach_stages(ctx, owner, region, taken, figure, sources, units)
    if not stages:
        text = approach_text(taken, figure or None)
        apply(ctx, owner, f"attack/{region}/{target}" + (f"/{text}" if text else ""))
        return None
    options = approach_stage_options(ctx, owner, region, taken, figure, stages, units)
    picked = stage_pick("attack_approach", options, answer, "DRG-COMBAT-4")
    if isinstance(picked, Pause):
        return picked
    bits = picked.split(".")
    if picked == "no_figure":
        figure = ""
    elif bits[0] == "figure":
        figure = bits[1]
    else:
        taken.setdefault(bits[0], {})[bits[1]] = int(bits[2])
    ctx.run_next("attack_approach", {"owner": owner, "region": region, "target": target, "taken": taken,
                                     "figure": figure})
    return None


# --- applying ------------------------------------------------------------------------------------

def parse(option: str) -> tuple[str, str, Approach]:
    """(combat region, target key, approach) of an option (with or without ``attack/``)."""
    option = option.removeprefix("attack/")
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
    keys = combat.target_keys(ctx.data, owner, region)
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
    for src in list(units) + ([figure] if figure else []):
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
    if not has_units(data, region, general):
        raise refuse("DRG-COMBAT-4", f"after the approach {general} must have a unit in {region}")
    return crossed
