"""The visit action (VIN-VISIT), with each region's cost checked before anything moves (resting
instead of visiting: `rest`)."""
from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from engine.core import Command, Data, Refused, refuse
from engine.core.sampling import Group, lazily

from ..commands import arg, listed, verb
from ..content import Region, Unit, content
from ..context import Ctx
from ..places import settlement_of
from ..vocabulary import BASIC
from . import abilities
from .cards import card_available
from .control import CONTROL_HONOR, check_control, control_cost, take_control
from .module import (
    check_dice,
    check_discipline,
    check_temple_choice,
    discipline_ready,
    slot_places,
    temple_options,
    use_discipline,
)
from .power import gain_honor
from .proficiency import check_buy_proficiency
from .turn import visits_left


def reachable_spaces(data: Data, seat: int) -> tuple[str, ...]:
    """Places the player's triangle lets them visit: touched main-board regions, the slots of a
    touched village or hamlet (VVH-VILLAGE-3, -6, -7), built Isle areas (VVH-ISLE-3)."""
    triangle = content().triangles.get(data["players"][seat]["token"])
    if triangle is None:
        return ()
    found: list[str] = []
    for place in triangle.touches:
        placed = data["regions"].get(place)
        if placed is not None and content().regions[placed["tile"]].settlement:
            found += slot_places(data, place)
        else:
            found.append(place)
    return tuple(found)


def unit_of(region: Region) -> Unit:
    """The units of a region that has them (the callers ask only of those)."""
    if region.unit is None:
        raise ValueError(f"{region.id} has no units")
    return region.unit


def unit_price(data: Data, seat: int, region: Region, mods: list[Data] | None = None) -> tuple[str, int]:
    """(attribute, points) one unit costs: the printed cost, or a `unit_cost` in force for the
    region (S04, V10: the Command Post at 2 strength); the lowest applies. ``mods``: the seat's
    `unit_cost` modifiers, when the caller has them."""
    cost = unit_of(region).cost[0].params  # every unit region costs one spend_attr
    kind, n = cost["kind"], cost["n"]
    if mods is None:
        mods = abilities.modifiers(data, seat, "unit_cost", "unit_cost")
    for mod in mods:
        if mod["region"] in (region.id, "any") and mod["attr"] == kind:
            n = min(n, mod["n"])
    return kind, n


def unit_effects(data: Data, seat: int, region: Region, units: int) -> list[Any]:
    """The unit effect, once per unit; a `unit_yield` in force (I11: the Shrine returns 3) sets
    each unit's amount, the highest applying."""
    yields = [m["n"] for m in abilities.modifiers(data, seat, "unit_yield", "unit_yield")
              if m["region"] in (region.id, "any")]
    effects = []
    for effect in unit_of(region).effect:
        raw = effect.to_data()
        if yields and isinstance(raw, dict):
            [(name, params)] = raw.items()
            if isinstance(params, dict):
                key = "max" if "max" in params else "n"
                raw = {name: {**params, key: max(yields)}}
            elif isinstance(params, int):
                raw = {name: max(yields)}
        effects.append(raw)
    return effects * units


def unit_limit(data: Data, seat: int, region: Region, unit: tuple[str, int] | None = None) -> int:
    """The most units a player could pay for and use at a unit region (``unit``: its
    `unit_price`, when the caller has it)."""
    player = data["players"][seat]
    kind, price = unit_price(data, seat, region) if unit is None else unit
    most = player["attrs"][kind] // max(1, price)
    if region.id == "command_post":
        most = min(most, 5 - player["mount"])                       # VIN-REGION-3
    if region.id == "monastery":
        most = min(most, 2 * player["potential"] + player["influence"] + most)  # VIN-REGION-5
    return most


class RegionPlan(NamedTuple):
    """What a region's effects ask of a visit, read once from its (immutable) content: the checks
    of every visit look these up instead of walking the region's effects each time."""
    temple: bool                                  # the Temple's choice (VVH-TEMPLE)
    proficiencies: tuple[tuple[str, int], ...]    # each take_proficiency: (kind, cost)
    decks: tuple[str, ...]                        # each gain_card's deck, X for the visit's choice
    hits_required: tuple[int, ...]                # each attr_check's required hits


