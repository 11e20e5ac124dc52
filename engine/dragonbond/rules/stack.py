"""The command stack and the execution phase (DRG-STACK, DRG-EXEC).

The stack is data: bottom first, each entry {card, kind, owner, revealed}. Execution turns it over
and resolves the cards one at a time in the order placed; each card is revealed when it begins to
resolve and leaves the stack only when its resolution ends. A human's action card resolves its
icons (rules/actions.py), an AI's by the AI rules (rules/ai.py), a region card its icons
(rules/regioncards.py), an event its effects (rules/card_effects.py). Then (step ``finish_card``) an
event is discarded, a region card goes where DRG-REGIONCARD-6 says, an action card back to its
owner (a human's hand, an AI's played pile). Nothing else enters or leaves the stack during
execution (DRG-STACK-5).
"""
from __future__ import annotations

from ..context import Ctx
from .actions import queue_action_card, queue_ai_card
from .card_effects import queue_effects
from .control import controller
from .regioncards import queue_region_card


def start_execution(ctx: Ctx) -> None:
    """DRG-STACK-3: the stack is turned over without changing its order."""
    data = ctx.data
    data["phase"] = "execution"
    ctx.emit("phase_changed", phase="execution", round=data["round"])
    ctx.emit("stack_turned", size=len(data["stack"]))
    ctx.run_now("resolve_next")


def resolve_next(ctx: Ctx) -> None:
    """DRG-STACK-3/4, DRG-EXEC-1: reveal the lowest card; it resolves completely before the next."""
    data = ctx.data
    if ctx.ended():
        return                                            # DRG-EXEC-7
    if not data["stack"]:
        ctx.run_now("end_execution")                      # DRG-EXEC-6
        return
    entry = data["stack"][0]
    entry["revealed"] = True
    data["arrived"] = []                                  # DRG-MOVE-7: arrivals count per card
    data["fought"] = []                                   # DRG-OATH-3: fights count per card
    ctx.emit("card_revealed", reveals=True, card=entry["card"], kind=entry["kind"], owner=entry["owner"])
    ctx.push("finish_card", {"oath_check": {"owner": entry["owner"]}}, "resolve_next")   # DRG-EXEC-5
    ctx.run_now("resolve_card")                           # then what the card queues goes first


def resolve_card(ctx: Ctx) -> None:
    """The card's own resolution: a human's action card resolves its icons (5.8, rules/actions.py),
    an AI's by its AI board (5.28, rules/ai.py), a region card by its placer (5.13), an event by the
    effect interpreter (5.7)."""
    data = ctx.data
    if not data["stack"]:
        return
    entry = data["stack"][0]
    card, kind, owner = entry["card"], entry["kind"], entry["owner"]
    if kind == "action" and ctx.board(owner)["seat"] is not None:
        queue_action_card(ctx, owner, card)
        return
    if kind == "action":
        queue_ai_card(ctx, owner, card)                   # DRG-AI-6 (by the readings of rules/ai.py)
        return
    if kind == "region":
        queue_region_card(ctx, owner, card)               # DRG-EXEC-4, DRG-REGIONCARD-3
        return
    queue_event(ctx, card)                                # DRG-EXEC-2, DRG-EVENT-1


def queue_event(ctx: Ctx, card: str) -> None:
    """DRG-EVENT-1: an event's effects run through the one effect interpreter (rules/card_effects.py),
    for every player they name (actor None)."""
    queue_effects(ctx, None, list(ctx.content.event_cards[card].effects), source=card)


def finish_card(ctx: Ctx) -> None:
    """DRG-EXEC-2/3/4: where a resolved card goes."""
    data = ctx.data
    if ctx.ended() or not data["stack"]:
        return
    entry = data["stack"].pop(0)
    card, kind, owner = entry["card"], entry["kind"], entry["owner"]
    if kind == "event":
        data["discards"]["event"].append(card)            # DRG-EXEC-2, DRG-EVENT-6
        ctx.emit("card_discarded", card=card)
    elif kind == "action":
        board = ctx.board(owner)
        (board["hand"] if board["seat"] is not None else board["ai_played"]).append(card)   # DRG-EXEC-3
        ctx.emit("card_returned", card=card, owner=owner)
    else:
        route_region_card(ctx, card)                      # DRG-EXEC-4


def route_region_card(ctx: Ctx, card: str) -> None:
    """DRG-REGIONCARD-6: to the human general controlling its region, else to the region deck."""
    region = ctx.content.region_cards[card].region
    holder = controller(ctx.data, region)
    if holder is not None and ctx.board(holder)["seat"] is not None:
        ctx.board(holder)["hand"].append(card)
        ctx.emit("region_card_routed", card=card, to=holder)
    else:
        ctx.data["decks"]["region"].append(card)          # DRG-AI-19
        ctx.emit("region_card_routed", card=card, to="region_deck")
