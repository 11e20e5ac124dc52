"""An AI's action card resolves its icons by the AI side of its board (DRG-AI-6, spec 7.8).

``resolve_card`` (rules/stack.py) calls ``queue_ai_card`` for an AI's action card: ``card_comes_up``
first for a dragon (the heal policy DRG-AI-21 runs there), then ``ai_card_icons``, which queues one
``ai_icon`` step per icon in printed order. Each ``ai_icon`` runs the behaviour its role's AI board
names for that icon (``content.ai_boards``) with no decision asked of anyone; when the reading says
to skip, or nothing legal is left (DRG-AI-22), it emits ``icon_skipped``.

Implemented readings: general ``move`` (advance_to_power), ``deploy`` (deploy_fewest_type_at_figure),
``collect``/``vaala`` (collect_richest_controlled); dragon ``fly`` (fly_to_objective),
``collect``/``vaala`` (collect_as_dragon). ``attack`` is skipped (``not_implemented``), like a human's.

Simplified: every tie the AI rules leave open goes, by DRG-AI-10, to the proxy (the bonded human
ally, else the first player), or at random with ``ai_tie_break: random`` (DRG-AI-14). For now the
engine decides it deterministically instead: the first tied option in map order (regions; for paths
and first steps, the map order of ``board.first_steps``) — no ``ai_tie`` decision is asked yet.
"""
from __future__ import annotations

from engine.core import Data

from ..context import Ctx
from ..setup import UNIT_TYPES
from ..steps import DRG
from ..vocabulary import Icon
from . import movement, power
from .combat import general_strength
from .control import controller
from .heal import can_execute_icons

IMPLEMENTED = frozenset({"move", "fly", "deploy", "collect", "vaala"})


def queue_ai_card(ctx: Ctx, owner: str, card: str) -> None:
    """DRG-AI-6: the card is executed icon by icon; a dragon's heal policy runs first (DRG-AI-21)."""
    steps: list[object] = []
    if ctx.board(owner)["role"] == "dragon":
        steps.append({"card_comes_up": {"owner": owner}})
    steps.append({"ai_card_icons": {"owner": owner, "card": card}})
    ctx.push(*steps)


@DRG.primitive("ai_card_icons", owner=str, card=str)
def ai_card_icons(ctx: Ctx, owner: str, card: str) -> None:
    if ctx.ended():
        return
    if ctx.board(owner)["role"] == "dragon" and ctx.data.get("card_mode") == "heal":
        ctx.emit("icons_skipped", card=card, owner=owner, reason="healed")
        return
    icons = ctx.content.action_cards[card].icons
    ctx.push(*({"ai_icon": {"owner": owner, "card": card, "index": i}} for i in range(len(icons))))


@DRG.primitive("ai_icon", owner=str, card=str, index=int)
def ai_icon(ctx: Ctx, owner: str, card: str, index: int) -> None:
    """DRG-AI-6/16/22: run the AI reading of one icon; skipped when it says so or nothing is legal."""
    if ctx.ended():
        return
    icon = ctx.content.action_cards[card].icons[index]

    def skip(reason: str) -> None:
        ctx.emit("icon_skipped", card=card, owner=owner, icon=icon.icon, index=index, reason=reason)

    if icon.icon not in IMPLEMENTED:
        return skip("not_implemented")
    if not can_execute_icons(ctx.data, owner):                        # DRG-HEAL-5
        return skip("no_health")
    role = ctx.board(owner)["role"]
    if role not in icon.spec.users:                                   # DRG-ACTION-4
        return skip("no_legal_option")
    if not run_icon(ctx, owner, icon):
        return skip("no_legal_option")
    return None


def run_icon(ctx: Ctx, owner: str, icon: Icon) -> bool:
    """Execute ``icon`` by the AI reading; False when the reading skips it."""
    behaviour = ctx.content.ai_boards[ctx.board(owner)["role"]].reading(icon.icon).behaviour
    if behaviour == "advance_to_power":
        return ai_move(ctx, owner)
    if behaviour == "deploy_fewest_type_at_figure":
        return ai_deploy(ctx, owner, icon.type or "any")
    if behaviour in ("collect_richest_controlled", "collect_as_dragon"):
        return ai_collect(ctx, owner)
    if behaviour == "fly_to_objective":
        return ai_fly(ctx, owner, icon.n or 1)
    return False


# --- targets -------------------------------------------------------------------------------------

def _present(data: Data, region: str, who: str) -> bool:
    units = data["regions"][region]["units"].get(who, {})
    return data["boards"][who]["region"] == region or sum(units.values()) > 0


def target_strengths(ctx: Ctx, me: str, region: str) -> list[int]:
    """Strengths of the legal targets of ``me`` in ``region`` (7.8: never its bonded ally)."""
    data = ctx.data
    ally = ctx.board(me)["bonded_with"]
    out: list[int] = []
    if data["regions"][region]["neutral"] > 0:
        out.append(data["regions"][region]["neutral"])
    for who, board in data["boards"].items():
        if who in (me, ally) or not _present(data, region, who):
            continue
        if board["role"] == "dragon":
            out.append(max(0, board["health"]))
        else:
            out.append(general_strength(data, who, region, ctx.content.params.strength))
    return out


