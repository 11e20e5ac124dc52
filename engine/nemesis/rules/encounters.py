"""Steps of an Encounter that wait: step 4 after the First Encounter moment (NEM-ENCOUNTER-6) and the
Feel of the Dark answer to a Surprise Attack (NEM-SURPRISE-5)."""
from __future__ import annotations

from typing import Any

from engine.core.effects import Pause

from ..context import Ctx
from ..effects import NEM
from ..trees import held_items
from . import intruders, moving
from .hand import card_kind
from .holding import drop_thing
from .intruders import ARMOR_VEST
from .places import characters_in, in_combat, in_darkness, in_facility

FEEL_OF_THE_DARK = "feel_of_the_dark"
PLAY, PASS = "play", "pass"


@NEM.primitive("surprise_check", token=str, seat=int)
def surprise_check(ctx: Ctx, token: str, seat: int) -> None:
    """Encounter step 4, queued behind the First Encounter's objective choice."""
    intruders.surprise_check(ctx, token, seat)


@NEM.primitive("feel_of_the_dark", intruder=str)
def feel_of_the_dark(ctx: Ctx, intruder: str, answer: Any = None) -> Pause | None:
    """The attacked owner, in Darkness, may discard Feel of the Dark to cancel the Surprise Attack."""
    seat = ctx.actor
    player = ctx.player(seat)
    if intruder not in ctx.data["intruders"] or not in_facility(player) or ctx.ended():
        return None
    card = next((c for c in player["hand"] if card_kind(c) == FEEL_OF_THE_DARK), None)
    usable = card is not None and in_darkness(ctx.data, seat)
    if answer is None and usable:
        return Pause(FEEL_OF_THE_DARK, (PLAY, PASS))
    if answer == PLAY and usable:
        player["hand"].remove(card)
        player["discard"].append(card)
        ctx.emit("surprise_cancelled", seat=seat, intruder=intruder)
        return None
    ctx.emit("surprise_attack", intruder=intruder, seat=seat)
    intruders.attack(ctx, intruder, seat)
    return None


INCONSPICUOUS = "inconspicuous"


@NEM.primitive("inconspicuous", intruder=str)
def inconspicuous(ctx: Ctx, intruder: str, answer: Any = None) -> Pause | None:
    """NEM-ATTACK-7: after the target is chosen, before the card is drawn, the target may discard
    Inconspicuous to make another character in their Room the target instead."""
    seat = ctx.actor
    data = ctx.data
    attacker = data["intruders"].get(intruder)
    player = ctx.player(seat)
    if attacker is None or not in_facility(player) or ctx.ended():
        return None
    card = next((c for c in player["hand"] if card_kind(c) == INCONSPICUOUS), None)
    others = [s for s in characters_in(data, player["room"]) if s != seat] if player["room"] == attacker["room"] else []
    options = tuple(f"to{s}" for s in others) + (PASS,)
    if answer is None and card is not None and others:
        return Pause(INCONSPICUOUS, options)
    target = seat
    if card is not None and answer in options and answer != PASS:
        player["hand"].remove(card)
        player["discard"].append(card)
        target = int(str(answer)[2:])
        ctx.emit("attack_retargeted", seat=seat, intruder=intruder, to=target)
    intruders.attack(ctx, intruder, target, window=False)
    return None


@NEM.primitive("armor_vest", intruder=str, card=str)
def armor_vest(ctx: Ctx, intruder: str, card: str, answer: Any = None) -> Pause | None:
    """Play (the vest is discarded, one use) or pass; then the hit resolves, the first Serious Wound
    it gives becoming a Light Wound when played."""
    seat = ctx.actor
    player = ctx.player(seat)
    if not in_facility(player) or ctx.ended():
        return None
    usable = ARMOR_VEST in held_items(player)
    if answer is None and usable:
        return Pause(ARMOR_VEST, (PLAY, PASS))
    if answer == PLAY and usable:
        drop_thing(ctx, seat, ARMOR_VEST, used=True)
        ctx.emit("armor_vest_used", seat=seat)
        ctx.armor_vest = seat
    try:
        intruders.resolve_hit(ctx, intruder, seat, card)
    finally:
        ctx.armor_vest = None
    return None


@NEM.primitive("bag_noise_roll")
def bag_noise_roll(ctx: Ctx, answer: Any = None) -> Pause | None:
    """NEM-BAG-4: each character not in combat rolls for noise; Inconspicuous (7.3 Lab Rat) lets its
    holder, in Darkness, discard it to skip the roll."""
    seat = ctx.actor
    player = ctx.player(seat)
    if ctx.ended() or not in_facility(player) or in_combat(ctx.data, seat):
        return None
    card = next((c for c in player["hand"] if card_kind(c) == INCONSPICUOUS), None)
    usable = may_skip_noise(ctx, seat)
    if answer is None and usable:
        return Pause("inconspicuous_noise", (PLAY, PASS))
    if answer == PLAY and usable:
        player["hand"].remove(card)
        player["discard"].append(card)
        ctx.emit("noise_roll_skipped", seat=seat)
        return None
    moving.noise_roll(ctx, seat)
    return None


def may_skip_noise(ctx: Ctx, seat: int) -> bool:
    """The seat, not in combat and in Darkness, holds Inconspicuous (its second option)."""
    player = ctx.player(seat)
    return in_facility(player) and not in_combat(ctx.data, seat) and in_darkness(ctx.data, seat) \
        and any(card_kind(c) == INCONSPICUOUS for c in player["hand"])
