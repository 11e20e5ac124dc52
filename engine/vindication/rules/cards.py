"""Gaining and losing cards (VIN-CARD, VIN-RELIC-2..4): face-up, blind and empowered draws."""
from __future__ import annotations

from itertools import permutations
from typing import Any

from engine.core import Data, Pause, refuse

from ..content import content
from ..context import Ctx
from ..effects import VIN
from ..vocabulary import DECKS
from . import abilities
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
            ctx.emit("card_turned_up", deck=deck, card=card, reveals=True)


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
    ctx.emit("card_acquired", seat=ctx.actor, card=card_id, mode=mode, reveals=mode == "blind")
    if card.ability.type == "on_join":               # VIN-COMPANION-3: offered once, right after
        ctx.push([{"join_offer": {"card": card_id}}])
    if card.deck.startswith("companion_"):
        abilities.fire(ctx, "recruit", seats=[ctx.actor])
    if card.honor:                                   # its trigger-token offers come first
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


def free_empowered_mod(data: Data, seat: int, deck: str) -> Data | None:
    """K07's record covering the next card gain from ``deck`` this turn, if any."""
    mods = abilities.turn_mods(data, seat, "free_empowered")
    return next((m for m in mods if m["deck"] in (deck, "any")), None)


@VIN.handles("gain_card")
def _gain_card(ctx: Ctx, deck: str, initial_charge_min: int = 0, answer: Any = None) -> Pause | None:
    deck = deck_of(ctx, deck)
    free = free_empowered_mod(ctx.data, ctx.actor, deck)
    modes = draw_modes(ctx.data, ctx.player(), deck, free_empowered=free is not None)
    if not modes:
        return None
    if answer is None:
        return Pause("draw_mode", tuple(modes))
    if free is not None:          # K07 covers the next gain_card from its deck, whichever mode
        ctx.turn["mods"].remove(free)
    after: list[Any] = [{"initial_charge": {"least": initial_charge_min}}] if initial_charge_min else []
    if answer == "faceup":
        acquire(ctx, ctx.data["faceup"][deck].pop(), "faceup")
        flip_if_empty(ctx, deck)
    elif answer == "blind":
        ctx.push([{"blind_draw": {"deck": deck}}] + after)
        abilities.fire(ctx, "draw_blind", seats=[ctx.actor])     # W07 runs before the draw
        return None
    else:
        if free is None:
            spend_conviction(ctx, 1, "VIN-CARD-4")
        else:
            ctx.emit("free_empowered_used", seat=ctx.actor, deck=deck, source=free["source"])
        drawn = draw(ctx, deck, 3)
        ctx.emit("empowered_draw", seat=ctx.actor, deck=deck, count=len(drawn))
        after.insert(0, {"empowered_pick": {"deck": deck}})
    if after:
        ctx.push(after)
    return None


def draw(ctx: Ctx, deck: str, n: int) -> list[str]:
    """Up to n cards off the deck into the actor's hidden hand ``data["drawn"]`` (VIN-CARD-5)."""
    drawn = []
    for _ in range(n):
        refill(ctx.data, deck, ctx.rng)
        if ctx.data["decks"][deck]:
            drawn.append(ctx.data["decks"][deck].pop())
    ctx.data["drawn"] = {"deck": deck, "cards": drawn}
    ctx.emit("cards_drawn", audience=[ctx.actor], seat=ctx.actor, deck=deck, cards=drawn)
    return drawn


@VIN.primitive("blind_draw", deck=str)
def _blind_draw(ctx: Ctx, deck: str) -> None:
    """VIN-CARD-1(b): the deck's top card unseen — or, with a blind choice (W07), n cards drawn,
    one kept, the rest shuffled back."""
    choice = abilities.turn_mods(ctx.data, ctx.actor, "blind_choice")
    n = max((m["n"] for m in choice), default=1)
    for mod in choice:
        ctx.turn["mods"].remove(mod)
    available = len(ctx.data["decks"][deck]) + max(0, len(ctx.data["faceup"][deck]) - 1)
    if n > 1 and available > 1:
        draw(ctx, deck, n)
        ctx.push([{"blind_keep": {"deck": deck}}])
        return
    refill(ctx.data, deck, ctx.rng)
    if ctx.data["decks"][deck]:
        acquire(ctx, ctx.data["decks"][deck].pop(), "blind")
    flip_if_empty(ctx, deck)


@VIN.primitive("blind_keep", deck=str)
def _blind_keep(ctx: Ctx, deck: str, answer: Any = None) -> Pause | None:
    """W07: keep one of the cards drawn blind (a private choice); the others go back, shuffled."""
    drawn = ctx.data["drawn"]["cards"]
    if answer is None:
        return Pause("blind_keep", tuple(drawn))
    drawn.remove(answer)
    ctx.data["decks"][deck].extend(drawn)
    ctx.data["drawn"] = None
    ctx.rng.shuffle(ctx.data["decks"][deck])
    acquire(ctx, answer, "blind")
    flip_if_empty(ctx, deck)
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
    if not ctx.player()["relics"]:
        return None                      # no relic came (a damaged state): nothing to charge
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
def _charge_relics(ctx: Ctx, max: int = 99, answer: Any = None) -> Pause | None:
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


@VIN.handles("spend_charges")
def _spend_charges(ctx: Ctx, n: int) -> None:
    """A relic's cost: n charges off the relic being used back to influence (VIN-RELIC-5)."""
    relic = next((r for r in ctx.player()["relics"] if r["id"] == ctx.meta.get("source")), None)
    if relic is None or relic["charges"] < n:
        raise refuse("VIN-RELIC-5", f"using this relic needs {n} charge(s) on it")
    relic["charges"] -= n
    ctx.player()["influence"] += n
    ctx.emit("charges_spent", seat=ctx.actor, card=relic["id"], n=n)


# -- V05: a private look at the top of a deck -------------------------------------------------------
@VIN.handles("peek_reorder")
def _peek_reorder(ctx: Ctx, deck: str, n: int, answer: Any = None) -> Pause | None:
    """Look at the top n cards of ``deck`` (``any``: the player picks one) and put them back in
    any order. Only the holder sees them: a private event and a private prompt (views.py)."""
    if deck == "any":
        options = [d for d in DECKS if ctx.data["decks"][d]]
        if not options:
            return None
        if answer is None:
            return Pause("peek_deck", tuple(options))
        deck = answer
    top = list(reversed(ctx.data["decks"][deck][-n:])) if n > 0 else []     # top card first
    ctx.emit("cards_peeked", audience=[ctx.actor], seat=ctx.actor, deck=deck, cards=top)
    ctx.emit("deck_peeked", seat=ctx.actor, deck=deck, count=len(top))
    if len(top) > 1:
        ctx.push([{"peek_order": {"deck": deck, "n": len(top)}}])
    return None


@VIN.primitive("peek_order", deck=str, n=int)
def _peek_order(ctx: Ctx, deck: str, n: int, answer: Any = None) -> Pause | None:
    """The new order of the peeked cards, top card first."""
    top = list(reversed(ctx.data["decks"][deck][-n:]))
    if answer is None:
        return Pause("peek_order", tuple(list(p) for p in permutations(top)))
    ctx.data["decks"][deck][-n:] = list(reversed(answer))
    ctx.emit("deck_reordered", seat=ctx.actor, deck=deck)
    return None
