"""Upgrade cards (DRG-UPGRADE, DRG-DEC-42): the market, taking a card, one card per unit type.

The market is ``data["market"]`` (face up, sorted); the upgrade deck ``data["decks"]["upgrade"]``
is face down with its top last, so its bottom is index 0. A general's held upgrades are its
board's ``upgrades`` list: permanent and public (DRG-UPGRADE-6); they are never traded or stolen
(no rule moves them except a replacement under DRG-UPGRADE-4). Their effects are read by
rules/modifiers.py (H1) and rules/card_effects.py triggers (H2). The market refresh is cleanup's
(rules/round.py, DRG-UPGRADE-7).
"""
from __future__ import annotations

from engine.core import Data, refuse

from ..content import content
from ..context import Ctx


def unit_type(card: str) -> str:
    return content().upgrade_cards[card].unit_type


def held_of_type(data: Data, general: str, kind: str) -> str | None:
    """DRG-UPGRADE-4: the upgrade of ``kind`` the general holds, if any (at most one)."""
    return next((card for card in data["boards"][general]["upgrades"] if unit_type(card) == kind), None)


def upgrade_options(ctx: Ctx, general: str) -> tuple[str, ...]:
    """DRG-UPGRADE-2/3: one option per market card (the icon is then optional: ``decline``);
    none when the market is empty or the taker is not a general."""
    if ctx.board(general)["role"] != "general" or not ctx.data["market"]:
        return ()
    return tuple(f"upgrade/{card}" for card in ctx.data["market"])


def take(ctx: Ctx, general: str, card: str) -> None:
    """DRG-UPGRADE-2/4, DRG-DEC-42: the general takes ``card`` from the market, face up beside its
    board; an upgrade of the same type it held goes to the bottom of the upgrade deck. The market
    is not refilled before cleanup."""
    data = ctx.data
    if ctx.board(general)["role"] != "general":
        raise refuse("DRG-UNIT-6", f"{general} is a dragon: dragons never take upgrades")
    if card not in data["market"]:
        raise refuse("DRG-UPGRADE-2", f"{card} is not in the upgrade market")
    old = held_of_type(data, general, unit_type(card))
    if old is not None:
        ctx.board(general)["upgrades"].remove(old)
        data["decks"]["upgrade"].insert(0, old)                     # DRG-UPGRADE-4: the bottom
        ctx.emit("upgrade_replaced", character=general, card=old)
    data["market"].remove(card)
    ctx.board(general)["upgrades"].append(card)
    ctx.emit("upgrade_taken", character=general, card=card)


def refresh_market(ctx: Ctx) -> None:
    """DRG-UPGRADE-7, DRG-CLEANUP-5: the cards nobody took back into the deck, the deck shuffled,
    ``upgrade_market_size`` cards (all, if fewer) revealed as the new market."""
    data = ctx.data
    deck = data["decks"]["upgrade"] + data["market"]
    ctx.rng.shuffle(deck)
    size = min(ctx.content.params.upgrade_market_size, len(deck))
    data["market"] = sorted(deck[len(deck) - size:])
    data["decks"]["upgrade"] = deck[:len(deck) - size]
    ctx.emit("market_refreshed", market=list(data["market"]))
