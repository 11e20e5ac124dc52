"""What base regions do once paid for (VIN-REGION), and the monster challenge (VIN-MONSTER)."""
from __future__ import annotations

from typing import Any

from engine.core import Pause

from ..content import content
from ..context import Ctx, refuse
from ..effects import VIN
from .cards import leave
from .power import gain_honor, spend_conviction

MAX_RANK = 5


def mount_up(ctx: Ctx, n: int) -> None:
    """Raise the mount n ranks, each new rank paying its honor (VIN-REGION-3)."""
    player = ctx.player()
    if player["mount"] + n > MAX_RANK:
        raise refuse("VIN-REGION-3", f"mounts go up to rank {MAX_RANK}")
    for _ in range(n):
        player["mount"] += 1
        ctx.emit("mount_changed", seat=ctx.actor, rank=player["mount"])
        gain_honor(ctx, content().mounts[player["mount"]].honor, f"mount rank {player['mount']}")


@VIN.handles("mount_up")
def _mount_up(ctx: Ctx, n: int) -> None:
    mount_up(ctx, n)


@VIN.handles("return_from_companions")
def _return_from_companions(ctx: Ctx, max: int, answer: Any = None) -> Pause | None:  # noqa: A002
    """Move blocks from your companions to influence, one at a time; companions stay
    (VIN-REGION-7, VIN-COMPANION-7)."""
    loaded = [c["id"] for c in ctx.player()["companions"] if c["blocks"] > 0]
    if max < 1 or not loaded:
        return None
    if answer is None:
        return Pause("return_block", (*loaded, "done"))
    if answer != "done":
        companion = next(c for c in ctx.player()["companions"] if c["id"] == answer)
        companion["blocks"] -= 1
        ctx.player()["influence"] += 1
        ctx.emit("block_returned", seat=ctx.actor, card=answer)
        ctx.push([{"return_from_companions": {"max": max - 1}}])
    return None


@VIN.handles("roll_attr_die")
def _roll_attr_die(ctx: Ctx, bonus_if_zero: bool) -> None:
    """VIN-REGION-11: roll, gain up to 1 of it; a bonus roll if that attribute was 0."""
    face = roll_attribute_die(ctx)
    had_none = ctx.player()["attrs"][face] == 0
    follow: list[Any] = [{"gain_attr": {"kind": face, "max": 1}}]
    if bonus_if_zero and had_none:
        follow.append("academy_bonus")
    ctx.push(follow)


def roll_attribute_die(ctx: Ctx) -> str:
    faces = content().dice.attribute_die
    face = faces[ctx.rng.below(len(faces))]
    ctx.emit("die_rolled", die="attribute", face=face, seat=ctx.actor)
    return face


@VIN.primitive("academy_bonus")
def _academy_bonus(ctx: Ctx, answer: Any = None) -> Pause | None:
    if answer is None:
        return Pause("bonus_roll", ("roll", "stop"))
    if answer == "roll":
        ctx.push([{"gain_attr": {"kind": roll_attribute_die(ctx), "max": 1}}])
    return None


# -- the monster challenge ----------------------------------------------------------------------
def lowest_reaction(ctx: Ctx) -> list[str]:
    cards = content().cards
    companions = ctx.player()["companions"]
    if not companions:
        return []
    low = min(cards[c["id"]].reaction for c in companions)
    return [c["id"] for c in companions if cards[c["id"]].reaction == low]


@VIN.handles("monster_challenge")
def _monster_challenge(ctx: Ctx, answer: Any = None) -> Pause | None:
    """VIN-MONSTER-3: the elite is fixed before any die; ties are the player's choice."""
    tied = lowest_reaction(ctx)
    if len(tied) > 1 and answer is None:
        return Pause("elite", tuple(tied))
    elite = answer if answer is not None else (tied[0] if tied else None)
    ctx.push([{"monster_die": {"elite": elite or ""}}])
    return None


@VIN.primitive("monster_die", elite=str)
def _monster_die(ctx: Ctx, elite: str) -> None:
    faces = content().dice.monster_die
    face = faces[ctx.rng.below(len(faces))]
    ctx.emit("die_rolled", die="monster", face=face, seat=ctx.actor)
    follow: list[Any] = []
    if face == "skull" and elite:
        follow.append({"skull": {"elite": elite}})
    elif face == "fatigue" and elite:
        follow.append({"fatigue": {"elite": elite}})
    follow += ["monster_reward", "monster_defeated"]
    ctx.push(follow)


@VIN.primitive("skull", elite=str)
def _skull(ctx: Ctx, elite: str, answer: Any = None) -> Pause | None:
    """VIN-MONSTER-6: the elite dies unless the player pays 1 conviction."""
    if not has_companion(ctx, elite):
        return None
    if ctx.player()["conviction"] >= 1 and answer is None:
        return Pause("save_companion", ("save", "let_die"))
    if answer == "save":
        spend_conviction(ctx, 1, "VIN-MONSTER-6")
        ctx.emit("companion_saved", seat=ctx.actor, card=elite)
    else:
        ctx.emit("companion_died", seat=ctx.actor, card=elite)
        leave(ctx, ctx.actor, elite)
    return None


def has_companion(ctx: Ctx, card: str) -> bool:
    return any(c["id"] == card for c in ctx.player()["companions"])


@VIN.primitive("fatigue", elite=str)
def _fatigue(ctx: Ctx, elite: str) -> None:
    """VIN-MONSTER-7/-8: 2 influence onto the elite; short of it, one forced recover first."""
    if ctx.player()["influence"] < 2 and recover_locations(ctx.data, ctx.actor):
        ctx.push([{"forced_recover": {}}, {"place_fatigue": {"elite": elite}}])
    else:
        ctx.push([{"place_fatigue": {"elite": elite}}])


@VIN.primitive("place_fatigue", elite=str)
def _place_fatigue(ctx: Ctx, elite: str) -> None:
    if not has_companion(ctx, elite):
        return  # the forced recover discarded the elite: the fatigue ends
    companion = next(c for c in ctx.player()["companions"] if c["id"] == elite)
    n = min(2, ctx.player()["influence"])
    ctx.player()["influence"] -= n
    companion["blocks"] += n
    ctx.emit("fatigue_placed", seat=ctx.actor, card=elite, n=n)


@VIN.primitive("forced_recover")
def _forced_recover(ctx: Ctx, answer: Any = None) -> Pause | None:
    options = recover_locations(ctx.data, ctx.actor)
    if not options:
        return None
    if answer is None:
        return Pause("forced_recover", tuple(options))
    from .free_actions import recover  # the recover rules live with the free actions
    recover(ctx, answer)
    return None


@VIN.primitive("monster_reward")
def _monster_reward(ctx: Ctx) -> None:
    """VIN-MONSTER-9: the attribute die, up to 1 of what it shows."""
    ctx.push([{"gain_attr": {"kind": roll_attribute_die(ctx), "max": 1}}])


@VIN.primitive("monster_defeated")
def _monster_defeated(ctx: Ctx) -> None:
    ctx.emit("monster_defeated", seat=ctx.actor)


def recover_locations(data: Any, seat: int) -> list[str]:
    """VIN-RECOVER-1: the locations holding at least one of the player's blocks."""
    player = data["players"][seat]
    found = [c["id"] for c in player["companions"] if c["blocks"] > 0]
    found += [r["id"] for r in player["relics"] if r["charges"] > 0]
    found += [a for a, n in player["attrs"].items() if n > 0]
    found += [space for space, region in data["regions"].items() if region and region["controller"] == seat]
    return found
