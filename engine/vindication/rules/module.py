"""Villages & Hamlets (VVH-*): the Forgotten Isle, the port, villages and hamlets, building,
hidden ruins, rune maps, the Temple of Legends, empowered runes and attribute checks.

Every place a player can visit or control — a main-board space, a village slot
(``venfero_secret/3``) or an Isle area (``A2``) — lives in ``data["regions"]``, so control,
visits, recover and scoring treat them alike (VVH-VILLAGE-5, VVH-CONTROL-1).
"""
from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.core import Command, Data, Pause, Refused, refuse
from engine.core.sampling import one_group

from ..commands import arg, listed, verb
from ..content import content
from ..context import Ctx
from ..effects import VIN
from ..places import settlements, slot_id
from . import abilities
from .control import CONTROL_HONOR
from .power import gain_honor, spend_conviction
from .proficiency import PROFICIENCY_PRICE, buy_proficiency, check_buy_proficiency
from .turn import spend_visit_action, visits_left

TEMPLE_HONOR = 5
VILLAGES_BAG_FOR_SITES = 3
DISCIPLINE = "@discipline"          # a check die paid with conviction: ``C@discipline`` (VVH-RUNE-6)


# -- pre-configured set-up (the rest of the module's set-up is `setup.module_setup`) ----------------
@VIN.primitive("preconfigure_boards")
def _preconfigure_boards(ctx: Ctx) -> None:
    """VVH-SETUP-8: the group fills every slot, then picks 3 tiles for the villages bag; the rest
    go into the scumbag. The first player answers for the group."""
    steps: list[Any] = [{"preconfigure": {"target": slot_id(s.id, i)}}
                        for s in settlements().values() for i in range(1, s.slots + 1)]
    steps += [{"preconfigure": {"target": "villages_bag"}}] * VILLAGES_BAG_FOR_SITES
    ctx.push(steps + ["preconfigure_done"])


@VIN.primitive("preconfigure", target=str)
def _preconfigure(ctx: Ctx, target: str, answer: Any = None) -> Pause | None:
    pool = ctx.data["vh_pool"]
    if answer is None:
        return Pause("preconfigure", tuple(sorted(set(pool))))
    pool.remove(answer)
    if target == "villages_bag":
        ctx.data["villages_bag"].append(answer)
    else:
        ctx.data["regions"][target] = {"tile": answer, "controller": None}
        ctx.emit("slot_filled", place=target, tile=answer)
    return None


@VIN.primitive("preconfigure_done")
def _preconfigure_done(ctx: Ctx) -> None:
    ctx.data["bag"] += ctx.data.pop("vh_pool")


# -- villages -----------------------------------------------------------------------------------
def fill_settlement(ctx: Ctx, hex_tile: str) -> None:
    """VVH-VILLAGE-1, -2: a village/hamlet hex out of the scumbag fills its board's empty slots
    from the villages bag (pre-configured boards are already full)."""
    for settlement in settlements().values():
        if settlement.hex_tile != hex_tile:
            continue
        for index in range(1, settlement.slots + 1):
            place = slot_id(settlement.id, index)
            if ctx.data["regions"][place] is None and ctx.data["villages_bag"]:
                tile = ctx.data["villages_bag"].pop(ctx.rng.below(len(ctx.data["villages_bag"])))
                ctx.data["regions"][place] = {"tile": tile, "controller": None}
                ctx.emit("slot_filled", place=place, tile=tile)


def slot_places(data: Data, space: str) -> list[str]:
    """The filled slots of the village or hamlet whose hex lies on ``space`` (VVH-VILLAGE-3, -7)."""
    placed = data["regions"].get(space)
    if placed is None:
        return []
    for settlement in settlements().values():
        if settlement.hex_tile == placed["tile"]:
            return [p for i in range(1, settlement.slots + 1)
                    if data["regions"][p := slot_id(settlement.id, i)] is not None]
    return []


# -- building and digging -----------------------------------------------------------------------
def isle_areas_touched(data: Data, seat: int) -> tuple[str, ...]:
    triangle = content().isle.triangles.get(data["players"][seat]["token"])
    return triangle.touches if triangle else ()


