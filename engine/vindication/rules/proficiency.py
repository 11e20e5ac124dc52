"""Buying a proficiency tile (VIN-PROFICIENCY-1..5): the free action, K12's `take_proficiency`,
a visit that offers one and the rune of Discipline all buy through these."""
from __future__ import annotations

from engine.core import Data, refuse

from ..context import Ctx

PROFICIENCY_PRICE = 3


def check_buy_proficiency(data: Data, seat: int, kind: str, price: int = PROFICIENCY_PRICE) -> None:
    player = data["players"][seat]
    if kind not in player["attrs"]:
        raise refuse("VIN-PROFICIENCY-1", f"{kind} is not an attribute")
    fixed = data["turn"]["proficiency_kind"]
    if fixed is not None and fixed != kind:
        raise refuse("VIN-PROFICIENCY-3", f"you bought {fixed} proficiency this turn; only {fixed} again")
    if data["proficiency_supply"][kind] < 1:
        raise refuse("VIN-PROFICIENCY-2", f"no {kind} proficiency tile is left")
    if player["attrs"][kind] < price:
        raise refuse("VIN-PROFICIENCY-1", f"a proficiency tile costs {price} {kind}")


def buy_proficiency(ctx: Ctx, kind: str, price: int = PROFICIENCY_PRICE) -> None:
    check_buy_proficiency(ctx.data, ctx.actor, kind, price)
    player = ctx.player()
    player["attrs"][kind] -= price
    player["influence"] += price
    player["proficiencies"][kind] += 1
    ctx.data["proficiency_supply"][kind] -= 1
    ctx.data["turn"]["proficiency_kind"] = kind
    ctx.emit("proficiency_changed", seat=ctx.actor, kind=kind, delta=1)
