"""Dragon healing (DRG-HEAL, DRG-DEC-29; the AI's policy DRG-AI-21).

When a dragon's action card comes up, its health decides (DRG-HEAL-7): at 0 the card heals
`heal_at_zero_amount` automatically and no icon resolves (DRG-HEAL-3); damaged but alive, the owner
may heal `heal_instead_amount` instead of executing (DRG-HEAL-1), a paused decision for a human
(step ``card_comes_up``: answer "execute" or "heal"); at full health it executes (DRG-HEAL-2).
Either way the card then returns to its owner as usual (DRG-HEAL-6: the stack's ``finish_card``).
The step leaves ``data["card_mode"]`` as "execute" or "heal" for the card's resolution to read.
"""
from __future__ import annotations

from typing import Any

from engine.core import Data, refuse
from engine.core.effects import Pause

from ..context import Ctx, is_ai
from ..effects import DRG


def health_max(ctx: Ctx, dragon: str) -> int:
    most = ctx.content.characters[dragon].health_max
    if most is None:
        raise ValueError(f"{dragon} is a general: it has no health")
    return most


def heal(ctx: Ctx, dragon: str, n: int) -> int:
    """DRG-HEAL-4: health + n, never above health_max (the rest is lost); returns the health gained."""
    board = ctx.board(dragon)
    gained = max(0, min(n, health_max(ctx, dragon) - board["health"]))
    board["health"] += gained
    ctx.emit("dragon_healed", character=dragon, n=gained, health=board["health"])
    return gained


def can_execute_icons(data: Data, character: str) -> bool:
    """DRG-HEAL-5, DRG-EVENT-5: a dragon at 0 health executes no icon from any source."""
    board = data["boards"][character]
    return board["role"] != "dragon" or board["health"] > 0


def may_heal_instead(ctx: Ctx, dragon: str) -> bool:
    """DRG-HEAL-1/2: a dragon with health at least 1 and below its maximum."""
    board = ctx.board(dragon)
    return board["role"] == "dragon" and 1 <= board["health"] < health_max(ctx, dragon)


def declare_heal(ctx: Ctx, dragon: str) -> int:
    """DRG-HEAL-1: heal instead of executing; refused at full health (DRG-HEAL-2) or at 0 (the
    heal there is automatic, DRG-HEAL-3)."""
    board = ctx.board(dragon)
    if board["role"] != "dragon":
        raise refuse("DRG-HEAL-1", f"{dragon} is not a dragon")
    if board["health"] >= health_max(ctx, dragon):
        raise refuse("DRG-HEAL-2", f"{dragon} is at full health and must execute the card")
    if board["health"] <= 0:
        raise refuse("DRG-HEAL-3", f"{dragon} at 0 health heals automatically")
    return heal(ctx, dragon, ctx.content.params.heal_instead_amount)


def ai_heals(ctx: Ctx, dragon: str) -> bool:
    """DRG-AI-21: an AI dragon heals instead when its health is not above floor(max/2)."""
    return ctx.board(dragon)["health"] <= health_max(ctx, dragon) // 2


@DRG.primitive("card_comes_up", owner=str)
def card_comes_up(ctx: Ctx, owner: str, answer: Any = None) -> Pause | None:
    """DRG-HEAL-1/2/3/7, DRG-EXEC-8: health is checked as the owner's action card comes up."""
    data = ctx.data
    board = ctx.board(owner)
    mode = "execute"
    if board["role"] == "dragon" and board["health"] <= 0:               # DRG-HEAL-3
        heal(ctx, owner, ctx.content.params.heal_at_zero_amount)
        mode = "heal"
    elif may_heal_instead(ctx, owner):
        if is_ai(data, owner):
            mode = "heal" if ai_heals(ctx, owner) else "execute"
        elif answer is None:
            return Pause("heal_or_execute", ("execute", "heal"))
        else:
            mode = str(answer)
        if mode == "heal":
            declare_heal(ctx, owner)
    data["card_mode"] = mode
    ctx.emit("card_mode", owner=owner, mode=mode)
    return None