def check_build(data: Data, seat: int, area: str) -> None:
    if area not in isle_areas_touched(data, seat):
        raise refuse("VVH-ISLE-3", f"your token does not touch {area}")
    if data["regions"][area] is not None:
        raise refuse("VVH-BUILD-4", f"the site on {area} is already built")
    if not data["villages_bag"]:
        raise refuse("VVH-BUILD-4", "the villages bag is empty")
    if data["players"][seat]["conviction"] < 1:
        raise refuse("VVH-BUILD-4", "building costs 1 conviction")


@VIN.primitive("build_tile", area=str)
def _build_tile(ctx: Ctx, area: str, answer: Any = None) -> Pause | None:
    """VVH-BUILD-1, -2, -5: the builder looks through the villages bag and picks a tile."""
    if answer is None:
        check_build(ctx.data, ctx.actor, area)      # holds while the builder chooses (VVH-BUILD-4)
        return Pause("build_tile", tuple(sorted(set(ctx.data["villages_bag"]))))
    ctx.data["villages_bag"].remove(answer)
    spend_conviction(ctx, 1, "VVH-BUILD-4")
    ctx.data["regions"][area] = {"tile": answer, "controller": None}
    ctx.emit("built", seat=ctx.actor, area=area, tile=answer)
    if content().regions[answer].controllable:
        player = ctx.player()
        player["influence"] -= 1                              # the paid block becomes the marker
        ctx.data["regions"][area]["controller"] = ctx.actor
        ctx.data["turn"]["control_lock"] = area
        ctx.data["turn"]["controlled"].append(area)
        ctx.emit("control_changed", space=area, previous=None, controller=ctx.actor)
        gain_honor(ctx, CONTROL_HONOR, f"control of {area}")
        abilities.fire(ctx, "control_gained", seats=[ctx.actor])   # W08: control is gained
    return None


def check_dig(data: Data, seat: int, area: str) -> None:
    if area not in isle_areas_touched(data, seat):
        raise refuse("VVH-ISLE-3", f"your token does not touch {area}")
    if data["isle"][area]["ruins"] is None:
        raise refuse("VVH-RUINS-3", f"the ruins on {area} have been dug")
    if not data["players"][seat]["rune_map"]:
        raise refuse("VVH-RUINS-2", "digging needs a rune map (from the Temple of Legends)")


def dig(ctx: Ctx, area: str) -> None:
    """VVH-RUINS-1, -4: the map goes back, the ruins turn face up, the rune joins the tableau."""
    check_dig(ctx.data, ctx.actor, area)
    player = ctx.player()
    rune = ctx.data["isle"][area]["ruins"]
    player["rune_map"] = False
    ctx.data["rune_maps"] += 1
    ctx.data["isle"][area]["ruins"] = None
    player["runes"].append(rune)
    ctx.emit("dug", seat=ctx.actor, area=area, rune=rune, reveals=True)


# -- the Temple of Legends ----------------------------------------------------------------------
def temple_options(data: Data, seat: int) -> list[str]:
    player = data["players"][seat]
    options = [f"donate_{rune}" for rune in player["runes"]]                   # VVH-TEMPLE-2
    if not player["rune_map"] and data["rune_maps"] > 0:                       # VVH-TEMPLE-3
        options.append("take_map")
    return options


def check_temple_choice(data: Data, seat: int, choice: str | None) -> None:
    """VVH-TEMPLE-1..3, VVH-RUNEMAP-2: the option a Temple visit names up front (``choice=take_map``,
    ``choice=donate_zeal``); without one the player is asked during the visit."""
    player = data["players"][seat]
    if choice is None:
        if not temple_options(data, seat):
            raise refuse("VVH-TEMPLE-2" if not player["runes"] else "VVH-TEMPLE-3",
                         "you have no rune to donate and cannot take a rune map")
        return
    if choice == "take_map":
        if player["rune_map"]:
            raise refuse("VVH-RUNEMAP-2", "you already carry a rune map")
        if data["rune_maps"] < 1:
            raise refuse("VVH-TEMPLE-3", "no rune map is left in the supply")
    elif choice.startswith("donate_"):
        if choice.removeprefix("donate_") not in player["runes"]:
            raise refuse("VVH-TEMPLE-2", f"you hold no rune of {choice.removeprefix('donate_')}")
    else:
        raise refuse("VVH-TEMPLE-1", "at the Temple choose take_map or donate_RUNE")


