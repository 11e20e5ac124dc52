"""An AI's action card resolves its icons by the AI side of its board (DRG-AI-6, spec 7.8).

``resolve_card`` (rules/stack.py) calls ``queue_ai_card`` (rules/actions.py) for an AI's action
card: ``card_comes_up`` first for a dragon (the heal policy DRG-AI-21 runs there), then
``ai_card_icons``, which queues the shared ``icon`` step per icon in printed order. For an AI owner
that step calls ``run_icon`` here: the behaviour its role's AI board names for that icon
(``content.ai_boards``); when the reading says to skip, or nothing legal is left (DRG-AI-22), it
emits ``icon_skipped``.

Implemented readings: general ``move`` (advance_to_power), ``attack``
(attack_weakest_here_or_adjacent), ``deploy`` (deploy_fewest_type_at_figure), ``collect``/``vaala``
(collect_richest_controlled); dragon ``fly`` (fly_to_objective), ``attack`` (attack_weakest_here),
``collect``/``vaala`` (collect_as_dragon).

Ties (DRG-AI-10, -14, DRG-DEC-37): each reading lists the executions it allows as option strings,
one string per execution as ``execute`` runs it (a human's move and approach are staged decisions
instead, rules/actions.py and rules/attack.py): ``move/<origin>/<dest>/<pieces>``, ``fly/<r1>/...``,
``deploy/<type>@<region>``, ``collect/<region>``, ``attack/<region>/<target>[/<approach>]``
(the full notation of rules/attack.py ``apply``; the AI moves its whole army, 7.8). Every tie left
anywhere in the reading (the army's region, the nearest objectives, the first step or path, the
richest region, the weakest target) shows up as several options; one option is executed at once,
several go to the proxy as the decision ``ai_tie`` (rules/proxy.py), or are drawn at random with
``ai_tie_break: random``. The proxy's choice is the AI's (DRG-AI-12).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from ..context import Ctx
from ..setup import UNIT_TYPES
from ..vocabulary import Icon
from . import attack, movement, power
from .combat import each_target, legal_targets, target_keys
from .control import controller
from .proxy import ask_proxy, finisher


def reading_options(ctx: Ctx, owner: str, icon: Icon) -> tuple[str, ...]:
    """The executions the AI reading of ``icon`` allows now; () when it skips."""
    behaviour = ctx.content.ai_boards[ctx.board(owner)["role"]].reading(icon.icon).behaviour
    if behaviour == "advance_to_power":
        return move_options(ctx, owner)
    if behaviour == "deploy_fewest_type_at_figure":
        return deploy_options(ctx, owner, icon.type or "any")
    if behaviour in ("collect_richest_controlled", "collect_as_dragon"):
        return collect_options(ctx, owner)
    if behaviour == "fly_to_objective":
        return fly_options(ctx, owner, icon.n or 1)
    if behaviour == "attack_weakest_here_or_adjacent":
        return general_attack_options(ctx, owner)
    if behaviour == "attack_weakest_here":
        return dragon_attack_options(ctx, owner)
    return ()


def run_icon(ctx: Ctx, owner: str, icon: Icon) -> bool:
    """Execute ``icon`` by the AI reading (ties to the proxy); False when the reading skips it."""
    options = reading_options(ctx, owner, icon)
    if not options:
        return False
    ask_proxy(ctx, owner, "ai_icon", options)
    return True


@finisher("ai_icon")
def execute(ctx: Ctx, owner: str, option: str) -> None:
    """Carry out one AI execution option (its results are the AI's, DRG-AI-12)."""
    kind, _, rest = option.partition("/")
    if kind == "move":
        origin, destination, group = rest.split("/")
        units = {t: int(n) for t, _, n in (p.partition(".") for p in group.split("+") if p != "figure")}
        movement.move(ctx, owner, origin, destination, units, "figure" in group.split("+"))
    elif kind == "fly":
        path = rest.split("/")
        movement.fly(ctx, owner, path, len(path))
    elif kind == "deploy":
        unit_type, _, region = rest.partition("@")
        movement.deploy(ctx, owner, unit_type, unit_type, region)
    elif kind == "collect":
        power.collect(ctx, owner, rest)
    elif kind == "attack":
        attack.apply(ctx, owner, option)


def _unique(items: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


# --- targets -------------------------------------------------------------------------------------



def target_strengths(ctx: Ctx, me: str, region: str) -> Iterator[int]:
    """Strengths of the legal targets of ``me`` in ``region`` (7.8: never its bonded ally), each
    found when asked for."""
    return (strength for _, _, strength in each_target(ctx, me, region))


def weakest(ctx: Ctx, me: str, region: str) -> list[str]:
    """The keys of the weakest legal targets in ``region`` ("weakest" = lowest strength, 7.8)."""
    targets = legal_targets(ctx, me, region)
    if not targets:
        return []
    low = min(s for _, _, s in targets)
    return [key for key, _, s in targets if s == low]


def _nearest(ctx: Ctx, start: str, candidates: list[str]) -> tuple[str, ...]:
    """DRG-AI-22: the nearest candidates, measured without closed borders; all tied ones."""
    return ctx.content.map.nearest(start, candidates, mountains_closed=movement.storm_active(ctx.data))


def _nearest_where(ctx: Ctx, start: str, candidates: Iterable[str], test: Callable[[str], bool]) -> tuple[str, ...]:
    """``_nearest(ctx, start, [r for r in candidates if test(r)])``, testing the candidates nearest
    first and none farther than the first that pass (the test may be costly)."""
    m = ctx.content.map
    distance = m.distances_from(start, mountains_closed=movement.storm_active(ctx.data))
    rings: dict[int, list[str]] = {}
    for r in candidates:
        if r in distance:                                            # (the unreachable never count)
            rings.setdefault(distance[r], []).append(r)
    for d in sorted(rings):
        found = [r for r in rings[d] if test(r)]
        if found:
            return m.sort_regions(found)
    return ()


def shortest_paths(ctx: Ctx, start: str, goal: str, n: int) -> list[tuple[str, ...]]:
    """Every shortest path from ``start`` toward ``goal`` cut after n steps (the regions entered)."""
    closed = movement.storm_active(ctx.data)
    if start == goal or n <= 0:
        return [()]
    out: list[tuple[str, ...]] = []
    for step in ctx.content.map.first_steps(start, goal, mountains_closed=closed):
        out.extend((step,) + rest for rest in shortest_paths(ctx, step, goal, n - 1))
    return out


# --- general -------------------------------------------------------------------------------------

def army_regions(ctx: Ctx, general: str) -> list[tuple[str, bool]]:
    """7.8: the army's region(s) (several when tied for most units), and whether the figure is
    part of the army."""
    data = ctx.data
    figure = ctx.board(general)["region"]
    if movement.has_units(data, figure, general):
        return [(figure, True)]
    counts = {r: movement.unit_count(data, r, general) for r in ctx.content.map.order}
    most = max(counts.values())
    if most == 0:
        return [(figure, True)]                                      # the figure alone
    return [(r, False) for r in ctx.content.map.order if counts[r] == most]


def _army_pieces(ctx: Ctx, general: str, army: str, with_figure: bool) -> tuple[dict[str, int], bool]:
    units = {t: n for t, n in movement.units_of(ctx.data, army, general).items() if n}
    return units, with_figure and ctx.board(general)["region"] == army


def move_options(ctx: Ctx, general: str) -> tuple[str, ...]:
    """advance_to_power: one step toward the nearest uncontrolled region with power, else toward
    the nearest region with a legal target; none when already on an objective or none exists."""
    data = ctx.data
    closed = movement.storm_active(data)
    order = ctx.content.map.order
    out: list[str] = []
    for army, with_figure in army_regions(ctx, general):
        goals = _nearest_where(ctx, army, [r for r in order if data["regions"][r]["power"] > 0],
                               lambda r: controller(data, r) != general) or _nearest_where(
            ctx, army, order, lambda r: bool(target_keys(data, general, r)))
        if not goals or army in goals:
            continue
        units, figure = _army_pieces(ctx, general, army, with_figure)
        pieces = "+".join([f"{t}.{n}" for t, n in units.items()] + (["figure"] if figure else []))
        if not pieces:
            continue
        for goal in goals:
            out.extend(f"move/{army}/{s}/{pieces}"
                       for s in ctx.content.map.first_steps(army, goal, mountains_closed=closed))
    return _unique(out)


def general_attack_options(ctx: Ctx, general: str) -> tuple[str, ...]:
    """attack_weakest_here_or_adjacent (7.8): the weakest target in the army's region; else, among
    adjacent regions with a legal target, those holding power first, then the weakest target there,
    with the whole army (and the figure if in the army's region) approaching. Skipped for a figure
    alone (no unit on the map)."""
    data = ctx.data
    closed = movement.storm_active(data)
    out: list[str] = []
    for army, with_figure in army_regions(ctx, general):
        units, figure = _army_pieces(ctx, general, army, with_figure)
        if not units:
            continue
        here = weakest(ctx, general, army)
        if here:
            out.extend(f"attack/{army}/{key}" for key in here)
            continue
        near = [r for r in ctx.content.map.neighbours(army, mountains_closed=closed)
                if target_keys(data, general, r)]
        rich = [r for r in near if data["regions"][r]["power"] > 0]
        pool = [(r, key, s) for r in (rich or near) for key, _, s in legal_targets(ctx, general, r)]
        if not pool:
            continue
        low = min(s for _, _, s in pool)
        way = attack.approach_text({army: units}, army if figure else None)
        out.extend(f"attack/{r}/{key}/{way}" for r, key, s in pool if s == low)
    return _unique(out)


def deploy_options(ctx: Ctx, general: str, shown: str) -> tuple[str, ...]:
    """deploy_fewest_type_at_figure: in the figure's region; for `any` the type it has fewest of
    there among those left in its pool (tie: infantry, cavalry, ranged)."""
    types = movement.deploy_types(ctx, general, shown)
    if not types:
        return ()
    region = ctx.board(general)["region"]
    here = movement.units_of(ctx.data, region, general)
    unit_type = min(types, key=lambda t: (here[t], UNIT_TYPES.index(t)))
    return (f"deploy/{unit_type}@{region}",)


def collect_options(ctx: Ctx, owner: str) -> tuple[str, ...]:
    """collect_richest_controlled (general: most tokens, ties to the proxy) and collect_as_dragon
    (DRG-POWER-4)."""
    regions = power.collect_regions(ctx, owner)
    if not regions:
        return ()
    most = max(ctx.data["regions"][r]["power"] for r in regions)
    return tuple(f"collect/{r}" for r in regions if ctx.data["regions"][r]["power"] == most)


# --- dragon --------------------------------------------------------------------------------------

def fly_objectives(ctx: Ctx, dragon: str) -> tuple[str, ...]:
    """fly_to_objective priorities (1) unguarded power, (2) a weaker legal target, (3) any power;
    all tied nearest ones. () when already on a (1) objective. For (2)/(3) the dragon's own region
    is not counted (a fly must end elsewhere, DRG-MOVE-9) — our reading of "toward"."""
    data = ctx.data
    board = ctx.board(dragon)
    origin, ally = board["region"], board["bonded_with"]
    order = ctx.content.map.order

    def unguarded(r: str) -> bool:
        here = data["regions"][r]
        return here["power"] > 0 and here["neutral"] == 0 and not any(
            sum(u.values()) > 0 for who, u in here["units"].items() if who != ally)

    first = _nearest(ctx, origin, [r for r in order if unguarded(r)])
    if origin in first:
        return ()
    if first:
        return first
    strength = max(0, board["health"])
    second = _nearest_where(ctx, origin, [r for r in order if r != origin],
                            lambda r: any(s < strength for s in target_strengths(ctx, dragon, r)))
    if second:
        return second
    return _nearest(ctx, origin, [r for r in order if r != origin and data["regions"][r]["power"] > 0])


def fly_options(ctx: Ctx, dragon: str, n: int) -> tuple[str, ...]:
    """Fly along a shortest path, up to n steps, stopping on the objective; every tied path."""
    origin = ctx.board(dragon)["region"]
    out: list[str] = []
    for goal in fly_objectives(ctx, dragon):
        out.extend("fly/" + "/".join(path) for path in shortest_paths(ctx, origin, goal, n) if path)
    return _unique(out)


def dragon_attack_options(ctx: Ctx, dragon: str) -> tuple[str, ...]:
    """attack_weakest_here (7.8): the weakest legal target in the dragon's region; ties to the proxy."""
    here = ctx.board(dragon)["region"]
    return tuple(f"attack/{here}/{key}" for key in weakest(ctx, dragon, here))
