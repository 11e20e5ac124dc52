"""Gaining and losing cards (VIN-CARD, VIN-RELIC-2..4): face-up, blind and empowered draws."""
from __future__ import annotations

from typing import Any

from engine.core import Data, Pause

from ..content import content
from ..context import Ctx, refuse
from ..effects import VIN
from .power import gain_honor, spend_conviction

MAX_CHARGES = 3
TABLEAU = {"monster": "monsters", "trait": "traits", "relic": "relics"}


def deck_of(ctx: Ctx, deck: str) -> str:
    return f"companion_{ctx.meta['choice']}" if deck == "companion_X" else deck


def refill(data: Data, deck: str, rng: Any) -> None:
    """VIN-CARD-5: an empty deck is rebuilt from its face-up pile, all but the top card."""
    if not data["decks"][deck] and len(data["faceup"][deck]) > 1:
        top = data["faceup"][deck].pop()
        data["decks"][deck] = data["faceup"][deck]
        data["faceup"][deck] = [top]
        rng.shuffle(data["decks"][deck])


def flip_if_empty(ctx: Ctx, deck: str) -> None:
    """VIN-CARD-3: an emptied face-up pile gets the deck's top card."""
    if not ctx.data["faceup"][deck]:
        refill(ctx.data, deck, ctx.rng)
        if ctx.data["decks"][deck]:
            card = ctx.data["decks"][deck].pop()
            ctx.data["faceup"][deck].append(card)
            ctx.emit("card_turned_up", deck=deck, card=card)


def card_available(data: Data, deck: str) -> bool:
    """VIN-CARD-6: whether a gain from ``deck`` could obtain any card at all."""
    return bool(data["decks"][deck] or data["faceup"][deck])


def draw_modes(data: Data, player: Data, deck: str, free_empowered: bool = False) -> list[str]:
    modes = []
    if data["faceup"][deck]:
        modes.append("faceup")
    if data["decks"][deck] or len(data["faceup"][deck]) > 1:
        modes.append("blind")
    if card_available(data, deck) and (player["conviction"] >= 1 or free_empowered):
        modes.append("empowered")
    return modes


def acquire(ctx: Ctx, card_id: str, mode: str) -> None:
    """Put a card in the actor's tableau and pay its honor (VIN-CARD-7)."""
    card = content().cards[card_id]
    player = ctx.player()
    if card.deck.startswith("companion_"):
        player["companions"].append({"id": card_id, "blocks": 0})
    elif card.deck == "relic":
        player["relics"].append({"id": card_id, "charges": 0})
    else:
        player[TABLEAU[card.deck]].append(card_id)
    ctx.emit("card_acquired", seat=ctx.actor, card=card_id, mode=mode)
    if card.honor:
        gain_honor(ctx, card.honor, f"card {card_id}")


def leave(ctx: Ctx, seat: int, card_id: str) -> None:
    """A card leaves a tableau: blocks home, positive honor lost, card onto its face-up pile
    (VIN-CARD-8, -9)."""
    card = content().cards[card_id]
    player = ctx.player(seat)
    if card.deck.startswith("companion_"):
        entry = next(c for c in player["companions"] if c["id"] == card_id)
        player["companions"].remove(entry)
        player["influence"] += entry["blocks"]
    elif card.deck == "relic":
        entry = next(r for r in player["relics"] if r["id"] == card_id)
        player["relics"].remove(entry)
        player["influence"] += entry["charges"]
    else:
        player[TABLEAU[card.deck]].remove(card_id)
    ctx.data["faceup"][card.deck].append(card_id)
    ctx.emit("card_left", seat=seat, card=card_id)
    if card.honor > 0:
        gain_honor(ctx, -card.honor, f"lost {card_id}", seat)