@cache
def region_plan(region_id: str) -> RegionPlan:
    effects = content().regions[region_id].effect
    return RegionPlan(
        temple=any(e.primitive == "temple" for e in effects),
        proficiencies=tuple((e.params["kind"], e.params["cost"]) for e in effects if e.primitive == "take_proficiency"),
        decks=tuple(e.params["deck"] for e in effects if e.primitive == "gain_card"),
        hits_required=tuple(e.params.get("required", 0) for e in effects if e.primitive == "attr_check"))


def fixed_cost(region: Region, choice: str | None) -> dict[str, int]:
    """The printed cost of ``region`` paid with ``choice``: a new dict the caller may change."""
    return dict(_printed_cost(region.id, choice))


@cache
def _printed_cost(region_id: str, choice: str | None) -> dict[str, int]:
    """`fixed_cost`, read once from the (immutable) content; never handed out, only copied."""
    region = content().regions[region_id]
    cost: dict[str, int] = {}
    for effect in region.cost:
        if effect.primitive == "spend_attr":
            kind = choice if effect.params["kind"] == "X" else effect.params["kind"]
            if kind is None:   # a region paid in X offers a choice, which a visit names first
                raise ValueError(f"{region.id} is paid in the attribute chosen: name the choice")
            cost[kind] = cost.get(kind, 0) + effect.params["n"]
    return cost


def cost_cuts(data: Data, seat: int, region: Region,
              choice: str | None) -> tuple[list[tuple[str, int, Any]], list[str]]:
    """Changes to a region's fixed cost in force for ``seat``: ([(attribute, delta, record)],
    [hooked cards]) (`VisitCosts`)."""
    costs = VisitCosts(data, seat, region)
    return costs.cuts_for(choice), costs.hooked


def visit_cost(data: Data, seat: int, region: Region, choice: str | None) -> dict[str, int]:
    """The fixed cost the visit pays: the printed cost with every cut in force, never below 0."""
    return VisitCosts(data, seat, region).fixed(choice)


class VisitCosts:
    """What visiting ``region`` costs ``seat`` now, read once for every option of the visit: the
    cuts in force and the price of one unit.

    Cuts are the turn's `cost_mod`s (S03) and held passives; a triggered `visit(region)` cost_mod
    (W04) is applied here, when the cost is computed, and spent by the visit that relies on it
    (see `abilities.WHEN_NEEDED`). A cut of the ``chosen_basic`` attribute takes the visit's choice."""

    __slots__ = ("region", "cuts", "hooked", "unit")

    def __init__(self, data: Data, seat: int, region: Region, mods: list[Data] | None = None,
                 hookable: bool = True, unit_mods: list[Data] | None = None) -> None:
        """``mods``: the seat's `cost_mod` modifiers (any region), when the caller has them;
        ``hookable`` False: the caller knows the seat holds no card with a `visit` cost_mod;
        ``unit_mods``: the seat's `unit_cost` modifiers, when the caller has them."""
        self.region = region
        here = (region.id, "any")
        if mods is None:
            mods = abilities.modifiers(data, seat, "cost_mod", "cost")
        self.cuts: list[tuple[str | None, int, Any]] = [(m["attr"], m["delta"], m) for m in mods
                                                        if m["region"] in here]
        self.hooked: list[str] = []
        for card_id, p in abilities.hooks(data, seat, "visit", "cost_mod", region.id) if hookable else ():
            if p["region"] in here:
                self.cuts.append((p["kind"], p["delta"], None))
                self.hooked.append(card_id)
        self.unit = unit_price(data, seat, region, unit_mods) if region.unit is not None else None

    def cuts_for(self, choice: str | None) -> list[tuple[str, int, Any]]:
        """(attribute, delta, record) of every cut that applies with ``choice``."""
        found = []
        for kind, delta, record in self.cuts:
            if kind == "chosen_basic":
                kind = choice if choice in BASIC else None
            if kind is not None:
                found.append((kind, delta, record))
        return found

    def fixed(self, choice: str | None) -> dict[str, int]:
        """The fixed cost the visit pays: the printed cost with every cut, never below 0."""
        cost = fixed_cost(self.region, choice)
        for kind, delta, _ in self.cuts_for(choice):
            if kind in cost:
                cost[kind] = max(0, cost[kind] + delta)
        return cost

    def payment(self, units: int, choice: str | None) -> dict[str, int]:
        """The attribute points a visit pays: its fixed cost with every cut, plus its units."""
        cost = self.fixed(choice)
        if self.unit is not None and units > 0:
            kind, n = self.unit
            cost[kind] = cost.get(kind, 0) + n * units
        return cost


