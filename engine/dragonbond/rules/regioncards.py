"""Region cards (DRG-REGIONCARD), their icons ``reinforce``, ``upgrade`` (DRG-UPGRADE) and
``build_city`` (DRG-CITY-1/2).

When a region card resolves (rules/stack.py), its placer — always a human general (DRG-REGIONCARD-2,
DRG-DEC-18) — executes its three icons in printed order on the card's region, whether or not it
still controls that region (DRG-REGIONCARD-3, DRG-DEC-17). Each icon is the step ``region_icon``:
its legal executions are judged when it is reached (DRG-REGIONCARD-4, DRG-DEC-13); with none it is
skipped (event ``icon_skipped``). Decisions, asked of the placer's seat:

- ``icon_reinforce`` — options ``reinforce/<type>``: the unit types the pool still has that the
  icon allows (mandatory, DRG-REGIONCARD-5);
- ``icon_upgrade`` — options ``upgrade/<card>`` for each market card, and ``decline`` (optional,
  DRG-UPGRADE-2/3);
- ``build_city`` has at most one legal execution (the card's region), so it runs without a
  decision (DRG-CITY-1); the region's ``city`` then holds the owner's name.

After the card, the stack routes it (DRG-REGIONCARD-6, rules/stack.py ``route_region_card``).
"""
from __future__ import annotations

from typing import Any

from engine.core import refuse
from engine.core.effects import Pause

from ..context import ANSWER_RULES, Ctx, seat_of
from ..effects import DRG
from ..setup import UNIT_TYPES
from ..vocabulary import Icon
from . import upgrades

ANSWER_RULES.update({"icon_reinforce": "DRG-REGIONCARD-5", "icon_upgrade": "DRG-UPGRADE-2"})


def queue_region_card(ctx: Ctx, owner: str, card: str) -> None:
    """DRG-EXEC-4, DRG-REGIONCARD-3/4: one ``region_icon`` step per icon, top to bottom, decided by
    the placer's seat."""
    icons = ctx.content.region_cards[card].icons
    ctx.push(*({"region_icon": {"owner": owner, "card": card, "index": i}} for i in range(len(icons))),
             seat=seat_of(ctx.data, owner))


@DRG.primitive("region_icon", owner=str, card=str, index=int)
def region_icon(ctx: Ctx, owner: str, card: str, index: int, answer: Any = None) -> Pause | None:
    """DRG-REGIONCARD-4: legality judged on reaching the icon; skipped when it has none."""
    if ctx.ended():
        return None
    icon = ctx.content.region_cards[card].icons[index]
    region = ctx.content.region_cards[card].region
    options = icon_options(ctx, owner, icon, region)
    if not options:
        ctx.emit("icon_skipped", card=card, owner=owner, icon=icon.icon, index=index, reason="no_legal_option")
        return None
    if icon.icon == "build_city":
        build_city(ctx, owner, region)
        return None
    if answer is None:
        return Pause(f"icon_{icon.icon}", options + (("decline",) if icon.optional else ()))
    apply_icon(ctx, owner, icon, region, str(answer))
    return None


def icon_options(ctx: Ctx, owner: str, icon: Icon, region: str) -> tuple[str, ...]:
    """The legal executions of a region-card icon for ``owner`` on ``region`` now."""
    if ctx.board(owner)["role"] != "general":                      # DRG-UNIT-6
        return ()
    if icon.icon == "reinforce":
        return tuple(f"reinforce/{t}" for t in reinforce_types(ctx, owner, icon.type or "any"))
    if icon.icon == "upgrade":
        return upgrades.upgrade_options(ctx, owner)
    if icon.icon == "build_city":
        return (f"build_city/{region}",) if can_build_city(ctx, region) else ()
    return ()


def apply_icon(ctx: Ctx, owner: str, icon: Icon, region: str, option: str) -> None:
    kind, _, rest = option.partition("/")
    if option == "decline" and icon.optional:
        ctx.emit("icon_declined", owner=owner, icon=icon.icon)      # DRG-UPGRADE-2: optional
        return
    if kind != icon.icon:
        raise refuse("DRG-REGIONCARD-4", f"{option!r} does not execute the icon {icon.icon}")
    if kind == "reinforce":
        reinforce(ctx, owner, icon.type or "any", rest, region)
    elif kind == "upgrade":
        upgrades.take(ctx, owner, rest)


# --- reinforce -----------------------------------------------------------------------------------

def reinforce_types(ctx: Ctx, general: str, shown: str) -> tuple[str, ...]:
    """DRG-REGIONCARD-5: the types ``reinforce(shown)`` allows that the general's pool still has."""
    pool = ctx.board(general)["pool"] or {}
    allowed = UNIT_TYPES if shown == "any" else (shown,)
    return tuple(t for t in allowed if pool.get(t, 0) > 0)


def reinforce(ctx: Ctx, general: str, shown: str, unit_type: str, region: str) -> None:
    """DRG-REGIONCARD-5: 1 unit from the general's pool into the card's region, whoever is there."""
    if unit_type not in reinforce_types(ctx, general, shown):
        raise refuse("DRG-REGIONCARD-5", f"{general} cannot reinforce with {unit_type} here "
                                         f"(the icon shows {shown}; the pool must hold one)")
    ctx.board(general)["pool"][unit_type] -= 1
    units = ctx.data["regions"][region]["units"].setdefault(general, {t: 0 for t in UNIT_TYPES})
    units[unit_type] = units.get(unit_type, 0) + 1
    ctx.emit("unit_reinforced", character=general, unit=unit_type, region=region)


# --- cities --------------------------------------------------------------------------------------

def can_build_city(ctx: Ctx, region: str) -> bool:
    """DRG-CITY-1/2: a city site with no city, and a city token left in the supply."""
    return (ctx.content.map.regions[region].city_site and not ctx.data["regions"][region]["city"]
            and ctx.data["supply"]["cities"] > 0)


def build_city(ctx: Ctx, general: str, region: str) -> None:
    """DRG-CITY-1/2: a city token from the supply in ``region``, owned by ``general``."""
    if not can_build_city(ctx, region):
        raise refuse("DRG-CITY-2" if ctx.data["regions"][region]["city"] else "DRG-CITY-1",
                     f"no city can be built in {region}")
    ctx.data["supply"]["cities"] -= 1
    ctx.data["regions"][region]["city"] = general
    ctx.emit("city_built", character=general, region=region)