@VIN.handles("gain_card")
def _gain_card(ctx: Ctx, deck: str, initial_charge_min: int = 0, answer: Any = None) -> Pause | None:
    deck = deck_of(ctx, deck)
    modes = draw_modes(ctx.data, ctx.player(), deck)
    if not modes:
        return None
    if answer is None:
        return Pause("draw_mode", tuple(modes))
    after = [{"initial_charge": {"least": initial_charge_min}}] if initial_charge_min else []
    if answer == "faceup":
        acquire(ctx, ctx.data["faceup"][deck].pop(), "faceup")
        flip_if_empty(ctx, deck)
    elif answer == "blind":
        refill(ctx.data, deck, ctx.rng)
        acquire(ctx, ctx.data["decks"][deck].pop(), "blind")
        flip_if_empty(ctx, deck)
    else:
        spend_conviction(ctx, 1, "VIN-CARD-4")
        drawn = []
        for _ in range(3):
            refill(ctx.data, deck, ctx.rng)
            if ctx.data["decks"][deck]:
                drawn.append(ctx.data["decks"][deck].pop())
        ctx.data["drawn"] = {"deck": deck, "cards": drawn}
        ctx.emit("cards_drawn", audience=[ctx.actor], seat=ctx.actor, deck=deck, cards=drawn)
        ctx.emit("empowered_draw", seat=ctx.actor, deck=deck, count=len(drawn))
        after.insert(0, {"empowered_pick": {"deck": deck}})
    if after:
        ctx.push(after)
    return None


@VIN.primitive("empowered_pick", deck=str)
def _empowered_pick(ctx: Ctx, deck: str, answer: Any = None) -> Pause | None:
    """VIN-CARD-4: one card among those drawn and the whole face-up pile; the rest shuffled in."""
    drawn = ctx.data["drawn"]["cards"]
    options = tuple(drawn + list(reversed(ctx.data["faceup"][deck])))
    if answer is None:
        return Pause("pick_card", options)
    if answer in drawn:
        drawn.remove(answer)
    else:
        ctx.data["faceup"][deck].remove(answer)
    acquire(ctx, answer, "empowered")
    ctx.data["decks"][deck].extend(drawn + ctx.data["faceup"][deck])
    ctx.data["faceup"][deck] = []
    ctx.data["drawn"] = None
    ctx.rng.shuffle(ctx.data["decks"][deck])
    flip_if_empty(ctx, deck)
    return None


@VIN.primitive("initial_charge", least=int)
def _initial_charge(ctx: Ctx, least: int, answer: Any = None) -> Pause | None:
    """VIN-RELIC-2: the new relic takes 1–3 charges from influence."""
    relic = ctx.player()["relics"][-1]
    most = min(MAX_CHARGES - relic["charges"], ctx.player()["influence"])
    if most < least:
        raise refuse("VIN-RELIC-2", "a new relic needs a charge from your influence")
    options = tuple(range(least, most + 1))
    if answer is None:
        return Pause("initial_charge", options) if len(options) > 1 else _initial_charge(ctx, least, options[0])
    charge(ctx, relic, answer)
    return None


def charge(ctx: Ctx, relic: Data, n: int) -> None:
    if relic["charges"] + n > MAX_CHARGES:
        raise refuse("VIN-RELIC-4", f"a relic holds at most {MAX_CHARGES} charges")
    if ctx.player()["influence"] < n:
        raise refuse("VIN-POWER-3", "each charge needs a block from influence")
    ctx.player()["influence"] -= n
    relic["charges"] += n
    ctx.emit("relic_charged", seat=ctx.actor, card=relic["id"], n=n)


@VIN.handles("charge_relics")
def _charge_relics(ctx: Ctx, max: int = 99, answer: Any = None) -> Pause | None:  # noqa: A002
    """VIN-RELIC-3: charge any relics, one block at a time, until done."""
    player = ctx.player()
    options = [r["id"] for r in player["relics"] if r["charges"] < MAX_CHARGES] if player["influence"] else []
    if max < 1 or not options:
        return None
    if answer is None:
        return Pause("charge_relic", (*options, "done"))
    if answer != "done":
        charge(ctx, next(r for r in player["relics"] if r["id"] == answer), 1)
        ctx.push([{"charge_relics": {"max": max - 1}}])
    return None