def check_visit(data: Data, seat: int, space: str, units: int, choice: str | None, control_first: bool,
                discipline: str | None = None) -> Region:
    """Everything VIN-VISIT and the region require, checked before any block moves; ``discipline``
    names the attribute one point of which the rune of Discipline pays with conviction (VVH-RUNE-6)."""
    region = visit_place(data, seat, space)
    check_declared(region, units, choice)
    check_region_needs(data, seat, region)
    check_visit_options(data, seat, space, region, units, choice, control_first, discipline,
                        VisitCosts(data, seat, region))
    return region


# The checks of a visit in four parts, so that listing runs the ones every option of a visit shares
# once per place (`visit_place`, `check_region_needs`) and only the rest once per option.
def visit_place(data: Data, seat: int, space: str, reachable: tuple[str, ...] | None = None) -> Region:
    """The region at ``space``, if the player may visit there now with some option; ``reachable``:
    `reachable_spaces`, when the caller has it."""
    if visits_left(data) < 1:
        raise refuse("VIN-TURN-5", "you have used your visit action this turn")
    if space not in data["regions"]:
        raise refuse("VIN-VISIT-4", f"{space} is not a region space")
    placed = data["regions"][space]
    if placed is not None and content().regions[placed["tile"]].settlement:
        raise refuse("VVH-VILLAGE-4", f"visit one of the slots of {placed['tile']}, e.g. {placed['tile']}/1")
    if settlement_of(space) is not None and placed is None:
        raise refuse("VVH-VILLAGE-7", f"{space} is an empty slot")
    if space not in (reachable_spaces(data, seat) if reachable is None else reachable):
        rule = "VVH-VILLAGE-6" if settlement_of(space) else "VIN-VISIT-4"
        raise refuse(rule, f"{space} does not touch your triangle")
    if placed is None:
        rule = "VVH-ISLE-4" if space in content().isle.regions else "VIN-VISIT-4"
        raise refuse(rule, f"{space} is still empty")
    lock = data["turn"]["control_lock"]
    if lock is not None and lock != space:
        raise refuse("VIN-VISIT-9", f"you took control of {lock} this turn, so you cannot visit another region")
    return content().regions[placed["tile"]]


def check_declared(region: Region, units: int, choice: str | None) -> None:
    """Units and a choice are declared only where the region has them."""
    if units and region.unit is None:
        raise refuse("VIN-VISIT-6", f"{region.name.en} has no units to declare")
    if choice is not None and not region.choice and not region_plan(region.id).temple:
        raise refuse("VIN-VISIT-1", f"{region.name.en} offers no choice")


def check_region_needs(data: Data, seat: int, region: Region) -> None:
    """What the region asks of the visitor whatever the options: a companion, a mount below 5,
    enough check dice."""
    player = data["players"][seat]
    if "companions_at_least_1" in region.requires and not player["companions"]:
        raise refuse("VIN-MONSTER-1", "the Gaping Maw needs a companion to face the monster")
    if "mount_below_5" in region.requires and player["mount"] >= 5:
        raise refuse("VVH-REGION-6", "your mount is already rank 5")
    for required in region_plan(region.id).hits_required:
        if required > len(check_dice(data, seat)):
            raise refuse("VVH-CHECK-4", f"{region.name.en} needs {required} hits and you roll "
                                        f"{len(check_dice(data, seat))} dice")