@VIN.handles("temple")
def _temple(ctx: Ctx, answer: Any = None) -> Pause | None:
    """VVH-TEMPLE-1, -4: donate one rune for 5 honor, or take a rune map."""
    options = temple_options(ctx.data, ctx.actor)
    if not options:
        return None
    if answer is None and ctx.meta.get("choice") in options:
        answer = ctx.meta["choice"]                          # named with the visit (choice=…)
    if answer is None:
        return Pause("temple", tuple(options))
    if answer == "take_map":
        ctx.player()["rune_map"] = True
        ctx.data["rune_maps"] -= 1
        ctx.emit("rune_map_taken", seat=ctx.actor)
    else:
        rune = answer.removeprefix("donate_")
        ctx.player()["runes"].remove(rune)
        ctx.emit("rune_donated", seat=ctx.actor, rune=rune)
        gain_honor(ctx, TEMPLE_HONOR, "rune donated")
    return None


# -- attribute checks ---------------------------------------------------------------------------
def check_dice(data: Data, seat: int) -> list[str]:
    """VVH-CHECK-1: one die per attribute the player holds at least 1 of."""
    return [kind for kind, n in data["players"][seat]["attrs"].items() if n >= 1]


@VIN.handles("attr_check")
def _attr_check(ctx: Ctx, required: int = 0, per_hit: tuple = (), on_pass: tuple = ()) -> None:
    faces = content().dice.check_die
    missed = []
    hits = 0
    for kind in check_dice(ctx.data, ctx.actor):
        face = faces[ctx.rng.below(len(faces))]
        ctx.emit("check_die_rolled", seat=ctx.actor, kind=kind, face=face)
        if face == "hit":
            hits += 1
        else:
            missed.append(kind)
    ctx.push([{"check_conversions": {"hits": hits, "missed": missed, "required": required,
                                     "per_hit": [e.to_data() for e in per_hit],
                                     "on_pass": [e.to_data() for e in on_pass]}}])


@VIN.primitive("check_conversions", hits=int, missed=tuple[str, ...], required=int, per_hit=VIN.effects,
               on_pass=VIN.effects)
def _check_conversions(ctx: Ctx, hits: int, missed: tuple[str, ...], required: int, per_hit: tuple,
                       on_pass: tuple, answer: Any = None) -> Pause | None:
    """VVH-CHECK-3..7: turn missed dice into hits by spending a point of each one's attribute;
    only missed dice are offered, each at most once (a die that hit cannot be paid for). With the
    rune of Discipline one of them may be paid with conviction instead (``K@discipline``)."""
    options = conversion_options(ctx.data, ctx.actor, missed)
    if answer is None and len(options) > 1:
        return Pause("check_conversions", tuple(options))
    converted = list(answer or [])
    player = ctx.player()
    for entry in converted:
        kind = entry.removesuffix(DISCIPLINE)
        if entry.endswith(DISCIPLINE):
            use_discipline(ctx, kind)
        else:
            player["attrs"][kind] -= 1
            player["influence"] += 1
            ctx.emit("attribute_spent", seat=ctx.actor, kind=kind, n=1)
    total = hits + len(converted)
    passed = total >= required if required else True
    ctx.emit("check_resolved", seat=ctx.actor, hits=total, required=required, passed=passed)
    follow = [e.to_data() for e in per_hit] * total
    if required and passed:
        follow += [e.to_data() for e in on_pass]
    if follow:
        ctx.push(follow)
    return None


