"""What base regions do once paid for (VIN-REGION), and the monster challenge (VIN-MONSTER)."""
from __future__ import annotations

from typing import Any

from engine.core import Param, Pause, refuse

from ..content import content
from ..context import Ctx
from ..effects import VIN
from . import abilities
from .cards import leave
from .power import gain_honor, spend_conviction
from .recover import recover, recover_locations

MAX_RANK = 5
FATIGUE = 2


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
def _return_from_companions(ctx: Ctx, max: int, answer: Any = None) -> Pause | None:
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
    reactions = [cards[c["id"]].reaction for c in companions]
    low = min(r for r in reactions if r is not None)      # every companion has one (content.py)
    return [c["id"] for c, r in zip(companions, reactions) if r == low]


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
    """VIN-MONSTER-5..7: roll; the result waits in ``turn["roll"]`` while rerolls are offered."""
    ctx.turn["roll"] = {"die": "monster", "face": roll_monster_die(ctx)}
    ctx.push([{"monster_result": {"elite": elite}}])


def roll_monster_die(ctx: Ctx) -> str:
    faces = content().dice.monster_die
    face = faces[ctx.rng.below(len(faces))]
    ctx.emit("die_rolled", die="monster", face=face, seat=ctx.actor)
    return face


def monster_rerolls(ctx: Ctx) -> list[str]:
    """Cards that may reroll the monster die now: a trait's `monster_die` trigger (W10, once per
    turn) and relics with charges (V09, once per turn)."""
    face = ctx.turn["roll"]["face"]
    traits = [card for card, p in abilities.hooks(ctx.data, ctx.actor, "monster_die", "reroll", face)
              if p["die"] == "monster"]
    return traits + abilities.reactive_relics(ctx.data, ctx.actor, "reroll", die="monster")


@VIN.primitive("monster_result", elite=str)
def _monster_result(ctx: Ctx, elite: str, answer: Any = None) -> Pause | None:
    """Keep the monster die, or reroll it with a card (the new result stands); then the face's
    triggers (W05) and the face itself, the reward and the "monster defeated" event."""
    rerolls = monster_rerolls(ctx)
    if rerolls and answer is None:
        return Pause("monster_die", ("keep", *rerolls))
    if answer not in (None, "keep"):
        ctx.push([{"monster_result": {"elite": elite}}])
        if abilities.ability_of(answer).type == "relic":
            abilities.start(ctx, answer)                 # pays its charges, then rerolls
        else:
            abilities.spend_hooks(ctx, [answer], keep_effects=True)
        return None
    face = ctx.turn.pop("roll")["face"]
    follow: list[Any] = []
    if face == "skull" and elite:
        follow.append({"skull": {"elite": elite}})
    elif face == "fatigue" and elite:
        follow.append({"fatigue": {"elite": elite}})
    ctx.push(follow + ["monster_reward", "monster_defeated"])
    abilities.fire(ctx, "monster_die", face, seats=[ctx.actor])
    return None


@VIN.handles("reroll")
def _reroll(ctx: Ctx, die: str) -> None:
    """Roll again the die whose result is waiting (``turn["roll"]``); the new result stands. With
    no such roll pending there is nothing to reroll."""
    roll = ctx.turn.get("roll")
    if not roll or roll["die"] != die:
        ctx.emit("reroll_unused", seat=ctx.actor, die=die)
        return
    if die == "monster":
        roll["face"] = roll_monster_die(ctx)
    else:
        faces = content().dice.attribute_die if die == "attribute" else content().dice.check_die
        roll["face"] = faces[ctx.rng.below(len(faces))]
        ctx.emit("die_rolled", die=die, face=roll["face"], seat=ctx.actor)


def death_prevented(ctx: Ctx, elite: str) -> str | None:
    """What keeps the elite alive without a choice: a passive `prevent(companion_death)` (S07 while
    it is the elite itself), or a prevention already run for this skull (V03). The turn record is
    used up."""
    for card_id in abilities.tableau_cards(ctx.player()):
        ability = abilities.ability_of(card_id)
        if ability.type != "passive":
            continue
        for effect in ability.effect:
            p = effect.params
            if effect.primitive == "prevent" and p["event"] == "companion_death" and (
                    p["when"] == "always" or card_id == elite):
                return card_id
    for mod in abilities.turn_mods(ctx.data, ctx.actor, "prevent"):
        if mod["event"] == "companion_death" and mod["when"] == "always":
            ctx.turn["mods"].remove(mod)
            return mod["source"] or "effect"
    return None


@VIN.primitive("skull", elite=str)
def _skull(ctx: Ctx, elite: str, answer: Any = None) -> Pause | None:
    """VIN-MONSTER-6: the elite dies unless saved — 1 conviction (offered only with conviction),
    or a card: S07 needs no choice, V03 is offered here."""
    if not has_companion(ctx, elite):
        return None
    if answer is None:
        saver = death_prevented(ctx, elite)
        if saver is not None:
            ctx.emit("death_prevented", seat=ctx.actor, card=elite, source=saver)
            return None
    options = (["save"] if ctx.player()["conviction"] >= 1 else [])
    options += abilities.reactive_relics(ctx.data, ctx.actor, "prevent", event="companion_death")
    if options and answer is None:
        return Pause("save_companion", (*options, "let_die"))
    if answer == "save":
        spend_conviction(ctx, 1, "VIN-MONSTER-6")
        ctx.emit("companion_saved", seat=ctx.actor, card=elite)
        abilities.fire(ctx, "save_companion", seats=[ctx.actor])
    elif answer not in (None, "let_die"):
        ctx.push([{"skull": {"elite": elite}}])          # runs again once the relic's prevention is set
        abilities.start(ctx, answer)
    else:
        ctx.emit("companion_died", seat=ctx.actor, card=elite)
        leave(ctx, ctx.actor, elite)
    return None


