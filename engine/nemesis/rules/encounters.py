"""Steps of an Encounter that wait: step 4 after the First Encounter moment (NEM-ENCOUNTER-6) and the
Feel of the Dark answer to a Surprise Attack (NEM-SURPRISE-5)."""
from __future__ import annotations

from typing import Any

from engine.core.effects import Pause

from ..context import Ctx
from ..steps import NEM
from . import intruders
from .hand import card_kind
from .places import characters_in, in_darkness, in_facility

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