def check_visit_options(data: Data, seat: int, space: str, region: Region, units: int, choice: str | None,
                        control_first: bool, discipline: str | None, costs: VisitCosts,
                        payment: dict[str, int] | None = None) -> None:
    """The checks that depend on the visit's options: the choice, the units, the payment, the card
    gained, taking control first. ``payment``: `costs.payment(units, choice)`, when the caller has
    it (not changed here)."""
    player = data["players"][seat]
    plan = region_plan(region.id)
    if plan.temple:
        check_temple_choice(data, seat, choice)                         # VVH-TEMPLE-1..3
    if region.choice and choice not in region.choice:
        raise refuse("VIN-REGION-12", f"choose one of {', '.join(region.choice)} (choice=…)")
    for kind, price in plan.proficiencies:  # the Guildhouse's tile is a purchase (VVH-REGION-10)
        if kind == "X" or kind in player["attrs"]:
            check_buy_proficiency(data, seat, str(choice if kind == "X" else kind), price)
    if region.unit is not None:
        if units < 1:
            raise refuse("VIN-VISIT-6", "declare at least one unit (units=…)")
        if region.id == "command_post" and player["mount"] + units > 5:
            raise refuse("VIN-REGION-3", "mounts go up to rank 5")
        if region.id == "monastery" and units > 2 * player["potential"] + player["influence"] + units:
            raise refuse("VIN-REGION-5", "you cannot make that many augments")
    if payment is None:
        payment = costs.payment(units, choice)
    if discipline is not None:                                          # VVH-RUNE-6
        extra = control_cost(data, seat, space) if control_first else 0
        check_discipline(data, seat, discipline, payment, extra)
        payment = {**payment, discipline: payment[discipline] - 1}
    for kind, n in payment.items():
        if player["attrs"][kind] < n:
            raise refuse("VIN-VISIT-4", f"{region.name.en} costs {n} {kind}; you have {player['attrs'][kind]}")
    for printed in plan.decks:
        deck = printed.replace("X", choice or "")
        if not card_available(data, deck):
            raise refuse("VIN-CARD-6", f"no card is left to gain from {deck}")
    if control_first:
        check_control(data, seat, space, visiting_now=True)


def visit(ctx: Ctx, space: str, units: int, choice: str | None, control_first: bool,
          discipline: str | None = None) -> None:
    data, seat = ctx.data, ctx.actor
    region = check_visit(data, seat, space, units, choice, control_first, discipline)
    data["turn"]["used"]["visit"] += 1
    data["turn"]["visited"].append(space)
    if control_first:
        take_control(ctx, space)                                   # VIN-CONTROL-10
    ctx.emit("region_visited", seat=seat, space=space, tile=region.id, units=units)
    cuts, hooked = cost_cuts(data, seat, region, choice)
    relief = {discipline: 1} if discipline else {}
    if discipline:
        use_discipline(ctx, discipline)                           # 1 conviction for 1 point
    for kind, n in visit_cost(data, seat, region, choice).items():
        if n and relief.pop(kind, 0):
            n -= 1
        data["players"][seat]["attrs"][kind] -= n
        data["players"][seat]["influence"] += n
    for _, _, mod in cuts:                            # `visit`-long cuts are used up by this visit
        if mod is not None and mod.get("duration") == "visit" and mod in data["turn"]["mods"]:
            data["turn"]["mods"].remove(mod)
    abilities.spend_hooks(ctx, hooked)                # W04 relied on
    effects = [e.to_data() for e in region.effect]
    if region.unit is not None:
        kind, n = unit_price(data, seat, region)
        paid = n * units - relief.pop(kind, 0)
        data["players"][seat]["attrs"][kind] -= paid
        data["players"][seat]["influence"] += paid
        effects = unit_effects(data, seat, region, units)
        for mod in abilities.turn_mods(data, seat, "unit_cost"):
            if mod.get("duration") == "visit" and mod["region"] in (region.id, "any"):
                data["turn"]["mods"].remove(mod)
    controller = data["regions"][space]["controller"]
    if controller is not None and controller != seat:                # VIN-VISIT-7, -11
        bonus = abilities.visit_honor_bonus(data, controller)         # I02
        gain_honor(ctx, CONTROL_HONOR + bonus, f"{space} visited", seat=controller)
        abilities.fire(ctx, "visited_by_other", seats=[controller])
    meta: dict[str, Any] = {"seat": seat, "space": space, "tile": region.id}
    if choice:
        meta["choice"] = choice
    if ("benevolence" in data["players"][seat]["runes"] and data["regions"][space]["controller"] == seat
            and space not in data["turn"]["controlled"]):
        effects = effects + [{"augment": {"max": 1}}]                # VVH-RUNE-2
    # the visit's own trigger (K09, W09) once its effect has resolved (VIN-VISIT-10)
    ctx.push(effects + [{"fire_event": {"event": "visit", "args": [region.id]}}], **meta)


def affordable(attrs: Data, payment: dict[str, int], discipline: str | None) -> bool:
    """Whether ``attrs`` cover ``payment``, one point of ``discipline`` paid with conviction: a
    condition `check_visit_options` refuses without (VIN-VISIT-4, VVH-RUNE-6)."""
    for kind, n in payment.items():
        if attrs[kind] < n - (kind == discipline):
            return False
    return True