def has_companion(ctx: Ctx, card: str) -> bool:
    return any(c["id"] == card for c in ctx.player()["companions"])


def fatigue_blocks(ctx: Ctx) -> int | None:
    """Blocks a fatigue places: 2, or fewer by `modify_fatigue` (W05's record for this fatigue, or a
    passive); None when a `prevent(fatigue)` cancels it. Turn records are used up."""
    mods = abilities.turn_mods(ctx.data, ctx.actor, "fatigue")
    prevented = [m for m in abilities.modifiers(ctx.data, ctx.actor, "prevent", "prevent")
                 if m["event"] == "fatigue"]
    for mod in mods + [m for m in prevented if m in ctx.turn["mods"]]:
        ctx.turn["mods"].remove(mod)
    if prevented:
        return None
    held = [p["n"] for p in abilities.passive_params(ctx.data, ctx.actor, "modify_fatigue")]
    return min([FATIGUE] + [m["n"] for m in mods] + held)


@VIN.primitive("fatigue", elite=str)
def _fatigue(ctx: Ctx, elite: str) -> None:
    """VIN-MONSTER-7/-8: 2 influence onto the elite; short of it, one forced recover first."""
    n = fatigue_blocks(ctx)
    if n is None:
        ctx.emit("fatigue_prevented", seat=ctx.actor, card=elite)
        return
    if ctx.player()["influence"] < n and recover_locations(ctx.data, ctx.actor):
        ctx.push([{"forced_recover": {}}, {"place_fatigue": {"elite": elite, "n": n}}])
    else:
        ctx.push([{"place_fatigue": {"elite": elite, "n": n}}])


@VIN.primitive("place_fatigue", elite=str, n=Param(int, 2))
def _place_fatigue(ctx: Ctx, elite: str, n: int = 2) -> None:
    if not has_companion(ctx, elite):
        return  # the forced recover discarded the elite: the fatigue ends
    companion = next(c for c in ctx.player()["companions"] if c["id"] == elite)
    n = min(n, ctx.player()["influence"])
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
    recover(ctx, answer)
    return None


@VIN.primitive("monster_reward")
def _monster_reward(ctx: Ctx) -> None:
    """VIN-MONSTER-9: the attribute die, up to 1 of what it shows."""
    ctx.push([{"gain_attr": {"kind": roll_attribute_die(ctx), "max": 1}}])


@VIN.primitive("monster_defeated")
def _monster_defeated(ctx: Ctx) -> None:
    """VIN-MONSTER-11: once per Gaping Maw visit, after the reward (S06)."""
    ctx.emit("monster_defeated", seat=ctx.actor)
    abilities.fire(ctx, "monster_defeated", seats=[ctx.actor])


# -- blocks on companions -------------------------------------------------------------------------
@VIN.handles("remove_from_companion")
def _remove_from_companion(ctx: Ctx, max: int, owner: str = "own",
                           answer: Any = None) -> Pause | None:
    """Up to ``max`` blocks off companions (yours, or anyone's with ``owner: any``), each to its
    owner's influence; companions stay (VIN-COMPANION-7, VIN-POWER-8)."""
    seats = range(len(ctx.data["players"])) if owner == "any" else [ctx.actor]
    loaded = {c["id"]: seat for seat in seats for c in ctx.data["players"][seat]["companions"]
              if c["blocks"] > 0}
    if max < 1 or not loaded:
        return None
    if answer is None:
        return Pause("remove_block", (*loaded, "done"))
    if answer != "done":
        seat = loaded[answer]
        companion = next(c for c in ctx.data["players"][seat]["companions"] if c["id"] == answer)
        companion["blocks"] -= 1
        ctx.data["players"][seat]["influence"] += 1
        ctx.emit("block_returned", seat=seat, card=answer, by=ctx.actor)
        ctx.push([{"remove_from_companion": {"max": max - 1, "owner": owner}}])
    return None


@VIN.handles("place_on_companion")
def _place_on_companion(ctx: Ctx, source: str, n: int, answer: Any = None) -> Pause | None:
    """n blocks from potential or influence onto one of your companions; not an activation. With
    fewer blocks there, as many as there are."""
    player = ctx.player()
    companions = [c["id"] for c in player["companions"]]
    moved = min(n, player[source])
    if not companions or moved < 1:
        return None
    if answer is None and len(companions) > 1:
        return Pause("place_on_companion", tuple(companions))
    target = answer if answer is not None else companions[0]
    player[source] -= moved
    next(c for c in player["companions"] if c["id"] == target)["blocks"] += moved
    ctx.emit("blocks_placed", seat=ctx.actor, card=target, source=source, n=moved)
    return None