def conversion_options(data: Data, seat: int, missed: tuple[str, ...] | list[str]) -> list[list[str]]:
    """Every legal set of conversions: missed dice only, each at most once (VVH-CHECK-3), each paid
    with a point of its attribute or, for one die at most, with conviction (VVH-RUNE-6, VIN-DEC-58)."""
    attrs = data["players"][seat]["attrs"]
    ready = discipline_ready(data, seat)
    options: list[list[str]] = []
    for n in range(len(missed) + 1):
        for chosen in combinations(missed, n):
            if all(attrs[k] >= 1 for k in chosen):
                options.append(list(chosen))
            if ready:
                options += [[f"{k}{DISCIPLINE}" if k == paid else k for k in chosen] for paid in chosen
                            if all(attrs[k] >= 1 for k in chosen if k != paid)]
    return options


# -- the rune of Leadership (VVH-RUNE-5, VIN-DEC-57) ----------------------------------------------
def activation_runes(data: Data, seat: int) -> list[Any]:
    """What a self-activation queues first for the player's runes: Leadership's optional offer."""
    return ["leadership"] if "leadership" in data["players"][seat]["runes"] else []


@VIN.primitive("leadership")
def _leadership(ctx: Ctx, answer: Any = None) -> Pause | None:
    """On activating their character the holder may take 1 block off any companion (theirs or
    another player's); it goes to that companion's owner's influence and the card stays."""
    players = ctx.data["players"]
    if "leadership" not in ctx.player()["runes"]:
        return None
    loaded = {c["id"]: p["seat"] for p in players for c in p["companions"] if c["blocks"] > 0}
    if not loaded:
        return None
    if answer is None:
        return Pause("leadership", (*loaded, "decline"))
    if answer == "decline":
        return None
    owner = players[loaded[answer]]
    next(c for c in owner["companions"] if c["id"] == answer)["blocks"] -= 1
    owner["influence"] += 1
    ctx.emit("rune_used", seat=ctx.actor, rune="leadership", card=answer)
    ctx.emit("block_returned", seat=owner["seat"], card=answer, by=ctx.actor)
    return None


# -- the rune of Discipline (VVH-RUNE-6, VIN-DEC-58) ----------------------------------------------
def discipline_ready(data: Data, seat: int, extra_conviction: int = 0) -> bool:
    """The holder may still pay 1 conviction for 1 attribute point this turn."""
    player = data["players"][seat]
    return ("discipline" in player["runes"] and "rune:discipline" not in data["turn"]["used_abilities"]
            and player["conviction"] >= 1 + extra_conviction)


def check_discipline(data: Data, seat: int, kind: str, cost: dict[str, int],
                     extra_conviction: int = 0) -> None:
    """``discipline=K``: K must be part of the payment, the rune held, unused this turn, and the
    conviction there on top of any other conviction the command pays (``extra_conviction``)."""
    player = data["players"][seat]
    if "discipline" not in player["runes"]:
        raise refuse("VVH-RUNE-6", "you do not hold the rune of Discipline")
    if "rune:discipline" in data["turn"]["used_abilities"]:
        raise refuse("VVH-RUNE-6", "the rune of Discipline works once per turn")
    if cost.get(kind, 0) < 1:
        raise refuse("VVH-RUNE-6", f"this payment takes no {kind} to replace")
    if player["conviction"] < 1 + extra_conviction:
        raise refuse("VVH-RUNE-6", f"Discipline costs 1 conviction (on top of {extra_conviction})")


def check_disciplined_proficiency(data: Data, seat: int, kind: str) -> None:
    """``proficiency K discipline=K``: a tile for 2 points of K and 1 conviction."""
    check_discipline(data, seat, kind, {kind: PROFICIENCY_PRICE})
    check_buy_proficiency(data, seat, kind, PROFICIENCY_PRICE - 1)


def buy_disciplined_proficiency(ctx: Ctx, kind: str) -> None:
    check_disciplined_proficiency(ctx.data, ctx.actor, kind)
    use_discipline(ctx, kind)
    buy_proficiency(ctx, kind, PROFICIENCY_PRICE - 1)


def use_discipline(ctx: Ctx, kind: str) -> None:
    """Pay 1 conviction (it moves to influence) in place of 1 point of ``kind``."""
    spend_conviction(ctx, 1, "VVH-RUNE-6")
    ctx.data["turn"]["used_abilities"].append("rune:discipline")
    ctx.emit("rune_used", seat=ctx.actor, rune="discipline", kind=kind)