def visit_commands(data: Data, seat: int) -> list[Command]:
    """Every visit the player could make now (used to list legal commands)."""
    return [_visit(seat, found) for found in legal_visits(data, seat)]


def visit_groups(data: Data, seat: int) -> list[Group]:
    """`visit_commands` as one group (`engine.core.sampling`), a command made only when drawn."""
    found = legal_visits(data, seat)
    return [lazily(found, 1.0, lambda visit: _visit(seat, visit))] if found else []


def _visit(seat: int, visit: tuple[str, tuple[tuple[str, Any], ...]]) -> Command:
    space, options = visit
    return listed("visit", (space,), seat, options)


def legal_visits(data: Data, seat: int) -> list[tuple[str, tuple[tuple[str, Any], ...]]]:
    """(space, options) of every visit the player could make now: the checks every option of a
    place shares, and the cost, once per place; the rest of `check_visit` once per option."""
    found: list[tuple[str, tuple[tuple[str, Any], ...]]] = []
    if visits_left(data) < 1:
        return found
    reachable = reachable_spaces(data, seat)
    ready = discipline_ready(data, seat)        # Discipline may pay for one more point
    mods = abilities.modifiers(data, seat, "cost_mod", "cost")   # every place's cost reads them
    attrs = data["players"][seat]["attrs"]
    hookable = not abilities.hook_cards("visit", "cost_mod").isdisjoint(abilities.tableau_cards(data["players"][seat]))
    unit_mods: list[Data] | None = None         # the unit regions' price reads them: once, when first needed
    for space in reachable:
        placed = data["regions"][space]
        if placed is None:
            continue
        try:
            region = visit_place(data, seat, space, reachable)
            check_region_needs(data, seat, region)
        except Refused:  # no option makes this visit legal
            continue
        if region.unit is not None and unit_mods is None:
            unit_mods = abilities.modifiers(data, seat, "unit_cost", "unit_cost")
        costs = VisitCosts(data, seat, region, mods, hookable, unit_mods)
        choices: tuple[str | None, ...] = region.choice or (None,)
        if region_plan(region.id).temple:
            choices = (None, *temple_options(data, seat))   # asked during the visit, or named up front
        unit_counts = range(1, unit_limit(data, seat, region, costs.unit) + 1 + ready) if region.unit else (0,)
        # a cheap necessary condition first: most places cannot be taken over right now
        firsts = (False, True) if (region.controllable and placed["controller"] != seat
                                   and data["players"][seat]["conviction"] >= 1) else (False,)
        for choice in choices:
            paid = sorted(costs.payment(1, choice)) if ready else []
            for units in unit_counts:
                payment = costs.payment(units, choice)
                for control_first in firsts:
                    for discipline in (None, *paid):
                        if not affordable(attrs, payment, discipline):
                            continue   # the usual refusal (VIN-VISIT-4), tested first without raising
                        try:
                            check_declared(region, units, choice)
                            check_visit_options(data, seat, space, region, units, choice, control_first,
                                                discipline, costs, payment)
                        except Refused:  # only legal combinations are listed
                            continue
                        options: dict[str, Any] = {}   # by name, the order a command keeps
                        if choice:
                            options["choice"] = choice
                        if control_first:
                            options["control_first"] = 1
                        if discipline:
                            options["discipline"] = discipline
                        if units:
                            options["units"] = units
                        found.append((space, tuple(options.items())))
    return found


@verb("visit", visit_commands, groups=visit_groups)
def do_visit(ctx: Ctx, cmd: Command) -> None:
    units, choice, first = cmd.get("units", 0), cmd.get("choice"), cmd.get("control_first", 0)
    discipline = cmd.get("discipline")
    if not isinstance(units, int) or first not in (0, 1) or (choice is not None and not isinstance(choice, str)):
        raise refuse("VIN-VISIT-6", "visit SPACE [units=N] [choice=S|K|I] [control_first=1]")
    if discipline is not None and not isinstance(discipline, str):
        raise refuse("VVH-RUNE-6", "discipline=K names the attribute one conviction pays for")
    visit(ctx, arg(cmd, 0, "a region space"), units, choice, bool(first), discipline)
