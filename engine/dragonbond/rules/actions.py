"""A human's action card resolves its icons (DRG-ACTION, decision points 9.2 #6, #7, #9).

``resolve_card`` (rules/stack.py) queues, for a human's action card: ``card_comes_up`` first when
the owner is a dragon (it may heal instead, DRG-EXEC-3/8), then ``card_icons``, which queues one
``card_icon`` step per icon in printed order (DRG-ACTION-1). Each icon step computes its legal
options from the state when it is reached (DRG-ACTION-2); with none it is skipped with an
``icon_skipped`` event, otherwise it pauses for the owner's seat (DRG-ACTION-3/5) and applies the
answer. Options are plain strings:

- ``move/<origin>/<destination>/<type>.<n>+...[+figure]`` — one adjacent destination; in this
  slice the pieces offered are every non-empty combination of "all units of a type" and the figure;
- ``fly/<r1>/<r2>...`` — one shortest path to each region 1..n steps away (not the origin);
- ``deploy/<type>@<region>``; ``collect/<region>``.
(Command notation allows only letters, digits and ``_ @ / . + -`` in a value.)

Not yet run (skipped with ``icon_skipped``, reason ``not_implemented``): ``attack`` and ``vaala``.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.core.effects import Pause

from ..context import Ctx, refuse, seat_of
from ..setup import UNIT_TYPES
from ..steps import DRG
from ..vocabulary import Icon
from . import movement, power
from .heal import can_execute_icons

IMPLEMENTED = frozenset({"move", "fly", "deploy", "collect"})


def queue_action_card(ctx: Ctx, owner: str, card: str) -> None:
    """DRG-EXEC-3, DRG-ACTION-5: the owner's seat decides every choice of the card."""
    seat = seat_of(ctx.data, owner)
    steps: list[Any] = []
    if ctx.board(owner)["role"] == "dragon":
        steps.append({"card_comes_up": {"owner": owner}})
    steps.append({"card_icons": {"owner": owner, "card": card}})
    ctx.push(*steps, seat=seat)


@DRG.primitive("card_icons", owner=str, card=str)
def card_icons(ctx: Ctx, owner: str, card: str) -> None:
    """DRG-ACTION-1: one step per icon, top to bottom; none when the dragon healed instead."""
    data = ctx.data
    if ctx.ended():
        return
    if ctx.board(owner)["role"] == "dragon" and data.get("card_mode") == "heal":
        ctx.emit("icons_skipped", card=card, owner=owner, reason="healed")
        return
    icons = ctx.content.action_cards[card].icons
    ctx.push(*({"card_icon": {"owner": owner, "card": card, "index": i}} for i in range(len(icons))),
             seat=seat_of(data, owner))


@DRG.primitive("card_icon", owner=str, card=str, index=int)
def card_icon(ctx: Ctx, owner: str, card: str, index: int, answer: Any = None) -> Pause | None:
    """DRG-ACTION-2/3: legal options judged now; skipped when there are none."""
    if ctx.ended():
        return None
    icon = ctx.content.action_cards[card].icons[index]
    if icon.icon not in IMPLEMENTED:
        ctx.emit("icon_skipped", card=card, owner=owner, icon=icon.icon, index=index, reason="not_implemented")
        return None
    if not can_execute_icons(ctx.data, owner):                       # DRG-HEAL-5
        ctx.emit("icon_skipped", card=card, owner=owner, icon=icon.icon, index=index, reason="no_health")
        return None
    options = icon_options(ctx, owner, icon)
    if not options:
        ctx.emit("icon_skipped", card=card, owner=owner, icon=icon.icon, index=index, reason="no_legal_option")
        return None
    if answer is None:
        return Pause(f"icon_{icon.icon}", options)
    apply_icon(ctx, owner, icon, str(answer))
    return None


# --- options -------------------------------------------------------------------------------------

def icon_options(ctx: Ctx, owner: str, icon: Icon) -> tuple[str, ...]:
    """The legal executions of ``icon`` for ``owner`` now, as option strings, in a fixed order."""
    role = ctx.board(owner)["role"]
    if role not in icon.spec.users:                                  # DRG-ACTION-4
        return ()
    if icon.icon == "move":
        return move_options(ctx, owner)
    if icon.icon == "fly":
        return fly_options(ctx, owner, icon.n or 1)
    if icon.icon == "deploy":
        return tuple(f"deploy/{t}@{r}" for t in movement.deploy_types(ctx, owner, icon.type or "any")
                     for r in movement.deploy_regions(ctx, owner))
    if icon.icon == "collect":
        return tuple(f"collect/{r}" for r in power.collect_regions(ctx, owner))
    return ()


def _pieces(units: dict[str, int], figure: bool) -> str:
    parts = [f"{t}.{n}" for t, n in units.items() if n]
    if figure:
        parts.append("figure")
    return "+".join(parts)


def move_options(ctx: Ctx, general: str) -> tuple[str, ...]:
    """DRG-MOVE-1/4/8: origin, adjacent destination, a non-empty group of pieces."""
    data = ctx.data
    closed = movement.storm_active(data)
    figure_at = ctx.board(general)["region"]
    out: list[str] = []
    for origin in movement.move_origins(ctx, general):
        here = movement.units_of(data, origin, general)
        present = [t for t in UNIT_TYPES if here[t]]
        groups: list[str] = []
        for figure in ((False, True) if origin == figure_at else (False,)):
            for k in range(len(present) + 1):
                for chosen in combinations(present, k):
                    if chosen or figure:
                        groups.append(_pieces({t: here[t] for t in chosen}, figure))
        for destination in ctx.content.map.neighbours(origin, mountains_closed=closed):
            out.extend(f"move/{origin}/{destination}/{g}" for g in groups)
    return tuple(out)


def fly_options(ctx: Ctx, dragon: str, n: int) -> tuple[str, ...]:
    """DRG-MOVE-3/8/9: a shortest path to every region 1..n steps away other than the origin."""
    closed = movement.storm_active(ctx.data)
    origin = ctx.board(dragon)["region"]
    paths: dict[str, list[str]] = {origin: []}
    frontier = [origin]
    for _ in range(n):
        nxt: list[str] = []
        for here in frontier:
            for step in ctx.content.map.neighbours(here, mountains_closed=closed):
                if step not in paths:
                    paths[step] = paths[here] + [step]
                    nxt.append(step)
        frontier = nxt
    return tuple("fly/" + "/".join(paths[r]) for r in ctx.content.map.order if r != origin and r in paths)


# --- applying an answer --------------------------------------------------------------------------

def apply_icon(ctx: Ctx, owner: str, icon: Icon, option: str) -> None:
    kind, _, rest = option.partition("/")
    if kind != icon.icon:
        raise refuse("DRG-ACTION-1", f"{option!r} does not execute the icon {icon.icon}")
    if kind == "move":
        origin, destination, group = (rest.split("/") + ["", ""])[:3]
        units: dict[str, int] = {}
        figure = False
        for part in group.split("+"):
            if part == "figure":
                figure = True
            elif part:
                t, _, n = part.partition(".")
                units[t] = int(n)
        movement.move(ctx, owner, origin, destination, units, figure)
    elif kind == "fly":
        movement.fly(ctx, owner, rest.split("/"), icon.n or 1)
    elif kind == "deploy":
        unit_type, _, region = rest.partition("@")
        movement.deploy(ctx, owner, icon.type or "any", unit_type, region)
    elif kind == "collect":
        power.collect(ctx, owner, rest)