def _nearest(ctx: Ctx, start: str, candidates: list[str]) -> str | None:
    """DRG-AI-22: measured without closed borders. Tie → first in map order (proxy simplified)."""
    found = ctx.content.map.nearest(start, candidates, mountains_closed=movement.storm_active(ctx.data))
    return found[0] if found else None


# --- general -------------------------------------------------------------------------------------

def army_region(ctx: Ctx, general: str) -> tuple[str, bool]:
    """7.8: the army's region, and whether the figure is part of the army."""
    data = ctx.data
    figure = ctx.board(general)["region"]
    if any(movement.units_of(data, figure, general).values()):
        return figure, True
    counts = {r: sum(movement.units_of(data, r, general).values()) for r in ctx.content.map.order}
    most = max(counts.values())
    if most == 0:
        return figure, True                                          # the figure alone
    return next(r for r in ctx.content.map.order if counts[r] == most), False   # tie → map order


def ai_move(ctx: Ctx, general: str) -> bool:
    """advance_to_power: one step toward the nearest uncontrolled region with power, else toward
    the nearest region with a legal target; skip when already on an objective or none exists."""
    data = ctx.data
    closed = movement.storm_active(data)
    army, with_figure = army_region(ctx, general)
    order = ctx.content.map.order
    objectives = [r for r in order if data["regions"][r]["power"] > 0 and controller(data, r) != general]
    goal = _nearest(ctx, army, objectives)
    if goal is None:
        goal = _nearest(ctx, army, [r for r in order if target_strengths(ctx, general, r)])
    if goal is None or goal == army:
        return False
    steps = ctx.content.map.first_steps(army, goal, mountains_closed=closed)
    if not steps:
        return False
    units = movement.units_of(data, army, general)
    figure = with_figure and ctx.board(general)["region"] == army
    movement.move(ctx, general, army, steps[0], units, figure)
    return True


def ai_deploy(ctx: Ctx, general: str, shown: str) -> bool:
    """deploy_fewest_type_at_figure: in the figure's region; for `any` the type it has fewest of
    there among those left in its pool (tie: infantry, cavalry, ranged)."""
    types = movement.deploy_types(ctx, general, shown)
    if not types:
        return False
    region = ctx.board(general)["region"]
    here = movement.units_of(ctx.data, region, general)
    unit_type = min(types, key=lambda t: (here[t], UNIT_TYPES.index(t)))
    movement.deploy(ctx, general, shown, unit_type, region)
    return True


def ai_collect(ctx: Ctx, owner: str) -> bool:
    """collect_richest_controlled (general: most tokens; tie → map order, proxy simplified) and
    collect_as_dragon (DRG-POWER-4)."""
    regions = power.collect_regions(ctx, owner)
    if not regions:
        return False
    most = max(ctx.data["regions"][r]["power"] for r in regions)
    power.collect(ctx, owner, next(r for r in regions if ctx.data["regions"][r]["power"] == most))
    return True


# --- dragon --------------------------------------------------------------------------------------

def fly_objective(ctx: Ctx, dragon: str) -> str | None:
    """fly_to_objective priorities (1) unguarded power, (2) a weaker legal target, (3) any power.
    None when already on a (1) objective. For (2)/(3) the dragon's own region is not counted (a fly
    must end elsewhere, DRG-MOVE-9) — our reading of "toward"."""
    data = ctx.data
    board = ctx.board(dragon)
    origin, ally = board["region"], board["bonded_with"]
    order = ctx.content.map.order

    def unguarded(r: str) -> bool:
        here = data["regions"][r]
        return here["power"] > 0 and here["neutral"] == 0 and not any(
            sum(u.values()) > 0 for who, u in here["units"].items() if who != ally)

    first = _nearest(ctx, origin, [r for r in order if unguarded(r)])
    if first == origin:
        return None
    if first is not None:
        return first
    strength = max(0, board["health"])
    weaker = [r for r in order if r != origin and any(s < strength for s in target_strengths(ctx, dragon, r))]
    second = _nearest(ctx, origin, weaker)
    if second is not None:
        return second
    return _nearest(ctx, origin, [r for r in order if r != origin and data["regions"][r]["power"] > 0])


def ai_fly(ctx: Ctx, dragon: str, n: int) -> bool:
    """Fly along a shortest path (ties: map order), up to n steps, stopping on the objective."""
    goal = fly_objective(ctx, dragon)
    if goal is None:
        return False
    path = ctx.content.map.shortest_path(ctx.board(dragon)["region"], goal,
                                         mountains_closed=movement.storm_active(ctx.data))
    if not path or len(path) < 2:
        return False
    movement.fly(ctx, dragon, list(path[1:n + 1]), n)
    return True