# -- scoring ------------------------------------------------------------------------------------
def village_scores(data: Data) -> list[int]:
    """VVH-SCORE-1: each holder scores the slots it controls on that board."""
    scores = [0] * len(data["players"])
    for name, state in data.get("settlements", {}).items():
        holder = state["holder"]
        if holder is None:
            continue
        board = settlements()[name]
        scores[holder] += sum(1 for i in range(1, board.slots + 1)
                              if (r := data["regions"][slot_id(name, i)]) and r["controller"] == holder)
    return scores


# -- the module's verbs: visit-action uses and runes (VVH-BUILD, VVH-RUINS, VVH-RUNE) -----------------
def module_commands(data: Data, seat: int) -> list[Command]:
    """Building and digging, the runes used as actions and a proficiency tile paid with Discipline."""
    if "port" not in data:
        return []
    found: list[Command] = []
    player = data["players"][seat]
    if visits_left(data) >= 1:
        for area in isle_areas_touched(data, seat):
            for verb_name, check in (("build", check_build), ("dig", check_dig)):
                try:
                    check(data, seat, area)
                except Refused:
                    continue
                found.append(listed(verb_name, (area,), seat))
    used = data["turn"]["used_abilities"]
    if "ingenuity" in player["runes"] and "rune:ingenuity" not in used and player["potential"]:
        found += [listed("rune", ("ingenuity", c["id"]), seat) for c in player["companions"]]
    if "devotion" in player["runes"] and "rune:devotion" not in used and player["conviction"] >= 2:
        found.append(listed("rune", ("devotion",), seat))
    if discipline_ready(data, seat):                                         # VVH-RUNE-6
        for kind in player["attrs"]:
            try:
                check_disciplined_proficiency(data, seat, kind)
            except Refused:
                continue
            found.append(listed("proficiency", (kind,), seat, (("discipline", kind),)))
    return found


@verb("build", module_commands, groups=one_group(module_commands))
def do_build(ctx: Ctx, cmd: Command) -> None:
    area = arg(cmd, 0, "an Isle area (A1, A2, A3)")
    if visits_left(ctx.data) < 1:
        raise refuse("VIN-TURN-5", "you have used your visit action this turn")
    check_build(ctx.data, ctx.actor, area)
    spend_visit_action(ctx.data)
    ctx.push([{"build_tile": {"area": area}}])


@verb("dig")
def do_dig(ctx: Ctx, cmd: Command) -> None:
    area = arg(cmd, 0, "an Isle area (A1, A2, A3)")
    if visits_left(ctx.data) < 1:
        raise refuse("VIN-TURN-5", "you have used your visit action this turn")
    check_dig(ctx.data, ctx.actor, area)
    spend_visit_action(ctx.data)
    dig(ctx, area)


@verb("rune")
def do_rune(ctx: Ctx, cmd: Command) -> None:
    """VVH-RUNE-3 (ingenuity COMPANION) and VVH-RUNE-4 (devotion): free actions, once per turn."""
    rune = arg(cmd, 0, "a rune: ingenuity or devotion")
    player, turn = ctx.player(), ctx.data["turn"]
    if rune not in ("ingenuity", "devotion"):
        raise refuse("VVH-RUNE-1", f"{rune} is not a rune you use as an action")
    if rune not in player["runes"]:
        raise refuse("VVH-RUNE-1", f"you do not hold the rune of {rune}")
    if f"rune:{rune}" in turn["used_abilities"]:
        raise refuse("VVH-RUNE-3" if rune == "ingenuity" else "VVH-RUNE-4", "once per turn")
    if rune == "ingenuity":
        companion = next((c for c in player["companions"] if len(cmd.args) > 1 and c["id"] == cmd.args[1]), None)
        if companion is None or player["potential"] < 1:
            raise refuse("VVH-RUNE-3", "write rune ingenuity COMPANION, with a block in potential")
        player["potential"] -= 1
        companion["blocks"] += 1
    else:
        spend_conviction(ctx, 2, "VVH-RUNE-4")
        turn["extra"]["visit"] += 1
    turn["used_abilities"].append(f"rune:{rune}")
    ctx.emit("rune_used", seat=ctx.actor, rune=rune)
