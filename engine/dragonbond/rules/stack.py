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
    """DRG-STACK-3/4, DRG-EXEC-1: reveal the lowest card; it resolves completely before the next:
    its resolution is queued, then its finish, the oath check (DRG-EXEC-5) and the next card."""
    if ctx.ended():
        return                                            # DRG-EXEC-7
    if not ctx.data["stack"]:
        ctx.push("end_execution")                         # DRG-EXEC-6
        return
    owner = _reveal_lowest(ctx)
    ctx.push("resolve_card", "finish_card", {"oath_check": {"owner": owner}}, "resolve_next")


def resolve_cards(ctx: Ctx) -> None:
    """The flow's step ``resolve_next``: `resolve_next` with the steps it queues run here at once,
    each as the queue would run it (the same order and tags, spared the queue's round trips), for
    as long as nothing comes before them: the card's resolution, then, when it queued nothing of
    its own (an AI's card, often), its finish, the oath check and the next card."""
    while True:
        ctx.meta = {"seat": ctx.actor}                    # the tag each of them would carry
        if ctx.ended():
            return                                        # DRG-EXEC-7
        if not ctx.data["stack"]:
            ctx.run_now("end_execution")                  # DRG-EXEC-6
            return
        check = {"oath_check": {"owner": _reveal_lowest(ctx)}}
        before = len(ctx.queue)
        ctx.run_now("resolve_card")
        if len(ctx.queue) > before:                       # the card's steps first
            ctx.push_behind(len(ctx.queue) - before, "finish_card", check, "resolve_next")
            return
        finish_card(ctx)
        if len(ctx.queue) > before:                       # (it queues nothing today)
            ctx.push_behind(len(ctx.queue) - before, check, "resolve_next")
            return
        ctx.run_now("oath_check", check["oath_check"])
        if len(ctx.queue) > before:                       # the oath first
            ctx.push_behind(len(ctx.queue) - before, "resolve_next")
            return


def _reveal_lowest(ctx: Ctx) -> str | None:
    """Reveal the lowest card, which resolves now (DRG-STACK-3/4); its owner."""
    data = ctx.data
    entry = data["stack"][0]
    entry["revealed"] = True
    data["arrived"] = []                                  # DRG-MOVE-7: arrivals count per card
    data["fought"] = []                                   # DRG-OATH-3: fights count per card
    ctx.emit("card_revealed", reveals=True, card=entry["card"], kind=entry["kind"], owner=entry["owner"])
    owner: str | None = entry["owner"]
    return owner


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
    queue_effects(ctx, None, ctx.content.event_cards[card].effects, source=card)


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
